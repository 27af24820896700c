# Swift 6 (SPEC 12, 1.3); the manifest stays at tools 5.9 so a user's build is unchanged.
#   make swift6-check   every target (not the tests) in the Swift 6 mode with complete
#                       concurrency checking (.build-swift6): fails on any error or warning

.PHONY: swift6-check

swift6-check: $(ICU_DEPS)
	swift build --scratch-path .build-swift6 -Xswiftc -swift-version -Xswiftc 6 -Xswiftc -strict-concurrency=complete 2>&1 \
	  | tee .build-swift6.log | grep -E '^/.*(error|warning):' || true
	@if grep -E '^/.*(error|warning):' .build-swift6.log | grep -q .; then echo "swift6-check: the errors or warnings above"; exit 1; fi
	@grep -q 'Build complete' .build-swift6.log || { tail -n 20 .build-swift6.log; echo "swift6-check: the build failed"; exit 1; }
	@echo "swift6-check: every target builds in the Swift 6 mode with complete checking and no warning"

# DocC (SPEC 12, 1.3) with the toolchain's own docc (no plugin can be fetched here).
#   make docs-swift      build/docs/M.doccarchive per public module; a DocC warning fails it
SWIFT_DOC_MODULES := FeedDateWire FeedDateClient FeedDate FeedDateFoundation

.PHONY: docs-swift

docs-swift: $(ICU_DEPS)
	swift package dump-symbol-graph --minimum-access-level public >/dev/null
	@graphs=$$(swift build --show-bin-path)/../symbolgraph; \
	for m in $(SWIFT_DOC_MODULES); do \
	  rm -rf $(BUILD)/docs/graphs/$$m $(BUILD)/docs/$$m.doccarchive && mkdir -p $(BUILD)/docs/graphs/$$m; \
	  cp $$graphs/$$m.symbols.json $(BUILD)/docs/graphs/$$m/; \
	  cp $$graphs/$$m@*.symbols.json $(BUILD)/docs/graphs/$$m/ 2>/dev/null || true; \
	  docc convert Sources/$$m/$$m.docc --additional-symbol-graph-dir $(BUILD)/docs/graphs/$$m \
	    --fallback-display-name $$m --fallback-bundle-identifier org.feeddate.$$m \
	    --output-path $(BUILD)/docs/$$m.doccarchive --analyze --warnings-as-errors || exit 1; \
	  echo "docs-swift: $(BUILD)/docs/$$m.doccarchive"; \
	done
