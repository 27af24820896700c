#!/usr/bin/env bash
# The sanitizer suite (make sanitize) and the valgrind run (make valgrind).
#
# The ASan and TSan steps compile the C tests here, not with mk/ctest.mk: they
# need the toolchain's clang (whose sanitizer runtimes the Swift library links)
# and the sanitized library. VALGRIND_ONLY=1 runs the valgrind step alone.
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1

COUNT=${SANITIZE_COUNT:-20000}
TSAN_COUNT=${SANITIZE_TSAN_COUNT:-1000}
SWIFT_TESTS=${SANITIZE_SWIFT:-1}
CYCLES=${VALGRIND_CYCLES:-10000}
LABELS=${VALGRIND_LABELS:-1000000}
SWIFT_BIN=$(dirname "$(command -v swiftc)")
CLANG=${FUZZ_CC:-$SWIFT_BIN/clang}
SWIFT_LIBS=$(cd "$SWIFT_BIN/../lib/swift/linux" && pwd)
OUT=build/sanitize
WARN=(-std=c99 -Wall -Wextra -Werror -pedantic)
COMMON=(Tests/c/testkit.c Tests/c/jsonl.c Tests/c/vector_options.c)
results=()
failed=0

step() { echo; echo "== sanitize: $*"; }
record() { # name status detail
  results+=("$(printf '%-34s %s%s' "$1" "$2" "${3:+  ($3)}")")
  [ "$2" = "ok" ] || failed=1
}
# run NAME TIMEOUT CMD...: runs a test, keeps its output in $OUT/logs/NAME.log, records ok/FAILED.
run() {
  local name=$1 limit=$2; shift 2
  local log="$OUT/logs/$name.log" start end rc
  start=$(date +%s)
  timeout "$limit" "$@" > "$log" 2>&1; rc=$?
  end=$(date +%s)
  tail -n 3 "$log" | sed 's/^/  /'
  local sanitizer
  sanitizer=$(grep -c -E '^(==[0-9]+==ERROR|WARNING: ThreadSanitizer|SUMMARY: (Address|Leak|Thread|UndefinedBehavior)Sanitizer)|runtime error:' "$log" || true)
  if [ "$rc" -eq 0 ] && [ "$sanitizer" -eq 0 ]; then
    record "$name" ok "$((end - start)) s"
  else
    grep -m3 -E '^(==[0-9]+==ERROR|WARNING: ThreadSanitizer|SUMMARY:)|runtime error:|FAIL' "$log" | sed 's/^/  /'
    record "$name" FAILED "exit $rc, $sanitizer sanitizer reports, see $log"
  fi
}
mkdir -p "$OUT/logs" "$OUT/asan" "$OUT/tsan"

# build_sanitized NAME SANITIZER PROGRAMS...: the library (.build-sanitize/NAME) and
# the C PROGRAMS against it ($OUT/NAME); records why when anything did not build.
build_sanitized() {
  local name=$1 san=$2 lib t ok=0; shift 2
  step "$name library (.build-sanitize/$name)"
  swift build -c release --scratch-path ".build-sanitize/$name" --sanitize="$san" --product feeddate \
    ${SWIFT_FLAGS[@]+"${SWIFT_FLAGS[@]}"} 2>&1 | tail -n 2 || { record "$name library build" FAILED; return 1; }
  lib=$(swift build -c release --scratch-path ".build-sanitize/$name" --sanitize="$san" --show-bin-path)
  for t in "$@"; do
    "$CLANG" "${WARN[@]}" "${CFLAGS[@]}" -Iinclude -ITests/c "Tests/c/$t.c" "${COMMON[@]}" -L"$lib" -lfeeddate \
      ${LIBS[@]+"${LIBS[@]}"} -Wl,-rpath,"$lib${RPATH:+:$RPATH}" -o "$OUT/$name/$t" || { ok=1; record "$name build $t" FAILED; }
  done
  return $ok
}

valgrind_step() {
  step "valgrind memcheck: test_leaks $CYCLES cycles, $LABELS labels (release library)"
  command -v valgrind >/dev/null || { record "valgrind test_leaks" FAILED "valgrind not installed"; return; }
  local prog=build/tests/test_leaks
  [ -x "$prog" ] || { record "valgrind test_leaks" FAILED "no $prog: run make valgrind"; return; }
  local log="$OUT/logs/valgrind.log" rc start end
  # valgrind 3.19 gives up on Swift's debug info: memcheck runs on a stripped copy
  # preloaded in its place (the same findings, frames by symbol only).
  local lib="$OUT/valgrind-lib/libfeeddate.so.1"
  mkdir -p "$(dirname "$lib")"
  objcopy --strip-debug "$(readlink -f build/lib/libfeeddate.so.1)" "$lib" \
    || { record "valgrind test_leaks" FAILED "objcopy --strip-debug failed"; return; }
  start=$(date +%s)
  LD_PRELOAD="$lib" timeout 3600 valgrind --tool=memcheck --leak-check=full --show-leak-kinds=definite,indirect \
    --errors-for-leak-kinds=definite,indirect --error-exitcode=99 --num-callers=40 \
    "$prog" "$CYCLES" "$LABELS" > "$log" 2>&1; rc=$?
  end=$(date +%s)
  grep -E 'cycles|labels|passed|definitely lost|indirectly lost|possibly lost|still reachable|ERROR SUMMARY' "$log" \
    | sed 's/^==[0-9]*== */  /'
  local definite indirect errors
  definite=$(sed -n 's/.*definitely lost: \([0-9,]*\) bytes.*/\1/p' "$log" | tail -1)
  indirect=$(sed -n 's/.*indirectly lost: \([0-9,]*\) bytes.*/\1/p' "$log" | tail -1)
  errors=$(sed -n 's/.*ERROR SUMMARY: \([0-9,]*\) errors.*/\1/p' "$log" | tail -1)
  # No LEAK SUMMARY at all means no block was lost in any way.
  grep -q 'All heap blocks were freed' "$log" && definite=${definite:-0} indirect=${indirect:-0}
  if [ "$rc" -eq 0 ] && [ "${definite:-x}" = 0 ] && [ "${indirect:-x}" = 0 ] && [ "${errors:-x}" = 0 ]; then
    record "valgrind test_leaks" ok "0 definitely, 0 indirectly lost, 0 errors, $((end - start)) s"
  else
    record "valgrind test_leaks" FAILED "exit $rc, definitely ${definite:-?}, indirectly ${indirect:-?}, errors ${errors:-?}; $log"
  fi
}

if [ "${VALGRIND_ONLY:-0}" = 1 ]; then
  valgrind_step
else
  # ---- 1. ASan + UBSan --------------------------------------------------------
  SWIFT_FLAGS=(-Xswiftc -enforce-exclusivity=checked) LIBS=() RPATH=
  CFLAGS=(-g -O1 -fno-omit-frame-pointer "-fsanitize=address,undefined" -fno-sanitize-recover=undefined -fuse-ld=lld -pthread)
  if build_sanitized asan address test_vectors test_api test_threads test_stress test_fork test_leaks test_zone_swap; then
    export ASAN_OPTIONS=detect_leaks=1:halt_on_error=1:abort_on_error=0:strict_string_checks=1:detect_stack_use_after_return=1
    export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
    run "asan+ubsan test_vectors" 900 "$OUT/asan/test_vectors" Tests/vectors/core.jsonl
    run "asan+ubsan test_api" 900 "$OUT/asan/test_api"
    run "asan+ubsan test_threads 20000" 900 "$OUT/asan/test_threads" 20000
    run "asan+ubsan test_stress $COUNT" 1800 "$OUT/asan/test_stress" "$COUNT"
    run "asan+ubsan test_fork 30" 900 "$OUT/asan/test_fork" 30
    run "asan+ubsan+lsan test_leaks" 900 "$OUT/asan/test_leaks" 1000 100000
    run "asan+ubsan test_zone_swap 2" 300 "$OUT/asan/test_zone_swap" 2
    unset ASAN_OPTIONS UBSAN_OPTIONS
  fi

  # ---- 2. TSan ---------------------------------------------------------------
  # The toolchain's TSan runtime carries libdispatch interceptors: link libdispatch and BlocksRuntime.
  SWIFT_FLAGS=() LIBS=(-L"$SWIFT_LIBS" -ldispatch -lBlocksRuntime) RPATH=$SWIFT_LIBS
  CFLAGS=(-g -O1 -fno-omit-frame-pointer -fsanitize=thread -fuse-ld=lld -pthread)
  if build_sanitized tsan thread test_threads test_stress test_zone_swap; then
    export TSAN_OPTIONS="halt_on_error=1:second_deadlock_stack=1:suppressions=$PWD/Tests/sanitize/tsan.supp"
    run "tsan test_threads 20000" 1800 "$OUT/tsan/test_threads" 20000
    run "tsan test_stress $TSAN_COUNT" 1800 "$OUT/tsan/test_stress" "$TSAN_COUNT"
    run "tsan test_zone_swap 2" 300 "$OUT/tsan/test_zone_swap" 2
    unset TSAN_OPTIONS
  fi

  # ---- 3. Swift tests ----------------------------------------------------------
  if [ "$SWIFT_TESTS" = 1 ]; then
    step "Swift tests under ASan (.build-sanitize/swift-asan)"
    # LSan off: XCTest and Foundation leak their own objects; the C runs and valgrind check leaks.
    ASAN_OPTIONS=detect_leaks=0:halt_on_error=1 \
      run "swift test (asan)" 1800 swift test --scratch-path .build-sanitize/swift-asan --sanitize=address \
      --disable-swift-testing
    step "Swift tests under TSan (.build-sanitize/swift-tsan)"
    TSAN_OPTIONS="halt_on_error=1:suppressions=$PWD/Tests/sanitize/tsan.supp" \
      run "swift test (tsan)" 1800 swift test --scratch-path .build-sanitize/swift-tsan --sanitize=thread \
      --disable-swift-testing
  fi

  # ---- 4. valgrind -----------------------------------------------------------------
  valgrind_step
fi

echo
echo "== sanitize summary"
printf '  %s\n' "${results[@]}"
if [ "$failed" -ne 0 ]; then
  echo "sanitize: FAILED"
  exit 1
fi
echo "sanitize: all clean"
