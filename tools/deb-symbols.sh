#!/usr/bin/env bash
# deb-symbols.sh — keep debian/libfeeddate1.symbols in step with include/feeddate.h.
#
#   tools/deb-symbols.sh --check   exit 1 (with the difference) when the symbols file
#                                  does not list exactly the functions of the header
#   tools/deb-symbols.sh --update  add the header's new functions to the symbols file
#                                  with the current version (FD_VERSION_STRING) as
#                                  their minimal version; existing lines keep theirs
#
# The function names come from the compiler (gcc -aux-info), not from grepping the
# header, so comments and macros cannot fool it. Each function is listed as
# NAME@NODE where NODE is the version node of exports.map (FEEDDATE_1), plus the
# node itself (NODE@NODE), exactly as dpkg-gensymbols reports them. Whether the
# built library really exports these is checked by dpkg-gensymbols -c4 during the
# package build (debian/rules, override_dh_makeshlibs).
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

node=$(sed -n 's/^[[:space:]]*\([A-Za-z_][A-Za-z0-9_.]*\)[[:space:]]*{.*/\1/p' "$MAP" | head -n1)
[ -n "$node" ] || die "no version node (NAME {) found in $MAP"
nodes=$(sed -n 's/^[[:space:]]*\([A-Za-z_][A-Za-z0-9_.]*\)[[:space:]]*{.*/\1/p' "$MAP" | wc -l)
[ "$nodes" -eq 1 ] || die "$MAP has $nodes version nodes; this tool knows only one (extend it)"
version=$(sed -n 's/^#define FD_VERSION_STRING "\(.*\)"/\1/p' "$HEADER")
[ -n "$version" ] || die "no FD_VERSION_STRING in $HEADER"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# -aux-info writes one prototype per declared function, tagged with its file.
"$CC" -std=c99 -fsyntax-only -aux-info "$tmp/aux" -x c "$HEADER" \
  || die "$CC could not parse $HEADER"
grep -F "$HEADER:" "$tmp/aux" \
  | sed -n 's/.*[^A-Za-z0-9_]\(fd_[A-Za-z0-9_]*\) *(.*/\1/p' | sort -u > "$tmp/functions"
[ -s "$tmp/functions" ] || die "no fd_* function found in $HEADER"
{ echo "$node@$node"; sed "s/\$/@$node/" "$tmp/functions"; } | sort > "$tmp/want"

# Symbol lines of a symbols file start with one space; the name is the first word.
{ grep "^ " "$SYMBOLS" || true; } | awk '{print $1}' | sort > "$tmp/have"

missing=$(comm -23 "$tmp/want" "$tmp/have")
extra=$(comm -13 "$tmp/want" "$tmp/have")

if [ "$mode" = --check ]; then
  if [ -z "$missing$extra" ]; then
    echo "deb-symbols: $SYMBOLS lists the $(wc -l < "$tmp/functions") functions of $HEADER (node $node)"
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
  { { grep "^ " "$SYMBOLS" || true; }; printf ' %s %s\n' $(printf '%s\n' $missing | sed "s/\$/ $version/"); } | sort -k1,1
} > "$tmp/new"
cp "$tmp/new" "$SYMBOLS"
printf 'deb-symbols: added to %s with minimal version %s:\n%s\n' "$SYMBOLS" "$version" "$missing"
