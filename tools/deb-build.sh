#!/usr/bin/env bash
# deb-build.sh — `make deb`: build the Debian packages into dist/.
#
# Checks the changelog's version (the header's, plus a +debNNuR for make deb13),
# the symbols file and the build tools, then dpkg-buildpackage -b -us -uc.
set -euo pipefail
cd "$(dirname "$0")/.."
DIST=dist
SWIFT_TOOLCHAIN=${SWIFT_TOOLCHAIN:-/opt/swift}

step() { echo "==> deb: $*"; }
die() { echo "deb: FAILED: $*" >&2; exit 1; }

step "checking the build tools"
missing=()
for tool in dpkg-buildpackage:dpkg-dev dpkg-parsechangelog:dpkg-dev dh:debhelper \
            dh_python3:dh-python pybuild:dh-python cc:gcc pkg-config:pkg-config; do
  command -v "${tool%%:*}" >/dev/null || missing+=("${tool#*:}")
done
[ -f /usr/share/dh-python/dhpython/build/plugin_pyproject.py ] || missing+=(pybuild-plugin-pyproject)
/usr/bin/python3 -c 'import setuptools' 2>/dev/null || missing+=(python3-setuptools)
for p in python3-all php-dev php-cli; do
  dpkg-query -W -f='${db:Status-Abbrev}' "$p" 2>/dev/null | grep -q '^ii' || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] || die "missing build tools; install them with:
    apt-get update && apt-get install -y ${missing[*]}
  (make deb-check installs them itself)"
if ! command -v swift >/dev/null && [ ! -x "$SWIFT_TOOLCHAIN/usr/bin/swift" ]; then
  die "no swift on PATH nor in $SWIFT_TOOLCHAIN/usr/bin: install the Swift toolchain there or set SWIFT_TOOLCHAIN=/its/prefix (debian/README.source)"
fi

step "checking that debian/changelog has the version of include/feeddate.h"
version=$(make -s --no-print-directory version)
[ -n "$version" ] || die "make version printed nothing: FD_VERSION_MAJOR/MINOR/PATCH missing in include/feeddate.h?"
debversion=$(dpkg-parsechangelog -S Version)
upstream=${debversion#*:}   # drop an epoch
upstream=${upstream%-*}     # drop a Debian revision (none: the package is native)
# Drop the +debNNuR of make deb13's changelog entry (debian/README.source).
upstream=$(echo "$upstream" | sed -E 's/\+deb[0-9]+u[0-9]+$//')
if [ "$upstream" != "$version" ]; then
  die "debian/changelog is at version $debversion but make version says $version.
  Add a changelog entry for $version at the top of debian/changelog, e.g.
      dch -v $version 'New release.'     (package devscripts; or edit it by hand)
  The version is never generated silently: the changelog says what changed."
fi
echo "    version $version (debian/changelog $debversion)"

step "checking debian/libfeeddate1.symbols against include/feeddate.h"
tools/deb-symbols.sh --check || die "debian/libfeeddate1.symbols is out of date (see above)"

arch=$(dpkg-architecture -qDEB_HOST_ARCH)
changes="../feeddate_${debversion#*:}_${arch}.changes"
mkdir -p "$DIST"
rm -f "$DIST"/feeddate_* "$DIST"/libfeeddate1_* "$DIST"/libfeeddate1-dbgsym_* \
      "$DIST"/libfeeddate-dev_* "$DIST"/python3-feeddate_* "$DIST"/feeddate-web_* \
      "$DIST"/php-feeddate_* "$DIST"/php-feeddate-dbgsym_* "$changes"

step "dpkg-buildpackage -b -us -uc (log: the lines below)"
start=$SECONDS
# The top-level Makefile exports FEEDDATE_LIBRARY (for the tests of a checkout);
# a package build must not see it.
env -u FEEDDATE_LIBRARY SWIFT_TOOLCHAIN="$SWIFT_TOOLCHAIN" dpkg-buildpackage -b -us -uc \
  || die "dpkg-buildpackage failed (see its messages above)"
echo "    dpkg-buildpackage took $((SECONDS - start)) s"

step "moving the packages from .. to $DIST/"
[ -f "$changes" ] || die "dpkg-buildpackage left no $changes"
# The Files: section of the .changes lists every file of the build.
files=$(sed -n '/^Files:/,/^[^ ]/{s/^ [0-9a-f]\{32\} [0-9]* [^ ]* [^ ]* //p}' "$changes")
[ -n "$files" ] || die "$changes lists no files"
for f in $files; do
  [ -f "../$f" ] || die "../$f (listed in $changes) is missing"
  mv "../$f" "$DIST/"
done
mv "$changes" "$DIST/"
for p in libfeeddate1 libfeeddate-dev python3-feeddate php-feeddate; do
  ls "$DIST/${p}_${debversion#*:}_${arch}.deb" >/dev/null 2>&1 || die "no $p package was built"
done
# The web client (clients/web in /usr/share/feeddate/web): architecture all.
ls "$DIST/feeddate-web_${debversion#*:}_all.deb" >/dev/null 2>&1 || die "no feeddate-web package was built"
# Leave debian/ as git has it (debian/rules clean keeps build/ and .build/).
step "debian/rules clean"
debian/rules clean >/dev/null || die "debian/rules clean failed"
ls -l "$DIST"/*"_${debversion#*:}_"*
