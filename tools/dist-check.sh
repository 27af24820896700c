#!/usr/bin/env bash
# dist-check.sh — `make dist-check`: the tarball of `make dist` works on a clean
# Debian 13 (trixie) that has none of our packages, no Swift and no ICU.
#
# Environment (and those of tools/debian-root.sh):
#   DIST_CHECK_KEEP=1   keep the work root after success
set -euo pipefail
cd "$(dirname "$0")/.."
REPO=$(pwd)
NAME=dist-check
# shellcheck source=tools/debian-root.sh
. tools/debian-root.sh
CACHE=$ROOTS/dist-check
ROOT=$CACHE/root
NOW_MS=1711391400000
EXAMPLE_FLAGS="-std=c99 -Wall -Wextra -Werror -pedantic"

need_root dist-check
version=$(tools/version.sh)
name=feeddate-$version-linux-x86_64
built "$name.tar.gz" dist
tarball=$BUILT

# What the build tree's library prints (build/lib, ICU 78.3 inside it): the labels to expect.
make -s --no-print-directory build/feed_demo >/dev/null || die "make build/feed_demo failed"
env -i ./build/feed_demo --now $NOW_MS | sed 's/ (zone rules: [^)]*)//' > "$REPO/build/dist/feed_demo-host.txt" \
  || die "this machine's build/feed_demo failed"

# ---- 1. the root --------------------------------------------------------------
root_make cc gcc libc6-dev pkg-config
root_work "$MADE_ROOT"
root_run "$ROOT" sh -c 'dpkg-query -W -f "    \${Package} \${Version}\n" gcc libc6-dev pkgconf 2>/dev/null || true'
if root_run "$ROOT" sh -c 'ls /usr/lib/x86_64-linux-gnu/libicu* /usr/lib/x86_64-linux-gnu/libfeeddate* /opt/swift 2>/dev/null' | grep -q .; then
  die "the clean root has ICU, libfeeddate or Swift"
fi
echo "    no ICU, no libfeeddate, no Swift in the root"

# The destructor copies /proc/<pid>/maps at exit, after the labels. Go exits
# without destructors: DUMP_MAPS_AT_START has the constructor copy it instead.
cat > "$ROOT/tmp/dump_maps.c" <<'EOF'
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
static void dump_maps(void);
__attribute__((constructor)) static void dump_maps_at_start(void) {
    if (getenv("DUMP_MAPS_AT_START")) dump_maps();
}
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
root_run "$ROOT" cc -shared -fPIC -o /tmp/dump_maps.so /tmp/dump_maps.c || die "cannot build the maps reader in the root"

# mapped MAPS: the libfeeddate and libicu paths of a maps copy (spaces kept: run 3).
mapped() {
  awk 'NR > 1 { p = $0; sub(/^[^ ]+ +[^ ]+ +[^ ]+ +[^ ]+ +[^ ]+ +/, "", p)
                if (p ~ /\/lib(icu|feeddate)[^\/]*$/) print p }' "$1" | sort -u
}

# ---- one run: $1 name, $2 folder of the unpacked tarball in the root; with $3
# (readme), the build is the README's own "Use it" block, run as written in the
# folder that holds $2 (the tarball copied there), else the same command with
# $EXAMPLE_FLAGS: pkg-config ... | xargs cc ... (xargs reads pkg-config's "\ ").
run() {
  local run=$1 dir=$2 how=${3:-} out block
  if [ "$how" = readme ]; then
    block=$(tar -xzOf "$tarball" "$name/README.md" | sed -n '/^## Use it/,/^## /p' | sed -n '/^```sh$/,/^```$/p' | sed '1d;$d')
    printf '%s\n' "$block" | grep -q '^tar xzf ' && printf '%s\n' "$block" | grep -q '^\./feed_demo$' \
      || die "$run: the tarball's README.md has no \"Use it\" block with tar xzf ... and ./feed_demo"
    step "$run: the README's commands, as written, in '$(dirname "$dir")'"
    printf '%s\n' "$block" | sed 's/^/    $ /'
    cp "$tarball" "$ROOT$(dirname "$dir")/"
    rm -rf "$ROOT$dir"
    # Everything but ./feed_demo, which runs below with the maps reader.
    root_run "$ROOT" sh -c 'set -e; cd "$1"; eval "$2"; mv feed_demo /tmp/feed_demo' sh "$(dirname "$dir")" \
      "$(printf '%s\n' "$block" | grep -v '^\./feed_demo$')" \
      || die "$run: the README's commands fail in '$(dirname "$dir")' (above)"
    rm -f "$ROOT$(dirname "$dir")/$(basename "$tarball")"
  else
    step "$run: PKG_CONFIG_PATH=$dir/lib/pkgconfig; pkg-config --cflags --libs feeddate | xargs cc $EXAMPLE_FLAGS feed_demo.c"
    root_run "$ROOT" sh -c 'set -e; export PKG_CONFIG_PATH="$1/lib/pkgconfig"
      echo "    pkg-config --cflags --libs feeddate: $(pkg-config --cflags --libs feeddate) (version $(pkg-config --modversion feeddate))"
      cd /tmp && pkg-config --cflags --libs feeddate | xargs cc $2 "$1/examples/c/feed_demo.c" -o /tmp/feed_demo' \
      sh "$dir" "$EXAMPLE_FLAGS" \
      || die "$run: the example does not build with pkg-config (above)"
  fi
  root_run "$ROOT" sh -c 'echo "    run path: $(readelf -d /tmp/feed_demo 2>/dev/null | sed -n "s/.*(RUNPATH) *//p")"' || true

  step "$run: run it; /proc/<pid>/maps of the process"
  root_run "$ROOT" /usr/bin/env LD_PRELOAD=/tmp/dump_maps.so DUMP_MAPS_TO=/tmp/maps.txt /tmp/feed_demo --now $NOW_MS \
    > "$CACHE/$run-feed_demo.txt" || { cat "$CACHE/$run-feed_demo.txt"; die "$run: feed_demo failed"; }
  sed -n '1,6p' "$CACHE/$run-feed_demo.txt" | sed 's/^/    | /'
  sed 's/ (zone rules: [^)]*)//' "$CACHE/$run-feed_demo.txt" > "$CACHE/$run-labels.txt"
  if ! cmp -s "$REPO/build/dist/feed_demo-host.txt" "$CACHE/$run-labels.txt"; then
    diff "$REPO/build/dist/feed_demo-host.txt" "$CACHE/$run-labels.txt" | head -n 20
    die "$run: the labels differ from the build tree's (above)"
  fi
  echo "    labels: the same $(wc -l < "$CACHE/$run-labels.txt") lines as the build tree's build/feed_demo (build/lib)"
  cp "$ROOT/tmp/maps.txt" "$CACHE/$run-maps.txt" || die "$run: no /proc/<pid>/maps was copied"
  head -n 1 "$CACHE/$run-maps.txt" | sed 's/^# /    read /'
  mapped "$CACHE/$run-maps.txt" > "$CACHE/$run-mapped.txt"
  sed 's/^/    mapped: /' "$CACHE/$run-mapped.txt"
  grep -qxF "$dir/lib/libfeeddate.so.$version" "$CACHE/$run-mapped.txt" || die "$run: libfeeddate is not mapped from $dir/lib"
  out=$(grep '/libicu' "$CACHE/$run-mapped.txt" || true)
  [ -z "$out" ] || die "$run: a libicu is mapped ($out): ICU 78.3 belongs inside libfeeddate"
  [ "$(grep -c . "$CACHE/$run-mapped.txt")" -eq 1 ] || die "$run: more than the tarball's libfeeddate is mapped (above)"
  echo "    ok: libfeeddate comes from $dir/lib, no libicu is mapped (ICU 78.3 is inside it)"
}

# ---- 2. run 1 -------------------------------------------------------------------
mkdir -p "$ROOT/opt/vendor"
tar -xzf "$tarball" -C "$ROOT/opt/vendor" || die "cannot unpack $tarball"
run run1 "/opt/vendor/$name"

# ---- 3. run 2 -------------------------------------------------------------------
step "run 2: the folder moved to /root/elsewhere/, Debian's libicu76 installed beside it"
mkdir -p "$ROOT/root/elsewhere"
mv "$ROOT/opt/vendor/$name" "$ROOT/root/elsewhere/"
root_run "$ROOT" apt-get update -q > "$CACHE/apt.log" 2>&1 || { tail "$CACHE/apt.log"; die "apt-get update in the root failed"; }
root_run "$ROOT" apt-get install -y -q --no-install-recommends libicu76 >> "$CACHE/apt.log" 2>&1 \
  || { tail -n 20 "$CACHE/apt.log"; die "apt-get install libicu76 in the root failed"; }
root_run "$ROOT" dpkg-query -W -f='    installed: ${Package} ${Version}\n' libicu76
run run2 "/root/elsewhere/$name"

# ---- 3b. run 3: a folder with a space ------------------------------------------------
# pkg-config writes the space as "\ "; xargs in the README's commands reads it back.
mkdir -p "$ROOT/root/my projects"
run run3 "/root/my projects/$name" readme

# NAME LABELS EXPECTED MAPS DIR: a program built from the tarball gives this
# machine's labels and maps libfeeddate from DIR/lib, no libicu.
same_program() {
  local what=$1 out=$2 host=$3 maps=$4 dir=$5 mapped icu
  sed 's/ (zone rules: [^)]*)//' "$out" | cmp -s "$host" - || {
    sed 's/ (zone rules: [^)]*)//' "$out" | diff "$host" - | head -n 20
    die "$what: the labels differ from the build tree's (above)"
  }
  mapped=$(mapped "$maps")
  echo "$mapped" | sed 's/^/    mapped: /'
  echo "$mapped" | grep -qx "$dir/lib/libfeeddate.so.$version" || die "$what: libfeeddate is not mapped from $dir/lib"
  icu=$(echo "$mapped" | grep '/libicu' || true)
  [ -z "$icu" ] || die "$what: a libicu is mapped ($icu): ICU 78.3 belongs inside libfeeddate"
  echo "    ok: the same labels as against build/lib; libfeeddate from $dir/lib, no libicu mapped, no LD_LIBRARY_PATH"
}

# ---- 4. Rust: the tarball's crate, with Debian's own cargo --------------------------
# Debian 13's cargo (1.85, newer than the crate's rust-version 1.77), installed
# after runs 1 and 2. The crate's example, then examples/rust found through
# PKG_CONFIG_PATH and through FEEDDATE_LIB_DIR: each runs with no
# LD_LIBRARY_PATH, gives this machine's labels, maps no libicu.
rust_check() {
  local dir=$1 rv cand cargo mode got
  cargo=${CARGO:-$(command -v cargo || ls "$HOME/.cargo/bin/cargo" /root/.cargo/bin/cargo 2>/dev/null | head -n 1 || true)}
  [ -n "$cargo" ] || die "rust: no cargo on this machine for the reference labels (install Rust 1.77 or later)"
  step "rust: the reference labels of examples/rust on this machine (against build/lib)"
  (cd bindings/rust/program && env -u LD_LIBRARY_PATH -u PKG_CONFIG_PATH CARGO_TARGET_DIR="$REPO/build/dist/rust-host-target" \
     FEEDDATE_LIB_DIR="$REPO/build/lib" "$cargo" build --offline --quiet) || die "rust: bindings/rust/program does not build here"
  env -i "$REPO/build/dist/rust-host-target/debug/feeddate-program" $NOW_MS | sed 's/ (zone rules: [^)]*)//' \
    > "$REPO/build/dist/rust-program-host.txt" || die "rust: this machine's feeddate-program failed"

  rv=$(sed -n 's/^rust-version = "\(.*\)"/\1/p' "$ROOT$dir/rust/feeddate-$version/Cargo.toml")
  [ -n "$rv" ] || die "rust: no rust-version in the tarball's rust/feeddate-$version/Cargo.toml"
  cand=$(root_run "$ROOT" apt-cache policy cargo | sed -n 's/^ *Candidate: //p')
  step "rust: Debian's cargo $cand in the root (the crate's rust-version: $rv)"
  [ -n "$cand" ] && [ "$cand" != "(none)" ] || die "rust: no cargo package in the root's apt lists"
  dpkg --compare-versions "$cand" ge "$rv" \
    || die "rust: Debian's cargo $cand is older than the crate's rust-version $rv: build on this machine against the unpacked tarball instead"
  root_run "$ROOT" apt-get install -y -q --no-install-recommends cargo >> "$CACHE/apt.log" 2>&1 \
    || { tail -n 20 "$CACHE/apt.log"; die "rust: apt-get install cargo in the root failed"; }
    root_run "$ROOT" sh -c 'echo "    $(cargo --version), $(rustc --version)"
    echo "    Debian'"'"'s ICU in the root too (run 2): $(cd /usr/lib/x86_64-linux-gnu && ls libicu*.so.*.* | tr "\n" " ")"'

  step "rust: rust/feeddate-$version: PKG_CONFIG_PATH=$dir/lib/pkgconfig cargo run --offline --example feed"
  root_run "$ROOT" sh -c "set -e; cd '$dir/rust/feeddate-$version'
    PKG_CONFIG_PATH='$dir/lib/pkgconfig' CARGO_TARGET_DIR=/tmp/rust-crate-target cargo build --offline --quiet --example feed
    echo \"    run path: \$(readelf -d /tmp/rust-crate-target/debug/examples/feed | sed -n 's/.*(RUNPATH) *//p')\"
    /tmp/rust-crate-target/debug/examples/feed | sed 's/^/    | /'" \
    || die "rust: the crate's example does not build or run from the tarball (above)"

  for mode in pkg-config lib-dir; do
    if [ $mode = pkg-config ]; then got="PKG_CONFIG_PATH='$dir/lib/pkgconfig'"; else got="FEEDDATE_LIB_DIR='$dir/lib'"; fi
    step "rust: examples/rust with $got: cargo build --offline; run it with no LD_LIBRARY_PATH"
    root_run "$ROOT" sh -c "set -e; cd '$dir/examples/rust'
      $got CARGO_TARGET_DIR=/tmp/rust-$mode-target cargo build --offline --quiet
      echo \"    run path: \$(readelf -d /tmp/rust-$mode-target/debug/feeddate-program | sed -n 's/.*(RUNPATH) *//p')\"" \
      || die "rust: examples/rust does not build with $got (above)"
    root_run "$ROOT" /usr/bin/env LD_PRELOAD=/tmp/dump_maps.so DUMP_MAPS_TO=/tmp/rust-maps.txt \
      /tmp/rust-$mode-target/debug/feeddate-program $NOW_MS > "$CACHE/rust-$mode.txt" \
      || { cat "$CACHE/rust-$mode.txt"; die "rust: feeddate-program ($got) failed"; }
    sed 's/^/    | /' "$CACHE/rust-$mode.txt"
    cp "$ROOT/tmp/rust-maps.txt" "$CACHE/rust-$mode-maps.txt" || die "rust: no /proc/<pid>/maps was copied"
    head -n 1 "$CACHE/rust-$mode-maps.txt" | sed 's/^# /    read /'
    same_program "rust ($got)" "$CACHE/rust-$mode.txt" "$REPO/build/dist/rust-program-host.txt" "$CACHE/rust-$mode-maps.txt" "$dir"
  done
}
# From the folder with a space of run 3: pkg-config writes it as "\ ", which
# the crate's build.rs reads back.
rust_check "/root/my projects/$name"

# ---- 5. Go: the tarball's module, with Debian's own Go ---------------------------------
# examples/go (its go.mod replaces the module with the tarball's go/), built
# with GOPROXY=off; cgo takes the .pc's run path: the same checks as Rust's.
go_check() {
  local dir=$1 go
  go=$(command -v go || ls /usr/lib/go/bin/go 2>/dev/null || true)
  [ -n "$go" ] || die "go: no Go on this machine for the reference labels (apt-get install golang-go)"
  step "go: the reference labels of examples/go on this machine (against build/lib)"
  (cd examples/go && env -u LD_LIBRARY_PATH GOFLAGS=-mod=mod GOPROXY=off GOTOOLCHAIN=local CGO_ENABLED=1 \
     PKG_CONFIG_PATH="$REPO/build/pkgconfig" "$go" build -o "$REPO/build/dist/go-program-host" .) \
    || die "go: examples/go does not build here"
  LD_LIBRARY_PATH="$REPO/build/lib" "$REPO/build/dist/go-program-host" $NOW_MS | sed 's/ (zone rules: [^)]*)//' \
    > "$REPO/build/dist/go-program-host.txt" || die "go: this machine's examples/go failed"

  step "go: Debian's golang-go in the root"
  root_run "$ROOT" apt-get install -y -q --no-install-recommends golang-go >> "$CACHE/apt.log" 2>&1 \
    || { tail -n 20 "$CACHE/apt.log"; die "go: apt-get install golang-go in the root failed"; }
    root_run "$ROOT" sh -c 'echo "    $(go version)"'

  step "go: examples/go with PKG_CONFIG_PATH=$dir/lib/pkgconfig: go build; run it with no LD_LIBRARY_PATH"
  root_run "$ROOT" sh -c "set -e; cd '$dir/examples/go'
    HOME=/root GOCACHE=/tmp/go-cache GOPATH=/tmp/go GOFLAGS=-mod=mod GOPROXY=off GOTOOLCHAIN=local CGO_ENABLED=1 \
      PKG_CONFIG_PATH='$dir/lib/pkgconfig' go build -o /tmp/go-program .
    echo \"    run path: \$(readelf -d /tmp/go-program 2>/dev/null | sed -n 's/.*(RUNPATH) *//p')\"" \
    || die "go: examples/go does not build from the tarball (above)"
  root_run "$ROOT" /usr/bin/env LD_PRELOAD=/tmp/dump_maps.so DUMP_MAPS_TO=/tmp/go-maps.txt DUMP_MAPS_AT_START=1 /tmp/go-program $NOW_MS \
    > "$CACHE/go.txt" || { cat "$CACHE/go.txt"; die "go: examples/go failed in the root"; }
  sed 's/^/    | /' "$CACHE/go.txt"
  cp "$ROOT/tmp/go-maps.txt" "$CACHE/go-maps.txt" || die "go: no /proc/<pid>/maps was copied"
  same_program go "$CACHE/go.txt" "$REPO/build/dist/go-program-host.txt" "$CACHE/go-maps.txt" "$dir"
}
go_check "/root/my projects/$name"

root_done "${DIST_CHECK_KEEP:-0}"
step "passed: $name.tar.gz works on a clean trixie, unpacked anywhere, with and without a system ICU, which it never maps (${SECONDS}s)"
