#!/usr/bin/env bash
# icu-data-search.sh — find more ICU data that feeddate does not need.
#
#   tools/icu-data-search.sh CANDIDATES [KEEPFILE]
#
# CANDIDATES: a cut per line, one or more !patterns (e.g. "!genderList.res
# !dayPeriods.res"). Each is tried on top of KEEPFILE (packaging/icu-data.txt)
# and the cuts kept so far: a library linked with that data (FEEDDATE_ICU_DATA=
# trial, .build-icu-trial) must sweep every label as the full-data library does
# and pass the C vectors and the Python suite. Prints the cuts that held.
# Needs what make icu-data-check builds; a trial takes about 90 s.
set -euo pipefail
cd "$(dirname "$0")/.."
REPO=$(pwd)
candidates=${1:?usage: tools/icu-data-search.sh CANDIDATES [KEEPFILE]}
keep=${2:-packaging/icu-data.txt}
work=$REPO/build/icu-data-search
full_lib=$REPO/build/icu-full/libfeeddate.so.1
rm -rf "$work" && mkdir -p "$work/lib"
export PYTHONPATH=$REPO/bindings/python
# The Python suite's interpreter, as make test-python-core picks it (build/venv
# has pandas, numpy and pytest; python3 alone may not).
py=python3
[ -x build/venv/bin/python ] && py=$REPO/build/venv/bin/python
plan=$REPO/build/sweep/plan-full.jsonl sweep=$REPO/build/sweep/sweep_run
[ -x build/tests/test_vectors ] && [ -f "$full_lib" ] && [ -f "$plan" ] && [ -x "$sweep" ] \
  || { echo "run make lib test-c-build icu-data-check first (the full-data library $full_lib, the sweep $plan and $sweep)" >&2; exit 2; }
swift_trial() {
  FEEDDATE_ICU_DATA=trial swift build -c release --scratch-path .build-icu-trial -Xswiftc -static-stdlib \
    -Xlinker --version-script="$REPO/exports.map" -Xlinker -soname=libfeeddate.so.1 --product feeddate "$@"
}

LD_LIBRARY_PATH=$(dirname "$full_lib") "$sweep" "$plan" "$work/full.txt"
cp "$keep" "$work/current.txt"
held=()
n=0
while read -r cut; do
  [ -n "${cut%%#*}" ] || continue
  n=$((n + 1))
  trial=$work/trial-$n
  { cat "$work/current.txt"; xargs -n1 <<<"$cut"; } > "$trial.txt"
  verdict=held
  if ! tools/icu-data.sh --keep "$trial.txt" --name trial > "$trial.log" 2>&1; then
    verdict="not built: $(tail -n 1 "$trial.log")"
  elif ! { rm -f "$(swift_trial --show-bin-path)/libfeeddate.so" && swift_trial; } >> "$trial.log" 2>&1; then
    verdict="library not linked: $(tail -n 1 "$trial.log")"
  else
    cp "$(swift_trial --show-bin-path)/libfeeddate.so" "$work/lib/libfeeddate.so.1"
    if ! LD_LIBRARY_PATH=$work/lib "$sweep" "$plan" "$trial.sweep" 2> "$trial.sweep.log" \
        || ! cmp -s "$work/full.txt" "$trial.sweep"; then
      verdict="labels change ($(diff "$work/full.txt" "$trial.sweep" | grep -c '^>' || true) lines)"
    elif ! LD_LIBRARY_PATH=$work/lib ./build/tests/test_vectors > "$trial.c.log" 2>&1; then
      verdict="C vectors fail"
    elif ! FEEDDATE_LIBRARY=$work/lib/libfeeddate.so.1 "$py" -m pytest -q -x -p no:cacheprovider -p no:benchmark bindings/python/tests > "$trial.py.log" 2>&1; then
      verdict="Python suite fails"
    fi
  fi
  echo "$cut: $verdict"
  if [ "$verdict" = held ]; then
    cp "$trial.txt" "$work/current.txt"
    held+=("$cut")
  fi
done < "$candidates"
echo "cuts that held: ${held[*]:-none}"
echo "keep list with them: $work/current.txt ($(tools/icu-data.sh --keep "$work/current.txt" --name trial | sed 's/.*kept //'))"
