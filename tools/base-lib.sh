#!/usr/bin/env bash
# base-lib.sh REV — prints the path of libfeeddate.so.1 built at REV (for make
# diff-check, bench-compare), built once in .cache/diff-base/<full sha>/.
set -euo pipefail
rev=${1:?usage: tools/base-lib.sh REV}
cd "$(git rev-parse --show-toplevel)"
sha=$(git rev-parse -q --verify "$rev^{commit}") || { echo "base-lib: unknown revision '$rev'" >&2; exit 2; }
dir=.cache/diff-base/$sha
lib=$dir/build/lib/libfeeddate.so.1
if [ -e "$lib" ]; then
  echo "base-lib: reusing the library of $rev built in $dir" >&2
else
  if [ ! -d "$dir" ]; then
    echo "base-lib: exporting $rev ($sha) into $dir" >&2
    mkdir -p .cache/diff-base
    tmp=$(mktemp -d ".cache/diff-base/$sha.tmp.XXXXXX")
    git archive "$sha" | tar -x -C "$tmp"
    mv "$tmp" "$dir"
  fi
  echo "base-lib: building the library of $rev in $dir (log: $dir.build.log)" >&2
  # A base from 1.3 on builds against this checkout's ICU folder (built once
  # per machine), not a second copy of its own; older bases ignore it.
  icu_dir=$(tools/icu-build.sh --dir 2>/dev/null || true)
  if ! (cd "$dir" && FEEDDATE_ICU_DIR=${FEEDDATE_ICU_DIR:-$icu_dir} make lib) > "$dir.build.log" 2>&1; then
    tail -n 20 "$dir.build.log" >&2
    echo "base-lib: the build of $rev failed; see $dir.build.log" >&2
    exit 2
  fi
fi
echo "$lib"
