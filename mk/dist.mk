# The relocatable tarball: the library for any x86_64 Linux, no package needed.
#   make dist         dist/feeddate-<version>-linux-x86_64.tar.gz: the wheel's library, the
#                     header, feeddate.pc, the C example, the Rust crate, Go (tools/dist-build.sh)
#   make dist-check   make dist, then C, Rust and Go built from it on a clean Debian 13 root
#                     (tools/dist-check.sh)

.PHONY: dist dist-check

dist: wheel jar npm
	CARGO="$(CARGO)" tools/dist-build.sh

dist-check: dist
	CARGO="$(CARGO)" tools/dist-check.sh
