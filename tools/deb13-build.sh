#!/usr/bin/env bash
# deb13-build.sh — `make deb13`: the Debian packages built for Debian 13
# (trixie), into dist/debian13/. They carry the same ICU 78.3 inside
# libfeeddate.so.1 as Debian 12's (SPEC section 13): no libicu dependency.
#
# Environment (and those of tools/debian-root.sh):
#   DEB13_UPDATE=N   the N of +deb13uN (1): a new build of the same version for
#                    Debian 13 only (a packaging fix) takes the next N
set -euo pipefail
cd "$(dirname "$0")/.."
REPO=$(pwd)
NAME=deb13
# shellcheck source=tools/debian-root.sh
. tools/debian-root.sh
DIST=$REPO/dist/debian13
UPDATE=${DEB13_UPDATE:-1}
PACKAGES=(libfeeddate1 libfeeddate-dev python3-feeddate feeddate-web php-feeddate)
deb_arch() { if [ "$1" = feeddate-web ]; then echo all; else echo "$arch"; fi; } # the web client: architecture all

need_root deb13
need_tools rsync:rsync git:git dpkg-deb:dpkg readelf:binutils
[ -x "$SWIFT_TOOLCHAIN/usr/bin/swift" ] \
  || die "no $SWIFT_TOOLCHAIN/usr/bin/swift: install the Swift toolchain (swift.org, 6.x for Debian 12) there, or set SWIFT_TOOLCHAIN=/its/prefix"
case $UPDATE in ''|*[!0-9]*) die "DEB13_UPDATE must be a number, not '$UPDATE'";; esac

# ---- versions -------------------------------------------------------------------
version=$(tools/version.sh)
base=$(sed -n '1s/^feeddate (\([^)]*\)).*/\1/p' debian/changelog)
[ "$base" = "$version" ] || die "debian/changelog's top entry is version '${base:-?}', include/feeddate.h says $version:
  add a changelog entry for $version first (debian/README.source, Versions)"
maintainer=$(awk '/^ -- /{ sub(/^ -- /, ""); split($0, a, "  "); print a[1]; exit }' debian/changelog)
top_date=$(awk '/^ -- /{ sub(/^ -- /, ""); split($0, a, "  "); print a[2]; exit }' debian/changelog)
debversion=$version+deb13u$UPDATE
# The entry's date: the commit's, after the entry it follows (lintian), so a checkout
# always gives the same packages.
when=$(git log -1 --format=%ct 2>/dev/null || echo 0)
after=$(( $(date -d "$top_date" +%s) + 1 ))
[ "$when" -ge "$after" ] || when=$after
date_r=$(date -u -R -d "@$when")
step "version $debversion (Debian 12: $base); the entry is dated $date_r"
dpkg --compare-versions "$base" lt "$debversion" || die "$debversion does not sort after $base"

# ---- 1./2. root and source ------------------------------------------------------
trixie_build_root
{
  printf 'feeddate (%s) trixie; urgency=medium\n\n' "$debversion"
  printf '  * Build for Debian 13 (trixie).\n\n'
  printf ' -- %s  %s\n\n' "$maintainer" "$date_r"
  cat debian/changelog
} > "$src/debian/changelog"
head -n 5 "$src/debian/changelog" | sed 's/^/    | /'

# ---- 3. make deb in the root ----------------------------------------------------
step "make deb in the trixie root (/opt/swift and ICU 78.3 read-only; log: the lines below)"
t=$SECONDS
root_run --swift --icu --work "$TRIXIE_WORK" "$ROOT" sh -c 'cd /build/src && make --no-print-directory deb' \
  || die "make deb failed in the trixie root (above); the root: chroot $ROOT bash"
echo "    make deb took $((SECONDS - t)) s"
arch=$(root_run "$ROOT" dpkg --print-architecture)
changes=feeddate_${debversion}_${arch}.changes
[ -f "$src/dist/$changes" ] || die "make deb left no dist/$changes"

# ---- 4. lintian -----------------------------------------------------------------
lintian_check "/build/src/dist/$changes" root_run --work "$TRIXIE_WORK" "$ROOT"

# ---- 5. nothing of the toolchain --------------------------------------------------
step "the packages carry nothing of the Swift toolchain and need no ICU"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for p in "${PACKAGES[@]}"; do
  deb=$src/dist/${p}_${debversion}_$(deb_arch "$p").deb
  [ -f "$deb" ] || die "no $p package was built"
  if dpkg-deb -c "$deb" | awk '{ print $6 }' | grep -E '^\./opt/|swift'; then die "$p carries files of the Swift toolchain (above)"; fi
  dpkg-deb -x "$deb" "$tmp/x"
  echo "    $p $(dpkg-deb -f "$deb" Version): $(stat -c %s "$deb") bytes; Depends: $(dpkg-deb -f "$deb" Depends)"
done
lib=$(find "$tmp/x/usr/lib" -name 'libfeeddate.so.1.*' -type f)
[ -n "$lib" ] || die "no libfeeddate.so.1.* in libfeeddate1"
readelf -dW "$lib" > "$tmp/dynamic.txt"
# SwiftPM links with RUNPATH $ORIGIN (the Debian 12 library has it too): any
# other search path could only come from the build machine.
paths=$(sed -n 's/.*(R\(UN\)\{0,1\}PATH).*\[\(.*\)\]/\2/p' "$tmp/dynamic.txt" | tr ':' '\n' | grep -vx '\$ORIGIN' || true)
[ -z "$paths" ] || die "$(basename "$lib") searches libraries in $paths (RPATH/RUNPATH): only \$ORIGIN is expected"
! grep -q 'Shared library: \[libicu' "$tmp/dynamic.txt" || die "$(basename "$lib") needs a system ICU: $(grep NEEDED "$tmp/dynamic.txt")"
for p in "${PACKAGES[@]}"; do
  ! dpkg-deb -f "$src/dist/${p}_${debversion}_$(deb_arch "$p").deb" Depends | grep -q libicu || die "$p depends on a system ICU"
done
echo "    $(basename "$lib") NEEDED: $(sed -n 's/.*Shared library: \[\(.*\)\]/\1/p' "$tmp/dynamic.txt" | tr '\n' ' ')"

# ---- 6. dist/debian13 -------------------------------------------------------------
step "dist/debian13/"
mkdir -p "$DIST"
rm -f "$DIST"/*.deb "$DIST"/*.changes "$DIST"/*.buildinfo
# The Files: section of the .changes lists every file of the build.
files=$(sed -n '/^Files:/,/^[^ ]/{s/^ [0-9a-f]\{32\} [0-9]* [^ ]* [^ ]* //p}' "$src/dist/$changes")
for f in $files $changes; do
  cp "$src/dist/$f" "$DIST/"
done
ls -l "$DIST"
step "passed: ${PACKAGES[*]} $debversion for Debian 13 in dist/debian13/ (${SECONDS}s)"
