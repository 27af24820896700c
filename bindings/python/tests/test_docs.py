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
    # Optional packages (an installed wheel's tests may lack them; make test-python
    # installs them all): run every example that does not need a missing one.
    for module, marks in (
        ("numpy", ("numpy",)),
        ("pyarrow", ("pyarrow", "format_column", "format_table")),
        ("pandas", ("pandas",)),
    ):
        if importlib.util.find_spec(module) is None:
            blocks = [block for block in blocks if not any(mark in block for mark in marks)]
    parser = doctest.DocTestParser()
    test = parser.get_doctest("\n".join(blocks), {}, str(PAGE), str(PAGE), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    assert runner.failures == 0 and runner.tries > 20
