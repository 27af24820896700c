#!/usr/bin/env python3
"""Print a label for every locale ICU knows, in every style, for a fixed set of
instants: the output with the full ICU data and with the trimmed data of the
wheel (packaging/icu-data.txt) must be byte for byte the same.

    python3 Tests/sweep/icu-sweep.py > labels.txt          # with PYTHONPATH and the library set up
    python3 Tests/sweep/icu-sweep.py --quick > labels.txt  # every 7th locale (a smoke run)

It covers what the vectors cannot: every available locale (uloc_getAvailable of
ICU 78.3, listed in icu-available.txt) in every style and width, every calendar and every
numbering system in a few locales, and locales whose calendar or digits come
from keywords. A formatter that cannot be created prints its error, so a data
item whose absence turns into an error shows up as a difference too.

`make icu-data-check` compares the library with ICU's whole data against the
trimmed one with it (tools/icu-data-search.sh tries new cuts the same way), and
the artifact checks compare what an installed artifact prints with what the
build tree prints: one ICU, so one output.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import List

import feeddate

NOW_MS = 1711348200000  # 2024-03-25T06:30:00Z
PAST_S = [0, 30, 5 * 60, 3 * 3600, 20 * 3600, 86400, 2 * 86400, 5 * 86400, 40 * 86400, 400 * 86400,
          30 * 365 * 86400]
FUTURE_S = [299.25, 3 * 86400 + 3723.6, 40 * 86400]
# Deep past: calendars and eras far from today (Japanese Heisei 1 = 元年, Hebrew/Chinese years).
FIXED_MS = [600220800000, 0, -2208988800000, 1546300800000]  # 1989-01-08, 1970, 1900, 2019-01-01

CALENDARS = ["buddhist", "chinese", "coptic", "dangi", "ethiopic", "ethiopic-amete-alem", "gregorian",
             "hebrew", "indian", "islamic", "islamic-civil", "islamic-umalqura", "islamic-tbla",
             "islamic-rgsa", "iso8601", "japanese", "persian", "roc"]
CALENDAR_LOCALES = ["en_US", "ja_JP", "zh_CN", "zh_TW", "he_IL", "ar_EG", "ar_SA", "fa_IR", "th_TH",
                    "ko_KR", "hi_IN", "am_ET", "ru_RU", "de_DE", "fr_FR"]
NUMBERING_LOCALES = ["en_US", "ja_JP", "zh_CN", "ar_EG"]


AVAILABLE = Path(__file__).with_name("icu-available.txt")


def _available(kind: str) -> List[str]:
    """What ICU 78.3 lists of a kind ("locale", "numbers"): Tests/sweep/icu-available.txt,
    written by icu-available.c (the library's own ICU is hidden inside it since 1.3)."""
    lines = [line.split(" ", 1) for line in AVAILABLE.read_text().splitlines() if line and not line.startswith("#")]
    return [name for k, name in lines if k == kind]


def available_locales() -> List[str]:
    return _available("locale")


def numbering_systems() -> List[str]:
    return sorted(_available("numbers"))


# (style, extra options) for every locale.
CONFIGS = [
    ("feed", {}),
    ("feed", {"recent_relative": True}),
    ("feed_detail", {}),
    ("feed_detail", {"hour_cycle": "h12"}),
    ("chat_list", {}),
    ("chat_bubble", {}),
    ("chat_bubble", {"hour_cycle": "h23"}),
    ("relative", {}),
    ("relative", {"width": "short"}),
    ("relative", {"width": "narrow"}),
    ("compact", {}),
    ("compact", {"width": "long"}),
    ("countdown", {}),
    ("countdown", {"precision": 0}),
]


def instants(style: str) -> List[int]:
    ts = [NOW_MS - int(s * 1000) for s in PAST_S] + [NOW_MS + int(s * 1000) for s in FUTURE_S]
    return ts + FIXED_MS


def sweep(locales: List[str], configs, out) -> int:
    errors = 0
    for locale in locales:
        for style, extra in configs:
            head = f"{locale}|{style}|{','.join(f'{k}={v}' for k, v in sorted(extra.items()))}"
            try:
                f = feeddate.Formatter(style, locale=locale, tz="UTC", **extra)
            except feeddate.Error as exc:
                errors += 1
                out.write(f"{head}: ERROR {type(exc).__name__}: {exc}\n")
                continue
            labels = []
            for t in instants(style):
                try:
                    lb = f.label(t / 1000, NOW_MS / 1000)
                    nc = "" if lb.next_change is None else lb.next_change.isoformat()
                    labels.append(f"{lb.text}#{nc}#{lb.day_part}#{lb.time_part}#{int(lb.expired)}")
                except feeddate.Error as exc:
                    errors += 1
                    labels.append(f"ERROR {type(exc).__name__}: {exc}")
            out.write(f"{head}[{f.locale}]: " + " | ".join(labels) + "\n")
    return errors


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--quick", action="store_true", help="every 7th locale only")
    a = p.parse_args()
    locales = available_locales()
    if a.quick:
        locales = locales[::7]
    out = sys.stdout
    out.write(f"# icu-sweep: ICU {feeddate.icu_version()}, {len(locales)} locales\n")
    sweep(["root", "", "und"] + locales, CONFIGS, out)
    cal_configs = [("feed", {}), ("feed_detail", {}), ("chat_bubble", {})]
    sweep([f"{loc}@calendar={c}" for c in CALENDARS for loc in CALENDAR_LOCALES], cal_configs, out)
    sweep([f"{loc}@numbers={n}" for n in numbering_systems() for loc in NUMBERING_LOCALES],
          [("feed_detail", {}), ("compact", {}), ("countdown", {})], out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
