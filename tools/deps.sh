#!/usr/bin/env bash
# deps.sh — the Debian packages the build and its suites need, installed when
# missing: the one list, used by `make test` (and `make deps`) and by .ci/run.
#
#   tools/deps.sh test   what make demo and make test need (the default)
#   tools/deps.sh ci     that, and what .ci/run's package, wheel, tarball,
#                        fuzz and sanitizer checks need besides
#   tools/deps.sh web    what make test-web alone needs (node, Chromium, React)
#   tools/deps.sh deb    what make deb and deb-check need (debhelper, lintian,
#                        debootstrap, ...), and nothing else
#   tools/deps.sh peers  the peer libraries make bench-peers measures against
#                        (go-humanize, ICU4J, chrono-humanize; Carbon and PHP's
#                        intl for make bench-php)
#   tools/deps.sh lint   make lint's tools: clang-format, shellcheck, Go (gofmt,
#                        go vet), TypeScript, python3-venv (ruff and mypy come
#                        from PyPI; swift-format with Swift, rustfmt and clippy
#                        with rustup)
#
# As root it runs apt-get; otherwise it prints the command and exits 1. Python
# packages come from PyPI into the suites' venvs (tools/py-env.sh); a missing
# cargo (rustup's: Debian 12's is too old) is reported, not installed.
set -euo pipefail
group=${1:-test}
case "$group" in test|ci|web|deb|peers|lint) ;; *) echo "deps.sh: unknown group '$group' (test, ci, web, deb, peers or lint)" >&2; exit 2;; esac

missing=()
need() { missing+=("$1"); }
has() { command -v "$1" >/dev/null 2>&1; }
installed() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q 'install ok installed'; }

node_and_web() {
  if ! has node; then
    need nodejs
    need libnode-dev
  elif [ ! -f /usr/include/node/node_api.h ]; then
    # Only Debian's nodejs lacks the headers; NodeSource's has them.
    need libnode-dev
  fi
  # The web client's browser tests: Chromium and React 18 from Debian.
  has chromium || need chromium
  [ -f /usr/share/nodejs/react/package.json ] || need node-react
  [ -f /usr/share/nodejs/react-dom/package.json ] || need node-react-dom
  # tsc: make test-node checks the web client's declarations (make test-node-types).
  has tsc || need node-typescript
}

# make deb (no libicu-dev: ICU 78.3 is linked statically) and deb-check;
# php-dev and php-cli build and test php-feeddate.
deb_tools() {
  local p
  for p in debhelper dh-python pybuild-plugin-pyproject python3-setuptools python3-all dpkg-dev lintian \
           debootstrap gcc libc6-dev pkg-config python3 tzdata php-dev php-cli; do
    installed "$p" || need "$p"
  done
}

# make bench-peers: what a user of each language would pick instead of feeddate.
peer_libraries() {
  local p
  for p in golang-github-dustin-go-humanize-dev libicu4j-java librust-chrono-humanize-dev php-nesbot-carbon php8.2-intl; do
    installed "$p" || need "$p"
  done
}

# make lint (mk/lint.mk).
lint_tools() {
  has clang-format || need clang-format
  has shellcheck || need shellcheck
  has go || [ -x /usr/lib/go/bin/go ] || need golang-go
  has tsc || need node-typescript
  python3 -c 'import ensurepip' 2>/dev/null || need python3-venv
}

if [ "$group" = web ]; then
  node_and_web
elif [ "$group" = lint ]; then
  lint_tools
elif [ "$group" = peers ]; then
  peer_libraries
elif [ "$group" = deb ]; then
  deb_tools
else
# The library, the C and Swift suites.
installed libicu-dev || need libicu-dev
[ -f /usr/share/zoneinfo/Asia/Shanghai ] || need tzdata
has zic || need libc-bin
has pkg-config || need pkg-config
has ld.gold || need binutils-gold
# Python: Debian's python3 makes a venv only with python3-venv.
python3 -c 'import ensurepip' 2>/dev/null || need python3-venv
/usr/bin/python3 -c 'import ensurepip' 2>/dev/null || need python3-venv
# Go (cgo), Java (JDK 17 and JNA), Node (node and its headers).
has go || [ -x /usr/lib/go/bin/go ] || need golang-go
has javac || need openjdk-17-jdk-headless
[ -f /usr/share/java/jna.jar ] || need libjna-java
# The Java suite: Maven, offline, with JUnit 5 and the plugins from Debian's repository.
has mvn || need maven
for p in junit5 libsurefire-java libmaven-compiler-plugin-java libmaven-resources-plugin-java libmaven-jar-plugin-java; do
  installed "$p" || need "$p"
done
node_and_web
# PHP (make test-php): the CLI, phpize and headers, php-fpm and cgi-fcgi for the served page.
for p in php8.2-cli php8.2-dev php8.2-fpm libfcgi-bin; do
  installed "$p" || need "$p"
done

if [ "$group" = ci ]; then
  # The clean-root checks (debootstrap, rsync); make sanitize and valgrind.
  deb_tools
  lint_tools
  has rsync || need rsync
  has valgrind || need valgrind
fi

fi

[ "$group" = web ] || [ "$group" = deb ] || [ "$group" = peers ] || has cargo || echo "deps.sh: cargo is missing: install Rust with rustup (https://rustup.rs); make test-rust needs it" >&2

# Each package once, in the order first asked for.
declare -A seen=()
packages=()
for p in "${missing[@]}"; do [ -n "${seen[$p]:-}" ] || { seen[$p]=1; packages+=("$p"); }; done
[ ${#packages[@]} -eq 0 ] && exit 0
if [ "$(id -u)" != 0 ]; then
  echo "deps.sh: missing Debian packages; run:" >&2
  echo "  sudo apt-get update && sudo apt-get install -y ${packages[*]}" >&2
  exit 1
fi
echo "deps.sh: installing ${packages[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${packages[@]}"
