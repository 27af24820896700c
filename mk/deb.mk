# Debian packages (details in debian/README.source).
#   make deb          libfeeddate1, libfeeddate-dev, python3-feeddate, php-feeddate,
#                     feeddate-web -> dist/ (tools/deb-build.sh, dpkg-buildpackage)
#   make deb-check    make deb + lintian + install and test the packages in a clean
#                     Debian 12 root (debootstrap, cached in .cache/bookworm/)
#   make deb-symbols  add new functions of include/feeddate.h to debian/libfeeddate1.symbols
#   make deb13        the same packages for Debian 13 (<version>+deb13u1), built and
#                     linted in a cached trixie root -> dist/debian13/ (tools/deb13-build.sh)
#   make test-trixie  the C, Swift and Python suites in that root (tools/test-trixie.sh)
#   make deb13-check  make deb13 + make test-trixie, then deb-check's checks in a clean
#                     Debian 13 root (tools/deb13-check.sh)
# Roots of the Debian 13 targets: .cache/trixie/ (tools/debian-root.sh).

.PHONY: deb deb-check deb-symbols deb13 deb13-check test-trixie

deb:
	tools/deb-build.sh

deb-check:
	tools/deb-check.sh

deb-symbols:
	tools/deb-symbols.sh --update

# ICU 78.3 is built (or found built) here first: the trixie root links this
# machine's (tools/debian-root.sh: root_run --icu, read-only).
deb13: icu
	tools/deb13-build.sh

test-trixie: icu
	tools/test-trixie.sh

deb13-check:
	tools/deb13-check.sh
