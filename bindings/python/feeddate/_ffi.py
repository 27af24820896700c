"""ctypes declarations of libfeeddate.so.1: the one Python mirror of include/feeddate.h.

Importing this module loads the library, declares every C function once (its C
prototype in the comment above it) and checks that the library's major version
is the one this package was written for. Nothing else in the package touches
ctypes function objects except through the names defined here.

Where the library is looked for, in order:

1. ``$FEEDDATE_LIBRARY`` when set (and then only there: a wrong path is an
   error, not a reason to pick up some other copy);
2. ``feeddate/libfeeddate.so.1`` beside this file: the wheel carries it, with
   the ICU libraries it needs in ``feeddate.libs/`` (renamed with a hash and
   found through its RPATH, so no other ICU is ever picked up by accident);
3. ``<repo>/build/lib/libfeeddate.so.1`` when running from a checkout
   (what ``make lib`` builds);
4. ``libfeeddate.so.1`` on the system's library path (the libfeeddate1 package).

The zone database: the library reads the TZif files under ``$TZDIR`` when it
is set, else under ``/usr/share/zoneinfo``, and reads ``$TZDIR`` once, on its
first use. It never falls back to ICU's built-in rules (tz 2022e, an hour off
for several zones today): with no database, a named zone is a
:class:`TimeZoneError`, and only UTC, ``Etc/UTC``, ``GMT`` and POSIX TZ strings
work. On a machine without ``/usr/share/zoneinfo`` (slim containers) and with
``TZDIR`` unset, this module points ``TZDIR`` at the ``tzdata`` package's
zoneinfo folder (the wheel depends on it) before the library is even loaded,
so before the library can read it. :data:`zone_database` says which folder
was chosen and why.
"""

from __future__ import annotations

import ctypes
import os
from ctypes import (
    POINTER,
    Structure,
    c_char,
    c_char_p,
    c_int,
    c_int32,
    c_int64,
    c_size_t,
    c_uint32,
    c_void_p,
)
from typing import Any, List, Optional, Sequence, Tuple, Union

from ._errors import FD_OK, error_for
from ._version import EXPECTED_MAJOR, __version__

SONAME = "libfeeddate.so.1"
ENV_VAR = "FEEDDATE_LIBRARY"

# ---- Constants of include/feeddate.h ---------------------------------------------

FD_MIN_INSTANT_MS = -62135596800000  # 0001-01-01T00:00:00.000Z
FD_MAX_INSTANT_MS = 253402300799999  # 9999-12-31T23:59:59.999Z
FD_NEVER = 2**63 - 1  # INT64_MAX: the label never changes again
FD_LABEL_CAPACITY = 256  # bytes that hold every label with its NUL
FD_SCHEDULE_MAX_HORIZON_MS = 31622400000  # (1.2) 366 days
FD_SCHEDULE_MAX_ENTRIES = 100000  # (1.2)
FD_SCHEDULE_DEFAULT_HORIZON_MS = 86400000  # (1.3) one day
FD_SCHEDULE_DEFAULT_MAX_ENTRIES = 1000  # (1.3)
FD_QUOTE_CAPACITY = 262  # (1.3) bytes that hold every fd_quote result with its NUL
FD_HTML_SPOKEN = 0x1  # (1.3) fd_schedule_html's flag: data-spoken-schedule too

# enum fd_style
FD_STYLE_FEED = 0
FD_STYLE_FEED_DETAIL = 1
FD_STYLE_CHAT_LIST = 2
FD_STYLE_CHAT_BUBBLE = 3
FD_STYLE_RELATIVE = 4
FD_STYLE_COMPACT = 5
FD_STYLE_COUNTDOWN = 6

# enum fd_hour_cycle
FD_HOUR_CYCLE_LOCALE = 0
FD_HOUR_CYCLE_H23 = 1
FD_HOUR_CYCLE_H12 = 2

# enum fd_width
FD_WIDTH_LONG = 0
FD_WIDTH_SHORT = 1
FD_WIDTH_NARROW = 2
# fd_unit (max_unit, 1.1): YEAR is 0, so zero means no ceiling.
FD_UNIT_YEAR = 0
FD_UNIT_MONTH = 1
FD_UNIT_WEEK = 2
FD_UNIT_DAY = 3
FD_UNIT_HOUR = 4
FD_UNIT_MINUTE = 5
FD_UNIT_SECOND = 6

# C enums are passed as int.
fd_status = c_int
fd_style = c_int
fd_hour_cycle = c_int
fd_width = c_int
fd_unit = c_int


class fd_options(Structure):
    """``struct fd_options``: fill with :func:`fd_options_init_sized` and
    ``ctypes.sizeof(fd_options)`` first. This is the 1.1 layout; the library
    reads only the fields ``size`` covers, so appending a field here (with the
    header) is all a later layout needs."""

    _fields_ = [
        ("size", c_uint32),
        ("style", fd_style),
        ("locale", c_char_p),
        ("time_zone", c_char_p),
        ("hour_cycle", fd_hour_cycle),
        ("width", fd_width),
        ("recent_relative", c_int32),
        ("just_now_ms", c_int64),
        ("skew_tolerance_ms", c_int64),
        ("cross_year_grace_days", c_int32),
        ("weekday_window_days", c_int32),
        ("precision", c_int32),
        ("countdown_days", c_int32),
        # 1.1
        ("plain_spaces", c_int32),
        ("spoken", c_int32),
        ("overtime", c_int32),
        ("max_unit", fd_unit),
        ("just_now_text", c_char_p),
        ("yesterday_text", c_char_p),
        ("day_before_yesterday_text", c_char_p),
        ("tomorrow_text", c_char_p),
    ]


class fd_label(Structure):
    """``struct fd_label``: what fd_format reports besides the text (byte offsets)."""

    _fields_ = [
        ("length", c_size_t),
        ("next_change_ms", c_int64),
        ("day_offset", c_size_t),
        ("day_length", c_size_t),
        ("time_offset", c_size_t),
        ("time_length", c_size_t),
        ("expired", c_int32),
    ]


# An opaque `fd_formatter *` is passed as a void pointer.
fd_formatter_p = c_void_p
fd_options_p = POINTER(fd_options)
fd_label_p = POINTER(fd_label)
c_char_buf = POINTER(c_char)  # accepts ctypes char arrays without a copy
c_int64_p = POINTER(c_int64)
c_size_t_p = POINTER(c_size_t)


class fd_utf16_call(Structure):
    """``struct fd_utf16_call`` (1.2): fd_format_utf16's arguments in memory, for
    fd_format_utf16_call (pointers as integer addresses, or None)."""

    _fields_ = [
        ("formatter", c_void_p),
        ("t_ms", c_int64),
        ("now_ms", c_int64),
        ("buf", c_void_p),
        ("cap", c_size_t),
        ("info", c_void_p),
    ]


fd_utf16_call_p = POINTER(fd_utf16_call)


# ---- Loading ---------------------------------------------------------------------


# Paths with os.path, not pathlib: importing pathlib costs more than the rest of
# the search, and import time counts (bench/wheel_first_label.py).
_PACKAGE_DIR = os.path.dirname(os.path.realpath(__file__))


def _repo_root() -> str:
    # <repo>/bindings/python/feeddate/_ffi.py -> <repo>
    return os.path.dirname(os.path.dirname(os.path.dirname(_PACKAGE_DIR)))


def _in_checkout() -> bool:
    """True when this file runs from a feeddate checkout, not an installed copy."""
    return os.path.isfile(os.path.join(_repo_root(), "include", "feeddate.h"))


def _repo_build_path() -> str:
    return os.path.join(_repo_root(), "build", "lib", SONAME)


def _candidates() -> List[Tuple[str, str]]:
    """(description, path or bare soname) in search order."""
    explicit = os.environ.get(ENV_VAR)
    if explicit:
        return [(f"${ENV_VAR}", explicit)]
    places = [("copy inside the package", os.path.join(_PACKAGE_DIR, SONAME))]
    if _in_checkout():
        places.append(("build output of this checkout", _repo_build_path()))
    places.append(("system library path", SONAME))
    return places


SYSTEM_ZONEINFO = "/usr/share/zoneinfo"


# What a machine without a zone database can still use (SPEC section 1, 1.2).
_NO_DATABASE = (
    "named zones are a TimeZoneError; UTC and POSIX TZ strings work: "
    "install tzdata (pip install tzdata, or the OS package) or set TZDIR"
)


def _choose_zone_database() -> str:
    """Point $TZDIR at the tzdata package's zoneinfo when the machine has no
    /usr/share/zoneinfo and $TZDIR is unset (empty counts as unset, as in glibc);
    say which database the library will read. Runs before the library is loaded,
    so before the library reads $TZDIR (once, on its first use)."""
    if os.environ.get("TZDIR"):
        return f"$TZDIR ({os.environ['TZDIR']})"
    if os.path.isdir(SYSTEM_ZONEINFO):
        return f"system ({SYSTEM_ZONEINFO})"
    try:
        import tzdata  # noqa: PLC0415 (only where the system has no zoneinfo)
    except ImportError:
        return f"none: no {SYSTEM_ZONEINFO}, $TZDIR unset, no tzdata package; {_NO_DATABASE}"
    folder = os.path.join(os.path.dirname(os.path.realpath(tzdata.__file__)), "zoneinfo")
    if not os.path.isfile(os.path.join(folder, "UTC")):
        return f"none: the tzdata package has no zoneinfo at {folder}; {_NO_DATABASE}"
    os.environ["TZDIR"] = folder
    return f"tzdata package {getattr(tzdata, '__version__', '?')} ({folder}; $TZDIR set)"


#: Which zone database the library reads, and why: "$TZDIR (...)", "system
#: (/usr/share/zoneinfo)", "tzdata package <version> (...; $TZDIR set)" or
#: "none: ...". Chosen here, before the library is loaded below.
zone_database = _choose_zone_database()


def _load() -> Tuple[ctypes.CDLL, str]:
    tried: List[str] = []
    if not os.environ.get(ENV_VAR):
        tried.append(f"${ENV_VAR}: not set")
    for description, where in _candidates():
        if os.sep in where and not os.path.exists(where):
            tried.append(f"{where} ({description}): no such file")
            continue
        try:
            return ctypes.CDLL(where), where
        except OSError as exc:
            tried.append(f"{where} ({description}): {exc}")
    raise ImportError(
        f"feeddate: cannot load {SONAME}. Tried:\n  - "
        + "\n  - ".join(tried)
        + f"\nFix: run `make lib` in the feeddate checkout, or set {ENV_VAR}="
        f"/path/to/{SONAME}, or install the libfeeddate1 package."
    )


class _LoadedPath(str):
    """The path (or bare soname) of the library loaded: a str, as it always was
    (``feeddate.library_path``), and callable (``feeddate.library_path()``)."""

    def __call__(self) -> str:
        return str(self)


_lib, _where = _load()
library_path = _LoadedPath(_where)
# The same loaded library seen through PyDLL: its functions keep the GIL while
# they run. Only fd_format is taken from it (see its declaration).
_lib_keeping_gil = ctypes.PyDLL(library_path, handle=_lib._handle)


def _declare(name: str, argtypes: Optional[Sequence[Any]], restype: Any, *, keep_gil: bool = False) -> Any:
    """The one function object of C function ``name``. ``argtypes`` None: no
    conversion by ctypes, the caller passes ready arguments (see :func:`ready`).
    ``keep_gil``: the call holds the GIL (for calls shorter than releasing it)."""
    try:
        fn = getattr(_lib_keeping_gil if keep_gil else _lib, name)
    except AttributeError:
        raise ImportError(
            f"feeddate: {library_path} has no symbol {name}: it is not a libfeeddate "
            f"this package (version {__version__}) can use; rebuild it with `make lib`."
        ) from None
    if argtypes is not None:
        fn.argtypes = list(argtypes)
    fn.restype = restype
    return fn


# ---- Functions (one declaration each) --------------------------------------------

# fd_status fd_options_init_sized(fd_options *opts, size_t size, fd_style style);
fd_options_init_sized = _declare("fd_options_init_sized", [fd_options_p, c_size_t, fd_style], fd_status)

# fd_status fd_options_init(fd_options *opts, fd_style style);
# The exported function fills the 1.0 layout forever; the binding calls
# fd_options_init_sized with ctypes.sizeof(fd_options) instead.
fd_options_init = _declare("fd_options_init", [fd_options_p, fd_style], fd_status)

# fd_status fd_formatter_new(const fd_options *opts, fd_formatter **out);
fd_formatter_new = _declare("fd_formatter_new", [fd_options_p, POINTER(fd_formatter_p)], fd_status)

# void fd_formatter_free(fd_formatter *f);
fd_formatter_free = _declare("fd_formatter_free", [fd_formatter_p], None)

# fd_status fd_format(const fd_formatter *f, int64_t t_ms, int64_t now_ms,
#                     char *buf, size_t cap, fd_label *info);
# The hot path of Formatter.format and .label, declared for speed:
# - No argtypes: the caller passes every argument ready, and ctypes skips six
#   from_param conversions (about 40% of a call). Ready means a ctypes
#   parameter object where the value is fixed (the handle, the buffer, its
#   capacity: see `ready` and ctypes.byref), which ctypes passes on as is, or a
#   ctypes instance of the exact C type (a c_int64 box), which ctypes wraps in a
#   new parameter object on every call; None for NULL. Never pass a Python int
#   or float: without argtypes those become a C int.
# - Keeps the GIL: releasing and taking it back costs about 70 ns, a sizeable
#   part of the ~0.5 us a call costs from Python, while fd_format itself runs
#   ~100-200 ns. fd_format_many, which runs as long as its batch, releases it.
fd_format = _declare("fd_format", None, fd_status, keep_gil=True)

# fd_status fd_format_many(const fd_formatter *f, const int64_t *t_ms, size_t n,
#                          int64_t now_ms, char *buf, size_t cap, size_t *ends,
#                          int64_t *next_change_min);
# t_ms, buf and ends are declared void *, so that the caller can pass the
# address of an array.array or ndarray as an int instead of building a ctypes
# array over its buffer (two such views cost more than the call itself for a
# short list); ctypes arrays and byref() are accepted too. The caller keeps
# those arrays alive across the call.
fd_format_many = _declare(
    "fd_format_many",
    [fd_formatter_p, c_void_p, c_size_t, c_int64, c_void_p, c_size_t, c_void_p, c_int64_p],
    fd_status,
)

# (1.2) fd_format_many with a NUL after each label (ends count them), arguments
# as fd_format_many's: format_many decodes a chunk's text at once and splits it
# at its NULs (see _formatter._split).
# fd_status fd_format_many_nul(const fd_formatter *f, const int64_t *t_ms, size_t n,
#                              int64_t now_ms, char *buf, size_t cap, size_t *ends,
#                              int64_t *next_change_min);
fd_format_many_nul = _declare(
    "fd_format_many_nul",
    [fd_formatter_p, c_void_p, c_size_t, c_int64, c_void_p, c_size_t, c_void_p, c_int64_p],
    fd_status,
)

# (1.2) The same labels as UTF-16 code units, for bindings whose strings are
# UTF-16 (Java, JavaScript), buffers as void *; declared for ctypes users (the
# package reads UTF-8).
# fd_status fd_format_utf16(const fd_formatter *f, int64_t t_ms, int64_t now_ms,
#                           uint16_t *buf, size_t cap, fd_label *info);
fd_format_utf16 = _declare(
    "fd_format_utf16", [fd_formatter_p, c_int64, c_int64, c_void_p, c_size_t, fd_label_p], fd_status, keep_gil=True
)
# (1.2) For callers whose foreign calls cost by the argument (JNA on Java 17); declared
# for ctypes users: the package does not call it.
# fd_status fd_format_utf16_call(const fd_utf16_call *call);
fd_format_utf16_call = _declare("fd_format_utf16_call", [fd_utf16_call_p], fd_status, keep_gil=True)
# fd_status fd_format_many_utf16(const fd_formatter *f, const int64_t *t_ms, size_t n,
#                                int64_t now_ms, uint16_t *buf, size_t cap, size_t *ends,
#                                int64_t *next_change_min);
fd_format_many_utf16 = _declare(
    "fd_format_many_utf16",
    [fd_formatter_p, c_void_p, c_size_t, c_int64, c_void_p, c_size_t, c_void_p, c_int64_p],
    fd_status,
)

# (1.2) Schedules (SPEC section 11): Formatter.schedule (feeddate/_schedule.py).
# buf, ends and from_ms are declared void *: a ctypes buffer, or the address of
# an array.array as an int (the caller keeps it alive across the call).
# fd_status fd_schedule(const fd_formatter *f, int64_t t_ms, int64_t now_ms, int64_t horizon_ms,
#                       size_t max_entries, char *buf, size_t cap, size_t *ends, int64_t *from_ms,
#                       size_t *n, int64_t *until_ms);
fd_schedule = _declare(
    "fd_schedule",
    [
        fd_formatter_p,
        c_int64,
        c_int64,
        c_int64,
        c_size_t,
        c_void_p,
        c_size_t,
        c_void_p,
        c_void_p,
        c_size_t_p,
        c_int64_p,
    ],
    fd_status,
)

# fd_status fd_schedule_json(const fd_formatter *f, int64_t t_ms, int64_t now_ms, int64_t horizon_ms,
#                            size_t max_entries, char *buf, size_t cap, size_t *length);
fd_schedule_json = _declare(
    "fd_schedule_json",
    [fd_formatter_p, c_int64, c_int64, c_int64, c_size_t, c_void_p, c_size_t, c_size_t_p],
    fd_status,
)

# (1.3) The server side of a live label (SPEC 11, "Semantics and screen readers",
# "Script context"): Formatter.html and Formatter.script_json, the library's
# markup and escapes as they are; buffers as fd_schedule_json's.
# fd_status fd_schedule_html(const fd_formatter *f, int64_t t_ms, int64_t now_ms, int64_t horizon_ms,
#                            size_t max_entries, uint32_t flags, char *buf, size_t cap, size_t *length);
fd_schedule_html = _declare(
    "fd_schedule_html",
    [fd_formatter_p, c_int64, c_int64, c_int64, c_size_t, c_uint32, c_void_p, c_size_t, c_size_t_p],
    fd_status,
)

# fd_status fd_schedule_script_json(const fd_formatter *f, int64_t t_ms, int64_t now_ms,
#                                   int64_t horizon_ms, size_t max_entries, char *buf, size_t cap,
#                                   size_t *length);
fd_schedule_script_json = _declare(
    "fd_schedule_script_json",
    [fd_formatter_p, c_int64, c_int64, c_int64, c_size_t, c_void_p, c_size_t, c_size_t_p],
    fd_status,
)

# const char *fd_formatter_locale(const fd_formatter *f);
fd_formatter_locale = _declare("fd_formatter_locale", [fd_formatter_p], c_char_p)

# const char *fd_formatter_time_zone(const fd_formatter *f);
fd_formatter_time_zone = _declare("fd_formatter_time_zone", [fd_formatter_p], c_char_p)

# const char *fd_formatter_tz_source(const fd_formatter *f);
fd_formatter_tz_source = _declare("fd_formatter_tz_source", [fd_formatter_p], c_char_p)

# const char *fd_status_message(fd_status status);
fd_status_message = _declare("fd_status_message", [fd_status], c_char_p)

# const char *fd_last_error(void);
fd_last_error = _declare("fd_last_error", [], c_char_p)

# (1.3) The library's one quoting rule, the one fd_last_error quotes caller values
# by: for the messages the package words itself (see quote).
# fd_status fd_quote(const char *value, size_t length, char *buf, size_t cap, size_t *quoted_length);
fd_quote = _declare("fd_quote", [c_char_p, c_size_t, c_char_buf, c_size_t, c_size_t_p], fd_status)

# const char *fd_icu_version(void);
fd_icu_version = _declare("fd_icu_version", [], c_char_p)

# const char *fd_data_version(void);
fd_data_version = _declare("fd_data_version", [], c_char_p)

# uint32_t fd_version(void);
fd_version = _declare("fd_version", [], c_uint32)

# const char *fd_version_string(void);
fd_version_string = _declare("fd_version_string", [], c_char_p)

# int64_t fd_now_ms(void);
fd_now_ms = _declare("fd_now_ms", [], c_int64)


def ready(ctype: Any, value: Any) -> Any:
    """value as a ready argument of C type ctype for fd_format: ctypes' own
    parameter object, which ctypes passes on without converting or allocating
    anything (a ctypes instance costs a new parameter object per call). Immutable:
    for values fixed across calls. ctypes does not check the range of value."""
    return ctype.from_param(value)


def optional_text(value: Optional[bytes]) -> str:
    """Decode a ``const char *`` returned by the library (NULL gives "")."""
    return value.decode("utf-8", "replace") if value else ""


def check(status: int, context: str = "") -> None:
    """Raise the :class:`feeddate.Error` subclass for a non-zero status: the one
    place where the library's status codes become exceptions. The message is
    the library's own (fd_last_error: what was wrong and what is valid), after
    ``context`` when given; call this right after the failing call, before any
    other fd_* call on this thread."""
    if status != FD_OK:
        message = optional_text(fd_last_error()) or optional_text(fd_status_message(status))
        raise error_for(status, f"{context}: {message}" if context else message)


# fd_quote reads no more than the first 68 bytes of a value (feeddate.h), and a
# code point is at least one byte: so the first 68 code points of a str are enough.
_QUOTE_READS = 68


def quote(value: Union[str, bytes]) -> str:
    """``value`` quoted as the library's messages quote a caller's value
    (fd_quote): between double quotes, controls, DEL and invalid UTF-8 as
    ``\\xNN``, cut after 64 bytes with "…". A str is passed as its UTF-8 bytes,
    a lone surrogate (``os.fsdecode`` of undecodable bytes, say) as its three
    bytes of WTF-8 ("surrogatepass"), as the package passes string options; a
    NUL is quoted ``\\x00``. For the messages the package words itself (a NUL in
    a string option, which no C string carries), so that they quote as the
    library's own do."""
    head = value[:_QUOTE_READS]
    data = head.encode("utf-8", "surrogatepass") if isinstance(head, str) else bytes(head)
    buf = ctypes.create_string_buffer(FD_QUOTE_CAPACITY)
    length = c_size_t()
    check(fd_quote(data, len(data), buf, FD_QUOTE_CAPACITY, ctypes.byref(length)))
    return buf.raw[: length.value].decode("utf-8")


def library_version() -> str:
    """FD_VERSION_STRING of the library actually loaded, e.g. "1.1.0"."""
    return optional_text(fd_version_string())


def icu_version() -> str:
    """The version of ICU the loaded library runs on, e.g. "72.1"."""
    return optional_text(fd_icu_version())


def data_version() -> str:
    """What the labels are made from besides feeddate itself (fd_data_version,
    SPEC 13), e.g. "ICU 78.3; CLDR 48.0; tzdata 2025b"."""
    return optional_text(fd_data_version())


def loaded_files() -> List[str]:
    """The files of libfeeddate and of any ICU library mapped into this process
    (from /proc/self/maps): where the library really came from. Since 1.3 its
    ICU (78.3) is inside libfeeddate.so.1, so an ICU file here belongs to
    someone else in the process (or to a make ICU=system build). Empty where
    /proc is not mounted."""
    try:
        with open("/proc/self/maps", encoding="utf-8", errors="replace") as maps:
            paths = {line.split(None, 5)[5].strip() for line in maps if line.count(" ") >= 5 and "/" in line}
    except OSError:
        return []
    names = ("libfeeddate", "libicuuc", "libicui18n", "libicudata")
    return sorted(p for p in paths if os.path.basename(p).startswith(names))


def icu_library_path() -> str:
    """A mapped ICU common library (libicuuc): "" for the library's own ICU, which
    is inside libfeeddate.so.1 (SPEC 13); a make ICU=system build's system ICU."""
    return next((p for p in loaded_files() if os.path.basename(p).startswith("libicuuc")), "")


_major = fd_version() // 10000
if _major != EXPECTED_MAJOR:
    raise ImportError(
        f"feeddate: {library_path} is version {library_version()} (major {_major}), but this "
        f"package ({__version__}) needs major {EXPECTED_MAJOR}: install the matching "
        f"libfeeddate{EXPECTED_MAJOR}, or point ${ENV_VAR} at a matching build."
    )
