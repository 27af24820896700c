# Hardening (docs/RELIABILITY.md): fuzzing, sanitizers, valgrind, thread stress.
#   make fuzz             both libFuzzer targets for FUZZ_SECONDS each (default 600), side
#                         by side, then every API input found replayed through the shipped
#                         build/lib/libfeeddate.so; prints executions, exec/s and failures
#   make fuzz-smoke       the same for FUZZ_SMOKE_SECONDS (30) each: what CI runs
#   make fuzz-build       build/fuzz/{fuzz_api_cov,fuzz_tzif_cov,fuzz_api,seed_api} only
#   make sanitize         the C suites under ASan+UBSan and TSan, the Swift tests under both
#                         (SANITIZE_SWIFT=0: not), then make valgrind (tools/hardening-sanitize.sh)
#   make valgrind         memcheck over test_leaks: VALGRIND_CYCLES (10000) formatter
#                         create/free cycles and VALGRIND_LABELS (1000000) labels
#   make stress           8 threads x one shared formatter x STRESS_COUNT (1000000) instants
#   make test-zone-paths  zone ids never open files outside $TZDIR (a suite of `make test`)
# Sanitizer builds use .build-sanitize/*, never .build; C tests are mk/ctest.mk's.

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
# FeedDateWire's files join them (FeedDate imports it only #if canImport).
FEEDDATE_SWIFT := $(sort $(wildcard Sources/FeedDate/*.swift Sources/FeedDate/*/*.swift Sources/FeedDateWire/*.swift)) \
	Sources/FeedDateExports/Exports.swift
# The C targets the Swift sources import: a module per public header, an ASan object per source.
C_TARGETS  := CICU CFeedDateABI CForkGate CSystem
C_HEADERS  := $(foreach t,$(C_TARGETS),$(wildcard Sources/$t/include/*.h))
C_SOURCES  := $(foreach t,$(C_TARGETS),$(wildcard Sources/$t/*.c))
C_OBJECTS  := $(patsubst %.c,$(FUZZ_DIR)/obj/%.o,$(notdir $(C_SOURCES)))
MODULEMAPS := $(C_TARGETS:%=$(FUZZ_DIR)/modules/%/module.modulemap)

.PHONY: fuzz fuzz-smoke fuzz-build fuzz-seeds sanitize valgrind stress test-zone-paths

# ---- fuzzing -------------------------------------------------------------------
# Module maps as SwiftPM makes them: a `header` line per public header of the C target.
$(MODULEMAPS): $(FUZZ_DIR)/modules/%/module.modulemap: $(C_HEADERS)
	@mkdir -p $(@D)
	printf 'module %s {\n%s\n    export *\n}\n' $* "$$(printf '    header "$(CURDIR)/%s"\n' $(wildcard Sources/$*/include/*.h))" > $@.tmp && mv -f $@.tmp $@

# The library's Swift sources, the C exports and the TZif target as ONE module,
# instrumented for libFuzzer coverage and ASan (see fuzz/tzif/FuzzTZif.swift).
$(FUZZ_DIR)/libFeedDateFuzz.a: $(FEEDDATE_SWIFT) fuzz/tzif/FuzzTZif.swift $(MODULEMAPS)
	@mkdir -p $(FUZZ_DIR)/obj
	@# A new archive each time: swiftc adds to an existing one, which would keep
	@# the members of source files since renamed or removed (duplicate symbols).
	rm -f $@
	cd $(FUZZ_DIR)/obj && $(FUZZ_SWIFTC) -module-name FeedDate $(C_TARGETS:%=-I ../modules/%) \
	  -emit-library -static -o ../libFeedDateFuzz.a \
	  $(addprefix $(CURDIR)/,$(FEEDDATE_SWIFT) fuzz/tzif/FuzzTZif.swift) 2>&1 \
	  | { grep -v "is part of module 'FeedDate'; ignoring import" || true; }
	@test -s $@

$(foreach c,$(C_SOURCES),$(eval $(FUZZ_DIR)/obj/$(notdir $(c:.c=.o)): $c $(C_HEADERS)))
$(C_OBJECTS):
	@mkdir -p $(@D)
	$(FUZZ_CC) -g -O1 -fsanitize=address -Iinclude $(C_TARGETS:%=-ISources/%/include) $(ICU_CFLAGS) -c $< -o $@

$(FUZZ_DIR)/obj/%.o: fuzz/%.c fuzz/fuzz_api.h include/feeddate.h Tests/c/fd_names.h
	@mkdir -p $(FUZZ_DIR)/obj
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link -c $< -o $@

$(FUZZ_DIR)/obj/jsonl.o: Tests/c/jsonl.c Tests/c/jsonl.h
	@mkdir -p $(FUZZ_DIR)/obj
	$(FUZZ_CC) $(FUZZ_CFLAGS) -c $< -o $@

# fuzz_api_cov / fuzz_tzif_cov: the harness + the instrumented library, linked by swiftc.
$(FUZZ_DIR)/fuzz_%_cov: $(FUZZ_DIR)/obj/fuzz_%.o $(FUZZ_DIR)/obj/jsonl.o $(FUZZ_DIR)/libFeedDateFuzz.a \
		$(C_OBJECTS)
	swiftc -sanitize=fuzzer,address -use-ld=lld $^ $(ICU_LIBS) -o $@

# fuzz_api: the harness against the shipped library, replaying every input found.
$(FUZZ_DIR)/fuzz_api: fuzz/fuzz_api.c fuzz/fuzz_api.h Tests/c/fd_names.h Tests/c/jsonl.c $(LIBSO)
	@mkdir -p $(FUZZ_DIR)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer -fuse-ld=lld fuzz/fuzz_api.c Tests/c/jsonl.c \
	  -L$(LIBDIR) -lfeeddate -Wl,-rpath,'$$ORIGIN/../lib' -o $@

$(FUZZ_DIR)/seed_api: fuzz/seed_api.c fuzz/fuzz_api.h Tests/c/fd_names.h Tests/c/jsonl.c
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
