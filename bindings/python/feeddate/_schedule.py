"""Schedules (SPEC section 11): the labels an instant will show from now on,
each with the instant it starts, and their wire form.

Both come from the library: the wire form is fd_schedule_json's bytes as they
are (no JSON is written in Python), the entries fd_schedule's. A
:class:`Schedule` makes the fd_schedule_json call when it is made (so a bad
horizon or max_entries fails at once) and the fd_schedule call the first time
its entries or ``until`` are read (a server that only sends the wire form pays
for one call).

Formatter.html and Formatter.script_json (1.3) take schedule's arguments, read
by the same code, and return fd_schedule_html's and fd_schedule_script_json's
bytes as they are, through the same buffer call (buffer_text): no markup and
no escape is written in Python.
"""

from __future__ import annotations

import array
import ctypes
import math
import operator
from datetime import datetime, timedelta
from decimal import Decimal
from fractions import Fraction
from itertools import chain
from typing import TYPE_CHECKING, Any, Callable, Iterator, List, NamedTuple, Optional, Sequence, Tuple, Union, overload

from . import _ffi
from ._errors import FD_ERR_ARGUMENT, FD_ERR_BUFFER, error_for
from ._ffi import FD_NEVER, FD_SCHEDULE_DEFAULT_HORIZON_MS, FD_SCHEDULE_DEFAULT_MAX_ENTRIES, check
from ._instant import _DT64_UNITS, EPOCH, INT64, float_to_ms, to_datetime
from ._modules import module_of

if TYPE_CHECKING:
    from ._formatter import Formatter

#: The defaults of Formatter.schedule (SPEC section 11: one day, 1,000 entries;
#: the header's FD_SCHEDULE_DEFAULT_HORIZON_MS and FD_SCHEDULE_DEFAULT_MAX_ENTRIES).
DEFAULT_HORIZON = timedelta(milliseconds=FD_SCHEDULE_DEFAULT_HORIZON_MS)
DEFAULT_MAX_ENTRIES = FD_SCHEDULE_DEFAULT_MAX_ENTRIES

#: What a horizon may be: a timedelta, or seconds as an int or a float.
Horizon = Union[timedelta, int, float]

_SIZE_MAX: int = 2 ** (8 * ctypes.sizeof(ctypes.c_size_t)) - 1
_SIZE_T_CODE = next(c for c in "LQI" if array.array(c).itemsize == ctypes.sizeof(ctypes.c_size_t))
_MICROSECOND = timedelta(microseconds=1)
_HOW = "use a datetime.timedelta, or seconds as an int or a float"

# The output buffers of fd_schedule_json and its kind (see buffer_text), reused
# across calls (one per concurrent call; list.pop/append are atomic). A buffer
# grows to the largest text asked for, up to _KEEP_BYTES; a larger one is used
# once and dropped.
_FIRST_BYTES = 4096
_KEEP_BYTES = 1 << 20
_json_buffers: List[Any] = []


def _is_timedelta64(value: Any) -> bool:
    numpy = module_of(value, "numpy")  # never imported here: a numpy value means it is loaded
    return numpy is not None and isinstance(value, numpy.timedelta64)


def _timedelta64_ms(value: Any) -> int:
    """A numpy.timedelta64's milliseconds, from its own unit (not read as seconds)."""
    import numpy  # loaded: value is one of its types

    if numpy.isnat(value):
        raise error_for(FD_ERR_ARGUMENT, f"horizon={value!r} (NaT) is not a duration; {_HOW}")
    unit, count = numpy.datetime_data(value.dtype)
    if unit not in _DT64_UNITS:  # generic, or months and years, which have no fixed length
        raise TypeError(f"horizon={value!r}: a timedelta64 in {unit!r} has no fixed length; {_HOW}")
    num, den = _DT64_UNITS[unit]
    return int(value.astype(numpy.int64)) * count * num // den  # exact: floored


def horizon_ms(horizon: Any) -> int:
    """A horizon in milliseconds by SPEC 11's rule (1.3), the same in every
    binding: a timedelta (also a pandas.Timedelta or a numpy.timedelta64, in its
    own unit), int seconds, a Decimal or a Fraction are exact and floored; a
    float is rounded to the microsecond, then floored (1.0004 s is 1000 ms). The
    range (0 .. 366 days) is the library's to check and word; a value that does
    not fit the C argument (int64_t), an infinity included, is clamped to it so
    that the library words that too."""
    if isinstance(horizon, timedelta):
        pandas = module_of(horizon, "pandas")  # never imported here
        if pandas is not None and isinstance(horizon, pandas.Timedelta):  # nanoseconds
            ms = int(horizon.value) // 1_000_000
        else:
            ms = horizon // _MICROSECOND // 1000  # exact: timedeltas count microseconds
    elif isinstance(horizon, bool):
        raise TypeError(f"horizon={horizon!r}: a bool is not a horizon; {_HOW}")
    elif _is_timedelta64(horizon):
        ms = _timedelta64_ms(horizon)
    elif isinstance(horizon, (Decimal, Fraction)):
        if isinstance(horizon, Decimal) and not horizon.is_finite():
            return _clamped_or_nan(horizon, float(horizon))
        ms = math.floor(Fraction(horizon) * 1000)
    elif (
        isinstance(horizon, (int, float)) or hasattr(type(horizon), "__index__") or hasattr(type(horizon), "__float__")
    ):
        try:
            ms = operator.index(horizon) * 1000
        except TypeError:  # float, numpy floats, ...
            seconds = float(horizon)
            if not -1e16 < seconds < 1e16:  # NaN, the infinities, beyond int64 milliseconds
                return _clamped_or_nan(horizon, seconds)
            ms = float_to_ms(seconds)
    else:
        raise TypeError(f"horizon={horizon!r}: {type(horizon).__name__} is not a horizon; {_HOW}")
    return min(max(ms, INT64[0]), INT64[1])


def _clamped_or_nan(horizon: Any, seconds: float) -> int:
    """A horizon beyond int64 milliseconds clamped to it (the library refuses it in
    its own words); NaN is no number of seconds at all."""
    if math.isnan(seconds):
        raise error_for(FD_ERR_ARGUMENT, f"horizon={horizon!r} is not a number of seconds; {_HOW}")
    return INT64[0] if seconds < 0 else INT64[1]


def entry_count(max_entries: Any) -> int:
    """max_entries as the C argument (size_t). The range (1 .. 100,000) is the
    library's to check and word: an int beyond int64 is clamped to it, and a
    negative one is passed as its two's complement, which the library names as
    the negative number meant ("max_entries -5 is out of range 1...100000")."""
    if isinstance(max_entries, bool):
        raise TypeError(f"max_entries={max_entries!r}: use an int")
    try:
        count: int = operator.index(max_entries)
    except TypeError:
        raise TypeError(f"max_entries={max_entries!r}: use an int, not {type(max_entries).__name__}") from None
    return min(max(count, INT64[0]), INT64[1]) & _SIZE_MAX


def check_limits(formatter: "Formatter", horizon: Any, max_entries: Any) -> Tuple[int, int]:
    """(horizon in ms, max_entries) checked by the library at once, before any
    instant is at hand (the command does this before it reads standard input):
    two calls that cost one label each (a horizon with one entry, max_entries
    with a horizon of 0). Raises the library's ArgumentError."""
    h, m = horizon_ms(horizon), entry_count(max_entries)
    length = ctypes.c_size_t()
    for h_ms, count in ((h, 1), (0, m)):
        status = _ffi.fd_schedule_json(formatter._handle, 0, 0, h_ms, count, None, 0, ctypes.byref(length))
        if status != FD_ERR_BUFFER:  # no buffer: the size is all a valid call can report
            check(status)
    return h, m


class ScheduleEntry(NamedTuple):
    """One entry of a :class:`Schedule`: a label and the instant from which it shows."""

    text: str
    """The label, e.g. "5 minutes ago"."""
    start: datetime
    """When the label starts to show (aware UTC datetime); the first entry's is the schedule's ``now``."""


class Schedule(Sequence[ScheduleEntry]):
    """The labels instant ``t`` shows from ``now`` on (SPEC section 11), from
    :meth:`Formatter.schedule`: a sequence of :class:`ScheduleEntry` (text,
    start), where each text differs from the one before; ``now``, ``until``
    and :meth:`to_json`, the wire form every client reads. Immutable; equal
    when their wire forms are."""

    __slots__ = ("_formatter", "_t_ms", "_now_ms", "_horizon_ms", "_max_entries", "_wire", "_loaded")

    def __init__(
        self, formatter: "Formatter", t_ms: int, now_ms: int, horizon_ms: int, max_entries: int, context: str
    ) -> None:
        self._formatter = formatter
        self._t_ms = t_ms
        self._now_ms = now_ms
        self._horizon_ms = horizon_ms
        self._max_entries = max_entries
        self._wire = _wire(formatter, t_ms, now_ms, horizon_ms, max_entries, context)
        # (entries, until in ms): read from fd_schedule on first use (see _entries).
        self._loaded: Optional[Tuple[Tuple[ScheduleEntry, ...], int]] = None

    @property
    def now(self) -> datetime:
        """The instant the schedule was made for (aware UTC datetime): the first entry's start."""
        return to_datetime(self._now_ms)

    @property
    def until(self) -> Optional[datetime]:
        """The next change of the last entry (aware UTC datetime): from then on the
        schedule holds no right text and a client needs a new one. None when the
        schedule is complete (its last label never changes)."""
        until_ms = self._load()[1]
        return None if until_ms == FD_NEVER else to_datetime(until_ms)

    def to_json(self) -> str:
        """The wire form (SPEC section 11), the library's bytes as they are:
        ``{"v":1,"now":N,"labels":[[text,d0],[text,d1],...],"until":U}``, where the
        d are milliseconds since the previous entry's start (d0 = 0) and U is
        ``until`` in epoch milliseconds or null."""
        return self._wire

    def _load(self) -> Tuple[Tuple[ScheduleEntry, ...], int]:
        loaded = self._loaded
        if loaded is None:  # two threads may both get here: both read the same, either keeps it
            loaded = self._loaded = _entries(self)
        return loaded

    def __len__(self) -> int:
        return len(self._load()[0])

    @overload
    def __getitem__(self, index: int) -> ScheduleEntry: ...

    @overload
    def __getitem__(self, index: slice) -> Tuple[ScheduleEntry, ...]: ...

    def __getitem__(self, index: Any) -> Any:
        return self._load()[0][index]

    def __iter__(self) -> Iterator[ScheduleEntry]:
        return iter(self._load()[0])

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Schedule):
            return self._wire == other._wire
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._wire)

    def __repr__(self) -> str:
        entries, until_ms = self._load()
        shown = ", ".join(f"({e.text!r}, {_iso(e.start)})" for e in entries[:3])
        more = f", ... {len(entries) - 3} more" if len(entries) > 3 else ""
        until = "None" if until_ms == FD_NEVER else _iso(to_datetime(until_ms))
        return f"<Schedule now={_iso(self.now)} [{shown}{more}] until={until}>"


def _iso(value: datetime) -> str:
    return value.isoformat(timespec="milliseconds").replace("+00:00", "Z")


def _wire(formatter: "Formatter", t_ms: int, now_ms: int, h_ms: int, max_entries: int, context: str) -> str:
    """fd_schedule_json's wire form, decoded (its bytes are UTF-8)."""
    return buffer_text(_ffi.fd_schedule_json, (formatter._handle, t_ms, now_ms, h_ms, max_entries), context)


def buffer_text(function: Callable[..., int], args: Tuple[Any, ...], context: str) -> str:
    """What ``function(*args, buf, cap, &length)`` writes, decoded (UTF-8): a C
    call that buffers as fd_schedule_json does (fd_schedule_json, and 1.3's
    fd_schedule_html and fd_schedule_script_json). A reused buffer first; on
    FD_ERR_BUFFER (length: the bytes needed without the NUL) one more call with
    a buffer that holds them. Another status: the library's error, with
    ``context``."""
    try:
        buf = _json_buffers.pop()
    except IndexError:
        buf = ctypes.create_string_buffer(_FIRST_BYTES)
    length = ctypes.c_size_t()
    status = function(*args, buf, len(buf), ctypes.byref(length))
    if status == FD_ERR_BUFFER:
        buf = ctypes.create_string_buffer(max(length.value + 1, 2 * len(buf)))
        status = function(*args, buf, len(buf), ctypes.byref(length))
    if status:
        _json_buffers.append(buf)
        check(status, context)
    text = ctypes.string_at(buf, length.value).decode()
    if len(buf) <= _KEEP_BYTES:
        _json_buffers.append(buf)
    return text


def _entries(schedule: Schedule) -> Tuple[Tuple[ScheduleEntry, ...], int]:
    """(entries, until in ms) from fd_schedule, for the schedule's arguments."""
    wire = schedule._wire
    # The texts take fewer bytes than the wire form, which holds each of them
    # (escaped) and more. An entry ends with "],[" or "]],", so there are at
    # most that many entries: a schedule of at most that many entries is the
    # same list (it stops at the same entry, with the same until), and ends and
    # from_ms need only that many elements.
    count = min(schedule._max_entries, wire.count("],[") + 1)
    cap = len(wire.encode()) + 1
    buf = ctypes.create_string_buffer(cap)
    ends = array.array(_SIZE_T_CODE, [0]) * count
    starts = array.array("q", [0]) * count
    n = ctypes.c_size_t()
    until = ctypes.c_int64()
    args = (schedule._formatter._handle, schedule._t_ms, schedule._now_ms, schedule._horizon_ms, count)
    status = _ffi.fd_schedule(
        *args, buf, cap, ends.buffer_info()[0], starts.buffer_info()[0], ctypes.byref(n), ctypes.byref(until)
    )
    if status == FD_ERR_BUFFER and n.value:  # not expected (see above): ends[n-1] is the size needed
        cap = ends[n.value - 1] + 1
        buf = ctypes.create_string_buffer(cap)
        status = _ffi.fd_schedule(
            *args, buf, cap, ends.buffer_info()[0], starts.buffer_info()[0], ctypes.byref(n), ctypes.byref(until)
        )
    check(status, "schedule")
    stops = ends[: n.value].tolist()
    raw = buf.raw[: stops[-1]]
    bounds = zip(chain((0,), stops), stops)
    if raw.isascii():  # byte offsets are character offsets: decode once
        text = raw.decode("ascii")
        texts = [text[a:b] for a, b in bounds]
    else:
        texts = [raw[a:b].decode() for a, b in bounds]
    starts_at = [EPOCH + timedelta(milliseconds=ms) for ms in starts[: n.value]]
    return tuple(map(ScheduleEntry, texts, starts_at)), until.value
