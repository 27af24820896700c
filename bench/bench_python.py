#!/usr/bin/env python3
"""make bench-python: the Python binding against babel, humanize and arrow.

Every figure is measured in this one process, on the same instants as
bench/bench.c (its xorshift generator and seed: 70% within the last week,
the rest spread over five years, now fixed at 2024-03-25T06:30Z), and printed
next to its baselines:

- ``Formatter.format`` per call (int epoch seconds, float seconds, an aware
  datetime) and ``Formatter.label``;
- ``Formatter.format_many`` per label, end to end (a list of Python str out),
  from a list of int seconds (pure Python: numpy hidden from the binding for
  the call, as in a process that never imported it; then with numpy loaded)
  and from a numpy int64 array of milliseconds, for a 50-item feed page, a
  batch of 10,000 and a batch of N;
- floors: a no-op ctypes call (``fd_version()``), the bare ctypes call of
  ``fd_format`` that ``format`` makes (arguments ready, no Python around it),
  and ``fd_format_many`` itself per label (no Python str made);
- babel ``format_timedelta`` and ``format_skeleton("MMMd")``, humanize
  ``naturaltime`` and arrow ``Arrow.humanize``, each given its natural input
  (aware datetimes, an Arrow, a babel Locale) built before the clock starts.
  Missing ones are installed with pip (``--no-install`` to skip); if that
  fails their rows say "not installed" and the rest still runs.

Timing is round-robin: every row is timed once per round (R rounds), so that
all rows see the same mix of quiet and busy moments on a shared machine, and
each keeps its best. Per-call rows are timed in chunks of 1,000 calls, each
chunk keeping its own best. Results go to --json (``make bench`` passes
build/bench_python.json and merges it with the C figures into
bench/results.json).

Usage: bench_python.py [--n N] [--calls C] [--reps R] [--json PATH] [--no-install] [--quick]
"""

from __future__ import annotations

import argparse
import array
import ctypes
import gc
import importlib
import json
import os
import platform
import subprocess
import sys
import time
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "bindings" / "python"))

import feeddate  # noqa: E402
from feeddate import _ffi  # noqa: E402

NOW_MS = 1711348200000  # 2024-03-25T06:30Z, as in bench.c
WHERE = (("zh_CN", "Asia/Shanghai"), ("en_US", "America/New_York"))
PAGE = 50  # a feed page
MID = 10000  # a mid-size batch (a notification fan-out chunk, a page of a data job)
CHUNK = 1000  # calls per timed chunk
BASELINES = ("babel format_timedelta", "babel format_skeleton", "humanize naturaltime", "arrow humanize")
TARGET_FORMAT_NS = 1000.0  # Formatter.format at most 1 us per call
TARGET_MANY_PER_S = 5e6  # format_many at least 5 million labels/s end to end
TARGET_MANY_VS_BABEL = 50.0  # ... and at least 50 times babel


def instants(n: int) -> List[int]:
    """bench.c's instants in milliseconds: the same generator, seed and mix."""
    mask = (1 << 64) - 1
    state = 88172645463325252

    def rand() -> int:
        nonlocal state
        state ^= (state << 13) & mask
        state ^= state >> 7
        state ^= (state << 17) & mask
        return state

    out = []
    for _ in range(n):
        r = rand()
        back = rand() % (7 * 86400000) if r % 10 < 7 else rand() % (5 * 365 * 86400000)
        out.append(NOW_MS - back)
    return out


# ---- timing ------------------------------------------------------------------------


class Job:
    """One row of the table, timed once per round; its best time is kept."""

    name: str
    note: str

    def run_once(self) -> None:
        raise NotImplementedError

    def result(self) -> float:
        raise NotImplementedError


class PerCall(Job):
    """ns per item of a loop over items: the items are cut into chunks of CHUNK
    calls, each chunk is timed once per round and its best time kept."""

    def __init__(self, name: str, loop: Callable[[Sequence[Any]], None], items: Sequence[Any], note: str = "",
                 setup: Callable[[], Any] = lambda: None, teardown: Callable[[], Any] = lambda: None) -> None:
        self.name, self.loop, self.note, self.count = name, loop, note, len(items)
        self.setup, self.teardown = setup, teardown  # run outside the clock
        self.chunks = [items[i : i + CHUNK] for i in range(0, len(items), CHUNK)]
        self.best = [float("inf")] * len(self.chunks)

    def run_once(self) -> None:
        gc.collect()
        loop, best = self.loop, self.best
        self.setup()
        try:
            for j, chunk in enumerate(self.chunks):
                t0 = time.perf_counter_ns()
                loop(chunk)
                best[j] = min(best[j], time.perf_counter_ns() - t0)
        finally:
            self.teardown()

    def result(self) -> float:
        return sum(self.best) / self.count


class PerBatch(Job):
    """ns per label of one call over n labels, best of all calls (small batches
    are called several times per round: about 2 ms of work or more)."""

    def __init__(self, name: str, call: Callable[[], Any], n: int, reps: int, note: str = "") -> None:
        self.name, self.call, self.n, self.note = name, call, n, note
        self.inner = max(1, min(400, 200000 // max(n, 1) // max(reps, 1)))
        self.best = float("inf")

    def run_once(self) -> None:
        gc.collect()
        call = self.call
        for _ in range(self.inner):
            t0 = time.perf_counter_ns()
            call()
            self.best = min(self.best, time.perf_counter_ns() - t0)

    def result(self) -> float:
        return self.best / self.n


def without_numpy(call: Callable[[], Any]) -> Callable[[], Any]:
    """call with numpy hidden from sys.modules: the binding then takes its
    pure-Python path, as in a process that never imported numpy."""

    def run() -> Any:
        np = sys.modules.pop("numpy", None)
        try:
            return call()
        finally:
            if np is not None:
                sys.modules["numpy"] = np

    return run


def sizes(n: int) -> List[int]:
    """Batch sizes for format_many: a feed page, a mid-size batch, n."""
    return sorted({PAGE, min(MID, n), n})


# ---- baselines ---------------------------------------------------------------------


def ensure(module: str, package: str, install: bool) -> Optional[Any]:
    """The module, installed with pip on demand; None (and a message) if it can't be."""
    try:
        return importlib.import_module(module)
    except ImportError:
        pass
    if not install:
        print(f"bench-python: {package} is not installed (--no-install): its rows say 'not installed'")
        return None
    print(f"bench-python: {package} is not installed; installing it with pip for the comparison ...", flush=True)
    base = [sys.executable, "-m", "pip", "install", "--quiet", "--disable-pip-version-check", package]
    for command in (base, base + ["--break-system-packages"]):
        try:
            done = subprocess.run(command, capture_output=True, text=True, timeout=300)
        except (OSError, subprocess.TimeoutExpired) as exc:
            print(f"bench-python: pip failed: {exc}")
            continue
        if done.returncode == 0:
            break
    importlib.invalidate_caches()
    try:
        return importlib.import_module(module)
    except ImportError:
        print(f"bench-python: could not install {package} (run: {sys.executable} -m pip install {package}); "
              "its rows say 'not installed'")
        return None


def version_of(dist: str) -> str:
    try:
        from importlib.metadata import version

        return version(dist)
    except Exception:
        return "not installed"


def baseline_loops(mods: Dict[str, Any], locale: str, zone: str, now: datetime) -> Dict[str, Tuple[Callable, Callable]]:
    """name -> (prepare(list of ms) -> inputs, loop(inputs)) for each installed baseline."""
    import zoneinfo

    out: Dict[str, Tuple[Callable, Callable]] = {}
    to_dt = lambda ms_list: [datetime.fromtimestamp(ms / 1000, timezone.utc) for ms in ms_list]  # noqa: E731
    babel_dates = mods.get("babel.dates")
    if babel_dates is not None:
        loc = mods["babel"].Locale.parse(locale)
        tz = zoneinfo.ZoneInfo(zone)
        format_timedelta, format_skeleton = babel_dates.format_timedelta, babel_dates.format_skeleton

        def babel_td(items: Sequence[datetime]) -> None:
            for t in items:
                format_timedelta(t - now, add_direction=True, locale=loc)

        def babel_sk(items: Sequence[datetime]) -> None:
            for t in items:
                format_skeleton("MMMd", t, tzinfo=tz, locale=loc)

        out["babel format_timedelta"] = (to_dt, babel_td)
        out["babel format_skeleton"] = (to_dt, babel_sk)
    humanize = mods.get("humanize")
    if humanize is not None:
        naturaltime = humanize.naturaltime

        def human(items: Sequence[datetime]) -> None:
            for t in items:
                naturaltime(t, when=now)

        out["humanize naturaltime"] = (to_dt, human)
    arrow = mods.get("arrow")
    if arrow is not None:
        now_a = arrow.Arrow.fromdatetime(now)
        arrow_locale = locale.replace("_", "-").lower()

        def arrows(ms_list: Sequence[int]) -> List[Any]:
            return [arrow.Arrow.fromdatetime(t) for t in to_dt(ms_list)]

        def arrow_h(items: Sequence[Any]) -> None:
            for a in items:
                a.humanize(now_a, locale=arrow_locale)

        out["arrow humanize"] = (arrows, arrow_h)
    return out


def humanize_translation(humanize: Any, locale: str) -> Tuple[Callable[[], Any], bool]:
    """A setup function that switches humanize's (process-wide) translation to
    locale, and whether it has one (English needs none; without one: English)."""
    if locale.startswith("en"):
        return humanize.i18n.deactivate, True
    try:
        humanize.i18n.activate(locale)
    except Exception:
        return humanize.i18n.deactivate, False
    finally:
        humanize.i18n.deactivate()
    return lambda: humanize.i18n.activate(locale), True


# ---- feeddate ----------------------------------------------------------------------


def format_loop(f: feeddate.Formatter, now: Any) -> Callable[[Sequence[Any]], None]:
    fmt = f.format

    def loop(items: Sequence[Any]) -> None:
        for t in items:
            fmt(t, now)

    return loop


def label_loop(f: feeddate.Formatter, now: Any) -> Callable[[Sequence[Any]], None]:
    lab = f.label

    def loop(items: Sequence[Any]) -> None:
        for t in items:
            lab(t, now)

    return loop


def empty_loop(items: Sequence[Any]) -> None:
    for _ in items:
        pass


def noop_ctypes_loop(items: Sequence[Any]) -> None:
    version = _ffi.fd_version
    for _ in items:
        version()


def bare_fd_format_loop(f: feeddate.Formatter) -> Callable[[Sequence[int]], None]:
    """The ctypes call Formatter.format makes, with nothing around it but the loop:
    the handle, buffer, capacity and a repeated now as ready arguments, t in a
    c_int64 box set per call (see _ffi.fd_format)."""
    call = _ffi.fd_format
    handle = _ffi.ready(_ffi.fd_formatter_p, f._handle.value)  # noqa: SLF001 - a floor measurement
    buf = ctypes.create_string_buffer(_ffi.FD_LABEL_CAPACITY)
    buf_p = ctypes.byref(buf)
    cap = _ffi.ready(ctypes.c_size_t, _ffi.FD_LABEL_CAPACITY)
    t_box, now_arg = ctypes.c_int64(), _ffi.ready(ctypes.c_int64, NOW_MS)

    def loop(items: Sequence[int]) -> None:
        for t in items:
            t_box.value = t
            call(handle, t_box, now_arg, buf_p, cap, None)

    return loop


def c_many(f: feeddate.Formatter, ms: Sequence[int]) -> Callable[[], int]:
    """fd_format_many alone over ms: no Python str made."""
    n = len(ms)
    keep = array.array("q", ms)
    ends = array.array(feeddate._formatter._SIZE_T_CODE, [0]) * n  # noqa: SLF001
    cap = 64 * n + 1
    buf = ctypes.create_string_buffer(cap)
    call, handle = _ffi.fd_format_many, f._handle  # noqa: SLF001
    t_at, ends_at = keep.buffer_info()[0], ends.buffer_info()[0]

    def run() -> int:
        assert keep and ends  # the closure keeps both arrays alive: C gets their addresses
        status: int = call(handle, t_at, n, NOW_MS, buf, cap, ends_at, None)
        if status:
            raise RuntimeError(f"fd_format_many: status {status}")
        return status

    return run


# ---- the run -----------------------------------------------------------------------


class Table:
    def __init__(self) -> None:
        self.rows: List[Dict[str, Any]] = []

    def add(self, locale: str, name: str, ns: Optional[float], note: str = "") -> None:
        self.rows.append({"locale": locale, "name": name, "ns_per_label": ns, "note": note})

    def get(self, locale: str, name: str) -> Optional[float]:
        for row in self.rows:
            if row["locale"] == locale and row["name"] == name:
                return row["ns_per_label"]  # type: ignore[no-any-return]
        return None


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--n", type=int, default=int(os.environ.get("BENCH_N") or 200000),
                        help="labels per format_many batch (default 200000, or $BENCH_N)")
    parser.add_argument("--calls", type=int, default=20000, help="instants for the per-call rows (default 20000)")
    parser.add_argument("--reps", type=int, default=7, help="rounds; each row keeps its best (default 7)")
    parser.add_argument("--json", default=str(HERE.parent / "build" / "bench_python.json"), help="where to write the results")
    parser.add_argument("--no-install", action="store_true", help="never pip install a missing baseline")
    parser.add_argument("--quick", action="store_true", help="a smoke run: small sizes, 2 repetitions")
    args = parser.parse_args()
    if args.quick:
        args.n, args.calls, args.reps = min(args.n, 2000), min(args.calls, 2000), 2
    n, reps = max(args.n, PAGE), max(args.reps, 1)
    calls = min(args.calls, n)
    install = not args.no_install and not os.environ.get("FEEDDATE_BENCH_NO_INSTALL")

    mods: Dict[str, Any] = {}
    for module, package in (("babel", "babel"), ("humanize", "humanize"), ("arrow", "arrow")):
        mod = ensure(module, package, install)
        if mod is not None:
            mods[module] = mod
    if "babel" in mods:
        mods["babel.dates"] = importlib.import_module("babel.dates")

    cores = os.cpu_count() or 0
    usable = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else cores
    versions = {
        "python": platform.python_version(),
        "feeddate": feeddate.__version__,
        "libfeeddate": feeddate.library_version(),
        "babel": version_of("babel"),
        "humanize": version_of("humanize"),
        "arrow": version_of("arrow"),
        "numpy": version_of("numpy"),
    }
    print(f"cores: {cores} ({usable} usable by this process); one thread measured")
    print("versions: " + ", ".join(f"{k} {v}" for k, v in versions.items()))
    print(f"instants: bench.c's mix, now = 2024-03-25T06:30Z; per-call rows over {calls}, "
          f"format_many batches of {', '.join(map(str, sizes(n)))}; best of {reps}\n")

    ms_all = instants(n)
    seconds = [ms // 1000 for ms in ms_all]  # int epoch seconds: what most Python callers have
    ms_whole = [s * 1000 for s in seconds]  # the same instants in ms, for numpy and the C floor
    now_s = NOW_MS // 1000
    now_dt = datetime.fromtimestamp(now_s, timezone.utc)
    try:
        import numpy as np
    except ImportError:
        np = None
        print("bench-python: numpy is not installed: no numpy rows\n")
    table = Table()

    for locale, zone in WHERE:
        feed = feeddate.Formatter("feed", locale=locale, tz=zone)
        rel = feeddate.Formatter("relative", locale=locale, tz=zone)
        call_s = seconds[:calls]
        expected = [feed.format(t, now_s) for t in call_s[:2000]]
        checks = [feed.format_many(call_s[:2000], now_s), without_numpy(lambda: feed.format_many(call_s[:2000], now_s))()]
        if np is not None:
            checks.append(feed.format_many(np.array(ms_whole[:2000], dtype=np.int64), now_s, unit="ms"))
        if any(labels != expected for labels in checks):
            print("bench-python: format_many differs from format: the results would mean nothing")
            return 1
        for f in (feed, rel):  # warm: the library fills its text tables on first use
            f.format_many(seconds, now_s)

        jobs: List[Job] = [
            PerCall("floor: empty Python loop", empty_loop, call_s),
            PerCall("floor: no-op ctypes call fd_version()", noop_ctypes_loop, call_s),
            PerCall("floor: bare ctypes fd_format call, FEED", bare_fd_format_loop(feed), ms_whole[:calls]),
            PerBatch("floor: fd_format_many in C per label, FEED", c_many(feed, ms_whole), n, reps),
            PerCall("format(int s), FEED", format_loop(feed, now_s), call_s),
            PerCall("format(float s), FEED", format_loop(feed, now_s), [t + 0.25 for t in call_s]),
            PerCall("format(datetime), FEED", format_loop(feed, now_dt),
                    [datetime.fromtimestamp(t, timezone.utc) for t in call_s]),
            PerCall("label(int s), FEED", label_loop(feed, now_s), call_s),
            PerCall("format(int s), RELATIVE", format_loop(rel, now_s), call_s),
        ]
        # format_many: without numpy (hidden from the binding for the call), with it, on an ndarray.
        for size in sizes(n):
            part = seconds[:size]
            jobs.append(PerBatch(f"format_many(list[int]) x{size}, FEED",
                                 without_numpy(lambda f=feed, p=part: f.format_many(p, now_s)), size, reps,
                                 "pure Python: numpy hidden"))
        jobs.append(PerBatch(f"format_many(list[int]) x{n}, RELATIVE",
                             without_numpy(lambda: rel.format_many(seconds, now_s)), n, reps, "pure Python: numpy hidden"))
        if np is not None:
            arr = np.array(ms_whole, dtype=np.int64)
            for size in sizes(n)[1:]:
                part = seconds[:size]
                jobs.append(PerBatch(f"format_many(list[int]) x{size}, FEED, numpy loaded",
                                     lambda f=feed, p=part: f.format_many(p, now_s), size, reps))
            for size in sizes(n):
                part_a = arr[:size]
                jobs.append(PerBatch(f"format_many(int64 ndarray) x{size}, FEED",
                                     lambda f=feed, p=part_a: f.format_many(p, now_s, unit="ms"), size, reps))
            jobs.append(PerBatch(f"format_many(int64 ndarray) x{n}, RELATIVE",
                                 lambda: rel.format_many(arr, now_s, unit="ms"), n, reps))
        # The baselines, on the same instants as the per-call rows.
        loops = baseline_loops(mods, locale, zone, now_dt)
        missing: List[str] = []
        for name in BASELINES:
            if name not in loops:
                missing.append(name)
                continue
            prepare, loop = loops[name]
            if name.startswith("humanize"):
                setup, ok = humanize_translation(mods["humanize"], locale)
                jobs.append(PerCall(name, loop, prepare(ms_whole[:calls]), "" if ok else "no translation: English",
                                    setup, mods["humanize"].i18n.deactivate))
            else:
                jobs.append(PerCall(name, loop, prepare(ms_whole[:calls])))

        # Round-robin: every row is timed once per round, so that all of them
        # see the same mix of quiet and busy moments on a shared machine.
        for rep in range(reps):
            for i in range(len(jobs)):
                jobs[(i + rep) % len(jobs)].run_once()
        for job in jobs:
            table.add(locale, job.name, job.result(), job.note)
        for name in missing:
            table.add(locale, name, None)  # printed as "not installed"

    report(table, cores, usable, versions, n, calls, reps, args.json)
    return 0


def fmt_ns(ns: Optional[float]) -> str:
    if ns is None:
        return "not installed"
    return f"{ns:,.0f} ns" if ns >= 10 else f"{ns:.1f} ns"


def report(table: Table, cores: int, usable: int, versions: Dict[str, str], n: int, calls: int, reps: int,
           path: str) -> None:
    short = {"babel format_timedelta": "babel td", "babel format_skeleton": "babel skel",
             "humanize naturaltime": "humanize", "arrow humanize": "arrow"}
    checks: List[Dict[str, Any]] = []
    for locale, zone in WHERE:
        rows = [r for r in table.rows if r["locale"] == locale]
        base = {name: table.get(locale, name) for name in BASELINES}
        head = f"{'':49s} {'ns/label':>12s} {'labels/s':>10s}" + "".join(f" {'x ' + short[b]:>12s}" for b in BASELINES)
        print(f"{locale} ({zone})")
        print(head)
        for row in rows:
            ns = row["ns_per_label"]
            rate = f"{1e9 / ns / 1e6:,.2f} M" if ns else ""
            ratios = "".join(
                f" {(base[b] / ns if ns and base[b] else float('nan')):>11.1f}x" if ns and base[b] else f" {'-':>12s}"
                for b in BASELINES
            )
            row["vs"] = {b: (base[b] / ns if ns and base[b] else None) for b in BASELINES}
            note = f"  ({row['note']})" if row["note"] else ""
            print(f"{row['name']:49s} {fmt_ns(ns):>12s} {rate:>10s}{ratios}{note}")
        print("  (x = how many times faster than the baseline: its ns / this row's ns)\n")

        def check(what: str, ns: Optional[float], ok: Callable[[float], bool], shown: Callable[[float], str]) -> None:
            if ns is None:
                checks.append({"locale": locale, "target": what, "value": None, "met": None})
                print(f"  {what:58s} n/a")
                return
            met = ok(ns)
            checks.append({"locale": locale, "target": what, "value": shown(ns), "met": met})
            print(f"  {what:58s} {shown(ns):>22s}  {'met' if met else 'NOT met'}")

        print(f"targets, {locale}:")
        fmt_int = table.get(locale, "format(int s), FEED")
        check("format <= 1 us per call (int seconds, FEED)", fmt_int, lambda v: v <= TARGET_FORMAT_NS, fmt_ns)
        many = [r["name"] for r in rows if r["name"].startswith("format_many") and "FEED" in r["name"]
                and int(r["name"].split(" x")[1].split(",")[0]) >= min(MID, n)]
        for name in many:
            ns = table.get(locale, name)
            what = name.replace("format_many", "many").replace(", FEED", "")
            check(f"{what} >= 5 M labels/s", ns, lambda v: 1e9 / v >= TARGET_MANY_PER_S,
                  lambda v: f"{1e9 / v / 1e6:.2f} M/s")
            for b in ("babel format_timedelta", "babel format_skeleton"):
                if base[b] is not None and ns is not None:
                    check(f"{what} >= 50x {short[b]}", ns, lambda v, bb=base[b]: bb / v >= TARGET_MANY_VS_BABEL,
                          lambda v, bb=base[b]: f"{bb / v:.1f}x")
        print()
    out = {
        "cores": cores,
        "usable_cores": usable,
        "threads_measured": 1,
        "versions": versions,
        "now_ms": NOW_MS,
        "instants": "bench.c's mix: 70% within the last week, the rest over five years",
        "per_call_instants": calls,
        "batch_labels": n,
        "page_labels": PAGE,
        "best_of": reps,
        "rows": table.rows,
        "targets": checks,
    }
    try:
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        Path(path).write_text(json.dumps(out, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        print(f"written: {path}")
    except OSError as exc:
        print(f"bench-python: cannot write {path}: {exc}")


if __name__ == "__main__":
    sys.exit(main())
