#!/usr/bin/env python3
"""Seed corpus of fuzz_tzif: real zone files and hand-made hostile ones.

    seed_tzif.py OUTDIR [ZONEINFO]

Real files (v2+ with footers, leap seconds, negative DST, half-hour and
45-minute offsets, zones whose DST never ends) come from the system zone
database; the hostile ones are built here with struct: version-1 files,
huge and inconsistent counts, truncations, bad type indices and offsets,
footers that are missing, unterminated, malformed or extreme (all-year DST,
rules at -167/+167 hours, Julian days, 24:59:59 offsets). Generated rather
than committed: a few dozen small binary files that follow the system's
tzdata; they live under build/ (gitignored).
"""

from __future__ import annotations

import os
import shutil
import struct
import sys
from pathlib import Path

REAL_ZONES = [
    "UTC",
    "Asia/Shanghai",
    "America/New_York",
    "Europe/London",
    "Europe/Dublin",
    "Australia/Lord_Howe",
    "America/St_Johns",
    "Pacific/Kiritimati",
    "Pacific/Apia",
    "Africa/Casablanca",
    "Asia/Tehran",
    "America/Sao_Paulo",
    "Etc/GMT+12",
    "Etc/GMT-14",
    "Antarctica/Troll",
    "Asia/Kathmandu",
    "America/Havana",
    "Pacific/Chatham",
    "right/UTC",
    "right/America/New_York",
    "Asia/Gaza",
    "America/Godthab",
    "Europe/Moscow",
]


def header(version: bytes, isut: int, isstd: int, leap: int, time: int, typ: int, char: int) -> bytes:
    return b"TZif" + version + b"\0" * 15 + struct.pack(">6L", isut, isstd, leap, time, typ, char)


def block(times, idx, types, chars=b"LMT\0STD\0DST\0", leaps=(), size=8, isstd=None, isut=None) -> bytes:
    fmt = ">q" if size == 8 else ">l"
    out = b"".join(struct.pack(fmt, t) for t in times)
    out += bytes(idx)
    out += b"".join(struct.pack(">lBB", off, dst, ab) for off, dst, ab in types)
    out += chars
    out += b"".join(struct.pack(fmt, t) + struct.pack(">l", c) for t, c in leaps)
    out += bytes(isstd or [])
    out += bytes(isut or [])
    return out


def tzif(
    times,
    idx,
    types,
    footer: bytes | None,
    version=b"2",
    leaps=(),
    isstd=None,
    isut=None,
    chars=b"LMT\0STD\0DST\0",
    counts=None,
) -> bytes:
    """A v2+ file with the same data in both blocks (times clamped for v1)."""
    n = counts or {}

    def hdr(size):
        return header(
            version,
            n.get("isut", len(isut or [])),
            n.get("isstd", len(isstd or [])),
            n.get("leap", len(leaps)),
            n.get("time", len(times)),
            n.get("type", len(types)),
            n.get("char", len(chars)),
        )

    v1times = [max(-(2**31), min(2**31 - 1, t)) for t in times]
    v1leaps = [(max(-(2**31), min(2**31 - 1, t)), c) for t, c in leaps]
    data = hdr(4) + block(v1times, idx, types, chars, v1leaps, 4, isstd, isut)
    if version == b"\0":
        return data
    data += hdr(8) + block(times, idx, types, chars, leaps, 8, isstd, isut)
    if footer is not None:
        data += b"\n" + footer + b"\n"
    return data


LMT, STD, DST = (-17762, 0, 0), (-18000, 0, 4), (-14400, 1, 8)


def hostile() -> dict[str, bytes]:
    t = [-2717650800, 9972000, 25693200, 41421600, 57747600]
    i = [1, 2, 1, 2, 1]
    good = tzif(t, i, [LMT, STD, DST], b"EST5EDT,M3.2.0,M11.1.0")
    seeds = {
        "good-v2": good,
        "good-v3-tz": tzif(t, i, [LMT, STD, DST], b"<-03>3<-02>,M3.5.0/-2,M10.5.0/-1", version=b"3"),
        "good-v4": tzif(t, i, [LMT, STD, DST], b"EST5EDT,M3.2.0,M11.1.0", version=b"4"),
        "v1-only": tzif(t, i, [LMT, STD, DST], None, version=b"\0"),
        "v2-no-transitions": tzif([], [], [STD], b"EST5"),
        "no-footer-text": tzif(t, i, [LMT, STD, DST], b""),
        "footer-missing": tzif(t, i, [LMT, STD, DST], None),
        "footer-unterminated": good[:-1],
        "footer-garbage": tzif(t, i, [LMT, STD, DST], b"\xff\xfe<<>>,,M13.9.9"),
        "footer-dst-all-year": tzif(t, i, [LMT, STD, DST], b"EST5EDT,0/0,J365/25"),
        "footer-extreme-times": tzif(t, i, [LMT, STD, DST], b"<+14>-14<+15>-15,M1.1.0/-167,M12.5.6/167"),
        "footer-extreme-offsets": tzif(t, i, [LMT, STD, DST], b"<-2459>24:59:59<+2459>-24:59:59,J1/0,J365/0"),
        "footer-julian": tzif(t, i, [LMT, STD, DST], b"AAA-1BBB,J60/2,J300/2"),
        "footer-zero-based": tzif(t, i, [LMT, STD, DST], b"AAA-1BBB,0/0,365/0"),
        "footer-same-offsets": tzif(t, i, [LMT, STD, DST], b"AAA5BBB5,M3.2.0,M11.1.0"),
        "footer-long": tzif(t, i, [LMT, STD, DST], b"A" * 5000),
        "huge-timecnt": header(b"2", 0, 0, 0, 0xFFFFFFFF, 1, 4) + b"\0" * 64,
        "huge-typecnt": header(b"2", 0, 0, 0, 0, 0xFFFFFFFF, 4) + b"\0" * 64,
        "huge-charcnt": header(b"2", 0, 0, 0, 0, 1, 0xFFFFFFFF) + b"\0" * 64,
        "huge-leapcnt": header(b"2", 0, 0, 0xFFFFFFFF, 0, 1, 4) + b"\0" * 64,
        "all-counts-max": header(b"2", *([0xFFFFFFFF] * 6)) + b"\0" * 64,
        "zero-types": tzif([], [], [], b"UTC0", counts={"type": 0}),
        "zero-chars": tzif([], [], [STD], b"UTC0", chars=b""),
        "bad-type-index": tzif(t, [1, 2, 9, 2, 1], [LMT, STD, DST], b"EST5EDT,M3.2.0,M11.1.0"),
        "bad-offset": tzif(t, i, [LMT, (2**31 - 1, 0, 4), DST], b"EST5"),
        "bad-dst-flag": tzif(t, i, [LMT, (-18000, 7, 4), DST], b"EST5"),
        "bad-designation": tzif(t, i, [LMT, (-18000, 0, 200), DST], b"EST5"),
        "times-not-ascending": tzif(list(reversed(t)), i, [LMT, STD, DST], b"EST5"),
        "times-equal": tzif([0, 0], [1, 2], [LMT, STD, DST], b"EST5"),
        "times-extreme": tzif([-(2**63), -(2**62), 2**62, 2**63 - 1], [1, 2, 1, 2], [LMT, STD, DST], b"EST5EDT"),
        "leaps": tzif(t, i, [LMT, STD, DST], b"EST5", leaps=[(78796800, 1), (94694401, 2), (126230402, 3)]),
        "leaps-descending": tzif(t, i, [LMT, STD, DST], b"EST5", leaps=[(94694401, 2), (78796800, 1)]),
        "leaps-huge-correction": tzif(t, i, [LMT, STD, DST], b"EST5", leaps=[(0, 2**31 - 1)]),
        "indicators": tzif(t, i, [LMT, STD, DST], b"EST5", isstd=[0, 1, 1], isut=[0, 1, 0]),
        "indicators-bad": tzif(t, i, [LMT, STD, DST], b"EST5", isstd=[0, 5, 1], isut=[1, 1, 1]),
        "indicators-count": tzif(t, i, [LMT, STD, DST], b"EST5", isstd=[0, 1]),
        "version-mismatch": good.replace(b"TZif2", b"TZif3", 2).replace(b"TZif3", b"TZif2", 1),
        "version-9": good.replace(b"TZif2", b"TZif9"),
        "version-1-ascii": good.replace(b"TZif2", b"TZif1"),
        "not-tzif": b"# version 2025b\nR Z 1 2 - Ja 1 0 0 -\n",
        "empty": b"",
        "magic-only": b"TZif",
    }
    for cut in (1, 5, 20, 43, 44, 45, 60, len(good) // 2, len(good) - 10, len(good) - 2):
        seeds[f"truncated-{cut}"] = good[:cut]
    return seeds


def main() -> int:
    if len(sys.argv) not in (2, 3):
        print(__doc__, file=sys.stderr)
        return 2
    out = Path(sys.argv[1])
    zoneinfo = Path(sys.argv[2] if len(sys.argv) == 3 else os.environ.get("TZDIR") or "/usr/share/zoneinfo")
    out.mkdir(parents=True, exist_ok=True)
    real = 0
    for zone in REAL_ZONES:
        src = zoneinfo / zone
        if src.is_file():
            shutil.copyfile(src, out / ("zone-" + zone.replace("/", "_")))
            real += 1
    made = hostile()
    for name, data in made.items():
        (out / ("made-" + name)).write_bytes(data)
    print(f"seed_tzif: {real} zone files from {zoneinfo} and {len(made)} made ones in {out}")
    return 0 if real > 0 else 1


if __name__ == "__main__":
    sys.exit(main())
