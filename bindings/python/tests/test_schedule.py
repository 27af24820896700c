"""Schedules (SPEC section 11): Formatter.schedule against the schedule vectors
(the files of $FEEDDATE_SCHEDULE_VECTORS, else Tests/vectors/schedule/), the
library's argument checks, horizons as numbers and timedeltas, label() step by
step, and the `feeddate schedule` command."""

from __future__ import annotations

import collections.abc
import json
import os
import random
import subprocess
import sys
import threading
import time
from datetime import datetime, timedelta, timezone
from decimal import Decimal
from typing import Any, Dict, List, Optional

import feeddate
import pytest
from conftest import (
    SCHEDULE_VECTORS_ENV,
    VECTOR_ROOT,
    NoVectorSet,
    at,
    formatter_for,
    load_vectors,
    schedule_vector_files,
)
from conftest import run_cli as run
from feeddate import _schedule

try:
    VECTORS = load_vectors(schedule_vector_files())
    PROBLEM = ""
except NoVectorSet as exc:  # reported by test_schedule_vectors_are_there, not as a collection error
    VECTORS, PROBLEM = [], str(exc)

UTC = timezone.utc
NOW = datetime(2024, 3, 25, 6, 30, tzinfo=UTC)
MAX_HORIZON = timedelta(days=366)


def _ms(value: Optional[datetime]) -> Optional[int]:
    return None if value is None else (value - at(0)) // timedelta(milliseconds=1)


def _id(vector: Dict[str, Any]) -> str:
    options = ",".join(f"{k}={v}" for k, v in vector["options"].items() if k not in ("locale", "tz"))
    return f"{vector['style']}-{vector['options'].get('locale')}-{vector['t_ms'] - vector['now_ms']}ms-{options}"


# ---- the vectors ------------------------------------------------------------------


def test_schedule_vectors_are_there() -> None:
    assert not PROBLEM, PROBLEM
    assert len(VECTORS) >= (1 if os.environ.get(SCHEDULE_VECTORS_ENV) else 15)


def test_feeddate_schedule_vectors_names_the_files(tmp_path: Any) -> None:
    first, second = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    first.write_text('{"note": "a"}\n')
    second.write_text('{"note": "b"}\n')
    assert schedule_vector_files(env=f"{first}:{second}") == [first, second]
    assert schedule_vector_files(env="") == sorted((VECTOR_ROOT / "schedule").glob("*.jsonl"))
    with pytest.raises(NoVectorSet, match="missing.jsonl"):
        schedule_vector_files(env=f"{first}:{tmp_path / 'missing.jsonl'}")


def test_the_label_suites_never_read_the_schedule_vectors() -> None:
    from conftest import vector_files

    assert not any(f.parent.name == "schedule" for f in vector_files(env=""))


@pytest.mark.parametrize("vector", VECTORS, ids=[_id(v) for v in VECTORS])
def test_vector(vector: Dict[str, Any]) -> None:
    f = formatter_for(vector["style"], vector["options"])
    schedule = f.schedule(
        at(vector["t_ms"]),
        at(vector["now_ms"]),
        horizon=timedelta(milliseconds=vector["horizon_ms"]),
        max_entries=vector["max_entries"],
    )
    assert schedule.to_json().encode("utf-8") == vector["json"].encode("utf-8")  # the library's bytes
    assert [[e.text, _ms(e.start)] for e in schedule] == vector["entries"]
    assert _ms(schedule.until) == vector["until_ms"]
    assert schedule.now == at(vector["now_ms"]) == schedule[0].start
    # The same through numbers: epoch seconds, a horizon in (float) seconds.
    again = f.schedule(
        vector["t_ms"] / 1000,
        vector["now_ms"] / 1000,
        horizon=vector["horizon_ms"] / 1000,
        max_entries=vector["max_entries"],
    )
    assert again == schedule and again.to_json() == vector["json"]
    assert len(again) == len(vector["entries"])  # read in the other order: the entries after the wire form


def test_the_wire_form_and_the_entries_tell_the_same() -> None:
    # Reading the wire (never writing it): its differences add up to the entries' starts.
    for vector in VECTORS:
        wire = json.loads(vector["json"])
        schedule = formatter_for(vector["style"], vector["options"]).schedule(
            vector["t_ms"] / 1000,
            vector["now_ms"] / 1000,
            horizon=timedelta(milliseconds=vector["horizon_ms"]),
            max_entries=vector["max_entries"],
        )
        starts, at_ms = [], wire["now"]
        for _, delta in wire["labels"]:
            at_ms += delta
            starts.append(at_ms)
        assert [text for text, _ in wire["labels"]] == [e.text for e in schedule]
        assert starts == [_ms(e.start) for e in schedule]
        assert wire["until"] == _ms(schedule.until)
        assert list(wire) == ["v", "now", "labels", "until"] and wire["v"] == 1


# ---- the object -------------------------------------------------------------------


@pytest.fixture(scope="module")
def relative() -> feeddate.Formatter:
    return feeddate.Formatter("relative", locale="en_US", tz="America/New_York")


def test_a_schedule_is_a_sequence_of_named_entries(relative: feeddate.Formatter) -> None:
    s = relative.schedule(NOW - timedelta(seconds=20), NOW, horizon=timedelta(hours=2))
    assert isinstance(s, collections.abc.Sequence) and isinstance(s, feeddate.Schedule)
    first = s[0]
    assert isinstance(first, feeddate.ScheduleEntry) and first == ("Just now", NOW)
    assert (first.text, first.start) == ("Just now", NOW) and first.start.tzinfo is UTC
    assert s[1] == feeddate.ScheduleEntry("1 minute ago", NOW + timedelta(seconds=40))
    assert s[-1] == list(s)[-1] and s[1:3] == tuple(s)[1:3] and len(s) == len(list(s)) == 62
    assert first in s and s.index(s[5]) == 5
    assert all(a.text != b.text and a.start < b.start for a, b in zip(s, s[1:]))
    assert s[-1] == ("2 hours ago", NOW + timedelta(hours=2, seconds=-20))
    assert s.until == NOW + timedelta(hours=3, seconds=-20) and s.until.tzinfo is UTC  # "3 hours ago": past the horizon
    assert s.now == NOW and isinstance(s.to_json(), str)
    assert repr(s).startswith("<Schedule now=2024-03-25T06:30:00.000Z [('Just now', 2024-03-25T06:30:00.000Z), ")
    assert repr(s).endswith("... 59 more] until=2024-03-25T09:29:40.000Z>")


def test_equal_schedules_are_equal_and_hash_alike(relative: feeddate.Formatter) -> None:
    t = NOW - timedelta(seconds=20)
    a = relative.schedule(t, NOW, horizon=3600)
    b = relative.schedule(t, NOW, horizon=timedelta(hours=1))
    assert a == b and hash(a) == hash(b) and len({a, b}) == 1
    assert a == relative.schedule(t, NOW, horizon=3601)  # the same labels, the same until: the same schedule
    assert a != relative.schedule(t, NOW, horizon=7200) and a != a.to_json()


def test_a_complete_schedule_has_no_until() -> None:
    f = feeddate.Formatter("feed_detail", locale="zh_CN", tz="Asia/Shanghai")
    s = f.schedule(datetime(2024, 3, 20, 6, 30, tzinfo=UTC), NOW)
    assert len(s) == 1 and s.until is None and s.to_json().endswith('"until":null}')


def test_now_defaults_to_the_formatters_clock() -> None:
    class Fixed:
        def now_ms(self) -> int:
            return 1711348200000

    f = feeddate.Formatter("compact", locale="en_US", tz="UTC", clock=Fixed())
    s = f.schedule(1711348140)
    assert s.now == at(1711348200000) and s[0].text == "1m"
    local = feeddate.Formatter("compact", locale="en_US", tz="UTC")
    before = datetime.now(UTC)
    s = local.schedule(before)
    assert before - timedelta(milliseconds=1) <= s.now <= datetime.now(UTC)


def test_instants_as_format_takes_them(relative: feeddate.Formatter) -> None:
    t = NOW - timedelta(minutes=5)
    base = relative.schedule(t, NOW)
    assert relative.schedule(int(t.timestamp()), int(NOW.timestamp())) == base
    assert relative.schedule(t.astimezone(timezone(timedelta(hours=8))), NOW.timestamp()) == base
    with pytest.raises(ValueError, match="naive"):
        relative.schedule(datetime(2024, 3, 25), NOW)
    with pytest.raises(feeddate.RangeError, match="looks like milliseconds"):
        relative.schedule(1711348200000, NOW)
    with pytest.raises(TypeError):
        relative.schedule("2024-03-25", NOW)  # type: ignore[arg-type]


def test_the_default_horizon_is_one_day_and_1000_entries() -> None:
    f = feeddate.Formatter("countdown", locale="en_US", tz="UTC", precision=0)
    s = f.schedule(NOW + timedelta(days=3), NOW)
    assert s == f.schedule(NOW + timedelta(days=3), NOW, horizon=timedelta(days=1), max_entries=1000)
    assert len(s) == 1000 and s.until == NOW + timedelta(seconds=1000)  # 1,000 entries come first
    minutes = feeddate.Formatter("relative", locale="en_US", tz="UTC").schedule(NOW - timedelta(seconds=1), NOW)
    assert minutes.until is not None and NOW + timedelta(days=1) <= minutes.until < NOW + timedelta(days=2)


# ---- arguments --------------------------------------------------------------------


@pytest.mark.parametrize(
    "horizon, message",
    [
        (-1, "horizon -1000 ms is out of range 0...31622400000 (366 days)"),
        (-0.001, "horizon -1 ms is out of range 0...31622400000 (366 days)"),
        (timedelta(milliseconds=-1), "horizon -1 ms is out of range 0...31622400000 (366 days)"),
        (MAX_HORIZON + timedelta(milliseconds=1), "horizon 31622400001 ms is out of range 0...31622400000 (366 days)"),
        (366 * 86400 + 0.001, "horizon 31622400001 ms is out of range"),
        # Beyond int64_t: clamped, the library's message for the clamped value (SPEC 11, 1.3).
        (10**20, "horizon 9223372036854775807 ms is out of range 0...31622400000"),
        (timedelta.max, "out of range 0...31622400000 (366 days)"),
        (float("inf"), "horizon 9223372036854775807 ms is out of range 0...31622400000 (366 days)"),
        (float("-inf"), "horizon -9223372036854775808 ms is out of range 0...31622400000 (366 days)"),
        (-0.0004, "horizon -1 ms is out of range 0...31622400000 (366 days)"),
        (float("nan"), "horizon=nan is not a number of seconds"),
    ],
)
def test_a_horizon_out_of_range_is_the_librarys_argument_error(
    relative: feeddate.Formatter, horizon: Any, message: str
) -> None:
    with pytest.raises(feeddate.ArgumentError) as info:
        relative.schedule(NOW, NOW, horizon=horizon)
    assert message in str(info.value) and info.value.status == 1


@pytest.mark.parametrize(
    "max_entries, message",
    [
        (0, "max_entries 0 is out of range 1...100000"),
        (100_001, "max_entries 100001 is out of range 1...100000"),
        # A negative count reaches the library as its two's complement, which it
        # names as the number meant: the message is the library's, not a copy.
        (-1, "max_entries -1 is out of range 1...100000"),
        (-5, "max_entries -5 is out of range 1...100000"),
        (10**12, "max_entries 1000000000000 is out of range 1...100000"),  # nothing that size is allocated
        # Beyond int64, clamped to it first.
        (2**70, "max_entries 9223372036854775807 is out of range 1...100000"),
        (10**30, "max_entries 9223372036854775807 is out of range 1...100000"),
        (-(10**30), "max_entries -9223372036854775808 is out of range 1...100000"),
    ],
)
def test_max_entries_out_of_range_is_the_librarys_argument_error(
    relative: feeddate.Formatter, max_entries: int, message: str
) -> None:
    started = time.perf_counter()
    with pytest.raises(feeddate.ArgumentError) as info:
        relative.schedule(NOW, NOW, max_entries=max_entries)
    assert message in str(info.value) and info.value.status == 1
    assert time.perf_counter() - started < 1


def test_the_limits_themselves_are_accepted() -> None:
    f = feeddate.Formatter("countdown", locale="en_US", tz="UTC", precision=3)
    deadline = NOW + timedelta(days=400)
    one = f.schedule(deadline, NOW, horizon=0)
    assert len(one) == 1 and one.until == NOW + timedelta(milliseconds=1)
    assert len(f.schedule(deadline, NOW, horizon=MAX_HORIZON, max_entries=1)) == 1
    # 100,000 entries, one a millisecond: a 2 MB wire form (larger than the buffers kept for reuse).
    most = f.schedule(deadline, NOW, horizon=MAX_HORIZON, max_entries=100_000)
    assert len(most) == 100_000 and most.until == NOW + timedelta(milliseconds=100_000)
    assert most[-1].start == NOW + timedelta(milliseconds=99_999) and len(most.to_json()) > 1_000_000
    assert f.schedule(deadline, NOW, horizon=1, max_entries=100_000).to_json().count("],[") == 999


@pytest.mark.parametrize(
    "horizon, error",
    [("86400", TypeError), (True, TypeError), (None, TypeError), ([1], TypeError)],
)
def test_a_horizon_of_another_type_is_a_type_error(relative: feeddate.Formatter, horizon: Any, error: type) -> None:
    with pytest.raises(error, match="timedelta"):
        relative.schedule(NOW, NOW, horizon=horizon)


def test_max_entries_is_passed_as_the_size_t_a_signed_caller_means() -> None:
    assert _schedule.entry_count(1000) == 1000
    assert _schedule.entry_count(-5) == 2**64 - 5
    assert _schedule.entry_count(10**30) == 2**63 - 1 and _schedule.entry_count(-(10**30)) == 2**63


@pytest.mark.parametrize("max_entries", [1.0, "10", True, None])
def test_max_entries_of_another_type_is_a_type_error(relative: feeddate.Formatter, max_entries: Any) -> None:
    with pytest.raises(TypeError, match="max_entries"):
        relative.schedule(NOW, NOW, max_entries=max_entries)


# ---- horizons: numbers and timedeltas ------------------------------------------------


@pytest.mark.parametrize(
    "horizon, ms",
    [
        (3600, 3_600_000),
        (0, 0),
        (1.5, 1500),
        (0.0004, 0),
        (0.0006, 0),
        (2.0004, 2000),
        (2.0006, 2000),
        (1.0004, 1000),
        (1.0009, 1000),
        (0.0009996, 1),
        (0.0009994, 0),
        (366 * 86400 + 0.0004, 31_622_400_000),
        (Decimal("2.0006"), 2000),
        (Decimal("0.0009996"), 0),
        (timedelta(hours=1), 3_600_000),
        (timedelta(microseconds=400), 0),
        (timedelta(microseconds=600), 0),
        (timedelta(microseconds=1500), 1),
        (timedelta(microseconds=2500), 2),
        (timedelta(microseconds=2501), 2),
        (timedelta(microseconds=-1500), -2),
        (timedelta(days=366), 31_622_400_000),
    ],
)
def test_a_horizon_is_floored_to_the_millisecond(horizon: Any, ms: int) -> None:
    # SPEC 11's rule (1.3): exact types (timedelta, Decimal) floored; a float rounded to the
    # microsecond first (0.0009996 s is 1 ms), then floored.
    assert _schedule.horizon_ms(horizon) == ms


def test_numpy_and_pandas_horizons_and_entry_counts() -> None:
    import numpy as np  # a test dependency: never skipped

    assert _schedule.horizon_ms(np.int64(60)) == 60_000 and _schedule.horizon_ms(np.float32(0.5)) == 500
    assert _schedule.entry_count(np.int32(7)) == 7
    # A timedelta64 in its own unit, never read as seconds.
    assert _schedule.horizon_ms(np.timedelta64(5, "ms")) == 5
    assert _schedule.horizon_ms(np.timedelta64(2, "h")) == 7_200_000
    assert _schedule.horizon_ms(np.timedelta64(1_500_500, "ns")) == 1  # 1.5005 ms, floored
    assert _schedule.horizon_ms(np.timedelta64(2_999_999, "ns")) == 2
    assert _schedule.horizon_ms(np.timedelta64(3, "W")) == 3 * 7 * 86_400_000
    with pytest.raises(TypeError, match="no fixed length"):
        _schedule.horizon_ms(np.timedelta64(1, "M"))
    with pytest.raises(feeddate.ArgumentError, match="NaT"):
        _schedule.horizon_ms(np.timedelta64("NaT"))
    with pytest.raises(feeddate.ArgumentError, match="horizon -5 ms is out of range"):
        feeddate.Formatter("relative", locale="en_US", tz="UTC").schedule(NOW, NOW, horizon=np.timedelta64(-5, "ms"))
    pd = pytest.importorskip("pandas")
    assert _schedule.horizon_ms(pd.Timedelta("2.9999ms")) == 2  # from its nanoseconds, floored
    assert _schedule.horizon_ms(pd.Timedelta(hours=1)) == 3_600_000


def test_the_horizon_counts_in_milliseconds_after_flooring() -> None:
    # A countdown whose label changes every second: entry i starts at now + i s, and the
    # list stops at the first entry whose next change is at or after now + horizon, so a
    # horizon of 2,000 ms gives 2 entries and one of 2,001 ms gives 3 (SPEC 11's rule, 1.3).
    f = feeddate.Formatter("countdown", locale="en_US", tz="UTC", precision=0)
    deadline = NOW + timedelta(seconds=10)

    def count(horizon: Any) -> int:
        return len(f.schedule(deadline, NOW, horizon=horizon))

    assert [count(h) for h in (2, 2.0, 2.0004, 2.0006, timedelta(microseconds=2_000_999))] == [2] * 5
    assert [count(h) for h in (2.0009996, 2.001, timedelta(microseconds=2_001_000), timedelta(milliseconds=2001))] == [
        3
    ] * 4
    assert f.schedule(deadline, NOW, horizon=2.0006).until == NOW + timedelta(seconds=2)


# ---- against label(), step by step ------------------------------------------------------

_RANDOM_CONFIGS = [
    ("feed", {"locale": "zh_CN", "tz": "Asia/Shanghai", "recent_relative": True}),
    ("feed", {"locale": "en_US", "tz": "America/New_York"}),
    ("feed_detail", {"locale": "de_DE", "tz": "Europe/Berlin"}),
    ("chat_list", {"locale": "ja_JP", "tz": "Asia/Tokyo"}),
    ("chat_bubble", {"locale": "en_GB", "tz": "Europe/London", "hour_cycle": "h12"}),
    ("relative", {"locale": "fr_FR", "tz": "Europe/Paris", "width": "short"}),
    ("relative", {"locale": "ar_EG", "tz": "Africa/Cairo"}),
    ("compact", {"locale": "en_US", "tz": "America/Los_Angeles", "spoken": True}),
    ("compact", {"locale": "en_US", "tz": "Australia/Lord_Howe", "max_unit": "day"}),
    ("countdown", {"locale": "zh_CN", "tz": "Asia/Shanghai", "precision": 2}),
    ("countdown", {"locale": "en_US", "tz": "UTC", "precision": 0, "overtime": True, "countdown_days": True}),
]


def _random_cases(seed: int, n: int) -> List[Any]:
    rng = random.Random(seed)
    cases = []
    for _ in range(n):
        style, options = rng.choice(_RANDOM_CONFIGS)
        now_ms = rng.randrange(946_684_800_000, 2_000_000_000_000)  # 2000 .. 2033
        scale = rng.choice([60_000, 3_600_000, 86_400_000, 40 * 86_400_000])
        offset = rng.randrange(-scale, scale)
        if style != "countdown":
            offset = -abs(offset)
        horizon_ms = rng.choice([0, 999, 60_000, 3_600_000, 86_400_000, 86_400_000, 8 * 86_400_000, 8 * 86_400_000])
        max_entries = rng.choice([1, 50, 1000, 1000, 1000])
        cases.append((style, options, now_ms + offset, now_ms, horizon_ms, max_entries))
    return cases


@pytest.mark.parametrize("case", _random_cases(20240325, 24), ids=lambda c: f"{c[0]}-{c[2] - c[3]}ms-h{c[4]}-m{c[5]}")
def test_the_schedule_is_label_step_by_step(case: Any) -> None:
    style, options, t_ms, now_ms, horizon_ms, max_entries = case
    f = formatter_for(style, options)
    t, now = at(t_ms), at(now_ms)
    s = f.schedule(t, now, horizon=timedelta(milliseconds=horizon_ms), max_entries=max_entries)
    assert 1 <= len(s) <= max_entries and s[0].start == now == s.now
    end = now + timedelta(milliseconds=horizon_ms)
    for i, entry in enumerate(s):
        label = f.label(t, entry.start)
        assert label.text == entry.text
        following = s[i + 1].start if i + 1 < len(s) else s.until
        assert label.next_change == following  # the next entry starts at this label's next change
        if following is not None:
            assert f.format(t, following - timedelta(milliseconds=1)) == entry.text  # shown until then
        if i + 1 < len(s):
            assert s[i + 1].text != entry.text and following < end  # the list went on: not yet at the horizon
    # Why it stopped: complete, max_entries, or the horizon.
    assert s.until is None or len(s) == max_entries or s.until >= end


def test_schedules_from_many_threads_are_the_same() -> None:
    cases = _random_cases(7, 12)
    want = [
        formatter_for(c[0], c[1]).schedule(c[2] / 1000, c[3] / 1000, horizon=c[4] / 1000, max_entries=c[5])
        for c in cases
    ]
    got: List[Any] = [None] * (4 * len(cases))
    failures: List[BaseException] = []

    def work(k: int) -> None:
        try:
            for j in range(len(cases)):
                i = (j + k) % len(cases)
                c = cases[i]
                s = formatter_for(c[0], c[1]).schedule(c[2] / 1000, c[3] / 1000, horizon=c[4] / 1000, max_entries=c[5])
                got[k * len(cases) + i] = (s.to_json(), list(s), s.until)
        except BaseException as exc:  # noqa: BLE001 (reported below)
            failures.append(exc)

    threads = [threading.Thread(target=work, args=(k,)) for k in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not failures, failures
    assert got == [(w.to_json(), list(w), w.until) for w in want] * 4


# ---- the command --------------------------------------------------------------------


def _iso_ms(ms: int) -> str:
    return at(ms).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def _command(vector: Dict[str, Any]) -> List[str]:
    args = [
        "schedule",
        "--style",
        vector["style"],
        "--now",
        _iso_ms(vector["now_ms"]),
        "--horizon",
        str(vector["horizon_ms"] // 1000) if vector["horizon_ms"] % 1000 == 0 else str(vector["horizon_ms"] / 1000),
        "--max-entries",
        str(vector["max_entries"]),
    ]
    for name, value in vector["options"].items():
        flag = "--" + name.replace("_", "-")
        args += [flag] if value is True else [flag, str(value)]
    return args


def _command_vectors() -> List[Dict[str, Any]]:
    """Two vectors for the command: own words in Chinese and a spoken countdown when
    the files have them, else the first two."""
    wanted = [("feed", {"yesterday_text": "昨儿"}), ("countdown", {"spoken": True})]
    picked = [
        next(
            (v for v in VECTORS if v["style"] == style and all(v["options"].get(k) == w for k, w in options.items())),
            None,
        )
        for style, options in wanted
    ]
    if all(picked):
        return picked  # type: ignore[return-value]
    return VECTORS[:2]


COMMAND_VECTORS = _command_vectors()


@pytest.mark.parametrize("vector", COMMAND_VECTORS, ids=[_id(v) for v in COMMAND_VECTORS])
def test_the_command_prints_the_vectors_wire_lines(vector: Dict[str, Any]) -> None:
    t = _iso_ms(vector["t_ms"])
    # As an argument, as epoch seconds (when whole), and from stdin (twice: a `-` among the arguments).
    seconds = [str(vector["t_ms"] // 1000)] if vector["t_ms"] % 1000 == 0 else [t]
    result = run(_command(vector) + [t, *seconds, "-"], stdin=f"{t}\n{t}\n")
    assert result.returncode == 0, result.stderr
    assert result.stdout.encode("utf-8") == (vector["json"] + "\n").encode("utf-8") * 4


def test_the_command_keeps_bad_lines_in_place_and_fails_at_the_end() -> None:
    assert VECTORS, PROBLEM
    vector = VECTORS[0]
    stdin = "\n".join([_iso_ms(vector["t_ms"]), "soon", "", "1711348170000", f"{vector['t_ms'] / 1000}"]) + "\n"
    result = run(_command(vector), stdin=stdin)
    lines = result.stdout.splitlines()
    assert result.returncode == 1 and len(lines) == 5
    assert lines[0] == lines[4] == vector["json"]
    errors = [json.loads(line) for line in lines[1:4]]
    assert [e["input"] for e in errors] == ["soon", "", "1711348170000"] and all(
        set(e) == {"input", "error"} for e in errors
    )
    assert "ISO 8601" in errors[0]["error"] and "empty line" in errors[1]["error"]
    assert "looks like milliseconds" in errors[2]["error"]
    assert all(f"stdin line {n}" in result.stderr for n in (2, 3, 4)) and "stdin line 1" not in result.stderr


@pytest.mark.parametrize(
    "flags, words",
    [
        (["--horizon", "-5"], "horizon -5000 ms is out of range 0...31622400000 (366 days)"),
        (["--horizon", "31622400.001"], "horizon 31622400001 ms is out of range"),
        (["--max-entries", "0"], "max_entries 0 is out of range 1...100000"),
        (["--max-entries", "100001"], "max_entries 100001 is out of range 1...100000"),
        (["--max-entries", "-5"], "max_entries -5 is out of range 1...100000"),
    ],
)
def test_the_command_refuses_limits_out_of_range_before_reading_stdin(flags: List[str], words: str) -> None:
    # stdin stays open: the command answers without waiting for a line.
    proc = subprocess.Popen(
        [sys.executable, "-m", "feeddate", "schedule", "--tz", "UTC", *flags],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)},
    )
    try:
        assert proc.wait(timeout=60) == 1
        assert proc.stdout is not None and proc.stderr is not None
        out, err = proc.stdout.read(), proc.stderr.read()
        assert out == "" and words in err and err.startswith("feeddate: ")
    finally:
        proc.kill()
        proc.wait()
        for stream in (proc.stdin, proc.stdout, proc.stderr):
            if stream is not None:
                stream.close()


def test_the_command_usage() -> None:
    bad = run(["schedule", "--horizon", "a day", "1"])
    assert bad.returncode == 2 and "not a number of seconds" in bad.stderr
    helped = run(["schedule", "--help"])
    assert helped.returncode == 0 and "--horizon SECONDS" in helped.stdout and "--max-entries N" in helped.stdout
    assert "--spoken" in helped.stdout and "schedule" in run(["--help"]).stdout


def test_the_command_horizon_in_seconds_is_rounded_as_the_api_does() -> None:
    f = feeddate.Formatter("countdown", locale="en_US", tz="UTC", precision=0)
    deadline = NOW + timedelta(seconds=10)
    args = [
        "schedule",
        "--style",
        "countdown",
        "--locale",
        "en_US",
        "--tz",
        "UTC",
        "--precision",
        "0",
        "--now",
        "2024-03-25T06:30:00Z",
        "2024-03-25T06:30:10Z",
    ]
    for horizon in ("2.0004", "2.0006", "86400"):
        result = run(args + ["--horizon", horizon])
        assert result.returncode == 0, result.stderr
        assert result.stdout == f.schedule(deadline, NOW, horizon=float(horizon)).to_json() + "\n"
    default = run(args)
    assert default.stdout == f.schedule(deadline, NOW).to_json() + "\n"
