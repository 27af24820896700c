"""Instants: what Python callers pass, turned into the library's int64 milliseconds.

Accepted: a timezone-aware :class:`datetime.datetime` (exact to the
millisecond, sub-millisecond digits dropped toward the past) or epoch seconds
as ``int`` or ``float`` (a float is rounded to the nearest millisecond).
Everything else is refused with a message that says what to pass instead.
"""

from __future__ import annotations

import math
import operator
import time
from datetime import datetime, timedelta, timezone
from typing import Union

from ._errors import FD_ERR_RANGE, error_for
from ._ffi import FD_MAX_INSTANT_MS, FD_MIN_INSTANT_MS

#: What the API accepts as an instant.
Instant = Union[datetime, int, float]

EPOCH = datetime(1970, 1, 1, tzinfo=timezone.utc)

_HOW = "pass a timezone-aware datetime or epoch seconds (int or float)"


def _checked(ms: int, given: object) -> int:
    if FD_MIN_INSTANT_MS <= ms <= FD_MAX_INSTANT_MS:
        return ms
    raise error_for(
        FD_ERR_RANGE,
        f"instant {given!r} is outside the supported range "
        "0001-01-01T00:00:00Z ..= 9999-12-31T23:59:59.999Z",
    )


def to_ms(value: object) -> int:
    """Milliseconds since the epoch for an instant, or ValueError/TypeError/RangeError."""
    kind = type(value)
    if kind is int:  # the common case first, checked inline
        ms = value * 1000  # type: ignore[operator]
        if FD_MIN_INSTANT_MS <= ms <= FD_MAX_INSTANT_MS:
            return ms
        return _checked(ms, value)
    if kind is bool:
        raise TypeError(f"a bool is not an instant: {_HOW}")
    if isinstance(value, datetime):
        offset = value.utcoffset()
        if offset is None:
            raise ValueError(
                f"naive datetime {value.isoformat()} has no time zone: "
                "pass an aware datetime, e.g. dt.replace(tzinfo=timezone.utc) "
                "for UTC or dt.astimezone() for the local zone"
            )
        delta = value - EPOCH  # exact: days, seconds and microseconds are integers
        ms = (delta.days * 86400 + delta.seconds) * 1000 + delta.microseconds // 1000
        return _checked(ms, value)
    if isinstance(value, float):
        if not math.isfinite(value):
            raise ValueError(f"{value!r} is not an instant: {_HOW} that is finite")
        return _checked(round(value * 1000), value)
    try:  # other integer types (numpy integers, ...): epoch seconds
        seconds = operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        raise TypeError(f"{kind.__name__} is not an instant: {_HOW}") from None
    return _checked(seconds * 1000, value)


def local_now_ms() -> int:
    """The local clock in milliseconds since the epoch."""
    return time.time_ns() // 1_000_000


def to_datetime(ms: int) -> datetime:
    """Aware UTC datetime for milliseconds since the epoch."""
    return EPOCH + timedelta(milliseconds=ms)
