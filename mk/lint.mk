# Formatters and linters over the tree (issue 42), with their configs in it: .swift-format,
# .clang-format (and bindings/go's, Tests/c/abi's), ruff.toml, [tool.mypy] in
# bindings/python/pyproject.toml, .shellcheckrc; rustfmt's and gofmt's defaults.
#   make lint        swift-format lint --strict, clang-format, gofmt and go vet, rustfmt and
#                    clippy, ruff (check, format) and mypy of the Python package, tsc of the
#                    .d.ts files (make test-node-types) and their names against what the .js
#                    export (tools/dts-exports.js), shellcheck. Installs what it lacks first:
#                    Debian's (tools/deps.sh lint), ruff and mypy from PyPI into build/lint-venv,
#                    so make check does not run it. A missing tool fails, saying what to install
#   make lint-fix    every formatter in place (swift-format, clang-format, gofmt, rustfmt, ruff
#                    format and ruff's safe fixes); make lint then shows what is left by hand

SWIFT_FORMAT ?= $(or $(shell command -v swift-format 2>/dev/null),$(wildcard $(dir $(shell command -v swift 2>/dev/null))swift-format))
CLANG_FORMAT ?= clang-format
SHELLCHECK   ?= shellcheck
GOFMT        ?= $(or $(shell command -v gofmt 2>/dev/null),$(wildcard /usr/lib/go/bin/gofmt))
LINT_VENV    := $(CURDIR)/$(BUILD)/lint-venv
# Pinned: a new ruff or mypy may find more; a bump is a commit of its own.
LINT_PY_NEEDS := ruff=ruff==0.17.6 mypy=mypy==2.4.1
LINT_PY       = py=$$(tools/py-env.sh lint $(PYTHON) $(LINT_VENV) $(LINT_PY_NEEDS)) || exit 1
# The files git tracks, but symbolic links (clang-format -i would replace one with a copy).
lint_files   = $(shell git ls-files -s -- $(1) | awk '$$1 != 120000 {print $$4}')
# README.md's Swift snippet is its copy, comments aligned by hand (make example-swift compares).
LINT_SWIFT   = $(filter-out examples/swift/Sources/ReadmeSnippet/main.swift,$(call lint_files,'*.swift'))
LINT_C       = $(call lint_files,'*.c' '*.h')
LINT_PY_SRC  = $(call lint_files,'*.py')
LINT_CRATES  = $(dir $(call lint_files,'*Cargo.toml'))
LINT_GO_DIRS = $(GO_DIR) examples/go
# Shell scripts by their first line (#!/bin/sh, #!/usr/bin/env bash, ...).
LINT_SH      = $(shell git ls-files | xargs awk 'FNR == 1 && /^\#!.*[\/ ](ba|da)?sh$$/ {print FILENAME} {nextfile}')
# Each JavaScript module and its declarations.
LINT_DTS     = $(NODE_DIR)/index.js $(NODE_DIR)/index.d.ts $(NODE_DIR)/index.mjs $(NODE_DIR)/index.d.mts clients/web/feed-date.js clients/web/feed-date.d.ts \
                clients/web/feed-date.mjs clients/web/feed-date.d.mts clients/web/react.js clients/web/react.d.ts

.PHONY: lint lint-fix lint-deps lint-swift lint-c lint-go lint-rust lint-python lint-ts lint-sh

lint: lint-swift lint-c lint-go lint-rust lint-python lint-ts lint-sh

lint-deps:
	tools/deps.sh lint

lint-swift: lint-deps
	@[ -n "$(SWIFT_FORMAT)" ] || { echo "lint: no swift-format (it comes with the Swift toolchain, 6.0 and later)" >&2; exit 1; }
	@echo "$(SWIFT_FORMAT) lint --strict ($(words $(LINT_SWIFT)) files)"
	@$(SWIFT_FORMAT) lint --strict --parallel $(LINT_SWIFT)

lint-c: lint-deps
	@echo "$(CLANG_FORMAT) --dry-run --Werror ($(words $(LINT_C)) files)"
	@$(CLANG_FORMAT) --dry-run --Werror $(LINT_C) 2>&1 | { grep -E '^[^ ]+:[0-9]+:[0-9]+: ' || true; }

lint-go: lint-deps lib $(BUILD_PC) go-check-toolchain
	@echo "gofmt -l and go vet: $(LINT_GO_DIRS)"
	@out=$$($(GOFMT) -l $(LINT_GO_DIRS)); [ -z "$$out" ] || { echo "lint: gofmt would change $$out (make lint-fix)" >&2; exit 1; }
	@$(foreach d,$(LINT_GO_DIRS),(cd $(d) && $(GO_ENV) $(GO) vet ./...) &&) true

lint-rust: lint-deps lib rust-check-toolchain
	@echo "cargo fmt --check: $(LINT_CRATES)"
	@$(foreach c,$(LINT_CRATES),(cd $(c) && $(RUST_ENV) $(CARGO) fmt --check) &&) true
	@$(RUST_ENV) $(CARGO) clippy --version >/dev/null 2>&1 || { echo "lint: no clippy for $(CARGO): rustup component add clippy" >&2; exit 1; }
	@echo "cargo clippy --offline --all-targets -- -D warnings: $(RUST_DIR)"
	@$(RUST_CARGO) clippy --offline --all-targets --quiet -- -D warnings

lint-python: lint-deps
	@$(LINT_PY); echo "ruff check, ruff format --check ($(words $(LINT_PY_SRC)) files); mypy ($(PY_DIR))"; \
	s=0; $$py -m ruff check --no-cache --quiet --output-format concise $(LINT_PY_SRC) || s=1; \
	$$py -m ruff format --no-cache --check --quiet $(LINT_PY_SRC) || s=1; (cd $(PY_DIR) && $$py -m mypy) || s=1; exit $$s

lint-ts: lint-deps test-node-types node-addon
	@FEEDDATE_NODE_ADDON=$(CURDIR)/$(NODE_ADDON) NODE_PATH=/usr/share/nodejs $(NODE) tools/dts-exports.js $(LINT_DTS)

lint-sh: lint-deps
	@echo "$(SHELLCHECK) ($(words $(LINT_SH)) scripts)"
	@$(SHELLCHECK) $(LINT_SH)

lint-fix: lint-deps
	@echo "lint-fix: swift-format, clang-format, gofmt, cargo fmt, ruff: in place"
	@$(SWIFT_FORMAT) format -i --parallel $(LINT_SWIFT)
	@$(CLANG_FORMAT) -i $(LINT_C)
	@$(GOFMT) -w $(LINT_GO_DIRS)
	@$(foreach c,$(LINT_CRATES),(cd $(c) && $(RUST_ENV) $(CARGO) fmt) &&) true
	@$(LINT_PY); $$py -m ruff check --no-cache --fix --quiet $(LINT_PY_SRC) || true; $$py -m ruff format --no-cache $(LINT_PY_SRC)
