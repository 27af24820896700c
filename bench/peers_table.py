#!/usr/bin/env python3
"""make bench-peers: the table of every binding against what its users would
pick instead, from the files each language's bench-peers-<lang> wrote.

  peers_table.py c BENCH_C_JSON OUT_JSON   the C bench's style table (make bench's
                                           build/bench --styles) as C's peer rows
  peers_table.py table DIR                 DIR/*.json as one Markdown table, to
                                           stdout and DIR/table.md

Each DIR/<lang>.json: {"language", "runtime", "rounds", "rows": [{"case", "set",
"ours", "peer", "ours_ns", "peer_ns", "ratio", "note"}]}, ratio = ours/peer as
the median of alternating rounds in one process (< 1: feeddate is faster).
"""

import json
import os
import sys

ORDER = ["c", "python", "go", "rust", "java", "node"]


def from_c(src, dst):
    with open(src) as f:
        c = json.load(f)
    rows = []
    for s in c["styles"]:
        rows.append(
            {
                "case": "%s %s (%s), single call" % (s["style"], s["locale"], s["zone"]),
                "set": s.get("set", "mix"),
                "ours": "fd_format (with next change and parts)",
                "peer": "ICU udat_format, one cached UDAT_SHORT formatter",
                "ours_ns": s["fd_format_ns"],
                "peer_ns": s["udat_format_ns"],
                "ratio": round(s["fd_format_ns"] / s["udat_format_ns"], 3),
                "note": "the median-ratio round of 21 alternating rounds",
            }
        )
    os.makedirs(os.path.dirname(dst) or ".", exist_ok=True)
    with open(dst, "w") as f:
        json.dump({"language": "c", "runtime": "C, system ICU", "rounds": 21, "rows": rows}, f, indent=2)
        f.write("\n")


def table(folder):
    names = sorted(
        (n for n in os.listdir(folder) if n.endswith(".json")),
        key=lambda n: (ORDER.index(n[:-5]) if n[:-5] in ORDER else len(ORDER), n),
    )
    if not names:
        sys.exit("peers_table: no results in %s (run make bench-peers)" % folder)
    out = [
        "| language | case | set | feeddate | peer | feeddate ns | peer ns | ratio |",
        "|---|---|---|---|---|---:|---:|---:|",
    ]
    notes, losses = [], []
    for name in names:
        with open(os.path.join(folder, name)) as f:
            doc = json.load(f)
        lang = doc.get("language", name[:-5])
        runtime = doc.get("runtime", "")
        for r in doc["rows"]:
            ratio = r["ratio"]
            mark = "" if ratio < 1 else " (peer faster)"
            out.append(
                "| %s | %s | %s | %s | %s | %.1f | %.1f | %.2fx%s |"
                % (
                    lang + (" (%s)" % r["runtime"] if r.get("runtime") else ""),
                    r["case"],
                    r.get("set", ""),
                    r["ours"],
                    r["peer"],
                    r["ours_ns"],
                    r["peer_ns"],
                    ratio,
                    mark,
                )
            )
            if r.get("note"):
                notes.append("- %s, %s (%s): %s" % (lang, r["case"], r.get("set", ""), r["note"]))
            if ratio >= 1:
                losses.append("%s: %s (%s) %.2fx" % (lang, r["case"], r.get("set", ""), ratio))
        if runtime:
            notes.insert(0, "- %s runtime: %s" % (lang, runtime))
    text = (
        "\n".join(out)
        + "\n\nratio = feeddate / peer, the median of alternating rounds in one process (< 1: feeddate faster).\n"
    )
    if notes:
        text += "\n" + "\n".join(notes) + "\n"
    text += (
        "\n"
        + ("Rows where the peer is faster: " + "; ".join(losses) if losses else "feeddate is faster in every row.")
        + "\n"
    )
    with open(os.path.join(folder, "table.md"), "w") as f:
        f.write(text)
    sys.stdout.write(text)


if __name__ == "__main__":
    if len(sys.argv) == 4 and sys.argv[1] == "c":
        from_c(sys.argv[2], sys.argv[3])
    elif len(sys.argv) == 3 and sys.argv[1] == "table":
        table(sys.argv[2])
    else:
        sys.exit(__doc__)
