"""What the wheel promises: its own library and ICU first, and a zone database
on machines without one (tools/wheel-build.sh, `make wheel-check`).

The tests about an installed wheel run where the package carries
libfeeddate.so.1 (in the Debian 13 root of `make wheel-check`); from a
checkout they are skipped. The zone database choice is tested everywhere.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any, Dict, Optional

import feeddate
import pytest
from feeddate import _ffi

PACKAGE = Path(feeddate.__file__).resolve().parent
BUNDLED = PACKAGE / "libfeeddate.so.1"
from_wheel = pytest.mark.skipif(
    not BUNDLED.exists() or bool(os.environ.get("FEEDDATE_LIBRARY")),
    reason="the package carries no libfeeddate.so.1 (not an installed wheel)",
)


def test_library_path_is_a_str_and_callable() -> None:
    assert isinstance(feeddate.library_path, str)
    assert feeddate.library_path() == str(feeddate.library_path)


def test_loaded_files_name_the_library_and_its_icu() -> None:
    files = _ffi.loaded_files()
    if not files:
        pytest.skip("no /proc/self/maps here")
    assert any(os.path.basename(f).startswith("libfeeddate") for f in files)
    if "(system)" in feeddate.data_version():  # make ICU=system: the system's libicuuc
        assert re.search(r"/libicuuc[-.]", _ffi.icu_library_path())
    else:  # SPEC 13 (1.3): ICU is inside libfeeddate.so.1, no file of its own
        assert _ffi.icu_library_path() == ""


@from_wheel
def test_the_wheel_loads_its_own_library_and_icu() -> None:
    """The wheel carries libfeeddate.so.1 alone: ICU 78.3 is inside it (SPEC 13), so no
    feeddate.libs/, no libicu of the wheel or of the system mapped, and the data version says so."""
    assert feeddate.library_path() == str(BUNDLED)
    assert not (PACKAGE.parent / "feeddate.libs").exists()
    icu = [f for f in _ffi.loaded_files() if os.path.basename(f).startswith(("libicu", "icudt"))]
    assert icu == [], icu
    assert feeddate.icu_version() == "78.3"
    assert re.fullmatch(r"ICU 78\.3; CLDR 48\.0; tzdata \S+", feeddate.data_version()), feeddate.data_version()


@from_wheel
def test_installed_search_order_is_the_wheel_then_the_system(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("FEEDDATE_LIBRARY", raising=False)
    assert not _ffi._in_checkout()
    assert [where for _, where in _ffi._candidates()] == [str(BUNDLED), "libfeeddate.so.1"]


def test_command_version_names_library_and_data(capsys: pytest.CaptureFixture[str]) -> None:
    from feeddate.cli import main

    with pytest.raises(SystemExit):
        main(["--version"])
    out = "".join(capsys.readouterr().out.split())  # argparse wraps it to the terminal's width
    assert f"at{feeddate.library_path()};" in out
    assert out.endswith(";" + "".join(feeddate.data_version().split()) + ")")  # ICU, CLDR, tzdata (SPEC 13)


# ---- the zone database --------------------------------------------------------------
# The library reads $TZDIR once, on its first use (SPEC section 1, 1.2), so every
# test that changes TZDIR (or pretends the machine has no zoneinfo) runs in a
# process of its own: never in this one, whose library has read it already.

_CHILD = """
import ctypes, json, os, sys
if not SYSTEM:  # pretend the machine has no /usr/share/zoneinfo
    _isdir = os.path.isdir
    os.path.isdir = lambda p: False if os.path.abspath(p) == "/usr/share/zoneinfo" else _isdir(p)
if TZDATA is None:
    sys.modules["tzdata"] = None  # import tzdata fails
else:
    sys.path.insert(0, TZDATA)
seen = {}
_init = ctypes.CDLL.__init__
def _spy(self, name, *args, **kwargs):  # TZDIR as it is when the library is loaded
    if "libfeeddate" in str(name):
        seen.setdefault("tzdir_at_load", os.environ.get("TZDIR"))
    _init(self, name, *args, **kwargs)
ctypes.CDLL.__init__ = _spy
import feeddate
from feeddate import _ffi
out = {"zone_database": _ffi.zone_database, "tzdir": os.environ.get("TZDIR"), **seen, "sources": {}}
for zone in ("UTC", "Asia/Shanghai", "Europe/Berlin"):
    try:
        out["sources"][zone] = feeddate.Formatter("feed", locale="en_US", tz=zone).tz_source
    except feeddate.TimeZoneError as exc:
        out["sources"][zone] = "TimeZoneError: " + str(exc)
print(json.dumps(out))
"""


def _in_a_process(*, tzdir: Optional[str] = None, system: bool, tzdata: Optional[Path] = None) -> Dict[str, Any]:
    """What the package chose and the library used, in a new interpreter where
    TZDIR is ``tzdir`` (None: unset), /usr/share/zoneinfo exists or not
    (``system``), and ``tzdata`` is a folder holding a tzdata package (None:
    none can be imported)."""
    env = {k: v for k, v in os.environ.items() if k != "TZDIR"}
    if tzdir is not None:
        env["TZDIR"] = tzdir
    env["PYTHONPATH"] = os.pathsep.join(sys.path)
    code = f"SYSTEM = {system!r}\nTZDATA = {None if tzdata is None else str(tzdata)!r}\n" + _CHILD
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=60)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)  # type: ignore[no-any-return]


@pytest.fixture(scope="module")
def fake_tzdata(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A tzdata package (pip's layout) whose zoneinfo holds UTC and Asia/Shanghai
    only, version 2099a: what is read from it is known to come from it."""
    root = tmp_path_factory.mktemp("site")
    zoneinfo = root / "tzdata" / "zoneinfo"
    (zoneinfo / "Asia").mkdir(parents=True)
    (root / "tzdata" / "__init__.py").write_text('__version__ = "2099.1"\n')
    source = Path("/usr/share/zoneinfo") if os.path.isdir("/usr/share/zoneinfo") else Path(os.environ.get("TZDIR", "/"))
    for zone in ("UTC", "Asia/Shanghai"):
        if not (source / zone).is_file():
            pytest.skip(f"no zone database to copy {zone} from")
        shutil.copyfile(source / zone, zoneinfo / zone)
    (zoneinfo / "tzdata.zi").write_text("# version 2099a\n")
    return root


def test_tzdir_when_set_is_left_alone(fake_tzdata: Path) -> None:
    got = _in_a_process(tzdir=str(fake_tzdata / "tzdata" / "zoneinfo"), system=False, tzdata=None)
    assert got["zone_database"] == f"$TZDIR ({fake_tzdata / 'tzdata' / 'zoneinfo'})"
    assert got["sources"]["Asia/Shanghai"] == "tzdata 2099a"


@pytest.mark.skipif(not os.path.isdir("/usr/share/zoneinfo"), reason="no system zoneinfo here")
def test_the_system_zoneinfo_comes_first(fake_tzdata: Path) -> None:
    got = _in_a_process(system=True, tzdata=fake_tzdata)
    assert got["zone_database"].startswith("system (") and got["tzdir"] is None
    assert got["sources"]["Europe/Berlin"].startswith("tzdata ")  # the system's, not the package's


@pytest.mark.parametrize("tzdir", [None, ""], ids=["unset", "empty"])
def test_the_tzdata_package_where_the_system_has_none(fake_tzdata: Path, tzdir: Optional[str]) -> None:
    folder = str(fake_tzdata / "tzdata" / "zoneinfo")
    got = _in_a_process(tzdir=tzdir, system=False, tzdata=fake_tzdata)
    assert got["zone_database"].startswith("tzdata package 2099.1") and got["tzdir"] == folder
    # Set before the library was loaded, so before it could read TZDIR (once, on its first use).
    assert got["tzdir_at_load"] == folder
    assert got["sources"]["Asia/Shanghai"] == "tzdata 2099a"  # read from the package's folder
    # Berlin is not in it: the library refuses it (1.1 fell back to ICU's rules); never another folder's file.
    assert not got["sources"]["Europe/Berlin"].startswith("tzdata ")


def test_no_zone_database_at_all_is_said() -> None:
    got = _in_a_process(system=False, tzdata=None)
    said = got["zone_database"]
    assert said.startswith("none:") and "TimeZoneError" in said and "install tzdata" in said
    assert "built-in" not in said and got["tzdir"] is None and got["tzdir_at_load"] is None


@pytest.mark.skipif(
    os.path.isdir("/usr/share/zoneinfo") or not os.environ.get("TZDIR"), reason="the machine has a system zoneinfo"
)
def test_without_system_zoneinfo_the_labels_use_tzdata() -> None:
    f = feeddate.Formatter("chat_list", locale="zh_CN", tz="America/Mexico_City")
    assert f.tz_source.startswith("tzdata ") and "tzdata package" in _ffi.zone_database
