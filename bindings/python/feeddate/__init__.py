"""feeddate: feed, chat and countdown labels for timestamps, in any locale.

>>> from datetime import datetime, timezone
>>> f = Formatter("chat_list", locale="zh_CN", tz="Asia/Shanghai")
>>> f.format(datetime(2024, 3, 24, 3, 11, tzinfo=timezone.utc),
...          now=datetime(2024, 3, 25, 6, 30, tzinfo=timezone.utc))
'昨天'

A ctypes binding of libfeeddate.so.1 (SPEC section 8). Importing the package
loads the library; see :mod:`feeddate._ffi` for where it is looked for.
"""

try:  # loads libfeeddate.so.1 (see _ffi); the command reports a failure without a traceback
    from . import _ffi  # noqa: F401 (imported to load the library)
except ImportError as _error:
    from ._launch import exit_if_command

    exit_if_command(_error)
    raise

from ._clock import Clock, ServerClock
from ._errors import (
    ArgumentError,
    BufferTooSmallError,
    Error,
    ICUError,
    InternalError,
    LocaleError,
    OutOfMemoryError,
    RangeError,
    TimeZoneError,
)
from ._ffi import data_version, icu_version, library_path, library_version
from ._formatter import Batch, Formatter, Label
from ._instant import Instant
from ._options import HOUR_CYCLES, STYLES, WIDTHS
from ._schedule import Schedule, ScheduleEntry
from ._table import FormatterCache, format_table, formatter_cache
from ._version import __version__

__all__ = [
    "ArgumentError",
    "Batch",
    "BufferTooSmallError",
    "Clock",
    "Error",
    "Formatter",
    "FormatterCache",
    "HOUR_CYCLES",
    "ICUError",
    "Instant",
    "Label",
    "LocaleError",
    "OutOfMemoryError",
    "InternalError",
    "RangeError",
    "STYLES",
    "Schedule",
    "ScheduleEntry",
    "ServerClock",
    "TimeZoneError",
    "WIDTHS",
    "__version__",
    "data_version",
    "format_table",
    "formatter_cache",
    "icu_version",
    "library_path",
    "library_version",
]
