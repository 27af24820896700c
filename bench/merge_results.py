"""Writes bench/results.json: every figure of `make bench` in one file.

    merge_results.py OUT C_JSON COLD_START_JSON [PYTHON_JSON] [NAME=JSON ...]

C_JSON is what build/bench wrote (fd_format against udat_format per style,
fd_format_many, threads, formatter creation, heap), COLD_START_JSON what
build/first_label wrote, PYTHON_JSON what bench_python.py wrote (left out
when that part did not run); NAME=JSON adds another part under NAME (java=,
node=: the bindings against direct C calls), left out when the file is missing.
"""

import json
import sys
from pathlib import Path


def main(argv: list) -> int:
    if len(argv) < 4:
        print(__doc__, file=sys.stderr)
        return 2
    out, parts = Path(argv[1]), {"c": argv[2], "cold_start": argv[3]}
    for arg in argv[4:]:
        name, _, path = arg.partition("=") if "=" in arg else ("python", "", arg)
        if Path(path).exists():
            parts[name] = path
    merged = {name: json.loads(Path(path).read_text()) for name, path in parts.items()}
    out.write_text(json.dumps(merged, indent=1, ensure_ascii=False) + "\n")
    print(f"written: {out} ({', '.join(merged)})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
