#!/usr/bin/env python3
"""What an upgrade changes in the labels, as Markdown for the release notes
(make label-changes BASE=<rev>; SPEC section 13).

    python3 Tests/sweep/label_report.py PLAN BASE_OUT NEW_OUT DIFF_TSV BASE_SUMMARY NEW_SUMMARY > report.md

PLAN is the sweep (Tests/sweep/sweep_plan.py); BASE_OUT and NEW_OUT are what
the C runner (Tests/sweep/sweep_run.c) wrote through the two libraries, one
line per label in the plan's order; the summaries are its stderr lines.
Writes every difference to DIFF_TSV (locale, style, options, zone, t, now,
base text, new text, base next change, new next change) and prints counts by
style, by option set, the locales that changed most, the formatters only one
side could make, next changes that moved, and an example of each."""

from __future__ import annotations

import json
import re
import sys
import unicodedata
from collections import Counter, defaultdict
from typing import Iterator

# The ids most apps serve, reported whatever their rank.
COMMON = [
    "en_US",
    "en_GB",
    "zh_CN",
    "zh_TW",
    "ja_JP",
    "ko_KR",
    "es_ES",
    "es_MX",
    "pt_BR",
    "fr_FR",
    "de_DE",
    "it_IT",
    "ru_RU",
    "tr_TR",
    "ar_EG",
    "ar_SA",
    "hi_IN",
    "id_ID",
    "vi_VN",
    "th_TH",
    "pl_PL",
    "nl_NL",
]


def show(text: str) -> str:
    """Invisible and space-like characters made visible ({U+202F}), as the C tests print them."""
    return "".join(
        c if c == " " or unicodedata.category(c) not in ("Zs", "Cf", "Cc") else f"{{U+{ord(c):04X}}}" for c in text
    )


def option_name(options: dict) -> str:
    extra = [f"{k}={v}" if not isinstance(v, bool) else k for k, v in options.items() if k not in ("locale", "tz")]
    return ",".join(extra) or "default"


def labels(path: str) -> Iterator[tuple[str, str]]:
    with open(path, encoding="utf-8") as f:
        for line in f:
            text, _, nxt = line.rstrip("\n").partition("\t")
            yield text, nxt


def library(summary: str) -> str:
    """'1.2.0 (ICU 72.1)' from a runner's summary line."""
    m = re.search(r"\(library ([^,]+), (.*?)\):", summary)
    return f"{m.group(1)} ({m.group(2)})" if m else summary


def main() -> int:
    plan_path, base_path, new_path, tsv_path, base_summary, new_summary = sys.argv[1:7]
    with open(plan_path, encoding="utf-8") as f:
        header = json.loads(f.readline())
        formatters = [json.loads(line) for line in f]
    now, ts = header["now_ms"], header["t_ms"]
    base, new = labels(base_path), labels(new_path)
    rows = []  # (formatter, t, base, new)
    one_side: dict[str, list[dict]] = defaultdict(list)
    total = 0
    for fmt in formatters:
        pairs = [(next(base), next(new)) for _ in ts]
        total += len(ts)
        base_failed = all(b[0] == "!error" for b, _ in pairs)
        new_failed = all(n[0] == "!error" for _, n in pairs)
        if base_failed != new_failed:
            one_side["the new library" if base_failed else "the base library"].append(fmt)
            continue
        for t, (b, n) in zip(ts, pairs):
            if b != n:
                rows.append((fmt, t, b, n))
    for rest in (base, new):
        if next(rest, None) is not None:
            sys.exit("label_report: an output has more lines than the plan has labels")

    text = [r for r in rows if r[2][0] != r[3][0]]
    moved = [r for r in rows if r[2][0] == r[3][0]]
    with open(tsv_path, "w", encoding="utf-8") as f:
        f.write("locale\tstyle\toptions\tzone\tt_ms\tnow_ms\tbase\tnew\tbase_next\tnew_next\n")
        for fmt, t, b, n in rows:
            o = fmt["options"]
            f.write(
                f"{o['locale']}\t{fmt['style']}\t{option_name(o)}\t{o['tz']}\t{t}\t{now}\t{b[0]}\t{n[0]}\t{b[1]}\t{n[1]}\n"
            )

    locales = {fmt["options"]["locale"] for fmt in formatters}
    variants = {loc for loc in locales if "@" in loc}  # calendars and numbering systems
    locales -= variants
    out = sys.stdout.write
    out(
        f"label-changes: base {library(base_summary)}, new {library(new_summary)}: {len(locales)} locales "
        f"and {len(variants)} calendar and numbering variants, "
        f"{len(formatters)} formatters, {total} labels; "
        f"{len(text)} texts differ ({100 * len(text) / max(total, 1):.2f} %), "
        f"{len(moved)} next changes moved with the text unchanged, "
        f"{sum(len(v) for v in one_side.values())} formatters made on one side only\n\n"
    )
    out("| style | labels whose text changed |\n|---|---|\n")
    for style, n in Counter(r[0]["style"] for r in text).most_common():
        out(f"| {style} | {n:,} |\n")
    out("\n| options | labels whose text changed |\n|---|---|\n")
    for opt, n in Counter(option_name(r[0]["options"]) for r in text).most_common():
        out(f"| {opt} | {n:,} |\n")
    by_locale = Counter(r[0]["options"]["locale"] for r in text)
    example: dict[str, tuple] = {}
    for r in text:
        example.setdefault(r[0]["options"]["locale"], r)

    def shown(r: tuple) -> str:
        fmt, _, b, n = r
        return f"{fmt['style']} {option_name(fmt['options'])} {fmt['options']['tz']}: “{show(b[0])}” → “{show(n[0])}”"

    out(f"\n{len(by_locale)} locales have a label that changed. The 25 with the most:\n\n")
    out("| locale | labels changed | example (base → new) |\n|---|---|---|\n")
    for loc, n in by_locale.most_common(25):
        out(f"| {loc} | {n:,} | {shown(example[loc])} |\n")
    per_locale = Counter(fmt["options"]["locale"] for fmt in formatters)["en_US"] * len(ts)
    out(
        f"\nWidely used ids ({per_locale:,} labels each):\n\n"
        "| locale | labels changed | example (base → new) |\n|---|---|---|\n"
    )
    for loc in COMMON:
        n = by_locale.get(loc, 0)
        out(
            f"| {loc} | {n:,} ({100 * n / max(per_locale, 1):.1f} %) | "
            f"{shown(example[loc]) if loc in example else 'none'} |\n"
        )
    for side, fmts in sorted(one_side.items()):
        locs = sorted({f["options"]["locale"] for f in fmts})
        out(
            f"\nFormatters only {side} could make: {len(fmts):,}, in {len(locs)} locales"
            f" ({', '.join(locs[:40])}{', …' if len(locs) > 40 else ''}).\n"
        )
    out(f"\nNext changes that moved with the text unchanged: {len(moved):,}")
    if moved:
        locs = Counter(r[0]["options"]["locale"] for r in moved)
        out(" (" + ", ".join(f"{loc} {n}" for loc, n in locs.most_common(8)) + ").")
    out("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
