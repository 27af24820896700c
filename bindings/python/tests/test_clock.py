"""ServerClock and Formatter(clock=...)."""

from __future__ import annotations

import time
from datetime import datetime, timedelta, timezone

import pytest

import feeddate

UTC = timezone.utc


def test_offset_from_server_and_local_time() -> None:
    clock = feeddate.ServerClock(datetime(2024, 3, 25, 6, 30, tzinfo=UTC), local_time=1711348200 - 90)
    assert clock.offset == timedelta(seconds=90)
    assert clock.offset_ms == 90_000
    assert repr(clock) == "ServerClock(offset=datetime.timedelta(seconds=90))"


def test_now_follows_the_local_clock_plus_offset() -> None:
    clock = feeddate.ServerClock(time.time() - 3600)  # the server is an hour behind us
    assert abs(clock.offset_ms + 3_600_000) < 1000
    before = time.time_ns() // 1_000_000
    now_ms = clock.now_ms()
    after = time.time_ns() // 1_000_000
    assert before + clock.offset_ms <= now_ms <= after + clock.offset_ms
    now = clock.now()
    assert now.tzinfo is UTC
    assert abs((now - datetime.now(UTC)) + timedelta(hours=1)) < timedelta(seconds=1)


def test_formatter_uses_the_server_clock_for_default_now() -> None:
    server_now = datetime(2024, 3, 25, 6, 30, tzinfo=UTC)
    clock = feeddate.ServerClock(server_now)
    f = feeddate.Formatter("relative", locale="en_US", tz="UTC", clock=clock)
    assert f.clock is clock
    assert f.format(server_now - timedelta(minutes=5, seconds=30)) == "5 minutes ago"
    assert f.format(server_now - timedelta(days=3)) == "3 days ago"
    assert f.format_many([server_now - timedelta(hours=2)]) == ["2 hours ago"]
    # An explicit now still wins over the clock.
    assert f.format(server_now, server_now + timedelta(hours=1)) == "1 hour ago"


def test_any_object_with_now_ms_is_a_clock() -> None:
    class Frozen:
        def now_ms(self) -> int:
            return 1711348200000

    f = feeddate.Formatter("compact", locale="en_US", tz="UTC", clock=Frozen())
    assert f.format(1711348200 - 59) == "59s"
    assert f.label(1711348200 - 120).next_change == datetime(2024, 3, 25, 6, 31, tzinfo=UTC)


@pytest.mark.parametrize("bad", [datetime(2024, 3, 25), float("nan"), "now"])
def test_bad_server_time(bad: object) -> None:
    with pytest.raises((ValueError, TypeError)):
        feeddate.ServerClock(bad)  # type: ignore[arg-type]
