"""Error classes, bad options and bad instants: a clear exception, never a crash."""

from __future__ import annotations

import math
import os
import subprocess
import sys
import textwrap
import time
from datetime import datetime, timedelta, timezone
from typing import Any, Dict, Type

import feeddate
import pytest
from feeddate import _errors

UTC = timezone.utc
NOW = datetime(2024, 3, 25, 6, 30, tzinfo=UTC)


@pytest.fixture(scope="module")
def feed() -> feeddate.Formatter:
    return feeddate.Formatter("feed", locale="en_US", tz="America/New_York")


@pytest.mark.parametrize(
    "cls, status, base",
    [
        (feeddate.ArgumentError, 1, ValueError),
        (feeddate.LocaleError, 2, ValueError),
        (feeddate.TimeZoneError, 3, ValueError),
        (feeddate.RangeError, 4, ValueError),
        (feeddate.BufferTooSmallError, 5, BufferError),
        (feeddate.ICUError, 6, RuntimeError),
        (feeddate.OutOfMemoryError, 7, MemoryError),
    ],
)
def test_status_maps_to_class(cls: Type[feeddate.Error], status: int, base: type) -> None:
    err = _errors.error_for(status, "message")
    assert type(err) is cls
    assert isinstance(err, feeddate.Error) and isinstance(err, base)
    assert err.status == status and str(err) == "message"


def test_unknown_status_is_plain_error() -> None:
    err = _errors.error_for(99, "odd")
    assert type(err) is feeddate.Error and err.status == 99


@pytest.mark.parametrize(
    "options, message",
    [
        ({"precision": 4}, "precision 4 is out of range 0..3"),
        ({"precision": -1}, "precision -1 is out of range 0..3"),
        ({"weekday_window_days": 0}, "weekday_window_days 0 is out of range 1..6"),
        ({"weekday_window_days": 7}, "weekday_window_days 7 is out of range 1..6"),
        ({"just_now_ms": 86_400_001}, "just_now_ms 86400001 is out of range 0..86400000"),
        ({"skew_tolerance_ms": -1}, "skew_tolerance_ms -1 is out of range 0..86400000"),
        ({"cross_year_grace_days": 367}, "cross_year_grace_days 367 is out of range 0..366"),
    ],
)
def test_option_out_of_range_is_argument_error_from_the_library(options: Dict[str, Any], message: str) -> None:
    with pytest.raises(feeddate.ArgumentError) as info:
        feeddate.Formatter("countdown", locale="en_US", tz="UTC", **options)
    assert info.value.status == 1
    assert message in str(info.value)  # fd_last_error's words: the option and its range
    name = next(iter(options))
    assert str(info.value).count(name) == 1


def test_bad_zone_message_is_the_library_one_naming_the_zone_once() -> None:
    with pytest.raises(feeddate.TimeZoneError) as info:
        feeddate.Formatter("feed", locale="en_US", tz="Mars/Olympus_Mons")
    text = str(info.value)
    assert 'unknown time zone "Mars/Olympus_Mons"' in text and "IANA" in text
    assert text.count("Mars/Olympus_Mons") == 1
    assert "did you mean" not in text  # nothing is near


@pytest.mark.parametrize(
    "tz, guess",
    [
        ("Asia/Shangai", "Asia/Shanghai"),
        ("America/New_Yrok", "America/New_York"),
        ("europe/berlin", "Europe/Berlin"),
        ("Shanghai", "Asia/Shanghai"),
    ],
)
def test_near_miss_zone_gets_one_did_you_mean(tz: str, guess: str) -> None:
    with pytest.raises(feeddate.TimeZoneError) as info:
        feeddate.Formatter("feed", locale="en_US", tz=tz)
    text = str(info.value)
    assert f'did you mean "{guess}"?' in text
    assert text.count(f'"{tz}"') == 1 and text.count(guess) == 1  # the id and the hint, each once
    assert info.value.status == 3


def test_zone_hint_comes_from_the_zone_database_of_tzdir(tmp_path: Any) -> None:
    # In a process of its own: the library reads TZDIR once, on its first use (SPEC section 1, 1.2).
    (tmp_path / "Mars").mkdir()
    (tmp_path / "Mars" / "Olympus_Mons").write_bytes(b"TZif2" + bytes(40))
    (tmp_path / "zone.tab").write_text("# not a zone\n")
    code = textwrap.dedent("""
        from feeddate import _options
        assert _options.zone_names() == ("Mars/Olympus_Mons",), _options.zone_names()
        message = _options.zone_hint('unknown time zone "Mars/Olympus_Mon": pass an IANA zone id', "Mars/Olympus_Mon")
        assert message.count("did you mean") == 1 and '"Mars/Olympus_Mons"?' in message, message
        assert _options.zone_hint(message, "Mars/Olympus_Mon") == message  # never twice
        print("ok")
    """)
    result = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "TZDIR": str(tmp_path), "PYTHONPATH": os.pathsep.join(sys.path)},
    )
    assert (result.returncode, result.stdout) == (0, "ok\n"), result.stderr


@pytest.mark.parametrize("style, guess", [("chat_lst", "chat_list"), ("Feeds", "feed"), ("countdwn", "countdown")])
def test_near_miss_style_gets_a_did_you_mean(style: str, guess: str) -> None:
    with pytest.raises(feeddate.ArgumentError) as info:
        feeddate.Formatter(style, locale="en_US", tz="UTC")
    text = str(info.value)
    assert f"did you mean {guess!r}?" in text and text.count(style) == 1


def test_far_style_lists_the_styles_without_a_guess() -> None:
    with pytest.raises(feeddate.ArgumentError) as info:
        feeddate.Formatter("timeline", locale="en_US", tz="UTC")
    assert "did you mean" not in str(info.value) and "'chat_list'" in str(info.value)


def test_bad_locale_message_is_the_library_one() -> None:
    with pytest.raises(feeddate.LocaleError) as info:
        feeddate.Formatter("feed", locale="x!", tz="UTC")
    assert 'malformed locale id "x!"' in str(info.value) and str(info.value).count("x!") == 1


def test_message_falls_back_to_the_status_sentence(monkeypatch: pytest.MonkeyPatch) -> None:
    from feeddate import _ffi

    monkeypatch.setattr(_ffi, "fd_last_error", lambda: b"")
    with pytest.raises(feeddate.ArgumentError) as info:
        _ffi.check(1)
    assert str(info.value) == _ffi.optional_text(_ffi.fd_status_message(1)) != ""


@pytest.mark.parametrize("value", [1.0, "1", None, 1.5])
def test_non_int_option_says_int_is_wanted(value: Any) -> None:
    with pytest.raises(feeddate.ArgumentError, match=r"precision=.*use an int"):
        feeddate.Formatter("countdown", locale="en_US", tz="UTC", precision=value)


@pytest.mark.parametrize(
    "options",
    [
        {"precision": 2**31},  # would wrap in the C int32 field
        {"just_now_ms": 2**63},
        {"precision": 1.0},
        {"precision": True},
        {"recent_relative": 1},
        {"countdown_days": "yes"},
        {"hour_cycle": "h24"},
        {"width": "wide"},
        {"locale": 5},
        {"clock": object()},
    ],
)
def test_bad_option_types_are_argument_errors(options: Dict[str, Any]) -> None:
    with pytest.raises(feeddate.ArgumentError) as info:
        feeddate.Formatter("feed", **{"locale": "en_US", "tz": "UTC", **options})
    assert info.value.status == 1


def test_unknown_style() -> None:
    with pytest.raises(feeddate.ArgumentError, match="'chat_list'"):
        feeddate.Formatter("timeline")


def test_enum_options_ignore_case() -> None:
    f = feeddate.Formatter("FEED", locale="en_US", tz="UTC", hour_cycle="H23", width="Short")
    assert f.style == "feed"
    assert f.format(NOW - timedelta(hours=1), NOW) == "05:30"
    assert feeddate.Formatter("Feed", locale="en_US", tz="UTC", width="NARROW").style == "feed"


@pytest.mark.parametrize("locale", ["!!!", "en_US\0de"])
def test_malformed_locale(locale: str) -> None:
    with pytest.raises(feeddate.LocaleError) as info:
        feeddate.Formatter("feed", locale=locale, tz="UTC")
    assert info.value.status == 2
    assert "zh_CN" in str(info.value)  # says what a good id looks like


@pytest.mark.parametrize("tz", ["Mars/Olympus_Mons", "Asia/Shanghai\0"])
def test_unknown_time_zone(tz: str) -> None:
    with pytest.raises(feeddate.TimeZoneError) as info:
        feeddate.Formatter("feed", locale="en_US", tz=tz)
    assert info.value.status == 3
    assert "IANA" in str(info.value)


@pytest.mark.parametrize(
    "t",
    [
        253402300800,  # 10000-01-01T00:00:00Z
        -62135596801,  # 0000-12-31T23:59:59Z
        253402300800.0004,  # a fraction past the end (253402300799.9996 is 9999-12-31T23:59:59.999)
        10**30,  # beyond int64 (ctypes would wrap it silently)
        -(10**30),
        1e300,
    ],
)
def test_instant_out_of_range(feed: feeddate.Formatter, t: float) -> None:
    for call in (lambda: feed.format(t, NOW), lambda: feed.label(NOW, t), lambda: feed.format_many([NOW, t], NOW)):
        with pytest.raises(feeddate.RangeError) as info:
            call()
        assert info.value.status == 4


def test_range_ends_are_fine(feed: feeddate.Formatter) -> None:
    first = datetime(1, 1, 1, tzinfo=UTC)
    last = datetime(9999, 12, 31, 23, 59, 59, 999999, tzinfo=UTC)
    assert feed.format(first, last) == feed.format(-62135596800, 253402300799.999)
    assert feed.format(last, first)


@pytest.mark.parametrize(
    "bad, error, words",
    [
        (datetime(2024, 3, 25, 6, 30), ValueError, "naive"),
        (math.nan, ValueError, "finite"),
        (math.inf, ValueError, "finite"),
        (-math.inf, ValueError, "finite"),
        (True, TypeError, "bool"),
        ("2024-03-25T06:30:00Z", TypeError, "aware datetime"),
        (None, TypeError, "aware datetime"),
        (timedelta(seconds=5), TypeError, "aware datetime"),
    ],
)
def test_bad_instants(feed: feeddate.Formatter, bad: Any, error: type, words: str) -> None:
    calls = [lambda: feed.format(bad, NOW), lambda: feed.label(bad, NOW), lambda: feed.format_many([bad], NOW)]
    if bad is not None:  # now=None means "the clock"
        calls.append(lambda: feed.format(NOW, bad))
    for call in calls:
        with pytest.raises(error, match=words):
            call()


@pytest.mark.parametrize(
    ("style", "locale", "named"),
    [
        ("feed", "ja-JP-u-nu-xyz", '"xyz"'),
        ("feed", "en-US-u-ca-xyz", '"xyz"'),
        ("feed", "en-US-u-hc-h99", '"h99"'),
        ("countdown", "ja-JP-u-nu-jpan", '"jpan"'),
        ("countdown", "zh-CN-u-nu-hans", '"hans"'),
    ],
)
def test_locale_keywords_that_cannot_be_honoured_are_locale_errors(style: str, locale: str, named: str) -> None:
    # 1.0 made these formatters: an unknown keyword stayed in the resolved id,
    # and an algorithmic numbering system failed every countdown with a RuntimeError.
    with pytest.raises(feeddate.LocaleError) as info:
        feeddate.Formatter(style, locale=locale, tz="UTC")
    assert named in str(info.value)
    assert not isinstance(info.value, RuntimeError)


def test_hour_cycle_of_the_id_keeps_hours_in_range() -> None:
    t, now = 1711325100, 1711325400  # 2024-03-25 00:05 and 00:10 UTC
    h11 = feeddate.Formatter("feed", locale="en-US-u-hc-h11", tz="UTC", hour_cycle="h12")
    assert h11.format(t, now) == "12:05\u202fAM"
    h24 = feeddate.Formatter("feed", locale="en-US-u-hc-h24", tz="UTC")
    assert h24.format(t, now) == "00:05"
    assert h24.locale == "en_US@hours=h23"


def _host_zone_error(tz: str) -> str:
    """The message of Formatter(tz=None) under $TZ=tz, in a process of its own (the
    library reads zone settings from the environment: SPEC section 1)."""
    code = textwrap.dedent("""
        import feeddate
        try:
            feeddate.Formatter("feed", locale="en_US")
        except feeddate.TimeZoneError as exc:
            print(exc)
        else:
            print("no error")
    """)
    result = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "TZ": tz, "PYTHONPATH": os.pathsep.join(sys.path)},
    )
    assert result.returncode == 0, result.stderr
    return result.stdout.strip()


@pytest.mark.parametrize(
    "tz, hint",
    [
        ("Asia/Shangai", "TZ=Asia/Shanghai"),
        (":Asia/Shangai", "TZ=:Asia/Shanghai"),  # glibc's form, kept in the hint
        ("Shanghai", "TZ=Asia/Shanghai"),
        ("America/New_Yrok", "TZ=America/New_York"),
        ("/usr/share/zoneinfo/Asia/Shangai", "TZ=/usr/share/zoneinfo/Asia/Shanghai"),
    ],
)
def test_a_near_miss_in_tz_gets_the_did_you_mean_that_tz_equals_gets(tz: str, hint: str) -> None:
    # Issue 22 #6: tz="Asia/Shangai" had a hint, $TZ=Asia/Shangai (tz=None) none.
    text = _host_zone_error(tz)
    assert text.startswith(f"TZ={tz.lstrip(':')} is not a zone: "), text
    assert text.count("did you mean") == 1 and f"did you mean {hint}?" in text, text
    if not tz.startswith("/"):  # the library's example ("Asia/Shanghai") dropped when it is the guess
        assert text.count(hint.split("=", 1)[1].lstrip(":")) == 1, text
    assert "unset it" in text  # the library's advice stays


@pytest.mark.parametrize("tz", ["Mars/Olympus_Mons", "/etc/nowhere/Asia/Shangai"])
def test_a_tz_far_from_any_zone_gets_the_librarys_message_as_it_is(tz: str) -> None:
    text = _host_zone_error(tz)
    assert text.startswith(f"TZ={tz} is not a zone: ") and "did you mean" not in text, text


def test_the_command_gives_the_tz_hint_too() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "feeddate", "format", "--locale", "en_US", "1"],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "TZ": "Europe/Berln", "PYTHONPATH": os.pathsep.join(sys.path)},
    )
    assert result.returncode == 1 and "did you mean TZ=Europe/Berlin?" in result.stderr, result.stderr


def _accept_language(entries: int, size: int) -> str:
    """An Accept-Language list of ``entries`` entries and ``size`` bytes whose only
    entry with data is the last, de-CH: the others are well-formed private-use tags."""
    tags = [f"tlh-x-{i:08d}" for i in range(entries - 1)] + ["de-CH"]
    text = ", ".join(tags)
    assert len(text) <= size
    return text + " " * (size - len(text))


def test_a_400_kb_accept_language_list_is_refused_at_once() -> None:
    # Issue 22 #14: such a list took 3.3 s; the library now refuses more than 32
    # entries or 1,024 bytes before it looks at any.
    huge = ", ".join(["de-CH;q=0.9", "fr;q=0.8", "tlh-x-abcdefgh;q=0.1"] * 10_000)[:400_000]
    assert len(huge.encode()) == 400_000
    started = time.perf_counter()
    with pytest.raises(feeddate.LocaleError) as info:
        feeddate.Formatter("feed", locale=huge, tz="UTC")
    assert time.perf_counter() - started < 0.25
    text = str(info.value)
    assert "400000 bytes" in text and "at most 1024 bytes and 32 entries" in text and len(text) < 400, text


def test_32_entries_in_1024_bytes_are_accepted_and_one_more_is_not() -> None:
    at_limits = _accept_language(32, 1024)
    assert len(at_limits.encode()) == 1024 and at_limits.count(",") == 31
    assert feeddate.Formatter("feed", locale=at_limits, tz="UTC").locale == "de_CH"
    with pytest.raises(feeddate.LocaleError, match="1025 bytes.*at most 1024 bytes"):
        feeddate.Formatter("feed", locale=at_limits + " ", tz="UTC")
    with pytest.raises(feeddate.LocaleError, match="33 entries.*at most 32 entries"):
        feeddate.Formatter("feed", locale=_accept_language(33, 1024), tz="UTC")
