#!/usr/bin/env python3
"""Writes Tests/vectors/header/header.jsonl: the integer constants of
include/feeddate.h (every enum value and numeric #define but the version's),
so that each binding that repeats one (Python's _ffi, Java's LibFeedDate and
enums, Node's and PHP's names, Rust's sys) checks it against this file, and no
binding parses C. One JSON object a line: {"name": "FD_ERR_RANGE", "value":
"2"}, the value as decimal text (FD_NEVER is INT64_MAX: no JSON number holds
it in every language).

  make_header.py            write the file from the header
  make_header.py --check    fail unless the file is what the header gives
  make_header.py --c        C that fails to compile unless every value is the
                            compiler's (make header-check builds it)
"""

import json
import os
import re
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..")
HEADER = os.path.join(ROOT, "include", "feeddate.h")
OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "header.jsonl")


def number(text):
    """A C integer literal of the header: (-62135596800000LL), INT64_C(7), 0x1u, INT64_MAX."""
    t = text.strip().strip("()")
    if t == "INT64_MAX":
        return 2**63 - 1
    t = t.removeprefix("INT64_C(").rstrip("LUlu")
    return int(t, 0)


def constants(text):
    out = {}
    for line in text.splitlines():
        line = line.split("/*")[0].strip()
        m = re.match(r"#define (FD_\w+) (.+)$", line) or re.match(r"(FD_\w+) = (.+?),?$", line)
        if m and not m.group(1).startswith(("FD_VERSION_", "FD_STRINGIFY")):
            out[m.group(1)] = number(m.group(2))
    return out


def lines():
    with open(HEADER, encoding="utf-8") as f:
        found = constants(f.read())
    sample = "#define FD_A (-5LL) /* x */\n#define FD_B INT64_C(7)\n  FD_C = 3, /* y */\n"
    sample += "  FD_D = 0x1u\n#define FD_E INT64_MAX\n#define FD_STRINGIFY(x) #x\n#define FD_VERSION_MINOR 2\n"
    assert constants(sample) == {"FD_A": -5, "FD_B": 7, "FD_C": 3, "FD_D": 1, "FD_E": 2**63 - 1}
    assert len(found) >= 40, found
    return [json.dumps({"name": k, "value": str(v)}) + "\n" for k, v in found.items()]


if __name__ == "__main__":
    want = "".join(lines())
    if sys.argv[1:] == ["--check"]:
        with open(OUT, encoding="utf-8") as f:
            if f.read() != want:
                sys.exit(f"{OUT} is not include/feeddate.h's: run make header-vectors")
        print(f"header vectors: {want.count(chr(10))} constants, as include/feeddate.h says")
    elif sys.argv[1:] == ["--c"]:
        print('#include "feeddate.h"')
        for i, line in enumerate(want.splitlines()):
            c = json.loads(line)
            print(f"typedef char check_{i}[({c['name']}) == ({c['value']}LL) ? 1 : -1];")
        print("int main(void) { return 0; }")
    else:
        with open(OUT, "w", encoding="utf-8") as f:
            f.write(want)
