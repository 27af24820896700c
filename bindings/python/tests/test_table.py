"""feeddate.format_table: a locale and a zone per row. Every row's label is the
one Formatter(style, locale=row's, tz=row's).format gives, in the input order,
whatever the id columns are (pyarrow, pandas, polars, numpy, lists,
categoricals); bad ids are an error naming the first bad row, or nulls.
pyarrow, pandas and polars are test dependencies: make test-python installs
them, so there these tests never skip; make check with a Python that lacks one
skips this file, saying which."""

from __future__ import annotations

import datetime
import pickle
import zoneinfo
from typing import Any, List, Optional

import feeddate
import numpy as np
import pytest
from feeddate import _columns, _table

_NEED = "make test-python installs it; make check skips what needs it"
pa = pytest.importorskip("pyarrow", reason=f"pyarrow is not installed ({_NEED})")
pd = pytest.importorskip("pandas", reason=f"pandas is not installed ({_NEED})")
pl = pytest.importorskip("polars", reason=f"polars is not installed ({_NEED})")

NOW_S = 1711348200  # 2024-03-25T06:30Z
NOW_MS = NOW_S * 1000
LOCALES = ["zh_CN", "en_US", "de_DE", "ar_EG", "ja_JP", "en_GB"]
ZONES = ["Asia/Shanghai", "America/New_York", "Europe/Berlin", "UTC", "Asia/Kolkata"]
ROWS = 600


def make(rows: int = ROWS, seed: int = 3) -> Any:
    """Instants (ms) over the last weeks and years, and a locale and a zone per row."""
    rng = np.random.default_rng(seed)
    back = np.where(
        rng.random(rows) < 0.7, rng.integers(0, 7 * 86_400_000, rows), rng.integers(0, 5 * 365 * 86_400_000, rows)
    )
    ms = NOW_MS - back
    locales = [LOCALES[i] for i in rng.integers(0, len(LOCALES), rows)]
    zones = [ZONES[i] for i in rng.integers(0, len(ZONES), rows)]
    return ms, locales, zones


def one_by_one(style: str, ms: Any, locales: Any, zones: Any, **options: Any) -> List[Optional[str]]:
    """Each row through its own Formatter.format (None where the instant is None)."""
    made = {}
    out: List[Optional[str]] = []
    for t, loc, zone in zip(ms, locales, zones):
        if t is None:
            out.append(None)
            continue
        key = (loc, zone)
        if key not in made:
            made[key] = feeddate.Formatter(style, locale=loc, tz=zone, **options)
        out.append(made[key].format(int(t) / 1000, NOW_S))
    return out


def stamps(ms: Any) -> Any:
    return pa.array(ms, pa.timestamp("ms", "UTC"))


@pytest.mark.parametrize("style", ["feed", "chat_bubble", "relative"])
def test_every_row_gets_its_own_locale_and_zone_in_input_order(style: str) -> None:
    ms, locales, zones = make()
    out = feeddate.format_table(stamps(ms), style=style, locale=pa.array(locales), tz=pa.array(zones), now=NOW_S)
    assert isinstance(out, pa.Array)
    out.validate(full=True)
    assert out.type == pa.large_string()
    assert out.to_pylist() == one_by_one(style, ms.tolist(), locales, zones)


def test_one_id_for_all_rows_and_a_column_for_the_other() -> None:
    ms, locales, zones = make()
    assert feeddate.format_table(
        stamps(ms), style="feed", locale="zh_CN", tz=zones, now=NOW_S
    ).to_pylist() == one_by_one("feed", ms.tolist(), ["zh_CN"] * ROWS, zones)
    assert feeddate.format_table(
        stamps(ms), style="feed", locale=locales, tz="Europe/Berlin", now=NOW_S
    ).to_pylist() == one_by_one("feed", ms.tolist(), locales, ["Europe/Berlin"] * ROWS)
    both = feeddate.format_table(
        stamps(ms), style="feed", locale="en_US", tz=zoneinfo.ZoneInfo("Asia/Tokyo"), now=NOW_S
    )
    assert both.to_pylist() == feeddate.Formatter("feed", locale="en_US", tz="Asia/Tokyo").format_many(
        ms, NOW_S, unit="ms"
    )


def test_options_apply_to_every_row() -> None:
    ms, locales, zones = make(100)
    out = feeddate.format_table(
        stamps(ms), style="chat_bubble", locale=locales, tz=zones, now=NOW_S, hour_cycle="h23", width="short"
    )
    assert out.to_pylist() == one_by_one("chat_bubble", ms.tolist(), locales, zones, hour_cycle="h23", width="short")
    with pytest.raises(TypeError, match=r"unknown option 'hourcycle': use hour_cycle, width"):
        feeddate.format_table(stamps(ms), style="feed", locale=locales, tz=zones, hourcycle="h23")
    with pytest.raises(feeddate.ArgumentError, match="precision 7 is out of range"):
        feeddate.format_table(stamps(ms), style="countdown", locale=locales, tz=zones, precision=7)


def test_id_columns_of_every_kind() -> None:
    ms, locales, zones = make(300)
    want = one_by_one("feed", ms.tolist(), locales, zones)
    kinds = [
        (np.array(locales), np.array(zones, dtype=object)),
        (pd.Series(locales, dtype="category"), pd.Series(zones)),
        (pl.Series(locales).cast(pl.Categorical), pl.Series(zones)),
        (pa.array(locales).dictionary_encode(), pa.array(zones, pa.string_view())),
        (pa.chunked_array([locales[:100], locales[100:]]), pa.chunked_array([zones[:7], zones[7:250], zones[250:]])),
    ]
    for loc, zone in kinds:
        out = feeddate.format_table(stamps(ms), style="feed", locale=loc, tz=zone, now=NOW_S)
        assert out.to_pylist() == want, type(loc)


def test_pandas_and_polars_come_back_as_theirs() -> None:
    ms, locales, zones = make(50)
    frame = pd.DataFrame(
        {"t": pd.to_datetime(ms, unit="ms", utc=True), "locale": locales, "tz": zones}, index=np.arange(1000, 1050)
    )
    out = feeddate.format_table(frame["t"], style="feed", locale=frame["locale"], tz=frame["tz"], now=NOW_S)
    assert isinstance(out, pd.Series) and out.index.equals(frame.index) and out.name == "t"
    assert out.dtype == pd.ArrowDtype(pa.large_string())
    assert out.tolist() == one_by_one("feed", ms.tolist(), locales, zones)
    lazy = pl.DataFrame({"t": ms.tolist(), "locale": locales, "tz": zones}).with_columns(
        pl.col("t").cast(pl.Datetime("ms", "UTC"))
    )
    out = feeddate.format_table(lazy["t"], style="feed", locale=lazy["locale"], tz=lazy["tz"], now=NOW_S)
    assert isinstance(out, pl.Series) and out.to_list() == one_by_one("feed", ms.tolist(), locales, zones)


def test_null_instants_give_null_labels() -> None:
    ms, locales, zones = make(40)
    values: List[Any] = ms.tolist()
    values[0] = values[17] = values[39] = None
    out = feeddate.format_table(stamps(values), style="feed", locale=locales, tz=zones, now=NOW_S)
    out.validate(full=True)
    assert out.to_pylist() == one_by_one("feed", values, locales, zones)


def test_a_bad_id_is_an_error_naming_the_first_bad_row() -> None:
    ms, locales, zones = make(30)
    zones[21] = "Mars/Olympus_Mons"
    locales[12] = "tlh"
    with pytest.raises(
        feeddate.LocaleError, match=r'^format_table: row 12: locale="tlh", tz="[^"]+": no locale data for "tlh"'
    ):
        feeddate.format_table(stamps(ms), style="feed", locale=locales, tz=zones, now=NOW_S)
    locales[12] = "en_US"
    with pytest.raises(
        feeddate.TimeZoneError, match=r"row 21: .*unknown time zone \"Mars/Olympus_Mons\".*errors='null'"
    ):
        feeddate.format_table(stamps(ms), style="feed", locale=locales, tz=zones, now=NOW_S)
    zones[21] = None
    with pytest.raises(feeddate.TimeZoneError, match=r"row 21: the time zone is null"):
        feeddate.format_table(stamps(ms), style="feed", locale=locales, tz=zones, now=NOW_S)
    locales[3] = None
    with pytest.raises(feeddate.LocaleError, match=r"row 3: the locale is null"):
        feeddate.format_table(stamps(ms), style="feed", locale=locales, tz=zones, now=NOW_S)


def test_one_bad_id_for_every_row() -> None:
    ms, locales, zones = make(5)
    with pytest.raises(feeddate.TimeZoneError, match=r'^format_table: row 0: locale="en_US", tz="Mars/Base"'):
        feeddate.format_table(stamps(ms), style="feed", locale="en_US", tz="Mars/Base", now=NOW_S)
    with pytest.raises(feeddate.LocaleError, match=r'^format_table: row 0: locale="tlh"'):
        feeddate.format_table(stamps(ms), style="feed", locale="tlh", tz=zones, now=NOW_S)
    out = feeddate.format_table(stamps(ms), style="feed", locale="tlh", tz="UTC", now=NOW_S, errors="null")
    assert out.to_pylist() == [None] * 5


def test_errors_null_gives_nulls_in_the_bad_rows_only() -> None:
    ms, locales, zones = make(30)
    zones[21], locales[12], locales[3], zones[4] = "Mars/Olympus_Mons", "tlh", None, None
    values: List[Any] = ms.tolist()
    values[5] = None
    out = feeddate.format_table(stamps(values), style="feed", locale=locales, tz=zones, now=NOW_S, errors="null")
    out.validate(full=True)
    want = one_by_one(
        "feed",
        [None if i in (3, 4, 12, 21) else v for i, v in enumerate(values)],
        ["en_US" if i in (3, 12) else loc for i, loc in enumerate(locales)],
        ["UTC" if i in (4, 21) else z for i, z in enumerate(zones)],
    )
    assert out.to_pylist() == want
    with pytest.raises(feeddate.ArgumentError, match=r"errors='ignore': use 'raise' .* or 'null'"):
        feeddate.format_table(stamps(ms), style="feed", locale=locales, tz=zones, errors="ignore")


def test_rows_and_ids_must_line_up() -> None:
    ms, locales, zones = make(30)
    with pytest.raises(feeddate.ArgumentError, match=r"tz has 29 rows but the instants have 30"):
        feeddate.format_table(stamps(ms), style="feed", locale=locales, tz=zones[:-1], now=NOW_S)
    with pytest.raises(TypeError, match=r"a locale column of int64 is not ids"):
        feeddate.format_table(stamps(ms), style="feed", locale=list(range(30)), tz=zones, now=NOW_S)


def test_out_of_range_instants_name_their_row() -> None:
    ms, locales, zones = make(30)
    ms[9] = 253402300800000
    with pytest.raises(feeddate.RangeError, match=r"row 9 = 10000-01-01"):
        feeddate.format_table(stamps(ms), style="feed", locale=locales, tz=zones, now=NOW_S)
    with pytest.raises(feeddate.ArgumentError, match="needs unit="):
        feeddate.format_table(ms, style="feed", locale=locales, tz=zones, now=NOW_S)


def test_long_columns_go_in_chunks_and_labels_keep_their_rows(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_columns, "CHUNK_ROWS", 64)
    monkeypatch.setattr(_columns, "_FIRST_GUESS", 1)  # and every buffer grows on the way
    ms, locales, zones = make()
    values: List[Any] = ms.tolist()
    values[100] = None
    out = feeddate.format_table(stamps(values), style="chat_bubble", locale=locales, tz=zones, now=NOW_S)
    assert isinstance(out, pa.ChunkedArray) and out.num_chunks == -(-ROWS // 64)
    for chunk in out.chunks:
        chunk.validate(full=True)
    assert out.to_pylist() == one_by_one("chat_bubble", values, locales, zones)


def test_many_distinct_ids_are_grouped_by_hashing(monkeypatch: pytest.MonkeyPatch) -> None:
    """More (locale, zone) codes than a dense table should cover: the same labels."""
    monkeypatch.setattr(_columns, "CHUNK_ROWS", 16)
    zones = sorted(zoneinfo.available_timezones() - {"Factory", "localtime"})[:280]
    locales = [f"en_US;q=0.{i:03d}" for i in range(1, 281)]  # 280 spellings of one locale
    rows = 300
    rng = np.random.default_rng(5)
    ms = NOW_MS - rng.integers(0, 30 * 86_400_000, rows)
    row_locales = [locales[i % 280] for i in range(rows)]
    row_zones = [zones[i * 3 % 280] for i in range(rows)]
    assert len(set(row_locales)) * len(set(row_zones)) > 4 * 16 + 65536
    cache = feeddate.FormatterCache(maxsize=4096)
    out = feeddate.format_table(stamps(ms), style="feed", locale=row_locales, tz=row_zones, now=NOW_S, cache=cache)
    assert out.to_pylist() == one_by_one("feed", ms.tolist(), row_locales, row_zones)


def test_a_bad_id_is_looked_into_once() -> None:
    cache = feeddate.FormatterCache()
    with pytest.raises(feeddate.TimeZoneError, match="Mars/Base") as first:
        cache.get("feed", "en_US", "Mars/Base")
    with pytest.raises(feeddate.TimeZoneError) as again:
        cache.get("feed", "en_US", "Mars/Base")
    assert str(again.value) == str(first.value) and again.value.status == first.value.status
    assert cache.misses == 1 and cache.hits == 1


def test_formatters_come_from_a_bounded_lru_cache() -> None:
    ms, locales, zones = make(200)
    cache = feeddate.FormatterCache(maxsize=8)
    pairs = len(set(zip(locales, zones)))
    assert pairs > 8
    out = feeddate.format_table(stamps(ms), style="feed", locale=locales, tz=zones, now=NOW_S, cache=cache)
    assert out.to_pylist() == one_by_one("feed", ms.tolist(), locales, zones)
    assert len(cache) == 8 and cache.misses == pairs
    cache.maxsize = 64
    feeddate.format_table(stamps(ms), style="feed", locale=locales, tz=zones, now=NOW_S, cache=cache)
    feeddate.format_table(stamps(ms), style="feed", locale=locales, tz=zones, now=NOW_S, cache=cache)
    assert len(cache) == pairs and cache.hits >= pairs
    first = cache.get("feed", "zh_CN", "UTC")
    assert cache.get("feed", "zh_CN", "UTC") is first
    cache.maxsize = 1
    assert len(cache) == 1
    cache.get("feed", "en_US", "UTC")
    assert cache.get("feed", "zh_CN", "UTC") is not first  # dropped: least recently used
    copy = pickle.loads(pickle.dumps(cache))
    assert copy.maxsize == 1 and len(copy) == 0
    cache.clear()
    assert len(cache) == 0 and cache.hits == cache.misses == 0
    for bad in (0, -1, 2.5, True):
        with pytest.raises(feeddate.ArgumentError, match="maxsize"):
            feeddate.FormatterCache(maxsize=bad)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="FormatterCache"):
        feeddate.format_table(stamps(ms), style="feed", locale=locales, tz=zones, cache={})  # type: ignore[arg-type]
    assert isinstance(feeddate.formatter_cache, feeddate.FormatterCache) and feeddate.formatter_cache.maxsize == 1024


def test_one_now_for_all_rows_from_the_clock() -> None:
    class Fixed:
        def now_ms(self) -> int:
            return NOW_MS

    ms, locales, zones = make(50)
    out = feeddate.format_table(stamps(ms), style="relative", locale=locales, tz=zones, clock=Fixed())
    assert out.to_pylist() == one_by_one("relative", ms.tolist(), locales, zones)


def test_empty_table() -> None:
    out = feeddate.format_table(stamps([]), style="feed", locale=[], tz=[], now=NOW_S)
    assert out.to_pylist() == [] and out.type == pa.large_string()
    assert _table.formatter_cache is feeddate.formatter_cache


def test_zoneinfo_objects_in_a_tz_column() -> None:
    """1.1: pyarrow's "ArrowInvalid: Could not convert zoneinfo.ZoneInfo(...)"."""
    ms, locales, zones = make(40)
    objects: List[Any] = [zoneinfo.ZoneInfo(z) for z in zones]
    objects[5] = None
    want = one_by_one("feed", ms.tolist(), locales, zones)
    want[5] = None
    for column in (
        objects,
        np.array(objects, dtype=object),
        pd.Series(objects),
        [str(z) if z else None for z in objects],
    ):
        out = feeddate.format_table(stamps(ms), style="feed", locale=locales, tz=column, now=NOW_S, errors="null")
        assert out.to_pylist() == want
    mixed: List[Any] = list(zones)
    mixed[0] = datetime.timezone.utc
    assert feeddate.format_table(stamps(ms), style="feed", locale=locales, tz=mixed, now=NOW_S).to_pylist()[
        0
    ] == feeddate.Formatter("feed", locale=locales[0], tz="UTC").format(int(ms[0]) / 1000, NOW_S)


@pytest.mark.parametrize(
    "what, bad, words",
    [
        ("tz", datetime.timezone(datetime.timedelta(hours=8)), r"tz row 3: tz=datetime.timezone\(.*a fixed offset"),
        ("tz", 8, r"tz row 3 is 8, a int, not an id: pass strings like 'Asia/Shanghai' or a zoneinfo.ZoneInfo"),
        ("locale", zoneinfo.ZoneInfo("UTC"), r"locale row 3 is zoneinfo.ZoneInfo\(key='UTC'\), a ZoneInfo, not an id"),
    ],
)
def test_what_is_not_an_id_is_refused_with_our_message(what: str, bad: Any, words: str) -> None:
    ms, locales, zones = make(6)
    ids: List[Any] = list(locales if what == "locale" else zones)
    ids[3] = bad
    given = {"locale": locales, "tz": zones, what: ids}
    with pytest.raises(TypeError, match=words):
        feeddate.format_table(stamps(ms), style="feed", now=NOW_S, **given)


def test_id_series_are_matched_to_the_instants_by_index_never_by_position() -> None:
    ms, locales, zones = make(6)
    index = [10, 11, 12, 13, 14, 15]
    values = pd.Series(pd.to_datetime(ms, unit="ms", utc=True), index=index)
    want = one_by_one("feed", ms.tolist(), locales, zones)
    # The same rows in another order: matched by label.
    shuffled = pd.Series(zones, index=index)[[15, 12, 10, 14, 11, 13]]
    out = feeddate.format_table(values, style="feed", locale=pd.Series(locales, index=index), tz=shuffled, now=NOW_S)
    assert list(out.index) == index and out.tolist() == want
    # A superset is fine too; labels it lacks, or repeats, are an error (1.1 matched by position).
    wider = pd.Series(zones + ["UTC"], index=index + [99])
    assert feeddate.format_table(values, style="feed", locale=locales, tz=wider, now=NOW_S).tolist() == want
    for bad in (pd.Series(zones), pd.Series(zones, index=[10, 10, 12, 13, 14, 15])):
        with pytest.raises(feeddate.ArgumentError, match=r"the tz Series' index differs from the instants'"):
            feeddate.format_table(values, style="feed", locale=locales, tz=bad, now=NOW_S)
    # Instants without labels (Arrow, numpy): rows by position, as before.
    assert (
        feeddate.format_table(
            stamps(ms), style="feed", locale=locales, tz=pd.Series(zones, index=index[::-1]), now=NOW_S
        ).to_pylist()
        == want
    )
