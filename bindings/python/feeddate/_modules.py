"""The optional packages (numpy, pandas, polars, zoneinfo) as the binding sees them.

The binding never imports them for its own sake: a value can only be a numpy
array or a pandas Series when that package was imported. But "imported" is
not "in ``sys.modules``": a package is put there when its import *starts*,
and while another thread is still running its ``__init__`` (pyarrow imports
pandas lazily, on its first conversion), ``sys.modules["pandas"]`` is a
module without ``Series`` or ``NaT`` yet. So:

- :func:`loaded` gives a package only once its import has finished (and never
  waits, never imports);
- :func:`module_of` gives the package a value's type comes from, importing it
  properly (``importlib.import_module``, which waits for an import under way
  in another thread) when it is not finished yet: the value cannot be a pandas
  object unless pandas was imported, so its type says when it is worth waiting.
"""

from __future__ import annotations

import importlib
import sys
from typing import Any, Optional


def loaded(name: str) -> Optional[Any]:
    """The module ``name`` when its import has finished, else None (also while
    another thread is still importing it). Never imports, never waits."""
    module = sys.modules.get(name)
    if module is None:
        return None
    spec = getattr(module, "__spec__", None)
    if spec is not None and getattr(spec, "_initializing", False):
        return None  # its __init__ is still running (in another thread, or up this one's stack)
    return module


def module_of(value: Any, name: str) -> Optional[Any]:
    """The module ``name``, fully imported, when ``value`` may be one of its objects;
    None when it cannot be (the package was never imported, or the value's type
    and its bases come from elsewhere). When the package's import is still under
    way in another thread and the value's type comes from it, this waits for that
    import to finish."""
    module = loaded(name)
    if module is not None or name not in sys.modules:
        return module
    prefix = name + "."
    for cls in type(value).__mro__:
        owner = getattr(cls, "__module__", None) or ""
        if owner == name or owner.startswith(prefix):
            try:
                return importlib.import_module(name)  # under the import lock: waits for the other thread
            except ImportError:  # that import failed: the value is not one of its objects after all
                return None
    return None
