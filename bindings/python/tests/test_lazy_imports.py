"""Optional packages that another thread is still importing are never used half made.

pyarrow imports pandas lazily, on its first conversion: while one thread runs
pandas' ``__init__``, ``sys.modules["pandas"]`` is there without ``Series`` or
``NaT``, and code that took "in sys.modules" for "imported" failed with
"partially initialized module 'pandas' has no attribute ..." (1.1: 8 runs of
8 out of 8 with 8 threads). Each test runs in a new interpreter, so that the
import really is under way while the calls run.
"""

from __future__ import annotations

import json

import pytest
from conftest import run_code

pytest.importorskip("pyarrow")
pytest.importorskip("pandas")


_RACE = """
    import json, sys, threading, time
    import numpy as np
    import pyarrow as pa
    import feeddate
    assert "pandas" not in sys.modules, "pyarrow imported pandas at once: nothing to race with"
    f = feeddate.Formatter("feed", locale="en_US", tz="UTC")
    ints = np.array([1711339200000, 1711242000000], np.int64)
    errors, calls = [], [0]
    done = threading.Event()
    start = threading.Barrier(8)

    def work(k):
        start.wait()
        if k == 0:  # pyarrow's first timestamp array imports pandas, in this thread
            pa.array([1711339200000], pa.timestamp("ms", "UTC"))
            done.set()
            return
        while not done.is_set():
            try:
                if k % 3 == 1:
                    assert f.format(np.int64(1711339200), 1711348200) == "4:00\u202fAM"
                elif k % 3 == 2:
                    assert f.format_column(ints, 1711348200, unit="ms").to_pylist() == ["4:00\u202fAM", "Yesterday"]
                else:
                    out = feeddate.format_table(ints, style="feed", locale=["en_US", "de_DE"], tz="UTC",
                                                now=1711348200, unit="ms")
                    assert out.to_pylist() == ["4:00\u202fAM", "Gestern"]
                calls[0] += 1
                time.sleep(0.001)  # let the importing thread run too (it needs the GIL as well)
            except Exception as exc:
                errors.append(f"thread {k}: {exc!r}")
                return

    threads = [threading.Thread(target=work, args=(k,)) for k in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    print(json.dumps({"errors": errors, "calls": calls[0]}))
"""


@pytest.mark.parametrize("run", range(2))
def test_calls_while_another_thread_imports_pandas(run: int) -> None:
    result = run_code(_RACE)
    assert result.returncode == 0, result.stderr
    got = json.loads(result.stdout)
    assert got["errors"] == [] and got["calls"] > 0


def test_a_half_imported_pandas_is_never_used() -> None:
    """The same, made certain: a "pandas" module whose import has not finished
    (its spec says so) stands in sys.modules; no call may touch it."""
    result = run_code("""
        import sys, types
        import numpy as np
        import pyarrow as pa
        import feeddate
        from datetime import datetime, timezone
        col = pa.array([1711348140000], pa.timestamp("ms", "UTC"))  # pyarrow's own pandas shim: done before
        half = types.ModuleType("pandas")
        half.__spec__ = types.SimpleNamespace(name="pandas", _initializing=True)
        sys.modules["pandas"] = half  # no Series, no NaT, no Timestamp: a partial module
        f = feeddate.Formatter("compact", locale="en_US", tz="UTC")
        assert f.format(np.int64(1711348140), 1711348200) == "1m"
        assert f.format(np.float64(1711348140.0), np.datetime64("2024-03-25T06:30:00")) == "1m"
        assert f.format(datetime(2024, 3, 25, 6, 29, tzinfo=timezone.utc), 1711348200) == "1m"
        assert f.format_many([np.int64(1711348140)], 1711348200) == ["1m"]
        assert f.format_column(col, 1711348200).to_pylist() == ["1m"]
        assert f.format_column(np.array([1711348140], np.int64), 1711348200, unit="s").to_pylist() == ["1m"]
        assert feeddate.format_table(col, style="compact", locale=["en_US"], tz=["UTC"], now=1711348200).to_pylist() == ["1m"]
        print("ok")
    """)
    assert (result.returncode, result.stdout.strip()) == (0, "ok"), result.stderr


def test_a_value_of_a_package_still_being_imported_is_still_read() -> None:
    """A pandas object exists only once pandas' own modules ran: for one, the
    binding imports pandas properly (importlib, which waits for an import under
    way in another thread) rather than refuse the value."""
    result = run_code("""
        import sys
        from feeddate._modules import loaded, module_of
        import pandas as pd
        ts = pd.Timestamp("2024-03-25T06:29Z")
        sys.modules["pandas"].__spec__._initializing = True  # as if pandas/__init__.py were still running
        assert loaded("pandas") is None and module_of(1, "pandas") is None
        assert module_of(ts, "pandas") is pd and module_of(pd.NaT, "pandas") is pd
        import feeddate
        f = feeddate.Formatter("compact", locale="en_US", tz="UTC")
        assert f.format(ts, 1711348200) == "1m"
        try:
            f.format(pd.NaT, 1711348200)
        except ValueError as e:
            assert "NaT" in str(e) and "utcoffset" not in str(e), e
        print("ok")
    """)
    assert (result.returncode, result.stdout.strip()) == (0, "ok"), result.stderr
