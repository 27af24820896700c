#!/usr/bin/env bash
# tools/diff-check.sh BASE N SEED [SHOW] — run by `make diff-check`.
# The driver (Tests/diff/diff_check.c) through BASE's library (tools/base-lib.sh)
# and build/lib's at the same time, their outputs compared line by line.
set -euo pipefail
base=${1:?usage: tools/diff-check.sh BASE N SEED [SHOW]}
n=${2:-1000000}
seed=${3:-1}
show=${4:-20}
tool=${DIFF_TOOL:-build/diffcheck/diff_check}
root=$(git rev-parse --show-toplevel)
cd "$root"

sha=$(git rev-parse -q --verify "$base^{commit}") || { echo "diff-check: unknown revision '$base'" >&2; exit 2; }
baselib=$(tools/base-lib.sh "$base")
newlib=build/lib/libfeeddate.so.1

[ -e "$newlib" ] || { echo "diff-check: $newlib missing (make lib)" >&2; exit 2; }

work=$(mktemp -d "${TMPDIR:-/tmp}/diff-check.XXXXXX")
trap 'rm -rf "$work"' EXIT
mkfifo "$work/base.out" "$work/new.out"
echo "diff-check: base $base ($sha) vs this tree ($(git rev-parse --short HEAD)$(git diff --quiet HEAD -- Sources include || echo ', with uncommitted changes')): $n cases, seed $seed"
start=$(date +%s)
"$tool" run "$baselib" "$seed" "$n" > "$work/base.out" 2> "$work/base.err" & pb=$!
"$tool" run "$newlib" "$seed" "$n" > "$work/new.out" 2> "$work/new.err" & pn=$!
rc=0
"$tool" compare "$work/base.out" "$work/new.out" "$show" || rc=$?
# A compare that stopped early leaves writers blocked on their fifo.
if [ "$rc" -eq 2 ]; then kill "$pb" "$pn" 2>/dev/null || true; fi
wait "$pb" || { echo "diff-check: the run against the base library failed:" >&2; cat "$work/base.err" >&2; rc=2; }
wait "$pn" || { echo "diff-check: the run against the new library failed:" >&2; cat "$work/new.err" >&2; rc=2; }
sed 's/^/  /' "$work/base.err" "$work/new.err"
echo "diff-check: wall time $(( $(date +%s) - start )) s"
exit "$rc"
