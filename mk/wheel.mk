# The Python wheel: libfeeddate.so.1 (ICU 78.3 inside it, SPEC 13) in one pip-installable file.
#   make wheel            dist/feeddate-<version>-py3-none-manylinux_<glibc>_x86_64.whl (tools/wheel-build.sh)
#   make wheel-check      make wheel, then install and test it in a clean Debian 13 root

.PHONY: wheel wheel-check bench-wheel

wheel: lib
	tools/wheel-build.sh

wheel-check: wheel $(SWEEP_RUN) $(SWEEP_DIR)/plan-small.jsonl
	SWEEP_RUN=$(CURDIR)/$(SWEEP_RUN) SWEEP_PLAN=$(CURDIR)/$(SWEEP_DIR)/plan-small.jsonl tools/wheel-check.sh

# Import + first label in fresh processes (part of `make bench`).
bench-wheel: lib
	PYTHONPATH=$(CURDIR)/$(PY_DIR) $(PYTHON) bench/wheel_first_label.py --runs 20 --json $(BUILD)/bench_cold_python.json
