"""The feeddate command: output, streaming and exit codes (run as `python -m feeddate`)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from datetime import datetime, timedelta, timezone
from typing import List

import pytest

import feeddate
from feeddate.cli import LADDER

NOW = "2024-03-25T06:30:00Z"
NOW_DT = datetime(2024, 3, 25, 6, 30, tzinfo=timezone.utc)


def run(args: List[str], stdin: str = "") -> "subprocess.CompletedProcess[str]":
    return subprocess.run(
        [sys.executable, "-m", "feeddate", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)},
    )


def test_format_instants_given_on_the_command_line() -> None:
    result = run(
        ["format", "--style", "chat_list", "--locale", "zh_CN", "--tz", "Asia/Shanghai", "--now", NOW,
         "2024-03-24T03:11:00Z", "1711337400", "2024-03-20T09:00:00+08:00", "1711337400.5"]
    )
    assert result.returncode == 0, result.stderr
    f = feeddate.Formatter("chat_list", locale="zh_CN", tz="Asia/Shanghai")
    expected = [f.format(t, NOW_DT) for t in (datetime(2024, 3, 24, 3, 11, tzinfo=timezone.utc), 1711337400,
                                              datetime(2024, 3, 20, 1, 0, tzinfo=timezone.utc), 1711337400.5)]
    assert result.stdout.splitlines() == expected
    assert expected[0] == "昨天"


def test_every_option_is_a_flag() -> None:
    args = ["format", "--locale", "en_US", "--tz", "UTC", "--now", NOW]
    deadline = "2024-03-26T09:34:05.600Z"
    plain = run(args + ["--style", "countdown", deadline])
    days = run(args + ["--style", "countdown", "--countdown-days", "--precision", "0", deadline])
    assert (plain.stdout, days.stdout) == ("27:04:05.6\n", "1d 03:04:06\n")
    recent = run(args + ["--recent-relative", "--width", "short", "--just-now-ms", "1000", "2024-03-25T06:25:00Z"])
    assert recent.stdout.strip() == feeddate.Formatter(
        "feed", locale="en_US", tz="UTC", recent_relative=True, width="short", just_now_ms=1000
    ).format(NOW_DT - timedelta(minutes=5), NOW_DT)
    h23 = run(args + ["--hour-cycle", "h23", "2024-03-25T01:00:00Z"])
    assert h23.stdout == "01:00\n"
    for flag, value in (("--skew-tolerance-ms", "0"), ("--cross-year-grace-days", "30"), ("--weekday-window-days", "3")):
        assert run(args + [flag, value, NOW]).returncode == 0


def test_json_output() -> None:
    result = run(["format", "--json", "--style", "chat_bubble", "--locale", "zh_CN", "--tz", "Asia/Shanghai",
                  "--now", "2024-03-25T14:30:00+08:00", "2024-03-24T11:11:00+08:00"])
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == {
        "text": "昨天 11:11",
        "next_change": "2024-03-25T16:00:00.000Z",
        "day_part": "昨天",
        "time_part": "11:11",
        "expired": False,
    }
    expired = run(["format", "--json", "--style", "countdown", "--tz", "UTC", "--now", NOW, NOW])
    assert json.loads(expired.stdout)["expired"] is True
    assert json.loads(expired.stdout)["next_change"] is None


def test_stdin_lines_stream_one_label_at_a_time() -> None:
    proc = subprocess.Popen(
        [sys.executable, "-m", "feeddate", "format", "--style", "compact", "--locale", "en_US", "--tz", "UTC",
         "--now", NOW],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)},
    )
    assert proc.stdin is not None and proc.stdout is not None
    try:
        for line, want in (("2024-03-25T06:29:01Z", "59s"), ("1711347900", "5m"), ("2024-03-25T03:30Z", "3h")):
            proc.stdin.write(line + "\n")
            proc.stdin.flush()
            assert proc.stdout.readline() == want + "\n"  # answered before stdin is closed
        proc.stdin.close()
        assert proc.wait(timeout=60) == 0
    finally:
        proc.kill()
        proc.wait()


def test_bad_stdin_lines_are_reported_and_skipped() -> None:
    result = run(["format", "--tz", "UTC", "--locale", "en_US", "--now", NOW, "--style", "compact"],
                 stdin="1711348140\nyesterday\n\n99999999999999\n1711348080\n")
    assert result.stdout.splitlines() == ["1m", "2m"]
    assert "stdin line 2" in result.stderr and "ISO 8601" in result.stderr
    assert "stdin line 4" in result.stderr and "range" in result.stderr
    assert result.returncode == 1


@pytest.mark.parametrize(
    "args, words",
    [
        ([], "usage"),
        (["format", "2024-03-25T06:30:00"], "offset"),  # naive ISO
        (["format", "soon"], "ISO 8601"),
        (["format", "--now", "later", "1"], "ISO 8601"),
        (["format", "--style", "timeline", "1"], "invalid choice"),
        (["format", "--precision", "two", "1"], "invalid int"),
        (["launch"], "invalid choice"),
    ],
)
def test_usage_errors_exit_2(args: List[str], words: str) -> None:
    result = run(args)
    assert result.returncode == 2
    assert words in result.stderr and result.stdout == ""


@pytest.mark.parametrize(
    "args, words",
    [
        (["format", "--tz", "Mars/Olympus_Mons", "1"], "IANA"),
        (["format", "--locale", "!!!", "1"], "zh_CN"),
        (["format", "--precision", "9", "1"], "0..3"),
        (["format", "--tz", "UTC", "253402300800"], "range"),
        (["demo", "--tz", "Mars/Olympus_Mons"], "IANA"),
    ],
)
def test_library_errors_exit_1(args: List[str], words: str) -> None:
    result = run(args)
    assert result.returncode == 1
    assert result.stderr.startswith("feeddate: ") and words in result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize("command", [[], ["format"], ["demo"]])
def test_help_on_every_command(command: List[str]) -> None:
    result = run(command + ["--help"])
    assert result.returncode == 0 and result.stdout.startswith("usage: feeddate")


def test_version() -> None:
    result = run(["--version"])
    assert result.returncode == 0 and feeddate.__version__ in result.stdout


def test_demo_table() -> None:
    result = run(["demo", "--locale", "en_US", "--tz", "America/New_York", "--now", "2024-03-25T18:30:00Z"])
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert "en_US" in lines[0] and "America/New_York" in lines[0]
    for style in feeddate.STYLES:
        assert any(line.startswith(style) for line in lines), style
    rows = [line for line in lines if line.startswith("  ")]
    assert len(rows) == len(feeddate.STYLES) * len(LADDER)
    assert all("changes" in row for row in rows)
    # The feed block, row by row: the labels the library gives for the ladder.
    f = feeddate.Formatter("feed", locale="en_US", tz="America/New_York")
    now = datetime(2024, 3, 25, 18, 30, tzinfo=timezone.utc)
    feed_rows = rows[: len(LADDER)]
    assert f.format(now - timedelta(seconds=30), now) in feed_rows[0]
    assert "Yesterday" in feed_rows[3]
    assert "Mar 25, 2023" in feed_rows[7]
    relative_rows = rows[4 * len(LADDER) : 5 * len(LADDER)]
    assert [r.strip().split("  ")[0] for r in relative_rows][:2] == ["30 s ago", "5 min ago"]
    assert "1 month ago" in relative_rows[6] and "1 year ago" in relative_rows[7]
