"""Live-label markup (issue 39 item 2, SPEC 11 "Semantics and screen readers" and
"Script context"): Formatter.html and Formatter.script_json against the cases of
Tests/vectors/html/html-1.3.jsonl (or of $FEEDDATE_HTML_VECTORS), byte for byte:
the binding returns fd_schedule_html's and fd_schedule_script_json's bytes and
writes no markup or escape of its own. A missing or empty file fails the suite
(no skips). The C reference: Tests/c (the same file)."""

from __future__ import annotations

import json
import os
from datetime import timedelta
from pathlib import Path
from typing import Any, Dict, List

import feeddate
import pytest
from conftest import REPO, at, formatter_for
from feeddate import _schedule

HTML_VECTORS_ENV = "FEEDDATE_HTML_VECTORS"


def html_vector_file() -> Path:
    """$FEEDDATE_HTML_VECTORS when set, else the repository's html-1.3.jsonl."""
    named = os.environ.get(HTML_VECTORS_ENV)
    return Path(named) if named else REPO / "Tests" / "vectors" / "html" / "html-1.3.jsonl"


def load_cases() -> List[Dict[str, Any]]:
    """Every case of the file; an AssertionError (a failure, never a skip) when
    it is missing or holds none."""
    path = html_vector_file()
    assert path.is_file(), f"no html vectors at {path}: set {HTML_VECTORS_ENV} or restore the file"
    # Lines end at "\n" only: an html holds U+2028 and U+2029 as they are (only
    # script_json escapes them), which str.splitlines would split at.
    cases = [json.loads(line) for line in path.read_text(encoding="utf-8").split("\n") if line.strip()]
    assert cases, f"{path}: no html vector"
    return cases


def _formatter(case: Dict[str, Any]) -> feeddate.Formatter:
    # The schedule vectors' options reader: the same spelling (Formatter's keywords).
    return formatter_for(case["style"], case["options"])


def _wrong(case: Dict[str, Any], name: str, got: str) -> str:
    return f"{case['style']} {case['options']} t={case['t_ms']} now={case['now_ms']}: {name}\n  got  {got!r}\n  want {case[name]!r}"


# ---- the shared cases ------------------------------------------------------------------


def test_html_vectors_file_is_found_and_read() -> None:
    cases = load_cases()
    assert len(cases) >= (1 if os.environ.get(HTML_VECTORS_ENV) else 12)
    keys = {"style", "options", "t_ms", "now_ms", "horizon_ms", "max_entries", "spoken", "html", "script_json"}
    assert all(keys <= set(c) for c in cases)


def test_a_missing_file_fails(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv(HTML_VECTORS_ENV, str(tmp_path / "missing.jsonl"))
    with pytest.raises(AssertionError, match=r"no html vectors at .*missing\.jsonl: set FEEDDATE_HTML_VECTORS"):
        load_cases()
    (tmp_path / "empty.jsonl").write_text("\n", encoding="utf-8")
    monkeypatch.setenv(HTML_VECTORS_ENV, str(tmp_path / "empty.jsonl"))
    with pytest.raises(AssertionError, match="no html vector"):
        load_cases()


def test_html_and_script_json_are_the_c_bytes() -> None:
    """Each case through html and script_json, with datetimes and a timedelta,
    with epoch seconds (floats: m / 1000 is m ms, SPEC 11), and with the
    defaults where the case has them: every result equals the C output."""
    ran = 0
    wrong = []
    for case in load_cases():
        f = _formatter(case)
        t, now = at(case["t_ms"]), at(case["now_ms"])
        horizon, count = timedelta(milliseconds=case["horizon_ms"]), case["max_entries"]
        calls = [
            ((t, now), {"horizon": horizon, "max_entries": count}),
            (
                (case["t_ms"] / 1000, case["now_ms"] / 1000),
                {"horizon": case["horizon_ms"] / 1000, "max_entries": count},
            ),
        ]
        defaults = {}
        if case["horizon_ms"] != _schedule.DEFAULT_HORIZON // timedelta(milliseconds=1):
            defaults["horizon"] = horizon
        if count != _schedule.DEFAULT_MAX_ENTRIES:
            defaults["max_entries"] = count
        calls.append(((t, now), defaults))
        for args, kwargs in calls:
            html = f.html(*args, **kwargs, spoken=case["spoken"])
            script = f.script_json(*args, **kwargs)
            assert isinstance(html, str) and isinstance(script, str)
            if html.encode("utf-8") != case["html"].encode("utf-8"):
                wrong.append(_wrong(case, "html", html))
            if script.encode("utf-8") != case["script_json"].encode("utf-8"):
                wrong.append(_wrong(case, "script_json", script))
        ran += 1
    assert not wrong, "\n".join(wrong)
    assert ran >= (1 if os.environ.get(HTML_VECTORS_ENV) else 12)


def test_spoken_is_off_by_default() -> None:
    for case in load_cases():
        f = _formatter(case)
        args = (at(case["t_ms"]), at(case["now_ms"]))
        kwargs = {"horizon": timedelta(milliseconds=case["horizon_ms"]), "max_entries": case["max_entries"]}
        plain, spoken = f.html(*args, **kwargs), f.html(*args, **kwargs, spoken=True)
        assert "data-spoken-schedule=" not in plain and plain == f.html(*args, **kwargs, spoken=False)
        assert "data-spoken-schedule=" in spoken and spoken.startswith('<time datetime="')
        if case["spoken"]:
            assert spoken == case["html"]
        else:
            assert plain == case["html"]


# ---- what the cases do not show ----------------------------------------------------------


UTC_FEED = ("relative", {"locale": "en_US", "tz": "America/New_York"})
NOW_MS = 1711348200000
NOW = at(NOW_MS)  # 2024-03-25T06:30:00Z


def test_script_json_parses_to_the_schedules_wire() -> None:
    f = formatter_for(*UTC_FEED)
    for case in load_cases():
        g = _formatter(case)
        args = (at(case["t_ms"]), at(case["now_ms"]))
        kwargs = {"horizon": timedelta(milliseconds=case["horizon_ms"]), "max_entries": case["max_entries"]}
        assert json.loads(g.script_json(*args, **kwargs)) == json.loads(g.schedule(*args, **kwargs).to_json())
    wire = f.schedule(NOW - timedelta(seconds=20), NOW, horizon=timedelta(minutes=3)).to_json()
    assert f.script_json(NOW - timedelta(seconds=20), NOW, horizon=timedelta(minutes=3)) == wire  # nothing to escape


@pytest.mark.parametrize("method", ["html", "script_json"])
def test_argument_errors_are_the_librarys(method: str) -> None:
    f = formatter_for(*UTC_FEED)
    call = getattr(f, method)
    with pytest.raises(feeddate.ArgumentError) as caught:
        call(NOW, NOW, horizon=-60)
    assert str(caught.value) == (
        f"{method}(t={NOW!r}, now={NOW!r}): horizon -60000 ms is out of range 0...31622400000 (366 days)"
    )
    with pytest.raises(feeddate.ArgumentError) as caught:
        call(NOW, NOW, horizon=timedelta(days=367))
    assert str(caught.value).endswith("horizon 31708800000 ms is out of range 0...31622400000 (366 days)")
    for count in (0, -5, 100_001):
        with pytest.raises(feeddate.ArgumentError) as caught:
            call(NOW, NOW, max_entries=count)
        assert str(caught.value).endswith(f"max_entries {count} is out of range 1...100000")
    # The same words as schedule's, after the method's own context.
    with pytest.raises(feeddate.ArgumentError) as from_schedule:
        f.schedule(NOW, NOW, horizon=-60)
    with pytest.raises(feeddate.ArgumentError) as again:
        call(NOW, NOW, horizon=-60)
    assert str(again.value).split(": ", 1)[1] == str(from_schedule.value).split(": ", 1)[1]
    # Types: schedule's TypeErrors (the same conversion code).
    with pytest.raises(TypeError, match="horizon='1': str is not a horizon"):
        call(NOW, NOW, horizon="1")
    with pytest.raises(TypeError, match="max_entries=1.0: use an int"):
        call(NOW, NOW, max_entries=1.0)


def test_spoken_takes_a_bool() -> None:
    f = formatter_for(*UTC_FEED)
    with pytest.raises(TypeError, match="spoken=1: use True or False"):
        f.html(NOW, NOW, spoken=1)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        f.script_json(NOW, NOW, spoken=True)  # type: ignore[call-arg]


def test_now_none_is_the_formatters_clock() -> None:
    class Fixed:
        def now_ms(self) -> int:
            return NOW_MS

    f = feeddate.Formatter("relative", locale="en_US", tz="UTC", clock=Fixed())
    assert f.html(NOW - timedelta(minutes=5)) == f.html(NOW - timedelta(minutes=5), NOW)
    assert f.script_json(NOW - timedelta(minutes=5)) == f.schedule(NOW - timedelta(minutes=5), NOW).to_json()


def test_a_text_larger_than_the_first_buffer() -> None:
    """A countdown in tenths over two hours: 72,000 entries, far beyond the first
    buffer (4096 bytes) and the kept one (1 MiB), through the size query and the
    one retry; the next small call still gets its own bytes."""
    f = feeddate.Formatter("countdown", locale="en_US", tz="UTC", precision=1)
    t, horizon = NOW + timedelta(hours=3), timedelta(hours=2)
    wire = f.schedule(t, NOW, horizon=horizon, max_entries=100_000).to_json()
    script = f.script_json(t, NOW, horizon=horizon, max_entries=100_000)
    html = f.html(t, NOW, horizon=horizon, max_entries=100_000, spoken=True)
    assert len(script) > _schedule._KEEP_BYTES and script == wire
    assert html.count("&quot;v&quot;:1") == 2 and len(html) > len(wire)  # the wire escaped, and the spoken one
    small = formatter_for(*UTC_FEED)
    assert (
        small.script_json(NOW - timedelta(seconds=20), NOW, horizon=0)
        == small.schedule(NOW - timedelta(seconds=20), NOW, horizon=0).to_json()
    )
