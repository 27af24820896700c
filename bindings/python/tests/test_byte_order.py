"""Arrays in the other byte order are read by value, in every entry point.

``np.array([1 << 40], ">M8[ms]")`` holds the same instants as its native
twin; 1.1 handed its raw bytes to the library (as another instant, or a
RangeError for one far out of range) in format_many, batch, format_column and
format_table. Integer and float arrays in the other byte order, with unit=, too.
"""

from __future__ import annotations

from typing import Any, Callable, Dict, List

import feeddate
import numpy as np
import pytest

pytest.importorskip("pyarrow")

NOW_S = 1711348200  # 2024-03-25T06:30:00Z
F = feeddate.Formatter("feed_detail", locale="en_US", tz="UTC")
# From 1970 to 9999, and one before 1970.
MS = [1 << 40, 1711339200123, 1711242000000, -86_400_000 * 365, 253402300799999]

ENTRY_POINTS: Dict[str, Callable[..., List[Any]]] = {
    "format_many": lambda values, **kw: F.format_many(values, NOW_S, **kw),
    "batch": lambda values, **kw: F.batch(values, NOW_S, **kw).texts,
    "format_column": lambda values, **kw: F.format_column(values, NOW_S, **kw).to_pylist(),
    "format_table": lambda values, **kw: feeddate.format_table(
        values, style="feed_detail", locale=["en_US"] * len(values), tz="UTC", now=NOW_S, **kw
    ).to_pylist(),
}


def swapped(values: Any) -> Any:
    """The same values in the other byte order."""
    other = values.astype(values.dtype.newbyteorder("S"))
    assert other.dtype.isnative is False and (other == values).all()
    return other


@pytest.mark.parametrize("entry", ENTRY_POINTS)
@pytest.mark.parametrize("unit", ["ms", "s", "us", "D", "M"])
def test_datetime64_in_the_other_byte_order(entry: str, unit: str) -> None:
    native = np.array(MS, "datetime64[ms]").astype(f"datetime64[{unit}]")
    call = ENTRY_POINTS[entry]
    assert call(swapped(native)) == call(native)


@pytest.mark.parametrize("entry", ENTRY_POINTS)
@pytest.mark.parametrize(
    "dtype, unit, scale",
    [("i8", "ms", 1), ("i8", "us", 1000), ("u8", "ms", 1), ("i4", "s", 0), ("f8", "s", 0), ("f8", "ms", 1)],
)
def test_numbers_in_the_other_byte_order(entry: str, dtype: str, unit: str, scale: int) -> None:
    ms = [m for m in MS if m >= 0 and (scale or m < 2**31 * 1000)]
    native = np.array([m * scale if scale else m // 1000 for m in ms], dtype)
    call = ENTRY_POINTS[entry]
    assert call(swapped(native), unit=unit) == call(native, unit=unit)
    assert len(set(call(native, unit=unit))) == len(ms)


def test_the_expected_labels() -> None:
    # What a big-endian 1 << 40 ms is: 2004-11-03T19:53:47.776Z, not 1512075-06-30 (its bytes reversed).
    assert F.format_many(swapped(np.array([1 << 40], "datetime64[ms]")), NOW_S) == ["Nov 3, 2004, 7:53\u202fPM"]


def test_pandas_series_in_the_other_byte_order() -> None:
    pd = pytest.importorskip("pandas")
    native = np.array(MS, np.int64)
    got = F.format_column(pd.Series(swapped(native), index=list("abcde")), NOW_S, unit="ms")  # 1.1: Arrow's error
    assert got.tolist() == F.format_many(native, NOW_S, unit="ms") and list(got.index) == list("abcde")
