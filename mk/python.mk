# Python binding (bindings/python, package `feeddate`): its test suite.
#   make test-python   pytest over bindings/python/tests against build/lib/libfeeddate.so.1
# The top-level Makefile exports FEEDDATE_LIBRARY, so the tests load the library just built.

PYTHON    ?= python3
PY_DIR    := bindings/python
PY_VENV   := $(BUILD)/venv
PIP_QUIET := --quiet --disable-pip-version-check

.PHONY: test-python

# pytest comes from $(PYTHON) when it has it; otherwise from a virtual
# environment in build/venv (made once, with the system's site packages
# visible), never installed into the system's Python. Any non-zero pytest
# status fails the target, including 5 ("no tests collected").
test-python: lib
	@if $(PYTHON) -c 'import pytest' 2>/dev/null; then py=$(PYTHON); else \
	  py=$(PY_VENV)/bin/python; \
	  if ! $$py -c 'import pytest' 2>/dev/null; then \
	    echo "test-python: $(PYTHON) has no pytest: installing it in $(PY_VENV)"; \
	    $(PYTHON) -m venv --system-site-packages $(PY_VENV) \
	      || { echo "test-python: $(PYTHON) -m venv failed (Debian: apt-get install python3-venv)" >&2; exit 1; }; \
	    $$py -m pip install $(PIP_QUIET) pytest \
	      || { echo "test-python: cannot install pytest into $(PY_VENV)" >&2; exit 1; }; \
	  fi; \
	fi; \
	echo "PYTHONPATH=$(CURDIR)/$(PY_DIR) timeout 900 $$py -m pytest -q -p no:cacheprovider -p no:benchmark $(PY_DIR)/tests"; \
	PYTHONPATH=$(CURDIR)/$(PY_DIR) timeout 900 $$py -m pytest -q -p no:cacheprovider -p no:benchmark $(PY_DIR)/tests
