"""ServerClock: the local clock corrected by a server's idea of the time."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Optional, Protocol

from ._instant import Instant, local_now_ms, to_datetime, to_ms


class Clock(Protocol):
    """What ``Formatter(clock=...)`` needs: the current instant in epoch milliseconds."""

    def now_ms(self) -> int:
        ...


class ServerClock:
    """Keeps the offset between a server's clock and the local one.

    Build it from the time a server reported (e.g. its ``Date`` header or a
    ``server_time`` field) and pass it as ``Formatter(..., clock=...)``: every
    ``now=None`` then means "now on the server's clock", so a device whose clock
    is wrong still labels posts correctly.

    ``local_time`` is the local instant at which ``server_time`` was read; it
    defaults to the local clock at construction.
    """

    __slots__ = ("_offset_ms",)

    def __init__(self, server_time: Instant, local_time: Optional[Instant] = None) -> None:
        local_ms = local_now_ms() if local_time is None else to_ms(local_time)
        self._offset_ms = to_ms(server_time) - local_ms

    @property
    def offset(self) -> timedelta:
        """Server clock minus local clock (positive when the local clock is behind)."""
        return timedelta(milliseconds=self._offset_ms)

    @property
    def offset_ms(self) -> int:
        """:attr:`offset` in milliseconds."""
        return self._offset_ms

    def now_ms(self) -> int:
        """The server's current time in milliseconds since the epoch."""
        return local_now_ms() + self._offset_ms

    def now(self) -> datetime:
        """The server's current time as an aware UTC datetime."""
        return to_datetime(self.now_ms())

    def __repr__(self) -> str:
        return f"ServerClock(offset={self.offset!r})"
