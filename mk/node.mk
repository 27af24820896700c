# Node binding (bindings/node): an N-API addon in C over build/lib/libfeeddate.so.1.
#   make node-addon   build/node/feeddate.node (bindings/node/Makefile's rule), run path to build/lib
#   make test-node    the addon, then `node --test` over bindings/node/test (a suite of `make test`):
#                     the vectors of Tests/vectors (FEEDDATE_*VECTORS), closing, workers, the
#                     README's examples, import and require giving one object; report in build/node
#   make test-node-types  tsc --noEmit (Debian's node-typescript) of bindings/node/check: "feeddate"
#                     through its exports map and clients/web's .d.ts; misuses must not compile
#   make npm          dist/npm/feeddate-$(VERSION).tgz: the addon and make wheel's library in
#                     prebuilds/linux-x64/, no install script, no compiler (tools/npm-build.sh)
#   make npm-check    make npm, then install and the vectors in a clean Debian 13 root with only
#                     Debian's nodejs and npm (tools/npm-check.sh)
#   make bench-node   a label through the binding against a direct C call (part of `make bench`)
#   make bench-peers-node  format / formatMany against Node's Intl: build/peers/node.json
#   make stress-node  formatMany of STRESS_N instants: peak RSS against its result (SPEC 10), then
#                     a RangeError, not an abort, for a batch too big for its heap (not in make test)
# Needs node 18+ and Node's headers (NODE_INCLUDE); a missing one fails with what to install.

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

npm: node-tools version-check wheel
	NODE=$(NODE) NPM=$(NPM) NODE_INCLUDE=$(NODE_INCLUDE) tools/npm-build.sh

npm-check: npm
	tools/npm-check.sh

# The old name of make npm.
node-pack: npm
