# debian-root.sh — sourced (not run) by every script that works in a clean
# Clean Debian roots for the tools/*-check.sh scripts, deb13-build.sh and
# test-trixie.sh, which set REPO, NAME (for progress lines) and SUITE (trixie,
# the default, or bookworm) and source this file. Under .cache/<SUITE>/:
#   minbase/       debootstrap --variant=minbase, made once; every root is copied from it
#   <name>/        minbase + packages (root_make), remade when the list changes
#   apt-archives/  the .debs apt downloaded, so that roots are remade offline
#   <check>/       a check's files and its work root (a fresh copy per run)
# root_run runs a command in a root with an empty environment, in a private
# mount namespace (/proc; /opt/swift, ICU 78.3, /build when asked) that goes
# away with it, so rm -rf of a root is safe.
#
# Environment:
#   DEBIAN_MIRROR=URL         Debian mirror (default: the one this machine's apt uses)
#   DEBIAN_SECURITY=URL       security mirror (default: likewise; "none" to leave it out)
#   ROOTS_FRESH=1             debootstrap minbase again (and so every root made from it)
#   ROOT_STEP_TIMEOUT=S       limit of debootstrap and of each command in a root (1800)
#   SWIFT_TOOLCHAIN=DIR       the Swift toolchain bind-mounted at /opt/swift (/opt/swift)
#   FEEDDATE_ICU_DIR=DIR      the ICU 78.3 that make icu built (tools/icu-build.sh --dir:
#                             .cache/icu-78.3 of the checkout by default), bind-mounted at
#                             /opt/feeddate-icu for root_run --icu

SUITE=${SUITE:-trixie}
case $SUITE in bookworm | trixie) ;; *) echo "$NAME: FAILED: release $SUITE: bookworm or trixie" >&2; exit 1 ;; esac
ROOTS=$REPO/.cache/$SUITE
MINBASE=$ROOTS/minbase
ARCHIVES=$ROOTS/apt-archives
ROOT_TIMEOUT=${ROOT_STEP_TIMEOUT:-1800}
SWIFT_TOOLCHAIN=${SWIFT_TOOLCHAIN:-/opt/swift}

step() { echo; echo "==> $NAME [$(date -u +%H:%M:%S), ${SECONDS}s]: $*"; }
die() { echo "$NAME: FAILED: $*" >&2; exit 1; }

# rm -rf of a root must never reach into a mounted file system.
check_unmounted() {
  if awk -v r="$1" '$2 == r || index($2, r "/") == 1 { found = 1 } END { exit !found }' /proc/self/mounts; then
    die "something is mounted under $1 (see /proc/self/mounts): unmount it, then rerun"
  fi
}

need_root() {
  [ "$(id -u)" -eq 0 ] || die "run as root: debootstrap, chroot and mount need it (sudo make ${1:-$NAME})"
}

# Host tools: "command:package" pairs; missing ones are named with the apt-get line.
need_tools() {
  local missing=() pair
  for pair in "$@"; do
    command -v "${pair%%:*}" >/dev/null || missing+=("${pair#*:}")
  done
  [ ${#missing[@]} -eq 0 ] || die "missing on this machine: ${missing[*]}; install with:
    apt-get update && apt-get install -y ${missing[*]}"
}

# The URL this machine's apt uses for one of the releases named (bookworm,
# trixie-security, ...); Debian's mirror of one release serves the others.
site_for() {
  apt-get indextargets --format '$(RELEASE) $(SITE)' 2>/dev/null | awk -v r=" $* " 'index(r, " " $1 " ") { print $2; exit }'
}
root_mirrors() {
  DEBIAN_MIRROR=${DEBIAN_MIRROR:-$(site_for bookworm trixie)}
  DEBIAN_MIRROR=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
  DEBIAN_SECURITY=${DEBIAN_SECURITY:-$(site_for bookworm-security trixie-security)}
  DEBIAN_SECURITY=${DEBIAN_SECURITY:-http://deb.debian.org/debian-security}
}

# This machine's ICU 78.3 (make icu), which every build in a root links,
# bind-mounted read-only (SPEC 13). Sets ICU_HOST_DIR.
icu_host_dir() {
  ICU_HOST_DIR=$(cd "$REPO" && tools/icu-build.sh --dir)
  [ -f "$ICU_HOST_DIR/stamp" ] && [ -f "$ICU_HOST_DIR/lib/libfeeddate_icudata.a" ] \
    || die "no ICU 78.3 built in $ICU_HOST_DIR: run make icu first (the builds in the root link it)"
}

# root_run [--swift] [--icu] [--work DIR] ROOT COMMAND...
#   --swift     bind-mount $SWIFT_TOOLCHAIN read-only at /opt/swift, on PATH
#   --icu       bind-mount this machine's ICU 78.3 (icu_host_dir) read-only at
#               /opt/feeddate-icu, and set FEEDDATE_ICU_DIR=/opt/feeddate-icu
#   --work DIR  bind-mount DIR (of this machine) at /build
root_run() {
  local swift=0 icu="" work="" root
  while :; do
    case "${1:-}" in
      --swift) swift=1; shift ;;
      --icu) icu_host_dir; icu=$ICU_HOST_DIR; shift ;;
      --work) work=$2; shift 2 ;;
      *) break ;;
    esac
  done
  root=$1; shift
  local path=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
  [ "$swift" = 0 ] || { mkdir -p "$root/opt/swift"; path=/opt/swift/usr/bin:$path; }
  [ -z "$icu" ] || mkdir -p "$root/opt/feeddate-icu"
  [ -z "$work" ] || mkdir -p "$root/build"
  timeout "$ROOT_TIMEOUT" unshare --mount --propagation private /bin/sh -c '
    set -e
    root=$1 swift=$2 toolchain=$3 work=$4 path=$5 icu=$6; shift 6
    mount -t proc proc "$root/proc"
    if [ "$swift" = 1 ]; then
      mount --bind "$toolchain" "$root/opt/swift"
      mount -o remount,bind,ro "$root/opt/swift"
    fi
    icuenv=
    if [ -n "$icu" ]; then
      mount --bind "$icu" "$root/opt/feeddate-icu"
      mount -o remount,bind,ro "$root/opt/feeddate-icu"
      icuenv=FEEDDATE_ICU_DIR=/opt/feeddate-icu
    fi
    if [ -n "$work" ]; then mount --bind "$work" "$root/build"; fi
    exec chroot "$root" /usr/bin/env -i PATH="$path" HOME=/root LANG=C.UTF-8 DEBIAN_FRONTEND=noninteractive $icuenv "$@"
  ' sh "$root" "$swift" "$SWIFT_TOOLCHAIN" "$work" "$path" "$icu" "$@"
}

# apt in a root: SUITE, SUITE-updates and SUITE-security; no fsync, no pty.
root_apt_setup() {
  local root=$1
  {
    echo "deb $DEBIAN_MIRROR $SUITE main"
    echo "deb $DEBIAN_MIRROR $SUITE-updates main"
    [ "$DEBIAN_SECURITY" = none ] || echo "deb $DEBIAN_SECURITY $SUITE-security main"
  } > "$root/etc/apt/sources.list"
  cp -L /etc/resolv.conf "$root/etc/resolv.conf" 2>/dev/null || true
  echo force-unsafe-io > "$root/etc/dpkg/dpkg.cfg.d/clean-root-unsafe-io"
  echo 'Dpkg::Use-Pty "0";' > "$root/etc/apt/apt.conf.d/90clean-root-no-pty"
}

# The pristine minbase root (debootstrap once).
root_minbase() {
  root_mirrors
  mkdir -p "$ROOTS" "$ARCHIVES"
  if [ "${ROOTS_FRESH:-0}" = 1 ] || [ ! -f "$MINBASE.stamp" ] || [ ! -x "$MINBASE/usr/bin/apt-get" ]; then
    step "debootstrap --variant=minbase $SUITE (once; cached in ${MINBASE#"$REPO"/})"
    need_tools debootstrap:debootstrap
    local t=$SECONDS d
    for d in "$MINBASE.new" "$MINBASE"; do check_unmounted "$d"; rm -rf "$d"; done
    rm -f "$MINBASE.stamp" "$ROOTS"/*.stamp
    timeout "$ROOT_TIMEOUT" debootstrap --variant=minbase "$SUITE" "$MINBASE.new" "$DEBIAN_MIRROR" \
      > "$ROOTS/debootstrap.log" 2>&1 \
      || { tail -n 30 "$ROOTS/debootstrap.log" >&2; die "debootstrap failed (log: $ROOTS/debootstrap.log)"; }
    cp -n "$MINBASE.new"/var/cache/apt/archives/*.deb "$ARCHIVES/" 2>/dev/null || true
    chroot "$MINBASE.new" apt-get clean
    mv "$MINBASE.new" "$MINBASE"
    echo "debootstrap --variant=minbase $SUITE $DEBIAN_MIRROR  # $(date -u +%FT%TZ)" > "$MINBASE.stamp"
    echo "    debootstrap took $((SECONDS - t)) s"
  fi
}

# root_copy SRC DST: DST becomes a fresh copy of root SRC, with apt set up and
# the cached .deb files in its apt cache.
root_copy() {
  local src=$1 dst=$2
  check_unmounted "$dst"
  rm -rf "$dst"
  cp -a "$src" "$dst"
  root_apt_setup "$dst"
  find "$ARCHIVES" -maxdepth 1 -name '*.deb' -exec cp -l -t "$dst/var/cache/apt/archives/" {} +
}

# Keep what apt downloaded in root $1 for the next roots.
root_save_archives() {
  cp -n "$1"/var/cache/apt/archives/*.deb "$ARCHIVES/" 2>/dev/null || true
}

# built PATTERN TARGET: the one file of dist/ matching PATTERN (a glob), which
# make TARGET builds; printed with its size. Sets BUILT.
built() {
  BUILT=$(ls "$REPO"/dist/$1 2>/dev/null | head -1)
  [ -n "$BUILT" ] || die "no dist/$1: run make $2"
  step "${BUILT#"$REPO"/} ($(stat -c %s "$BUILT") bytes)"
}

# lintian_check CHANGES [RUN...]: lintian on CHANGES (run through RUN..., e.g.
# root_run ROOT, when given), failing on errors and on warnings that are not
# overridden (with a comment, in debian/*.lintian-overrides).
lintian_check() {
  local changes=$1; shift
  step "lintian ${changes#"$REPO"/} (fails on errors and on warnings that are not overridden)"
  "$@" lintian --version
  "$@" lintian -I --fail-on error,warning "$changes" \
    || die "lintian found errors or warnings (above). Fix them, or override a warning with a
  comment in debian/<package>.lintian-overrides saying why it does not apply."
  echo "    lintian: no errors, no warnings left"
}

# root_work BASE: the check's work root ROOT (set by the caller, in its folder
# CACHE) becomes a fresh copy of root BASE. On exit, what apt downloaded there is
# kept for the next roots, and a failed check leaves the root for inspection.
# in_root CMD...: root_run in the work root.
in_root() { root_run "$ROOT" "$@"; }
root_work() {
  mkdir -p "$CACHE"
  step "fresh work root: copy of ${1#"$REPO"/} in ${ROOT#"$REPO"/}"
  root_copy "$1" "$ROOT"
  trap 'rc=$?; root_save_archives "$ROOT"; [ $rc -eq 0 ] || echo "$NAME: the work root is kept for inspection: chroot $ROOT bash" >&2' EXIT
}

# root_done KEEP: after success, the work root is removed (what apt downloaded
# there kept), or kept whole when KEEP is 1.
root_done() {
  root_save_archives "$ROOT"
  if [ "${1:-0}" = 1 ]; then
    echo "    work root kept: chroot $ROOT bash"
  else
    check_unmounted "$ROOT"
    rm -rf "$ROOT"
  fi
}

# root_make NAME PACKAGES...: the cached root .cache/SUITE/NAME, minbase plus
# PACKAGES (apt-get install --no-install-recommends), made when missing or when
# the list differs from the one it was made with. Sets MADE_ROOT.
root_make() {
  local name=$1; shift
  root_minbase
  MADE_ROOT=$ROOTS/$name
  local want="minbase $(cat "$MINBASE.stamp") + $*"
  if [ -f "$MADE_ROOT.stamp" ] && [ "$(cat "$MADE_ROOT.stamp")" = "$want" ] && [ -x "$MADE_ROOT/usr/bin/apt-get" ]; then
    echo "    root ${MADE_ROOT#"$REPO"/} from the cache ($# packages asked for)"
    return
  fi
  step "root ${MADE_ROOT#"$REPO"/}: minbase + $*"
  local t=$SECONDS
  rm -f "$MADE_ROOT.stamp"
  root_copy "$MINBASE" "$MADE_ROOT.new"
  root_run "$MADE_ROOT.new" apt-get update -q > "$ROOTS/$name-apt.log" 2>&1 \
    || { tail -n 20 "$ROOTS/$name-apt.log" >&2; die "apt-get update in the $SUITE root failed (mirror $DEBIAN_MIRROR)"; }
  root_run "$MADE_ROOT.new" apt-get install -y -q --no-install-recommends "$@" >> "$ROOTS/$name-apt.log" 2>&1 \
    || { tail -n 30 "$ROOTS/$name-apt.log" >&2; die "apt-get install in the $SUITE root failed (log: $ROOTS/$name-apt.log)"; }
  root_save_archives "$MADE_ROOT.new"
  root_run "$MADE_ROOT.new" apt-get clean
  check_unmounted "$MADE_ROOT"
  rm -rf "$MADE_ROOT"
  mv "$MADE_ROOT.new" "$MADE_ROOT"
  echo "$want" > "$MADE_ROOT.stamp"
  echo "    made in $((SECONDS - t)) s ($(du -sm "$MADE_ROOT" | cut -f1) MB)"
}

# root_sync_source DIR: DIR becomes the checkout as git sees it; its own ignored
# folders (.build, build) stay, so SwiftPM and make rebuild only what changed.
root_sync_source() {
  local dir=$1
  mkdir -p "$dir"
  rsync -a --delete --exclude=/.git --filter=':- .gitignore' "$REPO/" "$dir/" \
    || die "rsync of the checkout into $dir failed"
}

# The Debian 13 build root: build tools, binutils-gold (Swift links with gold,
# which trixie's binutils lacks), lintian, PHP 8.4 for php-feeddate, what the
# Debian 12 Swift toolchain loads beyond minbase, the suites' Python packages.
# No libicu-dev: the builds link this machine's ICU 78.3 (root_run --icu).
TRIXIE_BUILD_PACKAGES=(
  build-essential make gcc libc6-dev libstdc++-14-dev binutils-gold pkg-config tzdata
  dpkg-dev debhelper dh-python pybuild-plugin-pyproject python3-setuptools python3-all lintian
  php-dev php-cli
  libcurl4t64 libxml2 libncurses6
  python3-pytest python3-numpy python3-pandas python3-venv
)
# Where the build and the suites work (bind-mounted at /build).
TRIXIE_WORK=$ROOTS/work
# The build root (ROOT) and the checkout synced into TRIXIE_WORK/src (src).
trixie_build_root() {
  icu_host_dir
  root_make build "${TRIXIE_BUILD_PACKAGES[@]}"
  ROOT=$MADE_ROOT src=$TRIXIE_WORK/src
  echo "    ICU: $(cat "$ICU_HOST_DIR/stamp" | cut -d' ' -f1-2) of $ICU_HOST_DIR, read-only at /opt/feeddate-icu in the root (root_run --icu)"
  step "source: the checkout as git sees it -> ${src#"$REPO"/} (rsync)"
  root_sync_source "$src"
  # make icu has just found the cache current: the copy's icu-build.sh takes the
  # stamp's time, so make in the root never reruns it on the read-only mount.
  if [ "$src/tools/icu-build.sh" -nt "$ICU_HOST_DIR/stamp" ]; then touch -r "$ICU_HOST_DIR/stamp" "$src/tools/icu-build.sh"; fi
}
