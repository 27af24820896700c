#!/usr/bin/env python3
"""Feed labels for millions of timestamps, each row with its reader's locale and
zone, on Spark (``DataFrame.mapInArrow``); and a check that they equal one
process's labels.

    python3 examples/python/spark_labels.py                     # 10,000,000 rows on local[2]
    python3 examples/python/spark_labels.py --rows 1000000 --check
    spark-submit --master spark://head:7077 examples/python/spark_labels.py

The rows are made by Spark itself (from ``spark.range``: row i is the same
wherever it is made). ``mapInArrow`` hands each Python worker Arrow record
batches as they are; ``feeddate.format_table`` labels a batch (one library
call per (locale, zone) group, labels straight into Arrow buffers) and the
batch goes back to Spark as Arrow. The function and its options travel to the
executors by pickling; each Python worker keeps its own
``feeddate.formatter_cache``.

Needs ``pip install 'feeddate[spark]'`` on the driver and every executor (the
wheel of ``make wheel``, with pyarrow, pandas and pyspark), and Java 17 or
later. docs/SCALE.md has the recipe, and how to run it on a real cluster.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from typing import Any, Dict, Iterator, List, Optional

import feeddate
import pyarrow as pa

NOW = 1711348200  # 2024-03-25T06:30Z: one fixed "now", so that every run gives the same labels
NOW_MS = NOW * 1000
WEEK_MS = 7 * 86_400_000
FIVE_YEARS_MS = 5 * 365 * 86_400_000
LOCALES = [
    "zh_CN",
    "en_US",
    "de_DE",
    "fr_FR",
    "ja_JP",
    "es_ES",
    "pt_BR",
    "ru_RU",
    "ko_KR",
    "it_IT",
    "nl_NL",
    "sv_SE",
    "pl_PL",
    "tr_TR",
    "ar_EG",
    "hi_IN",
    "th_TH",
    "vi_VN",
    "id_ID",
    "he_IL",
    "uk_UA",
    "cs_CZ",
    "el_GR",
    "fi_FI",
    "da_DK",
    "nb_NO",
    "hu_HU",
    "ro_RO",
    "bg_BG",
    "hr_HR",
    "sk_SK",
    "sl_SI",
    "lt_LT",
    "lv_LV",
    "et_EE",
    "fa_IR",
    "ms_MY",
    "zh_TW",
    "en_GB",
    "fr_CA",
]
ZONES = [
    "Asia/Shanghai",
    "America/New_York",
    "Europe/Berlin",
    "Europe/Paris",
    "Asia/Tokyo",
    "Europe/Madrid",
    "America/Sao_Paulo",
    "Europe/Moscow",
    "Asia/Seoul",
    "Europe/Rome",
    "Europe/Amsterdam",
    "Europe/Stockholm",
    "Europe/Warsaw",
    "Europe/Istanbul",
    "Africa/Cairo",
    "Asia/Kolkata",
    "Asia/Bangkok",
    "Asia/Ho_Chi_Minh",
    "Asia/Jakarta",
    "Asia/Jerusalem",
    "Europe/Kyiv",
    "Europe/Prague",
    "Australia/Sydney",
    "America/Los_Angeles",
    "UTC",
]
OPTIONS: Dict[str, Any] = {"style": "feed", "now": NOW}
# Rows per Arrow batch handed to Python: format_table makes one library call per
# (locale, zone) group of a batch, so larger batches mean fewer, longer calls
# (Spark's default is 10,000).
BATCH_ROWS = 200_000
SCHEMA = "id long, label string"


def session(master: Optional[str] = "local[2]", app: str = "feeddate-labels") -> Any:
    """A SparkSession for the recipe: timestamps in UTC, no UI, large Arrow batches.
    ``master`` None: whatever spark-submit was given."""
    from pyspark.sql import SparkSession

    builder = SparkSession.builder.appName(app)
    if master:
        builder = builder.master(master)
    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)  # executors run this Python (and its feeddate)
    return (
        builder.config("spark.sql.session.timeZone", "UTC")
        .config("spark.ui.enabled", "false")
        .config("spark.sql.shuffle.partitions", "4")
        .config("spark.sql.execution.arrow.maxRecordsPerBatch", str(BATCH_ROWS))
        .config("spark.driver.memory", "2g")
        .getOrCreate()
    )


def frame(spark: Any, rows: int, partitions: int) -> Any:
    """Spark's dataframe of (id, t, locale, tz): 70% of the instants in the last
    week, the rest over five years, and one of 1,000 (locale, zone) pairs per row,
    all derived from the row's id by hashing (the same rows on every run)."""
    from pyspark.sql import functions as F

    ids = spark.range(0, rows, numPartitions=partitions)
    recent = F.pmod(F.xxhash64("id", F.lit(1)), F.lit(10)) < 7
    back = F.when(recent, F.pmod(F.xxhash64("id", F.lit(2)), F.lit(WEEK_MS))).otherwise(
        F.pmod(F.xxhash64("id", F.lit(3)), F.lit(FIVE_YEARS_MS))
    )
    return ids.select(
        "id",
        F.timestamp_millis(F.lit(NOW_MS) - back).alias("t"),
        F.element_at(
            F.array(*map(F.lit, LOCALES)), (F.pmod(F.xxhash64("id", F.lit(4)), F.lit(len(LOCALES))) + 1).cast("int")
        ).alias("locale"),
        F.element_at(
            F.array(*map(F.lit, ZONES)), (F.pmod(F.xxhash64("id", F.lit(5)), F.lit(len(ZONES))) + 1).cast("int")
        ).alias("tz"),
    )


def ship_this_module(spark: Any) -> None:
    """When this file is imported (a test) rather than run, its functions are
    pickled by reference: send the file to the executors (SparkContext.addPyFile),
    so that they need feeddate but not a copy of it. Run as a script (or with
    spark-submit), its functions travel by value anyway."""
    if __name__ != "__main__":
        spark.sparkContext.addPyFile(__file__)


def label_batches(batches: Iterator[pa.RecordBatch], options: Dict[str, Any]) -> Iterator[pa.RecordBatch]:
    """mapInArrow's function: each batch's labels, with its ids. Spark's string
    columns are 32-bit offset strings: the large_string labels are cast to them
    (the offsets are rewritten, the text stays where the library wrote it)."""
    for batch in batches:
        labels = feeddate.format_table(
            batch.column("t"), locale=batch.column("locale"), tz=batch.column("tz"), **options
        )
        yield pa.RecordBatch.from_arrays([batch.column("id"), labels.cast(pa.string())], names=["id", "label"])


def labels(df: Any, **options: Any) -> Any:
    """The dataframe of (id, label): format_table over every Arrow batch."""
    return df.mapInArrow(lambda batches: label_batches(batches, options), SCHEMA)


def one_process(table: pa.Table, **options: Any) -> pa.ChunkedArray:
    """The labels of a collected (id, t, locale, tz) table, made in this process."""
    return feeddate.format_table(table.column("t"), locale=table.column("locale"), tz=table.column("tz"), **options)


def same_labels(got: pa.ChunkedArray, here: pa.ChunkedArray) -> bool:
    """Whether Spark's label column holds exactly `here`, row for row (compared
    as Arrow arrays: no Python string per row)."""
    return got.cast(pa.large_string()).equals(here.cast(pa.large_string()))


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rows", type=int, default=10_000_000, help="rows (default 10,000,000)")
    parser.add_argument(
        "--partitions", type=int, default=0, help="partitions (default: one per million rows, at least 4)"
    )
    parser.add_argument("--master", default="local[2]", help="Spark master (default local[2]; '' for spark-submit's)")
    parser.add_argument("--check", action="store_true", help="compare with the labels of one process, row for row")
    args = parser.parse_args(argv)
    partitions = args.partitions or max(4, args.rows // 1_000_000)
    spark = session(args.master or None)
    try:
        df = frame(spark, args.rows, partitions)
        t0 = time.perf_counter()
        out = labels(df, **OPTIONS)
        count = out.filter("label is not null").count()
        t1 = time.perf_counter()
        print(
            f"{count:,} labels from {args.rows:,} rows in {partitions} partitions: {t1 - t0:.2f} s "
            f"({args.rows / (t1 - t0) / 1e6:.2f} M labels/s)"
        )
        got = out.orderBy("id").toArrow()
        print(got.slice(0, 5).to_pandas().to_string(index=False))
        if args.check:
            rows = df.orderBy("id").toArrow()
            same = got.column("id").equals(rows.column("id")) and same_labels(
                got.column("label"), one_process(rows, **OPTIONS)
            )
            print(f"the same labels as one process, row for row: {same}")
            if not same:
                return 1
    finally:
        spark.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
