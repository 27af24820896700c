# The relocatable tarball: the library for any x86_64 Linux, no package needed.
#   make dist         dist/feeddate-<version>-linux-x86_64.tar.gz: lib/ (libfeeddate.so.1 and
#                     the wheel's vendored, trimmed ICU, found through $ORIGIN), include/,
#                     lib/pkgconfig/feeddate.pc (${pcfiledir}), examples/c, README.md
#                     (tools/dist-build.sh; the libraries come from make wheel);
#                     Rust: rust/feeddate-<version>.crate (cargo package), unpacked
#                     beside it, and examples/rust (a program using it; needs cargo:
#                     $(CARGO) of mk/rust.mk)
#   make dist-check   make dist, then on a clean Debian 13 root with only gcc, libc6-dev and
#                     pkg-config: unpack, build the example with pkg-config, run it, check in
#                     /proc/<pid>/maps that the ICU mapped is the tarball's (tools/dist-check.sh;
#                     root cached in .cache/trixie/); Rust: Debian 13's cargo installed there
#                     builds the crate's example and examples/rust from the tarball, which
#                     run with no LD_LIBRARY_PATH and map the tarball's libfeeddate and ICU

.PHONY: dist dist-check

dist: wheel jar npm
	CARGO="$(CARGO)" tools/dist-build.sh

dist-check: dist
	CARGO="$(CARGO)" tools/dist-check.sh
