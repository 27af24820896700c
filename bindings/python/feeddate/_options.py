"""The options of a Formatter (SPEC section 6), written down once.

:data:`OPTIONS` is the one list of them. Everything that deals with options is
made from it: Formatter's keyword handling and the fd_options it fills, its
docstring, the error messages of a wrong type or name, and the flags of the
``feeddate`` command. Adding an option (when the C struct grows) is one
:class:`Option` row here plus its field in ``_ffi.fd_options``; Formatter's
explicit signature (kept for IDEs and help()) is checked against this list by
the tests.

Python only converts types here (and maps names to enum values). Ranges are
the library's business: fd_formatter_new refuses a value out of range and
fd_last_error names the option and its range, which becomes the exception's
message.
"""

from __future__ import annotations

import ctypes
import os
from datetime import timedelta, timezone, tzinfo
from functools import lru_cache
from typing import Any, Callable, Dict, Iterable, List, Mapping, NamedTuple, Optional, Tuple

from . import _ffi
from ._errors import FD_ERR_ARGUMENT, FD_ERR_LOCALE, FD_ERR_TIME_ZONE, error_for
from ._modules import module_of

STYLES: Dict[str, int] = {
    "feed": _ffi.FD_STYLE_FEED,
    "feed_detail": _ffi.FD_STYLE_FEED_DETAIL,
    "chat_list": _ffi.FD_STYLE_CHAT_LIST,
    "chat_bubble": _ffi.FD_STYLE_CHAT_BUBBLE,
    "relative": _ffi.FD_STYLE_RELATIVE,
    "compact": _ffi.FD_STYLE_COMPACT,
    "countdown": _ffi.FD_STYLE_COUNTDOWN,
}
HOUR_CYCLES: Dict[str, int] = {
    "locale": _ffi.FD_HOUR_CYCLE_LOCALE,
    "h23": _ffi.FD_HOUR_CYCLE_H23,
    "h12": _ffi.FD_HOUR_CYCLE_H12,
}
UNITS: Dict[str, int] = {
    "year": _ffi.FD_UNIT_YEAR,
    "month": _ffi.FD_UNIT_MONTH,
    "week": _ffi.FD_UNIT_WEEK,
    "day": _ffi.FD_UNIT_DAY,
    "hour": _ffi.FD_UNIT_HOUR,
    "minute": _ffi.FD_UNIT_MINUTE,
    "second": _ffi.FD_UNIT_SECOND,
}
WIDTHS: Dict[str, int] = {
    "long": _ffi.FD_WIDTH_LONG,
    "short": _ffi.FD_WIDTH_SHORT,
    "narrow": _ffi.FD_WIDTH_NARROW,
}

# Kinds of option: how a Python value becomes the C field's value.
ENUM = "enum"  # a name of `choices`, any case -> its C value
FLAG = "flag"  # True/False -> 1/0
INT = "int"  # an int that fits the C field's type
ID = "id"  # a str (no NUL; UTF-8, a lone surrogate as WTF-8) or None for the host default -> const char *
TEXT = "text"  # a str (no NUL; UTF-8, a lone surrogate as WTF-8) or None for the locale's word -> const char *


class Option(NamedTuple):
    """One option of SPEC section 6. (A named tuple, not a dataclass: dataclasses
    imports inspect, ~10 ms of ``import feeddate``, which bench/wheel_first_label.py
    counts.)"""

    name: str
    """Formatter's keyword; the command's flag is ``--`` + name with ``-`` for ``_``."""
    c_field: str
    """The field of ``struct fd_options`` it fills."""
    kind: str
    """ENUM, FLAG, INT, ID or TEXT."""
    default: Any
    """Formatter's default (the library's own, see the tests); for style, which
    Formatter requires, the command's default."""
    help: str
    """What it means, for the docstring and the command's --help."""
    choices: Optional[Mapping[str, int]] = None
    """ENUM: the accepted names (lower case) and their C values."""
    status: int = FD_ERR_ARGUMENT
    """The error class of a value Python cannot pass on (ID: LocaleError, TimeZoneError)."""
    prepare: Optional[Callable[[Any], Any]] = None
    """Turns other accepted Python values into the option's own kind first (tz: a
    ZoneInfo into its key), or raises the TypeError that says what to pass."""

    @property
    def flag(self) -> str:
        return "--" + self.name.replace("_", "-")

    def convert(self, value: Any) -> Any:
        """``value`` as the C field's value, or the feeddate error that says what to pass."""
        if self.prepare is not None:
            value = self.prepare(value)
        if self.kind == ENUM:
            code = self.choices.get(value.lower()) if isinstance(value, str) else None  # type: ignore[union-attr]
            if code is None:
                names = list(self.choices or ())
                guess = did_you_mean(value, names) if isinstance(value, str) else None
                hint = f"did you mean {guess!r}? Use" if guess else "use"
                raise self._error(value, f"{hint} one of " + ", ".join(repr(k) for k in names))
            return code
        if self.kind == FLAG:
            if not isinstance(value, bool):
                raise self._error(value, "use True or False")
            return int(value)
        if self.kind == INT:
            if type(value) is bool or not isinstance(value, int):
                raise self._error(value, f"use an int, not {type(value).__name__}")
            low, high = _c_bounds(self.c_field)
            if not low <= value <= high:  # ctypes would wrap it silently
                raise self._error(value, f"does not fit in {_c_type_name(self.c_field)}, the C field's type")
            return value
        if value is None:  # ID, TEXT
            return None
        if not isinstance(value, str):
            default = "the host default" if self.kind == ID else "the locale's word"
            raise error_for(FD_ERR_ARGUMENT, f"{self.name}={value!r}: use a str, or None for {default}")
        if "\0" in value:  # the one value the library cannot be given: a C string ends at a NUL
            raise self._error(
                value, f"contains a NUL character, which no C string carries; use {self.help}", self.status
            )
        # A lone surrogate (os.fsdecode of undecodable bytes, say) is passed as its
        # WTF-8 bytes: the library refuses them in its own words, quoting them.
        return value.encode("utf-8", "surrogatepass")

    def _error(self, value: Any, what: str, status: int = FD_ERR_ARGUMENT) -> Exception:
        """The error about ``value``: a str quoted as the library quotes a
        caller's value (fd_quote), any other type by its repr."""
        shown = _ffi.quote(value) if isinstance(value, str) else repr(value)
        return error_for(status, f"{self.name}={shown}: {what}")


def zone_id(value: Any) -> Any:
    """tz= as the id the library takes: a str or None as is, a zoneinfo.ZoneInfo as
    its key, datetime.timezone.utc as "UTC"; any other tzinfo is a TypeError that
    says what to pass (its rules cannot be handed to the library)."""
    if value is None or isinstance(value, str):
        return value
    if not isinstance(value, tzinfo):
        return value  # convert() refuses it with the usual "use a str" message
    zoneinfo = module_of(value, "zoneinfo")  # never imported here, never half imported
    if zoneinfo is not None and isinstance(value, zoneinfo.ZoneInfo):
        if value.key:
            return value.key
        raise TypeError(
            f"tz={value!r}: a ZoneInfo read from a file has no IANA key; pass the zone's id "
            "as a str, e.g. tz='Asia/Shanghai'"
        )
    if isinstance(value, timezone) and value.utcoffset(None) == timedelta(0):
        return "UTC"
    how = "pass an IANA zone id as a str (tz='Asia/Shanghai'), a zoneinfo.ZoneInfo or datetime.timezone.utc"
    named = getattr(value, "key", None) or getattr(value, "zone", None)  # pytz zones have .zone
    if isinstance(named, str):
        how += f"; this one's id is {named!r}: pass tz={named!r}"
    elif isinstance(value, timezone):
        how += "; a fixed offset has no daylight-saving rules: pass the viewer's IANA zone"
    raise TypeError(f"tz={value!r}: a {type(value).__module__}.{type(value).__qualname__} cannot be used; {how}")


def did_you_mean(value: str, names: Iterable[str]) -> Optional[str]:
    """The name of ``names`` closest to ``value`` (any case), or None when none is close."""
    by_lower: Dict[str, str] = {}
    for name in names:
        by_lower.setdefault(name.lower(), name)
    wanted = value.strip().lower()
    import difflib  # only for a wrong name: ~5 ms of import feeddate otherwise

    found = difflib.get_close_matches(wanted, list(by_lower), n=1, cutoff=0.75)
    return by_lower[found[0]] if found else None


@lru_cache(maxsize=1)
def zone_names() -> Tuple[str, ...]:
    """The zone ids of the system's time zone database ($TZDIR, else
    /usr/share/zoneinfo, as the library reads it), else Python's zoneinfo list."""
    root = os.environ.get("TZDIR") or "/usr/share/zoneinfo"
    names: List[str] = []
    for folder, dirs, files in os.walk(root):
        dirs[:] = [d for d in dirs if d not in ("posix", "right")]  # copies of the same zones
        for file in files:
            path = os.path.join(folder, file)
            try:
                with open(path, "rb") as data:
                    if data.read(4) != b"TZif":
                        continue
            except OSError:
                continue
            names.append(os.path.relpath(path, root))
    if not names:
        try:
            import zoneinfo

            names = sorted(zoneinfo.available_timezones())
        except Exception:  # no zoneinfo module or no data: no hint
            pass
    return tuple(sorted(n for n in names if n not in ("localtime", "posixrules", "Factory")))


def zone_hint(message: str, zone: str) -> str:
    """``message`` (the library's, about the unknown zone ``zone``) with a "did you
    mean" for the nearest zone id of the database, once: not when the message
    already has one, and the library's example id dropped when it is the guess."""
    if "did you mean" in message:
        return message
    guess = _zone_guess(zone)
    if guess is None:
        return message
    quoted = _ffi.quote(zone)  # as the library's message quotes it
    head, sep, advice = message.partition(f"{quoted}: ")
    if not sep:
        return f'{message} (did you mean "{guess}"?)'
    if f'"{guess}"' in advice:  # the library's example is the guess: say it once
        return f'{head}{quoted}: did you mean "{guess}"?'
    return f'{head}{quoted}: did you mean "{guess}"? Otherwise {advice}'


def _zone_guess(zone: str) -> Optional[str]:
    """The zone id of the database nearest to ``zone`` (an id that is not one), or None."""
    names = zone_names()
    guess = did_you_mean(zone, names)
    if guess is None and "/" not in zone:  # "Shanghai": compare with the cities
        cities: Dict[str, str] = {}
        for name in names:
            cities.setdefault(name.rsplit("/", 1)[-1], name)
        city = did_you_mean(zone, cities)
        guess = cities[city] if city else None
    return None if guess == zone else guess


def host_zone_hint(message: str, tz: Optional[str]) -> str:
    """``message`` (the library's, about the host's zone) with a "did you mean"
    when it says that ``$TZ`` (``tz``, as set) is not a zone and a zone id of the
    database is near: the id as written (``Asia/Shangai``, ``:Asia/Shangai``)
    or a path into the database (``/usr/share/zoneinfo/Asia/Shangai``). The
    library reads $TZ only when a formatter takes the host's zone."""
    head, sep, advice = message.partition(" is not a zone: ")
    if tz is None or not sep or not head.startswith("TZ=") or "did you mean" in message:
        return message
    prefix, name = (":", tz[1:]) if tz.startswith(":") else ("", tz)
    if name.startswith("/"):  # a path: the zone's name after the database folder
        root = (os.environ.get("TZDIR") or "/usr/share/zoneinfo").rstrip("/") + "/"
        marker = name.rfind("/zoneinfo/")
        cut = len(root) if name.startswith(root) else marker + len("/zoneinfo/") if marker >= 0 else 0
        if not cut:
            return message
        prefix, name = prefix + name[:cut], name[cut:]
        if any(_ffi.quote(c) != f'"{c}"' for c in set(prefix)):  # written out as is, it would not be log-safe
            return message
    guess = _zone_guess(name) if name else None
    if guess is None:
        return message
    hint = f"did you mean TZ={prefix}{guess}?"
    first, semicolon, rest = advice.partition("; ")
    if first.startswith("the path is not a file") and semicolon:  # the path's own clause first
        return f"{head}{sep}{first} ({hint}){semicolon}{rest}"
    advice = advice.replace(f' like "{guess}"', "", 1)  # the library's example is the guess: say it once
    return f"{head}{sep}{hint} Otherwise {advice}"


def _c_type(c_field: str) -> Any:
    return {field[0]: field[1] for field in _ffi.fd_options._fields_}[c_field]


def _c_bounds(c_field: str) -> Tuple[int, int]:
    bits = 8 * ctypes.sizeof(_c_type(c_field))
    return -(2 ** (bits - 1)), 2 ** (bits - 1) - 1


def _c_type_name(c_field: str) -> str:
    return f"int{8 * ctypes.sizeof(_c_type(c_field))}_t"


#: Every option, in the order of Formatter's signature. style comes first and
#: is Formatter's positional argument; the rest are keywords.
OPTIONS: Tuple[Option, ...] = (
    Option("style", "style", ENUM, "feed", "label style", STYLES),  # the command's default
    Option(
        "locale",
        "locale",
        ID,
        None,
        "an ICU or BCP 47 locale id such as 'zh_CN' or 'zh-Hans-CN', or a priority list "
        "in Accept-Language form such as 'tlh, de-CH;q=0.9'",
        status=FD_ERR_LOCALE,
    ),
    Option(
        "tz",
        "time_zone",
        ID,
        None,
        "an IANA zone id such as 'Asia/Shanghai' or 'America/New_York'",
        status=FD_ERR_TIME_ZONE,
        prepare=zone_id,
    ),
    Option("hour_cycle", "hour_cycle", ENUM, "locale", "the locale's, 0-23 or 1-12 AM/PM", HOUR_CYCLES),
    Option("width", "width", ENUM, "long", 'wording of "N units ago": long, short or narrow', WIDTHS),
    Option("recent_relative", "recent_relative", FLAG, False, "feed: just now / N min ago / N h ago first"),
    Option("just_now_ms", "just_now_ms", INT, 60000, "below this many ms: just now (0..86400000)"),
    Option(
        "skew_tolerance_ms",
        "skew_tolerance_ms",
        INT,
        60000,
        "posts up to this many ms in the future read as now (0..86400000)",
    ),
    Option(
        "cross_year_grace_days",
        "cross_year_grace_days",
        INT,
        0,
        "feed: days back within which last year's dates drop the year (0..366)",
    ),
    Option(
        "weekday_window_days", "weekday_window_days", INT, 6, "chat: up to this many days back, a weekday name (1..6)"
    ),
    Option("precision", "precision", INT, 1, "countdown: fraction digits (0..3)"),
    Option("countdown_days", "countdown_days", FLAG, False, "countdown: days split out from 24 h"),
    Option(
        "plain_spaces",
        "plain_spaces",
        FLAG,
        False,
        "every space character (U+202F before PM, U+00A0, ...) written as a plain space",
    ),
    Option(
        "spoken",
        "spoken",
        FLAG,
        False,
        "text for a screen reader: '2 hours ago' for '2h', countdowns in words, full month names",
    ),
    Option("overtime", "overtime", FLAG, False, "countdown: after the deadline, count up after a minus sign"),
    Option(
        "max_unit",
        "max_unit",
        ENUM,
        "year",
        "relative, compact, feed's recent labels: the largest unit counted, then the date",
        UNITS,
    ),
    Option("just_now_text", "just_now_text", TEXT, None, "your own word for just now (1..64 bytes of UTF-8)"),
    Option("yesterday_text", "yesterday_text", TEXT, None, "your own word for yesterday"),
    Option(
        "day_before_yesterday_text",
        "day_before_yesterday_text",
        TEXT,
        None,
        "your own word for the day before yesterday",
    ),
    Option("tomorrow_text", "tomorrow_text", TEXT, None, "your own word for tomorrow"),
)

BY_NAME: Dict[str, Option] = {option.name: option for option in OPTIONS}


def fill(style: Any, values: Mapping[str, Any]) -> "_ffi.fd_options":
    """An fd_options for ``style`` with every option of OPTIONS taken from
    ``values`` (by name; a missing one keeps the library's default)."""
    style_code = BY_NAME["style"].convert(style)
    opts = _ffi.fd_options()
    _ffi.check(_ffi.fd_options_init_sized(ctypes.byref(opts), ctypes.sizeof(opts), style_code))
    for option in OPTIONS[1:]:
        if option.name in values:
            setattr(opts, option.c_field, option.convert(values[option.name]))
    return opts


def describe() -> str:
    """The options as a docstring section."""
    lines = []
    for option in OPTIONS:
        choices = f" One of {', '.join(repr(k) for k in option.choices)} (any case)." if option.choices else ""
        default = (
            ""
            if option.name == "style"
            else " Default None: the host's."
            if option.kind == ID
            else f" Default {option.default!r}."
        )
        lines.append(f"``{option.name}``: {option.help}.{choices}{default}")
    return "\n".join(lines)
