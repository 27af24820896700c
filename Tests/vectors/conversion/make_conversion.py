#!/usr/bin/env python3
"""Writes conversion-1.3.jsonl (SPEC 11, "Instants and durations in a
language's own types (1.3)"): the rule's expected milliseconds are worked out
here in exact arithmetic, and the labels and wire forms of the schedule and
label cases come from the library through whole milliseconds (the Python
binding's int/datetime paths, which no conversion touches).

    PYTHONPATH=bindings/python python3 Tests/vectors/conversion/make_conversion.py \
        > Tests/vectors/conversion/conversion-1.3.jsonl
"""

import json
import math
from datetime import datetime, timedelta, timezone
from fractions import Fraction

import feeddate

EPOCH = datetime(1970, 1, 1, tzinfo=timezone.utc)
REF_MS = 978_307_200_000  # 2001-01-01T00:00:00Z
MIN_MS, MAX_MS = -62_135_596_800_000, 253_402_300_799_999
DAY = 86_400_000


def floor_ms_exact(ns: Fraction) -> int:
    """Exact types: floored."""
    return (ns // 1_000_000).__int__()


def float_ms(value: float, unit_ms: Fraction) -> int:
    """Binary floating point: the exact value rounded to the nearest
    microsecond (halves never decide the millisecond of a binary float), then
    floored to the millisecond."""
    us = Fraction(value) * unit_ms * 1000
    return (round(us)) // 1000


def iso(ns: int) -> str:
    """ISO 8601 UTC with as many fraction digits as ns needs (up to 9)."""
    s, frac = divmod(ns, 10**9)
    dt = EPOCH + timedelta(seconds=s)
    text = dt.strftime("%Y-%m-%dT%H:%M:%S").rjust(19, "0")
    digits = f"{frac:09d}".rstrip("0")
    return text + ("." + digits if digits else "") + "Z"


def instant_forms(ns: int, floats: bool = True) -> dict:
    """The forms of an instant given in nanoseconds since 1970: exact (iso) and
    the float types (the double nearest to the value, as a caller's own
    arithmetic would give it)."""
    out = {"iso": iso(ns)}
    if floats:
        out["seconds"] = float(Fraction(ns, 10**9))
        out["millis"] = float(Fraction(ns, 10**6))
        out["since_2001"] = float(Fraction(ns, 10**9) - REF_MS // 1000)
    return out


def built_ms(value: float, since_2001: bool = False):
    """The whole millisecond m whose usual float of seconds is exactly ``value``
    (Python's m / 1000; Swift's Date(timeIntervalSince1970: Double(m) / 1000),
    whose seconds since 2001 are Double(m) / 1000 - 978307200), or None.
    Candidates: the integers nearest to the exact value * 1000 (since 1970)."""
    exact = Fraction(value) * 1000 + (REF_MS if since_2001 else 0)
    for m in (round(exact) - 1, round(exact), round(exact) + 1):
        built = m / 1000 - REF_MS / 1000 if since_2001 else m / 1000
        if built == value:
            return m
    return None


def seconds_ms(value: float, since_2001: bool = False) -> int:
    """SPEC 11's rule for a float of seconds as its intent reads (docs/DESIGN.md):
    the usual float of a whole millisecond m is m; any other float follows the
    rule's letter (to the microsecond, then floored)."""
    m = built_ms(value, since_2001)
    if m is not None:
        return m
    return float_ms(value, Fraction(1000)) + (REF_MS if since_2001 else 0)


def expect_instant(forms: dict) -> dict:
    """The rule's milliseconds of each form."""
    exp = {}
    for k, v in forms.items():
        if k == "iso":
            exp[k] = None
        elif k == "seconds":
            exp[k] = seconds_ms(v)
        elif k == "millis":
            exp[k] = float_ms(v, Fraction(1))  # a whole ms m is m by the letter too
        elif k == "since_2001":
            exp[k] = seconds_ms(v, since_2001=True)
    return exp


def iso_ns(text: str) -> int:
    date, frac = text.rstrip("Z"), "0"
    if "." in date:
        date, frac = date.split(".")
    dt = datetime.strptime(date, "%Y-%m-%dT%H:%M:%S").replace(tzinfo=timezone.utc)
    return (dt - EPOCH) // timedelta(seconds=1) * 10**9 + int(frac.ljust(9, "0"))


lines = []


def instant(note, ns, floats=True, extra=None):
    forms = instant_forms(ns, floats)
    if extra:
        forms.update(extra)
    exp = expect_instant(forms)
    exp["iso"] = floor_ms_exact(Fraction(iso_ns(forms["iso"])))
    for k, v in forms.items():
        lines.append({"case": "instant", k: v, "expect_ms": exp[k], "note": note})


def horizon(note, ns, floats=True, message=None):
    forms = {"nanos": ns}
    if floats:
        forms["seconds"] = float(Fraction(ns, 10**9))
        forms["millis"] = float(Fraction(ns, 10**6))
    for k, v in forms.items():
        ms = (
            floor_ms_exact(Fraction(v))
            if k == "nanos"
            else seconds_ms(v)
            if k == "seconds"
            else float_ms(v, Fraction(1))
        )
        line = {"case": "horizon", k: v, "expect_ms": ms, "note": note}
        lines.append(line)


# Sub-millisecond instants before and after 1970 and 2001.
for base, name in ((0, "1970"), (REF_MS * 10**6, "2001")):
    for off_us, what in (
        (62_500, "62.5 ms after"),
        (400, "0.4 ms after"),
        (-400, "0.4 ms before"),
        (-62_500, "62.5 ms before"),
        (-500, "half a ms before"),
        (500, "half a ms after"),
    ):
        instant(f"{what} {name}", base + off_us * 1000)
# Exact types floor; floats within half a microsecond below a millisecond are that millisecond.
instant("0.4 us below 1970's first ms: exact types floor (0), floats round to the us first (1)", 999_600)
instant("0.6 us below 1970's first ms: 999.4 us, 0 in every type", 999_400)
instant("0.4 us before 1970: -1 exact, 0 as a float (rounded to the us first)", -400)

# Whole-millisecond round trips through each float type.
for ms, name in (
    (0, "1970"),
    (1, "1970"),
    (-1, "1970"),
    (999, "1970"),
    (-999, "1970"),
    (REF_MS, "2001"),
    (REF_MS - 1, "2001"),
    (REF_MS + 1, "2001"),
    (1_711_348_200_123, "2024"),
    (1_711_348_199_999, "2024"),
    (MIN_MS, "year 1"),
    (MIN_MS + 1, "year 1"),
    (MIN_MS + 999, "year 1"),
    (MAX_MS, "year 9999"),
    (MAX_MS - 1, "year 9999"),
    (MAX_MS - 998, "year 9999"),
):
    s = ms / 1000  # the caller's own double: ms / 1000
    forms = {
        "iso": iso(ms * 10**6),
        "seconds": s,
        "millis": float(ms),
        "since_2001": s - REF_MS / 1000,
    }  # Date(timeIntervalSince1970: Double(ms) / 1000)
    exp = expect_instant(forms)
    exp["iso"] = ms
    for k, v in forms.items():
        note = f"round trip of a whole ms, {name}"
        if (
            k != "iso"
            and float_ms(v, Fraction(1000) if k != "millis" else Fraction(1)) + (REF_MS if k == "since_2001" else 0)
            != ms
        ):
            note += (
                ": this float lies more than half a microsecond below the ms (the rule's letter reads "
                f"{ms - 1}), but it is the usual float of {ms}, so it is {ms}"
            )
        assert exp[k] == ms, (k, v)
        lines.append({"case": "instant", k: v, "expect_ms": exp[k], "round_trip": True, "note": note})

# Floats a few steps from the usual float of a whole ms are no construction of one: the rule's letter.
for ms, name in ((MAX_MS, "year 9999"), (MAX_MS - 1, "year 9999"), (MIN_MS + 1, "year 1"), (1_711_348_200_123, "2024")):
    s = ms / 1000
    for steps in (-2, -1, 1):
        v = s
        for _ in range(abs(steps)):
            v = math.nextafter(v, math.inf if steps > 0 else -math.inf)
        assert built_ms(v) is None
        exp = seconds_ms(v)
        assert exp == float_ms(v, Fraction(1000))
        lines.append(
            {
                "case": "instant",
                "seconds": v,
                "expect_ms": exp,
                "note": f"{steps:+d} step(s) of the doubles from {ms} / 1000, {name}: "
                f"no whole ms's float, so to the microsecond, then floored ({exp})",
            }
        )
        d = s - REF_MS / 1000
        for _ in range(abs(steps)):
            d = math.nextafter(d, math.inf if steps > 0 else -math.inf)
        assert built_ms(d, True) is None
        exp = seconds_ms(d, True)
        lines.append(
            {
                "case": "instant",
                "since_2001": d,
                "expect_ms": exp,
                "note": f"{steps:+d} step(s) of the doubles from Date(timeIntervalSince1970: {ms} / 1000), "
                f"{name}: no whole ms's Date, so to the microsecond, then floored ({exp})",
            }
        )

# Horizons.
for ns, note in (
    (1_000_400_000, "1000.4 ms"),
    (1_000_900_000, "1000.9 ms"),
    (1_000_500_000, "1000.5 ms"),
    (999_999_600, "999.9996 ms: 999 exact, 1000 as a float"),
    (400_000, "0.4 ms"),
    (86_400_000 * 10**6, "the default, one day"),
    (31_622_400_000 * 10**6 + 400_000, "366 days + 0.4 ms: 366 days, accepted"),
    (-400_000, "-0.4 ms: -1 ms, the library refuses it"),
):
    horizon(note, ns)

# Schedules: RELATIVE en_US, t = now - 59 s, fractional horizons.
NOW = 1_711_348_200_000
rel = feeddate.Formatter("relative", locale="en_US", tz="UTC")


def wire(f, t_ms, now_ms, h_ms, m=1000):
    return f.schedule(
        EPOCH + timedelta(milliseconds=t_ms),
        EPOCH + timedelta(milliseconds=now_ms),
        horizon=timedelta(milliseconds=h_ms),
        max_entries=m,
    ).to_json()


def hforms(ns):
    return {"nanos": ns, "seconds": float(Fraction(ns, 10**9)), "millis": float(Fraction(ns, 10**6))}


for ns in (
    1_000_400_000,
    1_000_900_000,
    1_000_500_000,
    999_999_600,
    61_000_400_000,
    60_999_999_600,
    31_622_400_000 * 10**6 + 400_000,
):
    hf = hforms(ns)
    for k, v in hf.items():
        h = (
            floor_ms_exact(Fraction(v))
            if k == "nanos"
            else seconds_ms(v)
            if k == "seconds"
            else float_ms(v, Fraction(1))
        )
        lines.append(
            {
                "case": "schedule",
                "style": "relative",
                "options": {"locale": "en_US", "tz": "UTC"},
                "t": {"iso": iso((NOW - 59_000) * 10**6)},
                "now": {"iso": iso(NOW * 10**6)},
                "horizon": {k: v},
                "max_entries": 1000,
                "t_ms": NOW - 59_000,
                "now_ms": NOW,
                "horizon_ms": h,
                "json": wire(rel, NOW - 59_000, NOW, h),
                "note": f"horizon {ns / 1e6} ms as {k}",
            }
        )

# Labels and schedules of instants just before midnight (chat_list, en_US, America/New_York).
chat = feeddate.Formatter("chat_list", locale="en_US", tz="America/New_York")
MIDNIGHT = 1_711_339_200_000  # 2024-03-25T00:00:00-04:00
for off_us, what in (
    (-500, "half a ms before midnight"),
    (-400, "0.4 ms before midnight"),
    (-1, "1 us before midnight"),
    (500, "half a ms after midnight"),
):
    ns = MIDNIGHT * 10**6 + off_us * 1000
    forms = instant_forms(ns)
    exp = expect_instant(forms)
    exp["iso"] = floor_ms_exact(Fraction(ns))
    now_ms = MIDNIGHT + 10 * 3_600_000
    for k, v in forms.items():
        t_ms = exp[k]
        text = chat.format(EPOCH + timedelta(milliseconds=t_ms), EPOCH + timedelta(milliseconds=now_ms))
        lines.append(
            {
                "case": "label",
                "style": "chat_list",
                "options": {"locale": "en_US", "tz": "America/New_York"},
                "t": {k: v},
                "now": {"iso": iso(now_ms * 10**6)},
                "t_ms": t_ms,
                "now_ms": now_ms,
                "text": text,
                "note": f"{what} (t_ms {t_ms})",
            }
        )
        lines.append(
            {
                "case": "schedule",
                "style": "chat_list",
                "options": {"locale": "en_US", "tz": "America/New_York"},
                "t": {k: v},
                "now": {"iso": iso(now_ms * 10**6)},
                "horizon": {"nanos": 2 * DAY * 10**6},
                "max_entries": 1000,
                "t_ms": t_ms,
                "now_ms": now_ms,
                "horizon_ms": 2 * DAY,
                "json": wire(chat, t_ms, now_ms, 2 * DAY),
                "note": f"{what}, its schedule",
            }
        )
    # ... and as now: the label of t = 23:00 the day before, seen from just before midnight.
    t_ms = MIDNIGHT - 3_600_000
    for k, v in forms.items():
        text = chat.format(EPOCH + timedelta(milliseconds=t_ms), EPOCH + timedelta(milliseconds=exp[k]))
        lines.append(
            {
                "case": "label",
                "style": "chat_list",
                "options": {"locale": "en_US", "tz": "America/New_York"},
                "t": {"iso": iso(t_ms * 10**6)},
                "now": {k: v},
                "t_ms": t_ms,
                "now_ms": exp[k],
                "text": text,
                "note": f"now {what} (now_ms {exp[k]})",
            }
        )

for line in lines:
    print(json.dumps(line, ensure_ascii=False))
