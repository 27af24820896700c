#!/usr/bin/env bash
# deb-symbols.sh — keep debian/libfeeddate1.symbols in step with include/feeddate.h.
#
#   tools/deb-symbols.sh --check   exit 1 (with the difference) when the symbols file
#                                  does not list exactly the functions of the header
#   tools/deb-symbols.sh --update  add the header's new functions (and new version
#                                  nodes) to the symbols file with the current version
#                                  (tools/version.sh) as their minimal version;
#                                  existing lines keep theirs
#
# Names come from gcc -aux-info (no comment or macro fools it), listed as NAME@NODE
# with exports.map's node, plus NODE@NODE, as dpkg-gensymbols reports them; the
# built library is checked by dpkg-gensymbols -c4 (debian/rules).
set -euo pipefail

cd "$(dirname "$0")/.."
HEADER=include/feeddate.h
MAP=exports.map
SYMBOLS=debian/libfeeddate1.symbols
CC=${CC:-cc}

die() { echo "deb-symbols: $*" >&2; exit 1; }

mode=${1:-}
case "$mode" in
  --check|--update) ;;
  *) die "usage: $0 --check|--update" ;;
esac

[ -f "$HEADER" ] || die "$HEADER not found"
[ -f "$MAP" ] || die "$MAP not found"
[ -f "$SYMBOLS" ] || die "$SYMBOLS not found"
command -v "$CC" >/dev/null || die "no C compiler ($CC): apt-get install gcc"

version=$(tools/version.sh "$HEADER") || die "no version in $HEADER"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# exports.map as "NODE NAME" lines: each name in a node's global: list, and
# "NODE NODE" for the node itself. The version script is read as tokens
# (comments dropped; "{", "}" and ";" split off): NAME { global: a; b; local: *; } PARENT;
awk '
  { text = text " " $0 }
  END {
    while ((i = index(text, "/*")) > 0) {
      j = index(substr(text, i + 2), "*/")
      if (j == 0) { print "unterminated comment" > "/dev/stderr"; exit 1 }
      text = substr(text, 1, i - 1) " " substr(text, i + j + 3)
    }
    gsub(/[{};]/, " & ", text)
    n = split(text, tok, /[[:space:]]+/)
    depth = 0; part = ""; node = ""; after = 0
    for (k = 1; k <= n; k++) {
      t = tok[k]
      if (t == "") continue
      if (depth == 0) {
        if (t == ";") { after = 0; node = ""; continue }
        if (after) continue                      # the parent node after "}"
        if (t == "{") { if (node == "") { print "a { without a node name" > "/dev/stderr"; exit 1 }
                        depth = 1; part = ""; print node, node; continue }
        node = t
      } else {
        if (t == "}") { depth = 0; after = 1; continue }
        if (t == "global:") { part = "global"; continue }
        if (t == "local:") { part = "local"; continue }
        if (t == ";") continue
        if (part == "global") print node, t
      }
    }
  }' "$MAP" > "$tmp/map" || die "cannot read the version nodes of $MAP"
[ -s "$tmp/map" ] || die "no version node (NAME { global: ... }) found in $MAP"
# -aux-info writes one prototype per declared function, tagged with its file.
"$CC" -std=c99 -fsyntax-only -aux-info "$tmp/aux" -x c "$HEADER" \
  || die "$CC could not parse $HEADER"
grep -F "$HEADER:" "$tmp/aux" \
  | sed -n 's/.*[^A-Za-z0-9_]\(fd_[A-Za-z0-9_]*\) *(.*/\1/p' | sort -u > "$tmp/functions"
[ -s "$tmp/functions" ] || die "no fd_* function found in $HEADER"
# NAME@NODE for every function of the header, NODE@NODE for every node.
awk 'NR == FNR { if (!($2 in node)) node[$2] = $1; if ($1 == $2) nodes[$1] = 1; next }
     { if ($1 in node) print $1 "@" node[$1]; else { print $1 > "/dev/stderr"; bad = 1 } }
     END { for (n in nodes) print n "@" n; exit bad }' "$tmp/map" "$tmp/functions" 2>"$tmp/unlisted" \
  | sort > "$tmp/want" \
  || die "functions of $HEADER that no version node of $MAP lists (add them to this release's node):
$(cat "$tmp/unlisted")"

# Symbol lines of a symbols file start with one space; the name is the first word.
{ grep "^ " "$SYMBOLS" || true; } | awk '{print $1}' | sort > "$tmp/have"

missing=$(comm -23 "$tmp/want" "$tmp/have")
extra=$(comm -13 "$tmp/want" "$tmp/have")

if [ "$mode" = --check ]; then
  if [ -z "$missing$extra" ]; then
    echo "deb-symbols: $SYMBOLS lists the $(wc -l < "$tmp/functions") functions of $HEADER in the nodes $(awk '$1 == $2 { printf "%s ", $1 }' "$tmp/map")of $MAP"
    exit 0
  fi
  [ -z "$missing" ] || printf 'deb-symbols: in %s but not in %s:\n%s\n' "$HEADER" "$SYMBOLS" "$missing" >&2
  [ -z "$extra" ] || printf 'deb-symbols: in %s but no longer in %s:\n%s\n' "$SYMBOLS" "$HEADER" "$extra" >&2
  echo "deb-symbols: fix: run tools/deb-symbols.sh --update (new functions) or, for a removed" >&2
  echo "             function, bump the SONAME (an ABI break), then review the diff." >&2
  exit 1
fi

# --update
if [ -n "$extra" ]; then
  printf 'deb-symbols: %s lists symbols the header no longer declares:\n%s\n' "$SYMBOLS" "$extra" >&2
  die "removing a function breaks the ABI of libfeeddate.so.1: bump the SONAME instead"
fi
if [ -z "$missing" ]; then
  echo "deb-symbols: $SYMBOLS is up to date"
  exit 0
fi
{
  grep -v "^ " "$SYMBOLS"
  { { grep "^ " "$SYMBOLS" || true; }; for s in $missing; do printf ' %s %s\n' "$s" "$version"; done; } | sort -k1,1
} > "$tmp/new"
cp "$tmp/new" "$SYMBOLS"
printf 'deb-symbols: added to %s with minimal version %s:\n%s\n' "$SYMBOLS" "$version" "$missing"
