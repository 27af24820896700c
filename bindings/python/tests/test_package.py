"""The binding mirrors include/feeddate.h and loads the library the documented way."""

from __future__ import annotations

import ctypes
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Dict, List

import feeddate
import pytest
from conftest import HEADER, load_vectors, vector_files
from feeddate import _ffi

HEADER_TEXT = HEADER.read_text(encoding="utf-8")
PACKAGE = Path(feeddate.__file__).parent


def _defines() -> Dict[str, str]:
    return dict(re.findall(r"^#define (FD_\w+) \(?([^\s)]+)", HEADER_TEXT, re.M))


def _struct_fields(name: str) -> List[str]:
    body = re.search(r"typedef struct %s \{(.*?)\} %s;" % (name, name), HEADER_TEXT, re.S)
    assert body, name
    code = re.sub(r"/\*.*?\*/", " ", body.group(1), flags=re.S)  # a comment's "... folder;" is no field
    return re.findall(r"^\s+[\w\s*]+?\**(\w+);", code, re.M)


def _header_version() -> str:
    """FD_VERSION_STRING, which the header derives from the three numbers."""
    defines = _defines()
    assert "FD_STRINGIFY(FD_VERSION_MAJOR)" in HEADER_TEXT  # still derived, not written out
    return ".".join(defines[f"FD_VERSION_{part}"] for part in ("MAJOR", "MINOR", "PATCH"))


def test_package_version_is_the_header_version() -> None:
    assert feeddate.__version__ == _header_version()


def test_loaded_library_is_this_version() -> None:
    assert feeddate.library_version() == feeddate.__version__ == _header_version()
    assert _ffi.fd_version() == int(_defines()["FD_VERSION_MAJOR"]) * 10000 + int(
        _defines()["FD_VERSION_MINOR"]
    ) * 100 + int(_defines()["FD_VERSION_PATCH"])


HEADER_VECTORS_ENV = "FEEDDATE_HEADER_VECTORS"


def _header_constants() -> Dict[str, int]:
    """The header's enum values and numeric #defines (the version's left out):
    Tests/vectors/header/header.jsonl, or the files $FEEDDATE_HEADER_VECTORS
    names, which make check-vectors holds to include/feeddate.h and the compiler."""
    files = vector_files(sub="header", variable=HEADER_VECTORS_ENV)
    return {c["name"]: int(c["value"]) for c in load_vectors(files)}


def _declared() -> Dict[str, int]:
    """Every FD_ constant the package declares by hand (_ffi and _errors)."""
    return {
        name: value
        for module in (_ffi, feeddate._errors)
        for name, value in vars(module).items()
        if name.startswith("FD_") and isinstance(value, int)
    }


def test_constants_match_the_header() -> None:
    """Each constant the binding repeats is the header's (a release that changes
    a limit in include/feeddate.h fails here until _ffi.py follows); every status
    and enum value of the header has its counterpart."""
    header = _header_constants()
    assert len(header) >= 40, sorted(header)
    declared = _declared()
    for name, value in declared.items():
        assert name in header, f"{name} = {value} is not in feeddate.h"
        assert value == header[name], f"{name}: {value} here, {header[name]} in feeddate.h"
    # The enum values: the header's constants that are no #define of it (and
    # every #define of it but the version's is one of the header's constants).
    defines = set(_defines())
    enums = {name: value for name, value in header.items() if name not in defines}
    assert len(enums) >= 21 and {d for d in defines if not d.startswith("FD_VERSION_")} <= set(header)
    missing = [name for name in enums if name not in declared]
    assert not missing, f"feeddate.h declares {missing}; the package does not"
    for name in header:
        if name.startswith(("FD_SCHEDULE_", "FD_ERR_")) or name.endswith("_CAPACITY"):
            assert name in declared, f"feeddate.h declares {name}; the package does not"


@pytest.mark.parametrize("struct", [_ffi.fd_options, _ffi.fd_label])
def test_structures_mirror_the_header(struct: type) -> None:
    assert [field[0] for field in struct._fields_] == _struct_fields(struct.__name__)  # type: ignore[attr-defined]


def test_options_size_is_what_the_library_expects() -> None:
    opts = _ffi.fd_options()
    size = ctypes.sizeof(_ffi.fd_options)
    assert _ffi.fd_options_init_sized(ctypes.byref(opts), size, _ffi.FD_STYLE_CHAT_LIST) == 0
    assert opts.size == size
    assert (opts.style, opts.just_now_ms, opts.weekday_window_days, opts.precision) == (2, 60000, 6, 1)


def test_unpublished_options_size_is_refused_with_the_library_message() -> None:
    opts = _ffi.fd_options()
    status = _ffi.fd_options_init_sized(ctypes.byref(opts), 3, _ffi.FD_STYLE_FEED)
    with pytest.raises(feeddate.ArgumentError, match="size 3 is not a published fd_options layout"):
        _ffi.check(status)


def test_formatter_passes_the_size_of_the_binding_struct(monkeypatch: pytest.MonkeyPatch) -> None:
    sizes: List[int] = []
    seen: List[int] = []
    init, new = _ffi.fd_options_init_sized, _ffi.fd_formatter_new

    def init_spy(opts: object, size: int, style: int) -> int:
        sizes.append(size)
        return init(opts, size, style)

    def new_spy(opts: "ctypes._Pointer[_ffi.fd_options]", out: object) -> int:
        seen.append(ctypes.cast(opts, ctypes.POINTER(_ffi.fd_options)).contents.size)
        return new(opts, out)

    monkeypatch.setattr(_ffi, "fd_options_init_sized", init_spy)
    monkeypatch.setattr(_ffi, "fd_formatter_new", new_spy)
    feeddate.Formatter("feed", locale="en_US", tz="UTC")
    assert sizes == seen == [ctypes.sizeof(_ffi.fd_options)]


def test_icu_version() -> None:
    assert re.fullmatch(r"\d+\.\d+(\.\d+)*", feeddate.icu_version())
    assert "icu_version" in feeddate.__all__


def test_data_version() -> None:
    """SPEC 13 (1.3): ICU 78.3 and CLDR 48 inside the library, and the zone
    database's tzdata version; the C function's text, as it is."""
    assert re.fullmatch(r"ICU 78\.3; CLDR 48\.0; tzdata \S+", feeddate.data_version())
    c = ctypes.CDLL(feeddate.library_path()).fd_data_version
    c.restype = ctypes.c_char_p
    assert feeddate.data_version() == c().decode("utf-8")
    assert "data_version" in feeddate.__all__


def test_every_function_is_declared_once() -> None:
    source = Path(_ffi.__file__).read_text(encoding="utf-8")
    names = re.findall(r'"(fd_\w+)"', source)
    assert sorted(names) == sorted(set(names))  # each symbol named once: in its _declare
    assert "_lib[" not in source and "_lib_keeping_gil[" not in source
    assert not re.search(r"\b_lib\.fd_|\b_lib_keeping_gil\.fd_|\.\w*dll\.fd_", source)
    # The rest of the package reaches the library only through _ffi's names.
    for module in PACKAGE.glob("*.py"):
        if module.name != "_ffi.py":
            text = module.read_text(encoding="utf-8")
            assert "_handle)" not in text and "CDLL" not in text and "PyDLL" not in text, module.name


def test_every_function_has_its_prototype_beside_it() -> None:
    source = Path(_ffi.__file__).read_text(encoding="utf-8")
    declared = re.findall(r'^(fd_\w+) = _declare\(\s*"(fd_\w+)"', source, re.M)
    prototypes = set(re.findall(r"^[\w\s*]+?\b(fd_\w+)\(", HEADER_TEXT, re.M))
    assert {py for py, c in declared if py == c} == prototypes
    for name in prototypes:
        assert re.search(rf"^# .*\b{name}\(.*\n(#.*\n)*{name} = _declare", source, re.M), name


def test_typed_package() -> None:
    assert (PACKAGE / "py.typed").exists()


def _import_with(env_library: str) -> "subprocess.CompletedProcess[str]":
    env = {**os.environ, "FEEDDATE_LIBRARY": env_library, "PYTHONPATH": os.pathsep.join(sys.path)}
    return subprocess.run(
        [sys.executable, "-c", "import feeddate"], capture_output=True, text=True, env=env, timeout=60
    )


def test_import_error_says_where_it_looked_and_what_to_do() -> None:
    result = _import_with("/nonexistent/libfeeddate.so.1")
    assert result.returncode != 0
    assert "ImportError" in result.stderr
    assert "/nonexistent/libfeeddate.so.1" in result.stderr
    assert "make lib" in result.stderr and "FEEDDATE_LIBRARY" in result.stderr and "libfeeddate1" in result.stderr


def test_import_error_for_a_library_that_is_not_feeddate() -> None:
    result = _import_with("libm.so.6")
    assert result.returncode != 0
    assert "ImportError" in result.stderr and "no symbol fd_" in result.stderr


def test_search_order_without_the_variable(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("FEEDDATE_LIBRARY", raising=False)
    places = [where for _, where in _ffi._candidates()]
    assert _ffi._in_checkout()  # the tests run from the checkout
    assert places == [str(PACKAGE.resolve() / "libfeeddate.so.1"), str(_ffi._repo_build_path()), "libfeeddate.so.1"]
    assert str(_ffi._repo_build_path()).endswith("/build/lib/libfeeddate.so.1")
    monkeypatch.setenv("FEEDDATE_LIBRARY", "/x/libfeeddate.so.1")
    assert [where for _, where in _ffi._candidates()] == ["/x/libfeeddate.so.1"]
