#!/usr/bin/env bash
# py-env.sh — the Python a test target runs: one with every module it needs.
#
#   tools/py-env.sh NAME PYTHON VENV [--system-first] MODULE=PIP-SPEC ...
#
# Prints the interpreter: with --system-first, PYTHON when it imports every
# MODULE; else VENV's (made when missing, pip filling what does not import).
set -euo pipefail
set -f  # PIP-SPECs such as pandas<3 or dask[distributed] are not globs
name=$1 python=$2 venv=$3
shift 3
system_first=0
if [ "${1:-}" = --system-first ]; then system_first=1; shift; fi
need=("$@")
has_all() {
  local m
  for m in "${need[@]}"; do "$1" -c "import ${m%%=*}" 2>/dev/null || return 1; done
}
if [ $system_first = 1 ] && has_all "$python"; then echo "$python"; exit 0; fi
py=$venv/bin/python
if ! has_all "$py"; then
  specs=()
  for m in "${need[@]}"; do specs+=("${m#*=}"); done
  echo "$name: installing ${specs[*]} in $venv" >&2
  [ -x "$py" ] || "$python" -m venv --system-site-packages "$venv" \
    || { echo "$name: $python -m venv failed (Debian: apt-get install python3-venv)" >&2; exit 1; }
  "$py" -m pip install --quiet --disable-pip-version-check "${specs[@]}" >&2 \
    || { echo "$name: cannot install ${specs[*]} into $venv" >&2; exit 1; }
fi
echo "$py"
