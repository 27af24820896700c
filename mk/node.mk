# Node binding (bindings/node): an N-API addon in C over build/lib/libfeeddate.so.1.
#   make node-addon   build/node/feeddate.node (bindings/node/Makefile's rule, against
#                     include/ and build/lib, with a run path to build/lib)
#   make test-node    the library, the addon, then `node --test` over bindings/node/test
#                     (a suite of `make test`): every vector of Tests/vectors (or
#                     FEEDDATE_VECTORS), every schedule vector of Tests/vectors/schedule
#                     (or FEEDDATE_SCHEDULE_VECTORS), html and scriptJson against every case of
#                     Tests/vectors/html/html-1.3.jsonl (or FEEDDATE_HTML_VECTORS), errors with the quote vectors of
#                     Tests/vectors/quote (or FEEDDATE_QUOTE_VECTORS), closing, worker threads,
#                     the README's examples, import and require of "feeddate" giving one object; the full report goes to build/node/test-report.txt
#   make test-node-types  tsc --noEmit (Debian's node-typescript, /usr/bin/tsc) of
#                     bindings/node/check/web-types.ts, web-types-esm.mts and node-types-esm.mts:
#                     "feeddate" by its name through package.json's exports map (index.d.ts for
#                     require, index.d.mts for import), clients/web's .d.ts where the npm package
#                     puts them (feeddate/web/...; bindings/node/check/tsconfig.web-types.json);
#                     their misuses are marked @ts-expect-error, so one that compiles fails it
#                     (part of make test-node)
#   make npm          dist/npm/feeddate-$(VERSION).tgz: the npm package with its prebuilt N-API
#                     addon and libfeeddate.so.1 of make wheel (ICU 78.3 inside it) in
#                     prebuilds/linux-x64/ (run path $ORIGIN), no install script: `npm install
#                     ./feeddate-$(VERSION).tgz` needs no compiler and no LD_LIBRARY_PATH. Packed
#                     offline with NodeSource's npm; ends with an install and the vectors on this
#                     machine (tools/npm-build.sh)
#   make npm-check    make npm, then in a clean Debian 13 root with only Debian's nodejs and npm
#                     (no compiler): npm install of the tgz, every vector (ICU 78.3's), ICU 78.3,
#                     /proc/self/maps shows the package's own libfeeddate and no ICU but node's own
#                     (tools/npm-check.sh; root cached in .cache/trixie/npm)
#   make bench-node   per-label cost through the binding against a direct C call, in one
#                     run (part of `make bench`); formatMany against fd_format_many in the same
#                     process, alternating rounds (the addon's benchMany)
#   make bench-peers-node  format / formatMany against Node's Intl (RelativeTimeFormat for
#                     RELATIVE en_US and zh_CN, DateTimeFormat for FEED zh_CN written by hand,
#                     checked equal) and formatMany against fd_format_many, on the mix and
#                     400d sets, 21 alternating rounds, medians: build/peers/node.json (the
#                     bench-peers contract). BENCH_PEERS_QUICK=1: 3 rounds of 1,000 instants
#   make stress-node  one formatMany of STRESS_N instants (default 100,000,000) in a heap of
#                     STRESS_HEAP_MB, reporting the peak RSS it added against the size of its
#                     result (SPEC 10, 1.2: <= 1.25x), then a batch too big for a small heap,
#                     which must be a RangeError (FD_ERR_MEMORY), not an abort. Not part of
#                     `make test`: about a minute and 6 GB of memory at the default size
# Needs node 18+ and Node's headers (NODE_INCLUDE, default /usr/include/node: NodeSource's
# nodejs has them; Debian's nodejs: apt-get install libnode-dev). A missing one fails the
# target with what to install; it is never skipped. node-gyp is never needed; npm only for
# make npm (the npm that comes with NodeSource's nodejs: Debian's npm package conflicts with it).

NODE         ?= node
NPM          ?= npm
NODE_INCLUDE ?= /usr/include/node
NODE_DIR     := bindings/node
NODE_BUILD   := $(BUILD)/node
NODE_ADDON   := $(NODE_BUILD)/feeddate.node

.PHONY: node-addon node-tools test-node test-node-types bench-node bench-peers-node stress-node node-pack npm npm-check

node-tools:
	@command -v $(NODE) >/dev/null 2>&1 || { echo "node: no $(NODE): install Node.js 18+ (Debian: apt-get install nodejs)" >&2; exit 1; }
	@v=$$($(NODE) -p 'process.versions.node.split(".")[0]'); [ "$$v" -ge 18 ] || { echo "node: $(NODE) is version $$v; the binding needs 18+" >&2; exit 1; }
	@[ -f $(NODE_INCLUDE)/node_api.h ] || { echo "node: no $(NODE_INCLUDE)/node_api.h: install Node's headers (Debian: apt-get install libnode-dev) or set NODE_INCLUDE" >&2; exit 1; }

node-addon: node-tools $(NODE_ADDON)

$(NODE_ADDON): $(NODE_DIR)/src/feeddate_node.c $(NODE_DIR)/Makefile include/feeddate.h $(LIBSO) | node-tools
	$(MAKE) --no-print-directory -C $(NODE_DIR) OUT=$(CURDIR)/$@ NODE_INCLUDE=$(NODE_INCLUDE) \
	  FEEDDATE_CFLAGS=-I$(CURDIR)/include \
	  FEEDDATE_LIBS="-L$(CURDIR)/$(LIBDIR) -lfeeddate -Wl,-rpath,'\$$\$$ORIGIN/../lib'"

TSC ?= tsc
test-node-types:
	@command -v $(TSC) >/dev/null 2>&1 || { echo "node: no $(TSC): install Debian's TypeScript (apt-get install node-typescript)" >&2; exit 1; }
	@echo "== tsc --noEmit -p $(NODE_DIR)/check/tsconfig.web-types.json ($$($(TSC) --version))"
	$(TSC) -p $(NODE_DIR)/check/tsconfig.web-types.json

test-node: lib node-tools version-check $(NODE_ADDON) test-node-types
	@echo "== node example: $(NODE_DIR)/examples/feed.js"
	FEEDDATE_NODE_ADDON=$(CURDIR)/$(NODE_ADDON) $(NODE) $(NODE_DIR)/examples/feed.js
	@echo "== node --test $(NODE_DIR)/test (report: $(NODE_BUILD)/test-report.txt)"
	@status=0; \
	FEEDDATE_NODE_ADDON=$(CURDIR)/$(NODE_ADDON) FEEDDATE_EXPECTED_VERSION=$(VERSION) \
	  timeout 900 $(NODE) --test --test-reporter=spec --test-reporter-destination=$(NODE_BUILD)/test-report.txt \
	  $(NODE_DIR)/test/ || status=$$?; \
	sed -n '/failing tests:/,$$p' $(NODE_BUILD)/test-report.txt | grep -v '^ℹ' || true; \
	grep '^ℹ' $(NODE_BUILD)/test-report.txt || true; \
	pass=$$(sed -n 's/^ℹ pass //p' $(NODE_BUILD)/test-report.txt); fail=$$(sed -n 's/^ℹ fail //p' $(NODE_BUILD)/test-report.txt); \
	echo "$${pass:-0} passed, $${fail:-?} failed"; \
	exit $$status

bench-node: lib node-tools $(BUILD)/bench_direct $(NODE_ADDON)
	./$(BUILD)/bench_direct $(if $(BENCH_N),$(BENCH_N),200000) $(BUILD)/bench_direct_node.json
	FEEDDATE_NODE_ADDON=$(CURDIR)/$(NODE_ADDON) $(NODE) bench/bench_node.js $(BUILD)/bench_direct_node.json $(BUILD)/bench_node.json

bench-peers-node: lib node-tools $(NODE_ADDON)
	@mkdir -p $(BUILD)/peers
	FEEDDATE_NODE_ADDON=$(CURDIR)/$(NODE_ADDON) $(NODE) bench/bench_peers_node.js $(BUILD)/peers/node.json

STRESS_N       ?= 100000000
STRESS_HEAP_MB ?= 12000

stress-node: lib node-tools $(NODE_ADDON)
	FEEDDATE_NODE_ADDON=$(CURDIR)/$(NODE_ADDON) $(NODE) --expose-gc --max-old-space-size=$(STRESS_HEAP_MB) \
	  $(NODE_DIR)/tools/stress.js $(STRESS_N)
	FEEDDATE_NODE_ADDON=$(CURDIR)/$(NODE_ADDON) $(NODE) --expose-gc --max-old-space-size=512 \
	  $(NODE_DIR)/tools/stress.js --small 12000000 feed_detail

# The npm package (tools/npm-build.sh): the addon built against the wheel's libfeeddate.so.1
# (make wheel; ICU 78.3 inside it), which it carries, as make jar and make dist do.
npm: node-tools version-check wheel
	NODE=$(NODE) NPM=$(NPM) NODE_INCLUDE=$(NODE_INCLUDE) tools/npm-build.sh

npm-check: npm
	tools/npm-check.sh

# The old name of make npm (its tarball used to build the addon at install, with make and cc).
node-pack: npm
