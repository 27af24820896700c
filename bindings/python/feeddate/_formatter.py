"""Formatter and Label: SPEC section 8 over the C API."""

from __future__ import annotations

import array
import ctypes
import math
import operator
import os
import weakref
from datetime import datetime, timedelta, timezone
from itertools import repeat
from operator import floordiv as _floordiv
from operator import sub as _sub
from typing import Any, Callable, Dict, Iterable, List, NamedTuple, Optional, Tuple

from . import _ffi, _lists
from ._arrays import MANY_BYTES_PER_LABEL, float_ms, numpy_ms
from ._clock import Clock, ServerClock, clock_reader
from ._errors import FD_ERR_ARGUMENT, FD_ERR_BUFFER, FD_ERR_INTERNAL, FD_ERR_RANGE, FD_ERR_TIME_ZONE, Error, error_for
from ._ffi import FD_LABEL_CAPACITY, FD_MAX_INSTANT_MS, FD_MIN_INSTANT_MS, FD_NEVER, check
from ._instant import (
    EPOCH,
    UNITS,
    Instant,
    float_to_ms,
    local_now_ms,
    range_error,
    seconds_to_ms,
    to_datetime,
    to_ms,
)
from ._modules import loaded, module_of
from ._options import OPTIONS, describe, fill, host_zone_hint, zone_hint
from ._schedule import DEFAULT_HORIZON, DEFAULT_MAX_ENTRIES, Horizon, Schedule, buffer_text, entry_count, horizon_ms

# format_many's first guess of UTF-8 bytes per label; a larger need costs one more call.
_MANY_BYTES_PER_LABEL = MANY_BYTES_PER_LABEL
# Instants per fd_format_many call of format_many and batch (see Formatter._many).
_MANY_CHUNK = 1 << 16


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
_fd_format_many_nul = _ffi.fd_format_many_nul  # arrays passed as addresses: see _ffi
_CAPACITY = _ffi.ready(ctypes.c_size_t, FD_LABEL_CAPACITY)  # immutable, shared by all calls
_int64_arg = ctypes.c_int64.from_param  # _ffi.ready(ctypes.c_int64, ...) without the Python call

# Epoch seconds whose milliseconds are in range: the int fast path of format.
_MIN_S = FD_MIN_INSTANT_MS // 1000
_MAX_S = FD_MAX_INSTANT_MS // 1000
# Floats inside this window are finite and converted inline (SPEC 11's rule); the rest go to to_ms.
_FLOAT_S = 1e12

# format_many's ends[]: an array.array of size_t (its buffer goes to C as is).
_SIZE_T_CODE = next(c for c in "LQI" if array.array(c).itemsize == ctypes.sizeof(ctypes.c_size_t))
_ZERO_ENDS = array.array(_SIZE_T_CODE, [0])
# From this many numbers on, format_many converts a list with numpy when numpy is
# already imported (below it numpy's per-call overhead costs more than it saves).
_NUMPY_LIST_MIN = 256
# From this many numbers on, format_many converts a list with _lists (below, one
# Python step per element costs less than _lists' fixed cost).
_LANES_MIN = 64
_LIST_UNITS = (None, "s", "ms")  # the units a list has a fast path in
_JUST_INT = frozenset({int})
_JUST_FLOAT = frozenset({float})
_INT_FLOAT = frozenset({int, float})
_JUST_DATETIME = frozenset({datetime})
_ONE_MS = timedelta(milliseconds=1)
_ONE_KIND = {int: _JUST_INT, float: _JUST_FLOAT, datetime: _JUST_DATETIME}
_OTHER_NUMBER = {int: float, float: int}
# Instants whose milliseconds format may remember by identity (see Formatter._last_now):
# immutable, and converted by a pure function of the value (not subclasses). A
# datetime only with a fixed-offset timezone: another tzinfo's utcoffset() may
# change its answer.
_CACHEABLE_NOW = (int, float)
_NO_NOW = object()  # a _last_now key no call passes


def _list_ms(ts: Any, unit: Optional[str], np: Any = None) -> Any:
    """Fast path of format_many for a list or tuple whose elements are all plain
    ``int`` (epoch seconds, or milliseconds with unit="ms"), all plain ``float``
    or ``int`` seconds, or all aware ``datetime`` objects: their int64
    milliseconds as an array.array, converted without a Python step per element
    (see _lists), or None when ``ts`` is anything else or the fast path says no
    (the caller then takes the general path, element by element, which gives
    exactly these milliseconds or raises its error naming the element). Values
    that pass here but lie outside the supported range are refused by the
    library (FD_ERR_RANGE), and the caller then finds the culprit the same way.
    The element types, counted (_kinds, ~8 ns an element), keep bools, numpy
    scalars and subclasses on the general path. ``np``: numpy when it is
    already imported; from _NUMPY_LIST_MIN numbers on it converts them (an
    ndarray, ~2.5 times as fast as _lists)."""
    if type(ts) is not list and type(ts) is not tuple or unit not in _LIST_UNITS:
        return None  # us and ns: floor divisions, the general path's
    n = len(ts)
    kinds = _kinds(ts) if n >= _LANES_MIN else set(map(type, ts))  # a set costs less for a few
    if np is not None and n >= _NUMPY_LIST_MIN and kinds and kinds <= _INT_FLOAT:
        return _numpy_list_ms(np, ts, unit, kinds)
    # _lists costs ~3 us a call whatever the length (its lane constants, ~20 big-int
    # steps): below _LANES_MIN numbers one Python step per element costs less.
    lanes = n >= _LANES_MIN and _lists.ENABLED
    if unit is None or unit == "s":
        if kinds == _JUST_INT:
            if lanes:
                return _lists.int_seconds_ms(ts)
            try:  # checked by the library: FD_ERR_RANGE sends the caller to to_ms
                return array.array("q", [t * 1000 for t in ts])
            except OverflowError:
                return None
        if kinds == _JUST_FLOAT or kinds == _INT_FLOAT:
            # time.time() values, a float column's tolist(): SPEC 11's rule, one by one
            # (exact on each float's ratio; an int t gives t * 1000, to_ms's).
            try:
                return array.array("q", map(seconds_to_ms, ts))
            except (OverflowError, ValueError):  # infinity, NaN, beyond int64
                return None
        if kinds == _JUST_DATETIME:
            # (t - EPOCH) // 1 ms is to_ms's arithmetic for an aware datetime, one
            # C call per element; a naive one (or a tzinfo that fails) is an
            # exception here and to_ms's error on the general path.
            try:
                return array.array("q", map(_floordiv, map(_sub, ts, repeat(EPOCH)), repeat(_ONE_MS)))
            except Exception:
                return None
    elif unit == "ms" and kinds == _JUST_INT:
        return _lists.int_ms(ts)
    return None


def _kinds(ts: Any) -> Any:
    """The set of the element types of a list or tuple, for _list_ms; counted, which
    costs less than a set (~8 ns an element, not ~11) when all are one type."""
    types = list(map(type, ts))
    n = len(types)
    if n == 0:
        return set()
    first = types[0]
    same = types.count(first)  # one pass when all are of one type
    if same == n:
        return _ONE_KIND.get(first) or {first}
    other = _OTHER_NUMBER.get(first)
    if other is not None and same + types.count(other) == n:
        return _INT_FLOAT
    return set(types)


def _numpy_list_ms(np: Any, ts: Any, unit: Optional[str], kinds: Any) -> Any:
    """_list_ms by numpy: int64 milliseconds, or None as _list_ms says it. Floats
    are converted as to_ms converts them (SPEC 11's rule, exactly: _arrays.float_ms)."""
    if unit is not None and unit != "s":
        if unit != "ms" or kinds != _JUST_INT:
            return None
        try:
            return np.array(ts, dtype=np.int64)  # the library checks the range
        except OverflowError:
            return None
    if kinds == _JUST_INT:
        try:
            seconds = np.array(ts, dtype=np.int64)
        except OverflowError:
            return None
        if seconds.min() < _MIN_S or seconds.max() > _MAX_S:
            return None
        seconds *= 1000
        return seconds
    try:
        ms, bad = float_ms(np, np.array(ts, dtype=np.float64), 1000, 1)
    except (OverflowError, TypeError, ValueError):  # an int too big for a double
        return None
    return None if bad is not None else ms


def _split(buf: Any, ends: "array.array[int]", m: int) -> List[str]:
    """The m labels of one fd_format_many_nul call (ends may be longer than m): its
    text decoded at once and split at the NULs that end the labels, both in C, with
    no Python step per label (slices by ends cost 2-4 times as much)."""
    labels = ctypes.string_at(buf, ends[m - 1] - 1).decode().split("\0")
    if len(labels) != m:  # labels hold no NUL (feeddate.h): the library's fault
        raise error_for(FD_ERR_INTERNAL, f"fd_format_many_nul gave {len(labels)} labels for {m} instants")
    return labels


def _at_index(exc: BaseException, where: str, index: int) -> BaseException:
    """``exc`` (raised for element ``index`` of ts) again, of the same class and
    status, with a message that names the element."""
    message = f"{where}: ts[{index}]: {exc}"
    if isinstance(exc, Error):
        return error_for(exc.status, message)
    try:
        return type(exc)(message)
    except Exception:  # an exception class with other arguments: as it was
        return exc


def _converted(convert: Callable[[Any], int], ts: Iterable[Instant], where: str) -> "array.array[int]":
    """Every instant of ``ts`` in milliseconds by ``convert``; an error names the
    element (its index in ts) it was raised for."""
    try:
        items = iter(ts)
    except TypeError:
        raise TypeError(f"{where}: {type(ts).__name__} is not an iterable of instants") from None
    keep = array.array("q")
    try:
        keep.extend(map(convert, items))  # keeps what came before a failure: its length is the index
    except (ValueError, TypeError) as exc:
        raise _at_index(exc, where, len(keep)) from None
    return keep


def _unit_of(unit: Optional[str], where: str) -> Optional[str]:
    """unit= checked: None or one of UNITS (any case)."""
    if unit is None:
        return None
    if isinstance(unit, str) and unit.lower() in UNITS:
        return unit.lower()
    raise ValueError(f"{where}: unit={unit!r}: use one of " + ", ".join(repr(u) for u in UNITS))


def _in_unit(unit: str) -> Callable[[object], int]:
    """to_ms for plain numbers counted in ``unit`` (datetimes as to_ms reads them)."""
    num, den = UNITS[unit]

    def convert(value: object) -> int:
        if isinstance(value, (bool, datetime)):
            return to_ms(value)  # a datetime as always; a bool: its TypeError
        if isinstance(value, float):
            if not math.isfinite(value):
                return to_ms(value)  # its ValueError
            ms = float_to_ms(value, num, den)  # SPEC 11's rule
        else:
            try:
                ms = operator.index(value) * num // den  # type: ignore[arg-type]
            except TypeError:  # datetime64, Timestamp, or no instant at all: to_ms's answer
                return to_ms(value)
        if FD_MIN_INSTANT_MS <= ms <= FD_MAX_INSTANT_MS:
            return ms
        raise range_error(ms, after=f"; given {value!r} ({unit})")  # the library's message for ms, clamped

    return convert


def _restore(style: str, options: Dict[str, Any]) -> "Formatter":
    """Formatter.__reduce__'s rebuilder: a formatter with the pickled options."""
    return Formatter(style, **options)


class Batch(NamedTuple):
    """What :meth:`Formatter.batch` returns: the labels and one timer for all of them."""

    texts: List[str]
    """The labels, in the order of the instants."""
    next_change: Optional[datetime]
    """The earliest instant at which any of the labels changes (aware UTC datetime), or
    None when none ever changes again (or there were no instants)."""


class Formatter:
    """Labels instants in one style, locale and time zone (SPEC sections 3-6, 8).

    The options (see below) are SPEC section 6's; a value out of its range is an
    :class:`ArgumentError` whose message, the library's, names the option and
    its range. ``clock`` (e.g. a :class:`ServerClock`) supplies ``now`` when a
    call passes ``now=None``; the default is the local clock.

    ``locale``: one id, or a priority list in Accept-Language form
    ("tlh, de-CH;q=0.9"): the first entry ICU has data for wins, and no entry
    with data is a :class:`LocaleError` naming them (never a silent fall-back).
    ``locale=None`` (only None) means the host's (``LC_ALL``, ``LC_MESSAGES``,
    ``LANG``); ``tz=None`` the host's zone (``$TZ``, else ``/etc/localtime``).
    ``tz`` also takes a ``zoneinfo.ZoneInfo`` (its key) or
    ``datetime.timezone.utc``; other tzinfo objects are a TypeError.
    :attr:`locale` and :attr:`tz` report what was resolved.

    Instants (``t``, ``now``): an aware ``datetime`` or ``pandas.Timestamp``, a
    ``numpy.datetime64`` (read as UTC), or epoch *seconds* (int or float); NaT
    and naive datetimes are a ValueError. :meth:`format_many` and
    :meth:`batch` also take numpy arrays: datetime64 (their own unit), or
    integers or floats with ``unit="s"|"ms"|"us"|"ns"``, which is required
    (units are never guessed). ``clock.now_ms()`` must return epoch
    milliseconds (an int; a float is rounded); seconds, or a value out of
    range, is an error that says so.

    Creating a formatter opens ICU data: create it once and reuse it. It is
    immutable and safe to share between threads. format_many releases the GIL
    while the library works; format and label keep it (their C part is ~0.1-0.2 us).
    There is no close(): the library's formatter is freed when this object is
    garbage, which cannot happen while a call on any thread still uses it
    (the call holds a reference), and not at interpreter exit, when daemon
    threads may still be inside the library.
    It pickles by its options with the *resolved* locale and zone, so a worker
    process whose ``TZ`` or ``LANG`` differ labels the same; a formatter holding
    a :class:`ServerClock` does not pickle (TypeError): the clock is this
    process's. Errors: :class:`ArgumentError`, :class:`LocaleError`,
    :class:`TimeZoneError`, :class:`ICUError`.
    """

    __slots__ = (
        "_handle",
        "_handle_arg",
        "_last_now",
        "_now",
        "_clock",
        "_style",
        "_locale",
        "_tz",
        "_tz_source",
        "_given",
        "__weakref__",
    )

    # The parameters are _options.OPTIONS, written out for IDEs, type checkers and
    # help(); tests/test_options.py checks that names, order and defaults match.
    def __init__(
        self,
        style: str,
        *,
        locale: Optional[str] = None,
        tz: Optional[Any] = None,
        hour_cycle: str = "locale",
        width: str = "long",
        recent_relative: bool = False,
        just_now_ms: int = 60000,
        skew_tolerance_ms: int = 60000,
        cross_year_grace_days: int = 0,
        weekday_window_days: int = 6,
        precision: int = 1,
        countdown_days: bool = False,
        plain_spaces: bool = False,
        spoken: bool = False,
        overtime: bool = False,
        max_unit: str = "year",
        just_now_text: Optional[str] = None,
        yesterday_text: Optional[str] = None,
        day_before_yesterday_text: Optional[str] = None,
        tomorrow_text: Optional[str] = None,
        clock: Optional[Clock] = None,
    ) -> None:
        given = locals()  # the options by name, for fill
        if clock is not None and not callable(getattr(clock, "now_ms", None)):
            raise error_for(FD_ERR_ARGUMENT, f"clock={clock!r}: use an object with a now_ms() method, e.g. ServerClock")
        opts = fill(style, given)
        handle = _ffi.fd_formatter_p()
        status = _ffi.fd_formatter_new(ctypes.byref(opts), ctypes.byref(handle))
        if status == FD_ERR_TIME_ZONE:
            try:
                check(status)
            except Error as exc:  # the library's message, with a "did you mean" for the id or $TZ
                message = str(exc)
                if opts.time_zone is not None:
                    hinted = zone_hint(message, opts.time_zone.decode("utf-8", "surrogatepass"))
                else:  # the host's zone: the library read $TZ
                    hinted = host_zone_hint(message, os.environ.get("TZ"))
                raise error_for(status, hinted) from None
        check(status)
        # The options that differ from their defaults (for pickling and repr).
        self._given = {
            option.name: given[option.name] for option in OPTIONS[3:] if given[option.name] != option.default
        }
        self._handle = handle
        # Freed when the formatter is garbage: never while a call uses it, since a
        # call in flight (on any thread) holds a reference to it. Not at exit:
        # there, daemon threads may still be inside the library with it, and the
        # process is ending anyway.
        weakref.finalize(self, _ffi.fd_formatter_free, handle).atexit = False
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
        # The clock's now_ms, its value checked (an int of milliseconds, not seconds).
        self._now: Callable[[], int] = clock_reader(clock) if clock is not None else local_now_ms
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
        """Where the zone's rules come from: "tzdata <version>" when a file of the
        zone database was read (e.g. "tzdata 2025b"), "posix" for a POSIX TZ string
        or UTC, which need no database."""
        return self._tz_source

    @property
    def clock(self) -> Optional[Clock]:
        """The clock used for ``now=None`` (None: the local clock)."""
        return self._clock

    def __repr__(self) -> str:
        """The formatter as a call that makes an equal one: resolved locale and zone,
        and the options that are not at their defaults."""
        options = "".join(f", {name}={value!r}" for name, value in self._given.items())
        clock = "" if self._clock is None else f", clock={self._clock!r}"
        return f"Formatter({self._style!r}, locale={self._locale!r}, tz={self._tz!r}{options}{clock})"

    def __reduce__(self) -> Tuple[Any, ...]:
        """Pickle by the options, with the resolved locale and zone (not None): a
        worker process with another TZ or LANG makes the same formatter."""
        if isinstance(self._clock, ServerClock):
            raise TypeError(
                f"cannot pickle {self!r}: its ServerClock is tied to this process's monotonic clock; "
                "pickle a Formatter without clock= and build the ServerClock in the worker "
                "(or pass now= explicitly)"
            )
        options: Dict[str, Any] = {"locale": self._locale, "tz": self._tz, **self._given}
        if self._clock is not None:
            options["clock"] = self._clock
        return (_restore, (self._style, options))

    def __copy__(self) -> "Formatter":
        return self  # immutable

    def __deepcopy__(self, memo: Dict[int, Any]) -> "Formatter":
        return self

    def format(self, t: Instant, now: Optional[Instant] = None) -> str:
        """The label of ``t`` as seen at ``now`` (None: the formatter's clock)."""
        # to_ms inlined for int and float epoch seconds (the result is to_ms's).
        if type(t) is int and _MIN_S <= t <= _MAX_S:
            t_ms = t * 1000
        elif type(t) is float and -_FLOAT_S < t < _FLOAT_S:
            t_ms = seconds_to_ms(t)
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

    def schedule(
        self,
        t: Instant,
        now: Optional[Instant] = None,
        *,
        horizon: Horizon = DEFAULT_HORIZON,
        max_entries: int = DEFAULT_MAX_ENTRIES,
    ) -> Schedule:
        """The labels ``t`` shows from ``now`` (None: the formatter's clock) on, each
        with the instant it starts (SPEC section 11): a :class:`Schedule` of
        :class:`ScheduleEntry` (text, start), with ``now``, ``until`` and
        :meth:`Schedule.to_json`, the wire form a web or app client swaps texts
        from (the library's bytes as they are).

        Entry 0 starts at ``now``, each next one at the previous label's next
        change. The list stops at the first label that never changes (complete:
        ``until`` is None), at ``max_entries`` entries, or at a label whose next
        change is at or after ``now + horizon``; ``until`` is the last label's
        next change, when the client needs a new schedule. ``horizon``: a
        timedelta or seconds (int or float), floored to the millisecond (SPEC 11),
        0 .. 366 days (0: one entry and its until); ``max_entries`` 1 .. 100,000.
        Out of range: the library's :class:`ArgumentError`. ``t`` and ``now`` as
        :meth:`format` takes them. Costs one label and one next change per entry.
        """
        return Schedule(self, *self._schedule_args(t, now, horizon, max_entries), f"schedule(t={t!r}, now={now!r})")

    def html(
        self,
        t: Instant,
        now: Optional[Instant] = None,
        *,
        horizon: Horizon = DEFAULT_HORIZON,
        max_entries: int = DEFAULT_MAX_ENTRIES,
        spoken: bool = False,
    ) -> str:
        """The markup of a live label (1.3, SPEC 11 "Semantics and screen
        readers"), the library's ``fd_schedule_html`` bytes as they are::

            <time datetime="D" title="T"><feed-date data-schedule="WIRE">text</feed-date></time>

        D: ``t`` in UTC (``YYYY-MM-DDTHH:MM:SS.sssZ``); T: the ``feed_detail``
        label of ``t`` at ``now`` with this formatter's locale, zone and options;
        WIRE: :meth:`schedule`'s wire form; text: its label at ``now``; every
        value escaped by the library. ``spoken=True`` adds
        ``data-spoken-schedule="WIRE2"``, the schedule of the same options plus
        ``spoken``, for the web client's spoken label. ``t``, ``now``,
        ``horizon`` and ``max_entries`` as :meth:`schedule` takes them, with
        its errors (the library's :class:`ArgumentError` out of range).
        """
        if not isinstance(spoken, bool):
            raise TypeError(f"spoken={spoken!r}: use True or False")
        return buffer_text(
            _ffi.fd_schedule_html,
            (self._handle, *self._schedule_args(t, now, horizon, max_entries), _ffi.FD_HTML_SPOKEN if spoken else 0),
            f"html(t={t!r}, now={now!r})",
        )

    def script_json(
        self,
        t: Instant,
        now: Optional[Instant] = None,
        *,
        horizon: Horizon = DEFAULT_HORIZON,
        max_entries: int = DEFAULT_MAX_ENTRIES,
    ) -> str:
        """:meth:`schedule`'s wire form made safe inside ``<script>`` (1.3, SPEC 11
        "Script context"), the library's ``fd_schedule_script_json`` bytes as
        they are: ``< > &`` U+2028 U+2029 as ``\\u003c \\u003e \\u0026 \\u2028
        \\u2029``, valid JSON that parses to the same object as
        ``schedule(...).to_json()``. Arguments and errors as :meth:`schedule`'s.
        """
        return buffer_text(
            _ffi.fd_schedule_script_json,
            (self._handle, *self._schedule_args(t, now, horizon, max_entries)),
            f"script_json(t={t!r}, now={now!r})",
        )

    def _schedule_args(
        self, t: Instant, now: Optional[Instant], horizon: Horizon, max_entries: int
    ) -> Tuple[int, int, int, int]:
        """(t_ms, now_ms, horizon_ms, max_entries) as the C calls of :meth:`schedule`,
        :meth:`html` and :meth:`script_json` take them: now None is the
        formatter's clock; the ranges are the library's to check."""
        t_ms = to_ms(t)
        now_ms = self._now() if now is None else to_ms(now)
        return t_ms, now_ms, horizon_ms(horizon), entry_count(max_entries)

    def format_many(
        self, ts: Iterable[Instant], now: Optional[Instant] = None, *, unit: Optional[str] = None
    ) -> List[str]:
        """Labels for every instant of ``ts`` at one ``now``, in one library call.

        ``ts`` is any iterable of instants (aware datetimes, pandas Timestamps,
        numpy.datetime64, epoch seconds), or a 1-D numpy array of ``datetime64``
        (its own unit) or of integers or floats, which need ``unit`` ("s", "ms",
        "us" or "ns"): units are never guessed. ``unit`` also says how to read
        plain numbers of other iterables (default: seconds). A contiguous int64
        millisecond array (``unit="ms"``) or ``datetime64[ms]`` array is used in
        place, without a copy; arrays in the other byte order are read by value.
        One bad instant fails the whole call, with an error that names its index
        (``ts[3]``); format_column and format_table can give nulls instead.
        """
        return self._many(ts, now, unit, "format_many", False)[0]

    def batch(self, ts: Iterable[Instant], now: Optional[Instant] = None, *, unit: Optional[str] = None) -> Batch:
        """Like :meth:`format_many`, with the earliest next change of all the labels
        (aware UTC datetime, None for never), from the same library call: one timer
        for a whole screen."""
        texts, next_ms = self._many(ts, now, unit, "batch", True)
        return Batch(texts, None if next_ms == FD_NEVER else to_datetime(next_ms))

    def format_column(
        self,
        values: Any,
        now: Optional[Instant] = None,
        *,
        unit: Optional[str] = None,
        naive: Optional[str] = None,
        errors: str = "raise",
    ) -> Any:
        """Labels for a whole column at one ``now``, as a pyarrow ``large_string``
        array whose text the library wrote in place (needs pyarrow:
        ``pip install 'feeddate[arrow]'``).

        ``values``: a pyarrow timestamp Array or ChunkedArray (any unit), a numpy
        ``datetime64`` array (read as UTC), an integer or float array, a pandas
        Series or DatetimeIndex, or a polars Series. Numbers need ``unit`` ("s",
        "ms", "us" or "ns"): units are never guessed. Timestamps without a time
        zone are an error unless ``naive="utc"`` says to read them as UTC. Nulls,
        NaT and NaN give nulls.

        ``errors``: "raise" (the default) raises for the first row that cannot
        be labelled (an instant out of range, say), naming the row; "null" gives
        such rows null labels and labels the rest.

        Returns a ``pyarrow.Array``, or a ``pyarrow.ChunkedArray`` (one chunk per
        library call of at most ``feeddate._columns.CHUNK_ROWS`` rows) for a
        chunked or longer column; a pandas Series (same index, dtype
        ``large_string[pyarrow]``) for a pandas Series, a pandas Index for a
        pandas Index, a polars Series for a polars Series. A timestamp[ms]
        column is labelled in place, without a copy.
        """
        from ._columns import format_column  # pyarrow and friends only when called

        return format_column(self, values, now, unit, naive, errors)

    def _now_ms(self, now: Optional[Instant]) -> int:
        """``now`` in milliseconds; None: the formatter's clock."""
        return self._now() if now is None else to_ms(now)

    def _many(
        self, ts: Iterable[Instant], now: Optional[Instant], unit: Optional[str], where: str, want_next: bool
    ) -> Tuple[List[str], int]:
        """(labels, earliest next change in ms or FD_NEVER) in one fd_format_many call."""
        now_ms = self._now() if now is None else to_ms(now)
        unit = _unit_of(unit, where)
        # numpy is never imported here: an array means it is; and never used half imported
        array_np = module_of(ts, "numpy")
        np = array_np or loaded("numpy")
        fast = None
        convert: Callable[[Any], int] = to_ms
        if array_np is not None and isinstance(ts, array_np.ndarray) and ts.dtype.kind != "O":
            keep = numpy_ms(np, ts, unit, where)
        else:
            if unit is not None and unit != "s":
                convert = _in_unit(unit)
            keep = fast = _list_ms(ts, unit, np)
            if keep is None:
                keep = _converted(convert, ts, where)
        n = len(keep)
        if n == 0:
            return [], FD_NEVER
        # In chunks, so that what a call holds besides its result stays small
        # (one chunk's buffer, offsets and text) whatever n is, and so that no
        # single step holds the GIL for long: the C calls release it, and the
        # Python work between them is one chunk's.
        t_at = keep.buffer_info()[0] if isinstance(keep, array.array) else keep.ctypes.data
        step = min(n, _MANY_CHUNK)
        ends = _ZERO_ENDS * step
        ends_at = ends.buffer_info()[0]
        next_min = ctypes.c_int64(FD_NEVER) if want_next else None
        next_p = ctypes.byref(next_min) if next_min is not None else None
        # Each label ends in a NUL, so that a chunk is one text that Python decodes and
        # splits in two C steps (_split). cap counts bytes, NULs included.
        cap = step * (_MANY_BYTES_PER_LABEL + 1)
        buf = ctypes.create_string_buffer(cap)  # calloc: untouched pages cost nothing
        labels: List[str] = [] if n <= step else [""] * n
        earliest = FD_NEVER
        for start in range(0, n, step):
            m = min(step, n - start)
            at = t_at + 8 * start
            status = _fd_format_many_nul(self._handle, at, m, now_ms, buf, cap, ends_at, next_p)
            if status == FD_ERR_BUFFER:  # the guess was short: ends[m-1] is the size needed
                cap = ends[m - 1]
                buf = ctypes.create_string_buffer(cap)
                status = _fd_format_many_nul(self._handle, at, m, now_ms, buf, cap, ends_at, next_p)
            if status:
                if status == FD_ERR_RANGE and fast is not None:
                    _converted(convert, ts, where)  # raises the RangeError naming the first bad instant
                check(status, f"{where}({n} instants, now={now!r})")
            if next_min is not None and next_min.value < earliest:
                earliest = next_min.value
            part = _split(buf, ends, m)
            if n <= step:
                labels = part
            else:
                labels[start : start + m] = part
        return labels, earliest


Formatter.__doc__ = (
    f"{Formatter.__doc__}\n    Options:\n\n" + "\n".join("    " + line for line in describe().splitlines()) + "\n"
)
