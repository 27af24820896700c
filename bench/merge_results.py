"""Writes bench/results.json: every figure of `make bench` in one file.

    merge_results.py OUT C_JSON COLD_START_JSON [PYTHON_JSON] [NAME=JSON ...]

C_JSON is what build/bench wrote (fd_format against udat_format per style,
fd_format_many, threads, formatter creation, heap), COLD_START_JSON what
build/first_label wrote, PYTHON_JSON what bench_python.py wrote (left out
when that part did not run); NAME=JSON adds another part under NAME
(python_cold_start=build/bench_cold_python.json, what
bench/wheel_first_label.py wrote: import feeddate + first label in fresh
processes; go=, rust=, java=, node=: each binding against direct C calls),
left out when its file is missing.
"""

import json
import sys
from pathlib import Path


def main(argv: list) -> int:
    named = [a for a in argv[4:] if "=" in a]
    plain = [a for a in argv if a not in named]
    if len(plain) not in (4, 5):
        print(__doc__, file=sys.stderr)
        return 2
    out, parts = Path(plain[1]), {"c": plain[2], "cold_start": plain[3]}
    if len(plain) == 5 and Path(plain[4]).exists():
        parts["python"] = plain[4]
    for arg in named:
        name, path = arg.split("=", 1)
        if Path(path).exists():
            parts[name] = path
    merged = {name: json.loads(Path(path).read_text()) for name, path in parts.items()}
    out.write_text(json.dumps(merged, indent=1, ensure_ascii=False) + "\n")
    print(f"written: {out} ({', '.join(merged)})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
