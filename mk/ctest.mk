# C tests: the API as an installed library's user sees it.
#   make test-c        build build/tests/test_{vectors,api,threads} and run all three
#   make test-c-build  build them only
# Each program prints FAIL lines and closes with "N passed, N failed"; test-c
# runs all three (each bounded by a timeout) and fails if any of them failed.

CTEST_DIR     := $(BUILD)/tests
CTEST_SRC     := Tests/c
CTEST_TIMEOUT := 600
CTEST_PROGS   := $(CTEST_DIR)/test_vectors $(CTEST_DIR)/test_api $(CTEST_DIR)/test_threads
CTEST_COMMON  := $(CTEST_SRC)/testkit.c $(CTEST_SRC)/jsonl.c
CTEST_HEADERS := $(CTEST_SRC)/testkit.h $(CTEST_SRC)/jsonl.h include/feeddate.h
# Linked like an installed library: the header, -lfeeddate, and a run path to build/lib.
CTEST_LDFLAGS := -L$(LIBDIR) -lfeeddate -Wl,-rpath,'$$ORIGIN/../lib'

.PHONY: test-c test-c-build

$(CTEST_DIR)/%: $(CTEST_SRC)/%.c $(CTEST_COMMON) $(CTEST_HEADERS) $(LIBSO)
	@mkdir -p $(CTEST_DIR)
	$(CC) $(WARN) $(CFLAGS) -pthread -Iinclude -I$(CTEST_SRC) $< $(CTEST_COMMON) $(CTEST_LDFLAGS) -o $@

test-c-build: $(CTEST_PROGS)

test-c: lib test-c-build
	@failed=""; \
	for run in "test_vectors Tests/vectors/core.jsonl" "test_api" "test_threads"; do \
	  echo "== $$run"; \
	  timeout $(CTEST_TIMEOUT) ./$(CTEST_DIR)/$$run || failed="$$failed $${run%% *}"; \
	done; \
	if [ -n "$$failed" ]; then echo "test-c: failed:$$failed"; exit 1; fi; \
	echo "test-c: all C suites passed"

test: test-c
