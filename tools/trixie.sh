# trixie.sh — sourced (not run) by the scripts that work in Debian 13 (trixie)
# roots: tools/deb13-build.sh (make deb13), tools/test-trixie.sh (make
# test-trixie), tools/deb13-check.sh (make deb13-check), tools/dist-check.sh
# (make dist-check), tools/npm-check.sh (make npm-check) and tools/jar-check.sh
# (make jar-check). The caller sets REPO (the checkout) and NAME (its name in
# the progress lines) before sourcing it.
#
# Roots, all under .cache/trixie/ (git ignores .cache/):
#   minbase/       debootstrap --variant=minbase trixie, made once; the pristine
#                  root every other one is copied from
#   <name>/        a copy of minbase with a list of packages installed, made by
#                  trixie_root <name> PACKAGES... and made again when the list
#                  changes (its .stamp names the list)
#   apt-archives/  the .deb files apt downloaded, copied into each new root, so
#                  a root is remade without the network (apt checks them
#                  against the index)
# Commands run in a root through trixie_run: a clean environment, in a private
# mount namespace where /proc is mounted and, when asked, /opt/swift (read-only)
# and a work directory at /build are bind-mounted. The namespace goes away with
# the command, so nothing stays mounted under .cache/ (rm -rf of a root is safe).
#
# Environment:
#   TRIXIE_MIRROR=URL         Debian mirror (default: the one this machine's apt uses)
#   TRIXIE_SECURITY=URL       security mirror (default: likewise; "none" to leave it out)
#   TRIXIE_FRESH=1            debootstrap minbase again (and so every root made from it)
#   TRIXIE_STEP_TIMEOUT=S     limit of debootstrap and of each command in a root (1800)
#   SWIFT_TOOLCHAIN=DIR       the Swift toolchain bind-mounted at /opt/swift (/opt/swift)

TRIXIE_CACHE=$REPO/.cache/trixie
TRIXIE_MINBASE=$TRIXIE_CACHE/minbase
TRIXIE_ARCHIVES=$TRIXIE_CACHE/apt-archives
TRIXIE_TIMEOUT=${TRIXIE_STEP_TIMEOUT:-1800}
SWIFT_TOOLCHAIN=${SWIFT_TOOLCHAIN:-/opt/swift}

step() { echo; echo "==> $NAME [$(date -u +%H:%M:%S), ${SECONDS}s]: $*"; }
die() { echo "$NAME: FAILED: $*" >&2; exit 1; }

# rm -rf of a root must never reach into a mounted file system.
check_unmounted() {
  if awk -v r="$1" '$2 == r || index($2, r "/") == 1 { found = 1 } END { exit !found }' /proc/self/mounts; then
    die "something is mounted under $1 (see /proc/self/mounts): unmount it, then rerun"
  fi
}

trixie_need_root() {
  [ "$(id -u)" -eq 0 ] || die "run as root: debootstrap, chroot and mount need it (sudo make ${1:-$NAME})"
}

# Host tools: "command:package" pairs; missing ones are named with the apt-get line.
trixie_need_tools() {
  local missing=() pair
  for pair in "$@"; do
    command -v "${pair%%:*}" >/dev/null || missing+=("${pair#*:}")
  done
  [ ${#missing[@]} -eq 0 ] || die "missing on this machine: ${missing[*]}; install with:
    apt-get update && apt-get install -y ${missing[*]}"
}

# The URL this machine's apt uses for release $1 (bookworm, bookworm-security).
trixie_site_for() {
  apt-get indextargets --format '$(RELEASE) $(SITE)' 2>/dev/null | awk -v r="$1" '$1 == r { print $2; exit }'
}
trixie_mirrors() {
  TRIXIE_MIRROR=${TRIXIE_MIRROR:-$(trixie_site_for bookworm)}
  TRIXIE_MIRROR=${TRIXIE_MIRROR:-$(trixie_site_for trixie)}
  TRIXIE_MIRROR=${TRIXIE_MIRROR:-http://deb.debian.org/debian}
  if [ -z "${TRIXIE_SECURITY:-}" ]; then
    TRIXIE_SECURITY=$(trixie_site_for bookworm-security)
    TRIXIE_SECURITY=${TRIXIE_SECURITY:-http://deb.debian.org/debian-security}
  fi
}

# trixie_run [--swift] [--work DIR] ROOT COMMAND...
#   --swift     bind-mount $SWIFT_TOOLCHAIN read-only at /opt/swift, on PATH
#   --work DIR  bind-mount DIR (of this machine) at /build
trixie_run() {
  local swift=0 work="" root
  while :; do
    case "${1:-}" in
      --swift) swift=1; shift ;;
      --work) work=$2; shift 2 ;;
      *) break ;;
    esac
  done
  root=$1; shift
  local path=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
  [ "$swift" = 0 ] || { mkdir -p "$root/opt/swift"; path=/opt/swift/usr/bin:$path; }
  [ -z "$work" ] || mkdir -p "$root/build"
  timeout "$TRIXIE_TIMEOUT" unshare --mount --propagation private /bin/sh -c '
    set -e
    root=$1 swift=$2 toolchain=$3 work=$4 path=$5; shift 5
    mount -t proc proc "$root/proc"
    if [ "$swift" = 1 ]; then
      mount --bind "$toolchain" "$root/opt/swift"
      mount -o remount,bind,ro "$root/opt/swift"
    fi
    if [ -n "$work" ]; then mount --bind "$work" "$root/build"; fi
    exec chroot "$root" /usr/bin/env -i PATH="$path" HOME=/root LANG=C.UTF-8 DEBIAN_FRONTEND=noninteractive "$@"
  ' sh "$root" "$swift" "$SWIFT_TOOLCHAIN" "$work" "$path" "$@"
}

# apt in a root: trixie, trixie-updates and trixie-security; no fsync, no pty.
trixie_apt_setup() {
  local root=$1
  {
    echo "deb $TRIXIE_MIRROR trixie main"
    echo "deb $TRIXIE_MIRROR trixie-updates main"
    [ "$TRIXIE_SECURITY" = none ] || echo "deb $TRIXIE_SECURITY trixie-security main"
  } > "$root/etc/apt/sources.list"
  cp -L /etc/resolv.conf "$root/etc/resolv.conf" 2>/dev/null || true
  echo force-unsafe-io > "$root/etc/dpkg/dpkg.cfg.d/trixie-unsafe-io"
  echo 'Dpkg::Use-Pty "0";' > "$root/etc/apt/apt.conf.d/90trixie-no-pty"
}

# The pristine minbase root (debootstrap once).
trixie_minbase() {
  trixie_mirrors
  mkdir -p "$TRIXIE_CACHE" "$TRIXIE_ARCHIVES"
  if [ "${TRIXIE_FRESH:-0}" = 1 ] || [ ! -f "$TRIXIE_MINBASE.stamp" ] || [ ! -x "$TRIXIE_MINBASE/usr/bin/apt-get" ]; then
    step "debootstrap --variant=minbase trixie (once; cached in ${TRIXIE_MINBASE#"$REPO"/})"
    trixie_need_tools debootstrap:debootstrap
    local t=$SECONDS d
    for d in "$TRIXIE_MINBASE.new" "$TRIXIE_MINBASE"; do check_unmounted "$d"; rm -rf "$d"; done
    rm -f "$TRIXIE_MINBASE.stamp" "$TRIXIE_CACHE"/*.stamp
    timeout "$TRIXIE_TIMEOUT" debootstrap --variant=minbase trixie "$TRIXIE_MINBASE.new" "$TRIXIE_MIRROR" \
      > "$TRIXIE_CACHE/debootstrap.log" 2>&1 \
      || { tail -n 30 "$TRIXIE_CACHE/debootstrap.log" >&2; die "debootstrap failed (log: $TRIXIE_CACHE/debootstrap.log)"; }
    cp -n "$TRIXIE_MINBASE.new"/var/cache/apt/archives/*.deb "$TRIXIE_ARCHIVES/" 2>/dev/null || true
    chroot "$TRIXIE_MINBASE.new" apt-get clean
    mv "$TRIXIE_MINBASE.new" "$TRIXIE_MINBASE"
    echo "debootstrap --variant=minbase trixie $TRIXIE_MIRROR  # $(date -u +%FT%TZ)" > "$TRIXIE_MINBASE.stamp"
    echo "    debootstrap took $((SECONDS - t)) s"
  fi
}

# trixie_copy SRC DST: DST becomes a fresh copy of root SRC, with apt set up and
# the cached .deb files in its apt cache.
trixie_copy() {
  local src=$1 dst=$2
  check_unmounted "$dst"
  rm -rf "$dst"
  cp -a "$src" "$dst"
  trixie_apt_setup "$dst"
  find "$TRIXIE_ARCHIVES" -maxdepth 1 -name '*.deb' -exec cp -t "$dst/var/cache/apt/archives/" {} +
}

# Keep what apt downloaded in root $1 for the next roots.
trixie_save_archives() {
  cp -n "$1"/var/cache/apt/archives/*.deb "$TRIXIE_ARCHIVES/" 2>/dev/null || true
}

# trixie_root NAME PACKAGES...: the cached root .cache/trixie/NAME, minbase plus
# PACKAGES (apt-get install --no-install-recommends), made when missing or when
# the list differs from the one it was made with. Sets TRIXIE_ROOT.
trixie_root() {
  local name=$1; shift
  trixie_minbase
  TRIXIE_ROOT=$TRIXIE_CACHE/$name
  local want="minbase $(cat "$TRIXIE_MINBASE.stamp") + $*"
  if [ -f "$TRIXIE_ROOT.stamp" ] && [ "$(cat "$TRIXIE_ROOT.stamp")" = "$want" ] && [ -x "$TRIXIE_ROOT/usr/bin/apt-get" ]; then
    echo "    root ${TRIXIE_ROOT#"$REPO"/} from the cache ($# packages asked for)"
    return
  fi
  step "root ${TRIXIE_ROOT#"$REPO"/}: minbase + $*"
  local t=$SECONDS
  rm -f "$TRIXIE_ROOT.stamp"
  trixie_copy "$TRIXIE_MINBASE" "$TRIXIE_ROOT.new"
  trixie_run "$TRIXIE_ROOT.new" apt-get update -q > "$TRIXIE_CACHE/$name-apt.log" 2>&1 \
    || { tail -n 20 "$TRIXIE_CACHE/$name-apt.log" >&2; die "apt-get update in the trixie root failed (mirror $TRIXIE_MIRROR)"; }
  trixie_run "$TRIXIE_ROOT.new" apt-get install -y -q --no-install-recommends "$@" >> "$TRIXIE_CACHE/$name-apt.log" 2>&1 \
    || { tail -n 30 "$TRIXIE_CACHE/$name-apt.log" >&2; die "apt-get install in the trixie root failed (log: $TRIXIE_CACHE/$name-apt.log)"; }
  trixie_save_archives "$TRIXIE_ROOT.new"
  trixie_run "$TRIXIE_ROOT.new" apt-get clean
  check_unmounted "$TRIXIE_ROOT"
  rm -rf "$TRIXIE_ROOT"
  mv "$TRIXIE_ROOT.new" "$TRIXIE_ROOT"
  echo "$want" > "$TRIXIE_ROOT.stamp"
  echo "    made in $((SECONDS - t)) s ($(du -sm "$TRIXIE_ROOT" | cut -f1) MB)"
}

# trixie_sync_source DIR: DIR becomes the checkout as git sees it (tracked files
# and untracked ones that are not ignored; the same filters as .gitignore), with
# the copy's own ignored folders (.build, build, dist) kept, so that SwiftPM and
# make rebuild only what changed. rsync rewrites only the files that differ.
trixie_sync_source() {
  local dir=$1
  mkdir -p "$dir"
  rsync -a --delete --exclude=/.git --filter=':- .gitignore' "$REPO/" "$dir/" \
    || die "rsync of the checkout into $dir failed"
}

# Build root for the packages and the suites: the build tools (build-essential:
# dpkg-checkbuilddeps wants it), binutils-gold (Swift links with gold, which
# trixie's binutils no longer has; the Makefile says so when it is missing) and
# lintian; the libraries the Swift toolchain (built for Debian 12) loads that
# minbase lacks (libcurl, libxml2 and libncurses, for Foundation and SwiftPM;
# libuuid, zlib, libsqlite3 and libtinfo are in minbase); and what the C, Swift
# and Python suites need (pytest, numpy, pandas from apt; python3-venv, in
# which make test-python puts pyarrow, polars and dask from PyPI, as on Debian
# 12: no test skips).
TRIXIE_BUILD_PACKAGES=(
  build-essential make gcc libc6-dev libstdc++-14-dev binutils-gold libicu-dev pkg-config tzdata
  dpkg-dev debhelper dh-python pybuild-plugin-pyproject python3-setuptools python3-all lintian
  libcurl4t64 libxml2 libncurses6
  python3-pytest python3-numpy python3-pandas python3-venv
)
# Where the build and the suites work (bind-mounted at /build).
TRIXIE_WORK=$TRIXIE_CACHE/work
