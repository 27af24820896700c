#!/usr/bin/env bash
# deb13-check.sh — `make deb13-check`: make deb13 and test-trixie, then
# tools/deb-check.sh's checks of those packages in a clean Debian 13 root.
#
# Environment (and those of tools/debian-root.sh and tools/deb13-build.sh):
#   DEB13_CHECK_SKIP_BUILD=1   test the packages already in dist/debian13/ (no make deb13)
#   DEB13_CHECK_SKIP_TESTS=1   no make test-trixie
#   DEB_CHECK_KEEP=1           keep the work root (.cache/trixie/deb-check/root)
set -euo pipefail
cd "$(dirname "$0")/.."
REPO=$(pwd)
NAME=deb13-check
# shellcheck source=tools/debian-root.sh
. tools/debian-root.sh

need_root deb13-check
version=$(tools/version.sh)
debversion=$version+deb13u${DEB13_UPDATE:-1}
times=()

if [ "${DEB13_CHECK_SKIP_BUILD:-0}" = 1 ]; then
  step "make deb13 skipped (DEB13_CHECK_SKIP_BUILD=1): testing the packages in dist/debian13/"
else
  step "make deb13"
  t=$SECONDS
  make --no-print-directory deb13 || die "make deb13 failed (above)"
  times+=("make deb13: $((SECONDS - t)) s")
fi

if [ "${DEB13_CHECK_SKIP_TESTS:-0}" = 1 ]; then
  step "make test-trixie skipped (DEB13_CHECK_SKIP_TESTS=1)"
else
  step "make test-trixie"
  t=$SECONDS
  make --no-print-directory test-trixie || die "make test-trixie failed (above)"
  times+=("make test-trixie: $((SECONDS - t)) s")
fi

step "deb-check in a clean trixie root (tools/deb-check.sh, DEB_CHECK_SUITE=trixie)"
t=$SECONDS
DEB_CHECK_SUITE=trixie DEB_CHECK_DIST=$REPO/dist/debian13 DEB_CHECK_VERSION=$debversion \
DEB_CHECK_SKIP_BUILD=1 DEB_CHECK_SKIP_LINTIAN=1 \
  tools/deb-check.sh || die "the Debian 13 packages failed in a clean trixie root (above)"
times+=("deb-check trixie: $((SECONDS - t)) s")

step "versions: Debian 12's $version sorts before Debian 13's $debversion"
dpkg --compare-versions "$version" lt "$debversion" || die "$version does not sort before $debversion"
echo "    dpkg --compare-versions $version lt $debversion: yes (an upgrade from Debian 12 to 13 upgrades the packages)"

step "passed: the Debian 13 packages $debversion install and work on a clean trixie (${SECONDS}s)"
printf '    %s\n' "${times[@]}"
