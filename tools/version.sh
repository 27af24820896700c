#!/bin/sh
# Prints the project's version, MAJOR.MINOR.PATCH, from the three number
# macros of include/feeddate.h: the one place the version is written.
# Usage: tools/version.sh [path/to/feeddate.h]
set -eu
header=${1:-$(dirname "$0")/../include/feeddate.h}
v=$(sed -n 's/^#define FD_VERSION_\(MAJOR\|MINOR\|PATCH\) \([0-9][0-9]*\)$/\1 \2/p' "$header" |
    awk '{ n[$1] = $2 } END { if (("MAJOR" in n) && ("MINOR" in n) && ("PATCH" in n)) print n["MAJOR"] "." n["MINOR"] "." n["PATCH"] }')
[ -n "$v" ] || { echo "version.sh: no FD_VERSION_MAJOR/MINOR/PATCH in $header" >&2; exit 1; }
echo "$v"
