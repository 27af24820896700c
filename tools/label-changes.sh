#!/usr/bin/env bash
# label-changes.sh BASE — what upgrading from revision BASE to this tree
# changes in the labels (SPEC section 13, "Changes listed"): the same sweep
# through BASE's library (tools/base-lib.sh builds it once) and this tree's
# (build/lib), side by side in one process (Tests/sweep/label_changes.c),
# then a report (Tests/sweep/label_report.py):
#   build/label-changes/<base>..HEAD.tsv   every difference, one line each
#   build/label-changes/<base>..HEAD.md    counts by style, option set and
#                                          locale, with examples
# The release notes of a version that changes a label carry the report
# (docs/RELEASE-NOTES.md). About a minute per run after the builds.
set -euo pipefail
cd "$(dirname "$0")/.."
rev=${1:?usage: tools/label-changes.sh BASE (a git revision)}
base=$(tools/base-lib.sh "$rev")
short=$(git rev-parse --short "$rev")
out=build/label-changes
mkdir -p "$out"
cc -std=c99 -Wall -Wextra -Werror -pedantic -O2 -Iinclude Tests/sweep/label_changes.c -ldl -o "$out/label_changes"
summary=$("$out/label_changes" "$PWD/$base" "$PWD/build/lib/libfeeddate.so.1" Tests/sweep/icu-available.txt "$out/$short..HEAD.tsv")
echo "$summary"
python3 Tests/sweep/label_report.py "$out/$short..HEAD.tsv" "$summary" > "$out/$short..HEAD.md"
echo "label-changes: $out/$short..HEAD.md ($(wc -l < "$out/$short..HEAD.tsv") lines of differences in $out/$short..HEAD.tsv)"
