# Rust binding (bindings/rust, crate `feeddate`, std only): its tests and benchmark.
#   make test-rust      cargo test (vectors, errors, threads, schedules, html, doc examples),
#                       `cargo package`, then make test-rust-link (clippy: make lint)
#   make test-rust-link how build.rs links (README "Linking"): with no library findable the
#                       docs build and a program fails at link time saying what to install;
#                       with FEEDDATE_LIB_DIR or pkg-config, programs run with no LD_LIBRARY_PATH
#   make bench-rust     format / label / format_many against direct C calls (part of `make bench`)
#   make bench-peers-rust  against chrono-humanize (Debian's librust-chrono-humanize-dev, in the
#                       crate bindings/rust/peers): build/peers/rust.json. Not part of `make test`
#   make stress-rust    format_many of STRESS_N instants: peak RSS against the result's, at most
#                       1.25x (SPEC 10). Not part of `make test`
# build.rs finds the library through FEEDDATE_LIB_DIR / FEEDDATE_INCLUDE_DIR (set here), else
# pkg-config. No crate registry is asked (--offline); cargo's files go to build/rust-target.

# cargo from PATH, else rustup's default place (often not on make's PATH).
CARGO      ?= $(or $(shell command -v cargo 2>/dev/null),$(wildcard $(HOME)/.cargo/bin/cargo),$(wildcard /root/.cargo/bin/cargo))
RUST_DIR   := bindings/rust
RUST_ENV   := PATH="$(dir $(CARGO)):$$PATH" CARGO_TARGET_DIR=$(CURDIR)/$(BUILD)/rust-target \
              FEEDDATE_LIB_DIR=$(CURDIR)/$(LIBDIR) FEEDDATE_INCLUDE_DIR=$(CURDIR)/include \
              LD_LIBRARY_PATH=$(CURDIR)/$(LIBDIR)$${LD_LIBRARY_PATH:+:$$LD_LIBRARY_PATH}
RUST_CARGO := cd $(RUST_DIR) && $(RUST_ENV) $(CARGO)

.PHONY: test-rust test-rust-link bench-rust bench-peers-rust stress-rust rust-check-toolchain

rust-check-toolchain:
	@if [ -z "$(CARGO)" ]; then echo "test-rust: no cargo found (PATH, ~/.cargo/bin): install Rust 1.77 or later with rustup (https://rustup.rs; Debian 12's cargo is too old)" >&2; exit 1; fi

test-rust: lib rust-check-toolchain
	$(RUST_CARGO) test --offline -- --show-output
	$(RUST_CARGO) package --offline --allow-dirty --quiet
	@echo "test-rust: the crate packages: $(BUILD)/rust-target/package/feeddate-$(VERSION).crate"
	@$(MAKE) --no-print-directory test-rust-link

# As on docs.rs or a machine without the library: no FEEDDATE_LIB_DIR, nothing on
# pkg-config's path (PKG_CONFIG_LIBDIR at an empty folder hides the system's .pc
# files too), no LD_LIBRARY_PATH; a copy of the crate with its own target dir.
RUST_NOLIB := $(BUILD)/rust-nolib
RUST_BARE  := env -u FEEDDATE_LIB_DIR -u FEEDDATE_INCLUDE_DIR -u LD_LIBRARY_PATH -u DOCS_RS -u RUSTFLAGS \
              PATH="$(dir $(CARGO)):$$PATH" CARGO_TARGET_DIR=$(CURDIR)/$(RUST_NOLIB)/target \
              PKG_CONFIG_PATH= PKG_CONFIG_LIBDIR=$(CURDIR)/$(RUST_NOLIB)/no-pkgconfig
RUST_NOLIB_LOG := $(CURDIR)/$(RUST_NOLIB)/cargo.log
RUST_NOT_FOUND := libfeeddate.so.1 not found

test-rust-link: lib rust-check-toolchain
	@rm -rf $(RUST_NOLIB)/feeddate $(RUST_NOLIB)/no-pkgconfig && mkdir -p $(RUST_NOLIB)/no-pkgconfig
	@cp -r $(RUST_DIR) $(RUST_NOLIB)/feeddate && rm -rf $(RUST_NOLIB)/feeddate/target $(RUST_NOLIB)/feeddate/program/target
	@echo "test-rust-link: no library findable, in a copy of the crate ($(RUST_NOLIB)/feeddate)"
	@cd $(RUST_NOLIB)/feeddate && $(RUST_BARE) $(CARGO) check --offline --all-targets > $(RUST_NOLIB_LOG) 2>&1 \
	  || { cat $(RUST_NOLIB_LOG); echo "test-rust-link: cargo check failed without the library" >&2; exit 1; }
	@grep -q "$(RUST_NOT_FOUND)" $(RUST_NOLIB_LOG) || { cat $(RUST_NOLIB_LOG); echo "test-rust-link: cargo check gave no warning" >&2; exit 1; }
	@grep -o "warning: feeddate@.*not found ([^)]*)" $(RUST_NOLIB_LOG) | head -n 1 | sed 's/^/    cargo check --all-targets: ok, /'
	@cd $(RUST_NOLIB)/feeddate && $(RUST_BARE) RUSTDOCFLAGS="-D warnings" $(CARGO) doc --offline --no-deps > $(RUST_NOLIB_LOG) 2>&1 \
	  || { cat $(RUST_NOLIB_LOG); echo "test-rust-link: cargo doc failed without the library" >&2; exit 1; }
	@echo "    cargo doc --no-deps (RUSTDOCFLAGS=-D warnings): ok"
	@cd $(RUST_NOLIB)/feeddate && $(RUST_BARE) DOCS_RS=1 RUSTDOCFLAGS="-D warnings" $(CARGO) doc --offline --no-deps > $(RUST_NOLIB_LOG) 2>&1 \
	  || { cat $(RUST_NOLIB_LOG); echo "test-rust-link: DOCS_RS=1 cargo doc failed" >&2; exit 1; }
	@! grep -q "$(RUST_NOT_FOUND)" $(RUST_NOLIB_LOG) || { cat $(RUST_NOLIB_LOG); echo "test-rust-link: DOCS_RS=1 still looked for the library" >&2; exit 1; }
	@echo "    DOCS_RS=1 cargo doc: ok, nothing looked for"
	@cd $(RUST_NOLIB)/feeddate/program && ! $(RUST_BARE) $(CARGO) build --offline > $(RUST_NOLIB_LOG) 2>&1 \
	  || { cat $(RUST_NOLIB_LOG); echo "test-rust-link: a program linked without the library" >&2; exit 1; }
	@grep -q "cannot find feeddate: libfeeddate.so.1 was not found.*install libfeeddate-dev\|unable to find feeddate: libfeeddate.so.1 was not found.*install libfeeddate-dev" $(RUST_NOLIB_LOG) \
	  || { cat $(RUST_NOLIB_LOG); echo "test-rust-link: the link error does not say what to install" >&2; exit 1; }
	@grep -o "[a-z.-]*: error: .*find feeddate: libfeeddate.so.1 was not found[^;]*;\|ld[a-z.]*: cannot find feeddate: libfeeddate.so.1 was not found[^;]*;" $(RUST_NOLIB_LOG) | head -n 1 \
	  | sed 's/^/    cargo build of a program fails at link time: /; s/$$/ install .../'
	@echo "test-rust-link: run paths: binaries run with no LD_LIBRARY_PATH"
	@cd $(RUST_NOLIB)/feeddate/program && $(RUST_BARE) PKG_CONFIG_PATH=$(CURDIR)/$(BUILD)/pkgconfig $(CARGO) build --offline --quiet
	@$(RUST_BARE) $(CURDIR)/$(RUST_NOLIB)/target/debug/feeddate-program > $(RUST_NOLIB_LOG) 2>&1 || { cat $(RUST_NOLIB_LOG); exit 1; }
	@echo "    program, PKG_CONFIG_PATH=$(BUILD)/pkgconfig: $$(head -n 1 $(RUST_NOLIB_LOG))"
	@$(RUST_CARGO) build --offline --quiet --example feed
	@env -u LD_LIBRARY_PATH $(BUILD)/rust-target/debug/examples/feed > $(RUST_NOLIB_LOG)
	@echo "    example feed, FEEDDATE_LIB_DIR=$(LIBDIR): $$(head -n 1 $(RUST_NOLIB_LOG))"
	@cd $(RUST_DIR)/program && $(RUST_ENV) $(CARGO) build --offline --quiet
	@env -u LD_LIBRARY_PATH $(BUILD)/rust-target/debug/feeddate-program > $(RUST_NOLIB_LOG)
	@echo "    program, FEEDDATE_LIB_DIR=$(LIBDIR): $$(head -n 1 $(RUST_NOLIB_LOG))"
	@for b in $(RUST_NOLIB)/target/debug/feeddate-program $(BUILD)/rust-target/debug/examples/feed $(BUILD)/rust-target/debug/feeddate-program; do \
	  rp=$$(readelf -d $$b | sed -n 's/.*(RUNPATH).*\[\(.*\)\]/\1/p'); \
	  [ "$$rp" = "$(CURDIR)/$(LIBDIR)" ] || { echo "test-rust-link: $$b has run path '$$rp', not $(CURDIR)/$(LIBDIR)" >&2; exit 1; }; \
	done; echo "test-rust-link: ok (run path $(CURDIR)/$(LIBDIR) in all three)"

bench-rust: lib rust-check-toolchain
	$(RUST_CARGO) run --offline --release --quiet --example bench -- $(if $(BENCH_N),$(BENCH_N),200000) $(CURDIR)/$(BUILD)/bench_rust.json

# Cargo reads .cargo/config.toml from the folder it runs in (not from
# --manifest-path's), hence the cd; its own target dir, so the binding's
# builds and this one never wait for each other's lock.
RUST_PEERS_DIR := $(RUST_DIR)/peers
RUST_PEERS_REGISTRY := /usr/share/cargo/registry
bench-peers-rust: lib rust-check-toolchain
	@[ -d $(RUST_PEERS_REGISTRY)/chrono-humanize-0.1.1 ] || { echo "bench-peers-rust: chrono-humanize 0.1.1 is not in $(RUST_PEERS_REGISTRY): install Debian's librust-chrono-humanize-dev (tools/deps.sh peers)" >&2; exit 1; }
	@mkdir -p $(BUILD)/peers
	cd $(RUST_PEERS_DIR) && $(RUST_ENV) CARGO_TARGET_DIR=$(CURDIR)/$(BUILD)/rust-peers-target \
	  $(CARGO) run --offline --release --quiet -- $(if $(BENCH_PEERS_QUICK),--quick) $(CURDIR)/$(BUILD)/peers/rust.json

STRESS_N ?= 100000000
stress-rust: lib rust-check-toolchain
	$(RUST_CARGO) run --offline --release --quiet --example stress -- $(STRESS_N)
