#!/usr/bin/env bash
# icu-build.sh — build the one ICU that feeddate carries (SPEC section 13).
#
#   tools/icu-build.sh            fetch, check, build and install into the cache
#   tools/icu-build.sh --dir      print the cache folder and exit
#
# ICU 78.3 from Debian's source package icu 78.3-2: the upstream tarball
# icu_78.3.orig.tar.gz (no Debian patches), fetched by its pool path from the
# Debian mirror apt is configured with, checked against the sha256 below,
# and built once per machine into a cache that every target reuses:
#   $FEEDDATE_ICU_DIR, else .cache/icu-78.3 in this checkout (ignored by git).
# What lands there:
#   include/unicode/*.h     ICU 78's headers (CICU sees these and no others)
#   lib/libicuuc.a lib/libicui18n.a   static, -fPIC, symbols hidden
#   bin/icupkg bin/genccode  the data tools (tools/icu-data.sh uses them)
#   data/icudt78l.dat        ICU's whole data as built (tools/icu-data.sh
#                            trims it to what feeddate reads)
#   stamp                    written last: the cache is whole when it exists
# Only common, i18n and the data tools are built (no io, no extras, no tests,
# no plugins). Objects are compiled with -fPIC, -fvisibility=hidden and
# U_STATIC_IMPLEMENTATION (so U_EXPORT adds no default visibility); the
# library's version script (exports.map: local *) hides whatever is left.
# A machine that cannot reach the mirror: put the tarball at
# .cache/icu-src/icu_78.3.orig.tar.gz (or $FEEDDATE_ICU_TARBALL) and run again.
set -euo pipefail
cd "$(dirname "$0")/.."
ICU_VERSION=78.3
ICU_SHA256=3a2e7a47604ba702f345878308e6fefeca612ee895cf4a5f222e7955fabfe0c0
ICU_POOL=pool/main/i/icu/icu_${ICU_VERSION}.orig.tar.gz
dir=${FEEDDATE_ICU_DIR:-$PWD/.cache/icu-$ICU_VERSION}
[ "${1:-}" = --dir ] && { echo "$dir"; exit 0; }
die() { echo "icu-build: $*" >&2; exit 1; }
# The stamp's first line says what was built (version, source, recipe); the
# second, with which compiler (for the reader: static archives of an older
# gcc link with a newer one, as in the Debian 13 root). A folder whose first
# line matches is taken as built; its stamp is touched (where writable) so
# that make does not ask again.
stampline="ICU $ICU_VERSION $ICU_SHA256 recipe 3"
if [ -f "$dir/stamp" ] && [ "$(head -n 1 "$dir/stamp")" = "$stampline" ]; then
  touch -c "$dir/stamp" 2>/dev/null || true
  echo "icu-build: ICU $ICU_VERSION is built in $dir"; exit 0
fi

tarball=${FEEDDATE_ICU_TARBALL:-$PWD/.cache/icu-src/icu_${ICU_VERSION}.orig.tar.gz}
have_sum() { [ -f "$tarball" ] && echo "$ICU_SHA256  $tarball" | sha256sum -c --status; }
if ! have_sum; then
  # The mirror apt uses: the first deb line's URI of /etc/apt/sources.list or
  # a deb822 file (Types: deb, URIs: ...).
  mirror=$( { grep -hs '^deb ' /etc/apt/sources.list /etc/apt/sources.list.d/*.list | awk '{ for (i = 2; i <= NF; i++) if ($i ~ /^https?:/) { print $i; exit } }';
              awk '/^URIs:/ { print $2 }' /etc/apt/sources.list.d/*.sources 2>/dev/null; } | grep -v -- '-security' | head -1 )
  [ -n "$mirror" ] || mirror=http://deb.debian.org/debian
  url=${mirror%/}/$ICU_POOL
  mkdir -p "$(dirname "$tarball")"
  echo "icu-build: fetching $url"
  fetch() {  # curl where the machine has it, else Python's urllib
    if command -v curl >/dev/null; then curl -fsSL --retry 2 -o "$tarball.part" "$url"
    else python3 -c 'import sys, urllib.request; urllib.request.urlretrieve(sys.argv[1], sys.argv[2])' "$url" "$tarball.part"; fi
  }
  if ! fetch; then
    rm -f "$tarball.part"
    die "could not fetch $url. Put icu_${ICU_VERSION}.orig.tar.gz (Debian's source package icu ${ICU_VERSION}-2, sha256 $ICU_SHA256) at $tarball, or name it with FEEDDATE_ICU_TARBALL, and run make icu again."
  fi
  mv "$tarball.part" "$tarball"
  have_sum || { mv "$tarball" "$tarball.bad"; die "$url has the wrong sha256 (kept as $tarball.bad); expected $ICU_SHA256"; }
fi

for tool in cc c++ make python3; do command -v $tool >/dev/null || die "no $tool (apt-get install build-essential python3)"; done
start=$(date +%s)
work=$dir.build
rm -rf "$work" "$dir"
mkdir -p "$work"
echo "icu-build: unpacking into $work"
tar xzf "$tarball" -C "$work"
src=$work/icu/source
mkdir -p "$work/obj"
cd "$work/obj"
flags="-O2 -fPIC -fvisibility=hidden"
echo "icu-build: configure (static, hidden, common + i18n + tools)"
CFLAGS="$flags" CXXFLAGS="$flags -fvisibility-inlines-hidden -std=c++17" \
CPPFLAGS="-DU_STATIC_IMPLEMENTATION -DU_HIDE_OBSOLETE_UTF_OLD_H=1" \
  "$src/configure" --prefix="$dir" --enable-static --disable-shared \
    --disable-extras --disable-icuio --disable-layoutex --disable-tests --disable-samples \
    --disable-dyload --disable-plugins --with-data-packaging=archive > "$work/configure.log" 2>&1 \
  || { tail -30 "$work/configure.log" >&2; die "configure failed (whole log: $work/configure.log)"; }
jobs=$(nproc 2>/dev/null || echo 2)
echo "icu-build: make -j$jobs (a first build takes a few minutes; log: $work/make.log)"
make -j"$jobs" > "$work/make.log" 2>&1 || { tail -40 "$work/make.log" >&2; die "make failed (whole log: $work/make.log)"; }
make install > "$work/install.log" 2>&1 || { tail -40 "$work/install.log" >&2; die "make install failed"; }
mkdir -p "$dir/data"
dat=$(find "$work/obj/data/out" -name 'icudt78l.dat' | head -1)
[ -n "$dat" ] || die "no icudt78l.dat was built"
cp "$dat" "$dir/data/icudt78l.dat"
cp "$src/../LICENSE" "$dir/LICENSE"
# Only what feeddate and the data tools need stays: no share/icu (a data file
# there is where a trimmed ICU would quietly look for what it lacks).
cp "$dir/sbin/icupkg" "$dir/sbin/genccode" "$dir/bin/" 2>/dev/null || true
rm -rf "$dir/share" "$dir/lib/pkgconfig" "$dir/sbin"
[ -x "$dir/bin/icupkg" ] && [ -x "$dir/bin/genccode" ] || die "the data tools (icupkg, genccode) were not installed"
[ -f "$dir/lib/libicuuc.a" ] && [ -f "$dir/lib/libicui18n.a" ] || die "no static libraries were installed"
cd /; rm -rf "$work"
printf '%s\nbuilt with %s on %s\n' "$stampline" "$(cc --version 2>/dev/null | head -n 1)" "$(date -u +%Y-%m-%dT%H:%MZ)" > "$dir/stamp"
echo "icu-build: ICU $ICU_VERSION built in $dir in $(( $(date +%s) - start )) s"
