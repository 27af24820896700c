"""Writes bench/results.json: every figure of `make bench` in one file.

    merge_results.py OUT C_JSON COLD_START_JSON [PYTHON_JSON [PYTHON_COLD_JSON]]

C_JSON is what build/bench wrote (fd_format against udat_format per style,
fd_format_many, threads, formatter creation, heap), COLD_START_JSON what
build/first_label wrote, PYTHON_JSON what bench_python.py wrote (left out
when that part did not run), PYTHON_COLD_JSON what bench/wheel_first_label.py
wrote (import feeddate + first label in fresh processes).
"""

import json
import sys
from pathlib import Path


def main(argv: list) -> int:
    if len(argv) not in (4, 5, 6):
        print(__doc__, file=sys.stderr)
        return 2
    out, parts = Path(argv[1]), {"c": argv[2], "cold_start": argv[3]}
    if len(argv) >= 5 and Path(argv[4]).exists():
        parts["python"] = argv[4]
    if len(argv) == 6 and Path(argv[5]).exists():
        parts["python_cold_start"] = argv[5]
    merged = {name: json.loads(Path(path).read_text()) for name, path in parts.items()}
    out.write_text(json.dumps(merged, indent=1, ensure_ascii=False) + "\n")
    print(f"written: {out} ({', '.join(merged)})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
