# Debian packages (details in debian/README.source).
#   make deb          libfeeddate1, libfeeddate-dev, python3-feeddate -> dist/
#                     (checks versions and symbols, then dpkg-buildpackage -b -us -uc)
#   make deb-check    make deb + lintian + install and test the packages in a clean
#                     Debian 12 root (debootstrap, cached in .cache/deb-check/)
#   make deb-symbols  add new functions of include/feeddate.h to debian/libfeeddate1.symbols

.PHONY: deb deb-check deb-symbols

deb:
	tools/deb-build.sh

deb-check:
	tools/deb-check.sh

deb-symbols:
	tools/deb-symbols.sh --update
