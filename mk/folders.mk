# The folder check (issue 42 item 1): a file of Sources/FeedDate uses only its
# own folder and the folders below it, in docs/DESIGN.md's layer order.
#   make folder-check   fail naming file:line and both folders on an upward use;
#                       then plant upward uses in a copy and fail unless each is caught
# Part of make check (CHECK_SUITES in the Makefile).

.PHONY: folder-check

folder-check:
	python3 tools/folder-check.py
	python3 tools/folder-check.py --self-test
