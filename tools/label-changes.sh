#!/usr/bin/env bash
# label-changes.sh BASE — what upgrading from revision BASE to this tree
# changes in the labels (SPEC section 13, "Changes listed"): the full sweep
# (Tests/sweep/README.md) through BASE's library (tools/base-lib.sh builds it
# once) and through this tree's (build/lib), each with the C runner, then a
# report (Tests/sweep/label_report.py):
#   build/label-changes/<base>..HEAD.tsv   every difference, one line each
#   build/label-changes/<base>..HEAD.md    counts by style, option set and
#                                          locale, with examples
# The release notes of a version that changes a label carry the report
# (docs/RELEASE-NOTES.md). `make label-changes BASE=<rev>` builds the plan
# and the runner (SWEEP_PLAN, SWEEP_RUN) and calls this. About two minutes
# after the builds. The runner calls only functions of 1.1, so BASE may be
# any revision from 1.1 on.
set -euo pipefail
cd "$(dirname "$0")/.."
rev=${1:?usage: tools/label-changes.sh BASE (a git revision)}
[ -f "${SWEEP_PLAN:-}" ] && [ -x "${SWEEP_RUN:-}" ] \
  || { echo "label-changes: run make label-changes BASE=$rev (it makes SWEEP_PLAN and SWEEP_RUN)" >&2; exit 2; }
base=$(tools/base-lib.sh "$rev")
short=$(git rev-parse --short "$rev")
out=build/label-changes
mkdir -p "$out"
# run NAME LIBDIR: the sweep through the libfeeddate.so.1 of LIBDIR.
run() {
  LD_LIBRARY_PATH=$2 "$SWEEP_RUN" "$SWEEP_PLAN" "$out/$1.txt" 2> "$out/$1.err" \
    || { cat "$out/$1.err" >&2; echo "label-changes: the sweep through $2 failed (above)" >&2; exit 2; }
  tail -n 1 "$out/$1.err"
}
base_summary=$(run "$short" "$PWD/$(dirname "$base")")
new_summary=$(run HEAD "$PWD/build/lib")
echo "$base_summary"
echo "$new_summary"
python3 Tests/sweep/label_report.py "$SWEEP_PLAN" "$out/$short.txt" "$out/HEAD.txt" "$out/$short..HEAD.tsv" \
  "$base_summary" "$new_summary" > "$out/$short..HEAD.md"
head -n 1 "$out/$short..HEAD.md"
echo "label-changes: $out/$short..HEAD.md ($(($(wc -l < "$out/$short..HEAD.tsv") - 1)) differences in $out/$short..HEAD.tsv)"
