# The Spark recipe (examples/python/spark_labels.py, docs/SCALE.md) and its test.
#   make test-spark   bindings/python/tests_spark on local[2] (mapInArrow + format_table),
#                     against build/lib/libfeeddate.so.1
# PySpark (~450 MB) lives in .cache/spark-venv, which make clean keeps; it needs
# Java 17+, and PySpark 4 pandas<3.

SPARK_VENV  := .cache/spark-venv
# MODULE=PIP-SPEC, as PY_TEST_NEEDS in mk/python.mk.
SPARK_NEEDS := pytest=pytest numpy=numpy pyarrow=pyarrow pandas=pandas<3 pyspark=pyspark

.PHONY: test-spark

test-spark: lib
	@command -v java >/dev/null || { echo "test-spark: no java: Spark needs Java 17 or later (apt-get install openjdk-17-jre-headless)" >&2; exit 1; }
	@py=$$(tools/py-env.sh test-spark $(PYTHON) $(SPARK_VENV) $(foreach n,$(SPARK_NEEDS),'$(n)')) || exit 1; \
	echo "PYTHONPATH=$(CURDIR)/$(PY_DIR) timeout 600 $$py -m pytest -q -p no:cacheprovider $(PY_DIR)/tests_spark"; \
	PYTHONPATH=$(CURDIR)/$(PY_DIR) timeout 600 $$py -m pytest -q -p no:cacheprovider $(PY_DIR)/tests_spark
