"""ServerClock: the server's idea of the time, carried forward on the monotonic clock."""

from __future__ import annotations

import math
import operator
import time
from datetime import datetime, timedelta
from typing import Any, Callable, NoReturn, Optional, Protocol

from ._errors import FD_ERR_ARGUMENT, error_for
from ._ffi import FD_MAX_INSTANT_MS, FD_MIN_INSTANT_MS
from ._instant import UNIT_NAMES, Instant, float_to_ms, local_now_ms, looks_like, range_error, to_datetime, to_ms

# A clock reads *now*: epoch milliseconds from here up to 10**11 (1970-01-12 to
# 1973-03-03) are what epoch seconds from 2001-09-09 to 5138 look like, the
# usual mistake (time.time() where time.time_ns() // 1_000_000 was meant).
_SECONDS_LOOK = (10**9, 10**11)


class Clock(Protocol):
    """What ``Formatter(clock=...)`` needs: the current instant in epoch milliseconds."""

    def now_ms(self) -> int: ...


def clock_value(clock: Any, value: Any) -> int:
    """What ``clock.now_ms()`` returned, checked as instants are: epoch milliseconds
    as an int (a numpy integer, or a finite float taken by SPEC 11's rule, will
    do), in the supported range, and not what epoch seconds look like."""
    said = f"clock {clock!r}: now_ms() returned {value!r}"
    if isinstance(value, bool):
        raise TypeError(f"{said}: return epoch milliseconds as an int, e.g. time.time_ns() // 1_000_000")
    if isinstance(value, float):
        if not math.isfinite(value):
            raise ValueError(f"{said}: return finite epoch milliseconds, e.g. time.time_ns() // 1_000_000")
        ms = float_to_ms(value, 1, 1)  # SPEC 11's rule for a float of milliseconds
    else:
        try:
            ms = operator.index(value)
        except TypeError:
            raise TypeError(
                f"{said}, a {type(value).__name__}: return epoch milliseconds as an int, "
                "e.g. time.time_ns() // 1_000_000"
            ) from None
    if not FD_MIN_INSTANT_MS <= ms <= FD_MAX_INSTANT_MS:
        name = looks_like(ms, "ms")
        hint = (
            f"; it looks like {UNIT_NAMES[name]}: return milliseconds (e.g. time.time_ns() // 1_000_000)"
            if name
            else ""
        )
        raise range_error(ms, f"{said}: ", f"; read as epoch milliseconds{hint}")  # the library's message
    if _SECONDS_LOOK[0] <= ms < _SECONDS_LOOK[1]:
        raise error_for(
            FD_ERR_ARGUMENT,
            f"{said}: now_ms() must return epoch milliseconds, "
            f"and this looks like seconds ({to_datetime(ms * 1000):%Y-%m-%d}, "
            f"not {to_datetime(ms):%Y-%m-%d}): return time.time_ns() // 1_000_000, or seconds * 1000",
        )
    return ms


def clock_reader(clock: Any) -> Callable[[], int]:
    """``clock.now_ms`` with its value checked (:func:`clock_value`); a
    :class:`ServerClock`'s own method, which needs no check."""
    if type(clock) is ServerClock:
        return clock.now_ms
    read = clock.now_ms
    low, high = _SECONDS_LOOK

    def now_ms() -> int:
        value = read()
        if type(value) is int and FD_MIN_INSTANT_MS <= value <= FD_MAX_INSTANT_MS and not low <= value < high:
            return value
        return clock_value(clock, value)

    return now_ms


def _monotonic_reading(value: Any, name: str) -> int:
    """A ``time.monotonic()`` reading (float or int seconds) as monotonic nanoseconds."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TypeError(
            f"{name}={value!r}: pass a time.monotonic() reading (seconds, a float), "
            "taken on this device just before sending / just after receiving"
        )
    if not math.isfinite(value):
        raise ValueError(f"{name}={value!r}: pass a finite time.monotonic() reading")
    return round(value * 1_000_000_000)


class ServerClock:
    """The server's current time, for ``Formatter(..., clock=...)``.

    Build it from the time a server reported (e.g. its ``Date`` header or a
    ``server_time`` field): every ``now=None`` then means "now on the server's
    clock", so a device whose clock is wrong still labels posts correctly.

    Time since the sync is measured on the monotonic clock
    (``time.monotonic_ns``), not the wall clock: a user who sets the device's
    clock back (or NTP stepping it) after the sync does not move the server's
    time. ``local_time`` is the local *wall-clock* instant at which
    ``server_time`` was read (default: now); it only places the server reading
    on the timeline once, at construction. To correct for network delay, use
    :meth:`from_round_trip`.

    A ServerClock belongs to this process (its monotonic clock means nothing in
    another): it cannot be pickled. Send the server time to a worker and build
    one there.
    """

    __slots__ = ("_server_ms", "_anchor_ns", "_offset_ms", "_round_trip_ns")

    def __init__(self, server_time: Instant, local_time: Optional[Instant] = None) -> None:
        server_ms = to_ms(server_time)
        anchor_ns = time.monotonic_ns()
        wall_ms = local_now_ms()
        local_ms = wall_ms if local_time is None else to_ms(local_time)
        # The server's time now, at anchor_ns: local_time was (wall_ms - local_ms) ago.
        self._server_ms = server_ms + (wall_ms - local_ms)
        self._anchor_ns = anchor_ns
        self._offset_ms = server_ms - local_ms
        self._round_trip_ns: Optional[int] = None

    @classmethod
    def from_round_trip(cls, sent: float, server_time: Instant, received: float) -> "ServerClock":
        """A ServerClock from one request/response, corrected for half the round trip.

        ``sent`` and ``received`` are ``time.monotonic()`` readings (seconds,
        this device's monotonic clock) taken just before the request was sent
        and just after the response arrived; ``server_time`` is the instant the
        server put in its response. The server is assumed to have read its
        clock halfway through the round trip, so the error is at most half of
        ``received - sent`` (see :attr:`round_trip`)::

            sent = time.monotonic()
            reply = session.get(url)
            received = time.monotonic()
            clock = ServerClock.from_round_trip(sent, reply.json()["server_time"], received)
        """
        sent_ns = _monotonic_reading(sent, "sent")
        received_ns = _monotonic_reading(received, "received")
        if received_ns < sent_ns:
            raise ValueError(
                f"received={received!r} is before sent={sent!r}: pass time.monotonic() readings "
                "taken before sending and after receiving"
            )
        now_ns = time.monotonic_ns()
        if received_ns > now_ns + 1_000_000:  # 1 ms of rounding
            raise ValueError(
                f"received={received!r} is after time.monotonic() now ({now_ns / 1e9!r}): pass "
                "time.monotonic() readings, not wall-clock times"
            )
        server_ms = to_ms(server_time)
        clock = cls.__new__(cls)
        clock._anchor_ns = (sent_ns + received_ns) // 2  # when the server read its clock
        clock._server_ms = server_ms
        clock._round_trip_ns = received_ns - sent_ns
        elapsed_ms = (now_ns - clock._anchor_ns) // 1_000_000
        clock._offset_ms = server_ms + elapsed_ms - local_now_ms()
        return clock

    @property
    def offset(self) -> timedelta:
        """Server clock minus local wall clock at the sync (positive when the local clock is behind)."""
        return timedelta(milliseconds=self._offset_ms)

    @property
    def offset_ms(self) -> int:
        """:attr:`offset` in milliseconds."""
        return self._offset_ms

    @property
    def round_trip(self) -> Optional[timedelta]:
        """The round trip :meth:`from_round_trip` measured (the error is at most half
        of it), or None for a clock built without one."""
        return None if self._round_trip_ns is None else timedelta(microseconds=self._round_trip_ns // 1000)

    def now_ms(self) -> int:
        """The server's current time in milliseconds since the epoch."""
        return self._server_ms + (time.monotonic_ns() - self._anchor_ns) // 1_000_000

    def now(self) -> datetime:
        """The server's current time as an aware UTC datetime."""
        return to_datetime(self.now_ms())

    def __repr__(self) -> str:
        return f"ServerClock(offset={self.offset!r})"

    def __reduce_ex__(self, protocol: Any) -> NoReturn:
        raise TypeError(
            "cannot pickle a ServerClock: it is tied to this process's monotonic clock; "
            "send the server time to the other process and build a ServerClock there"
        )

    def __copy__(self) -> "ServerClock":
        return self  # immutable

    def __deepcopy__(self, memo: Any) -> "ServerClock":
        return self
