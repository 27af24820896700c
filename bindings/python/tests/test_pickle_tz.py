"""Formatters travel to worker processes (pickle, repr), and tz= takes tzinfo objects."""

from __future__ import annotations

import copy
import os
import pickle
import subprocess
import sys
import zoneinfo
from datetime import datetime, timedelta, timezone, tzinfo
from typing import Any

import feeddate
import pytest

UTC = timezone.utc
NOW = datetime(2024, 3, 25, 6, 30, tzinfo=UTC)


def test_repr_shows_the_resolved_locale_zone_and_changed_options() -> None:
    f = feeddate.Formatter(
        "Feed", locale="tlh, de-CH;q=0.9", tz="Asia/Shanghai", recent_relative=True, hour_cycle="h23"
    )
    assert repr(f) == "Formatter('feed', locale='de_CH', tz='Asia/Shanghai', hour_cycle='h23', recent_relative=True)"
    assert (
        repr(feeddate.Formatter("compact", locale="en_US", tz="UTC"))
        == "Formatter('compact', locale='en_US', tz='UTC')"
    )


def test_pickle_round_trip_keeps_every_option() -> None:
    f = feeddate.Formatter("countdown", locale="en-US", tz="America/New_York", precision=3, countdown_days=True)
    g = pickle.loads(pickle.dumps(f))
    assert type(g) is feeddate.Formatter and g is not f
    assert repr(g) == repr(f)
    assert (g.locale, g.tz, g.style) == ("en_US", "America/New_York", "countdown")
    deadline = NOW + timedelta(days=1, hours=3, seconds=5.6789)
    assert g.format(deadline, NOW) == f.format(deadline, NOW) == "1d 03:00:05.678"
    assert copy.deepcopy(f) is f and copy.copy(f) is f  # immutable


_CHILD = """
import pickle, sys
from datetime import datetime, timezone
f = pickle.loads(sys.stdin.buffer.read())
print(f.locale, f.tz, f.format(datetime(2024, 3, 24, 20, 0, tzinfo=timezone.utc),
                                datetime(2024, 3, 25, 6, 30, tzinfo=timezone.utc)))
"""


def test_pickled_host_defaults_are_the_resolved_ones_in_a_worker_with_another_tz_and_lang() -> None:
    # The zone is given (the host's zone is another engineer's rework); the locale is the host's.
    parent_env = {**os.environ, "LANG": "zh_CN.UTF-8", "PYTHONPATH": os.pathsep.join(sys.path)}
    parent_env.pop("LC_ALL", None)
    parent_env.pop("LC_MESSAGES", None)
    made = subprocess.run(
        [
            sys.executable,
            "-c",
            "import pickle, sys, feeddate\n"
            "sys.stdout.buffer.write(pickle.dumps(feeddate.Formatter('chat_list', tz='Asia/Shanghai')))",
        ],
        capture_output=True,
        env=parent_env,
        timeout=60,
        check=True,
    )
    worker_env = {**parent_env, "LANG": "de_DE.UTF-8", "TZ": "America/New_York"}
    result = subprocess.run(
        [sys.executable, "-c", _CHILD], input=made.stdout, capture_output=True, env=worker_env, timeout=60
    )
    assert result.returncode == 0, result.stderr.decode()
    # 04:00 today in Shanghai; a worker using its own LANG and TZ would say "Sonntag".
    assert result.stdout.decode().split() == ["zh_CN", "Asia/Shanghai", "04:00"]


def test_a_server_clock_does_not_pickle_and_says_why() -> None:
    clock = feeddate.ServerClock(NOW)
    with pytest.raises(TypeError, match="monotonic clock"):
        pickle.dumps(clock)
    f = feeddate.Formatter("relative", locale="en_US", tz="UTC", clock=clock)
    with pytest.raises(TypeError, match="ServerClock is tied to this process's monotonic clock"):
        pickle.dumps(f)
    assert "clock=ServerClock(" in repr(f)
    assert copy.copy(clock) is clock


@pytest.mark.parametrize(
    "tz, resolved",
    [
        (zoneinfo.ZoneInfo("Asia/Shanghai"), "Asia/Shanghai"),
        (timezone.utc, "UTC"),
        (timezone(timedelta(0)), "UTC"),
        (zoneinfo.ZoneInfo("America/New_York"), "America/New_York"),
    ],
)
def test_tz_takes_zoneinfo_and_utc(tz: Any, resolved: str) -> None:
    f = feeddate.Formatter("chat_bubble", locale="en_US", tz=tz)
    assert f.tz == resolved
    assert f.format(NOW - timedelta(hours=1), NOW) == feeddate.Formatter(
        "chat_bubble", locale="en_US", tz=resolved
    ).format(NOW - timedelta(hours=1), NOW)
    assert pickle.loads(pickle.dumps(f)).tz == resolved


class _Odd(tzinfo):
    def utcoffset(self, dt: Any) -> timedelta:
        return timedelta(hours=1)


def _keyless() -> zoneinfo.ZoneInfo:
    """A ZoneInfo read from a file: it has no key."""
    with open(os.path.join(os.environ.get("TZDIR") or "/usr/share/zoneinfo", "Asia/Tokyo"), "rb") as data:
        return zoneinfo.ZoneInfo.from_file(data)


@pytest.mark.parametrize(
    "tz, words",
    [(timezone(timedelta(hours=8)), "fixed offset"), (_Odd(), "zoneinfo.ZoneInfo"), (_keyless(), "no IANA key")],
)
def test_other_tzinfo_objects_are_a_type_error_that_says_what_to_pass(tz: Any, words: str) -> None:
    with pytest.raises(TypeError) as info:
        feeddate.Formatter("feed", locale="en_US", tz=tz)
    text = str(info.value)
    assert words in text and "tz=" in text and "Asia/Shanghai" in text


def test_a_tzinfo_that_knows_its_id_is_named_in_the_message() -> None:
    class PytzLike(tzinfo):
        zone = "Europe/Paris"

        def utcoffset(self, dt: Any) -> timedelta:
            return timedelta(hours=1)

    with pytest.raises(TypeError, match="pass tz='Europe/Paris'"):
        feeddate.Formatter("feed", locale="en_US", tz=PytzLike())
