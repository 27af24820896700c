# Python binding (bindings/python, package `feeddate`): its test suite.
#   make test-python   pytest over bindings/python/tests against build/lib/libfeeddate.so.1
# The top-level Makefile exports FEEDDATE_LIBRARY, so the tests load the library just built.

PYTHON    ?= python3
PY_DIR    := bindings/python
PY_VENV   := $(BUILD)/venv

.PHONY: test-python

# MODULE=PIP-SPEC for every extra, so that no test skips: $(PYTHON)'s, else
# build/venv's (tools/py-env.sh; never the system's). icukit-pyicu: PyICU with
# its own ICU 78.3 beside the library's (tests/test_other_icus.py).
PY_TEST_NEEDS := pytest=pytest numpy=numpy pandas=pandas pyarrow=pyarrow polars=polars \
	distributed=dask[distributed] icu=icukit-pyicu

test-python: lib
	@py=$$(tools/py-env.sh test-python $(PYTHON) $(PY_VENV) --system-first $(foreach n,$(PY_TEST_NEEDS),'$(n)')) || exit 1; \
	echo "PYTHONPATH=$(CURDIR)/$(PY_DIR) timeout 900 $$py -m pytest -q -p no:cacheprovider -p no:benchmark $(PY_DIR)/tests"; \
	PYTHONPATH=$(CURDIR)/$(PY_DIR) timeout 900 $$py -m pytest -q -p no:cacheprovider -p no:benchmark $(PY_DIR)/tests
