"""Other ICUs in the same process (SPEC 13, 1.3): the library's ICU 78.3 is
inside libfeeddate.so.1 and hidden, so PyICU (here icukit-pyicu, which brings
its own shared ICU of the very same version, 78.3, with the same symbol
names), the system's ICU (Debian 12's 72, loaded RTLD_GLOBAL) and their
process-wide defaults change no label.

Each case runs in a fresh interpreter (the order of loading matters, and a
library is loaded once per process): PyICU first, feeddate first, and PyICU
with the system's ICU. The child sets PyICU's default locale and zone to
something else, formats with PyICU, then labels every core vector with
feeddate and prints what differed."""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys

import pytest
from conftest import VECTOR_ROOT

# Looked up, not imported: PyICU's own libicuuc must not be mapped into this
# process, whose other tests check what is (test_wheel.py).
if importlib.util.find_spec("icu") is None:
    pytest.skip("PyICU is not installed: make test-python installs icukit-pyicu", allow_module_level=True)

_CHILD = r"""
import ctypes, glob, json, os, sys
order, core = sys.argv[1], sys.argv[2]
def load_pyicu():
    import icu
    icu.Locale.setDefault(icu.Locale("ar_EG"))
    icu.TimeZone.setDefault(icu.TimeZone.createTimeZone("Pacific/Kiritimati"))
    f = icu.DateFormat.createDateTimeInstance(icu.DateFormat.kFull, icu.DateFormat.kFull)
    return icu.ICU_VERSION, f.format(0.0)
def load_system():
    libs = [found[0] for name in ("libicuuc", "libicui18n")
            for found in [sorted(glob.glob(f"/usr/lib/x86_64-linux-gnu/{name}.so.[0-9]*.*"))] if found]
    for lib in libs:
        ctypes.CDLL(lib, mode=ctypes.RTLD_GLOBAL)
    return [os.path.basename(l) for l in libs]
out = {}
if order in ("pyicu-first", "pyicu-and-system"):
    out["pyicu"] = load_pyicu()
if order == "pyicu-and-system":
    out["system"] = load_system()
import feeddate
if order == "feeddate-first":
    feeddate.Formatter("feed", locale="zh_CN", tz="Asia/Shanghai").format(0, now=0)
    out["pyicu"] = load_pyicu()
differ, count = [], 0
for line in open(core, encoding="utf-8"):
    if not line.strip():
        continue
    v = json.loads(line)
    f = feeddate.Formatter(v["style"], **v["options"])
    text = f.format(v["t_ms"] / 1000, now=v["now_ms"] / 1000)
    count += 1
    if text != v["text"]:
        differ.append([v["note"], text, v["text"]])
maps = open("/proc/self/maps").read()
out.update(count=count, differ=differ[:5], ndiffer=len(differ), data_version=feeddate.data_version(),
           mapped=sorted({os.path.basename(l.split()[-1]) for l in maps.splitlines() if "icu" in l.split()[-1].lower() or "libfeeddate" in l}))
print(json.dumps(out))
"""


@pytest.mark.parametrize("order", ["pyicu-first", "feeddate-first", "pyicu-and-system"])
def test_labels_unchanged_beside_other_icus(order: str) -> None:
    assert (VECTOR_ROOT / "core.jsonl").exists()
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(p for p in sys.path if p))
    run = subprocess.run(
        [sys.executable, "-c", _CHILD, order, str(VECTOR_ROOT / "core.jsonl")],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
    )
    assert run.returncode == 0, run.stderr[-2000:]
    out = json.loads(run.stdout.strip().splitlines()[-1])
    version, sample = out["pyicu"]
    # The same ICU version in the process, under the same symbol names: the hardest case.
    assert version == "78.3", out["pyicu"]
    assert sample, out
    assert out["count"] > 700
    assert out["ndiffer"] == 0, out["differ"]
    assert out["data_version"].startswith("ICU 78.3; CLDR 48.0; "), out["data_version"]
    mapped = out["mapped"]
    assert any(m.startswith("libfeeddate") for m in mapped), mapped
    assert any(m.startswith("libicuuc") for m in mapped), mapped  # PyICU's own
    if order == "pyicu-and-system":
        assert any(m.startswith("libicuuc.so.72") for m in mapped) or not out["system"], mapped
