#!/usr/bin/env python3
"""sweep_plan.py — the one definition of the label sweep (SPEC section 13)
that make fleet-check and make label-changes run through every artifact,
language and revision.

    sweep_plan.py [--size full|small] [--set main|other] [--locales FILE] > plan.jsonl

The plan is JSON Lines. The first line is the header:

    {"sweep": 1, "size": "full", "now_ms": ..., "t_ms": [...], "formatters": N}

and each of the N lines after it is one formatter, in the vectors' own
spelling (Tests/vectors/README.md), so every language builds it with the code
its vector suite already has:

    {"style": "feed", "options": {"locale": "de_DE", "tz": "UTC", "hour_cycle": "h12"}}

A runner (Tests/sweep/README.md) labels every t of t_ms at now_ms with every
formatter, in that order, and writes one line per label.

What it covers: every locale ICU 78.3 lists (Tests/sweep/icu-available.txt's
"locale" lines, plus root), every style with its defaults and with each 1.1
option that changes its text, three zones (UTC, a zone with DST, a zone east
of UTC), and instants from 3 years before now to 1 year after it with the
boundaries the rules turn on, and four far from it (1900, 1970, 1989, 2019);
then every calendar and every numbering system ICU lists, as locale
keywords in a few locales. --size small keeps every 10th locale plus the
most used ones (make fleet-check in CI: the full sweep is the release's).
"""

from __future__ import annotations

import argparse
import json
import os
import sys

SEC = 1000
MIN = 60 * SEC
HOUR = 60 * MIN
DAY = 24 * HOUR

# 2024-03-25T06:30:00Z, a Monday; America/New_York is 2 weeks into DST.
NOW_MS = 1_711_348_200_000
# Before now: just now, the minute and hour edges, yesterday, the weekday
# window, the month and year edges, 3 years back.
BACK = [
    0,
    30 * SEC,
    59 * SEC,
    61 * SEC,
    5 * MIN,
    59 * MIN,
    61 * MIN,
    3 * HOUR,
    6 * HOUR,
    7 * HOUR,
    20 * HOUR,
    DAY,
    DAY + 7 * HOUR,
    2 * DAY,
    3 * DAY,
    5 * DAY,
    6 * DAY,
    7 * DAY,
    8 * DAY,
    13 * DAY,
    25 * DAY,
    40 * DAY,
    84 * DAY,
    200 * DAY,
    365 * DAY,
    400 * DAY,
    800 * DAY,
    3 * 365 * DAY,
]
# After now: countdowns (a fraction of a second, hours, a day and more), tomorrow, next year.
AHEAD = [30 * SEC, 299_250, 3 * HOUR, DAY + 3_723_600, 3 * DAY, 40 * DAY, 300 * DAY, 365 * DAY]
# Fixed instants far from now, for calendars and eras: 1989-01-08 (Heisei 1,
# 元年), 1970, 1900, 2019-01-01.
FIXED = [600_220_800_000, 0, -2_208_988_800_000, 1_546_300_800_000]

STYLES = ["feed", "feed_detail", "chat_list", "chat_bubble", "relative", "compact", "countdown"]
ZONES = ["UTC", "America/New_York", "Asia/Shanghai"]
DAY_STYLES = {"feed", "feed_detail", "chat_list", "chat_bubble"}
# Each option set, and the styles whose text it changes (the others are left out).
OPTION_SETS = [
    ({}, set(STYLES)),
    ({"hour_cycle": "h12"}, DAY_STYLES),
    ({"hour_cycle": "h23"}, DAY_STYLES),
    ({"width": "short"}, {"feed", "relative", "compact"}),
    ({"width": "narrow"}, {"feed", "relative", "compact"}),
    ({"recent_relative": True}, {"feed"}),
    ({"plain_spaces": True}, set(STYLES)),
    ({"spoken": True}, {"compact", "countdown"}),
    ({"max_unit": "day"}, {"relative", "compact"}),
    ({"precision": 1}, {"countdown"}),
    ({"countdown_days": True}, {"countdown"}),
    ({"overtime": True}, {"countdown"}),
]

# --set other: another sweep of the same kind, for proving the fleet twice
# (issue 36): another now (2025-11-02T12:00Z, the day New York falls back, a
# Sunday), other distances, other zones (a half-hour offset, the southern
# hemisphere's DST, a zone that once skipped a day) and the options the main
# set leaves at their defaults.
OTHER_NOW_MS = 1_762_084_800_000
OTHER_BACK = [
    1 * SEC,
    45 * SEC,
    2 * MIN,
    10 * MIN,
    2 * HOUR,
    12 * HOUR,
    23 * HOUR,
    25 * HOUR,
    36 * HOUR,
    4 * DAY,
    9 * DAY,
    15 * DAY,
    31 * DAY,
    60 * DAY,
    180 * DAY,
    300 * DAY,
    2 * 365 * DAY,
]
OTHER_AHEAD = [1 * SEC, 59 * SEC, 10 * MIN, 23 * HOUR, 2 * DAY, 10 * DAY, 100 * DAY, 2 * 365 * DAY]
OTHER_ZONES = ["Europe/London", "Asia/Kolkata", "America/Sao_Paulo", "Pacific/Auckland", "Pacific/Apia"]
OTHER_OPTION_SETS = [
    ({}, set(STYLES)),
    ({"just_now_ms": 120_000}, {"feed", "chat_list", "relative", "compact"}),
    ({"weekday_window_days": 3}, DAY_STYLES),
    ({"cross_year_grace_days": 30}, DAY_STYLES),
    ({"skew_tolerance_ms": 0}, {"feed", "relative", "compact"}),
    ({"yesterday_text": "Yday", "just_now_text": "now", "tomorrow_text": "Tmrw"}, DAY_STYLES),
    ({"hour_cycle": "h12", "plain_spaces": True}, DAY_STYLES),
    ({"width": "narrow", "max_unit": "hour"}, {"relative", "compact"}),
    ({"precision": 2, "overtime": True}, {"countdown"}),
]

# Calendars and numbering systems, as locale keywords in a few locales (the
# data ICU's trimmed copy must keep: make icu-data-check).
CALENDARS = [
    "buddhist",
    "chinese",
    "coptic",
    "dangi",
    "ethiopic",
    "ethiopic-amete-alem",
    "gregorian",
    "hebrew",
    "indian",
    "islamic",
    "islamic-civil",
    "islamic-umalqura",
    "islamic-tbla",
    "islamic-rgsa",
    "iso8601",
    "japanese",
    "persian",
    "roc",
]
CALENDAR_LOCALES = [
    "en_US",
    "ja_JP",
    "zh_CN",
    "zh_TW",
    "he_IL",
    "ar_EG",
    "ar_SA",
    "fa_IR",
    "th_TH",
    "ko_KR",
    "hi_IN",
    "am_ET",
    "ru_RU",
    "de_DE",
    "fr_FR",
]
CALENDAR_STYLES = ["feed", "feed_detail", "chat_bubble"]
NUMBERING_LOCALES = ["en_US", "ja_JP", "zh_CN", "ar_EG"]
NUMBERING_STYLES = ["feed_detail", "compact", "countdown"]
# Kept in the small sweep whatever their place in the list: the most used ids,
# and the ones whose text moved most between ICUs (issue 35).
SMALL_ALWAYS = [
    "ar",
    "ar_SA",
    "de_DE",
    "en_CA",
    "en_GB",
    "en_IN",
    "en_US",
    "es_ES",
    "es_MX",
    "fa_IR",
    "fi_FI",
    "fr_FR",
    "hi_IN",
    "id_ID",
    "ja_JP",
    "kn_IN",
    "ko_KR",
    "nl_NL",
    "pt_BR",
    "ru_RU",
    "ta_IN",
    "th_TH",
    "tr_TR",
    "vi_VN",
    "zh_CN",
    "zh_Hant_TW",
]


def listed(path: str, kind: str) -> list[str]:
    """What ICU 78.3 lists of a kind ("locale", "numbers") in icu-available.txt."""
    with open(path, encoding="utf-8") as f:
        return [line.split(" ", 1)[1].strip() for line in f if line.startswith(kind + " ")]


def locales(path: str, size: str) -> list[str]:
    every = ["root"] + listed(path, "locale")
    if size == "full":
        return every
    keep = set(every[::10]) | (set(SMALL_ALWAYS) & set(every))
    return [name for name in every if name in keep]


def main() -> int:
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--size", choices=["full", "small"], default="full")
    ap.add_argument(
        "--set",
        choices=["main", "other"],
        default="main",
        help="main: the sweep of fleet-check and label-changes; other: another of the same kind",
    )
    ap.add_argument(
        "--locales",
        default=os.path.join(here, "icu-available.txt"),
        help="ICU's locale list (make icu-available writes it)",
    )
    args = ap.parse_args()
    names = locales(args.locales, args.size)
    main_set = args.set == "main"
    now_ms = NOW_MS if main_set else OTHER_NOW_MS
    lines = []
    for locale in names:
        for style in STYLES:
            for extra, styles in OPTION_SETS if main_set else OTHER_OPTION_SETS:
                if style not in styles:
                    continue
                for zone in ZONES if main_set else OTHER_ZONES:
                    lines.append({"style": style, "options": {"locale": locale, "tz": zone, **extra}})
    for calendar in CALENDARS if main_set else []:
        for locale in CALENDAR_LOCALES:
            for style in CALENDAR_STYLES:
                lines.append({"style": style, "options": {"locale": f"{locale}@calendar={calendar}", "tz": "UTC"}})
    for numbers in sorted(listed(args.locales, "numbers")) if main_set else []:
        for locale in NUMBERING_LOCALES:
            for style in NUMBERING_STYLES:
                lines.append({"style": style, "options": {"locale": f"{locale}@numbers={numbers}", "tz": "UTC"}})
    if main_set:
        t_ms = [NOW_MS - b for b in BACK] + [NOW_MS + a for a in AHEAD] + FIXED
    else:
        t_ms = [OTHER_NOW_MS - b for b in OTHER_BACK] + [OTHER_NOW_MS + a for a in OTHER_AHEAD]
    out = sys.stdout
    out.write(
        json.dumps(
            {"sweep": 1, "size": args.size, "set": args.set, "now_ms": now_ms, "t_ms": t_ms, "formatters": len(lines)},
            separators=(", ", ": "),
        )
        + "\n"
    )
    for line in lines:
        out.write(json.dumps(line, ensure_ascii=False) + "\n")
    print(
        f"sweep_plan: {args.set}, {args.size}: {len(names)} locales, {len(lines)} formatters, "
        f"{len(lines) * len(t_ms)} labels",
        file=sys.stderr,
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
