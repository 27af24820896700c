"""What counts as an instant, and that every kind lands on the exact millisecond."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from typing import Any

import feeddate
import pytest
from feeddate._instant import to_ms

UTC = timezone.utc
CST = timezone(timedelta(hours=8))


@pytest.mark.parametrize(
    "value, ms",
    [
        (0, 0),
        (1711348200, 1711348200000),
        (-1, -1000),
        (1711348200.123, 1711348200123),
        (1711348200.1236, 1711348200123),  # float: SPEC 11's rule, to the microsecond, then floored
        (-0.0004, -1),
        (0.0625, 62),
        (0.0009996, 1),  # 999.6 us is 1000 us
        (0.0009994, 0),
        (253402300799.9996, 253402300799999),
        (datetime(2024, 3, 25, 14, 30, tzinfo=CST), 1711348200000),
        (datetime(2024, 3, 25, 6, 30, 0, 123999, tzinfo=UTC), 1711348200123),  # microseconds dropped
        (datetime(1969, 12, 31, 23, 59, 59, 999999, tzinfo=UTC), -1),  # toward the past
        (datetime(1, 1, 1, tzinfo=UTC), -62135596800000),
        (datetime(9999, 12, 31, 23, 59, 59, 999000, tzinfo=UTC), 253402300799999),
    ],
)
def test_to_ms(value: object, ms: int) -> None:
    assert to_ms(value) == ms


def test_integer_like_values_are_seconds() -> None:
    class Seconds:
        def __index__(self) -> int:
            return 60

    assert to_ms(Seconds()) == 60000


def test_all_instant_kinds_give_the_same_label() -> None:
    f = feeddate.Formatter("chat_bubble", locale="zh_CN", tz="Asia/Shanghai")
    now = datetime(2024, 3, 25, 14, 30, tzinfo=CST)
    t = datetime(2024, 3, 24, 11, 11, tzinfo=CST)
    expected = f.format(t, now)
    assert expected == "昨天 11:11"
    assert f.format(int(t.timestamp()), int(now.timestamp())) == expected
    assert f.format(t.timestamp(), now.timestamp()) == expected
    assert f.format(t.astimezone(UTC), now.astimezone(timezone(timedelta(hours=-5)))) == expected


def test_countdown_sees_milliseconds() -> None:
    f = feeddate.Formatter("countdown", locale="en_US", tz="UTC", precision=3)
    now = datetime(2024, 3, 25, 6, 30, tzinfo=UTC)
    assert f.format(now + timedelta(milliseconds=1), now) == "0:00:00.001"
    assert f.format(now + timedelta(microseconds=1999), now) == "0:00:00.001"
    assert f.format(now.timestamp() + 0.002, now) == "0:00:00.002"
    label = f.label(now, now)
    assert label.expired and label.text == "0:00:00.000" and label.next_change is None


def test_label_fields() -> None:
    f = feeddate.Formatter("chat_bubble", locale="zh_CN", tz="Asia/Shanghai")
    now = datetime(2024, 3, 25, 14, 30, tzinfo=CST)
    label = f.label(datetime(2024, 3, 24, 11, 11, tzinfo=CST), now)
    assert label == feeddate.Label("昨天 11:11", datetime(2024, 3, 25, 16, 0, tzinfo=UTC), "昨天", "11:11", False)
    assert label.next_change is not None and label.next_change.tzinfo is UTC
    with pytest.raises(AttributeError):
        label.text = "x"  # type: ignore[misc]


def test_resolved_ids() -> None:
    f = feeddate.Formatter("feed", locale="zh_CN", tz="Asia/Shanghai")
    assert f.locale == "zh_CN"
    assert f.tz == "Asia/Shanghai"
    assert f.tz_source.startswith("tzdata ")  # a named zone: the database's rules, never ICU's (1.2)
    assert feeddate.Formatter("feed", locale="en_US", tz="CST-8").tz_source == "posix"
    assert "zh_CN" in repr(f) and "Asia/Shanghai" in repr(f)


def test_default_now_is_the_clock() -> None:
    f = feeddate.Formatter("relative", locale="en_US", tz="UTC")
    assert f.format(datetime.now(UTC) - timedelta(minutes=5, seconds=20)) == "5 minutes ago"
    assert f.format(datetime.now(UTC)) == "Just now"


def test_a_remembered_now_gives_what_a_fresh_one_gives() -> None:
    """format remembers its last explicit now by identity (and boxes it from the
    second call on): reused, alternating and changing nows, of every kind, read
    exactly as a fresh formatter reads them."""
    f = feeddate.Formatter("feed", locale="zh_CN", tz="Asia/Shanghai")
    base = 1711348200
    nows: list = [base, float(base) + 0.5, datetime(2024, 3, 25, 14, 30, tzinfo=CST), base + 86400, base]
    ts = [base - k * 3571 for k in range(40)]
    for round_ in range(3):
        for now in nows:
            for t in ts:
                fresh = feeddate.Formatter("feed", locale="zh_CN", tz="Asia/Shanghai")
                assert f.format(t, now) == fresh.format(t, now), (round_, now, t)
                assert f.format(t, now) == f.label(t, now).text
    # A now that fails is not remembered: the next call with a good one works.
    with pytest.raises(feeddate.RangeError):
        f.format(base, 10**20)
    assert f.format(base, base) == "14:30"
    # A naive datetime is refused every time, remembered or not.
    naive = datetime(2024, 3, 25, 14, 30)
    for _ in range(2):
        with pytest.raises(ValueError):
            f.format(base, naive)


def test_a_now_whose_tzinfo_can_change_is_not_remembered() -> None:
    """Only fixed offsets are remembered with a datetime now: a tzinfo may answer
    utcoffset() differently from one call to the next."""
    from datetime import tzinfo

    class Shifting(tzinfo):
        offset = timedelta(0)

        def utcoffset(self, dt: object) -> timedelta:
            return self.offset

        def dst(self, dt: object) -> timedelta:
            return timedelta(0)

    zone = Shifting()
    now = datetime(2024, 3, 25, 6, 30, tzinfo=zone)  # 14:30 in Shanghai while the offset is 0
    f = feeddate.Formatter("feed", locale="zh_CN", tz="Asia/Shanghai")
    t = 1711348200 - 3600  # 13:30 in Shanghai
    assert f.format(t, now) == "13:30"
    assert f.format(t, now) == "13:30"
    zone.offset = timedelta(hours=-23)  # now reads 23 hours later: t was yesterday
    assert f.format(t, now) == "昨天"


# ---- 1.1: numpy.datetime64 and pandas.Timestamp scalars, units never guessed ------------

import numpy as np  # noqa: E402  (a test dependency: these tests never skip)

NOW = datetime(2024, 3, 25, 6, 30, tzinfo=UTC)


@pytest.mark.parametrize(
    "value, ms",
    [
        (np.datetime64("2024-03-25T06:30:00.123", "ms"), 1711348200123),
        (np.datetime64("2024-03-25T06:30:00.123999", "us"), 1711348200123),  # floored
        (np.datetime64("1969-12-31T23:59:59.999999999", "ns"), -1),  # toward the past
        (np.datetime64("2024-03-25T06:30", "m"), 1711348200000),
        (np.datetime64("2024-03-25", "D"), 1711324800000),
        (np.datetime64("2024-03", "M"), 1709251200000),
        (np.datetime64("2024", "Y"), 1704067200000),
        (np.datetime64(1711348200, "s"), 1711348200000),
    ],
)
def test_datetime64_scalars_are_utc(value: object, ms: int) -> None:
    assert to_ms(value) == ms


def test_datetime64_in_every_call() -> None:
    f = feeddate.Formatter("compact", locale="en_US", tz="UTC")
    t, now = np.datetime64("2024-03-25T06:29:00", "s"), np.datetime64("2024-03-25T06:30:00.000", "ms")
    assert f.format(t, now) == f.label(t, now).text == "1m"
    assert f.format_many([t], now) == f.batch([t], now).texts == ["1m"]


@pytest.mark.parametrize(
    "bad, error, words",
    [
        (np.datetime64("NaT"), ValueError, "NaT"),
        (np.datetime64("NaT", "ms"), ValueError, "NaT"),
        (np.datetime64(2**62, "s"), feeddate.RangeError, "range"),
        (np.datetime64(20000, "Y"), feeddate.RangeError, "range"),
    ],
)
def test_bad_datetime64(bad: object, error: type, words: str) -> None:
    with pytest.raises(error, match=words):
        to_ms(bad)


@pytest.mark.parametrize(
    "value, unit",
    [
        (1711348140000, "milliseconds"),
        (1711348140000.0, "milliseconds"),
        (1711348140000000, "microseconds"),
        (1711348140000000000, "nanoseconds"),
        (np.int64(1711348140000), "milliseconds"),
    ],
)
def test_seconds_that_look_like_another_unit_say_so(value: object, unit: str) -> None:
    f = feeddate.Formatter("compact", locale="en_US", tz="UTC")
    for call in (
        lambda: f.format(value, NOW),
        lambda: f.label(value, NOW),
        lambda: f.format_many([value], NOW),
        lambda: f.format(NOW, value),
    ):
        with pytest.raises(feeddate.RangeError) as info:
            call()
        assert f"looks like {unit}" in str(info.value) and "or pass a datetime" in str(info.value)
        # The library's message for its milliseconds (clamped to int64), then the value given, once.
        ms = min(int(value) * 1000, 2**63 - 1)
        assert str(info.value).startswith(
            f"instant {ms} ms is outside the supported range"
        ) or f": instant {ms} ms is outside the supported range" in str(info.value)
        assert str(info.value).count(f"; given {value!r} as epoch seconds;") == 1


def test_no_unit_hint_for_a_value_out_of_range_in_every_unit() -> None:
    with pytest.raises(feeddate.RangeError) as info:
        to_ms(10**30)
    assert "looks like" not in str(info.value)


class TestPandas:
    """pandas is optional here: without it these tests skip, saying so."""

    pd: Any = None

    @pytest.fixture(autouse=True)
    def _pandas(self) -> None:
        TestPandas.pd = pytest.importorskip("pandas", reason="pandas is not installed: pandas.Timestamp not tested")

    def test_aware_timestamps_are_instants_to_the_millisecond(self) -> None:
        pd = self.pd
        ts = pd.Timestamp("2024-03-25 14:30:00.123999999", tz="Asia/Shanghai")
        assert to_ms(ts) == 1711348200123
        assert to_ms(pd.Timestamp("1969-12-31 23:59:59.9999999", tz="UTC")) == -1
        f = feeddate.Formatter("compact", locale="en_US", tz="UTC")
        t, now = pd.Timestamp("2024-03-25T06:29Z"), pd.Timestamp("2024-03-25T06:30Z")
        assert f.format(t, now) == f.label(t, now).text == "1m"
        assert f.format_many([t], now) == f.batch([t], now).texts == ["1m"]
        assert f.format_many(pd.Series([t]), now) == ["1m"]

    def test_naive_timestamp_and_nat_are_value_errors(self) -> None:
        pd = self.pd
        f = feeddate.Formatter("compact", locale="en_US", tz="UTC")
        for call in (
            lambda: f.format(pd.Timestamp("2024-03-25 06:29"), NOW),
            lambda: f.format(NOW, pd.Timestamp("2024-03-25 06:29")),
            lambda: f.format_many([pd.Timestamp("2024-03-25 06:29")], NOW),
        ):
            with pytest.raises(ValueError, match="naive pandas.Timestamp .*tz_localize"):
                call()
        with pytest.raises(ValueError, match="NaT"):
            f.format(pd.NaT, NOW)


def test_nat_is_our_error_not_pandas_own() -> None:
    """pandas.NaT is a datetime subclass whose utcoffset() raises pandas' "NaTType
    does not support utcoffset"; 1.1 let that through from format and label."""
    pd = pytest.importorskip("pandas")
    f = feeddate.Formatter("compact", locale="en_US", tz="UTC")
    for call in (
        lambda: f.format(pd.NaT, NOW),
        lambda: f.label(pd.NaT, NOW),
        lambda: f.format(NOW, pd.NaT),
        lambda: f.label(NOW, pd.NaT),
        lambda: to_ms(pd.NaT),
    ):
        with pytest.raises(ValueError) as info:
            call()
        assert "NaT (not a time) has no instant" in str(info.value) and "utcoffset" not in str(info.value)
    with pytest.raises(ValueError, match=r"^format_many: ts\[1\]: NaT \(not a time\) has no instant"):
        f.format_many([NOW, pd.NaT], NOW)


@pytest.mark.parametrize(
    "value, ms",
    [
        (10**30, 2**63 - 1),
        (-(10**30), -(2**63)),
        (1e300, 2**63 - 1),
        (-1e300, -(2**63)),
        (10**18, 2**63 - 1),
        (10**12, 10**15),
    ],
)
def test_out_of_range_is_the_library_message_for_the_clamped_value(value: object, ms: int) -> None:
    """SPEC 11 (1.3), issue 37 item 1: an instant whose milliseconds int64 cannot hold is
    clamped to INT64_MIN or INT64_MAX and gets the library's own message for that value
    (the package words no range error itself), then the value given and any unit hint."""
    library = (
        f"instant {ms} ms is outside the supported range -62135596800000...253402300799999 ms "
        "(0001-01-01T00:00:00Z ... 9999-12-31T23:59:59.999Z)"
    )
    f = feeddate.Formatter("compact", locale="en_US", tz="UTC")
    for call, before in (
        (lambda: f.format(value, NOW), ""),
        (lambda: f.label(NOW, value), ""),
        (lambda: f.format_many([NOW, value], NOW), "format_many: ts[1]: "),
        (lambda: f.schedule(value, NOW), ""),
    ):
        with pytest.raises(feeddate.RangeError) as info:
            call()
        assert str(info.value).startswith(f"{before}{library}; given {value!r} as epoch seconds"), str(info.value)
    with pytest.raises(feeddate.RangeError) as info:
        f.format(10**18, NOW)
    assert str(info.value).endswith("; it looks like nanoseconds: divide by 1000000000 or pass a datetime")
