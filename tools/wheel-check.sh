#!/usr/bin/env bash
# wheel-check.sh — `make wheel-check`: prove that the wheel in dist/ installs with
# pip and works on a clean Debian 13 (trixie), which has no Swift and its own
# ICU 76 installed: the wheel's library, with ICU 78.3 inside it, must never
# touch that one.
#
# Environment (and those of tools/debian-root.sh: mirrors, timeouts, a fresh root):
#   WHEEL_CHECK_KEEP=1          keep the work root (.cache/trixie/wheel-check/root) after success
#   WHEEL_CHECK_MAX_MS=50       the limit of import + first label (median, ms)
set -euo pipefail
cd "$(dirname "$0")/.."
REPO=$(pwd)
NAME="wheel-check"
SUITE=trixie
# shellcheck source=tools/debian-root.sh
. tools/debian-root.sh
CACHE=$ROOTS/wheel-check
ROOT=$CACHE/root
TOOLS=$REPO/build/wheel-tools
VENV=/opt/feeddate-venv
MAX_MS=${WHEEL_CHECK_MAX_MS:-50}

need_root wheel-check
version=$(tools/version.sh)
built "feeddate-$version-py3-none-manylinux_*_x86_64.whl" wheel
wheel=$BUILT

# ---- 1. the trixie root -------------------------------------------------------------
root_make wheel python3 python3-venv tzdata libicu76
root_work "$MADE_ROOT"
in_root sh -c 'dpkg-query -W -f "    \${Package} \${Version}\n" python3 libicu76 tzdata; ls /usr/lib/x86_64-linux-gnu/ | grep -E "^libicu(uc|i18n|data)\.so\.[0-9]+$" | sed "s/^/    system ICU: /"'
if in_root sh -c 'ls /usr/lib/x86_64-linux-gnu/libicu*.so.78* /opt/swift 2>/dev/null' | grep -q .; then
  die "the clean root has a system ICU 78 or Swift"
fi
in_root sh -c 'command -v swift swiftc' && die "the clean root has Swift"
pyver=$(in_root python3 -c 'import sys; print("%d%d" % sys.version_info[:2])')
echo "    python3: cp$pyver"

# ---- 2. wheelhouse -------------------------------------------------------------------------
house=$CACHE/wheelhouse-cp$pyver
if ! ls "$house"/pytest-*.whl "$house"/tzdata-*.whl "$house"/numpy-*.whl >/dev/null 2>&1; then
  step "wheelhouse for cp$pyver: pip download pytest numpy tzdata (once; ${house#"$REPO"/})"
  [ -x "$TOOLS/bin/pip" ] || die "no $TOOLS: run make wheel"
  rm -rf "$house.new"
  "$TOOLS/bin/pip" download --quiet --disable-pip-version-check -d "$house.new" --only-binary=:all: \
    --python-version "$pyver" --implementation cp --platform manylinux2014_x86_64 --platform manylinux_2_17_x86_64 \
    --platform manylinux_2_28_x86_64 --platform any pytest numpy tzdata || die "pip download failed"
  mv "$house.new" "$house"
fi
ls "$house" | sed 's/^/    /'

# ---- 3. install ----------------------------------------------------------------------------
step "python3 -m venv $VENV; pip install --no-index $(basename "$wheel") pytest numpy"
mkdir -p "$ROOT/tmp/wheelhouse" "$ROOT/tmp/dist"
cp "$house"/*.whl "$ROOT/tmp/wheelhouse/"
cp "$wheel" "$ROOT/tmp/dist/"
in_root python3 -m venv "$VENV" || die "python3 -m venv failed in the root"
in_root "$VENV/bin/pip" install --quiet --disable-pip-version-check --no-index --find-links /tmp/wheelhouse \
  "/tmp/dist/$(basename "$wheel")" pytest numpy || die "pip could not install the wheel in the root"
in_root "$VENV/bin/pip" list --disable-pip-version-check 2>/dev/null | sed 's/^/    /'

# The repository's tests, vectors and docs, without the package (it must come from the venv).
rm -rf "$ROOT/tmp/src" && mkdir -p "$ROOT/tmp/src/bindings/python" "$ROOT/tmp/src/Tests" "$ROOT/tmp/src/Tests/sweep" "$ROOT/tmp/src/bench"
cp -a include docs "$ROOT/tmp/src/"
cp -a Tests/vectors "$ROOT/tmp/src/Tests/"
cp -a bindings/python/tests "$ROOT/tmp/src/bindings/python/"
mkdir -p "$ROOT/tmp/src/clients" && cp -a clients/web "$ROOT/tmp/src/clients/web" # test_web.py and the web step compare with it
[ -f "${SWEEP_PLAN:-}" ] && [ -x "${SWEEP_RUN:-}" ] || die "run make wheel-check (it makes the sweep's SWEEP_PLAN and SWEEP_RUN)"
cp -a Tests/sweep/sweep_run.py "$ROOT/tmp/src/Tests/sweep/"
cp "$SWEEP_PLAN" "$ROOT/tmp/src/Tests/sweep/plan.jsonl"
cp -a bench/wheel_first_label.py "$ROOT/tmp/src/bench/"
find "$ROOT/tmp/src" -name __pycache__ -prune -exec rm -rf {} +

# What this machine prints through the build tree's library (build/lib: ICU 78.3 inside it).
host_py() { PYTHONPATH=$REPO/bindings/python FEEDDATE_LIBRARY=$REPO/build/lib/libfeeddate.so.1 python3 "$@"; }
LABEL_PY='import feeddate
zh = feeddate.Formatter("chat_list", locale="zh_CN", tz="Asia/Shanghai")
en = feeddate.Formatter("chat_bubble", locale="en_US", tz="America/New_York")
print(zh.format(1711242000, now=1711339200), en.format(1711242000, now=1711339200), sep=" / ")'
expected=$(host_py -c "$LABEL_PY")
step "the sweep's labels through the build tree's library (build/lib): the C runner, ${SWEEP_PLAN#"$REPO"/}"
LD_LIBRARY_PATH=$REPO/build/lib "$SWEEP_RUN" "$SWEEP_PLAN" "$CACHE/sweep-host.txt" 2> "$CACHE/sweep-host.err" \
  || { cat "$CACHE/sweep-host.err"; die "the sweep failed on this machine (above)"; }
sed 's/^/    /' "$CACHE/sweep-host.err"

# Not the tests of a checkout, nor those of the optional pyarrow, pandas, polars
# and dask, which the wheel does not require (make test-python runs them).
DESELECT=(--deselect tests/test_package.py::test_search_order_without_the_variable
          --ignore tests/test_columns.py --ignore tests/test_table.py --ignore tests/test_dask.py
          --ignore tests/test_row_errors.py --ignore tests/test_byte_order.py
          --ignore tests/test_lazy_imports.py)

# ---- 4./5. the two runs ---------------------------------------------------------------------
run_checks() { # $1: run name, $2: expected start of tz_source
  local run=$1 tzsrc=$2 out
  step "$run: python -c 'import feeddate; ...' in zh_CN and en_US"
  out=$(in_root sh -c "cd /tmp && $VENV/bin/python -c '$LABEL_PY'") || die "$run: python could not import feeddate or format"
  echo "    -> $out (expected: $expected)"
  [ "$out" = "$expected" ] || die "$run: printed '$out', expected '$expected'"

  step "$run: which library, which ICU, which zones"
  in_root sh -c "cd /tmp && $VENV/bin/python -" > "$CACHE/$run-maps.txt" <<EOF || { cat "$CACHE/$run-maps.txt"; die "$run: the library or ICU loaded is not the wheel's (above)"; }
import os, sys, feeddate
from feeddate import _ffi
f = feeddate.Formatter("feed", locale="zh_CN", tz="Asia/Shanghai")
f.format(1711242000, now=1711339200)
site = os.path.dirname(os.path.dirname(feeddate.__file__))
print("library_path():", feeddate.library_path())
print("icu_version():", feeddate.icu_version())
print("data_version():", feeddate.data_version())
print("zone_database:", _ffi.zone_database)
print("tz_source:", f.tz_source)
maps = sorted({l.split()[-1] for l in open("/proc/self/maps") if "libicu" in l or "libfeeddate" in l})
for m in maps:
    print("mapped:", m)
assert feeddate.library_path() == os.path.join(site, "feeddate", "libfeeddate.so.1"), "not the bundled libfeeddate"
assert maps == [feeddate.library_path()], f"expected the wheel's libfeeddate alone, no libicu*: {maps}"
assert not os.path.exists(os.path.join(site, "feeddate.libs")), "the wheel vendored libraries (feeddate.libs/)"
assert feeddate.icu_version() == "78.3", feeddate.icu_version()
assert feeddate.data_version().startswith("ICU 78.3; CLDR 48.0; tzdata "), feeddate.data_version()
assert f.tz_source.startswith("$tzsrc"), f"tz_source {f.tz_source!r}, expected $tzsrc..."
print("ok")
EOF
  sed 's/^/    /' "$CACHE/$run-maps.txt"

  step "$run: the feeddate command"
  in_root sh -c "cd /tmp && $VENV/bin/feeddate --version && $VENV/bin/feeddate format --style chat_list --locale zh_CN --tz Asia/Shanghai --now 2024-03-25T06:30:00Z 2024-03-24T03:11:00Z && $VENV/bin/feeddate demo --locale zh_CN --tz Asia/Shanghai" \
    > "$CACHE/$run-command.txt" 2>&1 || { cat "$CACHE/$run-command.txt"; die "$run: the feeddate command failed (above)"; }
  sed -n '1,4p' "$CACHE/$run-command.txt" | sed 's/^/    /'
  grep -qx '昨天' "$CACHE/$run-command.txt" || die "$run: feeddate format did not print 昨天"
  [ "$(wc -l < "$CACHE/$run-command.txt")" -ge 5 ] || die "$run: feeddate demo printed too little"

  step "$run: the Python test suite against the installed wheel"
  local t=$SECONDS
  in_root sh -c "cd /tmp/src/bindings/python && timeout 900 $VENV/bin/python -m pytest -q -p no:cacheprovider ${DESELECT[*]} tests" \
    > "$CACHE/$run-pytest.txt" 2>&1 || { tail -n 40 "$CACHE/$run-pytest.txt"; die "$run: pytest failed (above; log $CACHE/$run-pytest.txt)"; }
  echo "    $(tail -n 1 "$CACHE/$run-pytest.txt") ($((SECONDS - t)) s)"

  step "$run: the sweep through the Python runner, byte for byte the build tree's (Tests/sweep/sweep_run.py)"
  in_root sh -c "cd /tmp && $VENV/bin/python /tmp/src/Tests/sweep/sweep_run.py /tmp/src/Tests/sweep/plan.jsonl /tmp/sweep.txt" \
    2> "$CACHE/$run-sweep.err" || { cat "$CACHE/$run-sweep.err"; die "$run: the sweep failed in the root (above)"; }
  sed 's/^/    /' "$CACHE/$run-sweep.err"
  mv "$ROOT/tmp/sweep.txt" "$CACHE/$run-sweep.txt"
  if ! cmp -s "$CACHE/sweep-host.txt" "$CACHE/$run-sweep.txt"; then
    diff "$CACHE/sweep-host.txt" "$CACHE/$run-sweep.txt" | head -n 20 | cut -c1-300
    die "$run: labels differ from the build tree's library ($(diff "$CACHE/sweep-host.txt" "$CACHE/$run-sweep.txt" | grep -c '^>') lines)"
  fi
  echo "    $(wc -l < "$CACHE/$run-sweep.txt") labels, identical"
}

run_checks run1-system-zoneinfo "tzdata "
step "run 1: import + first label (median of 20 fresh processes, limit $MAX_MS ms)"
in_root sh -c "cd /tmp && $VENV/bin/python /tmp/src/bench/wheel_first_label.py --runs 20 --max-ms $MAX_MS" \
  | tee "$CACHE/first-label.txt" | sed 's/^/    /' || die "import + first label is over $MAX_MS ms (above)"

step "run 1: feeddate.web: the folder in the package, clients/web's files, python -m feeddate.web on a free port"
in_root sh -c "cd /tmp && $VENV/bin/python -" > "$CACHE/web.txt" 2>&1 <<'EOF' || { sed 's/^/    | /' "$CACHE/web.txt"; die "feeddate.web of the installed wheel (above)"; }
import os, socket, subprocess, sys, urllib.error, urllib.request
import feeddate, feeddate.web as web
folder = web.directory()
package = os.path.join(os.path.dirname(os.path.abspath(feeddate.__file__)), "web")
assert str(folder) == package, f"directory() is {folder}, not the package's {package}"
assert web.FILES == ("feed-date.js", "feed-date.mjs", "react.js", "feed-date.d.ts", "feed-date.d.mts", "react.d.ts")
for name in web.FILES:
    with open(os.path.join(package, name), "rb") as a, open("/tmp/src/clients/web/" + name, "rb") as b:
        assert a.read() == b.read(), f"feeddate/web/{name} is not clients/web/{name}"
print("directory():", folder, "- the six files of clients/web, identical")
s = socket.socket()
s.bind(("127.0.0.1", 0))
port = s.getsockname()[1]
s.close()
server = subprocess.Popen([sys.executable, "-m", "feeddate.web", "--port", str(port)], stdout=subprocess.PIPE, text=True)
try:
    print("python -m feeddate.web:", server.stdout.readline().strip())
    for name, ctype in (("feed-date.js", "text/javascript; charset=utf-8"), ("feed-date.mjs", "text/javascript; charset=utf-8"),
                        ("react.js", "text/javascript; charset=utf-8"), ("feed-date.d.ts", "text/plain; charset=utf-8")):
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/{name}", timeout=10) as r:
            body = r.read()
            assert r.status == 200 and r.headers["Content-Type"] == ctype, (name, r.status, r.headers["Content-Type"])
            assert body == open(os.path.join(package, name), "rb").read(), name
            print(f"GET /{name}: {r.status}, {r.headers['Content-Type']}, {len(body)} bytes")
    try:
        urllib.request.urlopen(f"http://127.0.0.1:{port}/__init__.py", timeout=10)
        raise AssertionError("/__init__.py was served")
    except urllib.error.HTTPError as e:
        assert e.code == 404, e.code
        print("GET /__init__.py: 404")
finally:
    server.terminate()
    server.wait(10)
print("ok")
EOF
sed 's/^/    | /' "$CACHE/web.txt"

step "run 2: the same root without /usr/share/zoneinfo (TZDIR unset): the tzdata package"
rm -rf "$ROOT/usr/share/zoneinfo"
tzpkg=$(in_root sh -c "$VENV/bin/python -c 'import tzdata; print(tzdata.IANA_VERSION)'")
run_checks run2-tzdata-package "tzdata $tzpkg"
grep -q 'tzdata package' "$CACHE/run2-tzdata-package-maps.txt" || die "run 2: zone_database does not name the tzdata package"

root_done "${WHEEL_CHECK_KEEP:-0}"
step "passed: $(basename "$wheel") installs and works on a clean $SUITE, with and without its zoneinfo (${SECONDS}s)"
