"""python -m feeddate.web [--port 8000] [--bind 127.0.0.1]: serves the web client (feeddate.web.serve)."""

import argparse
from typing import List, Optional

from . import serve


def main(argv: Optional[List[str]] = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m feeddate.web", description=__doc__.split(": ", 1)[1])
    parser.add_argument("--port", type=int, default=8000, help="the port (0: a free one; default 8000)")
    parser.add_argument("--bind", default="127.0.0.1", help="the address (default 127.0.0.1)")
    args = parser.parse_args(argv)
    serve(args.port, args.bind)


if __name__ == "__main__":
    main()
