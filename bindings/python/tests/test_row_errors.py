"""errors="raise"|"null" of format_column and format_table (SPEC section 9, 1.2).

One row that cannot be labelled (an instant out of range, an unknown or null
id, any failure the library reports for one instant) is an error naming that
row, or with errors="null" a null label while every other row is labelled.
Null instants are null labels either way. A column without bad rows costs
what it did: one library call per chunk.
"""

from __future__ import annotations

import ctypes
from typing import Any, List, Optional

import feeddate
import numpy as np
import pytest
from feeddate import _columns, _ffi

# Test dependencies: make test-python installs them, so there these tests never
# skip; make check with a Python that lacks one skips this file, saying which.
_NEED = "make test-python installs it; make check skips what needs it"
pa = pytest.importorskip("pyarrow", reason=f"pyarrow is not installed ({_NEED})")
pd = pytest.importorskip("pandas", reason=f"pandas is not installed ({_NEED})")

NOW_S = 1711348200  # 2024-03-25T06:30Z
NOW_MS = NOW_S * 1000
TOO_LATE_MS = 253402300800000  # 10000-01-01
F = feeddate.Formatter("feed", locale="en_US", tz="UTC")


def labels(ms: List[Optional[int]], f: feeddate.Formatter = F) -> List[Optional[str]]:
    """Each instant through format, None where it is None or out of range."""
    return [None if t is None or not -62135596800000 <= t <= 253402300799999 else f.format(t / 1000, NOW_S) for t in ms]


ROWS: List[Optional[int]] = [NOW_MS - 60_000 * k for k in range(40)]
ROWS[3] = TOO_LATE_MS
ROWS[7] = None
ROWS[30] = -TOO_LATE_MS


# ---- format_column ---------------------------------------------------------------------------


def test_one_row_out_of_range_no_longer_fails_the_column_with_errors_null() -> None:
    column = pa.array(ROWS, pa.timestamp("ms", "UTC"))
    with pytest.raises(feeddate.RangeError, match=r"^format_column: row 3 = 10000-01-01"):
        F.format_column(column, NOW_S)  # errors="raise", the default: the first bad row, named
    out = F.format_column(column, NOW_S, errors="null")
    out.validate(full=True)
    assert out.to_pylist() == labels(ROWS)
    assert out.null_count == 3  # the null (row 7) stays a null; rows 3 and 30 become nulls


@pytest.mark.parametrize(
    "kind", ["int s", "int us", "uint ms", "float s", "datetime64[s]", "datetime64[M]", "pandas", "chunked"]
)
def test_every_kind_of_column(kind: str) -> None:
    ms = [NOW_MS - 3_600_000 * k for k in range(12)]
    bad = [2, 9]
    want: List[Optional[str]] = labels(ms)
    for row in bad:
        want[row] = None
    if kind == "int s":
        values, unit = np.array([t // 1000 for t in ms], np.int64), "s"
        values[bad] = [TOO_LATE_MS, -TOO_LATE_MS]  # ms where seconds are expected: far out of range
    elif kind == "int us":
        values, unit = np.array(ms, np.int64) * 1000, "us"
        values[bad] = [2**63 - 1, -(2**63)]
    elif kind == "uint ms":
        values, unit = np.array(ms, np.uint64), "ms"
        values[bad] = [2**64 - 1, 2**63]  # more than int64 holds
    elif kind == "float s":
        values, unit = np.array(ms, np.float64) / 1000, "s"
        values[bad] = [1e300, np.inf]
    elif kind == "datetime64[s]":
        values, unit = np.array(ms, "datetime64[ms]").astype("datetime64[s]"), None
        values[bad] = [np.datetime64(2**62, "s"), np.datetime64(-(2**62), "s")]
        want = [None if w is None else F.format(t // 1000, NOW_S) for t, w in zip(ms, want)]
    elif kind == "datetime64[M]":
        months = np.array(["2024-03", "2023-11"] * 6, "datetime64[M]")
        months[bad] = [np.datetime64(10**6, "M"), np.datetime64(-(10**6), "M")]
        values, unit = months, None
        want = [
            None if i in bad else F.format(m.astype("datetime64[s]").astype(np.int64).item(), NOW_S)
            for i, m in enumerate(months)
        ]
    elif kind == "pandas":
        values, unit = pd.Series(np.array(ms, np.int64), index=range(100, 112)), "ms"
        values[100 + bad[0]] = TOO_LATE_MS
        values[100 + bad[1]] = -TOO_LATE_MS
    else:
        arr = np.array(ms, np.int64)
        arr[bad] = [TOO_LATE_MS, -TOO_LATE_MS]
        values, unit = (
            pa.chunked_array(
                [pa.array(arr[:5], pa.timestamp("ms", "UTC")), pa.array(arr[5:], pa.timestamp("ms", "UTC"))]
            ),
            None,
        )
    with pytest.raises(feeddate.RangeError, match=r"row 2 = "):
        F.format_column(values, NOW_S, unit=unit)
    out = F.format_column(values, NOW_S, unit=unit, errors="null")
    got = out.tolist() if isinstance(out, pd.Series) else out.to_pylist()
    assert [None if g is None or g is pd.NA else g for g in got] == want
    if kind == "pandas":
        assert list(out.index) == list(range(100, 112))


def test_nan_in_a_float_column_is_a_null_in_both_modes() -> None:
    values = np.array([NOW_S - 60, np.nan, NOW_S - 120], np.float64)
    want = [F.format(NOW_S - 60, NOW_S), None, F.format(NOW_S - 120, NOW_S)]
    assert F.format_column(values, NOW_S, unit="s").to_pylist() == want
    assert F.format_column(values, NOW_S, unit="s", errors="null").to_pylist() == want
    with pytest.raises(ValueError, match=r"row 1 = inf is not an instant"):
        F.format_column(np.array([NOW_S, np.inf]), NOW_S, unit="s")


def test_errors_takes_raise_or_null() -> None:
    with pytest.raises(feeddate.ArgumentError, match=r"errors='ignore': use 'raise' .* or 'null'"):
        F.format_column(pa.array([NOW_MS], pa.timestamp("ms", "UTC")), NOW_S, errors="ignore")


def test_every_row_bad_gives_every_row_null() -> None:
    out = F.format_column(pa.array([TOO_LATE_MS, None, -TOO_LATE_MS], pa.timestamp("ms", "UTC")), NOW_S, errors="null")
    out.validate(full=True)
    assert out.to_pylist() == [None, None, None]


# ---- any failure of one instant, not only the range ---------------------------------------------

SENTINEL = NOW_MS - 420_001  # the instant the fake library cannot label


@pytest.fixture
def library_calls(monkeypatch: pytest.MonkeyPatch) -> List[int]:
    """fd_format_many as the library's, except that a run holding SENTINEL fails
    with FD_ERR_INTERNAL (as the library does for an instant it cannot work
    out), fd_last_error saying so; the sizes of the runs it was called with."""
    real, real_error = _ffi.fd_format_many, _ffi.fd_last_error
    calls: List[int] = []
    failed = [False]

    def fake(handle: Any, t_at: int, n: int, now_ms: int, buf: Any, cap: int, ends_at: int, next_p: Any) -> int:
        calls.append(n)
        failed[0] = bool(n) and SENTINEL in (ctypes.c_int64 * n).from_address(t_at)
        if failed[0]:
            return 8  # FD_ERR_INTERNAL
        return int(real(handle, t_at, n, now_ms, buf, cap, ends_at, next_p))

    monkeypatch.setattr(_ffi, "fd_format_many", fake)
    monkeypatch.setattr(
        _ffi, "fd_last_error", lambda: b"internal error: made up by the test" if failed[0] else real_error()
    )
    return calls


def test_a_row_the_library_cannot_label_is_named_or_null(library_calls: List[int]) -> None:
    ms = [NOW_MS - 60_000 * k for k in range(300)]
    ms[7] = ms[150] = SENTINEL
    ms[200] = None  # type: ignore[call-overload]
    column = pa.array(ms, pa.timestamp("ms", "UTC"))
    with pytest.raises(feeddate.InternalError, match=r"^format_column: row 7: internal error"):
        F.format_column(column, NOW_S)
    out = F.format_column(column, NOW_S, errors="null")
    want = labels(ms)
    want[7] = want[150] = None
    assert out.to_pylist() == want


def test_the_fast_path_is_one_call_per_chunk(library_calls: List[int], monkeypatch: pytest.MonkeyPatch) -> None:
    good = pa.array([NOW_MS - 1000 * k for k in range(1000)], pa.timestamp("ms", "UTC"))
    F.format_column(good, NOW_S, errors="null")
    assert library_calls == [1000]
    library_calls.clear()
    monkeypatch.setattr(_columns, "CHUNK_ROWS", 256)
    bad = np.array([NOW_MS - 1000 * k for k in range(1000)], np.int64)
    bad[600] = SENTINEL
    out = F.format_column(pa.array(bad, pa.timestamp("ms", "UTC")), NOW_S, errors="null")
    assert out.to_pylist()[600] is None and out.null_count == 1
    # Chunks without the bad row: one call each; the one with it: the failed call,
    # about 2 log2(256) size queries to find the row, and the call that labels the rest.
    assert library_calls[:2] == [256, 256] and library_calls[-1] == 1000 - 768
    assert len(library_calls) <= 3 + 2 + 2 * 8 + 1


# ---- format_table ---------------------------------------------------------------------------


def test_format_table_errors_null_covers_every_per_row_failure(library_calls: List[int]) -> None:
    ms: List[Optional[int]] = [NOW_MS - 3_600_000 * k for k in range(10)]
    ms[1], ms[4], ms[6] = TOO_LATE_MS, SENTINEL, None
    locales = ["en_US", "de_DE", "tlh", "en_US", "de_DE", "en_US", "de_DE", None, "en_US", "de_DE"]
    zones = ["UTC", "Europe/Berlin", "UTC", "Mars/Base", "Europe/Berlin", "UTC", "UTC", "UTC", "UTC", "Asia/Tokyo"]
    column = pa.array(ms, pa.timestamp("ms", "UTC"))
    with pytest.raises(feeddate.RangeError, match=r"^format_table: row 1 = 10000-01-01"):
        feeddate.format_table(column, style="feed", locale=["en_US"] * 10, tz="UTC", now=NOW_S)
    good_ids = ["en_US"] * 4 + ["de_DE"] + ["en_US"] * 5
    with pytest.raises(feeddate.InternalError, match=r'^format_table: row 4: locale="de_DE", tz="UTC": internal error'):
        feeddate.format_table(
            pa.array([None if i == 1 else t for i, t in enumerate(ms)], pa.timestamp("ms", "UTC")),
            style="feed",
            locale=good_ids,
            tz="UTC",
            now=NOW_S,
        )
    out = feeddate.format_table(column, style="feed", locale=locales, tz=zones, now=NOW_S, errors="null")
    out.validate(full=True)
    got = out.to_pylist()
    # Row 1: out of range; 2: unknown locale; 3: unknown zone; 4: the library failed; 6: a null
    # instant; 7: a null locale. The others: their own formatter's label.
    assert [i for i, g in enumerate(got) if g is None] == [1, 2, 3, 4, 6, 7]
    for i in (0, 5, 8, 9):
        assert got[i] == feeddate.Formatter("feed", locale=locales[i], tz=zones[i]).format(ms[i] / 1000, NOW_S)


def test_format_table_one_formatter_for_all_rows_takes_errors_too() -> None:
    column = pa.array(ROWS, pa.timestamp("ms", "UTC"))
    with pytest.raises(feeddate.RangeError, match=r"^format_table: row 3 = 10000-01-01"):
        feeddate.format_table(column, style="feed", locale="en_US", tz="UTC", now=NOW_S)
    out = feeddate.format_table(column, style="feed", locale="en_US", tz="UTC", now=NOW_S, errors="null")
    assert out.to_pylist() == labels(ROWS)


def test_a_null_instant_is_a_null_label_even_where_its_ids_are_bad() -> None:
    out = feeddate.format_table(
        pa.array([None, NOW_MS], pa.timestamp("ms", "UTC")),
        style="feed",
        locale=["tlh", "en_US"],
        tz=["UTC", "UTC"],
        now=NOW_S,
    )
    assert out.to_pylist() == [None, F.format(NOW_S, NOW_S)]
