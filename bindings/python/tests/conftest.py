"""Shared helpers for the feeddate binding tests.

The suite needs the real library: when it cannot be loaded, importing feeddate
fails and so does every test (no skips). `make test-python` points
FEEDDATE_LIBRARY at build/lib/libfeeddate.so.1. The vectors run are those of
$FEEDDATE_VECTORS, else every file of Tests/vectors (see vector_files).
"""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
import textwrap
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any, Dict, List, Optional, Tuple

import feeddate
import pytest
from feeddate import _formatter, _modules

REPO = Path(__file__).resolve().parents[3]
HEADER = REPO / "include" / "feeddate.h"
VECTOR_ROOT = REPO / "Tests" / "vectors"
VECTORS_ENV = "FEEDDATE_VECTORS"
EPOCH = datetime(1970, 1, 1, tzinfo=timezone.utc)


class NoVectorSet(Exception):
    """No vector files to run: the suite fails with this message."""


def vector_files(env: Optional[str] = None, sub: str = "", variable: str = VECTORS_ENV) -> List[Path]:
    """The vector files to run (SPEC 10): those named by $variable (":"-separated)
    when set, else every .jsonl file of Tests/vectors/<sub>, sorted by name. One
    set for every host since 1.3 (SPEC 13): no choice by ICU version."""
    named = os.environ.get(variable, "") if env is None else env
    if named:
        files = [Path(p) for p in named.split(":") if p]
        missing = [str(f) for f in files if not f.is_file()]
        if missing:
            raise NoVectorSet(f"{variable} names files that do not exist: {', '.join(missing)}")
        return files
    files = sorted((VECTOR_ROOT / sub).glob("*.jsonl"))
    if not files:
        raise NoVectorSet(f"no vector files in {VECTOR_ROOT / sub}: name files with {variable}=a.jsonl:b.jsonl")
    return files


SCHEDULE_VECTORS_ENV = "FEEDDATE_SCHEDULE_VECTORS"


def schedule_vector_files(env: Optional[str] = None) -> List[Path]:
    """The schedule vector files to run (SPEC 11): vector_files' rule over
    Tests/vectors/schedule/ (a folder of its own, which label suites never read)
    and $FEEDDATE_SCHEDULE_VECTORS."""
    return vector_files(env, "schedule", SCHEDULE_VECTORS_ENV)


def load_vectors(files: Optional[List[Path]] = None) -> List[Dict[str, Any]]:
    """Every vector of ``files`` (default: :func:`vector_files`), in order."""
    vectors = []
    for path in vector_files() if files is None else files:
        with path.open(encoding="utf-8") as lines:
            vectors += [json.loads(line) for line in lines if line.strip()]
    return vectors


def pytest_terminal_summary(terminalreporter: Any) -> None:
    """What the run covered (shown even with -q): the library, the data its
    labels come from (ICU, CLDR, tzdata), the vectors, and whether the
    optional pandas tests ran."""
    for line in _coverage():
        terminalreporter.write_line(line)


def _coverage() -> List[str]:
    try:
        import pandas  # noqa: F401

        pandas_line = f"pandas {pandas.__version__}: pandas.Timestamp tests run"
    except ImportError:
        pandas_line = "pandas: not installed, so the pandas.Timestamp tests SKIP (pip install pandas to run them)"
    # The column and engine tests' packages (test_columns, test_table,
    # test_row_errors, test_dask): make test-python installs them all.
    missing = [m for m in ("pyarrow", "polars", "distributed") if importlib.util.find_spec(m) is None]
    optional_line = (
        f"not installed: {', '.join(missing)}, so the tests that need them SKIP (make test-python runs them)"
        if missing
        else "pyarrow, polars, distributed: installed, their tests run"
    )
    try:
        vectors = ", ".join(str(f) for f in vector_files())
    except NoVectorSet as exc:
        vectors = f"none ({exc})"
    try:
        schedules = ", ".join(str(f) for f in schedule_vector_files())
    except NoVectorSet as exc:
        schedules = f"none ({exc})"
    return [
        f"feeddate: {feeddate.library_path} (library {feeddate.library_version()}, {feeddate.data_version()})",
        f"vectors: {vectors}",
        f"schedule vectors: {schedules}",
        pandas_line,
        optional_line,
    ]


def at(ms: int) -> datetime:
    """The aware UTC datetime of an epoch-millisecond instant (exact)."""
    return EPOCH + timedelta(milliseconds=ms)


_formatters: Dict[Tuple[str, str], feeddate.Formatter] = {}


def formatter_for(style: str, options: Dict[str, Any]) -> feeddate.Formatter:
    """One Formatter per vector configuration (creating one opens ICU data)."""
    key = (style, json.dumps(options, sort_keys=True))
    if key not in _formatters:
        _formatters[key] = feeddate.Formatter(style, **options)
    return _formatters[key]


def hide_numpy(monkeypatch: pytest.MonkeyPatch) -> None:
    """The binding sees no numpy (_formatter's loaded and module_of's), as in a
    process that never imported it; the tests themselves still use it."""
    real = _modules.loaded
    monkeypatch.setattr(_modules, "loaded", lambda name: None if name == "numpy" else real(name))
    monkeypatch.setattr(_formatter, "loaded", _modules.loaded)
    assert _formatter.module_of([], "numpy") is None and _formatter.loaded("numpy") is None


@pytest.fixture(params=["numpy imported", "numpy not imported"])
def numpy_state(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """Both of format_many's list paths: numpy's (imported in this process: it converts
    lists, and splits batches of 256 and more) and the pure-Python ones (_lists, and
    the splits of _formatter), as in a process that never imported numpy."""
    if request.param == "numpy imported":
        import numpy  # noqa: F401,PLC0415 (a test dependency; imported here so that the state is true)
    else:
        hide_numpy(monkeypatch)
    return str(request.param)


def run_cli(
    args: List[str], stdin: str = "", env: Optional[Dict[str, str]] = None
) -> "subprocess.CompletedProcess[str]":
    """`python -m feeddate ARGS` in a child with this package importable (and
    `env` added), stdin given, output as text."""
    return subprocess.run(
        [sys.executable, "-m", "feeddate", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path), **(env or {})},
    )


def run_code(code: str) -> "subprocess.CompletedProcess[str]":
    """`python -c CODE` (dedented) in a child with this package importable."""
    return subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)},
    )
