"""The Spark recipe (examples/python/spark_labels.py, docs/SCALE.md): on
local[2], mapInArrow with format_table over a dataframe with a locale and a
zone per row gives, row for row, the labels of one process. Run by
`make test-spark` (mk/spark.mk), which makes a virtual environment with
PySpark, pyarrow and pandas in .cache/spark-venv; not part of test-python,
whose environment has no PySpark. 10,000,000 rows in 10 partitions, as the
issue asks; the labels are compared as Arrow arrays."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from typing import Any, Iterator

import feeddate
import pyarrow as pa
import pytest

REPO = Path(__file__).resolve().parents[3]
ROWS = 10_000_000
PARTITIONS = 10


def _example() -> Any:
    spec = importlib.util.spec_from_file_location("spark_labels", REPO / "examples" / "python" / "spark_labels.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["spark_labels"] = module
    spec.loader.exec_module(module)
    return module


recipe = _example()


@pytest.fixture(scope="module")
def spark() -> Iterator[Any]:
    session = recipe.session("local[2]", app="feeddate-test-spark")
    session.sparkContext.setLogLevel("ERROR")
    recipe.ship_this_module(session)  # the executors have feeddate, not this example file
    try:
        yield session
    finally:
        session.stop()


def test_local_2_gives_the_labels_of_one_process_row_for_row(spark: Any) -> None:
    df = recipe.frame(spark, ROWS, PARTITIONS)
    got = recipe.labels(df, **recipe.OPTIONS).orderBy("id").toArrow()
    rows = df.orderBy("id").toArrow()
    assert got.num_rows == ROWS and got.column("label").null_count == 0
    assert got.column("id").equals(rows.column("id"))
    here = recipe.one_process(rows, **recipe.OPTIONS)
    assert recipe.same_labels(got.column("label"), here)
    # (the comparison can fail: one changed last row is seen)
    assert not recipe.same_labels(
        got.column("label"), pa.chunked_array(here.slice(0, ROWS - 1).chunks + [pa.array(["?"], here.type)])
    )
    # Spark's timestamps reach Python as Arrow timestamps with the session's zone.
    assert pa.types.is_timestamp(rows.column("t").type) and rows.column("t").type.tz is not None
    # And a sample of rows is what Formatter.format gives one by one.
    labels = got.column("label")
    for row in range(0, ROWS, 499_999):
        f = feeddate.Formatter("feed", locale=rows.column("locale")[row].as_py(), tz=rows.column("tz")[row].as_py())
        assert labels[row].as_py() == f.format(rows.column("t")[row].as_py(), recipe.NOW)


def test_a_bad_zone_in_a_row_names_the_row_on_the_executor(spark: Any) -> None:
    from pyspark.sql import functions as F

    df = recipe.frame(spark, 1000, 2).withColumn(
        "tz", F.when(F.col("id") == 700, F.lit("Mars/Base")).otherwise(F.col("tz"))
    )
    with pytest.raises(Exception, match=r"TimeZoneError: format_table: row \d+: .*unknown time zone \"Mars/Base\""):
        recipe.labels(df, **recipe.OPTIONS).collect()
    nulls = recipe.labels(df, **recipe.OPTIONS, errors="null").filter("label is null").collect()
    assert [r["id"] for r in nulls] == [700]
