"""Plain lists of instants as int64 milliseconds at C speed, without numpy.

format_many's fast path for a list or tuple of plain ``int`` epoch seconds
(or ``int`` milliseconds) of 64 elements or more: the list goes into memory
in one C call (``struct.pack``, 4-12 ns an element; array.array's
constructor costs 11-16), and the arithmetic (seconds to milliseconds) is
done on all elements at once, as lanes of one big Python int: element i is
bits 64i..64i+63 of the int (``int.from_bytes`` of the array's bytes), and
an addition, a mask, a shift or a multiplication by a small number acts on
every lane at once as long as no lane carries into the next. Each step below
says why none does. The cost is a few nanoseconds per element (from_bytes,
to_bytes and a dozen linear operations), where a Python step per element
costs 60-80; but ~3 us a call (the lane constants, ~20 big-int steps), so
the caller keeps one Python step per element for short lists.

Floats are not converted here since 1.3: SPEC 11's rule (rounded to the
microsecond, then floored) is taken exactly on each float's own ratio
(_instant.float_to_ms), which no lane arithmetic of doubles reproduces.

Every conversion either gives exactly the milliseconds to_ms gives, or says
no (None); an in-range value is never made from an out-of-range one. Values
that pass here but lie outside the library's range (years 1 to 9999) are
refused by the library (FD_ERR_RANGE), and the caller then finds the
culprit with to_ms, element by element, for the error message.
"""

from __future__ import annotations

import array
import struct
from typing import Any, Callable, Dict, Optional

from ._ffi import FD_MIN_INSTANT_MS

_LANES = 4096  # elements per big int: constants of 32 KB, cached
_WORD = (1 << 64) - 1
_TOP = 1 << 63

# Seconds: lanes s + 2**63 (the top bit flipped: offset binary, every lane in
# [0, 2**64)) minus (2**63 + _MIN_S) give s - _MIN_S, in [0, 2**39) for every
# s the library takes (years 1..9999 are under 2**38 seconds apart); times
# 1000 and plus (2**63 + 1000 * _MIN_S) give 1000 * s + 2**63, in (0, 2**64);
# the top bit flipped back gives 1000 * s as int64.
_MIN_S = FD_MIN_INSTANT_MS // 1000
_S_SPAN_BITS = 39

# The 64-bit words repeated in a lane constant, by name.
_WORDS: Dict[str, int] = {
    "top": _TOP,
    "s_low": _TOP + _MIN_S,
    "s_high": _WORD ^ ((1 << _S_SPAN_BITS) - 1),
    "s_back": _TOP + 1000 * _MIN_S,
}
_constants: Dict[str, int] = {}  # name -> _WORDS[name] in each of _LANES lanes (made on first use)


def _lanes(name: str, n: int) -> int:
    """The word ``name`` repeated in lanes 0..n-1 (n <= _LANES)."""
    full = _constants.get(name)
    if full is None:
        full = int.from_bytes(_WORDS[name].to_bytes(8, "little") * _LANES, "little")
        _constants[name] = full  # a benign race: two threads make equal values
    return full if n == _LANES else full & ((1 << (64 * n)) - 1)


def _each_block(values: "array.array[Any]", step: Callable[[int, int], Optional[int]]) -> bool:
    """Runs step(lanes as one int, lane count) over values in blocks of _LANES and
    writes each result (lanes of int64) back in place; False (values half
    rewritten) as soon as a step says None."""
    raw = memoryview(values).cast("B")
    for start in range(0, len(values), _LANES):
        m = min(_LANES, len(values) - start)
        part = raw[8 * start : 8 * (start + m)]
        out = step(int.from_bytes(part, "little"), m)
        if out is None:
            return False
        part[:] = out.to_bytes(8 * m, "little")
    return True


def _seconds_step(lanes: int, m: int) -> Optional[int]:
    top = _lanes("top", m)
    span = (lanes ^ top) - _lanes("s_low", m)
    if span < 0 or span & _lanes("s_high", m):
        return None  # a second before _MIN_S, or 2**39 after it: out of range
    return (span * 1000 + _lanes("s_back", m)) ^ top


def _packed(code: str, values: "list[Any] | tuple[Any, ...]") -> Optional["array.array[Any]"]:
    """values as an array.array of ``code`` ("q" or "d"), by struct.pack (which
    converts about twice as fast as array.array(code, values)); None for an int
    beyond int64 or too big for a double."""
    try:
        raw = struct.pack(f"{len(values)}{code}", *values)
    except (struct.error, OverflowError):
        return None
    out = array.array(code)
    out.frombytes(raw)
    return out


def _int64(values: "list[Any] | tuple[Any, ...]") -> Optional["array.array[int]"]:
    return _packed("q", values)


def int_seconds_ms(values: "list[int] | tuple[int, ...]") -> Optional["array.array[int]"]:
    """Plain ints of epoch seconds as int64 milliseconds (``s * 1000``), or None
    when one is too far from the supported range to multiply safely."""
    out = _int64(values)
    if out is None or not _each_block(out, _seconds_step):
        return None
    return out


def int_ms(values: "list[int] | tuple[int, ...]") -> Optional["array.array[int]"]:
    """Plain ints of epoch milliseconds as an int64 array (the library checks the
    range), or None for one beyond int64."""
    return _int64(values)


def _self_check() -> None:
    """The lane arithmetic against the per-element rule, at import (microseconds):
    a build where any of it would not hold (a big-endian machine, a double
    that is not IEEE binary64) must not use it."""
    ints = [0, 1, -1, _MIN_S, 253402300799, 1711348200, -62135596800]
    if list(int_seconds_ms(ints) or ()) != [s * 1000 for s in ints]:
        raise ArithmeticError("int lanes")
    for bad in ([_MIN_S - 1], [2**40], [-(2**62)]):
        if int_seconds_ms(bad) is not None:
            raise ArithmeticError("int lanes out of range")


try:
    _self_check()
    ENABLED = True
except ArithmeticError:  # pragma: no cover - not on IEEE little-endian machines
    ENABLED = False
