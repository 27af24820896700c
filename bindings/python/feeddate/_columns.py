"""Columns of instants to Arrow strings: Formatter.format_column (SPEC section 9).

The binding stays thin here too: a column becomes int64 milliseconds (in place
when it already is: an Arrow ``timestamp[ms]`` or an int64 array with
``unit="ms"``), and each ``fd_format_many`` call writes its labels straight
into the buffers of an Arrow ``large_string`` array: the bytes are its data
buffer and the ``ends`` its offsets after a leading 0. Nothing is copied after
the library wrote it, and no labelling rule lives in Python. A long column
goes in chunks of :data:`CHUNK_ROWS` rows, one array each, so that what a
call holds besides its result stays bounded.

A row that cannot be labelled (an instant out of range, say) is an error
naming it, or with ``errors="null"`` a null label. The common case pays
nothing for that: a chunk is labelled in one call, and only a call that
fails makes the rows that fail be looked for (out of range ones with array
operations, any others by halving the rows with size queries), after which
the chunk is labelled again without them.

pyarrow is needed for every column; numpy comes with it; pandas and polars
are used only when the column is theirs. None of them is imported before a
column call needs it, so ``import feeddate`` works without them.
"""

from __future__ import annotations

import importlib
from typing import Any, Callable, Iterator, List, NamedTuple, Optional, Tuple

from . import _ffi
from ._arrays import MANY_BYTES_PER_LABEL, float_ms, native
from ._errors import FD_ERR_ARGUMENT, FD_ERR_BUFFER, FD_ERR_MEMORY, FD_ERR_RANGE, error_for
from ._ffi import FD_MAX_INSTANT_MS, FD_MIN_INSTANT_MS, check
from ._instant import _DT64_UNITS, INT64, UNITS, datetime64_unit, float_to_ms, scaled_ms, unit_bounds, unit_hint
from ._instant import range_error as library_range_error
from ._modules import module_of

#: Rows per fd_format_many call: a column longer than this comes back as a
#: pyarrow.ChunkedArray with one chunk per call, and the memory a call holds
#: besides its output (milliseconds, a validity mask) is bounded by it.
CHUNK_ROWS = 1 << 20

# Bytes per label for the first chunk's text buffer (format_many's guess);
# later chunks size theirs from what the earlier ones used. A short guess costs
# one more library call for that chunk (the library then says how much it needs).
_FIRST_GUESS = MANY_BYTES_PER_LABEL

#: errors= of format_column and format_table.
ERRORS = ("raise", "null")


def require(module: str, extra: str, where: str) -> Any:
    """The module, or an ImportError that says which extra installs it."""
    try:
        return importlib.import_module(module)
    except ImportError as exc:
        raise ImportError(
            f"{where} needs {module}, which is not installed: pip install 'feeddate[{extra}]' (or pip install {module})"
        ) from exc


def checked_unit(unit: Optional[str], where: str) -> Optional[str]:
    """unit= checked: None or one of UNITS (any case); else an ArgumentError."""
    if unit is None:
        return None
    if isinstance(unit, str) and unit.lower() in UNITS:
        return unit.lower()
    raise error_for(FD_ERR_ARGUMENT, f"{where}: unit={unit!r}: use one of " + ", ".join(repr(u) for u in UNITS))


def checked_naive(naive: Optional[str], where: str) -> Optional[str]:
    """naive= checked: None (timestamps without a zone are an error) or "utc"."""
    if naive is None or (isinstance(naive, str) and naive.lower() == "utc"):
        return None if naive is None else "utc"
    raise error_for(
        FD_ERR_ARGUMENT,
        f"{where}: naive={naive!r}: use naive='utc' to read timestamps without a time zone as UTC, "
        "or leave it None (such timestamps are then an error)",
    )


def checked_errors(errors: str, where: str) -> str:
    """errors= checked: "raise" or "null"."""
    if isinstance(errors, str) and errors in ERRORS:
        return errors
    raise error_for(
        FD_ERR_ARGUMENT,
        f"{where}: errors={errors!r}: use 'raise' (an error naming the first row that cannot be labelled) "
        "or 'null' (null labels in such rows: an unknown or null id, an instant out of range)",
    )


def range_error(where: str, row: int, value: int, unit: str, numbers: bool = False) -> Exception:
    """The RangeError for row ``row`` holding ``value`` counted in ``unit``. For
    plain numbers (``numbers``: the unit came from unit=) that would be in range
    counted in a finer unit, which unit= to pass."""
    hint = unit_hint(value, unit) if numbers else ""
    if numbers:
        shown = f"{value} ({unit})"
    else:  # a timestamp: shown as one (numpy writes years past 9999 too)
        shown = f"{importlib.import_module('numpy').datetime64(value, unit)} ({value} {unit})"
    if unit in UNITS:
        num, den = UNITS[unit]
    else:  # a datetime64 unit, maybe with a count ("2D")
        own = unit.lstrip("0123456789")
        num, den = _DT64_UNITS[own]
        num *= int(unit[: len(unit) - len(own)] or 1)
    return library_range_error(value * num // den, f"{where}: row {row} = {shown}: ", hint)  # the library's message


def float_error(where: str, row: int, value: float, unit: str) -> Exception:
    """The error for row ``row`` of a float column holding ``value`` in ``unit``
    (not finite, or out of range)."""
    if value != value or value in (float("inf"), float("-inf")):
        return ValueError(f"{where}: row {row} = {value!r} is not an instant: pass finite numbers")
    return library_range_error(float_to_ms(value, *UNITS[unit]), f"{where}: row {row} = {value!r} ({unit}): ")


def without(valid: Any, bad: Any) -> Any:
    """The validity mask ``valid`` (None: every row) with the rows of ``bad`` cleared."""
    return ~bad if valid is None else valid & ~bad


# ---- inputs: what a column is, and its chunks as int64 in one unit ----------------


class Chunk(NamedTuple):
    """Up to CHUNK_ROWS rows of a column: their instants as int64 counts of ``unit``
    (``num/den`` milliseconds each; null rows hold 0), which rows are valid (None:
    all; with errors="null" also not the rows found bad), and the column's index
    of the first row (for error messages)."""

    ints: Any
    valid: Any
    unit: str
    num: int
    den: int
    first: int
    numbers: bool = False  # plain numbers, their unit from unit=


class Column:
    """A column of instants: its length, its chunks, and how to give labels back
    (``kind``: "arrow", "pandas", "pandas_index" or "polars", with the pandas
    index or the name)."""

    def __init__(
        self, values: Any, unit: Optional[str], naive: Optional[str], where: str, errors: str = "raise"
    ) -> None:
        self.where = where
        self.pa = require("pyarrow", "arrow", where)
        self.np = importlib.import_module("numpy")  # pyarrow requires numpy
        self.unit = checked_unit(unit, where)
        self.naive = checked_naive(naive, where)
        self.errors = checked_errors(errors, where)
        self.kind = "arrow"
        self.index: Any = None
        self.name: Any = None
        self.pd: Any = None
        self.pl: Any = None
        self.chunked = False  # the input was a ChunkedArray: the output is one too
        pa, np = self.pa, self.np
        # Never a half-imported pandas or polars (another thread may be importing it).
        pd, pl = module_of(values, "pandas"), module_of(values, "polars")
        if pd is not None and isinstance(values, pd.Series):
            self.kind, self.index, self.name, self.pd = "pandas", values.index, values.name, pd
            values = _from_pandas(pa, values, where)
        elif pd is not None and isinstance(values, pd.Index):  # a DatetimeIndex, say
            self.kind, self.name, self.pd = "pandas_index", values.name, pd
            values = _from_pandas(pa, values, where)
        elif pl is not None and isinstance(values, pl.Series):
            self.kind, self.name, self.pl = "polars", values.name, pl
            values = values.to_frame().to_arrow().column(0)  # a ChunkedArray, without a copy
        elif isinstance(values, (list, tuple)):
            try:
                values = pa.array(values)
            except (pa.ArrowInvalid, pa.ArrowTypeError) as exc:
                raise TypeError(
                    f"{where}: a {type(values).__name__} that is not a column of instants "
                    f"({exc}): pass timestamps or numbers with unit="
                ) from None
        if isinstance(values, pa.ChunkedArray):
            self.chunked = self.kind == "arrow"
            self.parts: List[Any] = list(values.chunks)
        elif isinstance(values, pa.Array):
            self.parts = [values]
        elif isinstance(values, np.ndarray):
            if values.ndim != 1:
                raise error_for(FD_ERR_ARGUMENT, f"{where} needs a 1-D array, not {values.ndim}-D: use .ravel()")
            self.parts = [native(values)]
        else:
            raise TypeError(
                f"{where}: {type(values).__name__} is not a column of instants: pass a pyarrow timestamp "
                "Array or ChunkedArray, a numpy datetime64, integer or float array, a pandas Series or "
                "DatetimeIndex, or a polars Series"
            )
        self.length = sum(len(p) for p in self.parts)
        for part in self.parts:  # every type error before any work
            self._check_type(part)

    def _check_type(self, part: Any) -> None:
        pa, where = self.pa, self.where
        if isinstance(part, pa.Array):
            t = part.type
            if pa.types.is_timestamp(t):
                if self.unit is not None and self.unit != t.unit:
                    raise error_for(
                        FD_ERR_ARGUMENT,
                        f"{where}: unit={self.unit!r} does not match the column's {t}: timestamps carry "
                        "their unit; drop unit=",
                    )
                if t.tz is None and self.naive is None:
                    raise error_for(
                        FD_ERR_ARGUMENT,
                        f"{where}: the column's {t} has no time zone, so its instants are ambiguous: pass "
                        "naive='utc' to read them as UTC, or give the column its zone (pandas: "
                        ".dt.tz_localize('UTC'), polars: .dt.replace_time_zone('UTC'), pyarrow: "
                        "pyarrow.compute.assume_timezone)",
                    )
                return
            if pa.types.is_integer(t):
                self._need_unit(f"an integer column ({t})")
                return
            if pa.types.is_floating(t):
                self._need_unit(f"a float column ({t})")
                return
            if pa.types.is_null(t):
                return
            raise TypeError(
                f"{where}: a column of {t} is not instants: pass timestamps (any unit; with a time zone, "
                "or naive='utc'), or integers or floats with unit= ('s', 'ms', 'us' or 'ns')"
            )
        kind = part.dtype.kind
        if kind == "M":
            return  # numpy datetimes count from the UTC epoch: read as UTC
        if kind in "iu":
            self._need_unit(f"a numpy integer array ({part.dtype})")
            return
        if kind == "f":
            self._need_unit(f"a numpy float array ({part.dtype})")
            return
        raise TypeError(
            f"{where}: a numpy array of dtype {part.dtype} is not instants: pass datetime64 values, "
            "or integers or floats with unit= ('s', 'ms', 'us' or 'ns')"
        )

    def _numbers_unit(self) -> str:
        """self.unit where numbers are read: _need_unit has made sure it is set."""
        assert self.unit is not None
        return self.unit

    def _need_unit(self, what: str) -> None:
        if self.unit is None:
            raise error_for(
                FD_ERR_ARGUMENT,
                f"{self.where}: {what} needs unit= ('s', 'ms', 'us' or 'ns'): numbers are not guessed "
                "to be seconds or milliseconds (or pass timestamps)",
            )

    def drop(self, valid: Any, bad: Any, error: Callable[[int], Exception]) -> Any:
        """``valid`` without the rows of ``bad`` (a mask, only where valid) with
        errors="null"; with errors="raise", ``error(row)`` for the first of them."""
        if not bad.any():
            return valid
        if self.errors == "raise":
            raise error(int(self.np.flatnonzero(bad)[0]))
        return without(valid, bad)

    def chunks(self) -> Iterator[Chunk]:
        """The column in chunks of at most CHUNK_ROWS rows, made one at a time (a
        chunk's arrays are views of the input where they can be)."""
        rows = CHUNK_ROWS
        first = 0
        for part in self.parts:
            for start in range(0, len(part), rows):
                piece = part[start : start + rows]  # a view for Arrow and numpy alike
                yield self._chunk(piece, first)
                first += len(piece)

    def _chunk(self, piece: Any, first: int) -> Chunk:
        pa, np = self.pa, self.np
        n = len(piece)
        if isinstance(piece, pa.Array):
            t = piece.type
            if pa.types.is_null(t):
                return Chunk(np.zeros(n, np.int64), np.zeros(n, np.bool_), "ms", 1, 1, first)
            dtype = np.dtype(np.int64) if pa.types.is_timestamp(t) else np.dtype(t.to_pandas_dtype())
            ints = np.frombuffer(piece.buffers()[1], dtype=dtype, count=n, offset=piece.offset * dtype.itemsize)
            unit = t.unit if pa.types.is_timestamp(t) else self._numbers_unit()
            valid = None
            if piece.null_count:
                bits = np.frombuffer(piece.buffers()[0], dtype=np.uint8)
                valid = np.unpackbits(bits, count=piece.offset + n, bitorder="little")[piece.offset :].view(np.bool_)
            if dtype.kind == "f":
                return self._floats(ints, valid, first)
            return self._ints(ints, valid, unit, first, not pa.types.is_timestamp(t))
        if piece.dtype.kind == "M":
            valid = None
            nat = np.isnat(piece)
            if nat.any():
                valid = ~nat
            own, count = datetime64_unit(np, piece.dtype)
            if own in ("Y", "M"):  # calendar units: numpy turns them into days (years are small numbers)
                months = piece.astype("datetime64[M]").view(np.int64)
                too_far = np.abs(months) > 12 * 10**4
                if valid is not None:
                    too_far &= valid
                if too_far.any():

                    def months_error(row: int, months: Any = months, piece: Any = piece) -> Exception:
                        return library_range_error(
                            INT64[0] if int(months[row]) < 0 else INT64[1],
                            f"{self.where}: row {first + row} = {piece[row]}: ",
                        )

                    valid = self.drop(valid, too_far, months_error)
                    months = np.where(valid, months, 0)
                    piece = months.astype("datetime64[M]")
                piece, own, count = piece.astype("datetime64[D]"), "D", 1
            num, den = _DT64_UNITS[own]
            ints = piece.view(np.int64)
            if valid is not None:
                ints = np.where(valid, ints, 0)
            return Chunk(ints, valid, own if count == 1 else f"{count}{own}", num * count, den, first)
        if piece.dtype.kind == "f":
            return self._floats(piece, None, first)
        return self._ints(piece, None, self._numbers_unit(), first, True)

    def _ints(self, ints: Any, valid: Any, unit: str, first: int, numbers: bool) -> Chunk:
        np = self.np
        if ints.dtype.kind == "u" and ints.size:
            high = ints if valid is None else np.where(valid, ints, 0)
            if int(high.max()) > INT64[1]:
                valid = self.drop(
                    valid,
                    high > INT64[1],
                    lambda row: range_error(self.where, first + row, int(ints[row]), unit, numbers),
                )
        if valid is not None:
            ints = np.where(valid, ints, 0)  # what the null rows hold is not an instant
        ints = ints.astype(np.int64, copy=False)
        num, den = UNITS[unit]
        return Chunk(ints, valid, unit, num, den, first, numbers)

    def _floats(self, values: Any, valid: Any, first: int) -> Chunk:
        """A chunk of floats counting self.unit: NaN is a missing value (a null, as
        pandas has it); what is not finite or out of range is a bad row."""
        np = self.np
        nan = np.isnan(values)
        if nan.any():
            valid = without(valid, nan)
        ms, bad = float_ms(np, values, *UNITS[self._numbers_unit()])  # SPEC 11's rule, as float instants are
        if bad is not None:
            if valid is not None:
                bad &= valid
            valid = self.drop(
                valid, bad, lambda row: float_error(self.where, first + row, float(values[row]), str(self.unit))
            )
        if valid is not None:
            ms = np.where(valid, ms, 0)
        return Chunk(ms, valid, "ms", 1, 1, first, True)

    def milliseconds(self, chunk: Chunk) -> Tuple[Chunk, Any]:
        """The chunk (without its out of range rows, with errors="null") and a
        C-contiguous int64 array of its instants in milliseconds (the chunk's own
        array when it is one already), floored. When a conversion could
        overflow, every valid row is checked against the supported range first;
        else the library checks (see :meth:`failed_rows`)."""
        np = self.np
        ints, num, den = chunk.ints, chunk.num, chunk.den
        if num == den == 1:
            return chunk, np.ascontiguousarray(ints)
        ms, row = scaled_ms(np, ints, num, den)
        if row is None:
            return chunk, ms
        lo, hi = unit_bounds(num, den)
        bad = (ints < lo) | (ints > hi)  # null rows hold 0: never bad
        valid = self.drop(
            chunk.valid,
            bad,
            lambda row: range_error(self.where, chunk.first + row, int(ints[row]), chunk.unit, chunk.numbers),
        )
        chunk = chunk._replace(ints=np.where(valid, ints, 0), valid=valid)
        ms, _ = scaled_ms(np, chunk.ints, num, den)
        return chunk, ms

    def out_of_range(self, chunk: Chunk, ms: Any) -> Any:
        """The mask of the chunk's valid rows whose milliseconds ``ms`` are out of range."""
        bad = (ms < FD_MIN_INSTANT_MS) | (ms > FD_MAX_INSTANT_MS)
        if chunk.valid is not None:
            bad &= chunk.valid
        return bad

    def failed_rows(
        self,
        chunk: Chunk,
        ms: Any,
        status: int,
        locate: Callable[[bool], List[Tuple[int, int, str]]],
        context: str,
        about: Callable[[int], str] = lambda row: "",
    ) -> Any:
        """After a library call over some of the chunk's rows failed with
        ``status``: the rows that fail (a mask over the chunk), to be labelled
        null (errors="null"); or, with errors="raise", the error naming the first
        of them. Out of range rows are found with array operations; else
        ``locate(first_only)`` gives (row, status, message) of the rows of the
        failed call that fail on their own (:func:`failing`). A failure that no
        row explains (memory) is raised as the library said it. ``about(row)``
        is put before the library's message for a row (its ids, say)."""
        np = self.np
        if status == FD_ERR_MEMORY:
            check(status, context)
        bad = self.out_of_range(chunk, ms) if status == FD_ERR_RANGE else np.zeros(len(ms), np.bool_)
        found: List[Tuple[int, int, str]] = []
        if not bad.any():
            found = locate(self.errors == "raise")
            for row, _, _ in found:
                bad[row] = True
        if not bad.any():
            check(status, context)  # not one row's failure: as it is
        if self.errors == "raise":
            row = int(np.flatnonzero(bad)[0])
            if not FD_MIN_INSTANT_MS <= int(ms[row]) <= FD_MAX_INSTANT_MS:  # said as the other range errors are
                raise range_error(self.where, chunk.first + row, int(chunk.ints[row]), chunk.unit, chunk.numbers)
            row_status, message = next((s, m) for at, s, m in found if at == row)
            raise error_for(row_status, f"{self.where}: row {chunk.first + row}: {about(row)}{message}")
        return bad

    def result(self, arrays: List[Any]) -> Any:
        """The label arrays of the chunks, given back the way the column came."""
        pa = self.pa
        if len(arrays) == 1 and not self.chunked and self.kind == "arrow":
            out: Any = arrays[0]
        else:
            out = pa.chunked_array(arrays, type=pa.large_string())
        return wrap(self, out)


def failing(np: Any, handle: Any, ms: Any, now_ms: int, first_only: bool) -> List[Tuple[int, int, str]]:
    """(index, status, message) of the instants of the int64 array ``ms`` whose
    labels fail on their own, found by halving: a size query (no buffer, so no
    text is written) over a run of rows fails iff one of them does. Left halves
    first, so with ``first_only`` the one found is the first. A failure for
    lack of memory is raised, not blamed on a row."""
    ms = np.ascontiguousarray(ms, dtype=np.int64)
    n = len(ms)
    ends = np.empty(max(n, 1), np.uintp)
    t_at, ends_at = ms.ctypes.data, ends.ctypes.data
    found: List[Tuple[int, int, str]] = []
    runs = [(0, n)] if n else []
    while runs:
        lo, hi = runs.pop()
        status = _ffi.fd_format_many(handle, t_at + 8 * lo, hi - lo, now_ms, None, 0, ends_at, None)
        if status in (0, FD_ERR_BUFFER):
            continue
        if status == FD_ERR_MEMORY:
            check(status)
        if hi - lo == 1:
            found.append(
                (
                    lo,
                    status,
                    _ffi.optional_text(_ffi.fd_last_error()) or _ffi.optional_text(_ffi.fd_status_message(status)),
                )
            )
            if first_only:
                break
            continue
        mid = (lo + hi) // 2
        runs.append((mid, hi))
        runs.append((lo, mid))
    return found


def _from_pandas(pa: Any, series: Any, where: str) -> Any:
    """A pandas Series or Index as a pyarrow Array or ChunkedArray (NaT and NA
    become nulls; the values are not copied where Arrow can use pandas' own, nor
    where they are in the machine's byte order, which Arrow needs)."""
    dtype = series.dtype
    if getattr(dtype, "isnative", True) is False:  # a numpy dtype in the other byte order
        series = series.astype(dtype.newbyteorder("="))
    try:
        return pa.Array.from_pandas(series)
    except (pa.ArrowInvalid, pa.ArrowTypeError, pa.ArrowNotImplementedError, TypeError) as exc:
        raise TypeError(
            f"{where}: a pandas {type(series).__name__} of dtype {series.dtype} is not instants ({exc}): pass "
            "datetime64 (tz-aware, or naive with naive='utc') or numbers with unit="
        ) from None


def wrap(column: Column, labels: Any) -> Any:
    """Labels (a pyarrow Array or ChunkedArray) as the column's own kind: a pandas
    Series with its index and an Arrow-backed large_string dtype (no copy), a
    pandas Index of that dtype for an Index, a polars Series (polars keeps
    strings its own way: this one copies), or as is."""
    if column.kind == "pandas":
        pd = column.pd
        return pd.Series(pd.arrays.ArrowExtensionArray(labels), index=column.index, name=column.name, copy=False)
    if column.kind == "pandas_index":
        pd = column.pd
        return pd.Index(pd.arrays.ArrowExtensionArray(labels), name=column.name, copy=False)
    if column.kind == "polars":
        return column.pl.Series(column.name, labels)
    return labels


# ---- output: Arrow large_string arrays written by the library ------------------


class Text:
    """A growing Arrow buffer that fd_format_many writes label bytes into, at its
    end (``used``). One per output array: it becomes that array's data buffer."""

    __slots__ = ("pa", "buf", "used")

    def __init__(self, pa: Any, capacity: int) -> None:
        self.pa = pa
        self.buf = pa.allocate_buffer(max(capacity, 1), resizable=True)
        self.used = 0

    def write(self, handle: Any, t_at: int, n: int, now_ms: int, ends: Any, ends_at: int, guess: int) -> int:
        """Label n instants at address t_at after the bytes already there; ``ends``
        (an int64 ndarray of n, at address ends_at) gets their ends relative to
        where this call started. Returns the library's status."""
        room = self.buf.size - self.used
        status: int = _ffi.fd_format_many(handle, t_at, n, now_ms, self.buf.address + self.used, room, ends_at, None)
        if status == FD_ERR_BUFFER:  # ends[n-1] is the size this call needs
            need = self.used + int(ends[n - 1]) + 1
            self.buf.resize(max(need + guess, self.buf.size + self.buf.size // 2))
            room = self.buf.size - self.used
            status = _ffi.fd_format_many(handle, t_at, n, now_ms, self.buf.address + self.used, room, ends_at, None)
        if status == 0:
            self.used += int(ends[n - 1])
        return status

    def next_guess(self, labels: int) -> int:
        """Bytes per label for the next chunk's buffer, from the ``labels`` written:
        their mean and a quarter more, capped."""
        return min(_FIRST_GUESS * 4, self.used // labels + self.used // (4 * labels) + 8)

    def finish(self) -> Any:
        """The buffer cut to the bytes written (its capacity is kept: shrinking it
        could move, i.e. copy, the text)."""
        self.buf.resize(self.used)
        return self.buf


def offsets(pa: Any, np: Any, n: int) -> Tuple[Any, Any]:
    """An Arrow buffer of n+1 int64 offsets starting with 0, and a numpy view of it."""
    buf = pa.allocate_buffer(8 * (n + 1))
    view = np.frombuffer(buf, dtype=np.int64)
    view[0] = 0
    return buf, view


def string_array(pa: Any, np: Any, n: int, offset_buf: Any, text: Any, valid: Any) -> Any:
    """A large_string array over the buffers (``valid``: None or a bool per row)."""
    bitmap, nulls = None, 0
    if valid is not None:
        nulls = n - int(np.count_nonzero(valid))
        if nulls:
            bitmap = pa.py_buffer(np.packbits(valid, bitorder="little"))
    return pa.Array.from_buffers(pa.large_string(), n, [bitmap, offset_buf, text], null_count=nulls)


def label_chunk(column: Column, chunk: Chunk, handle: Any, now_ms: int, guess: int, context: str) -> Tuple[Any, int]:
    """The chunk's labels as one large_string array (nulls where the chunk has
    them, and with errors="null" where a row cannot be labelled), and the bytes
    per label to guess for the next chunk."""
    pa, np = column.pa, column.np
    chunk, ms = column.milliseconds(chunk)
    rows = len(ms)
    while True:
        todo = ms if chunk.valid is None else ms[chunk.valid]  # only the rows that have an instant
        n = len(todo)
        offset_buf, ends = offsets(pa, np, n)
        text = Text(pa, n * guess + 1)
        if not n:
            break
        status = text.write(handle, todo.ctypes.data, n, now_ms, ends[1:], ends.ctypes.data + 8, guess)
        if not status:
            guess = text.next_guess(n)
            break

        def locate(first_only: bool, todo: Any = todo, valid: Any = chunk.valid) -> List[Tuple[int, int, str]]:
            found = failing(np, handle, todo, now_ms, first_only)
            if valid is None:
                return found
            where = np.flatnonzero(valid)
            return [(int(where[i]), s, m) for i, s, m in found]

        # Some row failed: find which (or raise for the first), label the rest again.
        bad = column.failed_rows(chunk, ms, status, locate, f"{context}({column.length} instants)")
        chunk = chunk._replace(valid=without(chunk.valid, bad))
    if chunk.valid is not None and n < rows:  # the null rows get empty slots between their neighbours
        full_buf, full = offsets(pa, np, rows)
        full[1:] = 0
        full[1:][chunk.valid] = ends[1:]
        np.maximum.accumulate(full, out=full)
        offset_buf = full_buf
    return string_array(pa, np, rows, offset_buf, text.finish(), chunk.valid), guess


def label_chunks(column: Column, label: Callable[[Chunk, int], Tuple[Any, int]]) -> Any:
    """The labels of every chunk of `column`, each made by ``label(chunk,
    guess)`` (an Arrow array and the next chunk's bytes-per-label guess), as
    the column's result type."""
    guess = _FIRST_GUESS
    arrays = []
    for chunk in column.chunks():
        array, guess = label(chunk, guess)
        arrays.append(array)
    if not arrays:
        arrays.append(column.pa.array([], type=column.pa.large_string()))
    return column.result(arrays)


def format_column(
    formatter: Any, values: Any, now: Any, unit: Optional[str], naive: Optional[str], errors: str = "raise"
) -> Any:
    """Formatter.format_column (see there)."""
    where = "format_column"
    column = Column(values, unit, naive, where, errors)
    return label_with(column, formatter, formatter._now_ms(now), where)


def label_with(column: Column, formatter: Any, now_ms: int, where: str) -> Any:
    """Every row of `column` labelled by one formatter at now_ms."""
    return label_chunks(
        column, lambda chunk, guess: label_chunk(column, chunk, formatter._handle, now_ms, guess, where)
    )
