"""The Dask recipe (examples/python/dask_labels.py, docs/SCALE.md): on a
distributed.LocalCluster of 2 worker processes, format_table over a dask
dataframe with a locale and a zone per row gives, row for row, the labels of
one process; a pickled Formatter labels a column there too. 10,000,000 rows
in 10 partitions, as the issue asks (about 25 s on 2 cores). The two results
are compared as Arrow arrays, not as 20 million Python strings.
dask[distributed] and pandas are test dependencies: make test-python installs
them, so there these tests never skip; make check with a Python that lacks one
skips this file, saying which."""

from __future__ import annotations

import importlib.util
import sys
from typing import Any, Iterator

import feeddate
import pytest
from conftest import REPO

_NEED = "make test-python installs it; make check skips what needs it"
pd = pytest.importorskip("pandas", reason=f"pandas is not installed ({_NEED})")
Client = pytest.importorskip("distributed", reason=f"dask[distributed] is not installed ({_NEED})").Client

ROWS = 10_000_000
PARTITIONS = 10
TIMEOUT_S = 300  # a worker that cannot run a task makes the cluster wait forever: fail instead


def _example(name: str) -> Any:
    spec = importlib.util.spec_from_file_location(name, REPO / "examples" / "python" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


recipe = _example("dask_labels")


@pytest.fixture(scope="module")
def client() -> Iterator[Client]:
    with recipe.local_cluster(2) as cluster, Client(cluster) as connected:
        recipe.ship_this_module(connected)  # the workers have feeddate, not this example file
        assert len(connected.scheduler_info()["workers"]) == 2
        yield connected


def test_two_workers_give_the_labels_of_one_process_row_for_row(client: Client) -> None:
    on_cluster = client.compute(recipe.labels(ROWS, PARTITIONS, **recipe.OPTIONS)).result(timeout=TIMEOUT_S)
    here = recipe.one_process(ROWS, PARTITIONS, **recipe.OPTIONS)
    assert len(on_cluster) == ROWS and not on_cluster.isna().any()
    assert on_cluster.index.equals(here.index) and on_cluster.index.is_unique
    assert on_cluster.dtype == pd.ArrowDtype(__import__("pyarrow").large_string())
    assert here.dtype == on_cluster.dtype
    assert bool((on_cluster == here).all()), "labels differ from one process's"
    # And both are what Formatter.format gives row by row (a sample of rows).
    part = recipe.make_partition(*recipe.specs(ROWS, PARTITIONS)[1])
    for row in range(0, len(part), 25_013):
        f = feeddate.Formatter("feed", locale=part["locale"].iloc[row], tz=part["tz"].iloc[row])
        assert on_cluster.loc[part.index[row]] == f.format(part["t"].iloc[row], recipe.NOW)


def test_a_pickled_formatter_labels_a_column_on_the_workers(client: Client) -> None:
    formatter = feeddate.Formatter("chat_list", locale="de_CH", tz="Europe/Zurich")
    frame = recipe.frame(200_000, 3)
    labels = frame["t"].map_partitions(recipe.label_column, formatter, recipe.NOW, meta=recipe.LABEL_META)
    on_cluster = client.compute(labels).result(timeout=TIMEOUT_S)
    here = formatter.format_column(frame["t"].compute(), recipe.NOW)
    assert on_cluster.tolist() == here.tolist()


def test_uneven_partitions_keep_ids_unique() -> None:
    assert recipe.specs(10, 4) == [(0, 0, 3), (1, 3, 3), (2, 6, 3), (3, 9, 1)]
    assert recipe.specs(0, 4) == [(0, 0, 0)]


def test_the_spark_recipe_draws_the_same_rows() -> None:
    # Each recipe is one file that runs alone on a cluster, so both carry the
    # mix of rows; they must stay the same (pyspark is imported only inside
    # the Spark recipe's functions, so it loads here without it).
    spark = _example("spark_labels")
    for name in ("NOW", "NOW_MS", "WEEK_MS", "FIVE_YEARS_MS", "LOCALES", "ZONES", "OPTIONS"):
        assert getattr(spark, name) == getattr(recipe, name), name
