"""What the ``feeddate`` command does when the library cannot be loaded.

The command (the console script, or ``python3 -m feeddate``) imports the
package, and importing the package loads libfeeddate.so.1; when that fails the
ImportError (which lists every place it looked) would end the command with a
traceback before ``cli.main`` runs. :func:`exit_if_command` runs in the
package's ``__init__`` on that ImportError: when the process is the command,
it prints the message and exits with status 2; a program that imports
feeddate still gets the ImportError. This module imports nothing of the
package.
"""

from __future__ import annotations

import os
import sys
from typing import Optional

_PACKAGE = "feeddate"


def _run_by_runpy() -> bool:
    """``python -m feeddate`` (or a submodule): while runpy looks the module up,
    sys.argv[0] is "-m" (documented), and runpy's frames name the module."""
    if not sys.argv or sys.argv[0] != "-m":
        return False
    frame = sys._getframe(1)
    while frame is not None:
        if frame.f_globals.get("__name__") == "runpy":  # runpy may be frozen: no file name
            name: Optional[str] = frame.f_locals.get("mod_name")
            if isinstance(name, str) and (name == _PACKAGE or name.startswith(_PACKAGE + ".")):
                return True
        frame = frame.f_back  # type: ignore[assignment]
    return False


def _run_as_console_script() -> bool:
    """The ``feeddate`` console script that pip writes: the main module is a file
    named feeddate that imports feeddate.cli."""
    main = sys.modules.get("__main__")
    path = getattr(main, "__file__", None)
    if not path or os.path.splitext(os.path.basename(path))[0] not in (_PACKAGE, _PACKAGE + "-script"):
        return False
    try:
        with open(path, "rb") as script:
            return b"feeddate.cli import" in script.read(4096)
    except OSError:
        return False


def exit_if_command(error: ImportError) -> None:
    """In the feeddate command: print the import error's message and exit 2."""
    if _run_by_runpy() or _run_as_console_script():
        print(str(error), file=sys.stderr)
        raise SystemExit(2)
