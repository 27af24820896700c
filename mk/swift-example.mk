# The Swift example (examples/swift, SPEC section 12): a package of its own that
# depends on this checkout by path, as a user's package would, and uses
# FeedDateFoundation (Date in and out, Date.now.formatted(.feed(...))).
#   make example-swift   build examples/swift in its own .build folder and run it (part of
#                        `make test`): it prints a feed and checks its labels at a fixed now
# Nothing built elsewhere is used: from a fresh clone, `swift build` there
# builds the library's Swift sources itself (examples/swift/.build, ignored
# by git; `make clean` removes it).

SWIFT_EXAMPLE_DIR := examples/swift

.PHONY: example-swift clean-example-swift

example-swift:
	cd $(SWIFT_EXAMPLE_DIR) && swift build --scratch-path .build
	cd $(SWIFT_EXAMPLE_DIR) && swift run --skip-build --scratch-path .build FeedDemo

clean-example-swift:
	rm -rf $(SWIFT_EXAMPLE_DIR)/.build

clean: clean-example-swift
