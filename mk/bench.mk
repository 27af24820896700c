# Python benchmark: the binding against babel, humanize and arrow.
#   make bench-python                    Formatter.format / label / format_many, floors, baselines
#   make bench-python BENCH_N=1000000    a bigger format_many batch (default 200000)
#   make bench-python BENCH_PY_ARGS=--quick   a smoke run of a few seconds
#   make bench-python BENCH_PY_ARGS="--dask-rows 0"   without the Dask rows (20,000,000 rows, ~1 min)
# Missing baselines are pip-installed, else their rows say "not installed";
# make bench merges build/bench_python.json into bench/results.json.
#   make bench-peers-python              against babel, humanize, arrow: build/peers/python.json

PYTHON        ?= python3
BENCH_PY_ARGS ?=
# The column rows need pyarrow (and pandas, dask[distributed]): the bench runs
# in build/venv when `make test-python` made it (it has them), else in $(PYTHON).
BENCH_PYTHON  ?= $(if $(wildcard $(BUILD)/venv/bin/python),$(BUILD)/venv/bin/python,$(PYTHON))

.PHONY: bench-python bench-peers-python

bench-python: lib
	PYTHONPATH=$(CURDIR)/bindings/python timeout 1800 $(BENCH_PYTHON) bench/bench_python.py --json $(BUILD)/bench_python.json $(if $(BENCH_N),--n $(BENCH_N)) $(BENCH_PY_ARGS)

bench-peers-python: lib
	PYTHONPATH=$(CURDIR)/bindings/python timeout 1200 $(BENCH_PYTHON) bench/bench_python.py --peers $(BUILD)/peers/python.json
