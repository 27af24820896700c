"""format_many equals format one by one, for every kind of input it takes."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from typing import Any, Iterator, List

import pytest

import feeddate
from feeddate import _formatter

UTC = timezone.utc
CST = timezone(timedelta(hours=8))
NOW = datetime(2024, 3, 25, 14, 30, tzinfo=CST)
NOW_MS = 1711348200000
STEPS = [1, 30, 59, 60, 3599, 3600, 86399, 86400, 2 * 86400, 6 * 86400, 8 * 86400, 40 * 86400, 400 * 86400]


def _formatters() -> List[feeddate.Formatter]:
    return [
        feeddate.Formatter(style, locale=locale, tz=tz)
        for style in feeddate.STYLES
        for locale, tz in (("zh_CN", "Asia/Shanghai"), ("en_US", "America/New_York"), ("ar_EG", "Africa/Cairo"))
    ]


FORMATTERS = _formatters()


@pytest.mark.parametrize("f", FORMATTERS, ids=repr)
def test_format_many_equals_format(f: feeddate.Formatter) -> None:
    instants: List[Any] = [NOW - timedelta(seconds=s) for s in STEPS]
    instants += [NOW + timedelta(seconds=s) for s in STEPS]  # the future too
    instants += [NOW_MS // 1000 - 7, NOW_MS / 1000 - 0.25]  # int and float seconds
    expected = [f.format(t, NOW) for t in instants]
    assert f.format_many(instants, NOW) == expected
    assert f.format_many(iter(instants), NOW) == expected  # any iterable
    assert f.format_many(tuple(instants), NOW_MS / 1000) == expected


def test_empty_input() -> None:
    f = FORMATTERS[0]
    assert f.format_many([], NOW) == []

    def nothing() -> Iterator[datetime]:
        return iter(())

    assert f.format_many(nothing()) == []


def test_short_first_guess_of_the_buffer_retries(monkeypatch: pytest.MonkeyPatch) -> None:
    f = feeddate.Formatter("feed_detail", locale="zh_CN", tz="Asia/Shanghai")
    instants = [NOW - timedelta(days=d) for d in range(50)]
    expected = [f.format(t, NOW) for t in instants]
    monkeypatch.setattr(_formatter, "_MANY_BYTES_PER_LABEL", 1)
    assert f.format_many(instants, NOW) == expected


def test_non_ascii_labels_split_on_byte_offsets() -> None:
    f = feeddate.Formatter("chat_bubble", locale="zh_CN", tz="Asia/Shanghai")
    labels = f.format_many([NOW - timedelta(days=1), NOW - timedelta(hours=1), NOW - timedelta(days=3)], NOW)
    assert labels == ["昨天 14:30", "13:30", "星期五 14:30"]


def test_bad_input_fails_the_whole_call() -> None:
    f = FORMATTERS[0]
    with pytest.raises(ValueError, match="naive"):
        f.format_many([NOW, datetime(2024, 3, 25)], NOW)
    with pytest.raises(TypeError):
        f.format_many(5, NOW)  # type: ignore[arg-type]


class TestNumpy:
    np: Any = None

    @pytest.fixture(autouse=True)
    def _numpy(self) -> None:
        TestNumpy.np = pytest.importorskip("numpy")

    def test_datetime64_and_int64_arrays(self) -> None:
        np = self.np
        f = feeddate.Formatter("relative", locale="en_US", tz="America/New_York")
        ms = np.array([NOW_MS - s * 1000 for s in STEPS], dtype=np.int64)
        expected = [f.format(int(x) / 1000, NOW) for x in ms]
        assert f.format_many(ms, NOW) == expected
        assert f.format_many(ms.astype("datetime64[ms]"), NOW) == expected
        assert f.format_many(ms.astype(np.uint64), NOW) == expected
        assert f.format_many(ms.astype("datetime64[ms]").astype("datetime64[us]"), NOW) == expected
        assert f.format_many(np.repeat(ms, 2)[::2], NOW) == expected  # not contiguous
        assert f.format_many(ms.astype(object) // 1000, NOW) == [f.format(int(x) // 1000, NOW) for x in ms]
        assert f.format_many(ms[:0], NOW) == []

    def test_bad_arrays(self) -> None:
        np = self.np
        f = FORMATTERS[0]
        with pytest.raises(ValueError, match="NaT"):
            f.format_many(np.array(["2024-03-25T06:30", "NaT"], dtype="datetime64[ms]"), NOW)
        with pytest.raises(ValueError, match="1-D"):
            f.format_many(np.zeros((2, 2), dtype=np.int64), NOW)
        with pytest.raises(TypeError, match="datetime64"):
            f.format_many(np.array([1.5, 2.5]), NOW)
        with pytest.raises(feeddate.RangeError):
            f.format_many(np.array([NOW_MS, 2**62], dtype=np.int64), NOW)
        with pytest.raises(feeddate.RangeError):
            f.format_many(np.array([2**64 - 1], dtype=np.uint64), NOW)
