# Differential check: every label of this build against a base revision's.
#   make diff-check BASE=bc21f26      (bc21f26: main just before the 1.1 work)
#   DIFF_N (default 1000000) cases, DIFF_SEED (default 1), DIFF_SHOW (20) failures shown
# BASE is built once in .cache/diff-base/<sha>/ (tools/base-lib.sh); the driver
# dlopens both libraries (docs/RELIABILITY.md, "Differential check against 1.0").

DIFF_N    ?= 1000000
DIFF_SEED ?= 1
DIFF_SHOW ?= 20
DIFF_TOOL := $(BUILD)/diffcheck/diff_check
# Default base: the tag v1.0-base where it exists; otherwise BASE must be given.
BASE ?= $(if $(shell git rev-parse -q --verify 'refs/tags/v1.0-base^{commit}' 2>/dev/null),v1.0-base,)

.PHONY: diff-check diff-check-tool

# The driver links the library's ICU; a base before 1.3 ran on the system's, so
# CLDR's changes differ too: compare rules with a base from 1.3 on.
$(DIFF_TOOL): Tests/diff/diff_check.c Tests/c/abi/feeddate-1.0.h Tests/c/fd_names.h $(ICU_DEPS)
	@mkdir -p $(dir $@)
	$(CC) $(WARN) $(CFLAGS) -ITests/c/abi -ITests/c $(ICU_CFLAGS) $< -ldl $(ICU_LIBS) -lm -o $@

diff-check-tool: $(DIFF_TOOL)

diff-check: lib $(DIFF_TOOL)
	@if [ -z "$(BASE)" ]; then \
	  echo "diff-check: no tag v1.0-base here; name the base revision, e.g. make diff-check BASE=bc21f26" >&2; exit 2; fi
	DIFF_TOOL=$(DIFF_TOOL) tools/diff-check.sh "$(BASE)" "$(DIFF_N)" "$(DIFF_SEED)" "$(DIFF_SHOW)"

# ---- speed against another revision ------------------------------------------
#   make bench-compare BASE=<rev>   this tree's library against BASE's in one process,
#                                   alternating rounds, per-style medians and new/base
# BASE's library is built once by tools/base-lib.sh (as for diff-check).
BENCH_COMPARE := $(BUILD)/bench_compare
BENCH_ROUNDS  ?= 21
.PHONY: bench-compare

$(BENCH_COMPARE): bench/bench_compare.c Tests/c/abi/feeddate-1.0.h Tests/c/fd_names.h
	@mkdir -p $(dir $@)
	$(CC) $(WARN) -O2 -ITests/c/abi -ITests/c $< -ldl -o $@

bench-compare: lib $(BENCH_COMPARE)
	@if [ -z "$(BASE)" ]; then echo "bench-compare: name the base revision, e.g. make bench-compare BASE=HEAD~5" >&2; exit 2; fi
	@base=$$(tools/base-lib.sh "$(BASE)") && ./$(BENCH_COMPARE) "$$base" "$(CURDIR)/$(LIBSO1)" $(BENCH_ROUNDS)
