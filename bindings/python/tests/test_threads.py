"""One Formatter shared by 8 threads gives every thread the single-threaded labels; freeing
never races a call; running out of memory is a MemoryError."""

from __future__ import annotations

import gc
import importlib.util
import threading
from datetime import datetime, timedelta, timezone
from typing import Any, List

import feeddate
import pytest
from conftest import run_code
from feeddate import _ffi, _formatter

CST = timezone(timedelta(hours=8))
NOW = datetime(2024, 3, 25, 14, 30, tzinfo=CST)
# Instants from 1 s to about 3 years back, so that every branch of the style shows up.
INSTANTS = [NOW - timedelta(seconds=int(1.37**k)) for k in range(1, 60)]


def test_eight_threads_share_one_formatter() -> None:
    f = feeddate.Formatter("chat_bubble", locale="zh_CN", tz="Asia/Shanghai")
    expected = [f.label(t, NOW) for t in INSTANTS]
    expected_many = f.format_many(INSTANTS, NOW)
    assert len(set(label.text for label in expected)) > 5
    failures: List[str] = []
    start = threading.Barrier(8)

    def work(seed: int) -> None:
        start.wait()
        for round_ in range(60):
            order = INSTANTS[seed + round_ :] + INSTANTS[: seed + round_]  # threads interleave differently
            got = {t: f.label(t, NOW) for t in order}
            for t, want in zip(INSTANTS, expected):
                if got[t] != want or f.format(t, NOW) != want.text:
                    failures.append(f"thread {seed}: {t} gave {got[t]} instead of {want}")
            if f.format_many(INSTANTS, NOW) != expected_many:
                failures.append(f"thread {seed}: format_many differs")

    threads = [threading.Thread(target=work, args=(i,)) for i in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert not any(thread.is_alive() for thread in threads)
    assert failures == []


# ---- freeing a formatter while calls may be in flight (SPEC section 10, 1.2) -----------------
# Python has no close(): the native formatter is freed when the Formatter object
# is garbage, and a call in flight on any thread holds a reference to it, so a
# free can never come while a call uses it. The one free no reference holds
# back is the one weakref.finalize does at interpreter exit, while daemon
# threads may still be inside the library: that one must not happen.


def test_no_free_at_exit_under_a_daemon_thread_still_in_the_library() -> None:
    result = run_code("""
        import os, threading, time
        import feeddate
        from feeddate import _ffi, _formatter
        in_flight, entered = [0], threading.Event()
        real_many, real_free = _formatter._fd_format_many_nul, _ffi.fd_formatter_free

        def slow_many(*args):  # as a long fd_format_many: the GIL released while it runs
            in_flight[0] += 1
            entered.set()
            try:
                time.sleep(60)  # still in the library when the interpreter exits, however loaded the machine
                return real_many(*args)
            finally:
                in_flight[0] -= 1

        def free(handle):
            os.write(1, b"freed while a call was in flight\\n" if in_flight[0] else b"freed\\n")
            real_free(handle)

        _formatter._fd_format_many_nul, _ffi.fd_formatter_free = slow_many, free
        f = feeddate.Formatter("feed", locale="en_US", tz="UTC")

        def spin():
            while True:
                f.format_many([1711348140] * 100, 1711348200)

        threading.Thread(target=spin, daemon=True).start()
        entered.wait(30)
        print("exiting", flush=True)
    """)
    assert result.returncode == 0, result.stderr
    assert result.stdout == "exiting\n"  # 1.1 also said "freed while a call was in flight"


def test_a_formatter_in_use_on_another_thread_outlives_every_other_reference(monkeypatch: pytest.MonkeyPatch) -> None:
    freed: List[int] = []
    monkeypatch.setattr(_ffi, "fd_formatter_free", lambda handle: freed.append(1))  # the real one leaks this one
    real_many = _formatter._fd_format_many_nul
    entered, release = threading.Event(), threading.Event()

    def slow_many(*args: Any) -> int:
        entered.set()
        release.wait(30)  # held in flight until the main thread has looked (no sleep that load can outlast)
        return int(real_many(*args))

    monkeypatch.setattr(_formatter, "_fd_format_many_nul", slow_many)
    f = feeddate.Formatter("feed", locale="en_US", tz="UTC")
    out: List[List[str]] = []
    worker = threading.Thread(target=lambda g=f: out.append(g.format_many([NOW] * 10, NOW)))
    worker.start()
    entered.wait(10)
    del f
    gc.collect()
    assert freed == []  # the call in flight holds it
    release.set()
    worker.join(30)
    gc.collect()
    assert freed == [1] and len(out[0]) == 10  # and once no call does, it is freed


def test_running_out_of_memory_is_a_memory_error_not_a_crash() -> None:
    """A batch far larger than the memory left: MemoryError (or its subclass
    feeddate.OutOfMemoryError from the library), never a crash; the process
    carries on."""
    have_arrow = importlib.util.find_spec("pyarrow") is not None  # none in the installed wheel's run
    result = run_code("""
        import resource
        import numpy as np
        import feeddate
        try:
            import pyarrow as pa
            pa.set_memory_pool(pa.system_memory_pool())  # malloc, which the limit below covers (not a reserved arena)
        except ImportError:
            pa = None
        f = feeddate.Formatter("feed", locale="zh_CN", tz="Asia/Shanghai")
        ints = np.arange(1_000_000, dtype=np.int64) * 79 + 1_600_000_000  # 2020-2023: no slow ICU dates
        as_list, longer = ints.tolist(), np.repeat(ints, 4)
        f.format_many(as_list[:10], 1711348200)  # every lazy table made, and pyarrow imported, before the limit
        if pa is not None:
            f.format_column(ints[:10], 1711348200, unit="s")
        with open("/proc/self/status") as status:
            vm = next(int(line.split()[1]) * 1024 for line in status if line.startswith("VmSize"))
        resource.setrlimit(resource.RLIMIT_AS, (vm + 40 * 2**20, resource.RLIM_INFINITY))  # < what labels need
        for name, call in (("list", lambda: f.format_many(as_list, 1711348200)),
                           ("array", lambda: f.batch(ints, 1711348200, unit="s")),
                           ("column", lambda: f.format_column(longer, 1711348200, unit="s"))):
            if name == "column" and pa is None:
                continue
            try:
                call()
                print(name, "fitted")
            except MemoryError as exc:
                print(name, "MemoryError")
        resource.setrlimit(resource.RLIMIT_AS, (resource.RLIM_INFINITY, resource.RLIM_INFINITY))
        print(f.format(1711348140, 1711348200))
    """)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    calls = ["list", "array", "column"] if have_arrow else ["list", "array"]
    assert lines[: len(calls)] == [f"{name} MemoryError" for name in calls], result.stdout
    assert lines[len(calls)] == feeddate.Formatter("feed", locale="zh_CN", tz="Asia/Shanghai").format(
        1711348140, 1711348200
    )
