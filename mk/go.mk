# Go binding (bindings/go, cgo over libfeeddate.so.1): its tests and benchmark.
#   make test-go    go vet + go test against build/lib through pkg-config (also with
#                   FEEDDATE_GO_NO_MEMBARRIER=1), then the -tags feeddate_env build
#   make bench-go   per-label cost of Format / Label / FormatMany against direct C calls
#   make bench-peers-go  against time.Format and go-humanize: build/peers/go.json
#   make stress-go  one FormatMany of 100,000,000 instants (STRESS_N): peak RSS (~5 GB)
# Go is Debian's golang-go (1.19+); std only, GOPROXY=off.

GO        ?= $(or $(shell command -v go 2>/dev/null),$(wildcard /usr/lib/go/bin/go))
GO_DIR    := bindings/go
GO_ENV    := GOFLAGS=-mod=mod GOPROXY=off GOTOOLCHAIN=local CGO_ENABLED=1 \
             PKG_CONFIG_PATH=$(CURDIR)/$(BUILD)/pkgconfig$${PKG_CONFIG_PATH:+:$$PKG_CONFIG_PATH} \
             LD_LIBRARY_PATH=$(CURDIR)/$(LIBDIR)$${LD_LIBRARY_PATH:+:$$LD_LIBRARY_PATH}

.PHONY: test-go bench-go bench-peers-go stress-go go-check-toolchain

go-check-toolchain:
	@if [ -z "$(GO)" ]; then echo "test-go: no Go toolchain (go) found: install it (Debian: apt-get install golang-go)" >&2; exit 1; fi
	@command -v pkg-config >/dev/null || { echo "test-go: pkg-config is missing: apt-get install pkg-config" >&2; exit 1; }
	@command -v $(CC) >/dev/null || { echo "test-go: cgo needs a C compiler ($(CC)): apt-get install gcc" >&2; exit 1; }

test-go: lib $(BUILD_PC) go-check-toolchain
	cd $(GO_DIR) && $(GO_ENV) $(GO) vet ./...
	@# MALLOC_PERTURB_: freed memory is overwritten, so a formatter freed under a call garbles it.
	cd $(GO_DIR) && $(GO_ENV) MALLOC_PERTURB_=165 timeout 600 $(GO) test -count=1 -v ./... 2>&1 | grep -Ev '^=== RUN'
	@# Close racing Format and Label the other way (fdgo.c): an atomic exchange a call, no membarrier.
	cd $(GO_DIR) && $(GO_ENV) MALLOC_PERTURB_=165 FEEDDATE_GO_NO_MEMBARRIER=1 $(GO) test -count=1 -run 'TestHazardMode|TestCloseRace|TestFinalizerWhileCalling' .
	@# The other way to find the library: -tags feeddate_env with CGO_CFLAGS / CGO_LDFLAGS.
	cd $(GO_DIR) && $(GO_ENV) CGO_CFLAGS="-I$(CURDIR)/include" CGO_LDFLAGS="-L$(CURDIR)/$(LIBDIR)" \
	  $(GO) test -count=1 -tags feeddate_env -run 'Example|TestFormatterBasics' .
	@# examples/go: a program outside the module, as a user's (replace => the checkout).
	cd examples/go && $(GO_ENV) $(GO) build -o $(CURDIR)/$(BUILD)/go-program .
	$(GO_ENV) $(BUILD)/go-program | tee $(BUILD)/go-program.txt
	@grep -q ' ms ago: 昨天 ' $(BUILD)/go-program.txt || { echo "test-go: examples/go did not print 昨天 for 30 hours ago" >&2; exit 1; }

bench-go: lib $(BUILD_PC) go-check-toolchain
	cd $(GO_DIR) && $(GO_ENV) $(GO) run ./internal/bench $(if $(BENCH_N),-n $(BENCH_N)) -json $(CURDIR)/$(BUILD)/bench_go.json

# The peer benchmark is a module of its own (bindings/go/internal/peers), so
# the binding never depends on go-humanize; Debian's package ships the source
# without a go.mod, so its files are linked into $(BUILD)/peers/go-humanize
# beside one (the peers module's replace points there). No module proxy.
GO_HUMANIZE_SRC ?= /usr/share/gocode/src/github.com/dustin/go-humanize
bench-peers-go: lib $(BUILD_PC) go-check-toolchain
	@[ -f $(GO_HUMANIZE_SRC)/times.go ] || { echo "bench-peers-go: go-humanize is missing ($(GO_HUMANIZE_SRC)): tools/deps.sh peers (golang-github-dustin-go-humanize-dev)" >&2; exit 1; }
	@rm -rf $(BUILD)/peers/go-humanize && mkdir -p $(BUILD)/peers/go-humanize
	@for f in $(GO_HUMANIZE_SRC)/*.go; do case $$f in *_test.go) ;; *) ln -s $$f $(BUILD)/peers/go-humanize/;; esac; done
	@printf 'module github.com/dustin/go-humanize\n\ngo 1.19\n' > $(BUILD)/peers/go-humanize/go.mod
	cd $(GO_DIR)/internal/peers && $(GO_ENV) $(GO) run . $(if $(BENCH_PEERS_QUICK),-rounds 3 -n 1000) \
	  -json $(CURDIR)/$(BUILD)/peers/go.json

STRESS_N ?= 100000000
stress-go: lib $(BUILD_PC) go-check-toolchain
	cd $(GO_DIR) && $(GO_ENV) $(GO) run ./internal/stress -n $(STRESS_N)
