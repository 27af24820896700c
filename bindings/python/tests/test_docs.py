"""The Python examples of docs/PYTHON.md run and print what the page says."""

from __future__ import annotations

import doctest
import importlib.util
import re

from conftest import REPO

PAGE = REPO / "docs" / "PYTHON.md"


def test_examples_on_the_python_page() -> None:
    blocks = re.findall(r"```python\n(.*?)```", PAGE.read_text(encoding="utf-8"), re.S)
    assert len(blocks) >= 5
    if importlib.util.find_spec("numpy") is None:  # optional: run every example that does not need it
        blocks = [block for block in blocks if "numpy" not in block]
    parser = doctest.DocTestParser()
    test = parser.get_doctest("\n".join(blocks), {}, str(PAGE), str(PAGE), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    assert runner.failures == 0 and runner.tries > 20
