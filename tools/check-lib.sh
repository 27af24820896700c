#!/usr/bin/env bash
# check-lib.sh <path-to-libfeeddate.so> — checks the shared library as shipped.
#
# CHECK_LIB_ICU=system (make ICU=system): 5 checks the opposite, that the
# library uses the system's ICU and says so.
# Prints what each check found; exits 1 when any check failed.
set -euo pipefail

if [ $# -ne 1 ] || [ ! -f "$1" ]; then
    echo "usage: $0 <path-to-libfeeddate.so>" >&2
    exit 2
fi
LIB=$(readlink -f "$1")
ROOT=$(cd "$(dirname "$0")/.." && pwd)
HEADER="$ROOT/include/feeddate.h"
CC=${CC:-cc}
WANT_SONAME=libfeeddate.so.1
failures=0

pass() { echo "  ok: $*"; }
fail() { echo "  FAIL: $*"; failures=$((failures + 1)); }
skip() { echo "  SKIP: $*"; }

WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

echo "check-lib: $LIB"

# ---- 1. exported symbols ------------------------------------------------------
echo "[exports] nm -D --defined-only"
# A lower-case type but u is local (in .dynsym, not exported); A FEEDDATE_* are version nodes.
nm -D --defined-only "$LIB" | awk '{ print $(NF-1), $NF }' | sed 's/@.*//' | sort -u -k2 >"$WORK/all"
awk '$1 ~ /^[A-Zu]$/' "$WORK/all" >"$WORK/exports"
locals=$(awk '$1 !~ /^[A-Zu]$/' "$WORK/all" | wc -l)
[ "$locals" -eq 0 ] || echo "  ($locals local symbols in .dynsym ignored: not exported)"
awk '$2 ~ /^fd_/' "$WORK/exports" >"$WORK/fd"
awk '$2 !~ /^fd_/ && !($2 == "_init" || $2 == "_fini") && !($1 == "A" && $2 ~ /^FEEDDATE_/)' \
    "$WORK/exports" >"$WORK/other"
echo "  $(wc -l <"$WORK/fd") fd_* symbols: $(awk '{ printf "%s ", $2 }' "$WORK/fd")"
if [ -s "$WORK/other" ]; then
    fail "$(wc -l <"$WORK/other") other exported symbols, e.g.: $(head -n 10 "$WORK/other" | awk '{ printf "%s ", $2 }')"
else
    pass "nothing but fd_* is exported"
fi
# The functions the header declares (after the preprocessor: no comments).
"$CC" -E -P "$HEADER" | grep -oE '\bfd_[a-z0-9_]+[[:space:]]*\(' | tr -d '( \t' | sort -u >"$WORK/declared"
missing=$(awk '{ print $2 }' "$WORK/fd" | comm -23 "$WORK/declared" -)
if [ -n "$missing" ]; then
    fail "declared in feeddate.h but not exported: $(xargs <<<"$missing")"
else
    pass "all $(wc -l <"$WORK/declared") functions of feeddate.h are exported"
fi
extra=$(awk '{ print $2 }' "$WORK/fd" | comm -13 "$WORK/declared" -)
[ -z "$extra" ] || echo "  note: exported fd_* symbols that feeddate.h does not declare: $(xargs <<<"$extra")"

# ---- 2. SONAME ----------------------------------------------------------------
echo "[soname] readelf -d"
soname=$(readelf -d "$LIB" | sed -n 's/.*(SONAME).*\[\(.*\)\].*/\1/p')
if [ "$soname" = "$WANT_SONAME" ]; then pass "SONAME $soname"; else fail "SONAME is '${soname:-<none>}', expected $WANT_SONAME"; fi

# ---- 3. dependencies ----------------------------------------------------------
echo "[dependencies] readelf -d NEEDED, ldd"
needed=$(readelf -d "$LIB" | sed -n 's/.*(NEEDED).*\[\(.*\)\].*/\1/p' | tr '\n' ' ')
echo "  NEEDED: $needed"
swiftish=$(echo "$needed" | tr ' ' '\n' | grep -E '^lib(swift|Foundation|_Foundation|dispatch|BlocksRuntime)' || true)
if [ -n "$swiftish" ]; then fail "needs Swift runtime libraries: $(xargs <<<"$swiftish")"; else pass "no Swift runtime library among NEEDED"; fi
TOOLCHAIN=""
if swift_bin=$(command -v swift 2>/dev/null); then
    TOOLCHAIN=$(dirname "$(dirname "$(readlink -f "$swift_bin")")")
    # /opt/swift/usr/bin/swift -> /opt/swift/usr; the toolchain folder is the one holding usr/.
    [ "$(basename "$TOOLCHAIN")" = usr ] && TOOLCHAIN=$(dirname "$TOOLCHAIN")
fi
ldd "$LIB" >"$WORK/ldd" 2>&1 || true
sed 's/^/    /' "$WORK/ldd"
if grep -q 'not found' "$WORK/ldd"; then
    fail "ldd cannot resolve: $(grep 'not found' "$WORK/ldd" | awk '{ printf "%s ", $1 }')"
else
    pass "ldd resolves every dependency"
fi
if [ -z "$TOOLCHAIN" ]; then
    skip "no swift on PATH, so no toolchain folder to look for in ldd's output"
elif grep -qF "$TOOLCHAIN/" "$WORK/ldd"; then
    fail "ldd resolves libraries under the toolchain folder $TOOLCHAIN: $(grep -F "$TOOLCHAIN/" "$WORK/ldd" | awk '{ printf "%s ", $1 }')"
else
    pass "nothing under the toolchain folder $TOOLCHAIN"
fi

# ---- 5. the one ICU ------------------------------------------------------------
echo "[icu] NEEDED, ldd, nm -D"
icu_needed=$(echo "$needed" | tr ' ' '\n' | grep -E '^libicu' || true)
icu_ldd=$(grep -E 'libicu' "$WORK/ldd" | awk '{ printf "%s ", $1 }' || true)
# ICU's C names (u_strlen_78, udat_open_78, ucal_..., uloc_..., unum..., ures_...)
# and its C++ namespace (icu_78::) among the dynamic symbols, defined or not.
nm -D "$LIB" | awk '{ print $NF }' | sed 's/@.*//' \
    | grep -E '^(u_|udat|ucal|uloc|unum|ures|udata|ucol|ubrk|uenum|ulist|ureldate|uplrules|icu_[0-9])|icu_[0-9]+' >"$WORK/icu_syms" || true
if [ "${CHECK_LIB_ICU:-}" = system ]; then
    if [ -n "$icu_needed" ]; then pass "ICU=system: links the system's ICU: $(xargs <<<"$icu_needed")"
    else fail "ICU=system, but no libicu among NEEDED"; fi
else
    if [ -n "$icu_needed" ] || [ -n "$icu_ldd" ]; then
        fail "the library needs a system ICU ($(xargs <<<"$icu_needed $icu_ldd")): ICU 78.3 must be inside it (make icu)"
    else
        pass "no libicu among NEEDED or in ldd"
    fi
    if [ -s "$WORK/icu_syms" ]; then
        fail "$(wc -l <"$WORK/icu_syms") ICU symbols among the dynamic ones, e.g. $(head -n 5 "$WORK/icu_syms" | tr '\n' ' ')"
    else
        pass "no ICU symbol among the dynamic ones (defined or undefined)"
    fi
fi

# ---- 6. thread-local storage ------------------------------------------------------
echo "[tls] readelf -d FLAGS, readelf -l TLS"
if readelf -d "$LIB" | grep -E '\(FLAGS\)' | grep -q STATIC_TLS; then
    fail "flagged STATIC_TLS: initial-exec TLS, so dlopen fails once static TLS is taken"
else
    tls_size=$(readelf -lW "$LIB" | awk '$1 == "TLS" { print $6 }')
    pass "no STATIC_TLS flag: every TLS variable is global-dynamic (a block of $(( ${tls_size:-0} )) bytes)"
fi

# ---- 4. a C program runs with the toolchain hidden ------------------------------
echo "[hidden toolchain] a C program linked to the library"
# Link through a libfeeddate.so.1 link of our own, so that the run path finds
# the library under its SONAME wherever the file itself lives.
ln -s "$LIB" "$WORK/$WANT_SONAME"
cat >"$WORK/prog.c" <<'EOF'
/* Creates a formatter, labels "yesterday" in zh_CN, and checks the answer. */
#include <stdio.h>
#include <string.h>
#include "feeddate.h"

int main(void)
{
    const long long now = 1711391400000LL; /* 2024-03-26 02:30 in Shanghai */
    fd_options o;
    fd_formatter *f = NULL;
    char buf[FD_LABEL_CAPACITY];
    fd_label info;
    fd_options_init(&o, FD_STYLE_CHAT_LIST);
    o.locale = "zh_CN";
    o.time_zone = "Asia/Shanghai";
    fd_status s = fd_formatter_new(&o, &f);
    if (s != FD_OK) {
        printf("fd_formatter_new: %s\n", fd_status_message(s));
        return 1;
    }
    s = fd_format(f, now - 86400000LL, now, buf, sizeof buf, &info);
    printf("library %s (%s), %s, %s, %s: \"%s\"\n", fd_version_string(), fd_data_version(), fd_formatter_locale(f),
           fd_formatter_time_zone(f), fd_formatter_tz_source(f), s == FD_OK ? buf : fd_status_message(s));
    fd_formatter_free(f);
    if (s != FD_OK || strcmp(buf, "\xE6\x98\xA8\xE5\xA4\xA9") != 0) return 1; /* "昨天" */
#ifndef CHECK_LIB_ICU_SYSTEM
    /* The one ICU: 78.3 with CLDR 48.0, whatever the host has. */
    if (strcmp(fd_icu_version(), "78.3") != 0 || strncmp(fd_data_version(), "ICU 78.3; CLDR 48.0; tzdata ", 28) != 0) {
        printf("expected ICU 78.3 and CLDR 48.0, got fd_icu_version \"%s\", fd_data_version \"%s\"\n",
               fd_icu_version(), fd_data_version());
        return 1;
    }
#endif
    return 0;
}
EOF
defines=()
[ "${CHECK_LIB_ICU:-}" != system ] || defines+=(-DCHECK_LIB_ICU_SYSTEM)
if ! "$CC" -std=c99 -Wall -Wextra -Werror -pedantic -I"$ROOT/include" \
        "${defines[@]}" "$WORK/prog.c" \
        -o "$WORK/prog" "$WORK/$WANT_SONAME" -Wl,-rpath,"$WORK" 2>"$WORK/cc.log"; then
    fail "the test program does not link against the library: $(head -n 5 "$WORK/cc.log")"
elif out=$("$WORK/prog" 2>&1); then
    pass "runs with the toolchain in place: $out"
    if [ -z "$TOOLCHAIN" ]; then
        skip "no swift on PATH: no toolchain folder to hide"
    elif ! why=$(unshare -m true 2>&1); then
        skip "cannot create a mount namespace (unshare -m: ${why:-not permitted}); toolchain not hidden"
    elif ! why=$(unshare -m sh -c 'mount -t tmpfs none "$1"' sh "$TOOLCHAIN" 2>&1); then
        skip "cannot mount a tmpfs over $TOOLCHAIN in a mount namespace (${why:-not permitted})"
    # Inside: hide the toolchain, prove it is hidden, then run the program.
    elif out=$(unshare -m sh -c 'mount -t tmpfs none "$1" && test -z "$(ls -A "$1")" && exec "$2"' \
            sh "$TOOLCHAIN" "$WORK/prog" 2>&1); then
        pass "runs with $TOOLCHAIN hidden: $out"
    else
        fail "fails with $TOOLCHAIN hidden: $out"
    fi
else
    fail "the test program fails even with the toolchain in place: $out"
fi

if [ "$failures" -ne 0 ]; then
    echo "check-lib: $failures check(s) failed"
    exit 1
fi
echo "check-lib: all checks passed"
