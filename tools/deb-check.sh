#!/usr/bin/env bash
# deb-check.sh — `make deb-check`: build the Debian packages and prove that they
# install and work on a clean Debian 12 (bookworm) that has no Swift toolchain.
#
# Debian 13: tools/deb13-check.sh runs it in a trixie root on dist/debian13/
# through the variables below.
#
# Environment (and those of tools/debian-root.sh: mirrors, timeouts, a fresh root):
#   DEB_CHECK_SUITE=S         the release of the clean root: bookworm (default) or trixie
#   DEB_CHECK_DIST=DIR        where the packages are (dist)
#   DEB_CHECK_VERSION=V       their version (default: make version, as make deb builds it)
#   DEB_CHECK_SKIP_LINTIAN=1  no lintian here (make deb13 runs trixie's lintian itself)
#   DEB_CHECK_KEEP=1          keep the work root (.cache/SUITE/deb-check/root) after success
#   DEB_CHECK_SKIP_BUILD=1    test the packages already in dist/ (no make deb)
set -euo pipefail
cd "$(dirname "$0")/.."
REPO=$(pwd)
SUITE=${DEB_CHECK_SUITE:-bookworm}
NAME=deb-check
[ "$SUITE" = bookworm ] || NAME="deb-check $SUITE"
# shellcheck source=tools/debian-root.sh
. tools/debian-root.sh
CACHE=$ROOTS/deb-check
ROOT=$CACHE/root
DIST=${DEB_CHECK_DIST:-$REPO/dist}
PACKAGES=(libfeeddate1 libfeeddate-dev python3-feeddate feeddate-web)
# The PHP extension: installed in a root of its own with libfeeddate1 and php-cli.
PHP_PACKAGES=(libfeeddate1 php-feeddate)
# The release's default PHP, which php-feeddate is built for.
case $SUITE in bookworm) PHP_VERSION=8.2 ;; trixie) PHP_VERSION=8.4 ;; esac
# The web client's files (feeddate-web, architecture all: the rest are the machine's).
WEB_FILES=(feed-date.js feed-date.mjs react.js feed-date.d.ts feed-date.d.mts react.d.ts)
deb_arch() { if [ "$1" = feeddate-web ]; then echo all; else echo "$arch"; fi; }
# The instant the C example labels (its --now), as tools/dist-check.sh does.
NOW_MS=1711391400000

need_root deb-check

# ---- 1. host tools ------------------------------------------------------------
step "host tools: tools/deps.sh deb (installs what is missing)"
tools/deps.sh deb || die "tools/deps.sh deb could not install the packaging tools (above)"

# ---- 2. packages --------------------------------------------------------------
version=${DEB_CHECK_VERSION:-$(make -s --no-print-directory version)}
arch=$(dpkg --print-architecture)
changes=$DIST/feeddate_${version}_${arch}.changes
if [ "${DEB_CHECK_SKIP_BUILD:-0}" = 1 ]; then
  step "make deb skipped (DEB_CHECK_SKIP_BUILD=1): testing the packages in ${DIST#"$REPO"/}/"
else
  step "make deb"
  t=$SECONDS
  make --no-print-directory deb || die "make deb failed (see above)"
  echo "    make deb took $((SECONDS - t)) s"
fi
debs=()
for p in "${PACKAGES[@]}"; do
  f=$DIST/${p}_${version}_$(deb_arch "$p").deb
  [ -f "$f" ] || die "$f not found: run make deb"
  debs+=("$f")
done
php_deb=$DIST/php-feeddate_${version}_${arch}.deb
[ -f "$php_deb" ] || die "$php_deb not found: run make deb"
[ -f "$changes" ] || die "$changes not found: run make deb"

# ---- 3. lintian -----------------------------------------------------------------
if [ "${DEB_CHECK_SKIP_LINTIAN:-0}" = 1 ]; then step "lintian skipped (DEB_CHECK_SKIP_LINTIAN=1)"; else lintian_check "$changes"; fi

# ---- 4. the pristine root, and a fresh copy of it ---------------------------------------
root_minbase
root_work "$MINBASE"

in_root apt-get update -q --error-on=any || die "apt-get update in the $SUITE root failed (mirror $DEBIAN_MIRROR)"
if in_root dpkg-query -W 'swift*' 2>/dev/null | grep -q .; then die "the clean root has Swift packages"; fi

# ---- 5. install ---------------------------------------------------------------------
step "apt-get install $(printf './%s ' "${debs[@]##*/}")(dependencies from Debian)"
mkdir -p "$ROOT/tmp/debs"
cp "${debs[@]}" "$ROOT/tmp/debs/"
in_root sh -c "cd /tmp/debs && apt-get install -y -q $(printf './%s ' "${debs[@]##*/}")" \
  || die "apt-get could not install the packages in a clean $SUITE (see above)"
for p in "${PACKAGES[@]}"; do
  in_root dpkg-query -W -f='    installed: ${Package} ${Version}\n' "$p" || die "$p is not installed"
done
in_root dpkg-query -W -f='    libfeeddate1 Depends: ${Depends}\n' libfeeddate1
# ICU is inside the library: the packages bring no ICU of Debian's.
icu_pkgs=$(in_root dpkg-query -W -f='${db:Status-Abbrev} ${Package} ${Version}\n' 'libicu*' 2>/dev/null | awk '$1 == "ii" { print $2, $3 }' || true)
[ -z "$icu_pkgs" ] || die "installing the packages brought a system ICU: $icu_pkgs"
echo "    no libicu package installed"
lib=/usr/lib/$(dpkg-architecture -qDEB_HOST_MULTIARCH)/libfeeddate.so.1
[ -e "$ROOT$lib" ] || die "$lib is missing in the root"
# All libraries the library needs must come from Debian packages (nothing from /opt/swift), and none is ICU.
in_root ldd "$lib" | tee "$CACHE/ldd.txt" | sed 's/^/    /'
! grep -q 'not found' "$CACHE/ldd.txt" || die "$lib needs libraries that no Debian dependency brought (above)"
! grep -q 'libicu' "$CACHE/ldd.txt" || die "$lib needs a system ICU (above): ICU 78.3 belongs inside it"

# The web client: the files of clients/web, byte for byte, and nothing else.
step "feeddate-web: /usr/share/feeddate/web holds clients/web's files"
for f in "${WEB_FILES[@]}"; do
  cmp -s "clients/web/$f" "$ROOT/usr/share/feeddate/web/$f" || die "/usr/share/feeddate/web/$f is missing or not clients/web/$f"
done
listed=$(in_root dpkg -L feeddate-web | grep '^/usr/share/feeddate/web/.' | sed 's|.*/||' | sort | tr '\n' ' ')
[ "$listed" = "$(printf '%s\n' "${WEB_FILES[@]}" | sort | tr '\n' ' ')" ] || die "feeddate-web's files in /usr/share/feeddate/web are: $listed"
echo "    /usr/share/feeddate/web: ${WEB_FILES[*]}, identical to clients/web's"
in_root dpkg-query -W -f='    feeddate-web ${Version} ${Architecture}, Depends: ${Depends}\n' feeddate-web
[ "$(in_root dpkg-query -W -f='${Architecture}' feeddate-web)" = all ] || die "feeddate-web is not architecture all"

# ---- 6. use it ----------------------------------------------------------------------
step "apt-get install gcc libc6-dev pkg-config (in the root)"
in_root apt-get install -y -q --no-install-recommends gcc libc6-dev pkg-config \
  || die "apt-get could not install gcc, libc6-dev and pkg-config in the root"

step "C example: cc feed_demo.c \$(pkg-config --cflags --libs feeddate), then run it"
example=/usr/share/doc/libfeeddate-dev/examples/feed_demo.c
[ -f "$ROOT$example" ] || die "$example is not in libfeeddate-dev (compressed? see dh_compress)"
in_root sh -c "set -e; flags=\$(pkg-config --cflags --libs feeddate); echo \"    cc -std=c99 -Wall -Wextra -Werror -pedantic $example \$flags\"
  cc -std=c99 -Wall -Wextra -Werror -pedantic -o /tmp/feed_demo $example \$flags" \
  || die "the C example does not compile with pkg-config in a clean $SUITE"
in_root /tmp/feed_demo --now $NOW_MS > "$CACHE/feed_demo.txt" || { cat "$CACHE/feed_demo.txt"; die "feed_demo failed"; }
sed 's/^/    | /' "$CACHE/feed_demo.txt"
[ -s "$CACHE/feed_demo.txt" ] || die "feed_demo printed nothing"
# The build tree's labels (one ICU, SPEC 13), the header line's tzdata version aside.
make -s --no-print-directory build/feed_demo >/dev/null || die "make build/feed_demo failed (the build tree's labels)"
env -i ./build/feed_demo --now $NOW_MS | sed 's/ (zone rules: [^)]*)//' > "$CACHE/feed_demo-build-tree.txt" \
  || die "the build tree's build/feed_demo failed"
if ! sed 's/ (zone rules: [^)]*)//' "$CACHE/feed_demo.txt" | cmp -s "$CACHE/feed_demo-build-tree.txt" -; then
  sed 's/ (zone rules: [^)]*)//' "$CACHE/feed_demo.txt" | diff "$CACHE/feed_demo-build-tree.txt" - | head -n 20
  die "the packaged library labels differently from the build tree's (above: < build tree, > package)"
fi
echo "    labels: the same $(wc -l < "$CACHE/feed_demo-build-tree.txt") lines as the build tree's build/feed_demo"

step "python3 -c 'import feeddate; ...' (chat_list, zh_CN, Asia/Shanghai)"
# Monday 2024-03-25 12:00 +08:00 looks at Sunday 09:00: "昨天" (yesterday).
py='import feeddate; print(feeddate.Formatter("chat_list", locale="zh_CN", tz="Asia/Shanghai").format(1711242000, now=1711339200))'
out=$(in_root sh -c "cd /tmp && python3 -c '$py'") || die "python3 could not import feeddate or format (above)"
echo "    python3 -c '$py'"
echo "    -> $out"
[ "$out" = "昨天" ] || die "python3 printed '$out', expected '昨天'"
where=$(in_root sh -c 'cd /tmp && python3 -c "import feeddate._ffi as f; print(f.library_path)"')
[ "$where" = libfeeddate.so.1 ] || die "the module loaded $where, not the system's libfeeddate.so.1"
py='import feeddate; feeddate.Formatter("feed", locale="zh_CN", tz="Asia/Shanghai").format(0, now=0)
print(feeddate.data_version().rsplit(";", 1)[0], sorted({l.split()[-1] for l in open("/proc/self/maps") if "/libicu" in l}))'
icu=$(in_root sh -c "cd /tmp && python3 -c '$py'") || die "python3 could not say its data version (above)"
echo "    data version (without tzdata), and libicu* mapped: $icu"
[ "$icu" = "ICU 78.3; CLDR 48.0 []" ] || die "python3: expected data version ICU 78.3; CLDR 48.0 (inside libfeeddate.so.1) and no libicu* mapped, got: $icu"

step "feeddate demo"
in_root sh -c 'command -v feeddate' | sed 's/^/    /' || die "no feeddate command on PATH"
in_root sh -c 'cd /tmp && feeddate demo' > "$CACHE/demo.txt" \
  || { cat "$CACHE/demo.txt"; die "feeddate demo failed (above)"; }
sed 's/^/    | /' "$CACHE/demo.txt"
[ "$(wc -l < "$CACHE/demo.txt")" -ge 3 ] || die "feeddate demo printed less than 3 lines"

step "man page: /usr/share/man/man1/feeddate.1.gz names every command and option of feeddate"
man=$ROOT/usr/share/man/man1/feeddate.1.gz
[ -f "$man" ] || die "no man page feeddate.1.gz in python3-feeddate"
# The commands and --options, from the argparse parser of the installed command.
walk='import argparse
from feeddate.cli import build_parser
def walk(p):
    for a in p._actions:
        if isinstance(a, argparse._SubParsersAction):
            for name, sub in a.choices.items():
                print(name)
                walk(sub)
        else:
            print("\n".join(o for o in a.option_strings if o.startswith("--")))
walk(build_parser())'
names=$(in_root python3 -c "$walk" | sort -u | grep .) || die "could not list the options of feeddate (feeddate.cli.build_parser)"
text=$(zcat "$man" | sed 's/\\-/-/g; s/\\f[BIRP]//g')
undocumented=()
for n in $names; do
  grep -qw -- "$n" <<< "$text" || undocumented+=("$n")
done
[ ${#undocumented[@]} -eq 0 ] || die "packaging/feeddate.1.in does not document: ${undocumented[*]}"
echo "    documented: $(xargs <<<"$names")"

# ---- 7. autopkgtest ---------------------------------------------------------------
step "apt-get install ./${php_deb##*/} (for the autopkgtest php-extension)"
cp "$php_deb" "$ROOT/tmp/debs/"
in_root sh -c "cd /tmp/debs && apt-get install -y -q ./${php_deb##*/}" \
  || die "apt-get could not install php-feeddate in the root"
step "autopkgtest (debian/tests) in the root, null runner"
in_root apt-get install -y -q --no-install-recommends autopkgtest \
  || die "apt-get could not install autopkgtest in the root"
rm -rf "$ROOT/tmp/src" && mkdir -p "$ROOT/tmp/src"
cp -a "$REPO/debian" "$ROOT/tmp/src/"
# Its exit status is judged from the summary below.
{ in_root autopkgtest --timeout-test=600 --no-built-binaries /tmp/src -- null 2>&1 || true; } | tee "$CACHE/autopkgtest.log" \
  | sed 's/^/    /'
summary=$(sed -n '/@@@@ summary/,$p' "$CACHE/autopkgtest.log" | tail -n +2 | grep . || true)
echo "$summary" | grep -qE '^[a-z0-9-]+ +(PASS|FAIL|SKIP|FLAKY)' || die "autopkgtest gave no summary (log: $CACHE/autopkgtest.log)"
! echo "$summary" | grep -vqE '^[a-z0-9-]+ +PASS' || die "autopkgtest: not every test passed:
$summary"
tests=$(sed -n 's/^Tests: *//p' debian/tests/control | wc -w)
[ "$(echo "$summary" | grep -cE ' PASS')" -eq "$tests" ] || die "autopkgtest ran $(echo "$summary" | grep -c .) tests, debian/tests/control has $tests"

root_done "${DEB_CHECK_KEEP:-0}"

# ---- 8. php-feeddate alone ----------------------------------------------------------
ROOT=$CACHE/php-root
step "php-feeddate: a fresh copy of ${MINBASE#"$REPO"/} in ${ROOT#"$REPO"/}, with ./libfeeddate1, ./php-feeddate and php-cli only"
root_copy "$MINBASE" "$ROOT"
trap 'rc=$?; root_save_archives "$ROOT"; [ $rc -eq 0 ] || echo "$NAME: the work root is kept for inspection: chroot $ROOT bash" >&2' EXIT
in_root apt-get update -q --error-on=any >/dev/null || die "apt-get update in the $SUITE root failed (mirror $DEBIAN_MIRROR)"
mkdir -p "$ROOT/tmp/debs"
pdebs=("$DIST/libfeeddate1_${version}_${arch}.deb" "$php_deb")
cp "${pdebs[@]}" "$ROOT/tmp/debs/"
in_root sh -c "cd /tmp/debs && apt-get install -y -q $(printf './%s ' "${pdebs[@]##*/}")php-cli" \
  || die "apt-get could not install libfeeddate1, php-feeddate and php-cli in a clean $SUITE (see above)"
for p in "${PHP_PACKAGES[@]}" php-cli; do
  in_root dpkg-query -W -f='    installed: ${Package} ${Version}\n' "$p" || die "$p is not installed"
done
for p in libfeeddate-dev python3-feeddate feeddate-web; do
  ! in_root dpkg-query -W -f='${db:Status-Abbrev}' "$p" 2>/dev/null | grep -q '^ii' || die "$p came with php-feeddate"
done
depends=$(in_root dpkg-query -W -f='${Depends}' php-feeddate)
echo "    php-feeddate Depends: $depends"
phpv=$(in_root php -r 'echo PHP_MAJOR_VERSION, ".", PHP_MINOR_VERSION;') || die "php does not run"
[ "$phpv" = "$PHP_VERSION" ] || die "php-cli is PHP $phpv, expected $PHP_VERSION on $SUITE"
api=$(in_root php -r 'echo PHP_EXTENSION_DIR;' | sed 's|.*/||')
grep -q "phpapi-$api" <<< "$depends" || die "php-feeddate does not depend on phpapi-$api (PHP $phpv)"
grep -q "libfeeddate1 (= $version)" <<< "$depends" || die "php-feeddate does not depend on libfeeddate1 (= $version)"
ext=/usr/lib/php/$api/feeddate.so
ini=/etc/php/$PHP_VERSION/mods-available/feeddate.ini
[ -f "$ROOT$ext" ] || die "no $ext"
[ -f "$ROOT$ini" ] && grep -qx 'extension=feeddate.so' "$ROOT$ini" && grep -qx '; priority=20' "$ROOT$ini" \
  || die "$ini is missing or has no extension=feeddate.so and ; priority=20"
link=/etc/php/$PHP_VERSION/cli/conf.d/20-feeddate.ini
[ "$(readlink "$ROOT$link")" = "$ini" ] || die "$link is not a link to $ini (phpenmod in php-feeddate's postinst)"
echo "    PHP $phpv, $ext, $ini, enabled for the CLI: $link -> $(readlink "$ROOT$link")"
in_root ldd "$ext" | tee "$CACHE/php-ldd.txt" | sed 's/^/    /'
grep -qE "libfeeddate.so.1 => (/usr)?/lib/$(dpkg-architecture -qDEB_HOST_MULTIARCH)/libfeeddate.so.1 " "$CACHE/php-ldd.txt" \
  || die "the extension does not load the system's libfeeddate.so.1 (above)"
! grep -q 'not found' "$CACHE/php-ldd.txt" || die "the extension needs libraries that no dependency brought (above)"
! readelf -dW "$ROOT$ext" | grep -qE '\((RPATH|RUNPATH)\)' || die "$ext has a run path: $(readelf -dW "$ROOT$ext" | grep -E 'R(UN)?PATH')"

step "php -m | grep feeddate; php -r (chat_list, zh_CN, Asia/Shanghai): a timestamp of yesterday"
in_root php -m | grep -x feeddate | sed 's/^/    php -m: /' || die "php -m does not list feeddate"
php='$f = new FeedDate\Formatter("chat_list", ["locale" => "zh_CN", "tz" => "Asia/Shanghai"]);
echo $f->format(time() - 86400), "\n", $f->format(1711242000, 1711339200), "\n", FeedDate\data_version(), "\n";'
out=$(in_root sh -c "cd /tmp && php -r '$php'") || die "php could not format (above)"
echo "    php -r '$php'"
echo "$out" | sed 's/^/    -> /'
[ "$(sed -n 1p <<< "$out")" = "昨天" ] || die "php labeled a timestamp of yesterday '$(sed -n 1p <<< "$out")', expected '昨天'"
[ "$(sed -n 2p <<< "$out")" = "昨天" ] || die "php labeled Sunday 09:00 seen on Monday 12:00 '$(sed -n 2p <<< "$out")', expected '昨天'"
sed -n 3p <<< "$out" | grep -q '^ICU 78.3; CLDR 48.0; ' || die "php: expected data version ICU 78.3; CLDR 48.0 (inside libfeeddate.so.1)"

step "apt-get remove php-feeddate disables it (phpdismod), installing it again enables it, purge removes its ini"
in_root apt-get remove -y -q php-feeddate >/dev/null || die "apt-get remove php-feeddate failed"
! in_root php -m | grep -qx feeddate || die "php -m still lists feeddate after apt-get remove php-feeddate"
[ ! -e "$ROOT$link" ] && [ ! -L "$ROOT$link" ] || die "$link is still there after apt-get remove php-feeddate"
in_root sh -c "cd /tmp/debs && apt-get install -y -q ./${php_deb##*/}" >/dev/null || die "apt-get could not install php-feeddate again"
in_root php -m | grep -qx feeddate || die "php -m does not list feeddate after php-feeddate was removed and installed again"
in_root apt-get purge -y -q php-feeddate >/dev/null || die "apt-get purge php-feeddate failed"
[ ! -e "$ROOT$ini" ] || die "$ini is still there after apt-get purge php-feeddate"
[ ! -L "$ROOT$link" ] || die "$link is still there after apt-get purge php-feeddate"
! in_root php -m | grep -qx feeddate || die "php -m still lists feeddate after apt-get purge php-feeddate"
echo "    removed: php -m has no feeddate, no $link; installed again: enabled again; purged: no $ini, no link"
root_done "${DEB_CHECK_KEEP:-0}"

# ---- done ---------------------------------------------------------------------------
step "passed: ${PACKAGES[*]} php-feeddate $version install and work on a clean $SUITE (${SECONDS}s)"
