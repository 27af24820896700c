"""format_many's UTF-16 batches (feeddate._formatter._split16): where Python splits
the labels itself and a formatter's recent batches were not all ASCII (a counter
of 0..3, up for such a batch, down for an ASCII one, UTF-16 from 2 up), the next
comes from fd_format_many_utf16, decoded at once and sliced by the library's
offsets. Checked against format() label by label, both ways of the counter,
across chunks and the buffer's retry, and with characters outside the BMP (two
code units, one str character), where the slices would be wrong and each label
is decoded apart."""

from __future__ import annotations

from datetime import datetime, timezone
from typing import Any, List

import pytest

from conftest import hide_numpy

import feeddate
from feeddate import _formatter

NOW = datetime(2024, 3, 25, 6, 30, tzinfo=timezone.utc)
NOW_S = 1711348200
# Every 7 hours back for 120 days: times, yesterday, weekdays, dates.
INSTANTS = [NOW_S - 7 * 3600 * i for i in range(412)]


def _calls(monkeypatch: pytest.MonkeyPatch) -> List[str]:
    """The library batch calls format_many makes, by name."""
    made: List[str] = []
    for name in ("_fd_format_many", "_fd_format_many_utf16"):
        real = getattr(_formatter, name)
        monkeypatch.setattr(_formatter, name, lambda *a, real=real, name=name: made.append(name) or real(*a))
    return made


@pytest.mark.parametrize(("style", "locale", "astral"), [
    ("feed", "zh_CN", False),            # "昨天", "3月25日"
    ("feed", "ar_EG", False),            # Arabic-Indic digits
    ("feed", "ru_RU", False),            # Cyrillic
    ("feed", "ff_Adlm_GN", True),        # Adlam digits and words: outside the BMP
    ("chat_list", "ccp", True),          # Chakma
])
@pytest.mark.parametrize("size", [5, 300])
def test_wide_labels_come_as_utf16_after_two_batches(style: str, locale: str, astral: bool, size: int,
                                                         numpy_state: str, monkeypatch: pytest.MonkeyPatch) -> None:
    f = feeddate.Formatter(style, locale=locale, tz="Asia/Shanghai")
    ts = INSTANTS[:size]
    expected = [f.format(t, NOW) for t in ts]
    assert any(not label.isascii() for label in expected)
    assert astral == any(ord(c) > 0xFFFF for label in expected for c in label)
    made = _calls(monkeypatch)
    assert f.format_many(ts, NOW) == expected  # UTF-8: the formatter's first two batches
    assert f.format_many(ts, NOW) == expected
    assert f.format_many(ts, NOW) == expected  # UTF-16 where Python splits
    python_splits = numpy_state == "numpy not imported" or size < _formatter._NUMPY_SPLIT_MIN
    assert made == ["_fd_format_many"] * 2 + ["_fd_format_many_utf16" if python_splits else "_fd_format_many"]
    assert f.batch(ts, NOW).texts == expected


def test_the_counter_follows_the_labels(monkeypatch: pytest.MonkeyPatch) -> None:
    """ASCII batches stay UTF-8, and so do English ones whose one non-ASCII character a label
    is U+202F (not dense: decoding each label costs as much); two dense batches in a row make
    the next UTF-16; an ASCII batch counts down; batches that alternate stay UTF-8."""
    made = _calls(monkeypatch)
    f = feeddate.Formatter("relative", locale="en_US", tz="UTC")
    ascii_ts = [NOW_S - 3600 * i for i in range(2, 50)]  # "2 hours ago" ...
    english = feeddate.Formatter("chat_bubble", locale="en_US", tz="UTC")
    for _ in range(3):
        assert f.format_many(ascii_ts, NOW) == [f.format(t, NOW) for t in ascii_ts]
        assert english.format_many(INSTANTS[:50], NOW) == [english.format(t, NOW) for t in INSTANTS[:50]]
    assert made == ["_fd_format_many"] * 6
    # FEED zh_CN: today's times ASCII ("06:29"), days dense ("昨天", "星期五").
    g = feeddate.Formatter("feed", locale="zh_CN", tz="UTC")
    days = [NOW_S - 86400 * d for d in range(1, 6)]
    times = [NOW_S - 60 * m for m in range(1, 30)]
    expected = {id(days): [g.format(t, NOW) for t in days], id(times): [g.format(t, NOW) for t in times]}
    order = [days, times] * 3 + [days, days, days, times, times, times, days]
    del made[:]
    for ts in order:
        assert g.format_many(ts, NOW) == expected[id(ts)]
    u8, u16 = "_fd_format_many", "_fd_format_many_utf16"
    # alternating: counter 1, 0, 1, 0 ...: never UTF-16; then 1, 2, 3 (the third time UTF-16),
    # times at 3 and 2 (UTF-16, wrong), then at 1 (UTF-8), days at 0 (UTF-8)
    assert made == [u8] * 6 + [u8, u8, u16, u16, u16, u8, u8]


def test_utf16_chunks_and_retry(monkeypatch: pytest.MonkeyPatch) -> None:
    """Several chunks, a first guess of the buffer that is too short (FD_ERR_BUFFER, then
    the size the library reported, in code units), astral and BMP labels in one batch."""
    monkeypatch.setattr(_formatter, "_MANY_CHUNK", 37)
    monkeypatch.setattr(_formatter, "_MANY_BYTES_PER_LABEL", 1)
    hide_numpy(monkeypatch)
    for locale in ("zh_CN", "ff_Adlm_GN"):
        f = feeddate.Formatter("feed_detail", locale=locale, tz="Asia/Shanghai")
        expected = [f.format(t, NOW) for t in INSTANTS]
        made = _calls(monkeypatch)
        for _ in range(3):
            assert f.format_many(INSTANTS, NOW) == expected, locale
        assert "_fd_format_many_utf16" in made, locale


def test_utf16_errors_name_the_element_as_before(monkeypatch: pytest.MonkeyPatch) -> None:
    f = feeddate.Formatter("feed", locale="zh_CN", tz="UTC")
    f.format_many(INSTANTS[:10], NOW)
    f.format_many(INSTANTS[:10], NOW)  # two wide batches: the next is UTF-16
    bad: List[Any] = INSTANTS[:10] + [1e300]
    with pytest.raises(feeddate.RangeError) as wide_error:
        f.format_many(bad, NOW)
    g = feeddate.Formatter("feed", locale="zh_CN", tz="UTC")  # its first batch: UTF-8
    with pytest.raises(feeddate.RangeError) as narrow_error:
        g.format_many(bad, NOW)
    assert str(wide_error.value) == str(narrow_error.value)
    assert "ts[10]" in str(wide_error.value)
    # an instant the library refuses (after the conversion): its status, the same message
    far: List[Any] = INSTANTS[:10] + [10**13]
    made = _calls(monkeypatch)
    with pytest.raises(feeddate.RangeError) as wide_error:
        f.format_many(far, NOW)
    with pytest.raises(feeddate.RangeError) as narrow_error:
        feeddate.Formatter("feed", locale="zh_CN", tz="UTC").format_many(far, NOW)
    assert str(wide_error.value) == str(narrow_error.value)
    assert "ts[10]" in str(wide_error.value)
    assert made[0] == "_fd_format_many_utf16"


def test_the_raw_layer_declares_fd_format_utf16_call_as_fd_format_utf16() -> None:
    """_ffi's raw declaration (for ctypes users): the same code units and fd_label."""
    import ctypes

    from feeddate import _ffi

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
        text = bytes(via)[: 2 * a.length].decode(_formatter._UTF16)
        assert text == f.format(t, NOW)
    assert _ffi.fd_format_utf16_call(None) == 1  # FD_ERR_ARGUMENT
