# Python binding (bindings/python, package `feeddate`): its test suite.
#   make test-python   pytest over bindings/python/tests against build/lib/libfeeddate.so.1
# The top-level Makefile exports FEEDDATE_LIBRARY, so the tests load the library just built.

PYTHON    ?= python3
PY_DIR    := bindings/python
PIP_QUIET := --quiet --disable-pip-version-check

.PHONY: test-python
test: test-python

# pytest is installed when missing (a plain pip install, else one allowed past
# Debian's externally-managed marker). Any non-zero pytest status fails the
# target, including 5 ("no tests collected").
test-python: lib
	@$(PYTHON) -c 'import pytest' 2>/dev/null \
	  || $(PYTHON) -m pip install $(PIP_QUIET) pytest 2>/dev/null \
	  || $(PYTHON) -m pip install $(PIP_QUIET) --break-system-packages pytest \
	  || { echo "test-python: cannot install pytest; run: $(PYTHON) -m pip install pytest" >&2; exit 1; }
	PYTHONPATH=$(CURDIR)/$(PY_DIR) timeout 900 $(PYTHON) -m pytest -q -p no:cacheprovider -p no:benchmark $(PY_DIR)/tests
