#!/usr/bin/env bash
# icu-data-search.sh — find more ICU data that feeddate does not need.
#
#   tools/icu-data-search.sh CANDIDATES [KEEPFILE]
#
# CANDIDATES has one cut per line: one or more !patterns separated by spaces
# (e.g. "!genderList.res !langInfo.res"). Starting from KEEPFILE (default
# packaging/icu-data.txt), each cut is tried in turn: the trimmed data is
# built with the cuts kept so far plus this one, and the cut is kept only when
# nothing changes: Tests/sweep/icu-sweep.py prints exactly what it prints with the
# full data, the C vectors and the Python suite pass. This is how
# packaging/icu-data.txt was found (first round: coll, lang, region, zone,
# translit and the converters; then one group of brkitr, curr, rbnf, unit and
# the supplemental tables at a time). Prints each verdict and, at the end, the
# cuts that held: add them to packaging/icu-data.txt with their reasons.
#
# Needs `make lib` and `make test-c-build` (build/tests/test_vectors), and
# pytest for python3. Each trial takes about 30 s on an idle machine.
set -euo pipefail
cd "$(dirname "$0")/.."
REPO=$(pwd)
candidates=${1:?usage: tools/icu-data-search.sh CANDIDATES [KEEPFILE]}
keep=${2:-packaging/icu-data.txt}
work=$REPO/build/icu-data-search
rm -rf "$work" && mkdir -p "$work"
export FEEDDATE_LIBRARY=$REPO/build/lib/libfeeddate.so.1 PYTHONPATH=$REPO/bindings/python
[ -x build/tests/test_vectors ] || { echo "run make lib test-c-build first" >&2; exit 2; }

python3 Tests/sweep/icu-sweep.py > "$work/full.txt"
cp "$keep" "$work/current.txt"
held=()
n=0
while read -r cut; do
  [ -n "${cut%%#*}" ] || continue
  n=$((n + 1))
  trial=$work/trial-$n
  { cat "$work/current.txt"; printf '%s\n' $cut; } > "$trial.txt"
  verdict=held
  if ! tools/icu-data.sh "$trial" "$trial.txt" > "$trial.log" 2>&1; then
    verdict="not built: $(tail -n 1 "$trial.log")"
  elif ! LD_LIBRARY_PATH=$trial python3 Tests/sweep/icu-sweep.py > "$trial.sweep" 2>&1 || ! cmp -s "$work/full.txt" "$trial.sweep"; then
    verdict="labels change ($(diff "$work/full.txt" "$trial.sweep" | grep -c '^>' || true) lines)"
  elif ! LD_LIBRARY_PATH=$trial ./build/tests/test_vectors Tests/vectors/core.jsonl > "$trial.c.log" 2>&1; then
    verdict="C vectors fail"
  elif ! LD_LIBRARY_PATH=$trial python3 -m pytest -q -x -p no:cacheprovider bindings/python/tests > "$trial.py.log" 2>&1; then
    verdict="Python suite fails"
  fi
  echo "$cut: $verdict"
  if [ "$verdict" = held ]; then
    cp "$trial.txt" "$work/current.txt"
    held+=("$cut")
  fi
done < "$candidates"
echo "cuts that held: ${held[*]:-none}"
echo "keep list with them: $work/current.txt ($(tools/icu-data.sh "$work/final" "$work/current.txt" | sed 's/.*kept //'))"
