# feeddate — build, test, benchmark.
#   make demo        build the library and print a demo feed (the README's first command)
#   make test        every test: Swift, C, Go, Rust, Java, Node, Python, library checks, vector sync;
#                    installs the Debian packages its suites lack first (make deps, tools/deps.sh)
#   make demo-web    the web client's demo: a live feed on http://127.0.0.1:8765/ (mk/web.mk)
#   make check       the quick loop: Swift (but its four slowest tests), C, the library's checks,
#                    Python with pytest and numpy alone (fetched into build/venv once if missing)
#   make bench       benchmarks against ICU (and babel/humanize/arrow for Python; the Go,
#                    Rust, Java and Node bindings against direct C calls)
#   make bench-peers every language against what its users would pick instead (ICU, babel,
#                    go-humanize, chrono-humanize, ICU4J, Intl): build/peers/table.md
#   make help        every target, one line each, from these comments
#   make version     the version, from include/feeddate.h (tools/version.sh)
#   make version-check  every copy of the version (manifests, debian/changelog, docs) says it
# More targets come from mk/*.mk; TEST_SUITES below lists what `make test` runs.

SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := lib

# The one place the version is written is include/feeddate.h.
VERSION := $(shell tools/version.sh)
SOMAJOR := 1
ifneq ($(firstword $(subst ., ,$(VERSION))),$(SOMAJOR))
$(error include/feeddate.h says version $(VERSION), but the SONAME is libfeeddate.so.$(SOMAJOR): a new major version is a new SONAME)
endif
# The one ICU (SPEC section 13, mk/icu.mk): ICU 78.3 built once per machine
# into ICU_DIR and linked statically, its trimmed data (ICU_DATA) inside the
# library. ICU=system builds against the system's libicu-dev instead, in
# build/system and .build-system so the two builds never mix.
ICU      ?= bundled
ICU_DIR  := $(shell tools/icu-build.sh --dir)
ICU_DATA := $(ICU_DIR)/lib/libfeeddate_icudata.a
# ICU_CFLAGS, ICU_LIBS: for C programs (benchmarks, fuzzers) that call the library's ICU.
ifeq ($(ICU),system)
BUILD   := build/system
SWIFT_SCRATCH := --scratch-path .build-system
ICU_DEPS :=
ICU_CFLAGS :=
ICU_LIBS   := -licui18n -licuuc
export FEEDDATE_ICU := system
else ifeq ($(ICU),bundled)
BUILD   := build
SWIFT_SCRATCH :=
ICU_DEPS := $(ICU_DATA)
ICU_CFLAGS := -I$(ICU_DIR)/include -DU_STATIC_IMPLEMENTATION
ICU_LIBS   := -L$(ICU_DIR)/lib -licui18n -licuuc -lfeeddate_icudata -lstdc++ -lm -lpthread
else
$(error ICU=$(ICU): the valid values are bundled (the default: ICU 78.3 inside the library) and system (the system's libicu-dev))
endif
LIBDIR  := $(BUILD)/lib
# The label sweep (Tests/sweep/README.md, mk/sweep.mk): its plans and C runner.
SWEEP_DIR := $(BUILD)/sweep
SWEEP_RUN := $(SWEEP_DIR)/sweep_run
LIBREAL := $(LIBDIR)/libfeeddate.so.$(VERSION)
LIBSO1  := $(LIBDIR)/libfeeddate.so.$(SOMAJOR)
LIBSO   := $(LIBDIR)/libfeeddate.so
CC      ?= cc
CFLAGS  ?= -O2
WARN    := -std=c99 -Wall -Wextra -Werror -pedantic
# Exclusivity is checked at compile time (run-time checks cost a TLS lookup per
# access). -z nodelete: the Swift runtime inside never frees its state, so a
# dlopen/dlclose cycle leaked ~161 KB (docs/RELIABILITY.md, finding 16).
SWIFT_RELEASE := swift build -c release $(SWIFT_SCRATCH) -Xswiftc -static-stdlib -Xswiftc -enforce-exclusivity=unchecked \
	-Xlinker --version-script=$(CURDIR)/exports.map -Xlinker -soname=libfeeddate.so.$(SOMAJOR) \
	-Xlinker -z -Xlinker now -Xlinker -z -Xlinker relro -Xlinker -z -Xlinker nodelete
SWIFT_SOURCES := $(shell find Sources -type f) Package.swift include/feeddate.h exports.map

export FEEDDATE_LIBRARY := $(CURDIR)/$(LIBSO1)
# FEEDDATE_VECTORS (':'-separated files) made absolute: some suites run in their own folders.
ifneq ($(FEEDDATE_VECTORS),)
override FEEDDATE_VECTORS := $(subst $(eval) ,:,$(abspath $(subst :, ,$(FEEDDATE_VECTORS))))
export FEEDDATE_VECTORS
endif

.PHONY: lib demo test deps check help test-python-core test-swift test-swift-quick check-lib check-vectors version-check bench bench-peers clean version

# A feeddate.pc for the build tree, so that pkg-config users (Go, C) find build/lib.
BUILD_PC := $(BUILD)/pkgconfig/feeddate.pc
lib: $(LIBSO) $(LIBSO1) $(BUILD_PC)

$(BUILD_PC): packaging/feeddate.pc.in include/feeddate.h
	@mkdir -p $(@D)
	sed -e 's|@PREFIX@|$(CURDIR)|' -e 's|@LIBDIR@|$(CURDIR)/$(LIBDIR)|' -e 's|@VERSION@|$(VERSION)|' $< > $@

$(LIBREAL): $(SWIFT_SOURCES) $(ICU_DEPS)
	@# Without ld.gold Swift falls back to ld.bfd, which leaves Swift's .rodata writable (no RELRO).
	@command -v ld.gold >/dev/null || { echo "lib: no ld.gold, the linker Swift uses: apt-get install binutils-gold (Debian 13; Debian 12's binutils has it)" >&2; exit 1; }
	@mkdir -p $(LIBDIR)
	@# SwiftPM relinks only when a source changed; exports.map matters too.
	rm -f "$$($(SWIFT_RELEASE) --product feeddate --show-bin-path)/libfeeddate.so"
	$(SWIFT_RELEASE) --product feeddate
	@# Copy, then rename: a process that has the old library mapped keeps it.
	cp "$$($(SWIFT_RELEASE) --product feeddate --show-bin-path)/libfeeddate.so" $@.tmp
	mv -f $@.tmp $@

$(LIBSO1): $(LIBREAL)
	ln -sf $(notdir $(LIBREAL)) $@
	@# A real file left by an earlier version (libfeeddate.so.1.0.0) would be stale.
	find $(LIBDIR) -maxdepth 1 -type f -name 'libfeeddate.so.$(SOMAJOR).*' ! -name $(notdir $(LIBREAL)) -delete
$(LIBSO): $(LIBSO1)
	ln -sf $(notdir $(LIBSO1)) $@

version:
	@echo $(VERSION)

help:
	@grep -h '^#   make [a-z]' Makefile $(sort $(wildcard mk/*.mk)) | sed -e 's/^#   make //' -e 's/  */ /' \
	  | awk '{ t = $$1; $$1 = ""; if (!seen[t]++) printf "  make %-16s%s\n", t, $$0 }' 

# The table of copies is in tools/version.sh; the self-test plants a wrong one.
version-check:
	@tools/version.sh --check && tools/version.sh --self-test

# ---- demo: the C example printing a feed ------------------------------------
$(BUILD)/feed_demo: examples/c/feed_demo.c include/feeddate.h $(LIBSO)
	$(CC) $(WARN) $(CFLAGS) -Iinclude $< -L$(LIBDIR) -lfeeddate -Wl,-rpath,'$$ORIGIN/lib' -o $@

demo: lib $(BUILD)/feed_demo
	./$(BUILD)/feed_demo

# ---- tests ------------------------------------------------------------------
# Every suite of `make test` (each defined here or in mk/<lang>.mk), in order;
# pytest last, so that its summary closes the log.
TEST_SUITES := check-vectors version-check folder-check test-swift example-swift check-lib test-c test-zone-paths test-go test-rust test-java test-node test-php test-web test-spark test-python
# deps first: it installs the Debian packages the suites lack (tools/deps.sh).
test: deps $(TEST_SUITES)

deps:
	tools/deps.sh test

# The quick loop; Python's tests of pandas, pyarrow, polars and dask skip where
# those are missing, each saying so (make test runs them all).
CHECK_SUITES := check-vectors version-check folder-check test-swift-quick check-lib test-c test-python-core
check: $(CHECK_SUITES)

# pytest and numpy of python3, else of build/venv (filled from PyPI once).
test-python-core: lib
	@py=$$(tools/py-env.sh check $(PYTHON) $(PY_VENV) --system-first pytest=pytest numpy=numpy) || exit 1; \
	PYTHONPATH=$(CURDIR)/bindings/python timeout 900 $$py -m pytest -q -p no:cacheprovider -p no:benchmark bindings/python/tests

test-swift: $(ICU_DEPS)
	swift test --disable-swift-testing

# The Swift suite's four slowest tests (36-66 s of 48-83 s on 2 cores), which
# make check skips: TestCase/testName, a regex matched at the name's end.
SWIFT_SLOW_TESTS := HostileZoneTests/testNextChangesInZonesThatFlipByADayEveryFewMinutes \
	NextChangeTests/testNextChangeAroundDateRegressions NextChangeTests/testCountMemoReadsAsTheRules \
	CivilTests/testTheFastConversionsAgreeWithHinnantsOnEveryDay
test-swift-quick: $(ICU_DEPS)
	swift test --disable-swift-testing $(foreach t,$(SWIFT_SLOW_TESTS),--skip '$(t)$$')

# The contract and its vectors live in ../shared when this repo sits in the
# project's workspace; the copies here must match them.
check-vectors:
	@for pair in "../shared/vectors/core.jsonl Tests/vectors/core.jsonl" \
	             "../shared/vectors/options-1.1.jsonl Tests/vectors/options-1.1.jsonl" \
	             "../shared/vectors/schedule-1.2.jsonl Tests/vectors/schedule/schedule-1.2.jsonl" \
	             "../shared/SPEC.md docs/SPEC.md"; do \
	  set -- $$pair; \
	  if [ ! -f "$$1" ]; then echo "contract: no $$1 here; using $$2"; \
	  elif cmp -s "$$1" "$$2"; then echo "contract: $$2 matches $$1"; \
	  else echo "contract: $$2 differs from $$1: copy it in (cp $$1 $$2) and make the suites pass."; exit 1; fi; \
	done
	@# One set since 1.3 (SPEC 13): no per-ICU folder may come back.
	@! ls -d Tests/vectors/icu[0-9]* 2>/dev/null | grep . || { echo "contract: per-ICU vector folders are gone since 1.3 (one ICU, one set): remove them"; exit 1; }
	@# The header's constants the bindings' tests read (make header-vectors writes them), each the compiler's.
	@python3 Tests/vectors/header/make_header.py --check
	@python3 Tests/vectors/header/make_header.py --c | $(CC) $(WARN) -Iinclude -x c - -o /dev/null

# The library must export fd_* only and run with the Swift toolchain hidden.
check-lib: lib
	$(if $(filter system,$(ICU)),CHECK_LIB_ICU=system) tools/check-lib.sh $(LIBREAL)

clean:
	rm -rf $(BUILD) .build .build-system .build-icu-full

-include $(sort $(wildcard mk/*.mk))

# ---- benchmarks ---------------------------------------------------------------
$(BUILD)/bench: bench/bench.c include/feeddate.h Tests/c/fd_names.h $(LIBSO) $(ICU_DEPS)
	$(CC) -std=c99 -Wall -O2 -Iinclude -ITests/c $(ICU_CFLAGS) $< -L$(LIBDIR) -lfeeddate $(ICU_LIBS) -lpthread -Wl,-rpath,'$$ORIGIN/lib' -o $@

$(BUILD)/first_label: bench/first_label.c include/feeddate.h
	$(CC) -std=c99 -Wall -O2 -Iinclude $< -ldl -o $@

# Each language's bench-peers-<lang> (mk/*.mk) writes build/peers/<lang>.json;
# C's rows are make bench's style table. BENCH_PEERS_QUICK=1: a smoke run.
bench-peers: $(BUILD)/bench bench-peers-python bench-peers-go bench-peers-rust bench-peers-java bench-peers-node
	./$(BUILD)/bench $(if $(BENCH_PEERS_QUICK),2100,$(if $(BENCH_N),$(BENCH_N),200000)) $(BUILD)/bench_c_styles.json --styles
	$(PYTHON) bench/peers_table.py c $(BUILD)/bench_c_styles.json $(BUILD)/peers/c.json
	$(PYTHON) bench/peers_table.py table $(BUILD)/peers

# Each binding's benchmark (mk/*.mk) against direct C calls, then C's own.
bench: lib bench-python bench-wheel bench-go bench-rust bench-java bench-node $(BUILD)/bench $(BUILD)/first_label
	@echo "cores: $$(nproc)"
	./$(BUILD)/bench $(if $(BENCH_N),$(BENCH_N),200000) $(BUILD)/bench_c.json
	./$(BUILD)/first_label $(CURDIR)/$(LIBSO1) $(BUILD)/cold_start.json
	$(PYTHON) bench/merge_results.py bench/results.json $(BUILD)/bench_c.json $(BUILD)/cold_start.json $(BUILD)/bench_python.json \
	  python_cold_start=$(BUILD)/bench_cold_python.json go=$(BUILD)/bench_go.json rust=$(BUILD)/bench_rust.json \
	  java=$(BUILD)/bench_java.json node=$(BUILD)/bench_node.json
