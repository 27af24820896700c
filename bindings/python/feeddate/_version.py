"""The package version: FD_VERSION_MAJOR.MINOR.PATCH of include/feeddate.h.

`make version-check` (part of `make check`; tools/version.sh) fails when it
differs from the header.
pyproject.toml reads the version from here; the library loaded at import
must have the same major version (checked in :mod:`feeddate._ffi`).
"""

__version__ = "1.2.0"

#: The library major version (``fd_version() // 10000``) this package speaks to.
EXPECTED_MAJOR = int(__version__.split(".", 1)[0])
