# Hardening (docs/RELIABILITY.md): fuzzing, sanitizers, valgrind, thread stress.
#   make fuzz             both libFuzzer targets for FUZZ_SECONDS each (default 600), side
#                         by side, then every API input found replayed through the shipped
#                         build/lib/libfeeddate.so; prints executions, exec/s and failures
#   make fuzz-smoke       the same for FUZZ_SMOKE_SECONDS (30) each: what CI runs
#   make fuzz-build       build/fuzz/{fuzz_api_cov,fuzz_tzif_cov,fuzz_api,seed_api} only
#   make sanitize         C suites + stress against an ASan+UBSan-built library, C threads +
#                         stress against a TSan-built library, the Swift tests under ASan and
#                         under TSan, and `make valgrind` (SANITIZE_SWIFT=0 skips the Swift
#                         tests, SANITIZE_COUNT sets the stress count, default 20000)
#   make valgrind         memcheck over test_leaks: VALGRIND_CYCLES (10000) formatter
#                         create/free cycles and VALGRIND_LABELS (1000000) labels
#   make stress           8 threads x one shared formatter x STRESS_COUNT (1000000) instants
#   make test-zone-paths  zone ids never open files outside $TZDIR (a suite of `make test`)
# Sanitizer builds use their own SwiftPM scratch paths (.build-sanitize/*), never .build.
# The C test programs (test_leaks, test_stress, test_zone_paths) are built by
# the one recipe of mk/ctest.mk.

FUZZ_SECONDS       ?= 600
FUZZ_SMOKE_SECONDS ?= 30
SANITIZE_COUNT     ?= 20000
SANITIZE_SWIFT     ?= 1
STRESS_COUNT       ?= 1000000
VALGRIND_CYCLES    ?= 10000
VALGRIND_LABELS    ?= 1000000

FUZZ_DIR  := $(BUILD)/fuzz
# The toolchain's own clang: its compiler-rt (libFuzzer, ASan) is the one swiftc links.
SWIFT_BIN := $(dir $(shell command -v swiftc 2>/dev/null || echo /opt/swift/usr/bin/swiftc))
FUZZ_CC   ?= $(SWIFT_BIN)clang
FUZZ_CFLAGS := -g -O1 -std=c11 -Wall -Wextra -Werror -fno-omit-frame-pointer \
	-fsanitize=address,undefined -fno-sanitize-recover=undefined -Iinclude -ITests/c -Ifuzz
FUZZ_SWIFTC := swiftc -O -g -sanitize=fuzzer,address -parse-as-library -package-name feeddate
# Every Swift file of the core, in its folders by job (docs/DESIGN.md).
FEEDDATE_SWIFT := $(sort $(wildcard Sources/FeedDate/*.swift Sources/FeedDate/*/*.swift)) Sources/feeddate/Exports.swift
# The C targets of Package.swift that the Swift sources import, and their public headers.
CICU_HEADERS  := Sources/CICU/include/cicu.h
CFDABI_HEADERS := include/feeddate.h Sources/CFeedDateABI/include/fdabi.h
CFORKGATE_HEADERS := Sources/CForkGate/include/forkgate.h
CSYSTEM_HEADERS := Sources/CSystem/include/csystem.h

.PHONY: fuzz fuzz-smoke fuzz-build fuzz-seeds sanitize valgrind stress test-zone-paths

# ---- fuzzing -------------------------------------------------------------------
# Module maps for compiling the Swift sources outside SwiftPM (SwiftPM makes
# these): one `header` line per public header of the C target, as SwiftPM's
# umbrella directory exposes them all.
modulemap = printf 'module %s {\n%s\n    export *\n}\n' $(1) "$$(printf '    header "$(CURDIR)/%s"\n' $(2))" > $@.tmp && mv -f $@.tmp $@

$(FUZZ_DIR)/modules/CICU/module.modulemap: $(CICU_HEADERS)
	@mkdir -p $(@D)
	$(call modulemap,CICU,$^)

$(FUZZ_DIR)/modules/CFeedDateABI/module.modulemap: $(CFDABI_HEADERS)
	@mkdir -p $(@D)
	$(call modulemap,CFeedDateABI,$^)

$(FUZZ_DIR)/modules/CForkGate/module.modulemap: $(CFORKGATE_HEADERS)
	@mkdir -p $(@D)
	$(call modulemap,CForkGate,$^)

$(FUZZ_DIR)/modules/CSystem/module.modulemap: $(CSYSTEM_HEADERS)
	@mkdir -p $(@D)
	$(call modulemap,CSystem,$^)

# The library's Swift sources, the C exports and the TZif target as ONE module,
# instrumented for libFuzzer coverage and ASan (see fuzz/tzif/FuzzTZif.swift).
$(FUZZ_DIR)/libFeedDateFuzz.a: $(FEEDDATE_SWIFT) fuzz/tzif/FuzzTZif.swift \
		$(FUZZ_DIR)/modules/CICU/module.modulemap $(FUZZ_DIR)/modules/CFeedDateABI/module.modulemap \
		$(FUZZ_DIR)/modules/CForkGate/module.modulemap $(FUZZ_DIR)/modules/CSystem/module.modulemap
	@mkdir -p $(FUZZ_DIR)/obj
	cd $(FUZZ_DIR)/obj && $(FUZZ_SWIFTC) -module-name FeedDate -I ../modules/CICU -I ../modules/CFeedDateABI \
	  -I ../modules/CForkGate -I ../modules/CSystem \
	  -emit-library -static -o ../libFeedDateFuzz.a \
	  $(addprefix $(CURDIR)/,$(FEEDDATE_SWIFT) fuzz/tzif/FuzzTZif.swift) 2>&1 \
	  | { grep -v "is part of module 'FeedDate'; ignoring import" || true; }
	@test -s $@

# The C targets' sources, with ASan like the Swift code (SwiftPM compiles them for the library).
$(FUZZ_DIR)/obj/cicu.o: Sources/CICU/cicu.c $(CICU_HEADERS) $(CFORKGATE_HEADERS)
	@mkdir -p $(FUZZ_DIR)/obj
	$(FUZZ_CC) -g -O1 -fsanitize=address -ISources/CICU/include -ISources/CForkGate/include -c $< -o $@

$(FUZZ_DIR)/obj/forkgate.o: Sources/CForkGate/forkgate.c $(CFORKGATE_HEADERS)
	@mkdir -p $(FUZZ_DIR)/obj
	$(FUZZ_CC) -g -O1 -fsanitize=address -ISources/CForkGate/include -c $< -o $@

$(FUZZ_DIR)/obj/csystem.o: Sources/CSystem/csystem.c $(CSYSTEM_HEADERS)
	@mkdir -p $(FUZZ_DIR)/obj
	$(FUZZ_CC) -g -O1 -fsanitize=address -ISources/CSystem/include -c $< -o $@

$(FUZZ_DIR)/obj/abi.o: Sources/CFeedDateABI/abi.c $(CFDABI_HEADERS)
	@mkdir -p $(FUZZ_DIR)/obj
	$(FUZZ_CC) -g -O1 -fsanitize=address -Iinclude -ISources/CFeedDateABI/include -c $< -o $@

$(FUZZ_DIR)/obj/%.o: fuzz/%.c fuzz/fuzz_api.h include/feeddate.h
	@mkdir -p $(FUZZ_DIR)/obj
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link -c $< -o $@

$(FUZZ_DIR)/obj/jsonl.o: Tests/c/jsonl.c Tests/c/jsonl.h
	@mkdir -p $(FUZZ_DIR)/obj
	$(FUZZ_CC) $(FUZZ_CFLAGS) -c $< -o $@

# fuzz_api_cov / fuzz_tzif_cov: the harness + the instrumented library, linked by swiftc.
$(FUZZ_DIR)/fuzz_%_cov: $(FUZZ_DIR)/obj/fuzz_%.o $(FUZZ_DIR)/obj/jsonl.o $(FUZZ_DIR)/libFeedDateFuzz.a \
		$(FUZZ_DIR)/obj/cicu.o $(FUZZ_DIR)/obj/abi.o $(FUZZ_DIR)/obj/forkgate.o $(FUZZ_DIR)/obj/csystem.o
	swiftc -sanitize=fuzzer,address -use-ld=lld $^ -licui18n -licuuc -o $@

# fuzz_api: the same harness against the shipped library, uninstrumented: it replays
# the corpus, so every input found also runs through the real release build.
$(FUZZ_DIR)/fuzz_api: fuzz/fuzz_api.c fuzz/fuzz_api.h Tests/c/jsonl.c $(LIBSO)
	@mkdir -p $(FUZZ_DIR)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer -fuse-ld=lld fuzz/fuzz_api.c Tests/c/jsonl.c \
	  -L$(LIBDIR) -lfeeddate -Wl,-rpath,'$$ORIGIN/../lib' -o $@

$(FUZZ_DIR)/seed_api: fuzz/seed_api.c fuzz/fuzz_api.h Tests/c/jsonl.c
	@mkdir -p $(FUZZ_DIR)
	$(CC) $(WARN) -O1 -Iinclude -ITests/c -Ifuzz fuzz/seed_api.c Tests/c/jsonl.c -o $@

# Keep the harness objects (make would delete them as intermediates).
.SECONDARY: $(FUZZ_DIR)/obj/fuzz_api.o $(FUZZ_DIR)/obj/fuzz_tzif.o

fuzz-build: lib $(FUZZ_DIR)/fuzz_api_cov $(FUZZ_DIR)/fuzz_tzif_cov $(FUZZ_DIR)/fuzz_api $(FUZZ_DIR)/seed_api

# Seeds are generated, never committed (fuzz/seed_*.{c,py} say why).
fuzz-seeds: $(FUZZ_DIR)/seed_api
	@rm -rf $(FUZZ_DIR)/seeds && mkdir -p $(FUZZ_DIR)/seeds/api $(FUZZ_DIR)/seeds/tzif
	$(FUZZ_DIR)/seed_api Tests/vectors/core.jsonl $(FUZZ_DIR)/seeds/api
	$(FUZZ_DIR)/seed_api Tests/vectors/options-1.1.jsonl $(FUZZ_DIR)/seeds/api
	$(PYTHON) fuzz/seed_tzif.py $(FUZZ_DIR)/seeds/tzif

fuzz: fuzz-build fuzz-seeds
	tools/hardening-fuzz.sh $(FUZZ_SECONDS)

fuzz-smoke: fuzz-build fuzz-seeds
	tools/hardening-fuzz.sh $(FUZZ_SMOKE_SECONDS)

# ---- sanitizers, valgrind, stress ----------------------------------------------------
sanitize: lib $(CTEST_DIR)/test_leaks
	SANITIZE_COUNT=$(SANITIZE_COUNT) SANITIZE_SWIFT=$(SANITIZE_SWIFT) FUZZ_CC=$(FUZZ_CC) \
	  VALGRIND_CYCLES=$(VALGRIND_CYCLES) VALGRIND_LABELS=$(VALGRIND_LABELS) \
	  tools/hardening-sanitize.sh

valgrind: lib $(CTEST_DIR)/test_leaks
	VALGRIND_ONLY=1 VALGRIND_CYCLES=$(VALGRIND_CYCLES) VALGRIND_LABELS=$(VALGRIND_LABELS) \
	  tools/hardening-sanitize.sh

stress: lib $(CTEST_DIR)/test_stress
	@echo "== test_stress $(STRESS_COUNT)"
	timeout 3600 ./$(CTEST_DIR)/test_stress $(STRESS_COUNT)

test-zone-paths: lib $(CTEST_DIR)/test_zone_paths
	@echo "== test_zone_paths"
	timeout 120 ./$(CTEST_DIR)/test_zone_paths
