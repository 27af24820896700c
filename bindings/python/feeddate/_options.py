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
from dataclasses import dataclass
from typing import Any, Dict, Mapping, Optional, Tuple

from . import _ffi
from ._errors import FD_ERR_ARGUMENT, FD_ERR_LOCALE, FD_ERR_TIME_ZONE, error_for

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
WIDTHS: Dict[str, int] = {
    "long": _ffi.FD_WIDTH_LONG,
    "short": _ffi.FD_WIDTH_SHORT,
    "narrow": _ffi.FD_WIDTH_NARROW,
}

# Kinds of option: how a Python value becomes the C field's value.
ENUM = "enum"  # a name of `choices`, any case -> its C value
FLAG = "flag"  # True/False -> 1/0
INT = "int"  # an int that fits the C field's type
ID = "id"  # a str (UTF-8, no NUL) or None for the host default -> const char *


@dataclass(frozen=True)
class Option:
    """One option of SPEC section 6."""

    name: str
    """Formatter's keyword; the command's flag is ``--`` + name with ``-`` for ``_``."""
    c_field: str
    """The field of ``struct fd_options`` it fills."""
    kind: str
    """ENUM, FLAG, INT or ID."""
    default: Any
    """Formatter's default (the library's own, see the tests); for style, which
    Formatter requires, the command's default."""
    help: str
    """What it means, for the docstring and the command's --help."""
    choices: Optional[Mapping[str, int]] = None
    """ENUM: the accepted names (lower case) and their C values."""
    status: int = FD_ERR_ARGUMENT
    """The error class of a value Python cannot pass on (ID: LocaleError, TimeZoneError)."""

    @property
    def flag(self) -> str:
        return "--" + self.name.replace("_", "-")

    def convert(self, value: Any) -> Any:
        """``value`` as the C field's value, or the feeddate error that says what to pass."""
        if self.kind == ENUM:
            code = self.choices.get(value.lower()) if isinstance(value, str) else None  # type: ignore[union-attr]
            if code is None:
                raise self._error(value, "use one of " + ", ".join(repr(k) for k in self.choices or ()))
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
        if value is None:  # ID
            return None
        if not isinstance(value, str):
            raise error_for(FD_ERR_ARGUMENT, f"{self.name}={value!r}: use a str, or None for the host default")
        if "\0" in value:
            raise self._error(value, f"contains a NUL character; use {self.help}", self.status)
        try:
            return value.encode("utf-8")
        except UnicodeEncodeError:  # a lone surrogate (os.fsdecode of bad bytes, say) is no id
            raise self._error(value, f"is not valid Unicode; use {self.help}", self.status) from None

    def _error(self, value: Any, what: str, status: int = FD_ERR_ARGUMENT) -> Exception:
        return error_for(status, f"{self.name}={value!r}: {what}")


def _c_type(c_field: str) -> Any:
    return dict(_ffi.fd_options._fields_)[c_field]


def _c_bounds(c_field: str) -> Tuple[int, int]:
    bits = 8 * ctypes.sizeof(_c_type(c_field))
    return -(2 ** (bits - 1)), 2 ** (bits - 1) - 1


def _c_type_name(c_field: str) -> str:
    return f"int{8 * ctypes.sizeof(_c_type(c_field))}_t"


#: Every option, in the order of Formatter's signature. style comes first and
#: is Formatter's positional argument; the rest are keywords.
OPTIONS: Tuple[Option, ...] = (
    Option("style", "style", ENUM, "feed", "label style", STYLES),  # the command's default
    Option("locale", "locale", ID, None,
           "an ICU or BCP 47 locale id such as 'zh_CN' or 'zh-Hans-CN'",
           status=FD_ERR_LOCALE),
    Option("tz", "time_zone", ID, None,
           "an IANA zone id such as 'Asia/Shanghai' or 'America/New_York'",
           status=FD_ERR_TIME_ZONE),
    Option("hour_cycle", "hour_cycle", ENUM, "locale", "the locale's, 0-23 or 1-12 AM/PM", HOUR_CYCLES),
    Option("width", "width", ENUM, "long", 'wording of "N units ago": long, short or narrow', WIDTHS),
    Option("recent_relative", "recent_relative", FLAG, False, "feed: just now / N min ago / N h ago first"),
    Option("just_now_ms", "just_now_ms", INT, 60000, "below this many ms: just now (0..86400000)"),
    Option("skew_tolerance_ms", "skew_tolerance_ms", INT, 60000,
           "posts up to this many ms in the future read as now (0..86400000)"),
    Option("cross_year_grace_days", "cross_year_grace_days", INT, 0,
           "feed: days back within which last year's dates drop the year (0..366)"),
    Option("weekday_window_days", "weekday_window_days", INT, 6,
           "chat: up to this many days back, a weekday name (1..6)"),
    Option("precision", "precision", INT, 1, "countdown: fraction digits (0..3)"),
    Option("countdown_days", "countdown_days", FLAG, False, "countdown: days split out from 24 h"),
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
            "" if option.name == "style"
            else " Default None: the host's." if option.kind == ID
            else f" Default {option.default!r}."
        )
        lines.append(f"``{option.name}``: {option.help}.{choices}{default}")
    return "\n".join(lines)
