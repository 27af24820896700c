#!/usr/bin/env python3
"""Summarize label_changes.c's differences as Markdown, for the release notes.

    python3 Tests/sweep/label_report.py DIFF_TSV SUMMARY_LINE > report.md

Counts by style, by option set, the locales that changed most (share of their
labels), the locales a side could not make a formatter for, next changes that
moved, and a few examples of each kind."""

from __future__ import annotations

import csv
import sys
import unicodedata
from collections import Counter, defaultdict


def show(text: str) -> str:
    """Invisible and space-like characters made visible ({U+202F}), as the C tests print them."""
    return "".join(c if c == " " or unicodedata.category(c) not in ("Zs", "Cf", "Cc") else f"{{U+{ord(c):04X}}}"
                   for c in text)


def main() -> int:
    path, summary = sys.argv[1], sys.argv[2]
    rows = list(csv.DictReader(open(path, encoding="utf-8"), delimiter="\t", quoting=csv.QUOTE_NONE))
    status = [r for r in rows if not r["t_ms"]]
    labels = [r for r in rows if r["t_ms"]]
    text = [r for r in labels if r["base"] != r["new"]]
    moved = [r for r in labels if r["base"] == r["new"] and r["base_next"] != r["new_next"]]
    out = sys.stdout.write
    out(f"{summary}\n\n")
    out("| style | labels whose text changed |\n|---|---|\n")
    for style, n in sorted(Counter(r["style"] for r in text).items(), key=lambda kv: -kv[1]):
        out(f"| {style} | {n:,} |\n")
    out("\n| options | labels whose text changed |\n|---|---|\n")
    for opt, n in sorted(Counter(r["options"] for r in text).items(), key=lambda kv: -kv[1]):
        out(f"| {opt} | {n:,} |\n")
    by_locale = Counter(r["locale"] for r in text)
    out(f"\n{len(by_locale)} locales have a label that changed. The 25 with the most:\n\n")
    out("| locale | labels changed | example (base → new) |\n|---|---|---|\n")
    example = {}
    for r in text:
        example.setdefault(r["locale"], r)
    for loc, n in by_locale.most_common(25):
        r = example[loc]
        out(f"| {loc} | {n:,} | {r['style']} {r['options']} {r['zone']}: “{show(r['base'])}” → “{show(r['new'])}” |\n")
    # The ids most apps serve, whatever their rank above.
    import re
    m = re.search(r"(\d+) locales, \d+ formatters, (\d+) labels", summary)
    per_locale = int(m.group(2)) // int(m.group(1)) if m else 0
    common = ["en_US", "en_GB", "zh_CN", "zh_TW", "ja_JP", "ko_KR", "es_ES", "es_MX", "pt_BR", "fr_FR", "de_DE",
              "it_IT", "ru_RU", "tr_TR", "ar_EG", "ar_SA", "hi_IN", "id_ID", "vi_VN", "th_TH", "pl_PL", "nl_NL"]
    out(f"\nWidely used ids ({per_locale:,} labels each):\n\n| locale | labels changed | example (base → new) |\n|---|---|---|\n")
    for loc in common:
        n = by_locale.get(loc, 0)
        ex = example.get(loc)
        share = f" ({100 * n / per_locale:.1f} %)" if per_locale else ""
        out(f"| {loc} | {n:,}{share} | " + (f"{ex['style']} {ex['options']} {ex['zone']}: “{show(ex['base'])}” → “{show(ex['new'])}”" if ex else "none") + " |\n")
    one_side = defaultdict(list)
    for r in status:
        one_side["only the new library" if r["base"].startswith("status") and r["new"] == "status 0" else
                 "only the base library" if r["new"].startswith("status") and r["base"] == "status 0" else "other"].append(r)
    for side, rs in sorted(one_side.items()):
        locs = sorted({r["locale"] for r in rs})
        out(f"\nFormatters only {side.replace('only ', '')} could make: {len(rs):,}, in {len(locs)} locales"
            f" ({', '.join(locs[:40])}{', …' if len(locs) > 40 else ''}).\n")
    out(f"\nNext changes that moved with the text unchanged: {len(moved):,}")
    if moved:
        locs = Counter(r["locale"] for r in moved)
        out(" (" + ", ".join(f"{l} {n}" for l, n in locs.most_common(8)) + ").")
    out("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
