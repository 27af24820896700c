"""Instants: what Python callers pass, turned into the library's int64 milliseconds.

Accepted: a timezone-aware :class:`datetime.datetime` (exact to the
millisecond, sub-millisecond digits dropped toward the past), an aware
``pandas.Timestamp`` (the same, from its nanoseconds), a ``numpy.datetime64``
scalar (numpy's datetimes have no zone and count from the UTC epoch: read as
UTC, sub-millisecond digits dropped toward the past) or epoch **seconds** as
``int`` or ``float``. A float is binary floating point and is read by SPEC
11's rule (1.3), the same in every binding: rounded to the nearest
microsecond, then floored to the millisecond (0.0625 is 62 ms, -0.0004 is
-1 ms, 0.0009996 is 1 ms), and a float that is exactly ``m / 1000`` for a
whole millisecond m is m, in year 9999 too (see :func:`float_to_ms`). Units
are never guessed: a number is seconds, and one that is out of range as
seconds but would fit as milliseconds (or micro-, nanoseconds) is a
RangeError that says so. Everything else is refused with a message that says
what to pass instead.
"""

from __future__ import annotations

import ctypes
import math
import operator
import time
from datetime import datetime, timedelta, timezone
from typing import Any, List, Optional, Tuple, Union

from . import _ffi
from ._errors import FD_ERR_RANGE, error_for
from ._ffi import FD_LABEL_CAPACITY, FD_MAX_INSTANT_MS, FD_MIN_INSTANT_MS
from ._modules import module_of

#: What the API accepts as an instant (also numpy.datetime64 and pandas.Timestamp).
Instant = Union[datetime, int, float]

EPOCH = datetime(1970, 1, 1, tzinfo=timezone.utc)

_HOW = "pass a timezone-aware datetime, a numpy.datetime64 or epoch seconds (int or float)"

#: The units a number may be given in (format_many/batch's ``unit=``): name ->
#: (numerator, denominator) of its conversion to milliseconds.
UNITS = {"s": (1000, 1), "ms": (1, 1), "us": (1, 1000), "ns": (1, 1_000_000)}

#: The names of the units, as the errors write them.
UNIT_NAMES = {"s": "seconds", "ms": "milliseconds", "us": "microseconds", "ns": "nanoseconds"}


def looks_like(value: float, unit: str) -> Optional[str]:
    """The first unit finer than ``unit`` (of UNITS) in which the number ``value``,
    out of range as ``unit``, would be an instant in range; None when none is.
    Every "it looks like milliseconds" error takes its unit from here."""
    names = list(UNITS)
    for name in names[names.index(unit) + 1 :] if unit in UNITS else ():
        num, den = UNITS[name]
        if FD_MIN_INSTANT_MS <= value * num // den <= FD_MAX_INSTANT_MS:
            return name
    return None


def unit_hint(value: float, unit: str) -> str:
    """ "; it looks like milliseconds: pass unit='ms'" for a number out of range
    counted in ``unit`` that looks_like a finer one; "" otherwise."""
    name = looks_like(value, unit)
    return f"; it looks like {UNIT_NAMES[name]}: pass unit={name!r}" if name else ""


# numpy datetime64 units -> (numerator, denominator) to milliseconds; Y and M
# are calendar units that numpy converts itself (see _datetime64_ms).
_DT64_UNITS = {
    "W": (7 * 86_400_000, 1),
    "D": (86_400_000, 1),
    "h": (3_600_000, 1),
    "m": (60_000, 1),
    "s": (1000, 1),
    "ms": (1, 1),
    "us": (1, 1000),
    "ns": (1, 10**6),
    "ps": (1, 10**9),
    "fs": (1, 10**12),
    "as": (1, 10**15),
}


INT64 = (-(2**63), 2**63 - 1)


def clamp_int64(ms: int) -> int:
    """``ms`` as the library takes it: one past an int64 is INT64_MIN or INT64_MAX by its sign."""
    return INT64[0] if ms < INT64[0] else INT64[1] if ms > INT64[1] else ms


#: A formatter kept only to ask the library for its message about an instant (range_error).
_probe: List[Any] = []


def library_range_message(ms: int) -> str:
    """The library's own message (fd_last_error) for the instant ``ms`` out of the
    supported range, clamped to int64 first (SPEC 11, 1.3: a value Python holds but
    int64 cannot gets the library's message for the clamped value): the package
    never words that sentence itself. Asked of a formatter of the package's own,
    made on the first error, with ``now`` in range so that the message is about
    ``ms``; the status's own sentence should that fail."""
    try:
        if not _probe:
            from ._formatter import Formatter  # here: _formatter imports this module

            _probe.append(Formatter("feed", locale="en_US", tz="UTC"))
        buf = ctypes.create_string_buffer(FD_LABEL_CAPACITY)
        status = _ffi.fd_format(
            _probe[0]._handle_arg,
            ctypes.c_int64(clamp_int64(ms)),
            ctypes.c_int64(0),
            buf,
            ctypes.c_size_t(FD_LABEL_CAPACITY),
            None,
        )
        message = _ffi.optional_text(_ffi.fd_last_error()) if status == FD_ERR_RANGE else ""
    except Exception:  # no formatter: the status's own sentence, still the library's
        message = ""
    return message or _ffi.optional_text(_ffi.fd_status_message(FD_ERR_RANGE))


def range_error(ms: int, before: str = "", after: str = "") -> Exception:
    """The RangeError for an instant of ``ms`` milliseconds (any int) out of the
    supported range: the library's message for it (library_range_message), with
    what only the package knows ``before`` it (where: "format_many: ts[3] = ...: ")
    and ``after`` it (the value given, a unit hint)."""
    return error_for(FD_ERR_RANGE, f"{before}{library_range_message(ms)}{after}")


def unit_bounds(num: int, den: int) -> Tuple[int, int]:
    """(lo, hi): the counts of units of ``num/den`` ms whose milliseconds (floored)
    lie in the supported range, lo ..= hi, within int64."""
    lo = -((-FD_MIN_INSTANT_MS * den) // num)  # smallest v with floor(v*num/den) >= MIN
    hi = -((-(FD_MAX_INSTANT_MS + 1) * den) // num) - 1  # largest v with floor(v*num/den) <= MAX
    return max(lo, INT64[0]), min(hi, INT64[1])


def scaled_ms(np: Any, ints: Any, num: int, den: int) -> Tuple[Any, Optional[int]]:
    """Milliseconds of an int64 array counting units of ``num/den`` ms, floored
    (toward the past, as for datetimes), and None; or None and the index of the
    first element whose milliseconds lie outside the supported range, checked
    before any arithmetic, so that nothing overflows. The caller words the error."""
    lo, hi = unit_bounds(num, den)
    if ints.size and (int(ints.min()) < lo or int(ints.max()) > hi):
        return None, int(np.flatnonzero((ints < lo) | (ints > hi))[0])
    if num == den == 1:
        return np.ascontiguousarray(ints, dtype=np.int64), None
    if den == 1:
        return ints * num, None  # a new contiguous array
    if num == 1:
        return ints // den, None  # numpy's // floors
    whole, part = np.divmod(ints, den)  # v = whole*den + part: floor(v*num/den) = whole*num + floor(part*num/den)
    return whole * num + part * num // den, None


def out_of_range(given: object, ms: int, seconds: Optional[float] = None) -> Exception:
    """The RangeError for an instant ``given`` of ``ms`` milliseconds outside the
    supported range: the library's message for ``ms`` (range_error), then the value
    given. ``seconds``: the value as epoch seconds when ``given`` was a number,
    for the unit hint."""
    # An int may be too big for a float (math.isfinite would raise): looks_like takes it.
    finite = seconds is not None and (isinstance(seconds, int) or math.isfinite(seconds))
    name = looks_like(seconds, "s") if finite and seconds is not None else None
    hint = " as epoch seconds" if seconds is not None else ""
    if name is not None:
        num, den = UNITS[name]
        hint += f"; it looks like {UNIT_NAMES[name]}: divide by {1000 * den // num} or pass a datetime"
    return range_error(ms, after=f"; given {given!r}{hint}")


#: A float of seconds that is exactly ``m / 1000`` lies less than 31 us from m
#: over the supported range (half a step of the doubles there, 2**-16 s), so
#: only a value the rule reads with at least this many microseconds past its
#: millisecond can be the float of the next one.
ROUND_TRIP_US = 969


def float_to_ms(value: float, num: int = 1000, den: int = 1) -> int:
    """SPEC 11's rule (1.3) for a finite float counting units of ``num/den``
    milliseconds (seconds: 1000/1), as its intent reads (docs/DESIGN.md): a
    float of seconds that is exactly ``m / 1000`` for a whole millisecond m is
    m; any other value is its exact value rounded to the nearest microsecond
    (halves to even; for floats of seconds or milliseconds a half never
    decides the millisecond), then floored to the millisecond. A float of
    milliseconds (or micro-, nanoseconds) that is a whole millisecond is that
    millisecond by the rule itself. Exact: on the float's own ratio, no
    product of doubles rounded on the way. Below 2**33 s (year 2242) the
    float ``m / 1000`` lies within half a microsecond of m, so there the
    check never changes the rule's answer."""
    n, d = value.as_integer_ratio()
    whole, rest = divmod(n * num * 1000, d * den)
    ms, part = divmod(whole + (2 * rest > d * den or (2 * rest == d * den and whole & 1)), 1000)
    if part >= ROUND_TRIP_US and num == 1000 and den == 1 and (ms + 1) / 1000 == value:
        return ms + 1  # the float of ms + 1 built as (ms + 1) / 1000: that millisecond (DESIGN.md)
    return ms


def seconds_to_ms(value: float) -> int:
    """float_to_ms of a finite float (or an int) of epoch seconds, quickly: below
    8e9 s (year 2223) the doubles t * 1000 + 0.0005 lie within 1 us of the exact
    value, so when that sum is more than 1 us from a whole millisecond its floor
    is the rule's answer (and ``m / 1000`` there is within half a microsecond of
    m, so its rule's answer is m); otherwise (and further out) float_to_ms
    works it out exactly. One far outside the supported range (beyond +-10**13 s) gives a
    value still outside it, at once."""
    if type(value) is int:
        return value * 1000
    if -8e9 < value < 8e9:
        y = value * 1000.0 + 0.0005
        ms = math.floor(y)
        if 0.001 < y - ms < 0.999:
            return ms
        return float_to_ms(value)
    if -1e13 < value < 1e13:
        return float_to_ms(value)
    return int(value) * 1000


def _checked(ms: int, given: object, seconds: Optional[float] = None) -> int:
    if FD_MIN_INSTANT_MS <= ms <= FD_MAX_INSTANT_MS:
        return ms
    raise out_of_range(given, ms, seconds)


def _naive(value: Any) -> ValueError:
    return ValueError(
        f"naive datetime {value.isoformat()} has no time zone: "
        "pass an aware datetime, e.g. dt.replace(tzinfo=timezone.utc) "
        "for UTC or dt.astimezone() for the local zone"
    )


def to_ms(value: object) -> int:
    """Milliseconds since the epoch for an instant, or ValueError/TypeError/RangeError."""
    kind = type(value)
    if kind is int:  # the common case first, checked inline
        ms = value * 1000  # type: ignore[operator]
        if FD_MIN_INSTANT_MS <= ms <= FD_MAX_INSTANT_MS:
            return ms
        return _checked(ms, value, value)  # type: ignore[arg-type]
    if kind is bool:
        raise TypeError(f"a bool is not an instant: {_HOW}")
    if isinstance(value, datetime):
        if kind is not datetime:
            pandas = module_of(value, "pandas")  # never imported here; never a half-imported one
            if pandas is not None:
                if value is pandas.NaT:  # a datetime subclass whose utcoffset() raises pandas' own error
                    raise _nat()
                if isinstance(value, pandas.Timestamp):
                    return _timestamp_ms(value)
        offset = value.utcoffset()
        if offset is None:
            raise _naive(value)
        delta = value - EPOCH  # exact: days, seconds and microseconds are integers
        ms = (delta.days * 86400 + delta.seconds) * 1000 + delta.microseconds // 1000
        return _checked(ms, value)
    if isinstance(value, float):
        if not math.isfinite(value):
            raise ValueError(f"{value!r} is not an instant: {_HOW} that is finite")
        return _checked(seconds_to_ms(value), value, value)
    numpy = module_of(value, "numpy")  # never imported here: a numpy value means it is loaded
    if numpy is not None:
        if isinstance(value, numpy.datetime64):
            return _datetime64_ms(numpy, value)
        if isinstance(value, numpy.floating):
            return to_ms(float(value))
    try:  # other integer types (numpy integers, ...): epoch seconds
        seconds = operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        raise TypeError(f"{kind.__name__} is not an instant: {_HOW}") from None
    return _checked(seconds * 1000, value, seconds)


def _nat() -> ValueError:
    return ValueError(f"NaT (not a time) has no instant: {_HOW}; drop or fill the missing instants")


def _timestamp_ms(value: Any) -> int:
    """An aware pandas.Timestamp's milliseconds (from its exact nanoseconds)."""
    if value.tzinfo is None:
        raise ValueError(
            f"naive pandas.Timestamp {value.isoformat()} has no time zone: pass an aware one, "
            "e.g. ts.tz_localize('UTC') for UTC"
        )
    return _checked(int(value.value) // 1_000_000, value)


def datetime64_unit(numpy: Any, dtype: Any) -> Tuple[str, int]:
    """(unit, count) of a datetime64 dtype, e.g. ("ms", 1); ValueError for a generic one."""
    unit, count = numpy.datetime_data(dtype)
    if unit == "generic":
        raise ValueError(f"datetime64 without a unit is not an instant: {_HOW}")
    return unit, count


def _datetime64_ms(numpy: Any, value: Any) -> int:
    """A numpy.datetime64 scalar's milliseconds, read as UTC, floored to the millisecond."""
    if numpy.isnat(value):
        raise _nat()
    unit, count = datetime64_unit(numpy, value.dtype)
    raw = int(value.astype(numpy.int64)) * count
    if unit in ("Y", "M"):  # calendar units: numpy knows the month lengths
        months = raw * 12 if unit == "Y" else raw
        if not -12 * 10**4 < months < 12 * 10**4:  # far outside years 1..9999: no overflow in numpy
            raise out_of_range(value, INT64[0] if months < 0 else INT64[1])
        return _checked(int(numpy.datetime64(months, "M").astype("datetime64[ms]").astype(numpy.int64)), value)
    num, den = _DT64_UNITS[unit]
    return _checked(raw * num // den, value)


def local_now_ms() -> int:
    """The local clock in milliseconds since the epoch."""
    return time.time_ns() // 1_000_000


def to_datetime(ms: int) -> datetime:
    """Aware UTC datetime for milliseconds since the epoch."""
    return EPOCH + timedelta(milliseconds=ms)
