#!/usr/bin/env bash
# icu-data.sh — the ICU data that libfeeddate.so.1 carries inside it.
#
#   tools/icu-data.sh            the trimmed data: $ICU/lib/libfeeddate_icudata.a
#   tools/icu-data.sh --full     all the data the ICU build made:
#                                $ICU/lib/libfeeddate_icudata_full.a (make icu-data-check)
#   tools/icu-data.sh --keep FILE --name NAME
#                                the data FILE keeps: $ICU/lib/libfeeddate_icudata_NAME.a
#                                (tools/icu-data-search.sh's trials)
#
# A library links the archive named by FEEDDATE_ICU_DATA (Package.swift):
# unset, the trimmed one; NAME, libfeeddate_icudata_NAME.a.
#
# From $ICU/data/icudt78l.dat ($ICU: tools/icu-build.sh --dir) it keeps the items
# packaging/icu-data.txt matches and makes them one hidden symbol, icudt78_dat,
# which libicuuc.a takes as its common data: no file, path or ICU_DATA. Beside
# the archive: the trimmed .dat, items.txt (sizes), the keep list's sha256.
set -euo pipefail
cd "$(dirname "$0")/.."
icu=$(tools/icu-build.sh --dir)
keep=packaging/icu-data.txt
full=0 suffix=""
die() { echo "icu-data: $*" >&2; exit 1; }
while [ $# -gt 0 ]; do
  case $1 in
    --full) full=1 suffix=_full; shift ;;
    --keep) keep=${2:?--keep FILE}; shift 2 ;;
    --name) [[ ${2:-} =~ ^[a-z0-9]+$ ]] || die "--name takes [a-z0-9]+"; suffix=_$2; shift 2 ;;
    *) die "usage: tools/icu-data.sh [--full | --keep FILE --name NAME]" ;;
  esac
done
[ -f "$icu/stamp" ] || die "no ICU built in $icu: run make icu"
src=$icu/data/icudt78l.dat
[ -f "$src" ] || die "no $src: run make icu again"
export PATH=$icu/bin:$PATH
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
name=libfeeddate_icudata$suffix
out=$icu/lib/$name.a

icupkg -l "$src" | sort > "$work/all.txt"
if [ $full = 1 ]; then
  cp "$src" "$work/icudt78l.dat"
  cp "$work/all.txt" "$work/kept.txt"
else
  # Kept: matched by a glob of the keep list (* and ? not across "/") and by no
  # !glob; '#' comments. A pattern that matches nothing is a stale list: an error.
  sed 's/#.*//; s/^\s*//; s/\s*$//' "$keep" | grep . > "$work/patterns.txt" || true
  python3 - "$work/all.txt" "$work/patterns.txt" "$work/remove.txt" "$work/kept.txt" <<'PY'
import re, sys
items = open(sys.argv[1]).read().split()
pats = [p.strip() for p in open(sys.argv[2]) if p.strip()]
def regex(pat):  # a shell glob on item names (*, ?, [a-z]): * and ? never match "/"
    parts = re.split(r"(\[[^]]*\]|\*|\?)", pat)
    return re.compile("".join("[^/]*" if t == "*" else "[^/]" if t == "?" else t if t.startswith("[")
                              else re.escape(t) for t in parts) + r"\Z")
rx = {p: regex(p.lstrip("!")) for p in pats}
unused = [p for p in pats if not any(rx[p].match(i) for i in items)]
if unused:
    sys.exit("icu-data: patterns of the keep list that match no item: " + " ".join(unused))
def keep(item):  # matched by a pattern and by no !pattern
    return any(rx[p].match(item) for p in pats if p[0] != "!") and not any(
        rx[p].match(item) for p in pats if p[0] == "!")
kept = [i for i in items if keep(i)]
open(sys.argv[3], "w").write("".join(i + "\n" for i in items if i not in set(kept)))
open(sys.argv[4], "w").write("".join(i + "\n" for i in kept))
PY
  icupkg --ignore-deps -r "$work/remove.txt" "$src" "$work/icudt78l.dat" >/dev/null
fi
# The kept items with their sizes (for the report and the docs).
mkdir "$work/x"
icupkg --ignore-deps -x "$work/kept.txt" -d "$work/x" "$work/icudt78l.dat"
(cd "$work/x" && find . -type f -printf '%s %P\n' | sort -k2) > "$work/items.txt"

# One object: the entry point icudt78_dat in .rodata, hidden (U_HIDE_DATA_SYMBOL).
genccode -q -a gcc -e icudt78 -d "$work" "$work/icudt78l.dat"
${CC:-cc} -c -fPIC -DU_HIDE_DATA_SYMBOL -Wa,--noexecstack -o "$work/icudt78l_dat.o" "$work/icudt78l_dat.S"
rm -f "$work/$name.a"
ar rcs "$work/$name.a" "$work/icudt78l_dat.o"
mkdir -p "$icu/lib" "$icu/data"
data=$icu/data/$([ -n "$suffix" ] && echo "${suffix#_}" || echo trimmed)
mkdir -p "$data"
cp "$work/icudt78l.dat" "$work/items.txt" "$data/"
mv -f "$work/$name.a" "$out"
sha256sum < "$keep" | cut -d' ' -f1 > "$out.keep"
echo "icu-data: kept $(wc -l < "$work/kept.txt") of $(wc -l < "$work/all.txt") items," \
  "$(stat -c %s "$work/icudt78l.dat") of $(stat -c %s "$src") bytes -> $out"
