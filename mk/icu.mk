# The one ICU (SPEC section 13): ICU 78.3, built once per machine and linked
# statically into libfeeddate.so.1 with its data inside, every symbol hidden.
#   make icu             fetch (Debian's icu_78.3.orig.tar.gz, checked by sha256), build once into
#                        .cache/icu-78.3 or $FEEDDATE_ICU_DIR (tools/icu-build.sh), and make the
#                        trimmed data the library links (packaging/icu-data.txt, tools/icu-data.sh)
#   make icu-data-check  the library with all of ICU's data against the trimmed one: every
#                        label of the full sweep (Tests/sweep/README.md), the C vectors and the Python suite
#   make ICU=system ...  build against the system's libicu-dev instead (distributions), in
#                        build/system and .build-system: the labels follow that ICU
#   make test-icu-system the ICU=system build and its suites: check-lib (which then requires the
#                        system's ICU) and the C suites that compare no ICU text (rules, ABI,
#                        buffers, errors, threads, processes); no vector suite (SPEC 13)
# The first build of ICU takes 2-4 minutes on 2 cores; every later make finds it built.

# ICU, ICU_DIR, ICU_DATA and ICU_DEPS are set in the Makefile (the library's rule needs them).

.PHONY: icu icu-data icu-data-check

ifeq ($(ICU),system)
# Nothing to build: Package.swift links the system's libicui18n and libicuuc.
icu icu-data:
	@echo "icu: ICU=system links the system's libicu-dev (apt-get install libicu-dev)"
else
icu: $(ICU_DATA)

$(ICU_DIR)/stamp: tools/icu-build.sh
	tools/icu-build.sh

# Remade when the keep list changes (its sha256 is written beside the archive).
$(ICU_DATA): $(ICU_DIR)/stamp packaging/icu-data.txt tools/icu-data.sh
	tools/icu-data.sh

icu-data: $(ICU_DATA)
endif

# All the data ICU's build made, as an archive beside the trimmed one.
ICU_DATA_FULL := $(ICU_DIR)/lib/libfeeddate_icudata_full.a
$(ICU_DATA_FULL): $(ICU_DATA)
	tools/icu-data.sh --full

# The same library linked with all the data (FEEDDATE_ICU_DATA=full, a scratch
# path of its own), then the same labels through both.
ICU_FULL_LIB := $(BUILD)/icu-full/libfeeddate.so.1
$(ICU_FULL_LIB): $(SWIFT_SOURCES) $(ICU_DATA_FULL)
	@mkdir -p $(@D)
	FEEDDATE_ICU_DATA=full $(SWIFT_RELEASE) --scratch-path .build-icu-full --product feeddate
	cp "$$(FEEDDATE_ICU_DATA=full $(SWIFT_RELEASE) --scratch-path .build-icu-full --product feeddate --show-bin-path)/libfeeddate.so" $@

# What ICU 78.3 lists (every locale, every numbering system), for the sweep:
# built against ICU with all its data; Tests/sweep/icu-available.txt is its
# committed output (make icu-available writes it, icu-data-check compares).
ICU_AVAILABLE := $(BUILD)/icu-full/icu-available
$(ICU_AVAILABLE): Tests/sweep/icu-available.c $(ICU_DATA_FULL)
	@mkdir -p $(@D)
	$(CC) -O2 $(ICU_CFLAGS) $< $(subst -lfeeddate_icudata,-lfeeddate_icudata_full,$(ICU_LIBS)) -o $@

.PHONY: icu-available
icu-available: $(ICU_AVAILABLE)
	./$(ICU_AVAILABLE) > Tests/sweep/icu-available.txt

icu-data-check: lib $(ICU_FULL_LIB) $(CTEST_DIR)/test_vectors $(ICU_AVAILABLE) $(SWEEP_RUN) $(SWEEP_DIR)/plan-full.jsonl
	./$(ICU_AVAILABLE) | cmp - Tests/sweep/icu-available.txt || { echo "icu-data-check: Tests/sweep/icu-available.txt is not what ICU lists: make icu-available"; exit 1; }
	LD_LIBRARY_PATH=$(CURDIR)/$(BUILD)/icu-full $(SWEEP_RUN) $(SWEEP_DIR)/plan-full.jsonl $(BUILD)/icu-full/sweep-full.txt
	LD_LIBRARY_PATH=$(CURDIR)/$(LIBDIR) $(SWEEP_RUN) $(SWEEP_DIR)/plan-full.jsonl $(BUILD)/icu-full/sweep-trimmed.txt
	cmp $(BUILD)/icu-full/sweep-full.txt $(BUILD)/icu-full/sweep-trimmed.txt
	./$(CTEST_DIR)/test_vectors | tail -n 1
	PYTHONPATH=$(CURDIR)/$(PY_DIR) $(PYTHON) -m pytest -q -p no:cacheprovider $(PY_DIR)/tests | tail -n 1
	@echo "icu-data-check: the trimmed data ($$(stat -c %s $(ICU_DIR)/data/trimmed/icudt78l.dat) of $$(stat -c %s $(ICU_DIR)/data/full/icudt78l.dat) bytes) changes none of the sweep's $$(wc -l < $(BUILD)/icu-full/sweep-full.txt) labels"

# The suites of an ICU=system build (SPEC 13): no vectors, no schedules' texts.
ICU_SYSTEM_RUNS := test_api test_abi test_abi10 test_host test_threads test_stack test_fork test_memory test_descriptors \
                   test_env test_zone_swap test_dlopen test_tls
.PHONY: test-icu-system
test-icu-system:
	$(MAKE) ICU=system check-lib test-c CTEST_RUNS="$(ICU_SYSTEM_RUNS)"
