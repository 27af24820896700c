# Rust binding (bindings/rust, crate `feeddate`, std only): its tests and benchmark.
#   make test-rust      cargo test (vectors, layout, errors, threads, schedules
#                       against the schedule vectors and label, doc examples),
#                       clippy when installed, and `cargo package` of the crate
#   make bench-rust     per-label cost of format / label / format_many against
#                       direct C calls in the same process (part of `make bench`)
#   make stress-rust    one format_many of STRESS_N instants (100,000,000: about
#                       7 GB of memory, a minute): peak RSS against the result's,
#                       fails over 1.25x (SPEC 10, 1.2). Not part of `make test`.
# build.rs finds the library through FEEDDATE_LIB_DIR / FEEDDATE_INCLUDE_DIR
# (set here to build/lib and include/), else pkg-config. No crate registry is
# ever asked (--offline). Cargo's own files go to build/rust-target.

# cargo from PATH, else rustup's default place (often not on make's PATH).
CARGO      ?= $(or $(shell command -v cargo 2>/dev/null),$(wildcard $(HOME)/.cargo/bin/cargo),$(wildcard /root/.cargo/bin/cargo))
RUST_DIR   := bindings/rust
RUST_ENV   := PATH="$(dir $(CARGO)):$$PATH" CARGO_TARGET_DIR=$(CURDIR)/$(BUILD)/rust-target \
              FEEDDATE_LIB_DIR=$(CURDIR)/$(LIBDIR) FEEDDATE_INCLUDE_DIR=$(CURDIR)/include \
              LD_LIBRARY_PATH=$(CURDIR)/$(LIBDIR)$${LD_LIBRARY_PATH:+:$$LD_LIBRARY_PATH}
RUST_CARGO := cd $(RUST_DIR) && $(RUST_ENV) $(CARGO)

.PHONY: test-rust bench-rust stress-rust rust-check-toolchain

rust-check-toolchain:
	@if [ -z "$(CARGO)" ]; then echo "test-rust: no cargo found (PATH, ~/.cargo/bin): install Rust 1.77 or later with rustup (https://rustup.rs; Debian 12's cargo is too old)" >&2; exit 1; fi

test-rust: lib rust-check-toolchain
	$(RUST_CARGO) test --offline -- --show-output
	@if $(RUST_ENV) $(CARGO) clippy --version >/dev/null 2>&1; then \
	  echo "$(CARGO) clippy --offline --all-targets -- -D warnings"; \
	  cd $(RUST_DIR) && $(RUST_ENV) $(CARGO) clippy --offline --all-targets -- -D warnings; \
	else echo "test-rust: no clippy here: lints not checked"; fi
	$(RUST_CARGO) package --offline --allow-dirty --quiet
	@echo "test-rust: the crate packages: $(BUILD)/rust-target/package/feeddate-$(VERSION).crate"

bench-rust: lib rust-check-toolchain
	$(RUST_CARGO) run --offline --release --quiet --example bench -- $(if $(BENCH_N),$(BENCH_N),200000) $(CURDIR)/$(BUILD)/bench_rust.json

STRESS_N ?= 100000000
stress-rust: lib rust-check-toolchain
	$(RUST_CARGO) run --offline --release --quiet --example stress -- $(STRESS_N)
