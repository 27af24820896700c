# C tests: the API as an installed library's user sees it.
#   make test-c        build the programs of CTEST_RUNS and run each (part of `make test`)
#   make test-c-build  build them only
# Each program prints FAIL lines and closes with "N passed, N failed"; test-c
# runs every one (each bounded by a timeout) and fails if any of them failed.
#
# Every C test program under build/tests is built by the one recipe below
# (ctest-link): the program's source, testkit.c and jsonl.c, linked like an
# installed library's user links (the header, -lfeeddate, a run path to
# build/lib). Programs differ only in variables set per target: extra
# CTEST_LIBS, or CTEST_INCLUDES for the builds against the frozen 1.0 header.
# test_stress and test_leaks (make stress, make valgrind) and test_zone_paths
# (make test-zone-paths) are built here too.

CTEST_DIR     := $(BUILD)/tests
CTEST_SRC     := Tests/c
CTEST_TIMEOUT := 600
# What test-c runs: a program of build/tests, in this order. test_vectors picks
# the vector files itself (SPEC 10: FEEDDATE_VECTORS, else Tests/vectors/*.jsonl,
# one set for every host since 1.3). test_vectors_abi10 is test_vectors.c
# compiled against the 1.0 header: a program built for 1.0 must read every
# vector the same. It is given the files test_vectors --list names, less those
# named *-1.1.jsonl (1.1 options, which a 1.0 program cannot set), and is not
# run when none is left.
CTEST_RUNS    := test_vectors test_vectors_abi10 \
                 test_api test_abi test_abi10 test_host test_threads test_stack test_fork test_memory test_descriptors test_env test_zone_swap test_dlopen test_tls test_icu_files test_schedule test_html
CTEST_PROGS   := $(addprefix $(CTEST_DIR)/,$(CTEST_RUNS))
CTEST_COMMON  := $(CTEST_SRC)/testkit.c $(CTEST_SRC)/jsonl.c $(CTEST_SRC)/vector_options.c
CTEST_HEADERS := $(CTEST_SRC)/testkit.h $(CTEST_SRC)/jsonl.h $(CTEST_SRC)/vector_options.h include/feeddate.h
CTEST_INCLUDES := -Iinclude -I$(CTEST_SRC)
CTEST_LIBS    :=
# Linked like an installed library: the header, -lfeeddate, and a run path to build/lib.
CTEST_LDFLAGS := -L$(LIBDIR) -lfeeddate -Wl,-rpath,'$$ORIGIN/../lib'

# Programs compiled against the frozen 1.0 header, which must come before
# include/ on the include path (testkit.h includes "feeddate.h" as well):
# they are what a program built against 1.0 and never rebuilt looks like.
CTEST_ABI10_HEADER := $(CTEST_SRC)/abi/1.0/feeddate.h
CTEST_ABI10_PROGS  := $(CTEST_DIR)/test_vectors_abi10 $(CTEST_DIR)/test_abi10

.PHONY: test-c test-c-build
comma := ,

# Other ICUs in the same process (SPEC 13): the system's (libicu-dev's, ICU 72
# on Debian 12) and Swift Foundation's, preloaded so that their symbols come
# first in the process's global scope. Every vector must still read as ICU
# 78.3 writes it: nothing of the library's ICU may bind to theirs.
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
# test_zone_paths interposes open() and friends: its own definitions must be
# visible to the library (-rdynamic), and it finds libc's with dlsym (-ldl).
$(CTEST_DIR)/test_zone_paths: CTEST_LIBS := -rdynamic -ldl
# test_env interposes getenv() in the same way; test_dlopen loads the library itself.
$(CTEST_DIR)/test_env: CTEST_LIBS := -rdynamic -ldl
# test_icu_files interposes open() and friends too, to see what ICU looks at.
$(CTEST_DIR)/test_icu_files: CTEST_LIBS := -rdynamic -ldl
$(CTEST_DIR)/test_dlopen: CTEST_LIBS := -ldl
$(CTEST_DIR)/test_dlopen: CTEST_LDFLAGS :=
$(CTEST_DIR)/test_dlopen: CTEST_COMMON := $(CTEST_SRC)/testkit.c $(CTEST_SRC)/jsonl.c

# test_tls loads the library itself, after libtls_filler.so (1,200 bytes of initial-exec TLS).
$(CTEST_DIR)/test_tls: CTEST_LIBS := -ldl
$(CTEST_DIR)/test_tls: CTEST_LDFLAGS :=
$(CTEST_DIR)/test_tls: CTEST_COMMON := $(CTEST_SRC)/testkit.c $(CTEST_SRC)/jsonl.c
$(CTEST_DIR)/test_tls: $(CTEST_DIR)/libtls_filler.so
$(CTEST_DIR)/libtls_filler.so: $(CTEST_SRC)/tls_filler.c
	@mkdir -p $(@D)
	$(CC) $(WARN) $(CFLAGS) -shared -fPIC $< -o $@

# The markup every binding must give byte for byte (SPEC 11, 1.3), made by the
# library from Tests/vectors/html/cases.jsonl; test_html checks the library
# against it, and the rules of the markup against the calls it is made of.
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
