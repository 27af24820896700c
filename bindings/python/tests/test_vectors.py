"""Every golden vector, through label, format and format_many: the files of
$FEEDDATE_VECTORS, else every file of Tests/vectors (conftest.vector_files)."""

from __future__ import annotations

import os
from collections import defaultdict
from typing import Any, Dict, List

import pytest
from conftest import VECTOR_ROOT, VECTORS_ENV, NoVectorSet, at, formatter_for, load_vectors, vector_files

try:
    VECTORS = load_vectors()
    PROBLEM = ""
except NoVectorSet as exc:  # reported by test_vectors_are_there, not as a collection error
    VECTORS, PROBLEM = [], str(exc)


def _part(text: str, span: List[int]) -> str:
    start, end = span
    return text.encode("utf-8")[start:end].decode("utf-8")


def test_vectors_are_there() -> None:
    assert not PROBLEM, PROBLEM
    assert len(VECTORS) > (0 if os.environ.get(VECTORS_ENV) else 100)


def test_one_set_for_every_host(monkeypatch: pytest.MonkeyPatch) -> None:
    """SPEC 13 (1.3): every .jsonl of Tests/vectors, sorted by name, whatever
    the host; no per-ICU folder, no choice by ICU version."""
    base = sorted(VECTOR_ROOT.glob("*.jsonl"))
    assert base and "core.jsonl" in [f.name for f in base]
    monkeypatch.delenv(VECTORS_ENV, raising=False)
    assert vector_files() == vector_files(env="") == base
    assert not [d for d in VECTOR_ROOT.glob("icu*") if d.is_dir()]
    # FEEDDATE_VECTORS wins over the folder.
    monkeypatch.setenv(VECTORS_ENV, str(base[-1]))
    assert vector_files() == [base[-1]]
    with pytest.raises(NoVectorSet, match=r"no vector files in .*nothing-here: name files with FEEDDATE_VECTORS"):
        vector_files(env="", sub="nothing-here")


def test_feeddate_vectors_names_the_files(tmp_path: Any) -> None:
    first, second = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    first.write_text('{"note": "a1"}\n\n{"note": "a2"}\n')
    second.write_text('{"note": "b1"}\n')
    files = vector_files(env=f"{first}:{second}")
    assert files == [first, second]
    assert [v["note"] for v in load_vectors(files)] == ["a1", "a2", "b1"]
    with pytest.raises(NoVectorSet, match="missing.jsonl"):
        vector_files(env=f"{first}:{tmp_path / 'missing.jsonl'}")


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
