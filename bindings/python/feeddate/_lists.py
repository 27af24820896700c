"""Plain lists of instants as int64 milliseconds at C speed, without numpy.

format_many's fast path for a list or tuple of plain ``int`` or ``float``
epoch seconds (or ``int`` milliseconds) of 64 elements or more: the list
goes into memory in one C call (``struct.pack``, 4-12 ns an element;
array.array's constructor costs 11-16), and the arithmetic (seconds to
milliseconds, a float rounded to the nearest millisecond) is done on all
elements at once, as lanes of one big Python int: element i is bits
64i..64i+63 of the int (``int.from_bytes`` of the array's bytes), and an
addition, a mask, a shift or a multiplication by a small number acts on
every lane at once as long as no lane carries into the next. Each step
below says why none does. The cost is a few nanoseconds per element
(from_bytes, to_bytes and a dozen linear operations), where a Python step
per element costs 60-80; but ~3 us a call (the lane constants, ~20 big-int
steps), so the caller keeps one Python step per element for short lists.

Floats of 2004-11-03 .. 2038-01-19 (one binade of seconds and of
milliseconds): the double product ``t * 1000`` and round() of it, both to
nearest with halves to even (what to_ms does), on the significands, with no
Python step at all (_binade_step). Other floats: ``round(t * 1000)`` is
``t * 1000.0 + 1.5 * 2**52`` in double arithmetic for ``|t * 1000| <=
2**51``: the sum lands in [2**52, 2**53], where doubles are exactly the
integers, so the addition rounds to an integer, halves to even, and the
double's bits are ``0x4338000000000000 + v`` (v the rounded milliseconds).
That one addition per element is then the only Python step.

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
_MAGIC = 6755399441055744.0  # 1.5 * 2**52: t * 1000.0 + _MAGIC rounds to an integer, halves to even
_MAGIC_BITS = 0x4338000000000000  # its bits; + v for the integer v added to it (|v| < 2**51)

# Seconds: lanes s + 2**63 (the top bit flipped: offset binary, every lane in
# [0, 2**64)) minus (2**63 + _MIN_S) give s - _MIN_S, in [0, 2**39) for every
# s the library takes (years 1..9999 are under 2**38 seconds apart); times
# 1000 and plus (2**63 + 1000 * _MIN_S) give 1000 * s + 2**63, in (0, 2**64);
# the top bit flipped back gives 1000 * s as int64.
_MIN_S = FD_MIN_INSTANT_MS // 1000
_S_SPAN_BITS = 39
# Floats: the bits minus (_MAGIC_BITS - 2**51) give v + 2**51, in [0, 2**52)
# exactly when the sum was in [2**52, 2**53) (any other double, NaN and the
# infinities included, leaves a high bit set or borrows, which leaves the
# high bits of the lane it came from set); plus (2**63 - 2**51) give
# v + 2**63, in (0, 2**64); the top bit flipped gives v as int64.
_F_SPAN_BITS = 52
# Floats of one binade, without that Python step: every t in [2**30, 2**31)
# seconds (2004-01-10 .. 2038-01-19) is S * 2**-22, S its 53-bit significand
# (the stored 52 bits plus the implicit 2**52). t * 1000 is exactly
# P * 2**-22 with P = 1000 * S in [2**61.97, 2**62.97); when every P is at
# least 2**62 (t * 1000 >= 2**40 ms: from 2004-11-03 on), the double product
# keeps P's top 53 bits, rounded to nearest, halves to even: Q = rne(P, 10)
# (value Q * 2**-12), and round() of it is rne(Q, 12): what to_ms computes,
# each step on all lanes at once. rne(x, k) = (x + 2**(k-1) - 1 + bit k of x)
# >> k; no lane overflows (P < 2**63, plus 2**9), and the bits a right shift
# brings in from the next lane are masked off.
_F_EXPONENT = (1023 + 30) << 52  # sign 0, exponent 30

# The 64-bit words repeated in a lane constant, by name.
_WORDS: Dict[str, int] = {
    "top": _TOP,
    "s_low": _TOP + _MIN_S,
    "s_high": _WORD ^ ((1 << _S_SPAN_BITS) - 1),
    "s_back": _TOP + 1000 * _MIN_S,
    "f_low": _MAGIC_BITS - (1 << 51),
    "f_high": _WORD ^ ((1 << _F_SPAN_BITS) - 1),
    "f_back": _TOP - (1 << 51),
    "b_sign_exponent": _WORD ^ ((1 << 52) - 1),
    "b_exponent": _F_EXPONENT,
    "b_to_significand": _F_EXPONENT - (1 << 52),  # the exponent bits out, the implicit bit in
    "b_bit62": 1 << 62,
    "one": 1,
    "b_half10": (1 << 9) - 1,
    "b_low54": (1 << 54) - 1,
    "b_half12": (1 << 11) - 1,
    "b_low52": (1 << 52) - 1,
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


def _float_step(lanes: int, m: int) -> Optional[int]:
    span = lanes - _lanes("f_low", m)
    if span < 0 or span & _lanes("f_high", m):
        return None  # |t * 1000| >= 2**51, NaN or infinite
    return (span + _lanes("f_back", m)) ^ _lanes("top", m)


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


def _binade_step(lanes: int, m: int) -> Optional[int]:
    if lanes & _lanes("b_sign_exponent", m) != _lanes("b_exponent", m):
        return None  # a t outside [2**30, 2**31) seconds (or negative, NaN, infinite)
    p = (lanes - _lanes("b_to_significand", m)) * 1000  # every lane's exponent is _F_EXPONENT: no borrow
    bit62 = _lanes("b_bit62", m)
    if p & bit62 != bit62:
        return None  # a t * 1000 under 2**40: its product keeps 9 bits fewer
    one = _lanes("one", m)
    q = ((p + _lanes("b_half10", m) + ((p >> 10) & one)) >> 10) & _lanes("b_low54", m)
    return ((q + _lanes("b_half12", m) + ((q >> 12) & one)) >> 12) & _lanes("b_low52", m)


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


def float_seconds_ms(values: "list[float] | tuple[float, ...]") -> Optional["array.array[int]"]:
    """Plain floats (and ints) of epoch seconds as int64 milliseconds, each
    ``round(t * 1000)`` as to_ms rounds it; None for NaN, an infinity or one too
    far out of range. Floats of 2004-11-03 .. 2038-01-19 (the usual case) take no
    Python step per element (_binade_step); others one addition each."""
    out = _packed("d", values)
    if out is not None and _each_block(out, _binade_step):
        return array.array("q", out.tobytes())  # the lanes now hold int64
    magic = _MAGIC
    try:
        sums = [t * 1000.0 + magic for t in values]
    except OverflowError:  # an int too big for a double
        return None
    out = _packed("d", sums)
    if out is None or not _each_block(out, _float_step):
        return None
    return array.array("q", out.tobytes())  # the lanes now hold int64


def _self_check() -> None:
    """The lane arithmetic against the per-element rule, at import (microseconds):
    a build where any of it would not hold (a big-endian machine, a double
    that is not IEEE binary64) must not use it."""
    ints = [0, 1, -1, _MIN_S, 253402300799, 1711348200, -62135596800]
    floats = [0.0, -0.0, 0.0005, 0.0015, -0.0005, 1711348200.0005, 1711348200.0015, -62135596800.0, 253402300799.999]
    if list(int_seconds_ms(ints) or ()) != [s * 1000 for s in ints]:
        raise ArithmeticError("int lanes")
    recent = [1711348200.0005, 1711348200.0015, 1.5e9 + 0.0005, 1099511627.776, 2147483647.9995]  # _binade_step's
    for some in (floats, recent):
        if list(float_seconds_ms(some) or ()) != [round(t * 1000) for t in some]:
            raise ArithmeticError("float lanes")
    for bad in ([_MIN_S - 1], [2**40], [-(2**62)]):
        if int_seconds_ms(bad) is not None:
            raise ArithmeticError("int lanes out of range")
    for bad_f in ([float("nan")], [float("inf")], [-float("inf")], [3e12], [-3e12], [1e300]):
        if float_seconds_ms(bad_f) is not None:
            raise ArithmeticError("float lanes out of range")


try:
    _self_check()
    ENABLED = True
except ArithmeticError:  # pragma: no cover - not on IEEE little-endian machines
    ENABLED = False
