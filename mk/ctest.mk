# C tests: the API as an installed library's user sees it.
#   make test-c        build the programs of CTEST_RUNS and run each (part of `make test`)
#   make test-c-build  build them only
# Every program of build/tests (test_stress, test_leaks, test_zone_paths too) is
# built by the one recipe ctest-link; programs differ only in per-target variables.

CTEST_DIR     := $(BUILD)/tests
CTEST_SRC     := Tests/c
CTEST_TIMEOUT := 600
# What test-c runs, in order. test_vectors_abi10 (test_vectors.c against the
# 1.0 header) gets the vector files of test_vectors --list but *-1.1.jsonl.
CTEST_RUNS    := test_vectors test_vectors_abi10 \
                 test_api test_abi test_abi10 test_host test_threads test_stack test_fork test_memory test_descriptors test_env test_zone_swap test_dlopen test_tls test_icu_files test_schedule test_html
CTEST_PROGS   := $(addprefix $(CTEST_DIR)/,$(CTEST_RUNS))
CTEST_COMMON  := $(CTEST_SRC)/testkit.c $(CTEST_SRC)/jsonl.c $(CTEST_SRC)/vector_options.c
CTEST_HEADERS := $(CTEST_SRC)/testkit.h $(CTEST_SRC)/jsonl.h $(CTEST_SRC)/vector_options.h $(CTEST_SRC)/fd_names.h include/feeddate.h
CTEST_INCLUDES := -Iinclude -I$(CTEST_SRC)
CTEST_LIBS    :=
CTEST_LDFLAGS := -L$(LIBDIR) -lfeeddate -Wl,-rpath,'$$ORIGIN/../lib'

# Programs built against the frozen 1.0 header (first on the include path).
CTEST_ABI10_HEADER := $(CTEST_SRC)/abi/1.0/feeddate.h
CTEST_ABI10_PROGS  := $(CTEST_DIR)/test_vectors_abi10 $(CTEST_DIR)/test_abi10

.PHONY: test-c test-c-build
comma := ,

# Other ICUs preloaded into the process (SPEC 13: the system's, Foundation's):
# every vector must still read as ICU 78.3 writes it.
SWIFT_LIB_DIR := $(abspath $(dir $(shell command -v swiftc 2>/dev/null || echo /opt/swift/usr/bin/swiftc))/../lib/swift/linux)
OTHER_ICUS = $(strip $(wildcard /usr/lib/x86_64-linux-gnu/libicuuc.so.[0-9]*[0-9] /usr/lib/x86_64-linux-gnu/libicui18n.so.[0-9]*[0-9]) $(wildcard $(SWIFT_LIB_DIR)/lib_FoundationICU.so))

# -g: valgrind (make valgrind runs build/tests/test_leaks) names the lines it reports.
define ctest-link
	@mkdir -p $(@D)
	$(CC) $(WARN) $(CFLAGS) -g -pthread $(CTEST_INCLUDES) $< $(CTEST_COMMON) $(CTEST_LDFLAGS) $(CTEST_LIBS) -o $@
endef

$(CTEST_DIR)/%: $(CTEST_SRC)/%.c $(CTEST_COMMON) $(CTEST_HEADERS) $(LIBSO)
	$(ctest-link)

# The same source as test_vectors, another header.
$(CTEST_DIR)/test_vectors_abi10: $(CTEST_SRC)/test_vectors.c $(CTEST_COMMON) $(CTEST_HEADERS) $(LIBSO)
	$(ctest-link)

$(CTEST_ABI10_PROGS): $(CTEST_ABI10_HEADER)
$(CTEST_ABI10_PROGS): CTEST_INCLUDES := -I$(CTEST_SRC)/abi/1.0 -Iinclude -I$(CTEST_SRC)
# These interpose open() or getenv(): their definitions visible to the library
# (-rdynamic), libc's found with dlsym (-ldl).
$(addprefix $(CTEST_DIR)/,test_zone_paths test_env test_icu_files): CTEST_LIBS := -rdynamic -ldl
# These load the library themselves (test_tls after libtls_filler.so: 1,200 bytes of initial-exec TLS).
$(addprefix $(CTEST_DIR)/,test_dlopen test_tls): CTEST_LIBS := -ldl
$(addprefix $(CTEST_DIR)/,test_dlopen test_tls): CTEST_LDFLAGS :=
$(addprefix $(CTEST_DIR)/,test_dlopen test_tls): CTEST_COMMON := $(CTEST_SRC)/testkit.c $(CTEST_SRC)/jsonl.c
$(CTEST_DIR)/test_tls: $(CTEST_DIR)/libtls_filler.so
$(CTEST_DIR)/libtls_filler.so: $(CTEST_SRC)/tls_filler.c
	@mkdir -p $(@D)
	$(CC) $(WARN) $(CFLAGS) -shared -fPIC $< -o $@

# The header's integer constants, which the bindings' tests compare theirs with (checked in check-vectors).
.PHONY: header-vectors
header-vectors:
	python3 Tests/vectors/header/make_header.py

# The markup vectors every binding must give byte for byte (SPEC 11, 1.3).
.PHONY: html-vectors
html-vectors: $(CTEST_DIR)/make_html
	$(CTEST_DIR)/make_html Tests/vectors/html/cases.jsonl Tests/vectors/html/html-1.3.jsonl
$(CTEST_DIR)/make_html: Tests/vectors/html/make_html.c $(CTEST_COMMON) $(CTEST_HEADERS) $(LIBSO)
	$(ctest-link)

test-c-build: $(CTEST_PROGS)

test-c: lib test-c-build
	@failed=""; \
	for prog in $(CTEST_RUNS); do \
	  args=""; \
	  if [ $$prog = test_vectors_abi10 ]; then \
	    list=$$(./$(CTEST_DIR)/test_vectors --list) || failed="$$failed test_vectors--list"; \
	    args=$$(printf '%s\n' $$list | { grep -v -e '-1\.1\.jsonl$$' -e '^FAIL' || true; } | tr '\n' ' '); \
	    [ -n "$$args" ] || { echo "== $$prog: not run: no vector file without 1.1 options (test_vectors runs them)"; continue; }; \
	  fi; \
	  echo "== $$prog$${args:+ $$args}"; \
	  timeout $(CTEST_TIMEOUT) ./$(CTEST_DIR)/$$prog $$args || failed="$$failed $$prog"; \
	done; \
	$(if $(filter system,$(ICU)),,echo "== test_vectors beside other ICUs: $(OTHER_ICUS)"; \
	[ -n "$(OTHER_ICUS)" ] || { echo "test-c: no other ICU to load beside the library (libicu-dev, the Swift toolchain's lib_FoundationICU.so)"; failed="$$failed other-icus"; }; \
	LD_PRELOAD="$(OTHER_ICUS)" timeout $(CTEST_TIMEOUT) ./$(CTEST_DIR)/test_vectors || failed="$$failed test_vectors-beside-other-icus";) \
	if [ -n "$$failed" ]; then echo "test-c: failed:$$failed"; exit 1; fi; \
	echo "test-c: all $(words $(CTEST_RUNS)) C suites passed$(if $(filter system,$(ICU)),,$(comma) and test_vectors beside the system's and Foundation's ICU)"
