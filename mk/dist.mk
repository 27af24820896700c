# The relocatable tarball: the library for any x86_64 Linux, no package needed.
#   make dist         dist/feeddate-<version>-linux-x86_64.tar.gz: lib/ (libfeeddate.so.1 and
#                     the wheel's vendored, trimmed ICU, found through $ORIGIN), include/,
#                     lib/pkgconfig/feeddate.pc (${pcfiledir}), examples/c, README.md
#                     (tools/dist-build.sh; the libraries come from make wheel)
#   make dist-check   make dist, then on a clean Debian 13 root with only gcc, libc6-dev and
#                     pkg-config: unpack, build the example with pkg-config, run it, check in
#                     /proc/<pid>/maps that the ICU mapped is the tarball's (tools/dist-check.sh;
#                     root cached in .cache/trixie/)

.PHONY: dist dist-check

dist: wheel
	tools/dist-build.sh

dist-check: dist
	tools/dist-check.sh
