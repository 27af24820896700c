"""Every golden vector of Tests/vectors/core.jsonl, through label, format and format_many."""

from __future__ import annotations

from collections import defaultdict
from typing import Any, Dict, List

import pytest

from conftest import at, formatter_for, load_vectors

VECTORS = load_vectors()


def _part(text: str, span: List[int]) -> str:
    start, end = span
    return text.encode("utf-8")[start:end].decode("utf-8")


def test_vectors_are_there() -> None:
    assert len(VECTORS) > 100


@pytest.mark.parametrize("vector", VECTORS, ids=[v["note"] for v in VECTORS])
def test_vector(vector: Dict[str, Any]) -> None:
    f = formatter_for(vector["style"], vector["options"])
    t, now = at(vector["t_ms"]), at(vector["now_ms"])
    label = f.label(t, now)
    assert label.text == vector["text"]
    expected_change = vector["next_change_ms"]
    assert label.next_change == (None if expected_change is None else at(expected_change))
    assert label.day_part == _part(vector["text"], vector["day_part"])
    assert label.time_part == _part(vector["text"], vector["time_part"])
    assert label.expired is vector["expired"]
    assert f.format(t, now) == vector["text"]


def _batches() -> List[List[Dict[str, Any]]]:
    groups: Dict[Any, List[Dict[str, Any]]] = defaultdict(list)
    for v in VECTORS:
        groups[(v["style"], repr(sorted(v["options"].items())), v["now_ms"])].append(v)
    return list(groups.values())


@pytest.mark.parametrize("batch", _batches(), ids=lambda b: f"{b[0]['style']} {b[0]['options']['locale']} x{len(b)}")
def test_vectors_in_one_format_many_call(batch: List[Dict[str, Any]]) -> None:
    f = formatter_for(batch[0]["style"], batch[0]["options"])
    texts = f.format_many((at(v["t_ms"]) for v in batch), at(batch[0]["now_ms"]))
    assert texts == [v["text"] for v in batch]
