"""Formatter.format_column: every column kind gives format's labels as Arrow
large_string arrays written in place by the library, nulls stay null, and
wrong input is refused saying what to pass. pyarrow, pandas and polars are
test dependencies: make test-python installs them, so there these tests never
skip; make check with a Python that lacks one skips this file, saying which."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from typing import Any, List

import feeddate
import numpy as np
import pytest
from feeddate import _columns

_NEED = "make test-python installs it; make check skips what needs it"
pa = pytest.importorskip("pyarrow", reason=f"pyarrow is not installed ({_NEED})")
pd = pytest.importorskip("pandas", reason=f"pandas is not installed ({_NEED})")
pl = pytest.importorskip("polars", reason=f"polars is not installed ({_NEED})")

NOW_S = 1711348200  # 2024-03-25T06:30Z
NOW_MS = NOW_S * 1000
DAY = 86_400_000
# Instants around now: seconds to years back, and some ahead.
OFFSETS_MS = [
    0,
    999,
    30_000,
    61_000,
    3_600_000,
    5 * 3_600_000,
    DAY,
    DAY + 1,
    2 * DAY,
    5 * DAY,
    9 * DAY,
    40 * DAY,
    200 * DAY,
    400 * DAY,
    3000 * DAY,
    -45_000,
    -2 * DAY,
]
MS = np.array([NOW_MS - d for d in OFFSETS_MS], dtype=np.int64)

FEED = feeddate.Formatter("feed", locale="zh_CN", tz="Asia/Shanghai")
BUBBLE = feeddate.Formatter("chat_bubble", locale="en_US", tz="America/New_York")


def expected(f: feeddate.Formatter, ms: Any) -> List[Any]:
    """format's labels, one call per instant (None where the instant is None)."""
    return [None if t is None else f.format(t / 1000, NOW_S) for t in ms]


def valid_large_strings(array: Any) -> Any:
    """The array after Arrow's full validation; its type is large_string."""
    array.validate(full=True)
    assert array.type == pa.large_string()
    return array


@pytest.mark.parametrize("f", [FEED, BUBBLE], ids=repr)
def test_arrow_timestamps_in_ms_equal_format(f: feeddate.Formatter) -> None:
    out = valid_large_strings(f.format_column(pa.array(MS, pa.timestamp("ms", "UTC")), NOW_S))
    assert isinstance(out, pa.Array)
    assert out.to_pylist() == expected(f, MS.tolist())


@pytest.mark.parametrize("unit", ["s", "ms", "us", "ns"])
def test_every_arrow_unit_and_any_zone_of_the_type(unit: str) -> None:
    scale = {"s": (1, 1000), "ms": (1, 1), "us": (1000, 1), "ns": (1_000_000, 1)}[unit]
    ints = MS * scale[0] // scale[1]
    for zone in ("UTC", "Asia/Tokyo", "+05:30"):  # the type's zone does not change the instants
        out = FEED.format_column(pa.array(ints, pa.timestamp(unit, zone)), NOW_S)
        assert valid_large_strings(out).to_pylist() == expected(
            FEED, (MS // 1000 * 1000 if unit == "s" else MS).tolist()
        )


def test_labels_are_written_in_place_into_the_arrays_buffers(monkeypatch: pytest.MonkeyPatch) -> None:
    """The library's bytes are the array's data buffer and its ends the offsets: no copy."""
    made: List[Any] = []
    real = _columns.Text

    class Recording(real):  # type: ignore[misc, valid-type]
        def __init__(self, *args: Any) -> None:
            super().__init__(*args)
            made.append(self)

    monkeypatch.setattr(_columns, "Text", Recording)
    out = FEED.format_column(pa.array(MS, pa.timestamp("ms", "UTC")), NOW_S)
    validity, offsets, data = out.buffers()
    assert validity is None and len(made) == 1
    assert data.address == made[0].buf.address  # the buffer the library wrote into
    assert np.frombuffer(offsets, np.int64)[0] == 0
    assert data.size == np.frombuffer(offsets, np.int64)[-1]


def test_timestamp_ms_input_is_not_copied(monkeypatch: pytest.MonkeyPatch) -> None:
    column = pa.array(MS, pa.timestamp("ms", "UTC"))
    seen: List[int] = []
    real = _columns.Text.write

    def write(self: Any, handle: Any, t_at: int, *rest: Any) -> int:
        seen.append(t_at)
        return real(self, handle, t_at, *rest)

    monkeypatch.setattr(_columns.Text, "write", write)
    FEED.format_column(column, NOW_S)
    assert seen == [column.buffers()[1].address]


def test_long_columns_go_in_chunks(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_columns, "CHUNK_ROWS", 7)
    many = np.tile(MS, 3)  # 51 rows: 8 chunks
    out = FEED.format_column(pa.array(many, pa.timestamp("ms", "UTC")), NOW_S)
    assert isinstance(out, pa.ChunkedArray) and out.num_chunks == 8
    for chunk in out.chunks:
        valid_large_strings(chunk)
    assert out.to_pylist() == expected(FEED, many.tolist())
    # A chunked input stays chunked, its chunks cut again where they are long.
    chunked = pa.chunked_array(
        [pa.array(many[:3], pa.timestamp("ms", "UTC")), pa.array(many[3:], pa.timestamp("ms", "UTC"))]
    )
    out = FEED.format_column(chunked, NOW_S)
    assert isinstance(out, pa.ChunkedArray) and [len(c) for c in out.chunks] == [3, 7, 7, 7, 7, 7, 7, 6]
    assert out.to_pylist() == expected(FEED, many.tolist())


def test_chunked_input_of_one_short_chunk_stays_chunked() -> None:
    out = FEED.format_column(pa.chunked_array([pa.array(MS, pa.timestamp("ms", "UTC"))]), NOW_S)
    assert isinstance(out, pa.ChunkedArray) and out.to_pylist() == expected(FEED, MS.tolist())


def test_a_short_first_guess_of_the_buffer_retries(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_columns, "_FIRST_GUESS", 1)
    monkeypatch.setattr(_columns, "CHUNK_ROWS", 5)
    out = BUBBLE.format_column(pa.array(MS, pa.timestamp("ms", "UTC")), NOW_S)
    assert out.to_pylist() == expected(BUBBLE, MS.tolist())


def test_nulls_give_nulls_with_empty_slots() -> None:
    values: List[Any] = MS.tolist()
    for i in (0, 4, 5, len(values) - 1):
        values[i] = None
    out = valid_large_strings(FEED.format_column(pa.array(values, pa.timestamp("ms", "UTC")), NOW_S))
    assert out.to_pylist() == expected(FEED, values)
    offsets = np.frombuffer(out.buffers()[1], np.int64)
    assert all(offsets[i] == offsets[i + 1] for i in (0, 4, 5, len(values) - 1))  # no bytes behind a null
    assert out.null_count == 4


def test_nulls_in_a_slice_with_an_offset() -> None:
    values: List[Any] = MS.tolist() * 2
    values[11] = values[20] = None
    column = pa.array([v * 1000 if v is not None else None for v in values], pa.timestamp("us", "UTC")).slice(9, 15)
    out = valid_large_strings(FEED.format_column(column, NOW_S))
    assert out.to_pylist() == expected(FEED, values[9:24])


def test_all_null_and_empty_columns() -> None:
    out = valid_large_strings(FEED.format_column(pa.array([None, None], pa.timestamp("ms", "UTC")), NOW_S))
    assert out.to_pylist() == [None, None]
    assert FEED.format_column(pa.nulls(3), NOW_S).to_pylist() == [None, None, None]
    empty = FEED.format_column(pa.array([], pa.timestamp("ms", "UTC")), NOW_S)
    assert valid_large_strings(empty).to_pylist() == []
    assert FEED.format_column(np.array([], dtype="datetime64[ms]"), NOW_S).to_pylist() == []


def test_naive_timestamps_need_naive_utc() -> None:
    naive = pa.array(MS, pa.timestamp("ms"))
    with pytest.raises(ValueError, match=r"no time zone.*naive='utc'") as caught:
        FEED.format_column(naive, NOW_S)
    assert isinstance(caught.value, feeddate.ArgumentError)
    assert FEED.format_column(naive, NOW_S, naive="utc").to_pylist() == expected(FEED, MS.tolist())
    assert FEED.format_column(naive, NOW_S, naive="UTC").to_pylist() == expected(FEED, MS.tolist())
    with pytest.raises(feeddate.ArgumentError, match=r"naive='local'.*naive='utc'"):
        FEED.format_column(naive, NOW_S, naive="local")


def test_integers_need_a_unit_never_guessed() -> None:
    with pytest.raises(feeddate.ArgumentError, match=r"needs unit= \('s', 'ms', 'us' or 'ns'\)"):
        FEED.format_column(MS, NOW_S)
    with pytest.raises(feeddate.ArgumentError, match=r"integer column \(int64\) needs unit="):
        FEED.format_column(pa.array(MS), NOW_S)
    for unit, ints in (("ms", MS), ("s", MS // 1000), ("us", MS * 1000), ("ns", MS * 1_000_000)):
        want = expected(FEED, (MS // 1000 * 1000 if unit == "s" else MS).tolist())
        assert FEED.format_column(ints, NOW_S, unit=unit).to_pylist() == want
        assert FEED.format_column(pa.array(ints), NOW_S, unit=unit.upper()).to_pylist() == want
    assert FEED.format_column(pa.array(MS // 1000, pa.int32()), NOW_S, unit="s").to_pylist() == expected(
        FEED, (MS // 1000 * 1000).tolist()
    )
    with pytest.raises(feeddate.ArgumentError, match=r"unit='days': use one of 's', 'ms', 'us', 'ns'"):
        FEED.format_column(MS, NOW_S, unit="days")
    with pytest.raises(feeddate.ArgumentError, match=r"unit='s' does not match the column's timestamp\[ms"):
        FEED.format_column(pa.array(MS, pa.timestamp("ms", "UTC")), NOW_S, unit="s")


def test_out_of_range_rows_are_named() -> None:
    with pytest.raises(
        feeddate.RangeError, match=r"row 2 = 1711348200000 \(s\): instant .*looks like milliseconds: pass unit='ms'"
    ):
        FEED.format_column(pa.array([NOW_S, None, NOW_MS]), NOW_S, unit="s")
    ms = MS.copy()
    ms[3] = 253402300800000  # 10000-01-01
    with pytest.raises(
        feeddate.RangeError,
        match=r"row 3 = 10000-01-01T00:00:00.000 \(253402300800000 ms\): instant 253402300800000 ms is outside the supported range -62135596800000\.\.\.253402300799999 ms \(0001-01-01T00:00:00Z \.\.\. 9999-12-31T23:59:59\.999Z\)$",
    ):
        FEED.format_column(pa.array(ms, pa.timestamp("ms", "UTC")), NOW_S)
    with pytest.raises(feeddate.RangeError, match=r"row 1 = 9223372036854775808 \(ns\)"):
        FEED.format_column(np.array([NOW_MS, 2**63], dtype=np.uint64), NOW_S, unit="ns")
    with pytest.raises(
        feeddate.RangeError,
        match=r"row 1 = 10000-01-01 \(2932897 D\): instant 253402300800000 ms is outside the supported range",
    ):
        FEED.format_column(np.array(["2024-01", "10000-01"], dtype="datetime64[M]"), NOW_S)
    with pytest.raises(
        feeddate.RangeError,
        match=r"row 0 = 0000-12-31T23:59:59 \(-62135596801 s\): instant -62135596801000 ms is outside",
    ):
        FEED.format_column(np.array(["0000-12-31T23:59:59"], dtype="datetime64[s]"), NOW_S)


def test_numpy_datetime64_is_read_as_utc_and_nat_is_null() -> None:
    values = MS.astype("datetime64[ms]")
    assert FEED.format_column(values, NOW_S).to_pylist() == expected(FEED, MS.tolist())
    with_nat = values.copy()
    with_nat[2] = np.datetime64("NaT")
    want = expected(FEED, MS.tolist())
    want[2] = None
    assert valid_large_strings(FEED.format_column(with_nat, NOW_S)).to_pylist() == want
    days = np.array(["2024-03-24", "2024-03-20", "NaT"], dtype="datetime64[D]")
    assert FEED.format_column(days, NOW_S).to_pylist() == [
        FEED.format(days[0], NOW_S),
        FEED.format(days[1], NOW_S),
        None,
    ]
    months = np.array(["2024-03", "2023-01"], dtype="datetime64[M]")
    assert FEED.format_column(months, NOW_S).to_pylist() == [FEED.format(m, NOW_S) for m in months]
    with pytest.raises(feeddate.ArgumentError, match="1-D"):
        FEED.format_column(values.reshape(1, -1), NOW_S)


def test_pandas_in_pandas_out_with_the_index() -> None:
    times = pd.Series(pd.to_datetime(MS, unit="ms", utc=True), index=[f"r{i}" for i in range(len(MS))], name="sent")
    times.iloc[1] = pd.NaT
    out = FEED.format_column(times, NOW_S)
    assert isinstance(out, pd.Series)
    assert out.dtype == pd.ArrowDtype(pa.large_string())
    assert out.index.equals(times.index) and out.name == "sent"
    want = expected(FEED, MS.tolist())
    want[1] = None
    assert [None if pd.isna(v) else v for v in out.tolist()] == want
    # ns, a zone of its own, Arrow-backed timestamps, nullable integers with unit=.
    assert FEED.format_column(times.dt.tz_convert("Asia/Tokyo").astype("datetime64[ns, Asia/Tokyo]"), NOW_S).fillna(
        "-"
    ).tolist() == ["-" if v is None else v for v in want]
    arrow_backed = pd.Series(pa.array(MS, pa.timestamp("ms", "UTC")), dtype=pd.ArrowDtype(pa.timestamp("ms", "UTC")))
    assert FEED.format_column(arrow_backed, NOW_S).tolist() == expected(FEED, MS.tolist())
    nullable = pd.Series([NOW_MS, None], dtype="Int64")
    assert FEED.format_column(nullable, NOW_S, unit="ms").fillna("-").tolist() == [FEED.format(NOW_S, NOW_S), "-"]


def test_naive_pandas_needs_naive_utc() -> None:
    naive = pd.Series(pd.to_datetime(MS, unit="ms"))
    with pytest.raises(ValueError, match=r"no time zone.*tz_localize"):
        FEED.format_column(naive, NOW_S)
    assert FEED.format_column(naive, NOW_S, naive="utc").tolist() == expected(FEED, MS.tolist())


def test_polars_in_polars_out() -> None:
    times = pl.Series("sent", MS.tolist(), dtype=pl.Int64).cast(pl.Datetime("ms")).dt.replace_time_zone("UTC")
    times = times.scatter(3, None)
    out = FEED.format_column(times, NOW_S)
    assert isinstance(out, pl.Series) and out.name == "sent" and out.dtype == pl.String
    want = expected(FEED, MS.tolist())
    want[3] = None
    assert out.to_list() == want
    with pytest.raises(ValueError, match="replace_time_zone"):
        FEED.format_column(times.dt.replace_time_zone(None), NOW_S)
    assert FEED.format_column(pl.Series(MS.tolist()), NOW_S, unit="ms").to_list() == expected(FEED, MS.tolist())


def test_now_none_uses_the_formatters_clock() -> None:
    class Fixed:
        def now_ms(self) -> int:
            return NOW_MS

    f = feeddate.Formatter("feed", locale="zh_CN", tz="Asia/Shanghai", clock=Fixed())
    assert f.format_column(MS.astype("datetime64[ms]")).to_pylist() == expected(FEED, MS.tolist())


def test_what_is_not_a_column_of_instants_is_refused() -> None:
    with pytest.raises(TypeError, match=r"a column of string is not instants: pass timestamps"):
        FEED.format_column(pa.array(["2024-03-25"]), NOW_S)
    with pytest.raises(TypeError, match=r"dtype complex128 is not instants"):
        FEED.format_column(np.array([1.5j]), NOW_S)
    with pytest.raises(feeddate.ArgumentError, match=r"float array \(float64\) needs unit="):
        FEED.format_column(np.array([1.5]), NOW_S)  # floats count a unit, as integers do
    with pytest.raises(TypeError, match=r"set is not a column of instants: pass a pyarrow timestamp"):
        FEED.format_column({1, 2}, NOW_S)


def test_the_core_package_imports_without_the_optional_packages() -> None:
    """import feeddate needs none of numpy, pyarrow, pandas, polars, dask, pyspark;
    the column calls then say which extra to install."""
    code = textwrap.dedent(
        """
        import sys
        BLOCKED = ("numpy", "pyarrow", "pandas", "polars", "dask", "distributed", "pyspark")

        class Block:
            def find_spec(self, name, path=None, target=None):
                if name.split(".")[0] in BLOCKED:
                    raise ImportError(f"{name} is blocked for this test")
                return None

        sys.meta_path.insert(0, Block())
        import feeddate
        f = feeddate.Formatter("chat_list", locale="zh_CN", tz="Asia/Shanghai")
        assert f.format(1711242000, now=1711339200) == "昨天"
        assert f.format_many([1711242000], now=1711339200) == ["昨天"]
        for call in (lambda: f.format_column([1], 0, unit="s"),
                     lambda: feeddate.format_table([1], style="feed", locale="en", tz="UTC", unit="s")):
            try:
                call()
            except ImportError as exc:
                assert "pip install 'feeddate[arrow]'" in str(exc), exc
            else:
                raise AssertionError("no ImportError")
        loaded = sorted(m for m in sys.modules if m.split(".")[0] in BLOCKED)
        assert not loaded, loaded
        print("ok")
        """
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=os.environ.copy(), timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "ok"


def test_a_pandas_datetime_index_gives_a_pandas_index() -> None:
    """1.1: "DatetimeIndex is not a column of instants"."""
    index = pd.DatetimeIndex(MS.astype("datetime64[ms]"), name="sent").tz_localize("UTC")
    out = FEED.format_column(index, NOW_S)
    assert isinstance(out, pd.Index) and out.name == "sent" and str(out.dtype) == "large_string[pyarrow]"
    assert out.tolist() == expected(FEED, MS.tolist())
    with_nat = index.insert(1, pd.NaT)
    assert FEED.format_column(with_nat, NOW_S).tolist()[1] is pd.NA
    with pytest.raises(feeddate.ArgumentError, match="has no time zone"):
        FEED.format_column(index.tz_localize(None), NOW_S)
    assert FEED.format_column(index.tz_localize(None), NOW_S, naive="utc").tolist() == out.tolist()


@pytest.mark.parametrize("unit, scale", [("s", 1000), ("ms", 1), ("us", 1 / 1000), ("ns", 1 / 10**6)])
def test_float_columns_with_a_unit(unit: str, scale: float) -> None:
    """Numbers counted in a unit, as floats (a pandas column with NaN for missing
    values is one): rounded to the millisecond, as a float instant is; NaN is null."""
    values = MS / scale
    want = expected(FEED, MS.tolist())
    assert FEED.format_column(values, NOW_S, unit=unit).to_pylist() == want
    assert FEED.format_column(pa.array(values), NOW_S, unit=unit).to_pylist() == want
    # A copy: whether pd.Series shares the array depends on pandas' version
    # (copy-on-write), and the NaN below must not reach `values`.
    series = pd.Series(values.copy(), index=range(10, 10 + len(values)))
    series[11] = np.nan
    out = FEED.format_column(series, NOW_S, unit=unit)
    assert out.tolist() == [pd.NA if i == 1 else w for i, w in enumerate(want)]
    assert FEED.format_column(pl.Series(values), NOW_S, unit=unit).to_list() == want


def test_a_float_column_needs_a_unit_and_finite_values() -> None:
    with pytest.raises(feeddate.ArgumentError, match=r"a float column \(double\) needs unit="):
        FEED.format_column(pa.array([1.5]), NOW_S)
    with pytest.raises(ValueError, match=r"^format_column: row 1 = inf is not an instant"):
        FEED.format_column(np.array([NOW_S, np.inf]), NOW_S, unit="s")
    with pytest.raises(
        feeddate.RangeError, match=r"^format_column: row 0 = 1e\+20 \(s\): instant 9223372036854775807 ms is outside"
    ):  # clamped
        FEED.format_column(np.array([1e20]), NOW_S, unit="s")
