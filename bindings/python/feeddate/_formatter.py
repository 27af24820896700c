"""Formatter and Label: SPEC section 8 over the C API."""

from __future__ import annotations

import array
import ctypes
import sys
import weakref
from datetime import datetime, timezone
from itertools import chain
from typing import Any, Callable, Iterable, List, NamedTuple, Optional, Tuple

from . import _ffi
from ._clock import Clock
from ._errors import FD_ERR_ARGUMENT, FD_ERR_BUFFER, FD_ERR_RANGE, error_for
from ._ffi import FD_LABEL_CAPACITY, FD_MAX_INSTANT_MS, FD_MIN_INSTANT_MS, FD_NEVER, check
from ._instant import Instant, local_now_ms, to_datetime, to_ms
from ._options import describe, fill

_INT64 = (-(2**63), 2**63 - 1)

# format_many's first guess of UTF-8 bytes per label; a larger need costs one more call.
_MANY_BYTES_PER_LABEL = 48


class Label(NamedTuple):
    """A label and what the library reports about it."""

    text: str
    """The label, e.g. "昨天 11:11"."""
    next_change: Optional[datetime]
    """When the text next changes (aware UTC datetime), or None for never."""
    day_part: str
    """The relative word, weekday or date inside ``text`` ("" when none)."""
    time_part: str
    """The time inside ``text`` ("" when none)."""
    expired: bool
    """COUNTDOWN: the deadline has been reached."""


class _Scratch:
    """What one fd_format call needs, reused across calls (one per concurrent call):
    the output buffer and the fd_label with their pointers as ready arguments (see
    _ffi.fd_format), and the two int64 arguments as ctypes boxes."""

    __slots__ = ("buf", "buf_p", "info", "info_p", "t", "now")

    def __init__(self) -> None:
        self.buf = ctypes.create_string_buffer(FD_LABEL_CAPACITY)
        self.buf_p = ctypes.byref(self.buf)  # keeps buf alive
        self.info = _ffi.fd_label()
        self.info_p = ctypes.byref(self.info)
        self.t = ctypes.c_int64()
        self.now = ctypes.c_int64()


# Free scratch objects: a call pops one (or makes one) and pushes it back, so
# threads never share a buffer and reentrant calls stay safe. list.pop/append
# are atomic.
_scratch_pool: List[_Scratch] = []
_take_scratch = _scratch_pool.pop
_return_scratch = _scratch_pool.append
_fd_format = _ffi.fd_format  # every argument a ready ctypes object: see _ffi
_fd_format_many = _ffi.fd_format_many  # arrays passed as addresses: see _ffi
_CAPACITY = _ffi.ready(ctypes.c_size_t, FD_LABEL_CAPACITY)  # immutable, shared by all calls
_int64_arg = ctypes.c_int64.from_param  # _ffi.ready(ctypes.c_int64, ...) without the Python call

# Epoch seconds whose milliseconds are in range: the int fast path of format.
_MIN_S = FD_MIN_INSTANT_MS // 1000
_MAX_S = FD_MAX_INSTANT_MS // 1000
# Floats inside this window are finite and rounded inline; the rest go to to_ms.
_FLOAT_S = 1e12

# format_many's ends[]: an array.array of size_t (its buffer goes to C as is).
_SIZE_T_CODE = next(c for c in "LQI" if array.array(c).itemsize == ctypes.sizeof(ctypes.c_size_t))
_ZERO_ENDS = array.array(_SIZE_T_CODE, [0])
# From this many labels on, format_many converts lists and splits the labels with
# numpy when numpy is already imported (below it numpy's per-call overhead costs
# more than it saves).
_NUMPY_SPLIT_MIN = 256
_JUST_INT = {int}
# Instants whose milliseconds format may remember by identity (see Formatter._last_now):
# immutable, and converted by a pure function of the value (not subclasses). A
# datetime only with a fixed-offset timezone: another tzinfo's utcoffset() may
# change its answer.
_CACHEABLE_NOW = (int, float)
_NO_NOW = object()  # a _last_now key no call passes


def _seconds_ms(ts: Any, np: Any) -> Any:
    """Fast path of format_many: a list or tuple of plain int epoch seconds as int64
    milliseconds (an ndarray or array.array), or None when ``ts`` is anything else or
    an instant is outside the supported range (the caller then takes the general
    path, which raises the error to_ms raises)."""
    if type(ts) is not list and type(ts) is not tuple:
        return None
    if set(map(type, ts)) != _JUST_INT:  # bool, float, datetime, numpy ints: the general path
        return None
    if np is not None and len(ts) >= _NUMPY_SPLIT_MIN:
        try:
            seconds = np.array(ts, dtype=np.int64)
        except OverflowError:
            return None
        if seconds.min() < _MIN_S or seconds.max() > _MAX_S:
            return None
        seconds *= 1000
        return seconds
    try:  # the range is checked by the library: FD_ERR_RANGE sends the caller to to_ms
        return array.array("q", [t * 1000 for t in ts])
    except OverflowError:
        return None


def _split_numpy(np: Any, buf: Any, ends: "array.array[int]", n: int, total: int) -> Optional[List[str]]:
    """The n labels concatenated in buf, with a NUL put between neighbours by numpy
    (labels hold no NUL), decoded once and split once. None if the split does not give
    n labels."""
    size = total + n - 1
    stops = np.frombuffer(ends, dtype=np.intp)
    keep = np.ones(size, dtype=np.bool_)
    keep[stops[:-1] + np.arange(n - 1, dtype=np.intp)] = False  # where the NULs go
    joined = np.zeros(size, dtype=np.uint8)
    joined[keep] = np.frombuffer(buf, dtype=np.uint8, count=total)
    labels = str(joined, "utf-8").split("\0")
    return labels if len(labels) == n else None


def _split(buf: Any, ends: "array.array[int]", total: int) -> List[str]:
    """The labels concatenated in buf, ends[i] the byte offset just past label i."""
    raw: bytes = buf[:total]
    stops = ends.tolist()
    if raw.isascii():  # byte offsets are character offsets: decode once
        text = raw.decode("ascii")
        return [text[a:b] for a, b in zip(chain((0,), stops), stops)]
    return [raw[a:b].decode() for a, b in zip(chain((0,), stops), stops)]


def _numpy_ms(np: Any, values: Any) -> Any:
    """A C-contiguous int64 millisecond view (no copy when already so) of a 1-D array
    of datetime64 or integer epoch milliseconds."""
    if values.ndim != 1:
        raise ValueError(f"format_many needs a 1-D array, not {values.ndim}-D: use .ravel()")
    kind = values.dtype.kind
    if kind == "M":
        if np.isnat(values).any():
            raise ValueError("format_many: the array holds NaT; drop or fill the missing instants")
        values = values.astype("datetime64[ms]", copy=False).view(np.int64)
    elif kind == "u":
        if values.size and int(values.max()) > _INT64[1]:
            raise error_for(FD_ERR_RANGE, "format_many: an instant is outside the supported range")
    elif kind != "i":
        raise TypeError(
            f"format_many: a numpy array of dtype {values.dtype} is not instants: pass "
            "datetime64 values or int64 epoch milliseconds"
        )
    return np.ascontiguousarray(values, dtype=np.int64)


class Formatter:
    """Labels instants in one style, locale and time zone (SPEC sections 3-6, 8).

    The options (see below) are SPEC section 6's; a value out of its range is an
    :class:`ArgumentError` whose message, the library's, names the option and
    its range. ``clock`` (e.g. a :class:`ServerClock`) supplies ``now`` when a
    call passes ``now=None``; the default is the local clock.

    Creating a formatter opens ICU data: create it once and reuse it. It is
    immutable and safe to share between threads. format_many releases the GIL
    while the library works; format and label keep it (their C part is ~0.1-0.2 us).
    Errors: :class:`ArgumentError`, :class:`LocaleError`,
    :class:`TimeZoneError`, :class:`ICUError`.
    """

    __slots__ = (
        "_handle", "_handle_arg", "_last_now", "_now", "_clock", "_style", "_locale", "_tz", "_tz_source",
        "__weakref__",
    )

    # The parameters are _options.OPTIONS, written out for IDEs, type checkers and
    # help(); tests/test_options.py checks that names, order and defaults match.
    def __init__(
        self,
        style: str,
        *,
        locale: Optional[str] = None,
        tz: Optional[str] = None,
        hour_cycle: str = "locale",
        width: str = "long",
        recent_relative: bool = False,
        just_now_ms: int = 60000,
        skew_tolerance_ms: int = 60000,
        cross_year_grace_days: int = 0,
        weekday_window_days: int = 6,
        precision: int = 1,
        countdown_days: bool = False,
        clock: Optional[Clock] = None,
    ) -> None:
        given = locals()  # the options by name, for fill
        if clock is not None and not callable(getattr(clock, "now_ms", None)):
            raise error_for(FD_ERR_ARGUMENT, f"clock={clock!r}: use an object with a now_ms() method, e.g. ServerClock")
        opts = fill(style, given)
        handle = _ffi.fd_formatter_p()
        check(_ffi.fd_formatter_new(ctypes.byref(opts), ctypes.byref(handle)))
        self._handle = handle
        weakref.finalize(self, _ffi.fd_formatter_free, handle)
        # The handle as a ready argument of fd_format (it lives as long as self).
        self._handle_arg = _ffi.ready(_ffi.fd_formatter_p, handle.value)
        # The last explicit now of format and what it became: (now, its milliseconds)
        # after one call, (now, a ready int64 argument) from the second on. A page of
        # labels passes one now object call after call, and `is` costs less than
        # converting and boxing it again (~130 ns of a ~1.2 us call); a now that
        # changes every call pays only for storing the pair. One tuple, replaced
        # whole, so that threads always read a matching pair.
        self._last_now: Tuple[object, Any] = (_NO_NOW, None)
        self._clock = clock
        self._now: Callable[[], int] = clock.now_ms if clock is not None else local_now_ms
        self._style = style.lower()
        self._locale = _ffi.optional_text(_ffi.fd_formatter_locale(handle))
        self._tz = _ffi.optional_text(_ffi.fd_formatter_time_zone(handle))
        self._tz_source = _ffi.optional_text(_ffi.fd_formatter_tz_source(handle))

    @property
    def style(self) -> str:
        """The style name, e.g. "chat_list"."""
        return self._style

    @property
    def locale(self) -> str:
        """The locale the formatter resolved to, e.g. "zh_CN"."""
        return self._locale

    @property
    def tz(self) -> str:
        """The IANA zone id in use, e.g. "Asia/Shanghai"."""
        return self._tz

    @property
    def tz_source(self) -> str:
        """The zone database in use, e.g. "tzdata 2025b" (or "icu 2022e" without one)."""
        return self._tz_source

    @property
    def clock(self) -> Optional[Clock]:
        """The clock used for ``now=None`` (None: the local clock)."""
        return self._clock

    def __repr__(self) -> str:
        return f"Formatter({self._style!r}, locale={self._locale!r}, tz={self._tz!r})"

    def format(self, t: Instant, now: Optional[Instant] = None) -> str:
        """The label of ``t`` as seen at ``now`` (None: the formatter's clock)."""
        # to_ms inlined for int and float epoch seconds (the result is to_ms's).
        if type(t) is int and _MIN_S <= t <= _MAX_S:
            t_ms = t * 1000
        elif type(t) is float and -_FLOAT_S < t < _FLOAT_S:
            t_ms = round(t * 1000)
            if not FD_MIN_INSTANT_MS <= t_ms <= FD_MAX_INSTANT_MS:
                t_ms = to_ms(t)  # raises to_ms's RangeError
        else:
            t_ms = to_ms(t)
        last_now, now_arg = self._last_now  # see __init__
        if now is not last_now:
            if now is None:
                now_ms = self._now()
            else:
                if type(now) is int and _MIN_S <= now <= _MAX_S:
                    now_ms = now * 1000
                else:
                    now_ms = to_ms(now)
                if type(now) in _CACHEABLE_NOW or (type(now) is datetime and type(now.tzinfo) is timezone):
                    self._last_now = (now, now_ms)
            now_arg = None  # boxed below
        elif type(now_arg) is int:  # the second call with this now: make it ready
            now_arg = _int64_arg(now_arg)
            self._last_now = (now, now_arg)
        try:
            scratch = _take_scratch()
        except IndexError:
            scratch = _Scratch()
        box = scratch.t
        box.value = t_ms
        if now_arg is None:
            now_arg = scratch.now
            now_arg.value = now_ms
        status = _fd_format(self._handle_arg, box, now_arg, scratch.buf_p, _CAPACITY, None)
        if status:
            _return_scratch(scratch)
            check(status, f"format(t={t!r}, now={now!r})")
        text: str = scratch.buf.value.decode()
        _return_scratch(scratch)
        return text

    def label(self, t: Instant, now: Optional[Instant] = None) -> Label:
        """Like :meth:`format`, with the next change, the day and time parts and
        the countdown's expired flag."""
        t_ms = to_ms(t)
        now_ms = self._now() if now is None else to_ms(now)
        try:
            scratch = _take_scratch()
        except IndexError:
            scratch = _Scratch()
        scratch.t.value = t_ms
        scratch.now.value = now_ms
        status = _fd_format(self._handle_arg, scratch.t, scratch.now, scratch.buf_p, _CAPACITY, scratch.info_p)
        if status:
            _return_scratch(scratch)
            check(status, f"label(t={t!r}, now={now!r})")
        raw: bytes = scratch.buf.value
        info = scratch.info
        day, time = info.day_offset, info.time_offset
        next_ms = info.next_change_ms
        label = Label(
            raw.decode(),
            None if next_ms == FD_NEVER else to_datetime(next_ms),
            raw[day : day + info.day_length].decode(),
            raw[time : time + info.time_length].decode(),
            bool(info.expired),
        )
        _return_scratch(scratch)
        return label

    def format_many(self, ts: Iterable[Instant], now: Optional[Instant] = None) -> List[str]:
        """Labels for every instant of ``ts`` at one ``now``, in one library call.

        ``ts`` is any iterable of instants, or a 1-D numpy array of
        ``datetime64`` or of int64 epoch *milliseconds* (used without a copy
        when already contiguous int64).
        """
        now_ms = self._now() if now is None else to_ms(now)
        np = sys.modules.get("numpy")  # never imported here: used only when already loaded
        fast = None
        if np is not None and isinstance(ts, np.ndarray) and ts.dtype.kind != "O":
            keep = _numpy_ms(np, ts)
        else:
            keep = fast = _seconds_ms(ts, np)
            if keep is None:
                keep = array.array("q", map(to_ms, ts))
        n = len(keep)
        if n == 0:
            return []
        # Addresses of the arrays, which stay alive (keep, ends, buf) across the calls.
        t_at = keep.buffer_info()[0] if isinstance(keep, array.array) else keep.ctypes.data
        ends = _ZERO_ENDS * n
        ends_at = ends.buffer_info()[0]
        cap = n * _MANY_BYTES_PER_LABEL + 1
        buf = ctypes.create_string_buffer(cap)  # calloc: untouched pages cost nothing
        status = _fd_format_many(self._handle, t_at, n, now_ms, buf, cap, ends_at, None)
        if status == FD_ERR_BUFFER:  # the guess was short: ends[n-1] is the size needed
            cap = ends[n - 1] + 1
            buf = ctypes.create_string_buffer(cap)
            status = _fd_format_many(self._handle, t_at, n, now_ms, buf, cap, ends_at, None)
        if status:
            if status == FD_ERR_RANGE and fast is not None:
                array.array("q", map(to_ms, ts))  # raises to_ms's RangeError for the first bad instant
            check(status, f"format_many({n} instants, now={now!r})")
        total = ends[n - 1]
        if np is not None and n >= _NUMPY_SPLIT_MIN:
            labels = _split_numpy(np, buf, ends, n, total)
            if labels is not None:
                return labels
        return _split(buf, ends, total)


Formatter.__doc__ = f"{Formatter.__doc__}\n    Options:\n\n" + "\n".join(
    "    " + line for line in describe().splitlines()
) + "\n"
