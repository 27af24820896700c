# The label sweep (Tests/sweep/README.md; SPEC section 13): one plan of labels,
# one runner per language, run through every artifact and every revision.
#   make fleet-check             the sweep through every language from the build tree and
#                                every artifact in clean Debian 12 and 13 roots (.debs,
#                                wheel, tarball; npm and jar on 13): one digest, or the
#                                labels that differ (tools/fleet-check.sh). Builds the
#                                artifacts first (make deb deb13 dist); FLEET_SIZE=small
#                                (CI) for 114 locales instead of 907, FLEET_SET=other for
#                                another sweep of the same kind (other instants, options and
#                                zones), FLEET_BUILD=0 to use the artifacts already in dist/
#   make label-changes BASE=<rev>  the same sweep through BASE's library and this tree's:
#                                build/label-changes/<base>..HEAD.md (counts by style, option
#                                set and locale, with examples) and .tsv (every difference);
#                                the release notes carry the report (tools/label-changes.sh)
#   make fleet-run-LANG SWEEP_PLAN=P SWEEP_OUT=O   one runner against the build tree (LANG:
#                                c python node java go rust swift)

FLEET_SIZE  ?= full
FLEET_SET   ?= main
FLEET_BUILD ?= 1
FLEET_PLAN  := $(SWEEP_DIR)/plan-$(FLEET_SIZE)$(if $(filter other,$(FLEET_SET)),-other).jsonl
SWEEP_LANGS := c python node java go rust swift

.PHONY: fleet-check label-changes $(addprefix fleet-run-,$(SWEEP_LANGS))

# The C runner, linked against the build tree's library without a run path:
# it maps whichever libfeeddate.so.1 the loader finds (LD_LIBRARY_PATH, or a
# .deb's), of any version from 1.1 on.
$(SWEEP_RUN): Tests/sweep/sweep_run.c $(CTEST_SRC)/jsonl.c $(CTEST_SRC)/vector_options.c $(CTEST_HEADERS) | lib
	@mkdir -p $(@D)
	$(CC) $(WARN) -O2 -Iinclude -I$(CTEST_SRC) $(filter %.c,$^) -L$(LIBDIR) -l:libfeeddate.so.$(SOMAJOR) -ldl -o $@

# plan-full.jsonl, plan-small.jsonl; plan-small-other.jsonl (--set other).
$(SWEEP_DIR)/plan-%.jsonl: Tests/sweep/sweep_plan.py Tests/sweep/icu-available.txt
	@mkdir -p $(@D)
	$(PYTHON) $< --size $(word 1,$(subst -, ,$*)) --set $(or $(word 2,$(subst -, ,$*)),main) > $@.tmp && mv $@.tmp $@

fleet-check: lib $(SWEEP_RUN) $(FLEET_PLAN)
ifeq ($(FLEET_BUILD),1)
	$(MAKE) --no-print-directory deb deb13 dist
endif
	SWEEP_RUN=$(SWEEP_RUN) SWEEP_PLAN=$(FLEET_PLAN) tools/fleet-check.sh

label-changes: lib $(SWEEP_RUN) $(SWEEP_DIR)/plan-full.jsonl
	@if [ -z "$(BASE)" ]; then echo "label-changes: name the base revision, e.g. make label-changes BASE=74d1b89" >&2; exit 2; fi
	SWEEP_RUN=$(SWEEP_RUN) SWEEP_PLAN=$(SWEEP_DIR)/plan-full.jsonl tools/label-changes.sh "$(BASE)"

# One runner against the build tree: PLAN in, one line per label out (the
# summary line on stderr).
SWEEP_ARGS = $(abspath $(SWEEP_PLAN)) $(abspath $(SWEEP_OUT))
fleet-run-c: $(SWEEP_RUN)
	LD_LIBRARY_PATH=$(CURDIR)/$(LIBDIR) $(SWEEP_RUN) $(SWEEP_ARGS)
fleet-run-python: lib
	PYTHONPATH=$(CURDIR)/$(PY_DIR) $(PYTHON) Tests/sweep/sweep_run.py $(SWEEP_ARGS)
fleet-run-node: lib node-tools $(NODE_ADDON)
	$(NODE) Tests/sweep/sweep_run.js $(SWEEP_ARGS)
fleet-run-java: lib java-tools $(JAVA_JAR)
	$(JAVA) -cp $(JAVA_JAR):$(JNA_JAR) Tests/sweep/SweepRun.java $(SWEEP_ARGS)
fleet-run-go: lib
	cd $(GO_DIR) && $(GO_ENV) $(GO) run ./internal/sweep $(SWEEP_ARGS)
fleet-run-rust: lib
	$(RUST_CARGO) run --offline --release --quiet --example sweep -- $(SWEEP_ARGS)
fleet-run-swift: lib
	$(SWIFT_RELEASE) --product feeddate-sweep
	"$$($(SWIFT_RELEASE) --product feeddate-sweep --show-bin-path)/feeddate-sweep" $(SWEEP_ARGS)
