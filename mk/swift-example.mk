# The Swift examples (SPEC 12): packages that depend on this checkout by path,
# as a user's would, and build its sources themselves.
#   make example-swift   run examples/swift and README.md's Swift snippet, then static with no libicu
#                        (the snippet is checked equal to ReadmeSnippet)
#   make example-swift-client examples/swift-client (FeedDateClient alone): no FeedDate, CICU, ICU
#                        or full Foundation built or linked into it

SWIFT_EXAMPLE_DIR := examples/swift
SWIFT_CLIENT_EXAMPLE_DIR := examples/swift-client

.PHONY: example-swift example-swift-client clean-example-swift

example-swift: $(ICU_DEPS) example-swift-client
	cd $(SWIFT_EXAMPLE_DIR) && swift build --scratch-path .build
	cd $(SWIFT_EXAMPLE_DIR) && swift run --skip-build --scratch-path .build FeedDemo
	@awk '/^## Swift$$/ { s = 1 } s && /^```swift$$/ { p = 1; next } p && /^```$$/ { exit } p' README.md \
	  | diff - $(SWIFT_EXAMPLE_DIR)/Sources/ReadmeSnippet/main.swift \
	  || { echo "example-swift: README.md's Swift snippet and $(SWIFT_EXAMPLE_DIR)/Sources/ReadmeSnippet/main.swift differ"; exit 1; }
	cd $(SWIFT_EXAMPLE_DIR) && swift run --skip-build --scratch-path .build ReadmeSnippet
	cd $(SWIFT_EXAMPLE_DIR) && swift build -c release --static-swift-stdlib --scratch-path .build-static
	@bin=$(SWIFT_EXAMPLE_DIR)/.build-static/release/FeedDemo; \
	if ldd $$bin | grep -E 'libicu|libswift|Foundation'; then echo "example-swift: the static binary needs the libraries above"; exit 1; fi; \
	echo "example-swift: the --static-swift-stdlib binary needs no ICU and no Swift library: $$(ldd $$bin | awk '{ printf "%s ", $$1 }')"; \
	icus=$$(ls /usr/lib/x86_64-linux-gnu/libicu* 2>/dev/null | tr '\n' ' '); \
	unshare -m sh -c 'for f in $$1; do mount --bind /dev/null "$$f" || exit 3; done; exec "$$0"' $$bin "$$icus" | tail -n 1 \
	  || { echo "example-swift: the static binary failed with the host's ICU hidden ($$icus)"; exit 1; }; \
	echo "example-swift: ran with the host's $$(echo $$icus | wc -w) ICU files hidden"

# No ICU needed: the app's side builds none.
example-swift-client:
	cd $(SWIFT_CLIENT_EXAMPLE_DIR) && swift build --scratch-path .build
	cd $(SWIFT_CLIENT_EXAMPLE_DIR) && swift run --skip-build --scratch-path .build FeedClient
	@dir=$(SWIFT_CLIENT_EXAMPLE_DIR)/.build/debug; \
	built=$$(find $$dir/FeedDate.build $$dir/CICU.build -name '*.o' 2>/dev/null; ls $$dir/Modules | grep -E '^(FeedDate|CICU)\.' || true); \
	if [ -n "$$built" ]; then echo "example-swift: the FeedDateClient app built FeedDate or CICU: $$built"; exit 1; fi; \
	compiled=$$(ls $$dir/Modules | sed -n 's/\.swiftmodule$$//p' | tr '\n' ' '); \
	if ldd $$dir/FeedClient | grep -iE 'icu|libFoundation\.so|FoundationInternationalization'; then \
	  echo "example-swift: the FeedDateClient app links the libraries above"; exit 1; fi; \
	echo "example-swift: the FeedDateClient app compiled only $$compiled and links no ICU: $$(ldd $$dir/FeedClient | awk '/Foundation/ { printf "%s ", $$1 }')"

clean-example-swift:
	rm -rf $(SWIFT_EXAMPLE_DIR)/.build $(SWIFT_EXAMPLE_DIR)/.build-static $(SWIFT_CLIENT_EXAMPLE_DIR)/.build

clean: clean-example-swift
