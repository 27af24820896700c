# The web client (clients/web, SPEC section 11): plain JavaScript that swaps a
# schedule's labels in the browser.
#   make test-web   node --test over clients/web/test: fake clocks, every schedule vector,
#                   headless chromium, the bindings' markup, feed-date.js <= 3,072 bytes
#                   gzipped, the demo's screenshot (report: build/web/test-report.txt)
#   make demo-web   the demo feed on http://127.0.0.1:$(DEMO_WEB_PORT)/ (Python's http.server):
#                   labels rendered by the server with schedules, then changing live.
# Needs node 18+, Debian's chromium, node-react, node-react-dom (installed as root,
# else the apt-get line is printed): a missing browser fails, never skips.

WEB_DIR        := clients/web
WEB_BUILD      := $(BUILD)/web
WEB_VENV       := $(BUILD)/web-venv
WEB_NODE_PATH  ?= /usr/share/nodejs
WEB_CHROMIUM   ?= chromium
DEMO_WEB_PORT  ?= 8765
WEB_TESTS      := $(sort $(wildcard $(WEB_DIR)/test/*.test.js))
PYTHON         ?= python3
NODE           ?= node

.PHONY: web-tools test-web demo-web

web-tools:
	@if [ "$(WEB_CHROMIUM)" = chromium ]; then tools/deps.sh web; \
	else command -v "$(WEB_CHROMIUM)" >/dev/null 2>&1 || { echo "test-web: no $(WEB_CHROMIUM) (WEB_CHROMIUM)" >&2; exit 1; }; fi
	@v=$$($(NODE) -p 'process.versions.node.split(".")[0]'); \
	[ "$$v" -ge 18 ] || { echo "test-web: $(NODE) is version $$v; node --test needs 18+" >&2; exit 1; }; \
	[ -f $(WEB_NODE_PATH)/react/umd/react.development.js ] && [ -f $(WEB_NODE_PATH)/react-dom/umd/react-dom.development.js ] \
	  || { echo "test-web: no React UMD builds in $(WEB_NODE_PATH)/react*/umd (Debian's node-react, node-react-dom)" >&2; exit 1; }

# lib: the demo's screenshot test loads the library through the Python binding.
test-web: lib web-tools node-addon
	@mkdir -p $(WEB_BUILD)
	@py=$$(tools/py-env.sh test-web $(PYTHON) $(WEB_VENV) rjsmin=rjsmin) || exit 1; \
	status=0; started=$$(date +%s); \
	echo "== node --test $(WEB_DIR)/test (report: $(WEB_BUILD)/test-report.txt)"; \
	NODE_PATH=$(WEB_NODE_PATH) FEEDDATE_WEB_PYTHON=$$py FEEDDATE_DEMO_PYTHON=$(PYTHON) \
	FEEDDATE_CHROMIUM=$(WEB_CHROMIUM) FEEDDATE_REACT_UMD=$(WEB_NODE_PATH) \
	  timeout 600 $(NODE) --test --test-reporter=spec --test-reporter-destination=stdout \
	  --test-reporter=spec --test-reporter-destination=$(WEB_BUILD)/test-report.txt $(WEB_TESTS) \
	  | grep -v '^ℹ \(tests\|suites\|pass\|fail\|cancelled\|skipped\|todo\|duration_ms\) ' || status=$$?; \
	r=$(WEB_BUILD)/test-report.txt; \
	pass=$$(sed -n 's/^ℹ pass //p' $$r); fail=$$(sed -n 's/^ℹ fail //p' $$r); skip=$$(sed -n 's/^ℹ skipped //p' $$r); \
	cat $(WEB_BUILD)/size.txt 2>/dev/null || true; \
	if grep -q 'NOT RUN' $$r; then echo "test-web: the demo's screenshot test was NOT RUN: $$(sed -n 's/.*# NOT RUN: //p' $$r | head -1)"; \
	else echo "test-web: demo screenshot: $(WEB_BUILD)/demo.png"; fi; \
	echo "test-web: $$(( $$(date +%s) - started )) s"; \
	echo "$${pass:-0} passed, $${fail:-?} failed, $${skip:-0} skipped"; \
	[ -n "$$pass" ] && [ "$$pass" -gt 0 ] || status=1; \
	exit $$status

# The demo: Python's http.server on 127.0.0.1 with the Python binding's schedules.
demo-web: lib
	PYTHONPATH=$(CURDIR)/bindings/python $(PYTHON) $(WEB_DIR)/demo/server.py --port $(DEMO_WEB_PORT)
