"""format_many's fast paths for plain lists (feeddate._lists, and numpy when it is
imported) give exactly what the general path gives, element by element: the same
labels for every list it takes, the same error (class and message, naming the
element) for every list it refuses. The general path is the one a generator
takes (to_ms on each element), as every list took before the fast paths."""

from __future__ import annotations

import enum
import random
from datetime import datetime, timedelta, timezone
from decimal import Decimal
from fractions import Fraction
from typing import Any, List, Optional
from zoneinfo import ZoneInfo

import feeddate
import numpy as np
import pytest
from feeddate import _formatter, _lists
from feeddate._ffi import FD_MAX_INSTANT_MS, FD_MIN_INSTANT_MS
from feeddate._instant import to_ms

UTC = timezone.utc
NOW = datetime(2024, 3, 25, 6, 30, tzinfo=UTC)
NOW_S = 1711348200
MIN_S = FD_MIN_INSTANT_MS // 1000
MAX_S = FD_MAX_INSTANT_MS // 1000
F = feeddate.Formatter("relative", locale="en_US", tz="America/New_York")
FEED = feeddate.Formatter("feed", locale="zh_CN", tz="Asia/Shanghai")


def _spread(n: int, seed: int) -> List[int]:
    """n millisecond instants: most within 400 days of NOW, some before 1970, some far off."""
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        r = rng.random()
        if r < 0.8:
            out.append(NOW_S * 1000 - rng.randrange(400 * 86400_000))
        elif r < 0.9:
            out.append(rng.randrange(-86400_000 * 3650, 0))  # before 1970: negative
        else:
            out.append(rng.randrange(FD_MIN_INSTANT_MS, FD_MAX_INSTANT_MS + 1))
    return out


def _same_as_general(f: feeddate.Formatter, ts: Any, unit: Optional[str] = None) -> List[str]:
    labels = f.format_many(ts, NOW, unit=unit)
    assert labels == f.format_many(iter(ts), NOW, unit=unit)
    return labels


@pytest.mark.parametrize("n", [1, 5, 255, 256, 4095, 4096, 4097, 9000])
def test_lists_give_the_general_paths_labels(n: int, numpy_state: str) -> None:
    ms = _spread(n, n)
    ints = [t // 1000 for t in ms]
    floats = [t / 1000 for t in ms]
    labels = _same_as_general(F, floats)
    assert labels[: min(n, 300)] == [F.format(t, NOW) for t in floats[:300]]
    _same_as_general(F, ints)
    _same_as_general(F, tuple(floats))
    _same_as_general(F, [t if k % 2 else float(t) for k, t in enumerate(ints)])  # ints and floats mixed
    _same_as_general(F, ms, "ms")
    _same_as_general(FEED, floats)  # non-ASCII labels
    zones = [UTC, timezone(timedelta(hours=-3, minutes=-30)), ZoneInfo("Asia/Shanghai")]
    dts = [datetime.fromtimestamp(t / 1000, zones[k % 3]) for k, t in enumerate(ms)]
    assert _same_as_general(F, dts) == [F.format(t / 1000, NOW) for t in ms]


def test_milliseconds_are_to_ms_s_to_the_last_one(numpy_state: str) -> None:
    """Halves of a millisecond (to even), values beside them, -0.0, the ends of the
    range, before 1970: each list path's milliseconds are to_ms's."""
    np_mod = None if numpy_state == "numpy not imported" else np
    rng = random.Random(11)
    floats = [
        0.0,
        -0.0,
        0.0005,
        0.0015,
        0.0025,
        -0.0005,
        -0.0015,
        1e-300,
        -1e-300,
        float(MIN_S),
        MAX_S + 0.999,
        MAX_S + 0.9994,
        1711348200.0005,
        1711348200.0015,
        -62135596799.9995,
    ]
    for _ in range(3000):
        ms = rng.randrange(FD_MIN_INSTANT_MS, FD_MAX_INSTANT_MS)
        floats.append((ms + 0.5) / 1000)
        floats.append(float(np.nextafter((ms + 0.5) / 1000, rng.choice([0.0, 1e300]))))
        floats.append(rng.uniform(MIN_S, MAX_S))
    floats += [0.0] * (256 - len(floats) % 256)  # numpy from 256 on: a multiple, then one less
    for ts in (floats, floats[:-1], floats[:255]):
        got = _formatter._list_ms(ts, None, np_mod)
        assert got is not None and list(got) == [to_ms(t) for t in ts]
        # numpy, when imported, converts from 256 numbers on; _lists below that and without it
        assert isinstance(got, np.ndarray) == (np_mod is not None and len(ts) >= 256)
    ints = [0, -1, 1, MIN_S, MAX_S, NOW_S] + [rng.randrange(MIN_S, MAX_S + 1) for _ in range(5000)]
    got = _formatter._list_ms(ints, None, np_mod)
    assert got is not None and list(got) == [to_ms(t) for t in ints]
    assert isinstance(got, np.ndarray) == (np_mod is not None)
    in_ms = _formatter._list_ms(ints, "ms", np_mod)
    assert in_ms is not None and list(in_ms) == ints and isinstance(in_ms, np.ndarray) == (np_mod is not None)


def test_the_lanes_alone() -> None:
    """_lists on its own, in blocks and across them, and what it says no to."""
    assert _lists.ENABLED  # x86-64 and arm64: IEEE doubles, little-endian
    rng = random.Random(3)
    for n in (1, 4095, 4096, 4097, 3 * 4096 + 5):
        ints = [rng.randrange(MIN_S, MAX_S + 1) for _ in range(n)]
        assert list(_lists.int_seconds_ms(ints) or ()) == [s * 1000 for s in ints]
        for bad in (MIN_S - 1, 2**39 + MIN_S, -(2**63), 2**63 - 1):  # out of reach: no, wherever it is
            at = rng.randrange(n)
            assert _lists.int_seconds_ms(ints[:at] + [bad] + ints[at + 1 :]) is None
    assert _lists.int_seconds_ms([2**63]) is None  # beyond int64
    # Out of the library's range but within reach: exact, and the library refuses it.
    assert list(_lists.int_seconds_ms([MAX_S + 1]) or ()) == [(MAX_S + 1) * 1000]


class _Seconds(enum.IntEnum):
    NOW = NOW_S


class _Float(float):
    pass


_GOOD = [NOW_S - 60, NOW_S - 7200.5]
_DT = [NOW - timedelta(minutes=1), NOW - timedelta(days=3)]


@pytest.mark.parametrize(
    "ts, unit",
    [
        (_GOOD + [None], None),
        (_GOOD + ["yesterday"], None),
        ([NOW_S, True], None),
        ([1.5, False], None),
        ([NOW_S - 60, NOW_S, False], "ms"),
        ([NOW_S + 0.5, float("nan")], None),
        ([NOW_S + 0.5] * 300 + [float("nan")], None),
        ([NOW_S + 0.5, float("inf")], None),
        ([NOW_S + 0.5] * 300 + [-float("inf")], None),
        ([NOW_S, 10**20], None),
        ([NOW_S] * 300 + [2**63], None),
        ([NOW_S, -(2**63) - 1], None),
        ([NOW_S, 2**64], "ms"),
        ([1.5, 10**400], None),
        ([1.5] * 300 + [10**400], None),
        ([1.5, 1e300], None),
        ([1.5, -1e300], None),
        ([NOW_S, NOW_S * 1000], None),
        ([NOW_S] * 300 + [NOW_S * 1000], None),
        ([NOW_S + 0.25, NOW_S * 1000.0], None),
        ([NOW_S + 0.25] * 300 + [NOW_S * 1e6], None),
        ([NOW_S, MAX_S + 1], None),
        ([NOW_S] * 300 + [MIN_S - 1], None),
        ([1.5, MAX_S + 1.0004], None),
        ([NOW_S * 1000, FD_MAX_INSTANT_MS + 1], "ms"),
        ([NOW_S * 1000] * 300 + [FD_MIN_INSTANT_MS - 1], "ms"),
        (_DT + [datetime(2024, 3, 25)], None),
        (_DT + [datetime(1, 1, 1, tzinfo=timezone(timedelta(hours=1)))], None),
        (_DT + [datetime(9999, 12, 31, 23, 59, tzinfo=timezone(timedelta(hours=-1)))], None),
        ([NOW_S, Decimal(NOW_S)], None),
        ([NOW_S, Fraction(NOW_S)], None),
        ([1.5, Fraction(1, 2)], None),
        ([NOW_S, 1.5, "x"], None),
        ([NOW_S, 1.5, np.datetime64("NaT")], None),
    ],
)
def test_lists_it_refuses_fail_as_before(ts: List[Any], unit: Optional[str], numpy_state: str) -> None:
    errors = []
    for call in (lambda: F.format_many(ts, NOW, unit=unit), lambda: F.format_many(iter(ts), NOW, unit=unit)):
        with pytest.raises(Exception) as info:
            call()
        errors.append(info.value)
    fast, general = errors
    assert type(fast) is type(general) and str(fast) == str(general)
    assert f"ts[{len(ts) - 1}]" in str(fast)  # the last element is the bad one, and named
    with pytest.raises(type(general), match=r"^batch: "):
        F.batch(ts, NOW, unit=unit)


@pytest.mark.parametrize(
    "ts, error, message",
    [
        (
            [NOW_S, None],
            TypeError,
            r"^format_many: ts\[1\]: NoneType is not an instant: pass a timezone-aware datetime",
        ),
        ([NOW_S, True], TypeError, r"^format_many: ts\[1\]: a bool is not an instant"),
        ([1.5] * 300 + [float("nan")], ValueError, r"^format_many: ts\[300\]: nan is not an instant"),
        (
            [NOW_S] * 300 + [NOW_S * 1000],
            feeddate.RangeError,
            r"^format_many: ts\[300\]: instant 1711348200000000 ms is outside the supported range -62135596800000\.\.\.253402300799999 ms \(0001-01-01T00:00:00Z \.\.\. 9999-12-31T23:59:59\.999Z\); given 1711348200000 as epoch seconds; it looks like milliseconds",
        ),
        (
            [1.5, NOW_S * 1e6],
            feeddate.RangeError,
            r"^format_many: ts\[1\]: instant 1711348200000000000 ms is outside the supported range -62135596800000\.\.\.253402300799999 ms \(0001-01-01T00:00:00Z \.\.\. 9999-12-31T23:59:59\.999Z\); given 1711348200000000\.0 as epoch seconds; it looks like microseconds",
        ),
        (
            [NOW_S, MAX_S + 1],
            feeddate.RangeError,
            r"^format_many: ts\[1\]: instant 253402300800000 ms is outside the supported range -62135596800000\.\.\.253402300799999 ms \(0001-01-01T00:00:00Z \.\.\. 9999-12-31T23:59:59\.999Z\); given 253402300800 as epoch seconds; it looks like milliseconds",
        ),
        (
            [1.5, 10**400],
            feeddate.RangeError,
            r"^format_many: ts\[1\]: instant 9223372036854775807 ms is outside the supported range -62135596800000\.\.\.253402300799999 ms \(0001-01-01T00:00:00Z \.\.\. 9999-12-31T23:59:59\.999Z\); given 10{400} as epoch seconds$",
        ),  # clamped
        ([NOW_S, Fraction(1, 2)], TypeError, r"^format_many: ts\[1\]: Fraction is not an instant"),
        (
            _DT + [datetime(2024, 3, 25)],
            ValueError,
            r"^format_many: ts\[2\]: naive datetime 2024-03-25T00:00:00 has no time zone",
        ),
    ],
)
def test_the_errors_say_which_element_and_what_is_valid(
    ts: List[Any], error: type, message: str, numpy_state: str
) -> None:
    with pytest.raises(error, match=message):
        F.format_many(ts, NOW)


@pytest.mark.parametrize(
    "ts",
    [
        [NOW_S - 60, _Seconds.NOW],  # an int subclass: seconds, as always
        [NOW_S - 60.5, _Float(NOW_S - 0.25)],  # a float subclass
        [np.int64(NOW_S - 60), NOW_S],  # numpy scalars
        [np.float64(NOW_S - 60.5)] * 300 + [1.5],
        [NOW_S - 60, 1.5, NOW - timedelta(days=2), np.datetime64("2024-03-25T06:29:00")],  # mixed kinds
        [NOW - timedelta(hours=1), datetime(2024, 3, 20, tzinfo=ZoneInfo("America/New_York"))],
    ],
    ids=["IntEnum", "float subclass", "numpy ints", "numpy floats", "mixed", "datetimes"],
)
def test_lists_it_took_before_it_still_takes(ts: List[Any], numpy_state: str) -> None:
    assert _same_as_general(F, ts) == [F.format(t, NOW) for t in ts]
