"""format_many's batches come from fd_format_many_nul: each label ends in a NUL, so
a chunk is one text that Python decodes and splits in two C steps
(feeddate._formatter._split), whatever its script: ASCII, dense (Chinese, Arabic),
or with characters outside the BMP. Checked against format() label by label, with
numpy and without, across chunks and the buffer's retry; a library that gave the
wrong number of labels is an InternalError, never shifted labels; and the raw
layer's declarations (for ctypes users) give the library's labels."""

from __future__ import annotations

import ctypes
import sys
from datetime import datetime, timezone
from typing import Any, List

import feeddate
import pytest
from conftest import hide_numpy
from feeddate import _ffi, _formatter
from feeddate._errors import FD_ERR_BUFFER

NOW = datetime(2024, 3, 25, 6, 30, tzinfo=timezone.utc)
NOW_S = 1711348200
# Every 7 hours back for 120 days: times, yesterday, weekdays, dates.
INSTANTS = [NOW_S - 7 * 3600 * i for i in range(412)]
# UTF-16 in the machine's byte order, as the library writes it.
UTF16 = "utf-16-le" if sys.byteorder == "little" else "utf-16-be"


@pytest.mark.parametrize(
    ("style", "locale", "astral"),
    [
        ("relative", "en_US", False),  # ASCII
        ("feed", "en_US", False),  # U+202F before AM/PM
        ("feed", "zh_CN", False),  # "昨天", "3月25日"
        ("feed", "ar_EG", False),  # Arabic-Indic digits
        ("feed", "ru_RU", False),  # Cyrillic
        ("feed", "ff_Adlm_GN", True),  # Adlam digits and words: outside the BMP
        ("chat_list", "ccp", True),  # Chakma
    ],
)
@pytest.mark.parametrize("size", [1, 5, 300])
def test_every_script_splits_into_formats_labels(
    style: str, locale: str, astral: bool, size: int, numpy_state: str
) -> None:
    f = feeddate.Formatter(style, locale=locale, tz="Asia/Shanghai")
    ts = INSTANTS[:size]
    expected = [f.format(t, NOW) for t in ts]
    if size > 1:
        assert astral == any(ord(c) > 0xFFFF for label in expected for c in label)
    assert f.format_many(ts, NOW) == expected
    assert f.batch(ts, NOW).texts == expected
    assert f.format_many([t * 1000 for t in ts], NOW, unit="ms") == expected


def test_chunks_and_retry(monkeypatch: pytest.MonkeyPatch) -> None:
    """Several chunks, and a first guess of the buffer that is too short (FD_ERR_BUFFER,
    then the size the library reported, NULs counted), astral and BMP labels in one batch."""
    monkeypatch.setattr(_formatter, "_MANY_CHUNK", 37)
    monkeypatch.setattr(_formatter, "_MANY_BYTES_PER_LABEL", 1)
    hide_numpy(monkeypatch)
    calls: List[Any] = []
    real = _formatter._fd_format_many_nul
    monkeypatch.setattr(_formatter, "_fd_format_many_nul", lambda *a: calls.append(a[5]) or real(*a))
    for locale in ("zh_CN", "ff_Adlm_GN", "en_US"):
        f = feeddate.Formatter("feed_detail", locale=locale, tz="Asia/Shanghai")
        expected = [f.format(t, NOW) for t in INSTANTS]
        calls.clear()
        assert f.format_many(INSTANTS, NOW) == expected, locale
        assert len(calls) > -(-len(INSTANTS) // 37), locale  # more calls than chunks: a retry at least
        assert calls[0] == 37 * 2 and calls[1] > calls[0], locale


def test_a_wrong_count_of_labels_is_an_internal_error(monkeypatch: pytest.MonkeyPatch) -> None:
    """Labels hold no NUL (feeddate.h); a library that wrote one inside a label would
    shift every label after it: refused, by name, rather than returned."""
    real = _formatter._fd_format_many_nul

    def one_nul_too_many(handle: Any, at: int, m: int, now: int, buf: Any, cap: int, ends: int, nxt: Any) -> int:
        status = real(handle, at, m, now, buf, cap, ends, nxt)
        buf[0] = b"\0"  # inside the first label
        return status

    monkeypatch.setattr(_formatter, "_fd_format_many_nul", one_nul_too_many)
    f = feeddate.Formatter("feed", locale="zh_CN", tz="UTC")
    with pytest.raises(feeddate.InternalError, match=r"fd_format_many_nul gave 11 labels for 10 instants"):
        f.format_many(INSTANTS[:10], NOW)


def test_errors_name_the_element() -> None:
    f = feeddate.Formatter("feed", locale="zh_CN", tz="UTC")
    with pytest.raises(feeddate.RangeError, match=r"ts\[10\]"):
        f.format_many(INSTANTS[:10] + [1e300], NOW)  # refused by the conversion
    with pytest.raises(feeddate.RangeError, match=r"ts\[10\]"):
        f.format_many(INSTANTS[:10] + [10**13], NOW)  # refused by the library, then named


def test_the_raw_layer_declares_fd_format_many_nul() -> None:
    """_ffi's raw declaration: fd_format_many's labels, a NUL after each, ends counting
    the NULs; a buffer one byte short is FD_ERR_BUFFER with the size needed."""
    f = feeddate.Formatter("chat_bubble", locale="zh_CN", tz="Asia/Shanghai")
    ts = (ctypes.c_int64 * 40)(*[t * 1000 for t in INSTANTS[:40]])
    plain_ends, nul_ends = (ctypes.c_size_t * 40)(), (ctypes.c_size_t * 40)()
    plain, nul = ctypes.create_string_buffer(40 * 256), ctypes.create_string_buffer(40 * 256)
    assert _ffi.fd_format_many(f._handle, ts, 40, NOW_S * 1000, plain, 40 * 256, plain_ends, None) == 0
    assert _ffi.fd_format_many_nul(f._handle, ts, 40, NOW_S * 1000, nul, 40 * 256, nul_ends, None) == 0
    labels = [plain.raw[(plain_ends[i - 1] if i else 0) : plain_ends[i]] for i in range(40)]
    assert [nul_ends[i] for i in range(40)] == [plain_ends[i] + i + 1 for i in range(40)]
    assert nul.raw[: nul_ends[39]] == b"".join(label + b"\0" for label in labels)
    assert [label.decode() for label in labels] == [f.format(t, NOW) for t in INSTANTS[:40]]
    short = ctypes.create_string_buffer(nul_ends[39] - 1)
    assert _ffi.fd_format_many_nul(f._handle, ts, 40, NOW_S * 1000, short, len(short), nul_ends, None) == FD_ERR_BUFFER
    assert nul_ends[39] == len(short) + 1


def test_the_raw_layer_declares_fd_format_utf16_call_as_fd_format_utf16() -> None:
    """_ffi's raw declaration (for ctypes users): the same code units and fd_label."""
    f = feeddate.Formatter("chat_bubble", locale="zh_CN", tz="Asia/Shanghai")
    handle = f._handle  # noqa: SLF001
    for t in INSTANTS[:40]:
        direct, via = (ctypes.c_uint16 * 256)(), (ctypes.c_uint16 * 256)()
        a, b = _ffi.fd_label(), _ffi.fd_label()
        s1 = _ffi.fd_format_utf16(handle, t * 1000, NOW_S * 1000, ctypes.addressof(direct), 256, ctypes.byref(a))
        call = _ffi.fd_utf16_call(handle, t * 1000, NOW_S * 1000, ctypes.addressof(via), 256, ctypes.addressof(b))
        s2 = _ffi.fd_format_utf16_call(ctypes.byref(call))
        assert s1 == s2 == 0
        assert bytes(direct) == bytes(via)
        assert [getattr(a, n) for n, _ in a._fields_] == [getattr(b, n) for n, _ in b._fields_]
        text = bytes(via)[: 2 * a.length].decode(UTF16)
        assert text == f.format(t, NOW)
    assert _ffi.fd_format_utf16_call(None) == 1  # FD_ERR_ARGUMENT
