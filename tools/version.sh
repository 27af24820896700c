#!/bin/sh
# The project's version, MAJOR.MINOR.PATCH, from the three number macros of
# include/feeddate.h: the one place it is written.
#   tools/version.sh [HEADER]          print it
#   tools/version.sh --check [FILE..]  every copy (the table below) says it (make version-check)
#   tools/version.sh --self-test       --check fails on a copy with a version planted in package.json
set -eu
case ${1:-} in --check|--self-test) check=$1; shift ;; *) check= ;; esac
header=$(dirname "$0")/../include/feeddate.h
[ -n "$check" ] || header=${1:-$header}
v=$(sed -n 's/^#define FD_VERSION_\(MAJOR\|MINOR\|PATCH\) \([0-9][0-9]*\)$/\1 \2/p' "$header" |
    awk '{ n[$1] = $2 } END { if (("MAJOR" in n) && ("MINOR" in n) && ("PATCH" in n)) print n["MAJOR"] "." n["MINOR"] "." n["PATCH"] }')
[ -n "$v" ] || { echo "version.sh: no FD_VERSION_MAJOR/MINOR/PATCH in $header" >&2; exit 1; }
[ -n "$check" ] || { echo "$v"; exit 0; }
cd "$(dirname "$0")/.."

# FILE, then an ERE in which @V@ stands for a version and @N@ for its number
# (10200); every match in FILE (only the first in debian/changelog, whose
# older entries keep theirs) must carry this one. Docs name the artifacts.
art='feeddate[a-z0-9-]*[-_:/]@V@|`@V@'
table="bindings/python/feeddate/_version.py	^__version__ = \"@V@\"$
bindings/node/package.json	\"version\": \"@V@\",
bindings/rust/Cargo.toml	^version = \"@V@\"$
bindings/java/pom.xml	<revision>@V@</revision>
debian/changelog	^feeddate \(@V@\)
examples/go/go.mod	bindings/go v@V@$
bindings/go/README.md	bindings/go@v@V@
bindings/php/feeddate.stub.php	loaded \(\"@V@\"\)
docs/PYTHON.md	\`\"@V@\"\`
README.md	$art
docs/INSTALL.md	$art
bindings/java/README.md	$art
bindings/php/README.md	$art
bindings/rust/README.md	$art"
# Files that name a version as history or as test data, not as the current one.
history=':!CHANGELOG.md :!docs/RELEASE-NOTES.md :!docs/PERFORMANCE.md :!docs/SPEC.md :!debian/libfeeddate1.symbols :!Tests/sweep/label_report.py :!bindings/java/src/test'

if [ "$check" = --self-test ]; then
  t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
  { echo "$table" | cut -f1; echo include/feeddate.h; echo tools/version.sh; } | tar -cf - -T - | tar -xf - -C "$t"
  "$t/tools/version.sh" --check >/dev/null || { echo "version-check: self-test: the copy fails unplanted" >&2; exit 1; }
  sed -i "s/\"version\": \"$v\"/\"version\": \"0.0.1\"/" "$t/bindings/node/package.json"
  ! "$t/tools/version.sh" --check 2>"$t/err" >/dev/null && grep -q '^version-check: bindings/node/package.json:3:"version": "0.0.1"' "$t/err" ||
    { echo "version-check: self-test: 0.0.1 planted in bindings/node/package.json was not reported:" >&2; cat "$t/err" >&2; exit 1; }
  echo "version-check: self-test: 0.0.1 planted in bindings/node/package.json fails the check"; exit 0
fi
n=$(echo "$v" | awk -F. '{ print $1 * 10000 + $2 * 100 + $3 }')
ve=$(echo "$v" | sed 's/\./\\./g')
bad=0
fail() { echo "version-check: $*" >&2; bad=1; }
echo "$table" | { while IFS='	' read -r file re; do
  [ $# -eq 0 ] || case " $* " in *" $file "*) ;; *) continue ;; esac
  any=$(echo "$re" | sed 's/@V@/[0-9]+\\.[0-9]+\\.[0-9]+/g; s/@N@/[0-9]+/g')
  this=$(echo "$re" | sed "s/^^//; s/[$]$//; s/@V@/$ve/g; s/@N@/$n/g")
  hits=$(grep -noE "$any" "$file") || { fail "$file: nothing matches $re"; continue; }
  [ "$file" != debian/changelog ] || hits=$(echo "$hits" | head -n 1)
  wrong=$(echo "$hits" | grep -vxE "[0-9]+:($this)") && fail "$(echo "$wrong" | sed "s|^|$file:|; s|\$| (not $v)|")"
done; exit $bad; } || bad=1
# A copy in a file the table does not name is a copy nothing checks.
[ $# -gt 0 ] || git rev-parse --git-dir >/dev/null 2>&1 || echo "version-check: not a git checkout: no search for copies outside the table"
if [ $# -eq 0 ] && git rev-parse --git-dir >/dev/null 2>&1; then
  # shellcheck disable=SC2086
  for f in $(git grep -lF "$v" -- . $history); do
    echo "$table" | cut -f1 | grep -qxF "$f" || fail "$f names $v: add it to the table of tools/version.sh, or write it without the version"
  done
fi
[ $bad = 0 ] || { echo "version-check: FAIL: include/feeddate.h says $v" >&2; exit 1; }
echo "version-check: ${*:-$(echo "$table" | cut -f1 | wc -l) files} say $v, as include/feeddate.h does"
