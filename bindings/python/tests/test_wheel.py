"""What the wheel promises: its own library and ICU first, and a zone database
on machines without one (tools/wheel-build.sh, `make wheel-check`).

The tests about an installed wheel run where the package carries
libfeeddate.so.1 (in the Debian 13 root of `make wheel-check`); from a
checkout they are skipped. The zone database choice is tested everywhere.
"""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

import feeddate
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
    assert re.search(r"/libicuuc[-.]", _ffi.icu_library_path())


@from_wheel
def test_the_wheel_loads_its_own_library_and_icu() -> None:
    assert feeddate.library_path() == str(BUNDLED)
    libs = PACKAGE.parent / "feeddate.libs"
    icu = [f for f in _ffi.loaded_files() if os.path.basename(f).startswith("libicu")]
    assert len(icu) == 3, icu  # uc, i18n and the trimmed data
    assert all(Path(f).parent == libs for f in icu), icu
    assert all(re.fullmatch(r"libicu(uc|i18n|data)-[0-9a-f]{8}\.so\.72(\.\d+)*", Path(f).name) for f in icu), icu
    assert feeddate.icu_version().startswith("72.")


@from_wheel
def test_installed_search_order_is_the_wheel_then_the_system(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("FEEDDATE_LIBRARY", raising=False)
    assert not _ffi._in_checkout()
    assert [where for _, where in _ffi._candidates()] == [str(BUNDLED), "libfeeddate.so.1"]


def test_command_version_names_library_and_icu(capsys: pytest.CaptureFixture[str]) -> None:
    from feeddate.cli import main

    with pytest.raises(SystemExit):
        main(["--version"])
    out = "".join(capsys.readouterr().out.split())  # argparse wraps it to the terminal's width
    assert f"at{feeddate.library_path()}," in out
    icu_file = "".join((_ffi.icu_library_path() or "an unknown path").split())  # no /proc: unknown
    assert f"ICU{feeddate.icu_version()}at{icu_file})" in out


# ---- the zone database --------------------------------------------------------------


def _choose(monkeypatch: pytest.MonkeyPatch, *, tzdir: str = "", system: bool, tzdata: object = None) -> str:
    monkeypatch.setenv("TZDIR", tzdir)  # restored after the test, whatever the choice sets
    if not tzdir:
        monkeypatch.delenv("TZDIR")
    monkeypatch.setattr(_ffi, "SYSTEM_ZONEINFO", "/usr/share/zoneinfo" if system else "/nonexistent/zoneinfo")
    monkeypatch.setitem(sys.modules, "tzdata", tzdata)  # None: import fails
    return _ffi._choose_zone_database()


def test_tzdir_when_set_is_left_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    assert _choose(monkeypatch, tzdir="/some/zoneinfo", system=False) == "$TZDIR (/some/zoneinfo)"
    assert os.environ["TZDIR"] == "/some/zoneinfo"


@pytest.mark.skipif(not os.path.isdir("/usr/share/zoneinfo"), reason="no system zoneinfo here")
def test_the_system_zoneinfo_comes_first(monkeypatch: pytest.MonkeyPatch) -> None:
    assert _choose(monkeypatch, system=True).startswith("system (")
    assert "TZDIR" not in os.environ


def test_the_tzdata_package_where_the_system_has_none(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    (tmp_path / "zoneinfo").mkdir()
    (tmp_path / "zoneinfo" / "UTC").write_bytes(b"TZif")
    fake = SimpleNamespace(__file__=str(tmp_path / "__init__.py"), __version__="2099.1")
    said = _choose(monkeypatch, system=False, tzdata=fake)
    assert said.startswith("tzdata package 2099.1") and os.environ["TZDIR"] == str(tmp_path / "zoneinfo")


def test_no_zone_database_at_all_is_said(monkeypatch: pytest.MonkeyPatch) -> None:
    said = _choose(monkeypatch, system=False, tzdata=None)
    assert said.startswith("none:") and "ICU" in said and "TZDIR" not in os.environ


@pytest.mark.skipif(os.path.isdir("/usr/share/zoneinfo") or not os.environ.get("TZDIR"),
                    reason="the machine has a system zoneinfo")
def test_without_system_zoneinfo_the_labels_use_tzdata() -> None:
    f = feeddate.Formatter("chat_list", locale="zh_CN", tz="America/Mexico_City")
    assert f.tz_source.startswith("tzdata ") and "tzdata package" in _ffi.zone_database
