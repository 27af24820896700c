"""format_table: a column of instants with a locale and a zone per row (SPEC section 9).

A push notification fanned out to users who each have their own language and
zone: the rows are grouped by (locale, zone) with array operations (the ids
become small integer codes by hashing, then one stable sort of the rows by
group), each group is labelled by one ``fd_format_many`` call of a formatter
from a bounded least-recently-used cache, all groups write into one Arrow
buffer in group order, and one Arrow ``take`` puts the labels back in the
input order. Python loops over groups, never over rows. The labels are the
library's (this module only groups rows and moves buffers), so a row's label
is the one ``Formatter(style, locale=..., tz=...)`` gives it.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from datetime import tzinfo
from typing import Any, Dict, Hashable, List, Optional, Tuple, Union

from . import _ffi
from ._clock import clock_reader
from ._columns import Column, Text, checked_errors, failing, label_chunks, label_with, offsets, string_array, without
from ._errors import FD_ERR_ARGUMENT, FD_ERR_LOCALE, FD_ERR_TIME_ZONE, Error, LocaleError, TimeZoneError, error_for
from ._formatter import Formatter
from ._instant import local_now_ms, to_ms
from ._modules import module_of
from ._options import OPTIONS, zone_id

_WHERE = "format_table"
# The options format_table passes on to Formatter (style, locale and tz are its own).
_OPTION_NAMES = tuple(option.name for option in OPTIONS[3:])


class FormatterCache:
    """Formatters by (style, locale, tz, options), at most ``maxsize`` of them; the
    least recently used is dropped first. Safe to share between threads.

    :func:`format_table` uses :data:`feeddate.formatter_cache` unless given
    another; a formatter opens ICU data, so a cache that holds every
    (locale, zone) pair a job sees saves that work on every later call. Set
    ``maxsize`` (e.g. ``feeddate.formatter_cache.maxsize = 4096``) to hold more.
    An id that no formatter can be made for is kept like a formatter (and
    counts in ``len``), so that its error is not looked into again.
    """

    def __init__(self, maxsize: int = 1024) -> None:
        self._lock = threading.Lock()
        # A formatter, or the (status, message) of the id it could not be made for.
        self._items: "OrderedDict[Hashable, Union[Formatter, Tuple[int, str]]]" = OrderedDict()
        self.maxsize = maxsize
        self.hits = 0
        self.misses = 0

    @property
    def maxsize(self) -> int:
        """How many formatters the cache keeps (at least 1)."""
        return self._maxsize

    @maxsize.setter
    def maxsize(self, value: int) -> None:
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise error_for(FD_ERR_ARGUMENT, f"FormatterCache: maxsize={value!r}: use an int >= 1")
        with self._lock:
            self._maxsize = value
            while len(self._items) > value:
                self._items.popitem(last=False)

    def get(self, style: str, locale: Any, tz: Any, options: Tuple[Tuple[str, Any], ...] = ()) -> Formatter:
        """The formatter for these arguments (``options``: sorted (name, value)
        pairs), made and kept when not there. Its errors are Formatter's; an
        unknown locale or zone is kept too (its status and message), so that a
        bad id in every chunk or batch of a job is looked into once."""
        key = (style, locale, tz, options)
        with self._lock:
            found = self._items.get(key)
            if found is not None:
                self._items.move_to_end(key)
                self.hits += 1
                if isinstance(found, Formatter):
                    return found
        if found is not None:
            raise error_for(*found)
        with self._lock:
            self.misses += 1
        made: Union[Formatter, Tuple[int, str]]
        try:
            made = Formatter(style, locale=locale, tz=tz, **dict(options))  # outside the lock: opens ICU data
        except (LocaleError, TimeZoneError) as exc:
            made = (exc.status, str(exc))
        with self._lock:
            self._items[key] = made
            self._items.move_to_end(key)
            while len(self._items) > self._maxsize:
                self._items.popitem(last=False)
        if not isinstance(made, Formatter):
            raise error_for(*made)
        return made

    def clear(self) -> None:
        """Drop every formatter (and reset the counters)."""
        with self._lock:
            self._items.clear()
            self.hits = self.misses = 0

    def __len__(self) -> int:
        return len(self._items)

    def __repr__(self) -> str:
        return (
            f"FormatterCache(maxsize={self._maxsize}) with {len(self)} formatters, "
            f"{self.hits} hits, {self.misses} misses"
        )

    def __reduce__(self) -> Tuple[Any, ...]:
        """Pickles as an empty cache of the same size: formatters are made again
        where it is used (a worker process)."""
        return (FormatterCache, (self._maxsize,))


#: The cache format_table uses unless given ``cache=``.
formatter_cache = FormatterCache()


class _Ids:
    """The ``locale`` or ``tz`` argument: one id for every row (``codes`` None), or
    a column of ids as int32 codes into ``names``, where a null id has the code
    ``len(names)``."""

    def __init__(self, column: Column, ids: Any, what: str) -> None:
        pa, np = column.pa, column.np
        # Never a half-imported pandas or polars (another thread may be importing it).
        pd, pl = module_of(ids, "pandas"), module_of(ids, "polars")
        self.what = what
        self.codes: Any = None
        self.names: List[Any] = [ids]
        if pd is not None and isinstance(ids, pd.Series) and column.kind == "pandas":
            ids = _aligned(ids, column.index, what)
        if pd is not None and isinstance(ids, (pd.Series, pd.Index)):
            ids = self._arrow(pa, lambda: pa.Array.from_pandas(ids), ids.tolist)
        elif pl is not None and isinstance(ids, pl.Series):
            ids = self._arrow(pa, lambda: ids.to_frame().to_arrow().column(0), ids.to_list)
        elif isinstance(ids, (list, tuple, np.ndarray)):
            ids = self._arrow(pa, lambda: pa.array(ids), lambda: list(ids))
        if isinstance(ids, pa.Array):
            ids = pa.chunked_array([ids])
        if not isinstance(ids, pa.ChunkedArray):
            return  # one id (a str, None for the host's, a ZoneInfo): Formatter judges it
        if len(ids) != column.length:
            raise error_for(
                FD_ERR_ARGUMENT,
                f"{_WHERE}: {what} has {len(ids)} rows but the instants have {column.length}: "
                f"give one {what} id per row, or one id for all",
            )
        known: Dict[Any, int] = {}
        parts = []
        for chunk in ids.chunks:
            if pa.types.is_dictionary(chunk.type):  # pandas and polars categoricals: already coded
                indices, dictionary = chunk.indices, chunk.dictionary
            else:
                encoded = chunk.dictionary_encode() if len(chunk) else None
                indices = encoded.indices if encoded is not None else pa.array([], pa.int32())
                dictionary = encoded.dictionary if encoded is not None else pa.array([], pa.string())
            value_type = dictionary.type
            if not (
                pa.types.is_string(value_type)
                or pa.types.is_large_string(value_type)
                or pa.types.is_string_view(value_type)
                or pa.types.is_null(value_type)
            ):
                raise TypeError(
                    f"{_WHERE}: a {what} column of {value_type} is not ids: pass strings "
                    f"(e.g. {'zh_CN' if what == 'locale' else 'Asia/Shanghai'!r})"
                )
            remap = np.array(
                [known.setdefault(name, len(known)) for name in dictionary.to_pylist()] + [-1], dtype=np.int32
            )
            index = indices.cast(pa.int32()).fill_null(-1).to_numpy()
            parts.append(remap[index])  # -1 picks the -1 appended: null stays null
        self.codes = np.concatenate(parts) if parts else np.zeros(0, np.int32)
        self.codes[self.codes < 0] = len(known)
        self.names = list(known)

    def _arrow(self, pa: Any, convert: Any, items: Any) -> Any:
        """The ids as Arrow strings: ``convert()``, and when Arrow cannot take them
        as they are (zoneinfo.ZoneInfo objects in a tz column), each one made an
        id (:func:`_id`) from ``items()``."""
        try:
            return convert()
        except (pa.ArrowInvalid, pa.ArrowTypeError, TypeError, ValueError):
            pass
        return pa.array([self._id(value, row) for row, value in enumerate(items())], pa.string())

    def _id(self, value: Any, row: int) -> Optional[str]:
        """One id of a column of them: a str, None (or NaN, pandas' missing value)
        for null, and in a tz column a ZoneInfo (its key) or datetime.timezone.utc;
        anything else is a TypeError naming the row."""
        if value is None or isinstance(value, str):
            return value
        if isinstance(value, float) and value != value:
            return None
        if self.what == "tz" and isinstance(value, tzinfo):
            try:
                return zone_id(value)  # type: ignore[no-any-return]
            except TypeError as exc:
                raise TypeError(f"{_WHERE}: tz row {row}: {exc}") from None
        example = "'zh_CN'" if self.what == "locale" else "'Asia/Shanghai' or a zoneinfo.ZoneInfo"
        raise TypeError(
            f"{_WHERE}: {self.what} row {row} is {value!r}, a {type(value).__name__}, not an id: "
            f"pass strings like {example} (None for null)"
        )


def _aligned(ids: Any, index: Any, what: str) -> Any:
    """A pandas Series of ids matched to the instants' index: as it is when the
    indexes are equal, else aligned by label (``ids.reindex(index)``) when every
    label of ``index`` is found once among the ids'; anything else is an error
    (rows are never matched by position when both sides have labels)."""
    if ids.index.equals(index):
        return ids
    if ids.index.is_unique and bool(index.isin(ids.index).all()):
        return ids.reindex(index)
    missing = "has repeated labels" if not ids.index.is_unique else "lacks some of the instants' labels"
    raise error_for(
        FD_ERR_ARGUMENT,
        f"{_WHERE}: the {what} Series' index differs from the instants' and {missing}, so its rows cannot be "
        f"matched to theirs: pass a {what} Series with the instants' index (e.g. from the same DataFrame), "
        f"or {what}=series.to_numpy() to match rows by position",
    )


def _shown(name: Optional[str]) -> str:
    """A locale or zone id of a row, for a message: quoted as the library quotes
    a caller's value (fd_quote); None (null) as None."""
    return _ffi.quote(name) if isinstance(name, str) else repr(name)


def _check_options(options: Dict[str, Any]) -> Tuple[Tuple[str, Any], ...]:
    unknown = [name for name in options if name not in _OPTION_NAMES and name != "clock"]
    if unknown:
        raise TypeError(
            f"{_WHERE}: unknown option {unknown[0]!r}: use "
            + ", ".join(_OPTION_NAMES)
            + " (and now=, unit=, naive=, errors=, cache=)"
        )
    return tuple(sorted((name, value) for name, value in options.items() if name != "clock"))


def format_table(
    values: Any,
    *,
    style: str,
    locale: Any,
    tz: Any,
    now: Any = None,
    unit: Optional[str] = None,
    naive: Optional[str] = None,
    errors: str = "raise",
    cache: Optional[FormatterCache] = None,
    **options: Any,
) -> Any:
    """Labels for a column of instants where each row may have its own locale and
    zone, all at one ``now`` (None: the local clock, or ``clock=``'s).

    ``values`` is what :meth:`Formatter.format_column` takes (pyarrow, numpy,
    pandas, polars; ``unit`` and ``naive`` as there), and the result is the
    same: a pyarrow ``large_string`` Array or ChunkedArray, or a pandas or
    polars Series for theirs, in the order of the rows. ``locale`` and ``tz``
    are each one id for every row or a column of ids, one per row (pyarrow,
    pandas, polars, numpy or a list; categoricals are used as they are coded).
    ``options`` are Formatter's (``hour_cycle``, ``width``, ...), the same for
    every row.

    A pandas Series of ids is matched to a pandas Series of instants by index
    (by label when the indexes differ but the ids' covers the instants' once;
    any other difference is an error, never a match by position); a tz column
    may hold ``zoneinfo.ZoneInfo`` objects.

    Rows with a null instant get a null label. A row that cannot be labelled
    (its locale or zone id unknown or null, its instant out of range) is an
    error naming the first such row (:class:`LocaleError`,
    :class:`TimeZoneError`, :class:`RangeError`), or a null label with
    ``errors="null"``. Formatters come from ``cache`` (default
    :data:`feeddate.formatter_cache`, which keeps the 1024 most recently used).
    """
    checked_errors(errors, _WHERE)
    if cache is None:
        cache = formatter_cache
    elif not isinstance(cache, FormatterCache):
        raise TypeError(f"{_WHERE}: cache={cache!r}: pass a feeddate.FormatterCache (or None for the shared one)")
    chosen = _check_options(options)
    style = style.lower() if isinstance(style, str) else style
    column = Column(values, unit, naive, _WHERE, errors)
    clock = options.get("clock")
    now_ms = to_ms(now) if now is not None else clock_reader(clock)() if clock is not None else local_now_ms()
    locales = _Ids(column, locale, "locale")
    zones = _Ids(column, tz, "tz")
    if locales.codes is None and zones.codes is None:  # one formatter for every row
        try:
            formatter = cache.get(style, locale, tz, chosen)
        except (LocaleError, TimeZoneError):
            pass  # the groups below name the first row, or give nulls with errors="null"
        else:
            return label_with(column, formatter, now_ms, _WHERE)
    return label_chunks(
        column,
        lambda chunk, guess: _label_groups(column, chunk, locales, zones, style, chosen, cache, now_ms, errors, guess),
    )


def _label_groups(
    column: Column,
    chunk: Any,
    locales: _Ids,
    zones: _Ids,
    style: str,
    chosen: Tuple[Tuple[str, Any], ...],
    cache: FormatterCache,
    now_ms: int,
    errors: str,
    guess: int,
) -> Tuple[Any, int]:
    """One chunk of rows: grouped by (locale, zone), one library call per group into
    one buffer in group order, then put back in row order. When a call fails, the
    rows that fail are found (an error for the first, or with errors="null" they
    become null) and the chunk is labelled again without them."""
    chunk, ms = column.milliseconds(chunk)  # out of range rows that cannot even be converted: judged here
    while True:
        done = _label_groups_once(column, chunk, ms, locales, zones, style, chosen, cache, now_ms, errors, guess)
        if isinstance(done, tuple):
            return done
        chunk = chunk._replace(valid=without(chunk.valid, done))


def _label_groups_once(
    column: Column,
    chunk: Any,
    ms: Any,
    locales: _Ids,
    zones: _Ids,
    style: str,
    chosen: Tuple[Tuple[str, Any], ...],
    cache: FormatterCache,
    now_ms: int,
    errors: str,
    guess: int,
) -> Any:
    """_label_groups' one try: (labels, guess), or the mask of the rows that failed
    in a library call (errors="null"; with "raise", the error for the first)."""
    pa, np = column.pa, column.np
    rows = len(chunk.ints)
    group, group_keys, n_tz = _group_rows(np, pa, chunk, locales, zones)
    groups = len(group_keys)
    formatters, ids, bad = _group_formatters(group_keys, n_tz, locales, zones, style, chosen, cache)
    in_bad = _rows_of_bad_groups(np, chunk, group, bad, errors)

    # The rows to label: a valid instant and a good group; the others go last.
    ok = chunk.valid
    if in_bad is not None:
        ok = without(ok, in_bad)
    if ok is not None:
        group = np.where(ok, group, groups)
    # A stable sort by group: a radix sort for 16-bit keys.
    order = np.argsort(group.astype(np.uint16) if groups < 65535 else group, kind="stable")
    counts = np.bincount(group, minlength=groups + 1)
    n_ok = rows - int(counts[groups])

    written = _write_groups(column, chunk, ms, order, counts[:groups].tolist(), n_ok, formatters, ids, now_ms, guess)
    if not isinstance(written, tuple):
        return written  # the rows that failed
    in_groups, guess = written

    # Back to row order: row i's label is in_groups[where[i]].
    index = np.int32 if rows < 2**31 else np.int64
    where = np.empty(rows, index)
    where[order] = np.arange(rows, dtype=index)
    indices = pa.array(where) if ok is None else pa.array(where, mask=~ok)
    return in_groups.take(indices), guess


def _group_rows(np: Any, pa: Any, chunk: Any, locales: _Ids, zones: _Ids) -> Tuple[Any, Any, int]:
    """Group ids: each row's (locale code, zone code) pair as one number (null
    codes included), numbered densely in order of that number. Returns each
    row's group, each group's number (locale code * n_tz + zone code) and n_tz."""
    rows = len(chunk.ints)
    first = chunk.first
    n_loc = len(locales.names) + 1 if locales.codes is not None else 1
    n_tz = len(zones.names) + 1 if zones.codes is not None else 1
    wide = np.int64 if n_loc * n_tz >= 2**31 else np.int32
    if locales.codes is None:
        key = np.zeros(rows, wide) if zones.codes is None else zones.codes[first : first + rows].astype(wide)
    else:
        key = locales.codes[first : first + rows].astype(wide) * wide(n_tz)
        if zones.codes is not None:
            key += zones.codes[first : first + rows]
    if n_loc * n_tz <= 4 * rows + 65536:  # a table over every possible pair is small
        present = np.zeros(n_loc * n_tz, np.bool_)
        present[key] = True
        number = np.cumsum(present, dtype=np.int32) - 1
        return number[key], np.flatnonzero(present), n_tz
    encoded = pa.array(key).dictionary_encode()  # hash the keys
    return encoded.indices.to_numpy(), encoded.dictionary.to_numpy(), n_tz


def _group_formatters(
    group_keys: Any,
    n_tz: int,
    locales: _Ids,
    zones: _Ids,
    style: str,
    chosen: Tuple[Tuple[str, Any], ...],
    cache: FormatterCache,
) -> Tuple[List[Optional[Formatter]], List[str], Dict[int, Error]]:
    """A formatter per group, and its ids as a message starts them; an unknown
    (or null) id marks its group bad (the error, by group)."""
    n_loc = len(locales.names) + 1 if locales.codes is not None else 1
    formatters: List[Optional[Formatter]] = []
    ids: List[str] = []
    bad: Dict[int, Error] = {}
    for g, k in enumerate(group_keys.tolist()):
        li, ti = divmod(k, n_tz)
        loc = locales.names[li] if locales.codes is None or li < n_loc - 1 else None
        zone = zones.names[ti] if zones.codes is None or ti < n_tz - 1 else None
        formatters.append(None)
        ids.append(f"locale={_shown(loc)}, tz={_shown(zone)}: ")
        if locales.codes is not None and (li == n_loc - 1 or loc is None):
            bad[g] = error_for(FD_ERR_LOCALE, f"the locale is null (tz={_shown(zone)})")
            continue
        if zones.codes is not None and (ti == n_tz - 1 or zone is None):
            bad[g] = error_for(FD_ERR_TIME_ZONE, f"the time zone is null (locale={_shown(loc)})")
            continue
        try:
            formatters[g] = cache.get(style, loc, zone, chosen)
        except (LocaleError, TimeZoneError) as exc:
            bad[g] = error_for(exc.status, f"locale={_shown(loc)}, tz={_shown(zone)}: {exc}")
    return formatters, ids, bad


def _rows_of_bad_groups(np: Any, chunk: Any, group: Any, bad: Dict[int, Error], errors: str) -> Any:
    """The mask of the rows with an instant whose group is bad (None: no bad
    group); with errors="raise", the error naming the first of them."""
    if not bad:
        return None
    in_bad = np.isin(group, list(bad))
    if chunk.valid is not None:
        in_bad &= chunk.valid  # a row without an instant gets a null label whatever its ids
    if errors == "raise" and in_bad.any():
        row = int(np.argmax(in_bad))
        error = bad[int(group[row])]
        raise error_for(
            error.status, f"{_WHERE}: row {chunk.first + row}: {error} (errors='null' gives null labels in such rows)"
        ) from None
    return in_bad


def _write_groups(
    column: Column,
    chunk: Any,
    ms: Any,
    order: Any,
    counts: List[int],
    n_ok: int,
    formatters: List[Optional[Formatter]],
    ids: List[str],
    now_ms: int,
    guess: int,
) -> Any:
    """The labels of the first n_ok rows of ``order`` (the rows to label, by
    group), one library call per group into one buffer: (labels in group order,
    the next guess), or what column.failed_rows says when a call fails."""
    pa, np = column.pa, column.np
    ms_sorted = ms[order[:n_ok]]  # fancy indexing makes a new contiguous array
    offset_buf, ends = offsets(pa, np, n_ok)
    text = Text(pa, n_ok * guess + 1)
    t_at, ends_at = ms_sorted.ctypes.data, ends.ctypes.data
    start = 0
    for g, count in enumerate(counts):
        if not count:
            continue
        base = text.used
        stop = start + count
        formatter = formatters[g]
        assert formatter is not None  # rows of bad groups are not in ok
        status = text.write(
            formatter._handle,
            t_at + 8 * start,
            count,
            now_ms,
            ends[start + 1 : stop + 1],
            ends_at + 8 * (start + 1),
            guess,
        )
        if status:  # some row of this group failed: which ones?

            def locate(
                first_only: bool,
                handle: Any = formatter._handle,
                part: Any = ms_sorted[start:stop],
                rows_of: Any = order[start:stop],
            ) -> List[Tuple[int, int, str]]:
                return [(int(rows_of[i]), s, m) for i, s, m in failing(np, handle, part, now_ms, first_only)]

            def about(row: int, group_ids: str = ids[g]) -> str:
                return group_ids

            return column.failed_rows(chunk, ms, status, locate, f"{_WHERE}({column.length} instants)", about)
        if base:
            ends[start + 1 : stop + 1] += base
        start = stop
    if n_ok:
        guess = text.next_guess(n_ok)
    return string_array(pa, np, n_ok, offset_buf, text.finish(), None), guess
