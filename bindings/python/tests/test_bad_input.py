"""Every bad input through the Python API: one row, one expected exception.

The hardening table: NULL-like and wrongly typed arguments, unknown
styles and option values, malformed, huge and non-UTF-8 locale ids, unknown and
path-like zone ids, NaN/inf, naive and out-of-range instants, through
Formatter(), format(), label() and format_many(). Each row names the exception
class it must raise; feeddate errors must also carry the matching C status.
After the whole table the library must still work (no state was damaged).
The C API's own table is Tests/c/test_api.c.
"""

from __future__ import annotations

import math
from datetime import datetime, timedelta, timezone
from decimal import Decimal
from typing import Any, Callable, Dict, List, Tuple, Type

import feeddate
import pytest

UTC = timezone.utc
NOW = datetime(2024, 3, 25, 18, 30, tzinfo=UTC)
GOOD: Dict[str, Any] = {"locale": "en_US", "tz": "America/New_York"}

STATUS = {
    feeddate.ArgumentError: 1,
    feeddate.LocaleError: 2,
    feeddate.TimeZoneError: 3,
    feeddate.RangeError: 4,
}


def make(style: str = "feed", **options: Any) -> Callable[[], Any]:
    return lambda: feeddate.Formatter(style, **{**GOOD, **options})


_feed = None


def feed() -> feeddate.Formatter:
    global _feed
    if _feed is None:
        _feed = feeddate.Formatter("feed", **GOOD)
    return _feed


def fmt(t: Any, now: Any = NOW) -> Callable[[], Any]:
    return lambda: feed().format(t, now)


def label(t: Any, now: Any = NOW) -> Callable[[], Any]:
    return lambda: feed().label(t, now)


def many(ts: Any, now: Any = NOW) -> Callable[[], Any]:
    return lambda: feed().format_many(ts, now)


ROWS: List[Tuple[str, Callable[[], Any], Type[BaseException]]] = [
    # ---- styles and option values ----
    ("style unknown", make("timeline"), feeddate.ArgumentError),
    ("style empty", make(""), feeddate.ArgumentError),
    ("style None", make(None), feeddate.ArgumentError),  # type: ignore[arg-type]
    ("style int 0", make(0), feeddate.ArgumentError),  # type: ignore[arg-type]
    ("style bytes", make(b"feed"), feeddate.ArgumentError),  # type: ignore[arg-type]
    ("hour_cycle h24", make(hour_cycle="h24"), feeddate.ArgumentError),
    ("hour_cycle None", make(hour_cycle=None), feeddate.ArgumentError),
    ("width wide", make(width="wide"), feeddate.ArgumentError),
    ("precision 4", make("countdown", precision=4), feeddate.ArgumentError),
    ("precision -1", make("countdown", precision=-1), feeddate.ArgumentError),
    ("precision 2**31 (wraps in int32)", make("countdown", precision=2**31), feeddate.ArgumentError),
    ("precision 1.5", make("countdown", precision=1.5), feeddate.ArgumentError),
    ("precision NaN", make("countdown", precision=math.nan), feeddate.ArgumentError),
    ("just_now_ms 86400001", make(just_now_ms=86_400_001), feeddate.ArgumentError),
    ("just_now_ms -1", make(just_now_ms=-1), feeddate.ArgumentError),
    ("just_now_ms 2**63", make(just_now_ms=2**63), feeddate.ArgumentError),
    ("skew_tolerance_ms -2**63", make(skew_tolerance_ms=-(2**63)), feeddate.ArgumentError),
    ("cross_year_grace_days 367", make(cross_year_grace_days=367), feeddate.ArgumentError),
    # ---- the 1.1 options ----
    ("max_unit decade", make("compact", max_unit="decade"), feeddate.ArgumentError),
    ("max_unit 4 (a C value, not a name)", make("compact", max_unit=4), feeddate.ArgumentError),
    ("spoken 'yes'", make(spoken="yes"), feeddate.ArgumentError),
    ("plain_spaces 1 (an int, not a bool)", make(plain_spaces=1), feeddate.ArgumentError),
    ("overtime None", make("countdown", overtime=None), feeddate.ArgumentError),
    ("yesterday_text empty", make(yesterday_text=""), feeddate.ArgumentError),
    ("yesterday_text 65 bytes", make(yesterday_text="x" * 65), feeddate.ArgumentError),
    ("yesterday_text 22 chars, 66 bytes", make(yesterday_text="昨" * 22), feeddate.ArgumentError),
    ("just_now_text with a newline", make(just_now_text="just\nnow"), feeddate.ArgumentError),
    ("tomorrow_text with NUL", make(tomorrow_text="to\0morrow"), feeddate.ArgumentError),
    ("day_before_yesterday_text bytes", make(day_before_yesterday_text=b"before"), feeddate.ArgumentError),
    ("tomorrow_text lone surrogate", make(tomorrow_text="\udcff"), feeddate.ArgumentError),
    ("weekday_window_days 0", make("chat_list", weekday_window_days=0), feeddate.ArgumentError),
    ("weekday_window_days 7", make("chat_list", weekday_window_days=7), feeddate.ArgumentError),
    ("recent_relative 1 (not a bool)", make(recent_relative=1), feeddate.ArgumentError),
    ("countdown_days 'yes'", make("countdown", countdown_days="yes"), feeddate.ArgumentError),
    ("clock without now_ms", make(clock=object()), feeddate.ArgumentError),
    ("an unknown keyword", make(colour="red"), TypeError),
    # ---- locale ids ----
    ("locale empty", make(locale=""), feeddate.LocaleError),
    ("locale @@@", make(locale="@@@"), feeddate.LocaleError),
    ("locale with a space", make(locale="en US"), feeddate.LocaleError),
    ("locale keyword without value", make(locale="en_US@calendar="), feeddate.LocaleError),
    ("locale 300 x", make(locale="x" * 300), feeddate.LocaleError),
    ("locale 1 MB", make(locale="en_" + "x" * 1_000_000), feeddate.LocaleError),
    ("locale with NUL", make(locale="en_US\0de"), feeddate.LocaleError),
    ("locale non-ASCII", make(locale="zh_中国"), feeddate.LocaleError),
    ("locale not UTF-8 (lone surrogate)", make(locale="en_\udcff"), feeddate.LocaleError),
    ("locale path-like", make(locale="../../etc/passwd"), feeddate.LocaleError),
    ("locale bytes", make(locale=b"en_US"), feeddate.ArgumentError),
    ("locale int", make(locale=5), feeddate.ArgumentError),
    # ---- zone ids ----
    ("zone unknown", make(tz="Mars/Olympus_Mons"), feeddate.TimeZoneError),
    ("zone empty", make(tz=""), feeddate.TimeZoneError),
    ("zone ../../etc/passwd", make(tz="../../etc/passwd"), feeddate.TimeZoneError),
    ("zone /etc/passwd", make(tz="/etc/passwd"), feeddate.TimeZoneError),
    ("zone absolute path of a real zone file", make(tz="/usr/share/zoneinfo/UTC"), feeddate.TimeZoneError),
    ("zone Asia/../UTC", make(tz="Asia/../UTC"), feeddate.TimeZoneError),
    ("zone ./UTC", make(tz="./UTC"), feeddate.TimeZoneError),
    ("zone a folder (Asia)", make(tz="Asia"), feeddate.TimeZoneError),
    ("zone zone.tab (not TZif)", make(tz="zone.tab"), feeddate.TimeZoneError),
    ("zone with spaces", make(tz=" UTC "), feeddate.TimeZoneError),
    ("zone with NUL", make(tz="Asia/Shanghai\0"), feeddate.TimeZoneError),
    ("zone 100 KB", make(tz="A/" * 50_000), feeddate.TimeZoneError),
    ("zone not UTF-8 (lone surrogate)", make(tz="Asia/\udcff"), feeddate.TimeZoneError),
    ("zone bytes", make(tz=b"UTC"), feeddate.ArgumentError),
    # ---- instants ----
    ("t NaN", fmt(math.nan), ValueError),
    ("t +inf", fmt(math.inf), ValueError),
    ("t -inf", label(-math.inf), ValueError),
    ("now NaN", fmt(NOW, math.nan), ValueError),
    ("t naive datetime", fmt(datetime(2024, 3, 25, 6, 30)), ValueError),
    ("now naive datetime", label(NOW, datetime(2024, 3, 25, 6, 30)), ValueError),
    ("t 10000-01-01", fmt(253402300800), feeddate.RangeError),
    ("t 0000-12-31T23:59:59", fmt(-62135596801), feeddate.RangeError),
    ("t a fraction past the end", fmt(253402300800.0004), feeddate.RangeError),
    ("t 10**30 (beyond int64)", fmt(10**30), feeddate.RangeError),
    ("t -10**30", label(-(10**30)), feeddate.RangeError),
    ("t 1e300", fmt(1e300), feeddate.RangeError),
    ("now out of range", fmt(NOW, 10**20), feeddate.RangeError),
    ("t str", fmt("2024-03-25T18:30:00Z"), TypeError),
    ("t None", fmt(None), TypeError),
    ("t bool", fmt(True), TypeError),
    ("t Decimal", fmt(Decimal("1711391400")), TypeError),
    ("t complex", fmt(1j), TypeError),
    ("t timedelta", fmt(timedelta(seconds=5)), TypeError),
    # ---- format_many ----
    ("many: one NaN", many([NOW, math.nan]), ValueError),
    ("many: one out of range", many([NOW, 10**30, NOW]), feeddate.RangeError),
    ("many: one naive", many([NOW, datetime(2024, 1, 1)]), ValueError),
    ("many: one str", many([NOW, "now"]), TypeError),
    ("many: None", many(None), TypeError),
    ("many: now out of range", many([NOW], -(10**20)), feeddate.RangeError),
]


def test_table_is_large_enough() -> None:
    assert len(ROWS) >= 40
    assert len({what for what, _, _ in ROWS}) == len(ROWS)


@pytest.mark.parametrize("what, call, error", ROWS, ids=[r[0] for r in ROWS])
def test_bad_input(what: str, call: Callable[[], Any], error: Type[BaseException]) -> None:
    with pytest.raises(error) as info:
        call()
    assert type(info.value) is error or not issubclass(error, feeddate.Error), (
        f"{what}: raised {type(info.value).__name__}, expected exactly {error.__name__}"
    )
    if error in STATUS:
        assert info.value.status == STATUS[error]  # type: ignore[attr-defined]
        assert str(info.value)  # a message, never empty


def test_empty_batch_is_fine() -> None:
    assert feed().format_many([], NOW) == []


def test_library_still_works_after_the_table() -> None:
    # Run the whole table again in one go (the classes are checked above),
    # then label: nothing was damaged.
    for _, call, _ in ROWS:
        with pytest.raises(Exception):  # noqa: B017 (each row's class is checked above)
            call()
    f = feeddate.Formatter("chat_list", locale="zh_CN", tz="Asia/Shanghai")
    assert f.format(NOW - timedelta(days=1), NOW) == "昨天"
    assert feed().format_many([NOW, NOW - timedelta(hours=1)], NOW) == feed().format_many(
        [NOW, NOW - timedelta(hours=1)], NOW
    )
