# Python binding (bindings/python, package `feeddate`): its test suite.
#   make test-python   pytest over bindings/python/tests against build/lib/libfeeddate.so.1
# The top-level Makefile exports FEEDDATE_LIBRARY, so the tests load the library just built.

PYTHON    ?= python3
PY_DIR    := bindings/python
PY_VENV   := $(BUILD)/venv

.PHONY: test-python

# The suite needs pytest, numpy, pandas and the optional extras of the column
# and engine code (pyarrow, polars, dask with distributed) so that no test
# skips: from $(PYTHON) when it has them all; otherwise from a virtual
# environment in build/venv (made once, with the system's site packages
# visible) where pip installs what is missing, never into the system's Python
# (tools/py-env.sh). Each need is MODULE=PIP-SPEC (the module imported to
# check, what pip installs).
# icukit-pyicu is PyICU with its own shared ICU 78.3 (tests/test_other_icus.py:
# the same ICU version beside the library's hidden one changes no label).
# Any non-zero pytest status fails the target, including 5 ("no tests collected").
PY_TEST_NEEDS := pytest=pytest numpy=numpy pandas=pandas pyarrow=pyarrow polars=polars \
	distributed=dask[distributed] icu=icukit-pyicu

test-python: lib
	@py=$$(tools/py-env.sh test-python $(PYTHON) $(PY_VENV) --system-first $(foreach n,$(PY_TEST_NEEDS),'$(n)')) || exit 1; \
	echo "PYTHONPATH=$(CURDIR)/$(PY_DIR) timeout 900 $$py -m pytest -q -p no:cacheprovider -p no:benchmark $(PY_DIR)/tests"; \
	PYTHONPATH=$(CURDIR)/$(PY_DIR) timeout 900 $$py -m pytest -q -p no:cacheprovider -p no:benchmark $(PY_DIR)/tests
