# The Spark recipe (examples/python/spark_labels.py, docs/SCALE.md) and its test.
#   make test-spark   bindings/python/tests_spark on local[2] (mapInArrow + format_table),
#                     against build/lib/libfeeddate.so.1
# PySpark is large (about 450 MB installed): it lives in its own virtual
# environment, .cache/spark-venv (made once, with the system's site packages
# visible; `make clean` keeps it), which pip fills when something is missing
# (pip's own cache makes a re-install on the same machine quick). Spark needs
# Java 17 or later (Debian: openjdk-17-jre-headless). PySpark 4 does not yet
# support pandas 3, hence pandas<3 there.

SPARK_VENV  := .cache/spark-venv
# MODULE=PIP-SPEC, as PY_TEST_NEEDS in mk/python.mk.
SPARK_NEEDS := pytest=pytest numpy=numpy pyarrow=pyarrow pandas=pandas<3 pyspark=pyspark

.PHONY: test-spark

test-spark: lib
	@command -v java >/dev/null || { echo "test-spark: no java: Spark needs Java 17 or later (apt-get install openjdk-17-jre-headless)" >&2; exit 1; }
	@py=$$(tools/py-env.sh test-spark $(PYTHON) $(SPARK_VENV) $(foreach n,$(SPARK_NEEDS),'$(n)')) || exit 1; \
	echo "PYTHONPATH=$(CURDIR)/$(PY_DIR) timeout 600 $$py -m pytest -q -p no:cacheprovider $(PY_DIR)/tests_spark"; \
	PYTHONPATH=$(CURDIR)/$(PY_DIR) timeout 600 $$py -m pytest -q -p no:cacheprovider $(PY_DIR)/tests_spark
