#!/usr/bin/env bash
# fleet-check.sh — `make fleet-check` (SPEC section 13, "Proven across the
# fleet"): one sweep of labels (Tests/sweep/README.md) through every language
# from the build tree and every artifact in clean Debian 12 and 13 roots, and
# one digest for all of them.
#
#   1. the plan: Tests/sweep/sweep_plan.py (full: 907 locales, 3,997,200
#      labels; small: 114 locales, 571,440 labels);
#   2. the build tree: the C, Python, Go, Rust, Java and Node runners
#      against build/lib, and the Swift runner on the FeedDate package;
#   3. a clean Debian 12 root (minbase + python3 tzdata): the Debian 12
#      .debs installed with dpkg (libfeeddate1, python3-feeddate: the C and
#      Python runners), the wheel unpacked (Python), the tarball unpacked (C);
#   4. a clean Debian 13 root (minbase + python3 tzdata nodejs
#      openjdk-21-jdk-headless libjna-java): the Debian 13 .debs, the wheel,
#      the tarball, the npm package (Node) and the jar (Java);
#   5. every run's output has the build tree C runner's sha256, and each run
#      mapped the library it was meant to (its summary names the file): else
#      the first differing labels are shown and the check fails.
# The artifacts are installed by unpacking where pip and npm would only copy
# files (the wheel and the npm package have no dependencies): make
# wheel-check and npm-check install them with pip and npm and run their
# suites; this check asks one thing of each, the same labels.
#
# Environment (and tools/debian-root.sh's):
#   SWEEP_PLAN, SWEEP_RUN   the plan and the C runner (make fleet-check makes them:
#                           FLEET_SIZE=full|small, FLEET_SET=main|other pick the plan)
#   FLEET_ONLY="build ..."  only these parts: build, bookworm, trixie
# Digests: build/fleet/<plan>/digests/<run>.txt ("<sha256> <labels> <summary>");
# the labels of each run in runs/<run>.txt, kept when they differ.
set -euo pipefail
cd "$(dirname "$0")/.."
REPO=$(pwd)
NAME="fleet-check"
PARTS=${FLEET_ONLY:-build bookworm trixie}
[ -f "${SWEEP_PLAN:-}" ] && [ -x "${SWEEP_RUN:-}" ] \
  || { echo "fleet-check: run make fleet-check (it makes the plan, SWEEP_PLAN, and the C runner, SWEEP_RUN)" >&2; exit 2; }
OUT=$REPO/build/fleet/$(basename "$SWEEP_PLAN" .jsonl)
PLAN=$OUT/plan.jsonl
RUNNER=$OUT/sweep_run
DIGESTS=$OUT/digests
version=$(tools/version.sh)
ICU_VERSION=$(sed -n 's/^ICU_VERSION=//p' tools/icu-build.sh)

step() { echo; echo "==> $NAME [$(date -u +%H:%M:%S), ${SECONDS}s]: $*"; }
die() { echo "$NAME: FAILED: $*" >&2; exit 1; }

# ---- 1. the plan and the C runner (make fleet-check builds both) -------------------------
step "the plan: ${SWEEP_PLAN#"$REPO"/} ($(head -n 1 "$SWEEP_PLAN" | sed -n '1s/.*"formatters": \([0-9]*\).*/\1/p') formatters)"
mkdir -p "$OUT/runs"
rm -rf "$DIGESTS"; mkdir -p "$DIGESTS"
cp "$SWEEP_PLAN" "$PLAN"
cp "$SWEEP_RUN" "$RUNNER"

# record RUN LIBRARY: the output of run RUN ($OUT/runs/RUN.txt, its summary in
# RUN.err) is kept as a digest; its summary must name LIBRARY (a path, or a
# pattern for grep -E), the file the run was meant to map.
record() {
  local run=$1 library=$2 summary digest labels data
  summary=$(grep '^sweep_run' "$OUT/runs/$run.err" | tail -n 1)
  [ -n "$summary" ] || { cat "$OUT/runs/$run.err" >&2; die "$run: no summary line (above)"; }
  echo "$summary" | grep -qE -- "^sweep_run[^:]*: $library " \
    || die "$run: mapped another library than $library: $summary"
  # The data version without its tzdata (zones are each host's: SPEC 13) is
  # the build tree's, and that is the ICU tools/icu-build.sh builds.
  data=$(echo "$summary" | sed -n 's/.*(library [^,]*, \(ICU [^;]*; CLDR [^;]*\); tzdata [^)]*):.*/\1/p')
  [ -n "$data" ] || die "$run: no data version (ICU ...; CLDR ...; tzdata ...) in its summary: $summary"
  [ -n "${DATA:-}" ] || DATA=$data
  [ "$data" = "$DATA" ] || die "$run: data version $data, the build tree's is $DATA: $summary"
  [[ $DATA == "ICU $ICU_VERSION;"* ]] || die "the build tree's data version is $DATA, not ICU $ICU_VERSION's (make lib ICU=bundled)"
  digest=$(sha256sum < "$OUT/runs/$run.txt" | cut -c1-64)
  labels=$(wc -l < "$OUT/runs/$run.txt")
  echo "$digest $labels $summary" > "$DIGESTS/$run.txt"
  printf '    %-24s %s %9s labels  %s\n' "$run" "${digest:0:16}" "$labels" "${summary#*: }"
}
# sweep LANG: the LANG runner against the build tree (make fleet-run-LANG).
sweep() {
  local run=build-$1 lib=$REPO/build/lib/libfeeddate.so.1 library
  library="($lib|$(readlink -f "$lib"))"
  [ "$1" != swift ] || library="FeedDate \(Swift\)"
  make --no-print-directory -s "fleet-run-$1" SWEEP_PLAN="$PLAN" SWEEP_OUT="$OUT/runs/$run.txt" \
    > "$OUT/runs/$run.log" 2> "$OUT/runs/$run.err" \
    || { tail -n 30 "$OUT/runs/$run.log" "$OUT/runs/$run.err" >&2; die "$run: make fleet-run-$1 failed (above)"; }
  record "$run" "$library"
}

# ---- 2. the build tree ------------------------------------------------------------------
if [[ " $PARTS " == *" build "* ]]; then
  step "the build tree: every language against build/lib (make fleet-run-LANG)"
  for lang in c python node java go rust swift; do sweep "$lang"; done
fi

# ---- 3./4. clean Debian roots --------------------------------------------------------------
# in_suite SUITE: the artifacts of SUITE in a fresh copy of its fleet root.
in_suite() (
  SUITE=$1
  # shellcheck source=tools/debian-root.sh
  . tools/debian-root.sh
  NAME="fleet-check $SUITE"
  need_root fleet-check
  CACHE=$ROOTS/fleet-check
  ROOT=$CACHE/root
  local packages=(python3 tzdata) debs=("$REPO"/dist/libfeeddate1_"$version"_amd64.deb "$REPO"/dist/python3-feeddate_"$version"_amd64.deb)
  if [ "$SUITE" = trixie ]; then
    packages+=(nodejs openjdk-21-jdk-headless libjna-java)
    debs=("$REPO"/dist/debian13/libfeeddate1_"$version"+deb13u*_amd64.deb "$REPO"/dist/debian13/python3-feeddate_"$version"+deb13u*_amd64.deb)
  fi
  local wheel tarball
  wheel=$(ls "$REPO"/dist/feeddate-"$version"-py3-none-manylinux_*_x86_64.whl 2>/dev/null | head -1)
  tarball=$REPO/dist/feeddate-$version-linux-x86_64.tar.gz
  local npm=$REPO/dist/npm/feeddate-$version.tgz jar=$REPO/dist/java/feeddate-$version.jar f
  for f in "${debs[@]}" "$wheel" "$tarball" "$npm" "$jar"; do
    [ -f "$f" ] || die "no ${f#"$REPO"/}: make deb (Debian 12), make deb13 (Debian 13), make dist (wheel, tarball, npm, jar)"
    # FLEET_BUILD=0 takes dist/ as it is: say when an artifact predates the library.
    [ "$f" -nt "$REPO/build/lib/libfeeddate.so.$version" ] \
      || echo "    note: ${f#"$REPO"/} is older than build/lib's library (make deb deb13 dist to remake it)"
  done
  root_make fleet "${packages[@]}"
  root_work "$MADE_ROOT"
  local fleet=/opt/fleet
  mkdir -p "$ROOT$fleet/wheel" "$ROOT$fleet/tarball" "$ROOT$fleet/runs"
  cp "$PLAN" "$RUNNER" Tests/sweep/sweep_run.py "$ROOT$fleet/"
  step "the .debs with dpkg -i: ${debs[*]##*/}"
  cp "${debs[@]}" "$ROOT$fleet/"
  root_run "$ROOT" sh -c "dpkg -i $fleet/*.deb" > "$CACHE/dpkg.txt" 2>&1 || { cat "$CACHE/dpkg.txt"; die "dpkg -i failed (above)"; }
  python3 -m zipfile -e "$wheel" "$ROOT$fleet/wheel"
  tar -xzf "$tarball" -C "$ROOT$fleet/tarball" --strip-components=1
  # /lib is /usr/lib (merged /usr): the loader may name either.
  local system_lib="(/usr)?/lib/x86_64-linux-gnu/libfeeddate\\.so\\.1"
  # run|the library it must map|its command (PLAN OUT: the runner's arguments)
  local -a runs=(
    "deb-c|$system_lib|$fleet/sweep_run PLAN OUT"
    "deb-python|$system_lib|python3 $fleet/sweep_run.py PLAN OUT"
    "wheel-python|$fleet/wheel/feeddate/libfeeddate.so.1|env PYTHONPATH=$fleet/wheel python3 $fleet/sweep_run.py PLAN OUT"
    "tarball-c|$fleet/tarball/lib/libfeeddate.so.1|env LD_LIBRARY_PATH=$fleet/tarball/lib $fleet/sweep_run PLAN OUT"
  )
  if [ "$SUITE" = trixie ]; then
    mkdir -p "$ROOT$fleet/npm/node_modules/feeddate"
    tar -xzf "$npm" -C "$ROOT$fleet/npm/node_modules/feeddate" --strip-components=1
    cp "$jar" Tests/sweep/sweep_run.js Tests/sweep/SweepRun.java "$ROOT$fleet/"
    runs+=(
      "npm-node|$fleet/npm/node_modules/feeddate/.*|node $fleet/sweep_run.js PLAN OUT $fleet/npm/node_modules/feeddate"
      "jar-java|/root/.cache/feeddate/.*|java -cp $fleet/feeddate-$version.jar:/usr/share/java/jna.jar $fleet/SweepRun.java PLAN OUT"
    )
  fi
  local entry run library command
  for entry in "${runs[@]}"; do
    IFS='|' read -r run library command <<< "$entry"
    run=$SUITE-$run
    step "$run: $command"
    command=${command/PLAN OUT/$fleet/plan.jsonl $fleet/runs/$run.txt}
    root_run "$ROOT" sh -c "cd /tmp && $command" 2> "$OUT/runs/$run.err" \
      || { tail -n 30 "$OUT/runs/$run.err" >&2; die "$run: the runner failed in the root (above)"; }
    mv "$ROOT$fleet/runs/$run.txt" "$OUT/runs/$run.txt"
    record "$run" "$library"
  done
  root_done 0
)
for suite in bookworm trixie; do
  [[ " $PARTS " != *" $suite "* ]] || in_suite "$suite"
done

# ---- 5. one digest --------------------------------------------------------------------------
step "one digest"
reference=$DIGESTS/build-c.txt
[ -f "$reference" ] || die "no build-c digest (the build tree's C run is the reference: FLEET_ONLY must include build)"
want=$(cut -d' ' -f1 "$reference")
bad=()
for f in "$DIGESTS"/*.txt; do
  [ "$(cut -d' ' -f1 "$f")" = "$want" ] || bad+=("$(basename "$f" .txt)")
done
run_count=$(ls "$DIGESTS" | wc -l)
if [ ${#bad[@]} -gt 0 ]; then
  for run in "${bad[@]}"; do
    echo "  $run differs from build-c; the first labels that differ (line: build-c | $run, with the plan's formatter):"
    python3 - "$PLAN" "$OUT/runs/build-c.txt" "$OUT/runs/$run.txt" <<'EOF'
import itertools, json, sys
plan = open(sys.argv[1], encoding="utf-8")
n = len(json.loads(plan.readline())["t_ms"])
fmts = plan.readlines()
shown = 0
for i, (a, b) in enumerate(itertools.zip_longest(open(sys.argv[2], encoding="utf-8"), open(sys.argv[3], encoding="utf-8"))):
    if a != b:
        print(f"    {i + 1}: {a!r} | {b!r}  {fmts[i // n].strip() if i // n < len(fmts) else '(past the plan)'}")
        shown += 1
        if shown == 5:
            break
EOF
  done
  die "${#bad[@]} of $run_count runs differ from the build tree's C run: ${bad[*]}"
fi
echo "    fleet-check ($(basename "$SWEEP_PLAN" .jsonl), $(wc -l < "$OUT/runs/build-c.txt") labels): one digest $want across $run_count runs:"
echo "    $(ls "$DIGESTS" | sed 's/\.txt$//' | tr '\n' ' ')"
# The labels were equal: keep the reference's (build-c.txt) and the digests,
# not 16 more copies of it (1.4 GB for the full sweep).
find "$OUT/runs" -name '*.txt' ! -name build-c.txt -delete
