#!/usr/bin/env bash
# jar-check.sh — `make jar-check`: the jar of `make jar` works on a clean Debian
# 13 (trixie) with only a JDK and Debian's JNA: no libfeeddate, no ICU of any
# version, no FEEDDATE_LIBRARY; it loads the natives it carries (libfeeddate.so.1,
# with ICU 78.3 inside it) from its cache folder.
#
# Environment (and those of tools/debian-root.sh):
#   JAR_CHECK_JDK=openjdk-25-jdk-headless   another of Debian 13's JDKs
#   JAR_CHECK_KEEP=1                        keep the work root after success
set -euo pipefail
cd "$(dirname "$0")/.."
REPO=$(pwd)
NAME="jar-check"
# shellcheck source=tools/debian-root.sh
. tools/debian-root.sh
CACHE=$ROOTS/jar-check
ROOT=$CACHE/root
JDK=${JAR_CHECK_JDK:-openjdk-21-jdk-headless}
APP=/opt/app
CP=$APP/classes:$APP/feeddate.jar:/usr/share/java/jna.jar
USER_CACHE=/root/.cache/feeddate

need_root jar-check
version=$(tools/version.sh)
built "java/feeddate-$version.jar" jar
jar=$BUILT

# ---- 1. the root ----------------------------------------------------------------
root_make jar "$JDK" libjna-java
root_work "$MADE_ROOT"
root_run "$ROOT" sh -c 'dpkg-query -W -f "    \${Package} \${Version}\n" '"$JDK"' libjna-java libjna-jni tzdata; java -version 2>&1 | sed "s/^/    | /"'
jna=$(root_run "$ROOT" dpkg-query -W -f '${Version}' libjna-java | sed 's/-[^-]*$//')
if [ -n "${JNA_VERSION:-}" ] && [ "$jna" != "$JNA_VERSION" ]; then
  die "Debian 13's libjna-java is $jna, the pom names jna $JNA_VERSION: set JNA_VERSION in mk/java.mk to $jna"
fi
found=$(root_run "$ROOT" sh -c 'find / -xdev \( -name "libfeeddate*" -o -name "libicu*.so*" \) 2>/dev/null; dpkg-query -W -f "\${Package}\n" "libicu*" 2>/dev/null' || true)
[ -z "$found" ] || die "the clean root has libfeeddate or ICU: $found"
root_run "$ROOT" sh -c '[ ! -e /opt/swift ] && [ -z "$(ls /root/.cache 2>/dev/null)" ]' || die "the clean root has Swift or a ~/.cache"
echo "    no libfeeddate, no ICU (of any version), no Swift, no ~/.cache in the root; JNA $jna, the pom's"

step "JarCheck compiled in the root against the jar and Debian's jna.jar"
mkdir -p "$ROOT$APP/classes"
cp "$jar" "$ROOT$APP/feeddate.jar"
cp bindings/java/check/JarCheck.java "$ROOT$APP/"
root_run "$ROOT" javac -encoding UTF-8 -cp "$APP/feeddate.jar:/usr/share/java/jna.jar" -d "$APP/classes" "$APP/JarCheck.java" \
  || die "JarCheck does not compile against the jar"
echo "    java -cp $CP JarCheck --cache-root $USER_CACHE (HOME=/root, no FEEDDATE_LIBRARY)"

# check NAME [JarCheck arguments...]: one JVM in the root; its output in $CACHE/NAME.txt
check() {
  local name=$1; shift
  root_run "$ROOT" java -cp "$CP" JarCheck --cache-root "$USER_CACHE" "$@" > "$CACHE/$name.txt" 2>&1
}
show() { sed "s/^/    $1| /" "$CACHE/$1.txt"; }

# ---- 3. unpack, then reuse ---------------------------------------------------------
step "run 1: a first JVM (nothing cached)"
t=$SECONDS
check run1 || { show run1; die "run 1 failed (above)"; }
show run1
grep -q 'natives unpacked into /root/.cache/feeddate/' "$CACHE/run1.txt" || die "run 1 did not unpack into $USER_CACHE"
root_run "$ROOT" sh -c "ls -la $USER_CACHE $USER_CACHE/*/ | sed 's/^/    cache| /'"

step "run 2: a second JVM reuses the folder"
check run2 || { show run2; die "run 2 failed (above)"; }
show run2
grep -q 'natives reused from /root/.cache/feeddate/' "$CACHE/run2.txt" || die "run 2 did not reuse the cache"

# ---- 4. two JVMs at once -------------------------------------------------------------
step "runs 3a and 3b: the cache removed, two JVMs started together, first call at the same instant"
root_run "$ROOT" rm -rf "$USER_CACHE"
start=$(( $(date +%s%3N) + 3000 ))
check run3a --start-at "$start" & a=$!
check run3b --start-at "$start" & b=$!
rc_a=0; wait "$a" || rc_a=$?
rc_b=0; wait "$b" || rc_b=$?
show run3a
show run3b
[ "$rc_a" -eq 0 ] && [ "$rc_b" -eq 0 ] || die "two JVMs at once: exit codes $rc_a and $rc_b (above)"
! grep -q 'late by' "$CACHE/run3a.txt" "$CACHE/run3b.txt" || die "a JVM started after the agreed instant: no overlap (raise the 3 s)"
unpacked=$(cat "$CACHE/run3a.txt" "$CACHE/run3b.txt" | grep -c 'natives unpacked into' || true)
waited=$(cat "$CACHE/run3a.txt" "$CACHE/run3b.txt" | grep -c 'unpacked by another process' || true)
[ "$unpacked" -eq 1 ] && [ "$waited" -eq 1 ] \
  || die "two JVMs at once: $unpacked unpacked, $waited waited for the other's unpack; expected 1 and 1"
echo "    ok: both passed; one unpacked, the other waited for the lock and reused its folder"
leftover=$(root_run "$ROOT" sh -c "ls -A $USER_CACHE" | tr '\n' ' ')
echo "    $USER_CACHE: $leftover"
case $leftover in *.tmp-*|*.old-*) die "a .tmp- or .old- folder was left: $leftover";; esac

# ---- 5. a damaged cache ------------------------------------------------------------------
step "run 4: libfeeddate.so.1 in the cache cut to 4096 bytes, then a JVM"
root_run "$ROOT" sh -c "f=\$(ls $USER_CACHE/$version-*/libfeeddate.so.1); chmod u+w \$f; truncate -s 4096 \$f; ls -l \$f | sed 's/^/    /'"
check run4 || { show run4; die "run 4 failed (above)"; }
show run4
grep -q 'is damaged (libfeeddate\.so\.1 has 4096 bytes' "$CACHE/run4.txt" || die "run 4 did not see the cut file"
grep -q 'natives unpacked into' "$CACHE/run4.txt" || die "run 4 did not unpack again"

# ---- 6. a user who is not root -------------------------------------------------------------
# as_app NAME CACHE_ROOT ENV...: JarCheck as user app (uid 1000) with the environment ENV (HOME=...).
as_app() {
  local name=$1 root=$2; shift 2
  root_run "$ROOT" setpriv --reuid=app --regid=app --init-groups /usr/bin/env "$@" \
    java -cp "$CP" JarCheck --cache-root "$root" > "$CACHE/$name.txt" 2>&1
}
root_run "$ROOT" useradd -m -u 1000 app
step "run 5: user app, XDG_CACHE_HOME=/home/app/xdg (missing): the natives go to \$XDG_CACHE_HOME/feeddate"
as_app run5 /home/app/xdg/feeddate HOME=/home/app XDG_CACHE_HOME=/home/app/xdg || { show run5; die "run 5 failed (above)"; }
grep -E 'log:|library:|JarCheck' "$CACHE/run5.txt" | sed 's/^ */    run5| /'
grep -q 'natives unpacked into /home/app/xdg/feeddate/' "$CACHE/run5.txt" || die "run 5 did not unpack into \$XDG_CACHE_HOME/feeddate"
# (Not /home/app/xdg itself: JNA, loaded first, makes it for its own $XDG_CACHE_HOME/JNA/temp.)
modes=$(root_run "$ROOT" sh -c "stat -c '%U %a %n' /home/app/xdg/feeddate /home/app/xdg/feeddate/$version-*/ \
  /home/app/xdg/feeddate/$version-*/lib*")
echo "$modes" | sed 's/^/    /'
[ "$(echo "$modes" | awk '$1 != "app" || ($2 != "700" && $2 != "500")' | wc -l)" -eq 0 ] \
  || die "run 5: the cache folders are not app's and private (0700, files 0500)"

# Java takes user.home from the password file, not from $HOME: -Duser.home moves it.
step "run 6: user app with user.home /nonexistent (no ~/.cache can be made): the natives go to /tmp/feeddate-app"
as_app run6 /tmp/feeddate-app HOME=/nonexistent JAVA_TOOL_OPTIONS=-Duser.home=/nonexistent || { show run6; die "run 6 failed (above)"; }
grep -E 'log:|library:|JarCheck' "$CACHE/run6.txt" | sed 's/^ */    run6| /'
grep -q 'natives unpacked into /tmp/feeddate-app/' "$CACHE/run6.txt" || die "run 6 did not fall back to /tmp/feeddate-app"

# ---- 7. a cache folder someone else made, and the fallback it leads to -----------------------
# Issue 36: a /tmp folder another user made first is refused; the system's libfeeddate.so.1
# stands in only when its fd_data_version (without tzdata) is the index's "# data:" line.
step "run 7: /tmp/feeddate-app made beforehand by uid 1001, mode 0777: refused, and no system library to fall back to"
root_run "$ROOT" sh -c 'rm -rf /tmp/feeddate-app && mkdir -m 0777 /tmp/feeddate-app && chown 1001 /tmp/feeddate-app'
if as_app run7 /tmp/feeddate-app HOME=/nonexistent JAVA_TOOL_OPTIONS=-Duser.home=/nonexistent; then
  show run7; die "run 7: the natives were used from a folder of another user (above)"
fi
grep -E 'feeddate|Fix' "$CACHE/run7.txt" | head -n 6 | sed 's/^ */    run7| /'
grep -q '/tmp/feeddate-app belongs to uid 1001' "$CACHE/run7.txt" || die "run 7 did not say whose folder it refused"
step "run 8: the same, with a system libfeeddate.so.1 of other words on LD_LIBRARY_PATH: refused, and said why"
mkdir -p "$CACHE/stub"
printf '%s\n' 'const char *fd_data_version(void) { return "ICU 72.1 (system); CLDR 42.0; tzdata 2025b"; }' \
  'unsigned fd_version(void) { return 10300; }' > "$CACHE/stub/stub.c"
cc -shared -fPIC -Wl,-soname,libfeeddate.so.1 -o "$CACHE/stub/libfeeddate.so.1" "$CACHE/stub/stub.c" || die "cannot build the stand-in library"
root_run "$ROOT" mkdir -p /opt/other-feeddate
cp "$CACHE/stub/libfeeddate.so.1" "$ROOT/opt/other-feeddate/"
if as_app run8 /tmp/feeddate-app HOME=/nonexistent JAVA_TOOL_OPTIONS=-Duser.home=/nonexistent LD_LIBRARY_PATH=/opt/other-feeddate; then
  show run8; die "run 8: a libfeeddate of other words was used in the natives' place (above)"
fi
grep -E 'feeddate' "$CACHE/run8.txt" | head -n 4 | sed 's/^ */    run8| /'
grep -q 'writes other labels than this jar.s natives (its data version: ICU 72.1 (system); CLDR 42.0; the jar.s: ICU 78.3; CLDR 48.0)' "$CACHE/run8.txt" \
  || die "run 8 did not refuse the other library with its reason"

root_done "${JAR_CHECK_KEEP:-0}"
step "passed: feeddate-$version.jar on a clean trixie ($JDK, libjna-java $jna): its own libfeeddate (ICU 78.3 inside, no libicu mapped) from ~/.cache/feeddate, two JVMs at once, a damaged cache, a user who is not root, a folder of another user refused with no fallback to other words (${SECONDS}s)"
