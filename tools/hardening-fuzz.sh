#!/usr/bin/env bash
# Runs the two libFuzzer targets side by side for SECONDS each, then replays
# every API input found through the shipped library, and prints a summary:
# executions, executions/s, corpus, coverage, peak memory and failures.
#
#   tools/hardening-fuzz.sh SECONDS      (from `make fuzz` / `make fuzz-smoke`)
#
# Expects make fuzz-build fuzz-seeds. Corpora: build/fuzz/corpus/; a crash, timeout
# or OOM (build/fuzz/artifacts/) fails; reproduce: build/fuzz/fuzz_api_cov FILE.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=${1:?usage: tools/hardening-fuzz.sh SECONDS}
dir=build/fuzz
mkdir -p "$dir/corpus/api" "$dir/corpus/tzif" "$dir/artifacts" "$dir/logs"
for bin in fuzz_api_cov fuzz_tzif_cov fuzz_api; do
  [ -x "$dir/$bin" ] || { echo "fuzz: $dir/$bin missing: run make fuzz-build" >&2; exit 2; }
done
[ -d "$dir/seeds/api" ] && [ -d "$dir/seeds/tzif" ] || { echo "fuzz: seeds missing: run make fuzz-seeds" >&2; exit 2; }

# One input may take at most 25 s (a hang is a failure); 3 GB of memory (ASan included).
common=(-max_total_time="$seconds" -print_final_stats=1 -timeout=25 -rss_limit_mb=3072 -print_pcs=0)
export ASAN_OPTIONS=${ASAN_OPTIONS:-abort_on_error=1:detect_leaks=1:symbolize=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1}

touch "$dir/logs/.start"
before_api=$(find "$dir/corpus/api" -type f | wc -l)
before_tzif=$(find "$dir/corpus/tzif" -type f | wc -l)
echo "fuzz: fuzz_api_cov and fuzz_tzif_cov, ${seconds} s each, side by side (logs in $dir/logs/)"
"$dir/fuzz_api_cov" "${common[@]}" -artifact_prefix="$dir/artifacts/api-" \
  "$dir/corpus/api" "$dir/seeds/api" > "$dir/logs/api.log" 2>&1 &
pid_api=$!
"$dir/fuzz_tzif_cov" "${common[@]}" -max_len=16384 -artifact_prefix="$dir/artifacts/tzif-" \
  "$dir/corpus/tzif" "$dir/seeds/tzif" > "$dir/logs/tzif.log" 2>&1 &
pid_tzif=$!
rc_api=0; wait "$pid_api" || rc_api=$?
rc_tzif=0; wait "$pid_tzif" || rc_tzif=$?

# Every input of the API corpus once more, through the release library.
rc_replay=0
"$dir/fuzz_api" -runs=0 -print_final_stats=1 -timeout=25 -rss_limit_mb=3072 -artifact_prefix="$dir/artifacts/api-shipped-" \
  "$dir/corpus/api" "$dir/seeds/api" > "$dir/logs/api-shipped.log" 2>&1 || rc_replay=$?

stat() { sed -n "s/^stat::$2: *//p" "$dir/logs/$1.log" | tail -1; }
coverage() { grep -Eo 'cov: [0-9]+' "$dir/logs/$1.log" | tail -1 | grep -Eo '[0-9]+' || echo "?"; }
failure() {
  local rc=$1 log=$2
  if [ "$rc" -eq 0 ]; then echo "none"; return; fi
  local what
  what=$(grep -m1 -E 'FUZZ FAILURE|ERROR: (AddressSanitizer|libFuzzer|LeakSanitizer|UndefinedBehaviorSanitizer)|runtime error|Fatal error' "$log" || true)
  echo "exit $rc: ${what:-see $log}"
}
summary() {
  local name=$1 rc=$2 before=$3
  local runs rate added rss corpus
  runs=$(stat "$name" number_of_executed_units); rate=$(stat "$name" average_exec_per_sec)
  added=$(stat "$name" new_units_added); rss=$(stat "$name" peak_rss_mb)
  corpus=$(find "$dir/corpus/$name" -type f | wc -l)
  printf 'fuzz %-5s %12s executions in %s s (%s/s), corpus %s (was %s, %s new units), coverage %s, peak RSS %s MB, failures: %s\n' \
    "$name" "${runs:-?}" "$seconds" "${rate:-?}" "$corpus" "$before" "${added:-?}" "$(coverage "$name")" "${rss:-?}" \
    "$(failure "$rc" "$dir/logs/$name.log")"
}
summary api "$rc_api" "$before_api"
summary tzif "$rc_tzif" "$before_tzif"
inputs=$(find "$dir/corpus/api" "$dir/seeds/api" -type f | wc -l)
replayed=$(sed -n 's/^stat::number_of_executed_units: *//p' "$dir/logs/api-shipped.log" | tail -1)
printf 'fuzz api corpus + seeds (%s files) through build/lib/libfeeddate.so: %s executions, failures: %s\n' \
  "$inputs" "${replayed:-?}" "$(failure "$rc_replay" "$dir/logs/api-shipped.log")"

found=$(find "$dir/artifacts" -type f -newer "$dir/logs/.start" 2>/dev/null | head -5 || true)
if [ "$rc_api" -ne 0 ] || [ "$rc_tzif" -ne 0 ] || [ "$rc_replay" -ne 0 ]; then
  echo "fuzz: FAILED; inputs: ${found:-see logs}" | tr '\n' ' '; echo
  exit 1
fi
echo "fuzz: no failures"
