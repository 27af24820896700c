# The Swift example (examples/swift, SPEC section 12): a package of its own that
# depends on this checkout by path, as a user's package would, and uses
# FeedDateFoundation (Date in and out, Date.now.formatted(.feed(...))).
#   make example-swift   build examples/swift in its own .build folder and run it, with
#                        README.md's Swift snippet (ReadmeSnippet, checked equal to it) (part of
#                        `make test`): it prints a feed and checks its labels at a fixed now;
#                        then the same with --static-swift-stdlib, run with every libicu of
#                        the host hidden: ICU 78.3 is inside (SPEC 13), so nothing is missing
#   make example-swift-client (a part of example-swift)
#                        examples/swift-client (SPEC 12, 1.3): an app's side, depending on
#                        the product FeedDateClient alone; it decodes a server's
#                        response and checks the labels at several times. The check:
#                        nothing of FeedDate or CICU is compiled into its build (no
#                        object or module of theirs), and `ldd` of its binary names
#                        no ICU and no full Foundation (FoundationEssentials only)
# Nothing built elsewhere is used: from a fresh clone, `swift build` there
# builds the library's Swift sources itself (examples/swift/.build, ignored
# by git; `make clean` removes it).

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
