#!/usr/bin/env bash
# test-trixie.sh — `make test-trixie`: the C, Swift and Python suites on Debian
# 13, with the same ICU 78.3 inside the library and so the one vector set.
#
# Environment (and those of tools/debian-root.sh):
#   FEEDDATE_VECTORS=a.jsonl:b.jsonl   run these vector files instead (paths in
#                                      the copy, e.g. Tests/vectors/project.jsonl)
set -euo pipefail
cd "$(dirname "$0")/.."
REPO=$(pwd)
NAME=test-trixie
# shellcheck source=tools/debian-root.sh
. tools/debian-root.sh
SUITES=(test-c test-swift test-python)

need_root test-trixie
need_tools rsync:rsync
[ -x "$SWIFT_TOOLCHAIN/usr/bin/swift" ] \
  || die "no $SWIFT_TOOLCHAIN/usr/bin/swift: install the Swift toolchain (swift.org, 6.x for Debian 12) there, or set SWIFT_TOOLCHAIN=/its/prefix"

trixie_build_root
icu=78.3

# pip in the root's venv trusts what this machine's pip trusts (minbase has no CA bundle).
env_root=()
ca=${PIP_CERT:-/etc/ssl/certs/ca-certificates.crt}
if [ -f "$ca" ]; then
  mkdir -p "$ROOT/etc/ssl"
  cp "$ca" "$ROOT/etc/ssl/host-ca-certificates.crt"
  env_root+=(PIP_CERT=/etc/ssl/host-ca-certificates.crt)
fi

vectors=()
[ -z "${FEEDDATE_VECTORS:-}" ] || vectors=(FEEDDATE_VECTORS="$(echo "$FEEDDATE_VECTORS" | sed 's|\(^\|:\)\([^/:]\)|\1/build/src/\2|g')")
summary=()
for suite in "${SUITES[@]}"; do
  log=$ROOTS/$suite.log
  step "make $suite in the trixie root (log ${log#"$REPO"/})"
  t=$SECONDS
  if ! root_run --swift --icu --work "$TRIXIE_WORK" "$ROOT" /usr/bin/env ${env_root[@]+"${env_root[@]}"} ${vectors[@]+"${vectors[@]}"} \
      sh -c "cd /build/src && make --no-print-directory $suite" > "$log" 2>&1; then
    tail -n 40 "$log"
    die "make $suite failed in the trixie root (above; log $log)"
  fi
  case $suite in
    test-c)
      # Each program ends with "N passed, N failed"; test_vectors names its files.
      grep -E '^== |passed, [0-9]+ failed' "$log" | sed 's/^/    /'
      line="$suite: $(grep -E 'passed, 0 failed' "$log" | awk '{ p += $1 } END { print p }') checks passed in $(grep -c '^== ' "$log") programs"
      ;;
    test-swift)
      grep -E 'Executed [0-9]+ tests' "$log" | tail -n 1 | sed 's/^[[:space:]]*/    /'
      line="$suite: $(grep -E 'Executed [0-9]+ tests' "$log" | tail -n 1 | sed 's/^[[:space:]]*//')"
      ;;
    test-python)
      tail -n 6 "$log" | sed 's/^/    /'
      line="$suite: $(grep -E '[0-9]+ passed' "$log" | tail -n 1)"
      ;;
  esac
  case $suite in
    test-c|test-python)
      grep -q "ICU $icu" "$log" || die "make $suite did not name ICU $icu in its log: which ICU did the library of the root carry?" ;;
  esac
  if [ "$suite" = test-c ]; then
    # The library the suites ran: built in the root, ICU inside it.
    root_run --work "$TRIXIE_WORK" "$ROOT" ldd /build/src/build/lib/libfeeddate.so.1 > "$ROOTS/ldd-trixie.txt" \
      || die "ldd of the root's build/lib/libfeeddate.so.1 failed"
    ! grep -q libicu "$ROOTS/ldd-trixie.txt" || die "the library built in the trixie root needs a system ICU: $(grep libicu "$ROOTS/ldd-trixie.txt")"
    echo "    build/lib/libfeeddate.so.1 of the root needs: $(awk '{ print $1 }' "$ROOTS/ldd-trixie.txt" | grep -v '^linux-vdso' | tr '\n' ' ')"
  fi
  summary+=("$line ($((SECONDS - t)) s)")
done

step "passed on Debian 13 (ICU $icu inside the library): ${SUITES[*]} (${SECONDS}s)"
printf '    %s\n' "${summary[@]}"
