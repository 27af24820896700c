"""format_many equals format one by one, for every kind of input it takes."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from typing import Any, Iterator, List

import feeddate
import numpy as np
import pytest
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
    """numpy is a test dependency: these run, never skip."""

    def test_datetime64_and_integer_arrays(self) -> None:
        f = feeddate.Formatter("relative", locale="en_US", tz="America/New_York")
        ms = np.array([NOW_MS - s * 1000 for s in STEPS], dtype=np.int64)
        expected = [f.format(int(x) / 1000, NOW) for x in ms]
        assert f.format_many(ms, NOW, unit="ms") == expected
        assert f.format_many(ms // 1000, NOW, unit="s") == expected
        assert f.format_many(ms * 1000, NOW, unit="us") == expected
        assert f.format_many(ms * 1_000_000 + 999_999, NOW, unit="NS") == expected  # floored; any case
        assert f.format_many((ms // 1000).astype(np.int32), NOW, unit="s") == expected
        assert f.format_many(ms.astype("datetime64[ms]"), NOW) == expected
        assert f.format_many(ms.astype("datetime64[ms]"), NOW, unit="ms") == expected  # the same unit is fine
        assert f.format_many(ms.astype(np.uint64), NOW, unit="ms") == expected
        assert f.format_many(ms.astype("datetime64[ms]").astype("datetime64[us]"), NOW) == expected
        assert f.format_many((ms // 1000).astype("datetime64[s]"), NOW) == expected
        assert f.format_many(np.repeat(ms, 2)[::2], NOW, unit="ms") == expected  # not contiguous
        assert f.format_many(ms.astype(object) // 1000, NOW) == [f.format(int(x) // 1000, NOW) for x in ms]
        assert f.format_many(ms[:0], NOW, unit="ms") == []
        assert f.batch(ms, NOW, unit="ms").texts == expected

    def test_integer_array_without_unit_is_a_value_error_not_milliseconds(self) -> None:
        # 1.0 read this array as milliseconds (1970) while a list of the same ints was seconds.
        f = feeddate.Formatter("compact", locale="en_US", tz="UTC")
        seconds = [1711348140, 1711344600]
        assert f.format_many(seconds, NOW) == ["1m", "1h"]
        for call in (lambda: f.format_many(np.array(seconds), NOW), lambda: f.batch(np.array(seconds), NOW)):
            with pytest.raises(ValueError, match=r"needs unit= \('s', 'ms', 'us' or 'ns'\)"):
                call()
        assert f.format_many(np.array(seconds), NOW, unit="s") == ["1m", "1h"]
        with pytest.raises(ValueError, match="unit='minutes': use one of 's', 'ms', 'us', 'ns'"):
            f.format_many(np.array(seconds), NOW, unit="minutes")
        with pytest.raises(ValueError, match="carries its unit"):
            f.format_many(np.array(seconds, dtype="datetime64[s]"), NOW, unit="ms")

    def test_unit_applies_to_plain_numbers_of_other_iterables(self) -> None:
        f = feeddate.Formatter("compact", locale="en_US", tz="UTC")
        assert f.format_many([NOW_MS - 60_000, NOW_MS - 3_600_000.0, NOW], NOW, unit="ms") == ["1m", "1h", "0s"]
        assert f.format_many([(NOW_MS - 60_000) * 1000], NOW, unit="us") == ["1m"]

    def test_seconds_array_that_looks_like_milliseconds_says_which_unit(self) -> None:
        f = feeddate.Formatter("compact", locale="en_US", tz="UTC")
        with pytest.raises(
            feeddate.RangeError, match=r"ts\[1\] = 1711348140000 \(s\).*looks like milliseconds: pass unit='ms'"
        ):
            f.format_many(np.array([1711348140, 1711348140000]), NOW, unit="s")
        with pytest.raises(feeddate.RangeError, match=r"looks like nanoseconds: pass unit='ns'"):
            f.format_many(np.array([1711348140 * 10**9]), NOW, unit="s")

    def test_bad_arrays(self) -> None:
        f = FORMATTERS[0]
        with pytest.raises(ValueError, match="NaT"):
            f.format_many(np.array(["2024-03-25T06:30", "NaT"], dtype="datetime64[ms]"), NOW)
        with pytest.raises(ValueError, match="1-D"):
            f.format_many(np.zeros((2, 2), dtype=np.int64), NOW, unit="ms")
        with pytest.raises(TypeError, match="datetime64"):
            f.format_many(np.array([1.5j, 2.5j]), NOW)
        with pytest.raises(ValueError, match="float array needs unit="):
            f.format_many(np.array([1.5, 2.5]), NOW)  # floats count a unit, as integers do
        with pytest.raises(feeddate.RangeError):
            f.format_many(np.array([NOW_MS, 2**62], dtype=np.int64), NOW, unit="ms")
        with pytest.raises(feeddate.RangeError):
            f.format_many(np.array([2**63 - 1], dtype=np.int64), NOW, unit="s")  # would overflow * 1000
        with pytest.raises(feeddate.RangeError):
            f.format_many(np.array([2**64 - 1], dtype=np.uint64), NOW, unit="ms")
        with pytest.raises(feeddate.RangeError):
            f.format_many(np.array([2**62], dtype="datetime64[s]"), NOW)  # would overflow as ms
        with pytest.raises(feeddate.RangeError):
            f.format_many(np.array([20000], dtype="datetime64[Y]"), NOW)


class TestBatch:
    def test_labels_and_the_earliest_next_change_in_one_call(self, monkeypatch: pytest.MonkeyPatch) -> None:
        f = feeddate.Formatter("compact", locale="en_US", tz="UTC")
        ts = [NOW - timedelta(hours=2), NOW - timedelta(seconds=30), NOW - timedelta(days=3)]
        calls: List[Any] = []
        real = _formatter._fd_format_many_nul
        monkeypatch.setattr(_formatter, "_fd_format_many_nul", lambda *a: calls.append(a) or real(*a))
        result = f.batch(ts, NOW)
        assert len(calls) == 1
        assert isinstance(result, feeddate.Batch)
        assert result.texts == f.format_many(ts, NOW) == ["2h", "30s", "3d"]
        labels = [f.label(t, NOW) for t in ts]
        assert (
            result.next_change
            == min(label.next_change for label in labels)
            == NOW.astimezone(UTC) + timedelta(seconds=1)
        )
        assert result.next_change.tzinfo is UTC
        texts, next_change = result  # a named tuple
        assert texts == result.texts

    def test_never_and_empty(self) -> None:
        f = feeddate.Formatter("feed_detail", locale="en_US", tz="UTC")
        assert f.batch([datetime(2020, 1, 1, tzinfo=UTC)], NOW).next_change is None  # a full date never changes
        assert f.batch([], NOW) == feeddate.Batch([], None)
        assert f.batch([NOW_MS - 60_000], NOW, unit="ms").texts == [f.format(NOW_MS / 1000 - 60, NOW)]


# ---- long batches: chunked calls, bounded temporaries, the GIL released ----------------

CHUNK = getattr(_formatter, "_MANY_CHUNK", 1 << 16)


def _spread(n: int, seed: int = 7) -> "np.ndarray":
    """n int64 millisecond instants over the last 400 days and the next 10 (every style changes label)."""
    rng = np.random.default_rng(seed)
    return (NOW_MS + rng.integers(-400 * 86400_000, 10 * 86400_000, n)).astype(np.int64)


@pytest.mark.parametrize(("style", "locale"), [("feed", "zh_CN"), ("relative", "en_US"), ("countdown", "ar_EG")])
def test_chunked_batch_equals_one_label_at_a_time(style: str, locale: str) -> None:
    f = feeddate.Formatter(style, locale=locale, tz="Asia/Shanghai")
    ts = _spread(2 * CHUNK + 1001)
    batch = f.batch(ts, NOW, unit="ms")
    assert len(batch.texts) == len(ts)
    # Every label next to a chunk boundary, and a sample of the rest.
    edges = [i for c in (CHUNK, 2 * CHUNK) for i in range(c - 3, c + 3)] + [0, len(ts) - 1]
    for i in edges + list(range(0, len(ts), 997)):
        assert batch.texts[i] == f.format(datetime.fromtimestamp(int(ts[i]) / 1000, UTC), NOW), i
    # The earliest next change is the least over every chunk, not the last chunk's.
    nexts = [f.label(datetime.fromtimestamp(int(t) / 1000, UTC), NOW).next_change for t in ts]
    finite = [x for x in nexts if x is not None]
    assert batch.next_change == (min(finite) if finite else None)


def test_long_batch_keeps_few_temporaries() -> None:
    """Python-side memory of format_many beyond its result: a few chunks' worth, not
    a multiple of the whole batch (1.0 peaked at ~2.1x the result for 10 M instants)."""
    import tracemalloc

    f = feeddate.Formatter("feed", locale="zh_CN", tz="Asia/Shanghai")
    ts = _spread(6 * CHUNK)
    f.format_many(ts[:CHUNK], NOW, unit="ms")  # tables warm: their memory is not the batch's
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        tracemalloc.reset_peak()
        labels = f.format_many(ts, NOW, unit="ms")
        current, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    result = current - before
    assert len(labels) == len(ts) and result > 0
    assert peak - before <= 1.5 * result, f"peak {peak - before} bytes for a result of {result}"


def test_long_batch_lets_other_threads_run() -> None:
    """The GIL is not held for one long stretch: a thread ticking every millisecond
    keeps ticking while format_many labels two million instants."""
    import threading
    import time

    f = feeddate.Formatter("feed", locale="zh_CN", tz="Asia/Shanghai")
    ts = _spread(2_000_000)
    gaps: List[float] = []
    done = threading.Event()

    def tick() -> None:
        last = time.perf_counter()
        while not done.is_set():
            time.sleep(0.001)
            now = time.perf_counter()
            gaps.append(now - last)
            last = now

    thread = threading.Thread(target=tick)
    thread.start()
    time.sleep(0.02)
    gaps.clear()
    start = time.perf_counter()
    labels = f.format_many(ts, NOW, unit="ms")
    took = time.perf_counter() - start
    done.set()
    thread.join()
    assert len(labels) == len(ts)
    # 1.0 held it for 30-40% of such a call in one stretch (the split of the whole text).
    assert gaps and max(gaps) <= 0.25 * took, (
        f"longest stretch without the GIL for others: {max(gaps):.3f} s of {took:.3f} s"
    )


@pytest.mark.parametrize(
    "ts, unit, error, message",
    [
        (
            [NOW, NOW, datetime(2024, 3, 25)],
            None,
            ValueError,
            r"^format_many: ts\[2\]: naive datetime 2024-03-25T00:00:00",
        ),
        (
            [1711348200, 1711348200000],
            None,
            feeddate.RangeError,
            r"^format_many: ts\[1\]: instant 1711348200000000 ms is outside .*; given 1711348200000 as epoch seconds; it looks like milliseconds",
        ),
        ([1711348200, 1.5, "yesterday"], None, TypeError, r"^format_many: ts\[2\]: str is not an instant"),
        ((t for t in [NOW, NOW, NOW, float("nan")]), None, ValueError, r"^format_many: ts\[3\]: nan is not an instant"),
        (
            [1711348200000, 1711348200000 * 10**9],
            "ms",
            feeddate.RangeError,
            r"^format_many: ts\[1\]: instant 9223372036854775807 ms is outside the supported range -62135596800000\.\.\.253402300799999 ms \(0001-01-01T00:00:00Z \.\.\. 9999-12-31T23:59:59\.999Z\); given 1711348200000000000000 \(ms\)$",
        ),
        ([1711348200000, True], "ms", TypeError, r"^format_many: ts\[1\]: a bool is not an instant"),
        (
            [1711348200 + k for k in range(300)] + [10**20],
            None,
            feeddate.RangeError,
            r"^format_many: ts\[300\]: instant 9223372036854775807 ms is outside .*; given 100000000000000000000 as epoch seconds; it looks like nanoseconds",
        ),
        (
            [1711348200.5 + k for k in range(300)] + [1.7e12],
            None,
            feeddate.RangeError,
            r"^format_many: ts\[300\]: instant 1700000000000000 ms is outside .*; given 1700000000000\.0 as epoch seconds; it looks like milliseconds",
        ),
        ([1711348200.5] * 300 + [float("inf")], None, ValueError, r"^format_many: ts\[300\]: inf is not an instant"),
        ([1711348200.5, float("nan")], None, ValueError, r"^format_many: ts\[1\]: nan is not an instant"),
        (
            [1711348200.5, -1e300],
            None,
            feeddate.RangeError,
            r"^format_many: ts\[1\]: instant -9223372036854775808 ms is outside the supported range -62135596800000\.\.\.253402300799999 ms \(0001-01-01T00:00:00Z \.\.\. 9999-12-31T23:59:59\.999Z\); given -1e\+300 as epoch seconds$",
        ),
    ],
    ids=[
        "naive",
        "ms as s",
        "str",
        "generator",
        "unit ms",
        "bool",
        "long int list",
        "long float list ms",
        "long float list inf",
        "float list nan",
        "float list huge",
    ],
)
def test_an_error_names_the_index_of_the_element(ts: Any, unit: Any, error: type, message: str) -> None:
    f = FORMATTERS[0]
    with pytest.raises(error, match=message):
        f.format_many(ts, NOW, unit=unit)
    if not isinstance(ts, list):
        return
    with pytest.raises(error, match=message.replace("format_many", "batch")):
        f.batch(ts, NOW, unit=unit)


def test_numpy_float_arrays_with_a_unit() -> None:
    f = feeddate.Formatter("compact", locale="en_US", tz="UTC")
    seconds = np.array([NOW_MS / 1000 - 59.4, NOW_MS / 1000 - 3600], np.float64)
    assert f.format_many(seconds, NOW, unit="s") == ["59s", "1h"] == f.format_many(seconds.tolist(), NOW)
    assert (
        f.format_many(seconds * 1000, NOW, unit="ms") == f.format_many(seconds * 10**9, NOW, unit="ns") == ["59s", "1h"]
    )
    with pytest.raises(ValueError, match=r"ts\[1\] = nan is not an instant"):
        f.format_many(np.array([1.0, np.nan]), NOW, unit="s")
    with pytest.raises(
        feeddate.RangeError,
        match=r"ts\[0\] = 1e\+20 \(s\): instant 9223372036854775807 ms is outside the supported range -62135596800000\.\.\.253402300799999 ms \(0001-01-01T00:00:00Z \.\.\. 9999-12-31T23:59:59\.999Z\)$",
    ):
        f.format_many(np.array([1e20]), NOW, unit="s")


def test_a_pandas_datetime_index() -> None:
    pd = pytest.importorskip("pandas")
    f = feeddate.Formatter("compact", locale="en_US", tz="UTC")
    index = pd.DatetimeIndex(["2024-03-25T06:29:01Z", "2024-03-25T05:30Z"])
    assert f.format_many(index, NOW) == f.batch(index, NOW).texts == ["59s", "1h"]


@pytest.mark.parametrize("n", [5, 255, 256, 5000], ids=lambda n: f"{n} floats")
def test_float_seconds_lists_round_as_one_instant_does(n: int) -> None:
    """A list of float seconds takes format_many's fast path (feeddate._lists: the
    rounding done on all elements at once): its milliseconds are to_ms's, halves
    to even included, and so are its labels."""
    import random

    from feeddate._instant import to_ms

    rng = random.Random(n)
    base = NOW_MS / 1000
    ts = [base - rng.uniform(0, 400 * 86400) for _ in range(n)]
    # exact halves of a millisecond, and values just beside them
    for k in range(0, n, 3):
        ms = NOW_MS - rng.randrange(400 * 86400 * 1000)
        ts[k] = (ms + 0.5) / 1000 if k % 2 == 0 else float(np.nextafter((ms + 0.5) / 1000, 0))
    for np_mod in (None, np):  # _lists, and numpy from 256 on
        fast = _formatter._list_ms(ts, None, np_mod)
        assert fast is not None
        assert list(fast) == [to_ms(t) for t in ts]
    f = feeddate.Formatter("relative", locale="en_US", tz="America/New_York")
    assert f.format_many(ts, NOW) == [f.format(t, NOW) for t in ts]
    assert _formatter._list_ms(ts + [True], None) is None  # a bool among them: the general path
