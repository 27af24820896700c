#!/usr/bin/env bash
# icu-data.sh — build the trimmed ICU data library that the wheel carries.
#
#   tools/icu-data.sh OUTDIR [KEEPFILE]
#
# Reads the ICU 72 data of this machine (the icudt72_dat blob inside Debian's
# libicudata.so.72), keeps only the items that KEEPFILE (default
# packaging/icu-data.txt) matches, and writes
#   OUTDIR/icudt72l.dat          the trimmed common data file (icupkg)
#   OUTDIR/libicudata.so.72.1    a data library with the same SONAME and entry
#                                point (icudt72_dat) as Debian's, made from it
#                                (genccode -a gcc, then cc -shared)
#   OUTDIR/libicudata.so.72      its SONAME link
#   OUTDIR/items.txt             the items kept, with their sizes
#
# Why a data library and not ICU_DATA or udata_setCommonData: libicuuc finds
# its data through its DT_NEEDED entry libicudata.so.72, resolved like any
# library (here: the wheel's renamed copy beside it, by RPATH $ORIGIN). Nothing
# has to happen before ICU's first call, no environment variable leaks into the
# host process (ICU_DATA would also steer any other ICU in it), and the wheel
# stays one self-contained set of libraries that auditwheel can check.
#
# Needs: readelf (binutils), icupkg and genccode (icu-devtools), cc.
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:?usage: tools/icu-data.sh OUTDIR [KEEPFILE]}
keep=${2:-packaging/icu-data.txt}
src=${ICU_DATA_LIB:-/usr/lib/x86_64-linux-gnu/libicudata.so.72}
die() { echo "icu-data: $*" >&2; exit 1; }

for tool in readelf icupkg genccode; do
  command -v $tool >/dev/null || die "no $tool: apt-get install icu-devtools binutils"
done
[ -e "$src" ] || die "no $src (Debian 12's libicu72)"
mkdir -p "$out"
work=$(mktemp -d); mkdir "$work/in"
trap 'rm -rf "$work"' EXIT

# The blob is the symbol icudt72_dat: its file offset is its address minus the
# address of its section plus the section's file offset.
read -r addr size < <(readelf -sW "$src" | awk '$8 == "icudt72_dat" { print $2, $3 }')
[ -n "${addr:-}" ] || die "$src has no symbol icudt72_dat"
read -r secaddr secoff < <(readelf -SW "$src" | awk '$2 == ".rodata" { print $4, $5 }')
offset=$(( 0x$addr - 0x$secaddr + 0x$secoff ))
size=$(( size ))
python3 - "$src" "$offset" "$size" "$work/in/icudt72l.dat" <<'EOF'
import sys
src, off, size, dst = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
with open(src, "rb") as f:
    f.seek(off)
    data = f.read(size)
open(dst, "wb").write(data)
EOF

# Items to keep: every item matched by a pattern (shell glob on the item name)
# of KEEPFILE (* and ? do not match "/") and by no !pattern; '#' starts a comment.
icupkg -l "$work/in/icudt72l.dat" | sort > "$work/all.txt"
sed 's/#.*//; s/^\s*//; s/\s*$//' "$keep" | grep . > "$work/patterns.txt" || true
python3 - "$work/all.txt" "$work/patterns.txt" "$work/remove.txt" "$work/kept.txt" <<'EOF'
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
EOF
icupkg --ignore-deps -r "$work/remove.txt" "$work/in/icudt72l.dat" "$work/icudt72l.dat" >/dev/null
# The kept items with their sizes (for the report).
rm -rf "$work/x" && mkdir "$work/x"
icupkg --ignore-deps -x "$work/kept.txt" -d "$work/x" "$work/icudt72l.dat"
(cd "$work/x" && find . -type f -printf '%s %P\n' | sort -k2) > "$out/items.txt"

# The data library: the entry point icudt72_dat in .rodata, nothing else.
genccode -q -a gcc -e icudt72 -d "$work" "$work/icudt72l.dat"
${CC:-cc} -shared -nostdlib -Wl,-soname,libicudata.so.72 -Wl,-z,noexecstack -Wl,--build-id \
  -o "$work/libicudata.so.72.1" "$work"/icudt72l_dat.S
cp "$work/icudt72l.dat" "$out/icudt72l.dat"
mv -f "$work/libicudata.so.72.1" "$out/libicudata.so.72.1"
ln -sf libicudata.so.72.1 "$out/libicudata.so.72"
echo "icu-data: kept $(wc -l < "$work/kept.txt") of $(wc -l < "$work/all.txt") items," \
  "$(stat -c %s "$out/icudt72l.dat") of $size bytes -> $out/libicudata.so.72.1"
