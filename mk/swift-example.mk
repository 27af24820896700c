# The Swift example (examples/swift, SPEC section 12): a package of its own that
# depends on this checkout by path, as a user's package would, and uses
# FeedDateFoundation (Date in and out, Date.now.formatted(.feed(...))).
#   make example-swift   build examples/swift in its own .build folder and run it (part of
#                        `make test`): it prints a feed and checks its labels at a fixed now;
#                        then the same with --static-swift-stdlib, run with every libicu of
#                        the host hidden: ICU 78.3 is inside (SPEC 13), so nothing is missing
# Nothing built elsewhere is used: from a fresh clone, `swift build` there
# builds the library's Swift sources itself (examples/swift/.build, ignored
# by git; `make clean` removes it).

SWIFT_EXAMPLE_DIR := examples/swift

.PHONY: example-swift clean-example-swift

example-swift: $(ICU_DEPS)
	cd $(SWIFT_EXAMPLE_DIR) && swift build --scratch-path .build
	cd $(SWIFT_EXAMPLE_DIR) && swift run --skip-build --scratch-path .build FeedDemo
	cd $(SWIFT_EXAMPLE_DIR) && swift build -c release --static-swift-stdlib --scratch-path .build-static
	@bin=$(SWIFT_EXAMPLE_DIR)/.build-static/release/FeedDemo; \
	if ldd $$bin | grep -E 'libicu|libswift|Foundation'; then echo "example-swift: the static binary needs the libraries above"; exit 1; fi; \
	echo "example-swift: the --static-swift-stdlib binary needs no ICU and no Swift library: $$(ldd $$bin | awk '{ printf "%s ", $$1 }')"; \
	icus=$$(ls /usr/lib/x86_64-linux-gnu/libicu* 2>/dev/null | tr '\n' ' '); \
	unshare -m sh -c 'for f in $$1; do mount --bind /dev/null "$$f" || exit 3; done; exec "$$0"' $$bin "$$icus" | tail -n 1 \
	  || { echo "example-swift: the static binary failed with the host's ICU hidden ($$icus)"; exit 1; }; \
	echo "example-swift: ran with the host's $$(echo $$icus | wc -w) ICU files hidden"

clean-example-swift:
	rm -rf $(SWIFT_EXAMPLE_DIR)/.build $(SWIFT_EXAMPLE_DIR)/.build-static

clean: clean-example-swift
