"""One quoting rule (issue 37 item 2): the cases of Tests/vectors/quote/quote-1.3.jsonl
(or of $FEEDDATE_QUOTE_VECTORS) through the package. feeddate._ffi.quote, the
thin wrapper over fd_quote the package words its own messages with, gives each
case's "quoted"; and a Formatter made with the case's str as its tz fails with
a message holding "quoted": the library's own (a lone surrogate reaches it as
WTF-8), or for a NUL, which no C string carries, the package's, quoted by
fd_quote. A missing or empty file fails the suite (no skips). The header's
rule and the C reference: check_quote_vectors in Tests/c/test_api.c."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any, Dict, List, Optional

import feeddate
import pytest
from conftest import REPO
from feeddate import _ffi

QUOTE_VECTORS_ENV = "FEEDDATE_QUOTE_VECTORS"


def quote_vector_file() -> Path:
    """$FEEDDATE_QUOTE_VECTORS when set, else the repository's quote-1.3.jsonl."""
    named = os.environ.get(QUOTE_VECTORS_ENV)
    return Path(named) if named else REPO / "Tests" / "vectors" / "quote" / "quote-1.3.jsonl"


def load_cases() -> List[Dict[str, Any]]:
    """Every case of the file; an AssertionError (a failure, never a skip) when
    it is missing or holds none."""
    path = quote_vector_file()
    assert path.is_file(), f"no quote vectors at {path}: set {QUOTE_VECTORS_ENV} or restore the file"
    cases = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    assert cases, f"{path}: no quote vector"
    return cases


def as_str(case: Dict[str, Any]) -> Optional[str]:
    """The case's value as a Python str (from its UTF-16 code units, a lone
    surrogate kept), or None for bytes no str holds (invalid UTF-8)."""
    units = case.get("utf16")
    if units is None:
        return None
    return b"".join(u.to_bytes(2, "little") for u in units).decode("utf-16-le", "surrogatepass")


def test_quote_vectors_file_is_found_and_read() -> None:
    cases = load_cases()
    assert len(cases) >= (1 if os.environ.get(QUOTE_VECTORS_ENV) else 20)
    assert all({"case", "bytes", "nul", "quoted"} <= set(c) for c in cases)


def test_quote_gives_each_cases_quoted_text() -> None:
    ran = 0
    wrong = []
    for case in load_cases():
        data = bytes.fromhex(case["bytes"])
        if _ffi.quote(data) != case["quoted"]:
            wrong.append(f"{case['case']}: bytes quoted {_ffi.quote(data)}, want {case['quoted']}")
        text = as_str(case)
        if text is not None:
            # The str reaches the library as these bytes (WTF-8 for a lone surrogate).
            if text.encode("utf-8", "surrogatepass") != data:
                wrong.append(f"{case['case']}: str encodes to {text.encode('utf-8', 'surrogatepass').hex()}")
            if _ffi.quote(text) != case["quoted"]:
                wrong.append(f"{case['case']}: str quoted {_ffi.quote(text)}, want {case['quoted']}")
        ran += 1
    assert ran > 0
    assert not wrong, "\n".join(wrong)


def test_a_formatter_with_the_value_as_its_zone_quotes_it() -> None:
    ran = 0
    wrong = []
    for case in load_cases():
        text = as_str(case)
        if text is None:  # invalid UTF-8: a str never holds it (bytes are not a zone id: a TypeError's business)
            continue
        try:
            feeddate.Formatter("feed", locale="en_US", tz=text)
        except feeddate.TimeZoneError as exc:
            message = str(exc)
            if case["quoted"] not in message:
                wrong.append(f"{case['case']}: {message!r} does not hold {case['quoted']}")
            if case["nul"] and "NUL" not in message:
                wrong.append(f"{case['case']}: {message!r} does not say it is the NUL")
        else:
            wrong.append(f"{case['case']}: tz={text!r} was accepted")
        ran += 1
    assert ran > 0
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize(
    "name, error",
    [("locale", feeddate.LocaleError), ("tz", feeddate.TimeZoneError), ("tomorrow_text", feeddate.ArgumentError)],
)
def test_a_nul_in_a_string_option_is_refused_quoting_the_value(name: str, error: type) -> None:
    with pytest.raises(error) as info:
        feeddate.Formatter("feed", **{"locale": "en_US", "tz": "UTC", name: "a\x1b\0b"})  # type: ignore[arg-type]
    assert str(info.value).startswith(f'{name}="a\\x1b\\x00b": contains a NUL character'), str(info.value)


@pytest.mark.parametrize(
    "name, error, words",
    [
        ("locale", feeddate.LocaleError, 'malformed locale id "en_\\xed\\xa0\\x80" (not UTF-8)'),
        ("tz", feeddate.TimeZoneError, 'unknown time zone "en_\\xed\\xa0\\x80" (not UTF-8)'),
        ("tomorrow_text", feeddate.ArgumentError, "tomorrow_text is not valid UTF-8"),
    ],
)
def test_a_lone_surrogate_reaches_the_library_which_words_the_error(name: str, error: type, words: str) -> None:
    with pytest.raises(error) as info:
        feeddate.Formatter("feed", **{"locale": "en_US", "tz": "UTC", name: "en_\ud800"})  # type: ignore[arg-type]
    assert words in str(info.value), str(info.value)


def test_quote_reads_only_what_the_library_reads() -> None:
    huge = "x" * 10_000_000
    assert _ffi.quote(huge) == '"' + "x" * 64 + '…"' == _ffi.quote(huge.encode())
    assert _ffi.quote("") == '""' == _ffi.quote(b"")
    assert _ffi.FD_QUOTE_CAPACITY == 262


def test_the_zone_hint_finds_the_zone_as_the_library_quoted_it() -> None:
    from feeddate import _options

    message = 'unknown time zone "Asia/\\nShanghi": pass an IANA zone id like "Asia/Shanghai"'
    assert (
        _options.zone_hint(message, "Asia/\nShanghi")
        == 'unknown time zone "Asia/\\nShanghi": did you mean "Asia/Shanghai"?'
    )


def test_a_tz_path_hint_never_writes_a_control_character_out() -> None:
    from feeddate import _options

    message = (
        "TZ=/a\\x1b/zoneinfo/Asia/Shangai is not a zone: the path is not a file of the zone database "
        '/usr/share/zoneinfo; set TZ to an IANA id like "Asia/Shanghai", a POSIX TZ string like "CST-8", or unset it'
    )
    assert _options.host_zone_hint(message, "/a\x1b/zoneinfo/Asia/Shangai") == message


def test_names_and_ids_in_the_packages_own_messages_are_quoted_by_the_library() -> None:
    import argparse

    from feeddate import _options, _table, cli

    with pytest.raises(feeddate.ArgumentError, match=r'^width="w\\x1bide": use one of'):
        feeddate.Formatter("feed", width="w\x1bide")
    with pytest.raises(argparse.ArgumentTypeError, match=r'^invalid choice: "f\\x1beed": '):
        cli._enum_arg(_options.BY_NAME["style"])("f\x1beed")
    assert _table._shown("Mars/\x1b[2J") == '"Mars/\\x1b[2J"' and _table._shown(None) == "None"
