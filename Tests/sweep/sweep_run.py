#!/usr/bin/env python3
"""sweep_run.py — the Python runner of the label sweep (Tests/sweep/README.md):
every formatter of a plan (Tests/sweep/sweep_plan.py) labels every instant of
it through the feeddate package, one line per label, byte for byte what the C
runner (sweep_run.c) writes for the same library.

    python3 Tests/sweep/sweep_run.py PLAN OUT

Build tree: PYTHONPATH=bindings/python (the package finds build/lib, or
$FEEDDATE_LIBRARY). Elsewhere: the wheel or the .deb's python3-feeddate, with
nothing but `feeddate` and the standard library imported.

OUT gets "text<TAB>next_change_ms" ("-" when the label never changes) per
label, or "!error" when the formatter or the label fails; a summary goes to
stderr. Exit 0 after the sweep (whatever the labels), 2 on a usage, plan or
output error, as the C runner: the plan is read as strictly as its reader
(Tests/c/jsonl.c: integers only, no duplicate keys) and an option as strictly
as Tests/c/vector_options.c (a name or a value of the wrong type is the plan's
fault, not a label's).
"""

from __future__ import annotations

import ctypes
import json
import sys
from datetime import datetime, timedelta, timezone

import feeddate

EPOCH = datetime(1970, 1, 1, tzinfo=timezone.utc)
ONE_MS = timedelta(milliseconds=1)
INT64 = (-(2**63), 2**63 - 1)
INT32 = (-(2**31), 2**31 - 1)

# Every option a plan line may carry (the vectors' spelling, Tests/vectors/README.md)
# and what its value must be: a type, an int range, or the names of an enum. The
# names are Formatter's keywords, so a line's options are passed on as they are
# (as bindings/python/tests' formatter_for does).
OPTIONS = {
    "locale": str,
    "tz": str,
    "hour_cycle": ("locale", "h23", "h12"),
    "width": ("long", "short", "narrow"),
    "max_unit": ("year", "month", "week", "day", "hour", "minute", "second"),
    "recent_relative": bool,
    "countdown_days": bool,
    "plain_spaces": bool,
    "spoken": bool,
    "overtime": bool,
    "just_now_ms": INT64,
    "skew_tolerance_ms": INT64,
    "cross_year_grace_days": INT32,
    "weekday_window_days": INT32,
    "precision": INT32,
    "just_now_text": str,
    "yesterday_text": str,
    "day_before_yesterday_text": str,
    "tomorrow_text": str,
}


class PlanError(Exception):
    """The plan cannot be read, or OUT cannot be made: exit 2 with this message."""


def _no_float(text: str) -> None:
    raise ValueError(f"only integers are supported (no fraction or exponent): {text}")


def _no_constant(text: str) -> None:
    raise ValueError(f"unexpected {text}")


def _no_duplicates(pairs: list) -> dict:
    keys = [k for k, _ in pairs]
    if len(set(keys)) != len(keys):
        raise ValueError("duplicate key")
    return dict(pairs)


def _json(line: str) -> object:
    return json.loads(line, object_pairs_hook=_no_duplicates, parse_float=_no_float, parse_constant=_no_constant)


def _is_int(value: object, bounds: tuple = INT64) -> bool:
    return type(value) is int and bounds[0] <= value <= bounds[1]


def _is_text(value: object) -> bool:
    """A str the C reader would take: valid Unicode (no lone surrogate) without NUL."""
    if type(value) is not str or "\0" in value:
        return False
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _check_options(options: object) -> str:
    """Why a line's options are not what vector_options.c reads, or ""."""
    if type(options) is not dict:
        return "options missing or not an object"
    for name, value in options.items():
        want = OPTIONS.get(name)
        if want is None:
            return f"{name}: unknown option name"
        if want is bool:
            ok = type(value) is bool
        elif want is str:
            ok = _is_text(value)
        elif type(want[0]) is str:  # an enum: one of its names, as written
            ok = type(value) is str and value in want
        else:
            ok = _is_int(value, want)
        if not ok:
            return f"{name}: option value of the wrong type or unknown"
    return ""


def _instant(ms: int) -> object:
    """Epoch milliseconds as the binding's instant, exactly: epoch seconds as an int
    when whole, else an aware datetime. Not a float: ms / 1000 lies more than half a
    microsecond below ms for about half the milliseconds of years 1 and 9999, and
    SPEC 11's rule (1.3) reads such a float as the millisecond before."""
    return ms // 1000 if ms % 1000 == 0 else EPOCH + timedelta(milliseconds=ms)


def sweep(plan_path: str, out_path: str) -> tuple:
    """(formatters, labels, errors) of the sweep; PlanError or OSError when it cannot run."""
    try:
        with open(plan_path, "rb") as f:
            data = f.read()
    except OSError as exc:
        raise PlanError(f"{plan_path}: {exc.strerror or exc}") from None
    lines = data.split(b"\n")
    numbered = ((n, line) for n, line in enumerate(lines, 1) if line.strip(b" \t\r"))

    def parse(n: int, raw: bytes) -> object:
        try:
            return _json(raw.decode("utf-8"))
        except (UnicodeDecodeError, ValueError, RecursionError) as exc:
            raise PlanError(f"{plan_path}, line {n}: a malformed plan line: {exc}") from None

    first = next(numbered, None)
    if first is None:
        raise PlanError(f"the plan has no header line: {plan_path}")
    header = parse(*first)
    ts = header.get("t_ms") if type(header) is dict else None
    if (
        type(header) is not dict
        or header.get("sweep") != 1
        or type(header.get("sweep")) is not int
        or not _is_int(header.get("now_ms"))
        or type(ts) is not list
    ):
        raise PlanError(f'the plan\'s header is not {{"sweep": 1, "now_ms": ..., "t_ms": [...]}}: {plan_path}')
    if not all(_is_int(t) for t in ts):
        raise PlanError(f"t_ms holds something other than integers: {plan_path}")
    now = _instant(header["now_ms"])
    instants = [_instant(t) for t in ts]

    formatters = labels = errors = 0
    try:
        out = open(out_path, "w", encoding="utf-8", newline="\n", buffering=1 << 20)
    except OSError as exc:
        raise PlanError(f"{out_path}: {exc.strerror or exc}") from None
    with out:
        write = out.write
        for n, raw in numbered:
            line = parse(n, raw)
            style = line.get("style") if type(line) is dict else None
            if type(style) is not str:
                raise PlanError(f"a plan line without a style: {plan_path}, line {n}")
            options = line.get("options")
            why = "unknown style" if style not in feeddate.STYLES else _check_options(options)
            if why:
                raise PlanError(f"{plan_path}, line {n}: {why}")
            formatters += 1
            labels += len(instants)
            try:
                f = feeddate.Formatter(style, **options)
            except feeddate.Error:
                errors += len(instants)
                write("!error\n" * len(instants))
                continue
            label = f.label
            text = []
            for t in instants:
                try:
                    got = label(t, now)
                except feeddate.Error:
                    errors += 1
                    text.append("!error\n")
                    continue
                change = got.next_change
                text.append(f"{got.text}\t{'-' if change is None else (change - EPOCH) // ONE_MS}\n")
            write("".join(text))
    return formatters, labels, errors


class _DlInfo(ctypes.Structure):
    _fields_ = [
        ("dli_fname", ctypes.c_char_p),
        ("dli_fbase", ctypes.c_void_p),
        ("dli_sname", ctypes.c_char_p),
        ("dli_saddr", ctypes.c_void_p),
    ]


def library_file() -> str:
    """The file the library was mapped from, as the C runner names it (dladdr of one of its
    functions): feeddate.library_path is a bare "libfeeddate.so.1" when the system's was
    loaded (the .deb's python3-feeddate). Opening that name again gives the library already
    loaded. Else library_path as it is."""
    try:
        function = ctypes.CDLL(feeddate.library_path).fd_version
        info = _DlInfo()
        if ctypes.CDLL(None).dladdr(ctypes.cast(function, ctypes.c_void_p), ctypes.byref(info)) and info.dli_fname:
            return info.dli_fname.decode(errors="replace")
    except (OSError, AttributeError):
        pass
    return str(feeddate.library_path)


def main(argv: list) -> int:
    if len(argv) != 3:
        print("sweep_run (python): usage: sweep_run.py PLAN OUT", file=sys.stderr)
        return 2
    try:
        formatters, labels, errors = sweep(argv[1], argv[2])
    except PlanError as exc:
        print(f"sweep_run (python): {exc}", file=sys.stderr)
        return 2
    except OSError as exc:  # writing OUT
        print(f"sweep_run (python): {argv[2]}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    print(
        f"sweep_run (python): {library_file()} (library {feeddate.library_version()}, "
        f"{feeddate.data_version()}): {formatters} formatters, {labels} labels, {errors} errors",
        file=sys.stderr,
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
