"""SPEC 11's rule (1.3) in Python's own types: every line of
Tests/vectors/conversion/conversion-1.3.jsonl that a float of seconds, a
float of milliseconds (unit="ms"), a datetime or a timedelta holds gives the
milliseconds, labels and wire bytes every binding gives, through each path
that converts (to_ms, format_many's lists and numpy arrays, the horizon)."""

from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone
from typing import Any, Dict, List, Optional

import feeddate
import numpy as np
import pytest
from conftest import REPO, at, formatter_for, hide_numpy
from feeddate import _schedule
from feeddate._ffi import FD_MIN_INSTANT_MS
from feeddate._instant import to_ms

FILE = REPO / "Tests" / "vectors" / "conversion" / "conversion-1.3.jsonl"
LINES: List[Dict[str, Any]] = [json.loads(line) for line in FILE.read_text(encoding="utf-8").splitlines() if line]
COUNTDOWN = feeddate.Formatter("countdown", locale="en_US", tz="UTC", precision=3)


def _datetime(iso: str) -> Optional[datetime]:
    """The aware datetime of an ISO instant, when a datetime holds it (microseconds)."""
    whole, _, fraction = iso.rstrip("Z").partition(".")
    if len(fraction) > 6:
        return None
    dt = datetime.strptime(whole.rjust(19, "0"), "%Y-%m-%dT%H:%M:%S").replace(tzinfo=timezone.utc)
    return dt + timedelta(microseconds=int(fraction.ljust(6, "0"))) if fraction else dt


def _instant(form: Dict[str, Any]) -> Any:
    """A form as the binding's own scalar instant (epoch seconds or a datetime), or None."""
    if "seconds" in form:
        return form["seconds"]
    if "iso" in form:
        return _datetime(form["iso"])
    return None


def _horizon(form: Dict[str, Any]) -> Any:
    if "seconds" in form:
        return form["seconds"]
    if "nanos" in form and form["nanos"] % 1000 == 0:
        return timedelta(microseconds=form["nanos"] // 1000)
    return None


def _labels(values: List[Any], unit: Optional[str], want_ms: int) -> None:
    """format_many of values (a list long enough for the fast paths, and an array)
    labels each as the instant want_ms: a countdown to the millisecond shows it."""
    now = at(max(want_ms - 3_600_000, FD_MIN_INSTANT_MS))
    want = COUNTDOWN.format(at(want_ms), now)
    assert COUNTDOWN.format_many(values * 300, now, unit=unit) == [want] * (len(values) * 300)
    assert COUNTDOWN.format_many(np.array(values * 3, dtype=np.float64), now, unit=unit or "s") == [want] * 3


@pytest.mark.parametrize("numpy_state", ["numpy imported", "numpy not imported"])
def test_conversion_vectors(numpy_state: str, monkeypatch: pytest.MonkeyPatch) -> None:
    if numpy_state == "numpy not imported":
        hide_numpy(monkeypatch)
    ran: Dict[str, int] = {}
    for n, v in enumerate(LINES, 1):
        where = f"{FILE.name}:{n} ({v['note']})"
        case = v["case"]
        if case == "instant":
            if "seconds" in v:
                assert to_ms(v["seconds"]) == v["expect_ms"], where
                _labels([v["seconds"]], None, v["expect_ms"])
            elif "millis" in v:
                _labels([v["millis"]], "ms", v["expect_ms"])
            elif "iso" in v and _datetime(v["iso"]) is not None:
                assert to_ms(_datetime(v["iso"])) == v["expect_ms"], where
            else:
                continue
        elif case == "horizon":
            h = _horizon(v)
            if h is None:
                continue
            assert _schedule.horizon_ms(h) == v["expect_ms"], where
            if v["expect_ms"] < 0:
                with pytest.raises(feeddate.ArgumentError) as info:
                    COUNTDOWN.schedule(at(0), at(0), horizon=h)
                assert str(info.value).endswith(
                    f"horizon {v['expect_ms']} ms is out of range 0...31622400000 (366 days)"
                ), where
        elif case in ("label", "schedule"):
            t, now = _instant(v["t"]), _instant(v["now"])
            if t is None or now is None:
                continue
            f = formatter_for(v["style"], v["options"])
            if case == "label":
                assert f.format(t, now) == v["text"], where
            else:
                h = _horizon(v["horizon"])
                if h is None:
                    continue
                assert f.schedule(t, now, horizon=h, max_entries=v["max_entries"]).to_json() == v["json"], where
        else:
            raise AssertionError(f"{where}: unknown case {case}")
        ran[case] = ran.get(case, 0) + 1
    assert all(ran.get(c) for c in ("instant", "horizon", "label", "schedule")), ran
    print(f"conversion vectors run: {ran}")
