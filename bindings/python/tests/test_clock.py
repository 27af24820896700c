"""ServerClock and Formatter(clock=...)."""

from __future__ import annotations

import importlib.util
import time
from datetime import datetime, timedelta, timezone

import feeddate
import numpy as np
import pytest

# pyarrow (format_column, format_table) is an extra: the installed wheel's run has
# none (tools/wheel-check.sh); make test-python requires it.
HAVE_ARROW = importlib.util.find_spec("pyarrow") is not None

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
    # now_ms() runs on the monotonic clock from a millisecond reading of the wall
    # clock, so each reading here can fall 1 ms either side of it (CI saw -1).
    assert before + clock.offset_ms - 1 <= now_ms <= after + clock.offset_ms + 1
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


def _jump_wall_clock(monkeypatch: pytest.MonkeyPatch, seconds: float) -> None:
    """Set the device's wall clock by ``seconds`` (what a user does in Settings)."""
    wall, wall_ns = time.time, time.time_ns
    monkeypatch.setattr(time, "time", lambda: wall() + seconds)
    monkeypatch.setattr(time, "time_ns", lambda: wall_ns() + int(seconds * 1e9))


def test_setting_the_wall_clock_back_after_the_sync_does_not_move_the_server_time(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    server_now = datetime(2024, 3, 25, 6, 30, tzinfo=UTC)
    clock = feeddate.ServerClock(server_now)
    f = feeddate.Formatter("relative", locale="en_US", tz="UTC", clock=clock)
    _jump_wall_clock(monkeypatch, -86400)  # the user sets the phone a day back
    assert abs(clock.now() - server_now) < timedelta(seconds=1)
    assert f.format(server_now - timedelta(minutes=5, seconds=30)) == "5 minutes ago"
    _jump_wall_clock(monkeypatch, +3 * 3600)
    assert abs(clock.now_ms() - 1711348200000) < 1000


def test_time_since_the_sync_is_monotonic_time(monkeypatch: pytest.MonkeyPatch) -> None:
    ticks = [10_000_000_000]
    monkeypatch.setattr(time, "monotonic_ns", lambda: ticks[0])
    clock = feeddate.ServerClock(1711348200)
    ticks[0] += 90_500_000_000  # 90.5 s later on the monotonic clock
    assert clock.now_ms() == 1711348200000 + 90_500


def test_from_round_trip_corrects_for_half_the_round_trip(monkeypatch: pytest.MonkeyPatch) -> None:
    ticks = [0]
    monkeypatch.setattr(time, "monotonic_ns", lambda: ticks[0])
    sent = 1000.0  # time.monotonic() readings
    received = 1000.4  # 400 ms round trip
    ticks[0] = 1000_500_000_000  # built 100 ms after the reply arrived
    clock = feeddate.ServerClock.from_round_trip(sent, datetime(2024, 3, 25, 6, 30, tzinfo=UTC), received)
    # The server read its clock at 1000.2 (halfway): 300 ms have passed since.
    assert clock.now_ms() == 1711348200000 + 300
    assert clock.round_trip == timedelta(milliseconds=400)
    assert feeddate.ServerClock(1711348200).round_trip is None


def test_from_round_trip_with_real_readings() -> None:
    sent = time.monotonic()
    server_time = time.time() + 3600  # the server is an hour ahead
    received = time.monotonic()
    clock = feeddate.ServerClock.from_round_trip(sent, server_time, received)
    assert abs(clock.offset_ms - 3_600_000) < 1000
    assert abs(clock.now_ms() - (time.time_ns() // 1_000_000 + 3_600_000)) < 1000


@pytest.mark.parametrize(
    "sent, received, error, words",
    [
        (5.0, 4.0, ValueError, "before sent"),
        (time.time() - 1, time.time(), ValueError, "not wall-clock times"),
        (datetime(2024, 3, 25, tzinfo=UTC), 1.0, TypeError, "time.monotonic()"),
        (1.0, float("nan"), ValueError, "finite"),
    ],
)
def test_from_round_trip_refuses_what_is_not_a_monotonic_reading(
    sent: object, received: object, error: type, words: str
) -> None:
    with pytest.raises(error, match=words.replace("(", r"\(").replace(")", r"\)")):
        feeddate.ServerClock.from_round_trip(sent, 1711348200, received)  # type: ignore[arg-type]


class _Clock:
    def __init__(self, value: object) -> None:
        self.value = value

    def now_ms(self) -> object:
        return self.value

    def __repr__(self) -> str:
        return "MyClock()"


@pytest.mark.parametrize("value", [1711348200000.0, 1711348200000.4, np.int64(1711348200000)])
def test_a_clock_may_return_a_float_or_a_numpy_int_of_milliseconds(value: object) -> None:
    f = feeddate.Formatter("compact", locale="en_US", tz="UTC", clock=_Clock(value))
    assert f.format(1711348200 - 59) == f.label(1711348200 - 59).text == "59s"
    assert f.format_many([1711348200 - 59]) == ["59s"]
    if not HAVE_ARROW:  # the installed wheel's run (tools/wheel-check.sh); make test-python has pyarrow
        return
    assert f.format_column(np.array([1711348200 - 59]), unit="s").to_pylist() == ["59s"]
    assert feeddate.format_table(
        np.array([1711348200 - 59]), unit="s", style="compact", locale="en_US", tz="UTC", clock=_Clock(value)
    ).to_pylist() == ["59s"]


@pytest.mark.parametrize(
    "value, error, words",
    [
        (1711348200, feeddate.ArgumentError, "looks like seconds (2024-03-25, not 1970-01-20)"),  # int(time.time())
        (1711348200.25, feeddate.ArgumentError, "looks like seconds"),  # time.time()
        (1711348200 * 10**9, feeddate.RangeError, "it looks like nanoseconds"),  # time.time_ns()
        (1711348200 * 10**6, feeddate.RangeError, "it looks like microseconds"),
        (10**30, feeddate.RangeError, "instant 9223372036854775807 ms is outside the supported range"),  # clamped
        (float("nan"), ValueError, "finite"),
        ("1711348200000", TypeError, "a str: return epoch milliseconds as an int"),
        (None, TypeError, "a NoneType: return epoch milliseconds"),
        (True, TypeError, "return epoch milliseconds as an int"),
    ],
)
def test_a_clock_value_that_is_not_milliseconds_is_a_clear_error(value: object, error: type, words: str) -> None:
    """1.1: a float was a bare ctypes TypeError, seconds silently "In 54 years" ago."""
    f = feeddate.Formatter("compact", locale="en_US", tz="UTC", clock=_Clock(value))
    calls = [
        lambda: f.format(1711348140),
        lambda: f.label(1711348140),
        lambda: f.format_many([1711348140]),
        lambda: f.batch([1711348140]),
    ]
    if HAVE_ARROW:  # not in the installed wheel's run (tools/wheel-check.sh); make test-python has pyarrow
        calls += [
            lambda: f.format_column(np.array([1711348140]), unit="s"),
            lambda: feeddate.format_table(
                np.array([1711348140]), unit="s", style="compact", locale="en_US", tz="UTC", clock=_Clock(value)
            ),
        ]
    for call in calls:
        with pytest.raises(error) as info:
            call()
        assert str(info.value).startswith(f"clock MyClock(): now_ms() returned {value!r}") and words in str(info.value)
    assert f.format(1711348140, 1711348200) == "1m"  # an explicit now never asks the clock


def test_the_clocks_value_is_read_at_each_call() -> None:
    clock = _Clock(1711348200000)
    f = feeddate.Formatter("compact", locale="en_US", tz="UTC", clock=clock)
    assert f.format(1711348140) == "1m"
    clock.value = 1711348200  # seconds now
    with pytest.raises(feeddate.ArgumentError, match="looks like seconds"):
        f.format(1711348140)
