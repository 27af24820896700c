#!/usr/bin/env bash
# dist-check.sh — `make dist-check`: the tarball of `make dist` works on a clean
# Debian 13 (trixie) that has none of our packages, no Swift and no ICU.
#
#   1. a cached trixie root with only gcc, libc6-dev (gcc's C library headers)
#      and pkg-config (tools/trixie.sh: .cache/trixie/cc); each run works on a
#      fresh copy (.cache/trixie/dist-check/root);
#   2. run 1: unpack dist/feeddate-<version>-linux-x86_64.tar.gz in
#      /opt/vendor/ of the root; PKG_CONFIG_PATH=<dir>/lib/pkgconfig cc the C
#      example with $(pkg-config --cflags --libs feeddate); run it; read
#      /proc/<pid>/maps of that process (a preloaded destructor copies it at
#      exit, when the labels have been made): libfeeddate and the three ICU
#      libraries mapped are the tarball's, nothing else of ICU is; the labels
#      are those of this machine's build (same ICU 72) apart from the
#      tzdata version the header line names;
#   3. run 2: the folder moved to /root/elsewhere/ and Debian's libicu76
#      installed: build and run again; the tarball's ICU is still the one
#      mapped, the system's 76 is not.
#
# Environment (and those of tools/trixie.sh):
#   DIST_CHECK_KEEP=1   keep the work root after success
set -euo pipefail
cd "$(dirname "$0")/.."
REPO=$(pwd)
NAME=dist-check
# shellcheck source=tools/trixie.sh
. tools/trixie.sh
CACHE=$TRIXIE_CACHE/dist-check
ROOT=$CACHE/root
NOW_MS=1711391400000
EXAMPLE_FLAGS="-std=c99 -Wall -Wextra -Werror -pedantic"

trixie_need_root dist-check
version=$(tools/version.sh)
name=feeddate-$version-linux-x86_64
tarball=$REPO/dist/$name.tar.gz
[ -f "$tarball" ] || die "no dist/$name.tar.gz: run make dist"
step "tarball: dist/$name.tar.gz ($(stat -c %s "$tarball") bytes)"

# What this machine's build prints (ICU 72, full data): the labels to expect.
make -s --no-print-directory build/feed_demo >/dev/null || die "make build/feed_demo failed"
env -i ./build/feed_demo --now $NOW_MS | sed 's/ (zone rules: [^)]*)//' > "$REPO/build/dist/feed_demo-host.txt" \
  || die "this machine's build/feed_demo failed"

# ---- 1. the root --------------------------------------------------------------
trixie_root cc gcc libc6-dev pkg-config
mkdir -p "$CACHE"
step "fresh work root: copy of ${TRIXIE_ROOT#"$REPO"/} in ${ROOT#"$REPO"/}"
trixie_copy "$TRIXIE_ROOT" "$ROOT"
on_exit() {
  local rc=$?
  [ "$rc" -eq 0 ] || echo "dist-check: the work root is kept for inspection: chroot $ROOT bash" >&2
}
trap on_exit EXIT
trixie_run "$ROOT" sh -c 'dpkg-query -W -f "    \${Package} \${Version}\n" gcc libc6-dev pkgconf 2>/dev/null || true'
if trixie_run "$ROOT" sh -c 'ls /usr/lib/x86_64-linux-gnu/libicu* /usr/lib/x86_64-linux-gnu/libfeeddate* /opt/swift 2>/dev/null' | grep -q .; then
  die "the clean root has ICU, libfeeddate or Swift"
fi
echo "    no ICU, no libfeeddate, no Swift in the root"

# The destructor runs when the example exits, after its labels: /proc/<pid>/maps
# then lists every library the process loaded.
cat > "$ROOT/tmp/dump_maps.c" <<'EOF'
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
__attribute__((destructor)) static void dump_maps(void) {
    const char *out = getenv("DUMP_MAPS_TO");
    char path[64];
    snprintf(path, sizeof path, "/proc/%ld/maps", (long)getpid());
    FILE *in = fopen(path, "r"), *to = out ? fopen(out, "w") : NULL;
    if (in && to) {
        fprintf(to, "# %s\n", path);
        for (int c; (c = fgetc(in)) != EOF;) fputc(c, to);
    }
    if (in) fclose(in);
    if (to) fclose(to);
}
EOF
trixie_run "$ROOT" cc -shared -fPIC -o /tmp/dump_maps.so /tmp/dump_maps.c || die "cannot build the maps reader in the root"

# ---- one run: $1 name, $2 folder of the unpacked tarball in the root --------------
run() {
  local run=$1 dir=$2 out
  step "$run: PKG_CONFIG_PATH=$dir/lib/pkgconfig cc feed_demo.c \$(pkg-config --cflags --libs feeddate)"
  trixie_run "$ROOT" sh -c "set -e; export PKG_CONFIG_PATH=$dir/lib/pkgconfig
    echo \"    pkg-config --cflags --libs feeddate: \$(pkg-config --cflags --libs feeddate) (version \$(pkg-config --modversion feeddate))\"
    cd /tmp && cc $EXAMPLE_FLAGS $dir/examples/c/feed_demo.c \$(pkg-config --cflags --libs feeddate) -o /tmp/feed_demo" \
    || die "$run: the example does not build with pkg-config (above)"

  step "$run: run it; /proc/<pid>/maps of the process"
  trixie_run "$ROOT" /usr/bin/env LD_PRELOAD=/tmp/dump_maps.so DUMP_MAPS_TO=/tmp/maps.txt /tmp/feed_demo --now $NOW_MS \
    > "$CACHE/$run-feed_demo.txt" || { cat "$CACHE/$run-feed_demo.txt"; die "$run: feed_demo failed"; }
  sed -n '1,6p' "$CACHE/$run-feed_demo.txt" | sed 's/^/    | /'
  sed 's/ (zone rules: [^)]*)//' "$CACHE/$run-feed_demo.txt" > "$CACHE/$run-labels.txt"
  if ! cmp -s "$REPO/build/dist/feed_demo-host.txt" "$CACHE/$run-labels.txt"; then
    diff "$REPO/build/dist/feed_demo-host.txt" "$CACHE/$run-labels.txt" | head -n 20
    die "$run: the labels differ from this machine's build (above)"
  fi
  echo "    labels: the same $(wc -l < "$CACHE/$run-labels.txt") lines as this machine's build (ICU 72)"
  cp "$ROOT/tmp/maps.txt" "$CACHE/$run-maps.txt" || die "$run: no /proc/<pid>/maps was copied"
  head -n 1 "$CACHE/$run-maps.txt" | sed 's/^# /    read /'
  awk 'NR > 1 && $6 ~ /\/lib(icu|feeddate)[^\/]*$/ { print $6 }' "$CACHE/$run-maps.txt" | sort -u > "$CACHE/$run-mapped.txt"
  sed 's/^/    mapped: /' "$CACHE/$run-mapped.txt"
  grep -q "^$dir/lib/libfeeddate.so.$version\$" "$CACHE/$run-mapped.txt" || die "$run: libfeeddate is not mapped from $dir/lib"
  out=$(grep '/libicu' "$CACHE/$run-mapped.txt" || true)
  [ "$(echo "$out" | grep -c .)" -eq 3 ] || die "$run: expected 3 ICU libraries mapped (uc, i18n, data), got: $out"
  ! echo "$out" | grep -v "^$dir/lib/libicu\(uc\|i18n\|data\)-[0-9a-f]*\.so\.72\.1\$" \
    || die "$run: an ICU library above is not the tarball's"
  echo "    ok: libfeeddate and ICU 72 (uc, i18n, data) come from $dir/lib, no other ICU is mapped"
}

# ---- 2. run 1 -------------------------------------------------------------------
mkdir -p "$ROOT/opt/vendor"
tar -xzf "$tarball" -C "$ROOT/opt/vendor" || die "cannot unpack $tarball"
run run1 "/opt/vendor/$name"

# ---- 3. run 2 -------------------------------------------------------------------
step "run 2: the folder moved to /root/elsewhere/, Debian's libicu76 installed beside it"
mkdir -p "$ROOT/root/elsewhere"
mv "$ROOT/opt/vendor/$name" "$ROOT/root/elsewhere/"
trixie_run "$ROOT" apt-get update -q > "$CACHE/apt.log" 2>&1 || { tail "$CACHE/apt.log"; die "apt-get update in the root failed"; }
trixie_run "$ROOT" apt-get install -y -q --no-install-recommends libicu76 >> "$CACHE/apt.log" 2>&1 \
  || { tail -n 20 "$CACHE/apt.log"; die "apt-get install libicu76 in the root failed"; }
trixie_save_archives "$ROOT"
trixie_run "$ROOT" dpkg-query -W -f='    installed: ${Package} ${Version}\n' libicu76
run run2 "/root/elsewhere/$name"

if [ "${DIST_CHECK_KEEP:-0}" = 1 ]; then
  echo "    work root kept: chroot $ROOT bash"
else
  check_unmounted "$ROOT"
  rm -rf "$ROOT"
fi
step "passed: $name.tar.gz works on a clean trixie, unpacked anywhere, with and without a system ICU (${SECONDS}s)"
