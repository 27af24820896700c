#!/usr/bin/env python3
"""Writes Tests/vectors/quote/quote-1.3.jsonl: how every message quotes what a
caller passed (SPEC 7, 1.2; feeddate.h, fd_quote). Each case's expected text is
written out here by hand, never computed, so the file checks the library's one
quoting rule (Sources/FeedDate/Support/LogSafe.swift) and every binding that
passes values to it.

One JSON object a line:
  case    a name
  bytes   the value as bytes, in hex: what C, Go, Rust and Swift pass (a lone
          surrogate as its three bytes of WTF-8, as UTF-16 bindings pass it)
  utf16   the value as UTF-16 code units, when it is a string of a UTF-16
          language (Java, JavaScript; Python's str by code points): absent for
          bytes that are no such string (invalid UTF-8)
  nul     true when the value holds a NUL: no C string carries it, so the
          binding words that message itself, quoting with fd_quote
  quoted  the value as every message quotes it, double quotes included

Every suite checks two things per case: its quoting (fd_quote, or the call
its binding wraps) gives `quoted`, and a formatter made with the value as its
time zone fails with a message that contains `quoted`.
"""

import json
import os

CASES = [
    # name, value (str, or bytes for invalid UTF-8), expected quoted text
    ("plain", "Asia/Nowhere", '"Asia/Nowhere"'),
    ("newline and tab", "Asia/\nNowhere\t", '"Asia/\\nNowhere\\t"'),
    ("CR, ESC and BEL", "a\rb\x1b[31mc\x07", '"a\\x0db\\x1b[31mc\\x07"'),
    ("DEL", "x\x7fy", '"x\\x7fy"'),
    ("C1 controls", "x\u0085y\u009bz", '"x\\x85y\\x9bz"'),
    ("letters and NBSP kept", "Amérique/São_Paulo\u00a0東京", '"Amérique/São_Paulo\u00a0東京"'),
    ("astral kept", "Zone/\U0001f600", '"Zone/\U0001f600"'),
    ("invalid bytes", b"a\xff\xfeb", '"a\\xff\\xfeb"'),
    ("truncated sequence", b"\xe6\x97x", '"\\xe6\\x97x"'),
    ("overlong", b"\xc0\xaf", '"\\xc0\\xaf"'),
    ("lone high surrogate", "a\ud800b", '"a\\xed\\xa0\\x80b"'),
    ("lone low surrogate", "\udc00", '"\\xed\\xb0\\x80"'),
    ("reversed pair", "\udc00\ud800", '"\\xed\\xb0\\x80\\xed\\xa0\\x80"'),
    ("lone surrogate at the end", "Asia/Tokyo\ud83d", '"Asia/Tokyo\\xed\\xa0\\xbd"'),
    ("NUL", "Asia/\x00Tokyo", '"Asia/\\x00Tokyo"'),
    ("64 bytes, not cut", "x" * 64, '"' + "x" * 64 + '"'),
    ("65 bytes, cut", "x" * 65, '"' + "x" * 64 + '…"'),
    ("two-byte character across 64", "a" * 63 + "é" + "b" * 4, '"' + "a" * 63 + '…"'),
    ("four-byte character across 64", "a" * 62 + "\U0001f600", '"' + "a" * 62 + '…"'),
    ("escapes count their one byte", "\x1b" * 100, '"' + "\\x1b" * 64 + '…"'),
    ("newline at byte 64", "a" * 63 + "\n" + "b" * 5, '"' + "a" * 63 + '\\n…"'),
    ("lone surrogate across 64", "a" * 62 + "\ud800", '"' + "a" * 62 + '\\xed\\xa0…"'),
]


def row(name, value, quoted):
    if isinstance(value, bytes):
        data, units = value, None
    else:
        data = value.encode("utf-8", "surrogatepass")  # a lone surrogate as WTF-8
        raw = value.encode("utf-16-le", "surrogatepass")
        units = [int.from_bytes(raw[i : i + 2], "little") for i in range(0, len(raw), 2)]
    out = {"case": name, "bytes": data.hex()}
    if units is not None:
        out["utf16"] = units
    out["nul"] = b"\x00" in data
    out["quoted"] = quoted
    return out


def main():
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "quote-1.3.jsonl")
    with open(path, "w", encoding="utf-8") as f:
        for case in CASES:
            f.write(json.dumps(row(*case), ensure_ascii=False) + "\n")
    print(f"{path}: {len(CASES)} cases")


if __name__ == "__main__":
    main()
