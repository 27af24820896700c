#!/usr/bin/env bash
# npm-check.sh — `make npm-check`: the npm package of `make npm` works on a clean
# Debian 13 with only Debian's nodejs and npm (no compiler, no registry, no
# LD_LIBRARY_PATH), its addon loading its own libfeeddate, never node's ICU 76.
#
# Environment (and those of tools/debian-root.sh):
#   NPM_CHECK_KEEP=1   keep the work root after success
set -euo pipefail
cd "$(dirname "$0")/.."
REPO=$(pwd)
NAME=npm-check
# shellcheck source=tools/debian-root.sh
. tools/debian-root.sh
CACHE=$ROOTS/npm-check
ROOT=$CACHE/root
APP=/opt/app
# node-typescript: Debian's tsc, which checks the web client's declarations (4c)
PACKAGES=(nodejs npm tzdata node-typescript)

need_root npm-check
version=$(tools/version.sh)
built "npm/feeddate-$version.tgz" npm
tgz=$BUILT

# ---- 1. the root ----------------------------------------------------------------
root_make npm "${PACKAGES[@]}"
root_work "$MADE_ROOT"
root_run "$ROOT" sh -c 'dpkg-query -W -f "\${db:Status-Abbrev} \${Package} \${Version}\n" nodejs npm node-gyp tzdata "libicu*" "libnode*" 2>/dev/null \
    | awk "\$1 == \"ii\" { print \"    \" \$2, \$3 }"
  echo "    node $(node --version) (ICU $(node -p process.versions.icu)), npm $(npm --version)"'
compilers=$(root_run "$ROOT" sh -c 'for c in cc c++ gcc g++ clang clang++ tcc; do command -v $c || true; done; ls /usr/bin/*-linux-gnu-gcc* 2>/dev/null || true')
[ -z "$compilers" ] || die "the clean root has a C compiler (Debian's npm must not bring one): $compilers"
found=$(root_run "$ROOT" sh -c 'find / -xdev \( -name "libfeeddate*" -o -name "libicu*.so.78*" -o -name "feeddate*" \) 2>/dev/null' || true)
[ -z "$found" ] || die "the clean root has libfeeddate, feeddate or ICU 78: $found"
root_run "$ROOT" sh -c '[ ! -e /opt/swift ] && [ ! -e /root/.npm/_cacache ]' || die "the clean root has Swift or an npm cache"
echo "    no C compiler, no libfeeddate, no ICU 78, no Swift, no npm cache in the root"
# (Debian's npm brings node-gyp, Node's headers, make and python3, but no compiler.)

# ---- 2. npm install -------------------------------------------------------------------
step "npm install --offline ./feeddate-$version.tgz in a new project $APP"
mkdir -p "$ROOT$APP"
cp "$tgz" "$ROOT$APP/"
printf '{ "name": "app", "version": "1.0.0", "private": true }\n' > "$ROOT$APP/package.json"
root_run "$ROOT" sh -c "cd $APP && npm install --offline --no-audit --no-fund ./feeddate-$version.tgz" \
  > "$CACHE/install.txt" 2>&1 || { sed 's/^/    | /' "$CACHE/install.txt"; die "npm install of the tgz failed (above)"; }
sed 's/^/    | /' "$CACHE/install.txt"
root_run "$ROOT" sh -c "cd $APP && npm ls --offline --all 2>&1 | sed 's/^/    npm ls| /'
  ls -l node_modules/feeddate/prebuilds/linux-x64 | sed 's/^/    | /'"
[ -f "$ROOT$APP/node_modules/feeddate/prebuilds/linux-x64/feeddate.node" ] || die "npm install put no prebuilt addon in node_modules/feeddate"

# ---- 3. node -e ---------------------------------------------------------------------------
step "node -e \"require('feeddate')...\" in $APP (chat_list zh_CN Asia/Shanghai)"
# shellcheck disable=SC2016
js='const { Formatter, version, icuVersion, addonPath } = require("feeddate");
const f = new Formatter({ style: "chat_list", locale: "zh_CN", timeZone: "Asia/Shanghai" });
const l = f.label(new Date("2024-03-24T03:11:00Z"), new Date("2024-03-25T06:30:00Z"));
console.log(`feeddate ${version}, ICU ${icuVersion}, ${addonPath}`);
console.log(`${l.text} (next change ${l.nextChange.toISOString()}, ${f.tzSource})`);'
root_run "$ROOT" sh -c "cd $APP && node -e '$js'" > "$CACHE/node-e.txt" 2>&1 \
  || { sed 's/^/    | /' "$CACHE/node-e.txt"; die "require('feeddate') failed in the root (above)"; }
sed 's/^/    | /' "$CACHE/node-e.txt"
grep -qx '昨天 (next change 2024-03-25T16:00:00.000Z, tzdata .*)' "$CACHE/node-e.txt" \
  || die "expected 昨天, next change 2024-03-25T16:00:00.000Z (above)"
# The ES module entry (index.mjs, by the "exports" map's import condition): in the tgz, and import
# then require give one object, every name the same.
tar -tzf "$tgz" > "$CACHE/files.txt"
grep -qx 'package/index.mjs' "$CACHE/files.txt" && grep -qx 'package/index.d.mts' "$CACHE/files.txt" \
  || die "the tgz has no index.mjs or index.d.mts (the ES module entry)"
# shellcheck disable=SC2016
js='import assert from "node:assert/strict";
import { createRequire } from "node:module";
import * as ns from "feeddate";
import feeddate, { Formatter } from "feeddate";
const cjs = createRequire(import.meta.url)("feeddate");
assert.equal(import.meta.resolve("feeddate"), "file://'"$APP"'/node_modules/feeddate/index.mjs");
assert.equal(feeddate, cjs);
assert.deepEqual(Object.keys(ns).sort(), ["default", ...Object.keys(cjs)].sort());
for (const k of Object.keys(cjs)) assert.equal(ns[k], cjs[k], k);
const f = new Formatter({ style: "chat_list", locale: "zh_CN", timeZone: "Asia/Shanghai" });
console.log(`import: ${Object.keys(ns).length - 1} names, the objects of require; ${f.format(new Date("2024-03-24T03:11:00Z"), new Date("2024-03-25T06:30:00Z"))}`);'
root_run "$ROOT" sh -c "cd $APP && node --input-type=module -e '$js'" > "$CACHE/node-esm.txt" 2>&1 \
  || { sed 's/^/    | /' "$CACHE/node-esm.txt"; die "import of feeddate failed in the root (above)"; }
sed 's/^/    | /' "$CACHE/node-esm.txt"
grep -q '^import: .* 昨天$' "$CACHE/node-esm.txt" || die "import of feeddate: expected 昨天 (above)"

# ---- 4. the whole check ---------------------------------------------------------------------
mkdir -p "$ROOT/opt/vectors/schedule" "$ROOT/opt/vectors/conversion" "$ROOT/opt/vectors/quote" "$ROOT/opt/vectors/html" \
  "$ROOT/opt/vectors/header"
cp Tests/vectors/*.jsonl "$ROOT/opt/vectors/"
cp Tests/vectors/schedule/*.jsonl "$ROOT/opt/vectors/schedule/"
cp Tests/vectors/conversion/*.jsonl "$ROOT/opt/vectors/conversion/"
cp Tests/vectors/quote/*.jsonl "$ROOT/opt/vectors/quote/" # errors.test.js: FEEDDATE_VECTORS_DIR/quote
cp Tests/vectors/html/html-*.jsonl "$ROOT/opt/vectors/html/" # html.test.js: FEEDDATE_VECTORS_DIR/html/html-1.3.jsonl
cp Tests/vectors/header/header.jsonl "$ROOT/opt/vectors/header/" # header.test.js: FEEDDATE_VECTORS_DIR/header/header.jsonl
cp bindings/node/check/package-check.js "$ROOT$APP/check.js"
step "$APP/check.js (bindings/node/check/package-check.js): ICU 78.3, the vectors, /proc/self/maps"
root_run "$ROOT" sh -c "cd $APP && node check.js --vectors /opt/vectors --package $APP/node_modules/feeddate" \
  > "$CACHE/check-root.txt" 2>&1 || { sed 's/^/    | /' "$CACHE/check-root.txt"; die "the package check failed as root in $APP (above)"; }
sed 's/^/    | /' "$CACHE/check-root.txt"

# The binding's own suite (bindings/node/test, not in the package) on the installed package.
step "bindings/node/test on the installed package: node --test (Debian's node $(root_run "$ROOT" node --version))"
rm -rf "$ROOT$APP/node_modules/feeddate/test"
cp -r bindings/node/test "$ROOT$APP/node_modules/feeddate/test"
sched=$(cd Tests/vectors/schedule && ls -- *.jsonl | sed 's|^|/opt/vectors/schedule/|' | paste -sd:)
root_run "$ROOT" sh -c "cd $APP/node_modules/feeddate && FEEDDATE_VECTORS_DIR=/opt/vectors \
  FEEDDATE_SCHEDULE_VECTORS=$sched FEEDDATE_EXPECTED_VERSION=$version \
  node --test --test-reporter=spec --test-reporter-destination=/tmp/suite.txt test/" || suite_rc=$?
cp "$ROOT/tmp/suite.txt" "$CACHE/suite.txt" 2>/dev/null || die "node --test wrote no report"
rm -rf "$ROOT$APP/node_modules/feeddate/test"
{ sed -n '/failing tests:/,$p' "$CACHE/suite.txt" | grep -v '^ℹ' || true; } | head -n 40 | sed 's/^/    | /'
grep '^ℹ \(tests\|pass\|fail\|duration\)' "$CACHE/suite.txt" | sed 's/^/    | /'
[ "${suite_rc:-0}" -eq 0 ] && grep -qx 'ℹ fail 0' "$CACHE/suite.txt" \
  || die "the binding's suite fails on the installed package (above; report: ${CACHE#"$REPO"/}/suite.txt)"

# ---- 4c. the web client (SPEC 11, 1.3) ---------------------------------------------------
step "the web client: feeddate/web/*, webClientDir, a bare realm, tsc --noEmit (Debian's node-typescript)"
web=$ROOT$APP/node_modules/feeddate/web
for f in feed-date.js feed-date.mjs react.js feed-date.d.ts feed-date.d.mts react.d.ts; do
  cmp -s "clients/web/$f" "$web/$f" || die "node_modules/feeddate/web/$f is missing or not clients/web/$f"
done
echo "    node_modules/feeddate/web: the six files of clients/web, identical"
# shellcheck disable=SC2016
js='const assert = require("node:assert/strict"), fs = require("node:fs"), path = require("node:path"), vm = require("node:vm");
const { webClientDir } = require("feeddate");
assert.equal(webClientDir, path.resolve("node_modules/feeddate/web"));
assert.ok(path.isAbsolute(webClientDir) && fs.statSync(webClientDir).isDirectory());
for (const f of ["feed-date.js", "feed-date.mjs", "react.js"]) assert.ok(fs.statSync(path.join(webClientDir, f)).isFile(), f);
const wire = { v: 1, now: 1000, labels: [["just now", 0], ["1 min. ago", 60000]], until: null };
const F = require("feeddate/web/feed-date.js");
assert.deepEqual(Object.keys(F), ["attach", "setClockOffset", "setServerTime", "refresh", "pick"]);
assert.deepEqual(F.pick(wire, 61000), { text: "1 min. ago", index: 1, next: null });
assert.equal(require.resolve("feeddate/web/react"), path.join(webClientDir, "react.js"));
// A bare realm (no timers, no DOM): the file offers pick alone.
const realm = vm.createContext({});
vm.runInContext(fs.readFileSync(require.resolve("feeddate/web/feed-date.js"), "utf8"), realm);
assert.equal(vm.runInContext("Object.keys(FeedDate).join()", realm), "pick");
realm.wire = JSON.stringify(wire);
assert.equal(vm.runInContext("FeedDate.pick(wire, 999).text", realm), "just now");
import("feeddate/web/feed-date.mjs").then((m) => {
  assert.equal(m.default, F);
  assert.deepEqual(Object.keys(m).sort(), ["attach", "default", "pick", "refresh", "setClockOffset", "setServerTime"]);
  assert.equal(m.pick(wire, 0).text, "just now");
  console.log(`webClientDir ${webClientDir}; require, import and a bare realm (pick alone): ok`);
});'
root_run "$ROOT" sh -c "cd $APP && node -e '$js'" > "$CACHE/web.txt" 2>&1 \
  || { sed 's/^/    | /' "$CACHE/web.txt"; die "the web client of the installed package (above)"; }
sed 's/^/    | /' "$CACHE/web.txt"
# The declarations as a user's TypeScript sees them (CommonJS and node16 ESM, no @types/react);
# their misuses are marked @ts-expect-error, so one that compiles fails tsc.
cp bindings/node/check/web-types.ts bindings/node/check/web-types-esm.mts bindings/node/check/node-types-esm.mts "$ROOT$APP/"
root_run "$ROOT" sh -c "cd $APP && ls -d node_modules/@types 2>/dev/null; tsc --version &&
  tsc --noEmit --strict --lib es2020 --module commonjs --moduleResolution node web-types.ts &&
  tsc --noEmit --strict --lib es2020 --module node16 --moduleResolution node16 web-types-esm.mts node-types-esm.mts" \
  > "$CACHE/tsc.txt" 2>&1 || { sed 's/^/    | /' "$CACHE/tsc.txt"; die "tsc --noEmit of web-types.ts / web-types-esm.mts / node-types-esm.mts failed (above)"; }
sed 's/^/    | /' "$CACHE/tsc.txt"
grep -q '^node_modules/@types' "$CACHE/tsc.txt" && die "the project has node_modules/@types: the declarations must stand alone"
echo "    tsc --noEmit: web-types.ts (commonjs), web-types-esm.mts and node-types-esm.mts (node16) compile, their misuses do not"

# ---- 5. moved, not root ----------------------------------------------------------------------
step "the project moved to /home/app/elsewhere/app, the check as user app (uid 1000)"
root_run "$ROOT" sh -c 'id app >/dev/null 2>&1 || useradd --uid 1000 --create-home --shell /bin/sh app
  mkdir -p /home/app/elsewhere && mv '"$APP"' /home/app/elsewhere/app && chown -R app:app /home/app/elsewhere
  chmod -R go-rwx /home/app' || die "cannot move the project or make the user app"
root_run "$ROOT" setpriv --reuid=1000 --regid=1000 --init-groups /usr/bin/env HOME=/home/app sh -c \
  "cd /home/app/elsewhere/app && node check.js --vectors /opt/vectors --package /home/app/elsewhere/app/node_modules/feeddate" \
  > "$CACHE/check-moved.txt" 2>&1 || { sed 's/^/    | /' "$CACHE/check-moved.txt"; die "the package check failed once moved, as app (above)"; }
grep -E 'ok |FAIL|passed|mapped' "$CACHE/check-moved.txt" | grep -v 'ok   chat_list\|ok   feed ' | sed 's/^/    | /'

root_done "${NPM_CHECK_KEEP:-0}"
step "passed: feeddate-$version.tgz on a clean trixie (Debian's nodejs and npm, no compiler): npm install offline, its own libfeeddate with ICU 78.3 inside, moved and as a user (${SECONDS}s)"
