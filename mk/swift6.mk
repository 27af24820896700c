# Swift 6 (SPEC 12, 1.3): the package's sources compile in the Swift 6
# language mode with complete concurrency checking, with no warning.
#   make swift6-check   build every target (not the tests: SwiftPM's generated
#                       test-discovery files draw warnings of their own in that
#                       mode) in .build-swift6 with -swift-version 6
#                       -strict-concurrency=complete; fails on any error, and on
#                       any warning in Sources/ or Tests/sweep.
# The package's manifest stays at tools 5.9 (Swift 5 mode) so that a user's
# build is unchanged; this check keeps the sources ready for 6.

.PHONY: swift6-check

swift6-check: $(ICU_DEPS)
	swift build --scratch-path .build-swift6 -Xswiftc -swift-version -Xswiftc 6 -Xswiftc -strict-concurrency=complete 2>&1 \
	  | tee .build-swift6.log | grep -E '^/.*(error|warning):' || true
	@if grep -E '^/.*(error|warning):' .build-swift6.log | grep -q .; then echo "swift6-check: the errors or warnings above"; exit 1; fi
	@grep -q 'Build complete' .build-swift6.log || { tail -n 20 .build-swift6.log; echo "swift6-check: the build failed"; exit 1; }
	@echo "swift6-check: every target builds in the Swift 6 mode with complete checking and no warning"
