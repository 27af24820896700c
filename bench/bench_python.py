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

Columns (SPEC section 9; skipped, saying "not installed", without pyarrow):

- ``Formatter.format_column`` on an Arrow ``timestamp[ms, UTC]`` column of
  --column-rows (1,000,000) FEED zh_CN labels (the same mix), and on a pandas
  Series, next to ``fd_format_many`` alone over the same instants in the same
  run (the ratio is the target: at least 0.7);
- ``format_table`` over the same rows with one of 1,000 (locale, zone) pairs
  per row (string columns; the formatter cache warm);
- memory: the peak resident memory of ``format_column`` on --memory-rows
  (10,000,000) rows in a fresh process, against the size of its output;
- Dask: examples/python/dask_labels.py on --dask-rows (20,000,000) rows with
  1 and then 2 local worker processes, in phases (making the rows,
  labelling them, gathering the labels here); not in --quick unless
  --dask-rows is given.

Timing is round-robin: every row is timed once per round (R rounds), so that
all rows see the same mix of quiet and busy moments on a shared machine, and
each keeps its best. Per-call rows are timed in chunks of 1,000 calls, each
chunk keeping its own best. Results go to --json (``make bench`` passes
build/bench_python.json and merges it with the C figures into
bench/results.json).

Usage: bench_python.py [--n N] [--calls C] [--reps R] [--json PATH] [--no-install] [--quick]
                       [--column-rows N] [--memory-rows N] [--dask-rows N]
"""

from __future__ import annotations

import argparse
import array
import ctypes
import gc
import importlib
import importlib.util
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
TARGET_COLUMN_PER_S = 12e6  # format_column: at least 12 million labels/s on one core
TARGET_COLUMN_VS_RAW = 0.7  # ... and at least 0.7 times fd_format_many alone
TARGET_TABLE_PER_S = 3e6  # format_table, 1,000 (locale, zone) pairs: at least 3 million labels/s
TARGET_MEMORY_RATIO = 2.0  # format_column's peak memory at most twice its output's size
EXAMPLES = HERE.parent / "examples" / "python"


def instants(n: int, kind: str = "mix") -> List[int]:
    """bench.c's instants in milliseconds, the same generator and seed: "mix" (70%
    within the last week, the rest over five years) or "400d" (over 400 days)."""
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
        if kind == "mix":
            r = rand()
            back = rand() % (7 * 86400000) if r % 10 < 7 else rand() % (5 * 365 * 86400000)
        else:
            back = rand() % (400 * 86400000)
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

    def __init__(
        self,
        name: str,
        loop: Callable[[Sequence[Any]], None],
        items: Sequence[Any],
        note: str = "",
        setup: Callable[[], Any] = lambda: None,
        teardown: Callable[[], Any] = lambda: None,
    ) -> None:
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
        print(
            f"bench-python: could not install {package} (run: {sys.executable} -m pip install {package}); "
            "its rows say 'not installed'"
        )
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
    parser.add_argument(
        "--n",
        type=int,
        default=int(os.environ.get("BENCH_N") or 200000),
        help="labels per format_many batch (default 200000, or $BENCH_N)",
    )
    parser.add_argument("--calls", type=int, default=20000, help="instants for the per-call rows (default 20000)")
    parser.add_argument("--reps", type=int, default=7, help="rounds; each row keeps its best (default 7)")
    parser.add_argument(
        "--json", default=str(HERE.parent / "build" / "bench_python.json"), help="where to write the results"
    )
    parser.add_argument("--no-install", action="store_true", help="never pip install a missing baseline")
    parser.add_argument("--quick", action="store_true", help="a smoke run: small sizes, 2 repetitions")
    parser.add_argument(
        "--column-rows", type=int, default=1_000_000, help="rows of the column rows (default 1,000,000)"
    )
    parser.add_argument(
        "--memory-rows", type=int, default=10_000_000, help="rows of the memory row (default 10,000,000)"
    )
    parser.add_argument(
        "--dask-rows", type=int, default=None, help="rows of the Dask rows (default 20,000,000; 0: none)"
    )
    parser.add_argument("--memory-child", type=int, default=0, help=argparse.SUPPRESS)  # the memory row's process
    parser.add_argument(
        "--peers",
        metavar="PATH",
        help="make bench-peers-python: only the peer comparison, to PATH (BENCH_PEERS_QUICK=1 or --quick: a smoke run)",
    )
    args = parser.parse_args()
    if args.peers:
        return peers_main(
            args.peers,
            args.quick or bool(os.environ.get("BENCH_PEERS_QUICK")),
            not args.no_install and not os.environ.get("FEEDDATE_BENCH_NO_INSTALL"),
        )
    if args.memory_child:
        return memory_child(args.memory_child)
    if args.dask_rows is None:
        args.dask_rows = 0 if args.quick else 20_000_000
    if args.quick:
        args.n, args.calls, args.reps = min(args.n, 2000), min(args.calls, 2000), 2
        args.column_rows, args.memory_rows = min(args.column_rows, 20000), min(args.memory_rows, 100000)
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
        "pyarrow": version_of("pyarrow"),
        "pandas": version_of("pandas"),
        "dask": version_of("dask"),
    }
    print(f"cores: {cores} ({usable} usable by this process); one thread measured")
    print("versions: " + ", ".join(f"{k} {v}" for k, v in versions.items()))
    print(
        f"instants: bench.c's mix, now = 2024-03-25T06:30Z; per-call rows over {calls}, "
        f"format_many batches of {', '.join(map(str, sizes(n)))}; best of {reps}\n"
    )

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
        checks = [
            feed.format_many(call_s[:2000], now_s),
            without_numpy(lambda: feed.format_many(call_s[:2000], now_s))(),
        ]
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
            PerCall(
                "format(datetime), FEED",
                format_loop(feed, now_dt),
                [datetime.fromtimestamp(t, timezone.utc) for t in call_s],
            ),
            PerCall("label(int s), FEED", label_loop(feed, now_s), call_s),
            PerCall("format(int s), RELATIVE", format_loop(rel, now_s), call_s),
        ]
        # format_many: without numpy (hidden from the binding for the call), with it, on an ndarray.
        for size in sizes(n):
            part = seconds[:size]
            jobs.append(
                PerBatch(
                    f"format_many(list[int]) x{size}, FEED",
                    without_numpy(lambda f=feed, p=part: f.format_many(p, now_s)),
                    size,
                    reps,
                    "pure Python: numpy hidden",
                )
            )
        jobs.append(
            PerBatch(
                f"format_many(list[int]) x{n}, RELATIVE",
                without_numpy(lambda: rel.format_many(seconds, now_s)),
                n,
                reps,
                "pure Python: numpy hidden",
            )
        )
        if np is not None:
            arr = np.array(ms_whole, dtype=np.int64)
            for size in sizes(n)[1:]:
                part = seconds[:size]
                jobs.append(
                    PerBatch(
                        f"format_many(list[int]) x{size}, FEED, numpy loaded",
                        lambda f=feed, p=part: f.format_many(p, now_s),
                        size,
                        reps,
                    )
                )
            for size in sizes(n):
                part_a = arr[:size]
                jobs.append(
                    PerBatch(
                        f"format_many(int64 ndarray) x{size}, FEED",
                        lambda f=feed, p=part_a: f.format_many(p, now_s, unit="ms"),
                        size,
                        reps,
                    )
                )
            jobs.append(
                PerBatch(
                    f"format_many(int64 ndarray) x{n}, RELATIVE",
                    lambda: rel.format_many(arr, now_s, unit="ms"),
                    n,
                    reps,
                )
            )
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
                jobs.append(
                    PerCall(
                        name,
                        loop,
                        prepare(ms_whole[:calls]),
                        "" if ok else "no translation: English",
                        setup,
                        mods["humanize"].i18n.deactivate,
                    )
                )
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

    columns = column_rows(args, reps, install)
    report(table, cores, usable, versions, n, calls, reps, args.json, columns)
    return 0


# ---- bench-peers: the issue-27 comparison, ratios of alternating rounds --------------


def timed(call: Callable[[], Any], per: int) -> float:
    """ns per item of one call of ``call`` over ``per`` items: gc collected first,
    then one call untimed (a collection walks every object and leaves the CPU's
    caches cold: the next 50-label call takes 10 times as long), then the timed one."""
    gc.collect()
    call()
    t0 = time.perf_counter_ns()
    call()
    return (time.perf_counter_ns() - t0) / per


def median(values: Sequence[float]) -> float:
    ordered = sorted(values)
    mid = len(ordered) // 2
    return ordered[mid] if len(ordered) % 2 else (ordered[mid - 1] + ordered[mid]) / 2


def peers_main(path: str, quick: bool, install: bool) -> int:
    """make bench-peers-python: Formatter.format and format_many (RELATIVE, en_US)
    against babel format_timedelta, humanize naturaltime and arrow humanize, and
    format_many from lists against the numpy path, on both instant sets. Each row
    is timed ours, peer, ours, peer ... (one pair per round); its ratio is the
    median of the per-round ratios (ours / peer: < 1 means feeddate wins)."""
    n, rounds = (1000, 3) if quick else (10000, 21)
    mods: Dict[str, Any] = {}
    for module, package in (("babel", "babel"), ("humanize", "humanize"), ("arrow", "arrow")):
        mod = ensure(module, package, install)
        if mod is not None:
            mods[module] = mod
    try:
        import numpy as np
    except ImportError:
        np = None
    locale, zone = "en_US", "America/New_York"
    rel = feeddate.Formatter("relative", locale=locale, tz=zone)
    now_s = NOW_MS / 1000
    now_dt = datetime.fromtimestamp(NOW_MS // 1000, timezone.utc)
    rows: List[Dict[str, Any]] = []
    for kind in ("400d", "mix"):
        ms = instants(n, kind)
        floats = [t / 1000 for t in ms]  # time.time()-style float seconds
        ints = [t // 1000 for t in ms]
        dts = [datetime.fromtimestamp(t / 1000, timezone.utc) for t in ms]
        ours_labels = rel.format_many(floats, now_s)
        # Labels exactly as the library makes them: every path gives the same.
        same = [
            without_numpy(lambda: rel.format_many(floats, now_s))(),
            rel.format_many(dts, now_dt),
            [rel.format(t, now_dt) for t in dts[:500]] + ours_labels[500:],
        ]
        if np is not None:
            same.append(rel.format_many(np.array(floats), now_s, unit="s"))
        if any(labels != ours_labels for labels in same):
            print("bench-peers: format_many's paths disagree: the results would mean nothing")
            return 1
        int_labels = rel.format_many(ints, now_s)
        peers: List[Tuple[str, Callable[[], Any], List[str], str]] = []
        if "babel" in mods:
            import babel.dates

            loc = mods["babel"].Locale.parse(locale)
            format_timedelta = babel.dates.format_timedelta
            babel_labels = [format_timedelta(t - now_dt, add_direction=True, locale=loc) for t in dts]

            def babel_loop() -> None:
                for t in dts:
                    format_timedelta(t - now_dt, add_direction=True, locale=loc)

            peers.append(
                (
                    "babel format_timedelta(add_direction=True)",
                    babel_loop,
                    babel_labels,
                    "babel rounds a difference to its largest unit at 0.85 of it, months of 30 days "
                    "('7 months ago' where we count 6 calendar months)",
                )
            )
        if "humanize" in mods:
            naturaltime = mods["humanize"].naturaltime
            human_labels = [naturaltime(t, when=now_dt) for t in dts]

            def humanize_loop() -> None:
                for t in dts:
                    naturaltime(t, when=now_dt)

            peers.append(
                (
                    "humanize naturaltime",
                    humanize_loop,
                    human_labels,
                    "humanize: English only here, 'a day ago', '10 days ago', '1 year, 15 days ago'",
                )
            )
        if "arrow" in mods:
            arrow = mods["arrow"]
            arrows = [arrow.Arrow.fromdatetime(t) for t in dts]
            now_a = arrow.Arrow.fromdatetime(now_dt)
            arrow_labels = [a.humanize(now_a, locale="en") for a in arrows]

            def arrow_loop() -> None:
                for a in arrows:
                    a.humanize(now_a, locale="en")

            peers.append(
                (
                    "arrow Arrow.humanize",
                    arrow_loop,
                    arrow_labels,
                    "arrow rounds to the nearest unit, 'a day ago', 'a week ago'",
                )
            )

        fmt = rel.format

        def single() -> None:
            for t in dts:
                fmt(t, now_dt)

        # (case, ours, our call, peer, peer call, note)
        pairs: List[Tuple[str, str, Callable[[], Any], str, Callable[[], Any], str]] = []
        for name, loop, labels, how in peers:
            agree = sum(a.lower() == b.lower() for a, b in zip(ours_labels, labels)) / n
            note = (
                f"the peer's text equals ours (case aside) on {agree:.0%} of the instants: {how}; "
                "the peer is called once per label with aware datetimes (and t - now for babel)"
            )
            pairs.append(
                (
                    "RELATIVE en_US, single call",
                    "Formatter.format(datetime)",
                    single,
                    name,
                    loop,
                    note + "; ours once per label with the same datetimes",
                )
            )
            pairs.append(
                (
                    "RELATIVE en_US, list of float seconds, per label",
                    "format_many(list[float]), numpy not loaded",
                    without_numpy(lambda: rel.format_many(floats, now_s)),
                    name,
                    loop,
                    note + "; ours one call on a list of time.time()-style floats",
                )
            )
            if name.startswith("babel"):
                pairs.append(
                    (
                        "RELATIVE en_US, list of int seconds, per label",
                        "format_many(list[int]), numpy not loaded",
                        without_numpy(lambda: rel.format_many(ints, now_s)),
                        name,
                        loop,
                        note + "; ours one call on a list of int seconds",
                    )
                )
                pairs.append(
                    (
                        "RELATIVE en_US, list of datetimes, per label",
                        "format_many(list[datetime])",
                        lambda: rel.format_many(dts, now_dt),
                        name,
                        loop,
                        note + "; ours one call on the list of those datetimes",
                    )
                )
                if np is not None:
                    pairs.append(
                        (
                            "RELATIVE en_US, list of float seconds, per label",
                            "format_many(list[float]), numpy loaded",
                            lambda: rel.format_many(floats, now_s),
                            name,
                            loop,
                            note + "; ours one call on a list of floats, numpy imported (it converts the list)",
                        )
                    )
        if np is not None:
            arr_f = np.array(floats)
            arr_ms = np.array(ms, dtype=np.int64)
            note = "labels checked equal on every instant"
            pairs.append(
                (
                    "RELATIVE en_US, list vs numpy path, per label",
                    "format_many(list[float]), numpy not loaded",
                    without_numpy(lambda: rel.format_many(floats, now_s)),
                    "format_many(float64 ndarray, unit='s')",
                    lambda: rel.format_many(arr_f, now_s, unit="s"),
                    note,
                )
            )
            pairs.append(
                (
                    "RELATIVE en_US, list vs numpy path, per label",
                    "format_many(list[int]), numpy not loaded",
                    without_numpy(lambda: rel.format_many(ints, now_s)),
                    "format_many(int64 ndarray, unit='ms')",
                    lambda: rel.format_many(arr_ms, now_s, unit="ms"),
                    "int seconds against the same instants in ms; " + note
                    if int_labels == rel.format_many(np.array(ints) * 1000, now_s, unit="ms")
                    else "LABELS DIFFER",
                )
            )
            pairs.append(
                (
                    "RELATIVE en_US, list vs numpy path, per label",
                    "format_many(list[datetime])",
                    lambda: rel.format_many(dts, now_dt),
                    "format_many(float64 ndarray, unit='s')",
                    lambda: rel.format_many(arr_f, now_s, unit="s"),
                    note,
                )
            )
        ours_ns: List[List[float]] = [[] for _ in pairs]
        peer_ns: List[List[float]] = [[] for _ in pairs]
        for call in {id(p[2]): p[2] for p in pairs}.values():
            call()  # warm
        for _ in range(rounds):
            for i, (_case, _ours, ours_call, _peer, peer_call, _note) in enumerate(pairs):
                ours_ns[i].append(timed(ours_call, n))
                peer_ns[i].append(timed(peer_call, n))
        for i, (case, ours, _oc, peer, _pc, note) in enumerate(pairs):
            ratio = median([a / b for a, b in zip(ours_ns[i], peer_ns[i])])
            rows.append(
                {
                    "case": case,
                    "set": kind,
                    "ours": ours,
                    "peer": peer,
                    "ours_ns": round(median(ours_ns[i]), 1),
                    "peer_ns": round(median(peer_ns[i]), 1),
                    "ratio": round(ratio, 4),
                    "note": note,
                }
            )
            print(
                f"{kind:5s} {case:50s} {ours:42s} {median(ours_ns[i]):8.1f} ns  {peer:42s} "
                f"{median(peer_ns[i]):8.1f} ns  ratio {ratio:.3f} (1/{1 / ratio:.1f})",
                flush=True,
            )
    out = {
        "language": "python",
        "runtime": f"{platform.python_implementation()} {platform.python_version()} "
        f"{sys.platform}/{platform.machine()}",
        "rounds": rounds,
        "instants": n,
        "versions": {
            "feeddate": feeddate.__version__,
            "libfeeddate": feeddate.library_version(),
            "babel": version_of("babel"),
            "humanize": version_of("humanize"),
            "arrow": version_of("arrow"),
            "numpy": version_of("numpy"),
        },
        "rows": rows,
    }
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    Path(path).write_text(json.dumps(out, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"written: {path}")
    return 0


# ---- columns: format_column, format_table, memory, Dask ---------------------------------


def mix_ms(rows: int) -> Any:
    """bench.c's mix as an int64 array of ms: the first million generated, then repeated."""
    import numpy as np

    base = np.array(instants(min(rows, 1_000_000)), dtype=np.int64)
    return np.resize(base, rows)


def load_example(name: str) -> Any:
    """examples/python/<name>.py as a module."""
    spec = importlib.util.spec_from_file_location(name, EXAMPLES / f"{name}.py")
    module = importlib.util.module_from_spec(spec)  # type: ignore[arg-type]
    sys.modules[name] = module
    spec.loader.exec_module(module)  # type: ignore[union-attr]
    return module


def column_rows(args: Any, reps: int, install: bool) -> Dict[str, Any]:
    """The column figures (format_column, format_table, memory, Dask) in one dict."""
    out: Dict[str, Any] = {"rows": [], "targets": [], "memory": None, "dask": None, "missing": []}
    pa = ensure("pyarrow", "pyarrow", install)
    pd = ensure("pandas", "pandas", install)
    if pa is None:
        out["missing"].append("pyarrow")
        return out
    import numpy as np

    rows = max(args.column_rows, 1000)
    now_s = NOW_MS // 1000
    ms = mix_ms(rows)
    feed = feeddate.Formatter("feed", locale="zh_CN", tz="Asia/Shanghai")
    column = pa.array(ms, pa.timestamp("ms", "UTC"))
    if feed.format_column(column, now_s).to_pylist() != feed.format_many(ms, now_s, unit="ms"):
        raise SystemExit("bench-python: format_column differs from format_many: the results would mean nothing")
    dask_labels = load_example("dask_labels")
    pairs = [(loc, zone) for loc in dask_labels.LOCALES for zone in dask_labels.ZONES]
    pick = np.random.default_rng(1).integers(0, len(pairs), rows)
    locales = pa.array(np.array([loc for loc, _ in pairs])[pick])
    zones = pa.array(np.array([zone for _, zone in pairs])[pick])
    feeddate.formatter_cache.maxsize = max(feeddate.formatter_cache.maxsize, len(pairs))
    t0 = time.perf_counter()
    feeddate.format_table(column, style="feed", locale=locales, tz=zones, now=now_s)
    cold = time.perf_counter() - t0
    jobs: List[Job] = [
        PerBatch(f"floor: fd_format_many in C per label, FEED x{rows}", c_many(feed, ms.tolist()), rows, reps),
        PerBatch(
            f"format_column(Arrow timestamp[ms, UTC]) x{rows}", lambda: feed.format_column(column, now_s), rows, reps
        ),
        PerBatch(
            f"format_table, {len(pairs)} (locale, zone) pairs x{rows}",
            lambda: feeddate.format_table(column, style="feed", locale=locales, tz=zones, now=now_s),
            rows,
            reps,
            "string id columns, formatter cache warm",
        ),
    ]
    if pd is not None:
        series = pd.Series(pd.to_datetime(ms, unit="ms", utc=True))
        jobs.insert(
            2,
            PerBatch(
                f"format_column(pandas {series.dtype}) x{rows}",
                lambda: feed.format_column(series, now_s),
                rows,
                reps,
                "pandas Series out",
            ),
        )
    for rep in range(reps):
        for i in range(len(jobs)):
            jobs[(i + rep) % len(jobs)].run_once()
    raw = jobs[0].result()
    for job in jobs:
        ns = job.result()
        out["rows"].append(
            {
                "name": job.name,
                "ns_per_label": ns,
                "labels_per_s": 1e9 / ns,
                "vs_fd_format_many": raw / ns,
                "note": job.note,
            }
        )
    out["format_table_cold_s"] = cold
    column_ns, table_ns = jobs[1].result(), jobs[-1].result()
    full = rows >= 1_000_000  # the targets are for 1,000,000 rows: smaller runs are smoke runs
    out["targets"] += [
        {
            "target": "format_column >= 12 M labels/s",
            "value": 1e9 / column_ns,
            "met": 1e9 / column_ns >= TARGET_COLUMN_PER_S,
        },
        {
            "target": "format_column >= 0.7x fd_format_many",
            "value": raw / column_ns,
            "met": raw / column_ns >= TARGET_COLUMN_VS_RAW,
        },
        {
            "target": "format_table (1,000 pairs) >= 3 M labels/s",
            "value": 1e9 / table_ns,
            "met": 1e9 / table_ns >= TARGET_TABLE_PER_S,
        },
    ]
    for target in out["targets"]:
        if not full:
            target["met"] = None
    out["memory"] = memory_row(args.memory_rows)
    if out["memory"] is not None:
        ratio = out["memory"]["peak_over_output"]
        out["targets"].append(
            {
                "target": "format_column peak memory <= 2x its output",
                "value": ratio,
                "met": ratio <= TARGET_MEMORY_RATIO if args.memory_rows >= 10_000_000 else None,
            }
        )
    if args.dask_rows:
        if ensure("distributed", "dask[distributed]", install) is None or pd is None:
            out["missing"].append("dask[distributed]")
        else:
            out["dask"] = dask_rows(dask_labels, args.dask_rows)
    return out


def memory_child(rows: int) -> int:
    """In a fresh process: format_column over ``rows`` rows; prints the peak
    resident memory it added (VmHWM after resetting it, minus VmRSS before) and
    the output's size, as JSON."""
    import pyarrow as pa

    def status(field: str) -> int:
        with open("/proc/self/status", encoding="ascii") as f:
            line = next(line for line in f if line.startswith(field + ":"))
        return int(line.split()[1]) * 1024

    feed = feeddate.Formatter("feed", locale="zh_CN", tz="Asia/Shanghai")
    column = pa.array(mix_ms(rows), pa.timestamp("ms", "UTC"))
    feed.format_column(column[:1000], NOW_MS // 1000)  # warm: text tables, imports
    gc.collect()
    with open("/proc/self/clear_refs", "w", encoding="ascii") as f:
        f.write("5")  # VmHWM := VmRSS
    before = status("VmRSS")
    t0 = time.perf_counter()
    labels = feed.format_column(column, NOW_MS // 1000)
    seconds = time.perf_counter() - t0
    peak = status("VmHWM") - before
    size = labels.nbytes  # offsets + text (+ validity): the output's own bytes
    print(
        json.dumps(
            {
                "rows": rows,
                "peak_added_bytes": peak,
                "output_bytes": size,
                "peak_over_output": peak / size,
                "chunks": labels.num_chunks if isinstance(labels, pa.ChunkedArray) else 1,
                "input_bytes": column.nbytes,
                "seconds": seconds,
            }
        )
    )
    return 0


def memory_row(rows: int) -> Optional[Dict[str, Any]]:
    try:
        done = subprocess.run(
            [sys.executable, __file__, "--memory-child", str(rows)], capture_output=True, text=True, timeout=600
        )
        return json.loads(done.stdout.strip().splitlines()[-1]) if done.returncode == 0 else None
    except (OSError, subprocess.TimeoutExpired, ValueError, IndexError) as exc:
        print(f"bench-python: the memory row failed: {exc}")
        return None


def dask_rows(recipe: Any, rows: int, rounds: int = 2) -> Dict[str, Any]:
    """examples/python/dask_labels.py with 1 and 2 local workers, in phases: start
    the cluster, make the rows on the workers (persisted there), label them there,
    gather the labels here; each after a warm-up that fills every worker's
    formatter cache. 1 and 2 workers take turns, ``rounds`` times; each phase keeps
    its best time."""
    from distributed import Client, wait

    partitions = max(4, rows // 1_000_000)
    out: Dict[str, Any] = {"rows": rows, "partitions": partitions, "rounds": rounds, "runs": {}}
    for _ in range(rounds):
        for workers in (1, 2):
            t_start = time.perf_counter()
            with recipe.local_cluster(workers) as cluster, Client(cluster) as client:
                recipe.ship_this_module(client)
                started = time.perf_counter() - t_start
                warm = recipe.frame(200_000 * 2 * workers, 2 * workers).map_partitions(
                    recipe.label_partition, **recipe.OPTIONS, meta=recipe.LABEL_META
                )
                client.compute(warm).result()
                t0 = time.perf_counter()
                frame = recipe.frame(rows, partitions).persist()
                wait(frame)
                t1 = time.perf_counter()
                labels = frame.map_partitions(
                    recipe.label_partition, **recipe.OPTIONS, meta=recipe.LABEL_META
                ).persist()
                wait(labels)
                t2 = time.perf_counter()
                gathered = labels.compute()
                t3 = time.perf_counter()
                assert len(gathered) == rows
                del gathered, labels, frame
            run = {"start_s": started, "make_s": t1 - t0, "label_s": t2 - t1, "gather_s": t3 - t2, "total_s": t3 - t0}
            best = out["runs"].setdefault(workers, run)
            for phase, seconds in run.items():
                best[phase] = min(best[phase], seconds)
    for run in out["runs"].values():
        run["labels_per_s"] = rows / run["label_s"]
    one, two = out["runs"][1], out["runs"][2]
    out["speedup_label"] = one["label_s"] / two["label_s"]
    out["speedup_total"] = one["total_s"] / two["total_s"]
    return out


def fmt_ns(ns: Optional[float]) -> str:
    if ns is None:
        return "not installed"
    return f"{ns:,.0f} ns" if ns >= 10 else f"{ns:.1f} ns"


def report_columns(columns: Dict[str, Any]) -> None:
    print("columns: FEED zh_CN (format_table: 1,000 (locale, zone) pairs), one thread measured")
    if "pyarrow" in columns["missing"]:
        print(f"  {'format_column / format_table / memory / Dask':58s} not installed (pyarrow)\n")
        return
    print(f"{'':58s} {'ns/label':>10s} {'labels/s':>10s} {'x fd_format_many':>17s}")
    for row in columns["rows"]:
        note = f"  ({row['note']})" if row["note"] else ""
        print(
            f"{row['name']:58s} {fmt_ns(row['ns_per_label']):>10s} {row['labels_per_s'] / 1e6:>8.2f} M"
            f" {row['vs_fd_format_many']:>16.2f}x{note}"
        )
    print(f"  format_table's first call (1,000 formatters made): {columns['format_table_cold_s']:.2f} s")
    memory = columns["memory"]
    if memory is None:
        print("  memory: not measured")
    else:
        print(
            f"  memory: format_column on {memory['rows']:,} rows: peak +{memory['peak_added_bytes'] / 1e6:,.0f} MB for "
            f"an output of {memory['output_bytes'] / 1e6:,.0f} MB ({memory['chunks']} chunks; input "
            f"{memory['input_bytes'] / 1e6:,.0f} MB): {memory['peak_over_output']:.2f}x"
        )
    dask = columns["dask"]
    if "dask[distributed]" in columns["missing"]:
        print(f"  {'Dask':58s} not installed")
    elif dask is None:
        print("  Dask: not run (--quick or --dask-rows 0; --dask-rows N runs it)")
    else:
        print(f"  Dask, {dask['rows']:,} rows in {dask['partitions']} partitions (examples/python/dask_labels.py):")
        for workers, run in dask["runs"].items():
            print(
                f"    {workers} worker{'s' if workers > 1 else ' '}: start {run['start_s']:5.2f} s; "
                f"make rows {run['make_s']:6.2f} s, label "
                f"{run['label_s']:6.2f} s ({run['labels_per_s'] / 1e6:.2f} M labels/s), gather here "
                f"{run['gather_s']:6.2f} s; total {run['total_s']:6.2f} s"
            )
        print(
            f"    speed-up 2 vs 1 worker: labelling {dask['speedup_label']:.2f}x, rows made, labelled and gathered "
            f"{dask['speedup_total']:.2f}x (best of {dask['rounds']} turns each)"
        )
    print("targets, columns:")
    for target in columns["targets"]:
        value = target["value"]
        shown = f"{value / 1e6:.2f} M/s" if value > 100 else f"{value:.2f}x"
        verdict = "n/a (a smoke run's sizes)" if target["met"] is None else "met" if target["met"] else "NOT met"
        print(f"  {target['target']:58s} {shown:>22s}  {verdict}")
    print()


def report(
    table: Table,
    cores: int,
    usable: int,
    versions: Dict[str, str],
    n: int,
    calls: int,
    reps: int,
    path: str,
    columns: Optional[Dict[str, Any]] = None,
) -> None:
    short = {
        "babel format_timedelta": "babel td",
        "babel format_skeleton": "babel skel",
        "humanize naturaltime": "humanize",
        "arrow humanize": "arrow",
    }
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
        many = [
            r["name"]
            for r in rows
            if r["name"].startswith("format_many")
            and "FEED" in r["name"]
            and int(r["name"].split(" x")[1].split(",")[0]) >= min(MID, n)
        ]
        for name in many:
            ns = table.get(locale, name)
            what = name.replace("format_many", "many").replace(", FEED", "")
            check(
                f"{what} >= 5 M labels/s",
                ns,
                lambda v: 1e9 / v >= TARGET_MANY_PER_S,
                lambda v: f"{1e9 / v / 1e6:.2f} M/s",
            )
            for b in ("babel format_timedelta", "babel format_skeleton"):
                if base[b] is not None and ns is not None:
                    check(
                        f"{what} >= 50x {short[b]}",
                        ns,
                        lambda v, bb=base[b]: bb / v >= TARGET_MANY_VS_BABEL,
                        lambda v, bb=base[b]: f"{bb / v:.1f}x",
                    )
        print()
    if columns is not None:
        report_columns(columns)
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
        "columns": columns,
    }
    try:
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        Path(path).write_text(json.dumps(out, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        print(f"written: {path}")
    except OSError as exc:
        print(f"bench-python: cannot write {path}: {exc}")


if __name__ == "__main__":
    sys.exit(main())
