"""numpy arrays as int64 milliseconds, the one place for it: datetime64 of any
unit, integers and floats in a unit, byte-swapped arrays, and the errors that
name the first element out of range. Used by format_many (_formatter) and
format_column (_columns); numpy is never imported here: callers pass the
module they were handed."""

from __future__ import annotations

import math
from typing import Any, Optional, Tuple

from ._ffi import FD_MAX_INSTANT_MS, FD_MIN_INSTANT_MS
from ._instant import (
    _DT64_UNITS,
    INT64,
    ROUND_TRIP_US,
    UNITS,
    datetime64_unit,
    float_to_ms,
    range_error,
    scaled_ms,
    unit_hint,
)

# The first guess of a batch's text size, in bytes per label (a shorter guess is
# retried with the size the library reports).
MANY_BYTES_PER_LABEL = 48


def _array_error(where: str, index: int, value: int, unit: str, num: int, den: int) -> Exception:
    """The RangeError for element ``index`` of an array read in ``unit`` (num/den ms
    each): the library's message for its milliseconds (range_error); for a number
    that would fit counted in a finer unit, which unit= to pass."""
    return range_error(value * num // den, f"{where}: ts[{index}] = {value} ({unit}): ", unit_hint(value, unit))


def _scaled_ms(np: Any, ints: Any, num: int, den: int, where: str, unit: str) -> Any:
    """int64 milliseconds of an int64 array counting units of num/den ms (scaled_ms),
    or the RangeError naming the first element out of range."""
    ms, bad = scaled_ms(np, ints, num, den)
    if bad is not None:
        raise _array_error(where, bad, int(ints[bad]), unit, num, den)
    return ms


def native(values: Any) -> Any:
    """A numpy array in the machine's byte order: itself, or a converted copy of a
    byte-swapped one (``np.array(..., ">M8[ms]")``), whose raw int64 view would
    read other numbers."""
    dtype = values.dtype
    return values if dtype.isnative else values.astype(dtype.newbyteorder("="))


_SPLIT = 134217729.0  # 2**27 + 1: Veltkamp's split of a double into two halves


def _two_product(a: Any, b: float) -> Tuple[Any, Any]:
    """(p, e) with p = a * b rounded and e = a * b - p exactly (Dekker's product:
    numpy has no fused multiply-add), for |a| < 1 and b a whole number below 2**26."""
    p = a * b
    c = _SPLIT * a
    ah = c - (c - a)
    al = a - ah
    c = _SPLIT * b
    bh = c - (c - b)
    bl = b - bh
    return p, ((ah * bh - p) + ah * bl + al * bh) + al * bl


def float_ms(np: Any, values: Any, num: int, den: int) -> Tuple[Any, Any]:
    """Milliseconds of a float array counting units of ``num/den`` ms by SPEC 11's
    rule (1.3), exactly as :func:`float_to_ms` gives them one by one (rounded to
    the nearest microsecond, then floored; a float of seconds that is exactly
    (ms + 1) / 1000 is ms + 1), as int64 with 0 where the value is
    not finite or out of range, and the mask of those rows (None when none)."""
    x = values.astype(np.float64)
    span = 2 * max(-FD_MIN_INSTANT_MS, FD_MAX_INSTANT_MS) * den / num  # far enough out for int64 arithmetic
    near = (x > -span) & (x < span)  # NaN compares False
    x = np.where(near, x, 0.0)
    per_unit, rest = divmod(num * 1000, den)  # microseconds a unit: s 10**6, ms 1000, us 1; ns not whole
    if rest:  # nanoseconds: one by one (a float of nanoseconds is rare)
        ms = np.fromiter((float_to_ms(v, num, den) for v in x.tolist()), dtype=np.int64, count=len(x))
    elif per_unit == 1:  # microseconds: rint is exact, halves to even
        ms = np.floor_divide(np.rint(x).astype(np.int64), 1000)
    else:
        whole = np.trunc(x)
        part = x - whole  # exact (Sterbenz), in (-1, 1)
        p, e = _two_product(part, float(per_unit))
        us = np.rint(p)  # the nearest microsecond of p; of p + e (the exact value) when p is no half:
        off = p - us  # exact
        us += (off == 0.5) & (e > 0)
        us -= (off == -0.5) & (e < 0)
        ms, part = np.divmod(whole.astype(np.int64) * per_unit + us.astype(np.int64), 1000)
        if per_unit == 1_000_000:  # seconds: the float of (ms + 1) / 1000 is ms + 1 (float_to_ms)
            nxt = part >= ROUND_TRIP_US
            if nxt.any():
                ms += nxt & ((ms + 1).astype(np.float64) / 1000.0 == x)
    bad = ~near | (ms < FD_MIN_INSTANT_MS) | (ms > FD_MAX_INSTANT_MS)
    if not bad.any():
        return ms, None
    ms[bad] = 0
    return ms, bad


def numpy_ms(np: Any, values: Any, unit: Optional[str], where: str) -> Any:
    """A C-contiguous int64 millisecond array (no copy when already so) of a 1-D
    array of datetime64 (its own unit), or of integers or floats in ``unit``."""
    if values.ndim != 1:
        raise ValueError(f"{where} needs a 1-D array, not {values.ndim}-D: use .ravel()")
    values = native(values)
    kind = values.dtype.kind
    if kind == "M":
        own, count = datetime64_unit(np, values.dtype)
        if unit is not None and unit != own:
            raise ValueError(
                f"{where}: unit={unit!r} does not match the array's datetime64[{own}]: "
                "datetime64 data carries its unit; drop unit="
            )
        if np.isnat(values).any():
            raise ValueError(f"{where}: the array holds NaT; drop or fill the missing instants")
        if own in ("Y", "M"):  # calendar units: numpy converts them (years are small numbers)
            months = values.astype("datetime64[M]").view(np.int64)
            if months.size and (int(months.min()) < -12 * 10**4 or int(months.max()) > 12 * 10**4):
                bad = int(np.flatnonzero(np.abs(months) > 12 * 10**4)[0])
                raise range_error(
                    INT64[0] if int(months[bad]) < 0 else INT64[1], f"{where}: ts[{bad}] = {values[bad]}: "
                )
            values, own, count = values.astype("datetime64[D]"), "D", 1
        num, den = _DT64_UNITS[own]
        return _scaled_ms(np, values.view(np.int64), num * count, den, where, own)
    if kind in "iu":
        if unit is None:
            raise ValueError(
                f"{where}: a numpy integer array needs unit= ('s', 'ms', 'us' or 'ns'): numbers are "
                "not guessed to be seconds or milliseconds (or pass datetime64 values)"
            )
        if kind == "u" and values.size and int(values.max()) > INT64[1]:
            bad = int(np.argmax(values))
            raise _array_error(where, bad, int(values[bad]), unit, *UNITS[unit])
        num, den = UNITS[unit]
        return _scaled_ms(np, values.astype(np.int64, copy=False), num, den, where, unit)
    if kind == "f":
        if unit is None:
            raise ValueError(
                f"{where}: a numpy float array needs unit= ('s', 'ms', 'us' or 'ns'): numbers are "
                "not guessed to be seconds or milliseconds (or pass datetime64 values)"
            )
        ms, bad = float_ms(np, values, *UNITS[unit])
        if bad is not None:
            i = int(np.flatnonzero(bad)[0])
            value = float(values[i])
            if not math.isfinite(value):
                raise ValueError(f"{where}: ts[{i}] = {value!r} is not an instant: pass finite numbers")
            raise range_error(float_to_ms(value, *UNITS[unit]), f"{where}: ts[{i}] = {value!r} ({unit}): ")
        return ms
    raise TypeError(
        f"{where}: a numpy array of dtype {values.dtype} is not instants: pass "
        "datetime64 values, or integers or floats with unit= ('s', 'ms', 'us' or 'ns')"
    )
