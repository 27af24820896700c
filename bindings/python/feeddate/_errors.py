"""Exceptions raised by feeddate, one class per ``fd_status`` of the C API.

Every error carries ``.status``, the C status code. The mapping from status to
class lives here (:func:`error_for`); :func:`feeddate._ffi.check` is the one
place that turns a status returned by the library into an exception.
"""

from __future__ import annotations

from typing import Dict, Type

# fd_status values (include/feeddate.h).
FD_OK = 0
FD_ERR_ARGUMENT = 1
FD_ERR_LOCALE = 2
FD_ERR_TIME_ZONE = 3
FD_ERR_RANGE = 4
FD_ERR_BUFFER = 5
FD_ERR_ICU = 6
FD_ERR_MEMORY = 7
FD_ERR_INTERNAL = 8


class Error(Exception):
    """Base class of every feeddate error; ``.status`` is the C ``fd_status``."""

    status: int

    def __init__(self, message: str, status: int) -> None:
        super().__init__(message)
        self.status = status


class ArgumentError(Error, ValueError):
    """An option or argument is invalid (``FD_ERR_ARGUMENT``)."""


class LocaleError(Error, ValueError):
    """The locale id is malformed (``FD_ERR_LOCALE``)."""


class TimeZoneError(Error, ValueError):
    """The time zone id is unknown (``FD_ERR_TIME_ZONE``)."""


class RangeError(Error, ValueError):
    """An instant lies outside 0001-01-01T00:00Z ..= 9999-12-31T23:59:59.999Z (``FD_ERR_RANGE``)."""


class BufferTooSmallError(Error, BufferError):
    """The library needed a larger output buffer (``FD_ERR_BUFFER``); a bug if ever seen."""


class ICUError(Error, RuntimeError):
    """ICU failed, e.g. its locale data is missing (``FD_ERR_ICU``)."""


class OutOfMemoryError(Error, MemoryError):
    """The library ran out of memory (``FD_ERR_MEMORY``)."""


class InternalError(Error, RuntimeError):
    """The library could not work out a label or its next change (``FD_ERR_INTERNAL``):
    a broken invariant, reported instead of a wrong answer. Please report it."""


_BY_STATUS: Dict[int, Type[Error]] = {
    FD_ERR_ARGUMENT: ArgumentError,
    FD_ERR_LOCALE: LocaleError,
    FD_ERR_TIME_ZONE: TimeZoneError,
    FD_ERR_RANGE: RangeError,
    FD_ERR_BUFFER: BufferTooSmallError,
    FD_ERR_ICU: ICUError,
    FD_ERR_MEMORY: OutOfMemoryError,
    FD_ERR_INTERNAL: InternalError,
}


def error_for(status: int, message: str) -> Error:
    """The exception for a non-zero ``fd_status`` (unknown codes give plain :class:`Error`)."""
    return _BY_STATUS.get(status, Error)(message, status)
