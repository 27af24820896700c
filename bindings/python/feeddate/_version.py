"""The package version: always equal to FD_VERSION_STRING in include/feeddate.h.

pyproject.toml reads it from here (one place); the library loaded at import
must have the same major version (checked in :mod:`feeddate._ffi`).
"""

__version__ = "1.1.0"

#: The library major version (``fd_version() // 10000``) this package speaks to.
EXPECTED_MAJOR = int(__version__.split(".", 1)[0])
