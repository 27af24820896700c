"""The feeddate command: output, streaming and exit codes (run as `python -m feeddate`)."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import threading
from datetime import datetime, timedelta, timezone
from typing import Any, List

import feeddate
import pytest
from conftest import run_cli as run
from feeddate.cli import LADDER

NOW = "2024-03-25T06:30:00Z"
NOW_DT = datetime(2024, 3, 25, 6, 30, tzinfo=timezone.utc)


def test_format_instants_given_on_the_command_line() -> None:
    result = run(
        [
            "format",
            "--style",
            "chat_list",
            "--locale",
            "zh_CN",
            "--tz",
            "Asia/Shanghai",
            "--now",
            NOW,
            "2024-03-24T03:11:00Z",
            "1711337400",
            "2024-03-20T09:00:00+08:00",
            "1711337400.5",
        ]
    )
    assert result.returncode == 0, result.stderr
    f = feeddate.Formatter("chat_list", locale="zh_CN", tz="Asia/Shanghai")
    expected = [
        f.format(t, NOW_DT)
        for t in (
            datetime(2024, 3, 24, 3, 11, tzinfo=timezone.utc),
            1711337400,
            datetime(2024, 3, 20, 1, 0, tzinfo=timezone.utc),
            1711337400.5,
        )
    ]
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
    for flag, value in (
        ("--skew-tolerance-ms", "0"),
        ("--cross-year-grace-days", "30"),
        ("--weekday-window-days", "3"),
    ):
        assert run(args + [flag, value, NOW]).returncode == 0


def test_json_output() -> None:
    result = run(
        [
            "format",
            "--json",
            "--style",
            "chat_bubble",
            "--locale",
            "zh_CN",
            "--tz",
            "Asia/Shanghai",
            "--now",
            "2024-03-25T14:30:00+08:00",
            "2024-03-24T11:11:00+08:00",
        ]
    )
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == {
        "input": "2024-03-24T11:11:00+08:00",
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
        [
            sys.executable,
            "-m",
            "feeddate",
            "format",
            "--style",
            "compact",
            "--locale",
            "en_US",
            "--tz",
            "UTC",
            "--now",
            NOW,
        ],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
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


def test_bad_stdin_lines_keep_their_place_and_fail_at_the_end() -> None:
    # 1.0 skipped bad lines, so output line N was no longer input line N's label.
    stdin = "1711348140\nyesterday\n\n99999999999999\n1711348080\n"
    result = run(["format", "--tz", "UTC", "--locale", "en_US", "--now", NOW, "--style", "compact"], stdin=stdin)
    assert result.stdout.split("\n")[:-1] == ["1m", "", "", "", "2m"]
    assert "stdin line 2" in result.stderr and "ISO 8601" in result.stderr
    assert "stdin line 3" in result.stderr and "empty line" in result.stderr
    assert "stdin line 4" in result.stderr and "range" in result.stderr
    assert result.returncode == 1


def test_bad_stdin_lines_are_error_objects_in_place_with_json() -> None:
    stdin = "1711348140\nyesterday\n1711348140000\n2024-03-25T06:28:00Z\n"
    result = run(
        ["format", "--json", "--tz", "UTC", "--locale", "en_US", "--now", NOW, "--style", "compact"], stdin=stdin
    )
    rows = [json.loads(line) for line in result.stdout.splitlines()]
    assert [row["input"] for row in rows] == stdin.split()
    assert [row.get("text") for row in rows] == ["1m", None, None, "2m"]
    assert "ISO 8601" in rows[1]["error"] and set(rows[1]) == {"input", "error"}
    assert "looks like milliseconds: divide by 1000 or pass a datetime" in rows[2]["error"]
    assert result.returncode == 1


def test_json_echoes_each_input_beside_its_label() -> None:
    result = run(
        [
            "format",
            "--json",
            "--style",
            "compact",
            "--tz",
            "UTC",
            "--locale",
            "en_US",
            "--now",
            NOW,
            "1711348140",
            "2024-03-25T06:28:00Z",
            "253402300800",
        ]
    )
    rows = [json.loads(line) for line in result.stdout.splitlines()]
    assert [(row["input"], row.get("text")) for row in rows] == [
        ("1711348140", "1m"),
        ("2024-03-25T06:28:00Z", "2m"),
        ("253402300800", None),
    ]
    assert "range" in rows[2]["error"] and result.returncode == 1


def test_style_and_enum_flags_in_any_case() -> None:
    result = run(
        [
            "format",
            "--style",
            "Feed",
            "--hour-cycle",
            "H23",
            "--width",
            "Short",
            "--tz",
            "UTC",
            "--locale",
            "en_US",
            "--now",
            NOW,
            "2024-03-25T01:00:00Z",
        ]
    )
    assert (result.returncode, result.stdout) == (0, "01:00\n"), result.stderr


def test_near_miss_style_and_zone_on_the_command_line() -> None:
    style = run(["format", "--style", "chat_lst", "1"])
    assert style.returncode == 2 and "did you mean 'chat_list'?" in style.stderr
    zone = run(["format", "--tz", "Asia/Shangai", "--locale", "en_US", "1"])
    assert zone.returncode == 1
    assert zone.stderr.count("did you mean") == 1 and zone.stderr.count("Asia/Shanghai") == 1


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


@pytest.mark.parametrize("command", [[], ["format"], ["schedule"], ["demo"]])
def test_help_on_every_command(command: List[str]) -> None:
    result = run(command + ["--help"])
    assert result.returncode == 0 and result.stdout.startswith("usage: feeddate")


def test_version() -> None:
    result = run(["--version"])
    assert result.returncode == 0 and feeddate.__version__ in result.stdout
    # The data the labels come from (SPEC 13): fd_data_version's text, as it is
    # (spaces dropped: argparse wraps the line to the terminal's width).
    out = "".join(result.stdout.split())
    assert re.search(r";ICU78\.3;CLDR48\.0;tzdata\S+\)$", out), result.stdout
    assert out.endswith(";" + "".join(feeddate.data_version().split()) + ")")


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


# ---- no library: one clear message, exit 2 ---------------------------------------

# What pip writes as the `feeddate` console script (pip's template), for a
# package installed with `pip install ./bindings/python`.
_CONSOLE_SCRIPT = """#!{python}
import re
import sys
from feeddate.cli import main
if __name__ == "__main__":
    sys.argv[0] = re.sub(r"(-script\\.pyw|\\.exe)?$", "", sys.argv[0])
    sys.exit(main())
"""


def _without_library() -> "dict[str, str]":
    # FEEDDATE_LIBRARY set means only there: a system copy, if any, is never tried.
    return {**os.environ, "FEEDDATE_LIBRARY": "/nonexistent/libfeeddate.so.1", "PYTHONPATH": os.pathsep.join(sys.path)}


@pytest.mark.parametrize("how", ["console script", "python -m feeddate", "python -m feeddate.cli"])
def test_command_without_the_library_prints_the_import_error_and_exits_2(how: str, tmp_path: Any) -> None:
    if how == "console script":
        script = tmp_path / "feeddate"
        script.write_text(_CONSOLE_SCRIPT.format(python=sys.executable))
        command = [sys.executable, str(script)]
    else:
        command = [sys.executable, "-m", how.split()[-1]]
    result = subprocess.run(
        command + ["format", "1"], capture_output=True, text=True, env=_without_library(), timeout=60
    )
    assert result.returncode == 2
    assert "Traceback" not in result.stderr and result.stdout == ""
    assert result.stderr.startswith("feeddate: cannot load libfeeddate.so.1. Tried:")
    assert "/nonexistent/libfeeddate.so.1" in result.stderr and "make lib" in result.stderr


def test_a_program_importing_feeddate_without_the_library_still_gets_the_import_error(tmp_path: Any) -> None:
    program = tmp_path / "app.py"
    program.write_text(
        "try:\n    import feeddate\nexcept ImportError as e:\n    print('optional:', type(e).__name__)\n"
    )
    result = subprocess.run(
        [sys.executable, str(program)], capture_output=True, text=True, env=_without_library(), timeout=60
    )
    assert (result.returncode, result.stdout) == (0, "optional: ImportError\n")


# ---- output that cannot be written, stdin as "-", --now now ------------------------------


def _to(path: str, args: List[str], stdin: str = "") -> "subprocess.CompletedProcess[str]":
    with open(path, "w") as out:
        return subprocess.run(
            [sys.executable, "-m", "feeddate", *args],
            input=stdin,
            stdout=out,
            stderr=subprocess.PIPE,
            text=True,
            timeout=60,
            env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)},
        )


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full here")
@pytest.mark.parametrize(
    "args, stdin",
    [
        (["format", "--tz", "UTC", "--locale", "en_US", "1711348140", "1711348080"], ""),
        (["format", "--tz", "UTC", "--locale", "en_US", "--json"], "1711348140\n"),
        (["demo", "--tz", "UTC", "--locale", "en_US"], ""),
        (["--version"], ""),
        (["format", "--help"], ""),
    ],
    ids=["format", "stdin json", "demo", "version", "help"],
)
def test_a_full_disk_is_one_line_on_stderr_and_status_1(args: List[str], stdin: str) -> None:
    """1.1: a traceback of OSError: [Errno 28] and status 1 or 120 (or, for
    --version, nothing at all and status 0)."""
    result = _to("/dev/full", args, stdin)
    assert result.stderr == "feeddate: cannot write the output: No space left on device\n"
    assert result.returncode == 1


@pytest.mark.parametrize("stdin_mode", [False, True])
def test_a_reader_that_goes_away_ends_the_command_quietly(stdin_mode: bool) -> None:
    args = [
        sys.executable,
        "-m",
        "feeddate",
        "format",
        "--style",
        "compact",
        "--tz",
        "UTC",
        "--locale",
        "en_US",
        "--now",
        NOW,
    ]
    instants = [str(1711348200 - k) for k in range(20000)]
    proc = subprocess.Popen(
        args + ([] if stdin_mode else instants),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)},
    )
    assert proc.stdin is not None and proc.stdout is not None and proc.stderr is not None
    try:
        if stdin_mode:  # more than a pipe holds: written while the labels are read

            def feed() -> None:
                try:
                    proc.stdin.write("\n".join(instants) + "\n")  # type: ignore[union-attr]
                    proc.stdin.close()  # type: ignore[union-attr]
                except (BrokenPipeError, ValueError):  # the command ended first
                    pass

            threading.Thread(target=feed, daemon=True).start()
        else:
            proc.stdin.close()
        assert proc.stdout.readline() == "0s\n"
        proc.stdout.close()  # as `| head -1` does
        assert proc.wait(timeout=60) == 141  # 128 + SIGPIPE, what a shell reports for other Unix tools
        assert proc.stderr.read() == ""  # no traceback, no "Exception ignored"
    finally:
        proc.kill()
        proc.wait()
        proc.stderr.close()


def test_a_dash_reads_standard_input_in_its_place() -> None:
    args = ["format", "--style", "compact", "--tz", "UTC", "--locale", "en_US", "--now", NOW]
    result = run(args + ["1711348140", "-", "1711347900"], stdin="1711348080\n1711348020\n")
    assert (result.returncode, result.stdout.split()) == (0, ["1m", "2m", "3m", "5m"]), result.stderr
    only = run(args + ["-"], stdin="1711348140\n")
    assert (only.returncode, only.stdout) == (0, "1m\n"), only.stderr
    bad = run(args + ["-"], stdin="soon\n")
    assert bad.returncode == 1 and "stdin line 1" in bad.stderr


def test_now_now_is_the_clock() -> None:
    args = ["format", "--style", "compact", "--tz", "UTC", "--locale", "en_US"]
    now = run(args + ["--now", "now", "2020-01-01T00:00:00Z"])
    default = run(args + ["2020-01-01T00:00:00Z"])
    assert now.returncode == 0 and now.stdout == default.stdout != "", now.stderr
    assert run(args + ["--now", "NOW", "--json", "2020-01-01T00:00:00Z"]).returncode == 0
    assert run(["demo", "--tz", "UTC", "--locale", "en_US", "--now", "now"]).returncode == 0
