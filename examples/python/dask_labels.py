#!/usr/bin/env python3
"""Feed labels for millions of timestamps, each row with its reader's locale and
zone, on a Dask cluster; and a check that they equal one process's labels.

    python3 examples/python/dask_labels.py                      # 10,000,000 rows, 2 local workers
    python3 examples/python/dask_labels.py --rows 1000000 --check
    python3 examples/python/dask_labels.py --scheduler tcp://10.0.0.5:8786

The rows are made on the workers (``dask.dataframe.from_map``: partition i is
the same wherever it is made), then ``map_partitions`` runs
``feeddate.format_table`` on each pandas partition: one library call per
(locale, zone) group, labels straight into Arrow buffers. The function and its
options travel to the workers by pickling; a ``Formatter`` does too (see
``label_column``). Each worker keeps its own ``feeddate.formatter_cache``.

Needs ``pip install 'feeddate[dask]'`` here and on every worker: the wheel of
``make wheel`` with its dask extra (pyarrow, pandas, dask[distributed]).
docs/SCALE.md has the recipe, and how to run it on a real cluster.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from typing import Any, Dict, List, Optional, Tuple

import feeddate
import numpy as np
import pandas as pd
import pyarrow as pa

NOW = 1711348200  # 2024-03-25T06:30Z: one fixed "now", so that every run gives the same labels
NOW_MS = NOW * 1000
WEEK_MS = 7 * 86_400_000
FIVE_YEARS_MS = 5 * 365 * 86_400_000

# 40 locales x 25 zones: 1,000 (locale, zone) pairs, one picked per row.
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
LABEL_META = pd.Series([], dtype=pd.ArrowDtype(pa.large_string()), name="label")


def make_partition(i: int, first: int, rows: int, seed: int = 2024) -> pd.DataFrame:
    """Partition i: ``rows`` rows of (id, t, locale, tz) with ids from ``first``,
    the same wherever it is made. 70% of the instants lie in the last week, the
    rest over five years (the mix of bench/bench_python.py); the ids are
    categoricals, as pandas keeps repeated strings, and format_table uses their
    codes as they are."""
    rng = np.random.default_rng([seed, i])
    back = np.where(rng.random(rows) < 0.7, rng.integers(0, WEEK_MS, rows), rng.integers(0, FIVE_YEARS_MS, rows))
    pair = rng.integers(0, len(LOCALES) * len(ZONES), rows)
    return pd.DataFrame(
        {
            "t": pd.Series((NOW_MS - back).astype("datetime64[ms]")).dt.tz_localize("UTC").array,
            "locale": pd.Categorical.from_codes(pair // len(ZONES), categories=LOCALES),
            "tz": pd.Categorical.from_codes(pair % len(ZONES), categories=ZONES),
        },
        index=pd.RangeIndex(first, first + rows, name="id"),
    )


def label_partition(part: pd.DataFrame, **options: Any) -> pd.Series:
    """The labels of one partition: its own locale and zone per row."""
    return feeddate.format_table(part["t"], locale=part["locale"], tz=part["tz"], **options).rename("label")


def label_column(times: pd.Series, formatter: feeddate.Formatter, now: int) -> pd.Series:
    """One locale and zone for every row: a pickled Formatter labels the column."""
    return formatter.format_column(times, now).rename("label")


def specs(rows: int, partitions: int) -> List[Tuple[int, int, int]]:
    """(i, first id, rows) of each partition: equal sizes, the last one shorter."""
    per = -(-rows // partitions) if rows else 0
    return [(i, i * per, min(per, rows - i * per)) for i in range(partitions) if i * per < rows or i == 0]


def _make(spec: Tuple[int, int, int]) -> pd.DataFrame:
    return make_partition(*spec)


def frame(rows: int, partitions: int) -> Any:
    """The dask dataframe of ``rows`` rows in ``partitions`` partitions, each
    made on a worker by make_partition."""
    import dask.dataframe as dd

    return dd.from_map(_make, specs(rows, partitions), meta=make_partition(0, 0, 0))


def labels(rows: int, partitions: int, **options: Any) -> Any:
    """The dask Series of labels (lazy): format_table on every partition."""
    return frame(rows, partitions).map_partitions(label_partition, **options, meta=LABEL_META)


def one_process(rows: int, partitions: int, **options: Any) -> pd.Series:
    """The same labels made in this process, partition by partition."""
    return pd.concat([label_partition(_make(spec), **options) for spec in specs(rows, partitions)])


def ship_this_module(client: Any) -> None:
    """When this file is imported (a test, the benchmark) rather than run as a
    script, its functions are pickled by reference: send the file to the
    workers (Client.upload_file), so that they need feeddate but not a copy of
    it. Run as a script, its functions travel by value anyway."""
    if __name__ != "__main__":
        client.upload_file(_SOURCE, load=False)


# This file's path, kept if a scheduler in this process reloads the module from
# its own temporary copy (a LocalCluster's scheduler runs in the client's process).
_SOURCE = globals().get("_SOURCE") or os.path.abspath(__file__)


def local_cluster(workers: int) -> Any:
    """A distributed.LocalCluster of ``workers`` processes, one thread each, on
    ports the system picks (no dashboard)."""
    from distributed import LocalCluster

    return LocalCluster(
        n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=":0", silence_logs=40
    )


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rows", type=int, default=10_000_000, help="rows (default 10,000,000)")
    parser.add_argument(
        "--partitions", type=int, default=0, help="partitions (default: one per million rows, at least 4)"
    )
    parser.add_argument("--workers", type=int, default=2, help="local worker processes (default 2)")
    parser.add_argument("--scheduler", help="address of a running scheduler instead of a local cluster")
    parser.add_argument("--check", action="store_true", help="compare with the labels of one process, row for row")
    args = parser.parse_args(argv)
    from distributed import Client

    partitions = args.partitions or max(4, args.rows // 1_000_000)
    cluster = None if args.scheduler else local_cluster(args.workers)
    with Client(args.scheduler or cluster) as client:
        ship_this_module(client)
        print(
            f"cluster: {len(client.scheduler_info()['workers'])} workers; {args.rows:,} rows in {partitions} partitions"
        )
        t0 = time.perf_counter()
        series = labels(args.rows, partitions, **OPTIONS).persist()
        counts = series.map_partitions(len).compute()
        t1 = time.perf_counter()
        result = series.compute()
        t2 = time.perf_counter()
        print(
            f"labelled on the cluster: {int(counts.sum()):,} labels in {t1 - t0:.2f} s "
            f"({args.rows / (t1 - t0) / 1e6:.2f} M labels/s); gathered here in {t2 - t1:.2f} s"
        )
        print(result.head(5).to_string())
        if args.check:
            t3 = time.perf_counter()
            local = one_process(args.rows, partitions, **OPTIONS)
            same = local.index.equals(result.index) and bool((local == result).all())  # Arrow's compare
            print(f"one process: {time.perf_counter() - t3:.2f} s; the same labels row for row: {same}")
            if not same:
                return 1
    if cluster is not None:
        cluster.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
