# Python binding (bindings/python, package `feeddate`): its test suite.
#   make test-python   pytest over bindings/python/tests against build/lib/libfeeddate.so.1
# The top-level Makefile exports FEEDDATE_LIBRARY, so the tests load the library just built.

PYTHON    ?= python3
PY_DIR    := bindings/python
PY_VENV   := $(BUILD)/venv
PIP_QUIET := --quiet --disable-pip-version-check

.PHONY: test-python

# The suite needs pytest, numpy, pandas and the optional extras of the column
# and engine code (pyarrow, polars, dask with distributed) so that no test
# skips: from $(PYTHON) when it has them all; otherwise from a virtual
# environment in build/venv (made once, with the system's site packages
# visible) where pip installs what is missing, never into the system's Python.
# Each need is MODULE=PIP-SPEC (the module imported to check, what pip installs).
# Any non-zero pytest status fails the target, including 5 ("no tests collected").
PY_TEST_NEEDS := pytest=pytest numpy=numpy pandas=pandas pyarrow=pyarrow polars=polars \
	distributed=dask[distributed]

test-python: lib
	@set -f; need='$(PY_TEST_NEEDS)'; has_all() { for m in $$need; do $$1 -c "import $${m%%=*}" 2>/dev/null || return 1; done; }; \
	if has_all $(PYTHON); then py=$(PYTHON); else \
	  py=$(PY_VENV)/bin/python; \
	  if ! has_all $$py; then \
	    specs=$$(for m in $$need; do echo "$${m#*=}"; done); \
	    echo "test-python: $(PYTHON) lacks some of" $$specs": installing them in $(PY_VENV)"; \
	    [ -x $$py ] || $(PYTHON) -m venv --system-site-packages $(PY_VENV) \
	      || { echo "test-python: $(PYTHON) -m venv failed (Debian: apt-get install python3-venv)" >&2; exit 1; }; \
	    $$py -m pip install $(PIP_QUIET) $$specs \
	      || { echo "test-python: cannot install" $$specs "into $(PY_VENV)" >&2; exit 1; }; \
	  fi; \
	fi; \
	echo "PYTHONPATH=$(CURDIR)/$(PY_DIR) timeout 900 $$py -m pytest -q -p no:cacheprovider -p no:benchmark $(PY_DIR)/tests"; \
	PYTHONPATH=$(CURDIR)/$(PY_DIR) timeout 900 $$py -m pytest -q -p no:cacheprovider -p no:benchmark $(PY_DIR)/tests
