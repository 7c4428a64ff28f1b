"""An index file's lines table (``storage/lines.py``): an open reads it and
not the summaries; anything not exactly as the app wrote it is read the full
way, and gives the same history.

Before, an open decoded every summary of every index file (30 of the 48 ms
of opening 10,000 matches): ``history`` was 1.48 and ``import one`` 1.35
times an empty folder's (targets 1.5 and 1.3, issue 24 item 10).
"""

from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.storage import files as files_module
from scorekeeper.storage import shards
from scorekeeper.storage.archive import Archive
from scorekeeper.storage.backends import MemoryBackend
from scorekeeper.storage.files import DataFiles
from scorekeeper.storage.lines import LINES_TABLE, read_rows, with_lines
from tests.integration.storage.helpers import BIG, Clock, Store, as_written, setup


@pytest.fixture(autouse=True)
def small_shards(monkeypatch):
    """Shards of 2 matches: a few matches fill several index files."""
    monkeypatch.setattr(shards, "SHARD_SIZE", 2)


def _won(store: Store, n: int = 6) -> list[str]:
    repo = store.open()
    ids = []
    for k in range(n):
        m = repo.create_match(setup(f"A{k}", f"B{k}"))
        repo.add_hand(m.id, BIG)
        ids.append(repo.add_hand(m.id, BIG).id)
    store.close()
    return ids


@pytest.fixture
def decoded(monkeypatch) -> list[str]:
    """The index files whose summaries are decoded from now on."""
    names: list[str] = []
    real = files_module.DataFiles.read_checked

    def counting(self, name, kind, verify=True):
        if kind == "index":
            names.append(name)
        return real(self, name, kind, verify)

    monkeypatch.setattr(files_module.DataFiles, "read_checked", counting)
    return names


def _index(store: Store, shard: int) -> Path:
    return store.folder / "archive" / f"index-{shard:04d}.json"


def _history(store: Store, lazy: bool) -> list:
    return list(store.open(lazy=lazy).list_history(limit=100).items)


def test_every_index_file_the_app_writes_has_its_lines_table_before_the_summaries(
    file_store,
):
    _won(file_store)
    for shard in range(3):
        raw = _index(file_store, shard).read_bytes()
        tables = json.loads(raw)
        assert list(tables) == ["_checksum", "_schema", LINES_TABLE, "summaries"]
        found = read_rows(raw)
        assert found is not None
        assert [r[1] for r in found[1]] == [
            d["id"] for d in tables["summaries"].values()
        ]


def test_a_first_page_decodes_only_the_index_files_of_its_lines(file_store, decoded):
    ids = _won(file_store)
    repo = file_store.open(lazy=True)
    decoded.clear()  # the open: no summary decoded
    page = repo.list_history(limit=1).items  # (and the next, to know of more)
    assert [s.id for s in page] == [ids[5]]
    assert decoded == ["archive/index-0002.json"]  # the newest two's file
    assert [s.id for s in repo.list_history(limit=100).items] == ids[::-1]
    assert sorted(decoded) == [f"archive/index-000{k}.json" for k in range(3)]


def test_the_summaries_written_again_by_a_version_without_the_table_are_read_whole(
    file_store, decoded
):
    """An older version keeps a table it does not know as it was: the lines
    table then lists what the summaries no longer say. It is seen (its CRC
    of the summaries) and the file read the full way."""
    ids = _won(file_store)
    path = _index(file_store, 2)
    tables = json.loads(path.read_text())
    (key,) = [k for k, d in tables["summaries"].items() if d["id"] == ids[5]]
    tables["summaries"][key]["status"] = "abandoned"  # the lines still say won
    path.write_text(as_written(tables))
    assert read_rows(path.read_bytes()) is None
    repo = file_store.open(lazy=True)
    assert "archive/index-0002.json" in decoded
    assert [s.id for s in repo.list_history(status="won", limit=100).items] == (
        ids[:5][::-1]
    )
    assert _history(file_store, lazy=True) == _history(file_store, lazy=False)


def test_an_index_file_without_the_table_is_read_whole_and_gets_it_when_written(
    file_store,
):
    """A file of an earlier version (no lines table) reads as before; the
    next write of it adds the table."""
    ids = _won(file_store, 5)
    path = _index(file_store, 2)
    tables = json.loads(path.read_text())
    del tables[LINES_TABLE]
    path.write_text(as_written(tables))
    assert read_rows(path.read_bytes()) is None
    whole = _history(file_store, lazy=False)
    assert _history(file_store, lazy=True) == whole
    assert [s.id for s in whole] == ids[::-1]
    repo = file_store.open()
    m = repo.create_match(setup("Carla", "Dario"))
    repo.add_hand(m.id, BIG)
    repo.add_hand(m.id, BIG)  # the sixth match: archived into shard 2
    file_store.close()
    assert read_rows(path.read_bytes()) is not None
    assert [s.id for s in _history(file_store, lazy=True)] == [m.id, *ids[::-1]]


def _restamped(tables: dict) -> bytes:
    return as_written(tables).encode("utf-8")


@pytest.mark.parametrize(
    "damage",
    [
        lambda t: {**t, LINES_TABLE: {"1": {**t[LINES_TABLE]["1"], "rows": [[1]]}}},
        lambda t: {**t, LINES_TABLE: {"1": {**t[LINES_TABLE]["1"], "of": "0"}}},
        lambda t: {k: t[k] for k in ("_schema", "summaries", LINES_TABLE)},
        lambda t: {**t, "summaries": {**t["summaries"], "9": {"id": "x"}}},
    ],
    ids=["a row not a row", "another crc", "summaries not last", "a line more"],
)
def test_lines_not_exactly_as_written_are_never_trusted(file_store, damage):
    """Each change, even with the app's checksum put back, makes the file
    read the full way (which says what it cannot read), never its rows; a
    byte changed without it, the checksum alone refuses the rows."""
    _won(file_store, 2)
    raw = _index(file_store, 0).read_bytes()
    assert read_rows(raw) is not None
    assert read_rows(raw.replace(b'"won"', b'"wOn"', 1)) is None
    tables = json.loads(raw)
    assert read_rows(_restamped(tables)) is not None  # as written: trusted
    assert read_rows(_restamped(damage(tables))) is None


def test_with_lines_puts_the_summaries_last_whatever_the_order_found():
    import doctest

    from scorekeeper.storage import lines

    assert doctest.testmod(lines).failed == 0
    tables = {"summaries": {}, "_schema": {"1": {}}, LINES_TABLE: {"1": {}}}
    assert list(with_lines(tables)) == ["_schema", LINES_TABLE, "summaries"]


@st.composite
def creation_times(draw) -> list[str]:
    """Creation texts of history lines: one offset for all (as the app
    writes them) or several (imported files), with or without microseconds."""
    offsets = draw(st.lists(st.integers(-12 * 60, 14 * 60), min_size=1, max_size=3))
    micro = draw(st.booleans())
    times = draw(
        st.lists(
            st.datetimes(datetime(2000, 1, 1), datetime(2030, 1, 1)),
            min_size=0,
            max_size=12,
        )
    )
    out = []
    for n, t in enumerate(times):
        zone = timezone(timedelta(minutes=offsets[n % len(offsets)]))
        t = t.replace(tzinfo=zone, microsecond=t.microsecond if micro else 0)
        out.append(t.isoformat())
    return out


@given(creation_times(), st.booleans())
@settings(max_examples=200, deadline=None)
def test_twins_are_ordered_newest_first_as_the_history_orders_them(texts, decoded):
    """Property: ``newest_first_of`` (which compares the texts when they
    share one form) gives the order of ``sort_key_of`` (the parsed times),
    for lines decoded or not."""
    archive = Archive(DataFiles(MemoryBackend(), on_damage="refuse", clock=Clock()))
    lines = {
        f"m{n}": (str(n + 1), {"created": t} if decoded else t, (n, None, "won", False))
        for n, t in enumerate(texts)
    }
    archive._add_lines("archive/index-0000.json", lines)
    ids = list(lines)[::-1]
    expected = sorted(ids, key=archive.sort_key_of, reverse=True)
    assert archive.newest_first_of(ids) == expected


def test_check_names_a_lines_table_its_history_lines_do_not_make(file_store):
    """The app trusts a lines table whose checksums are right: one edited and
    summed again by hand (a row saying deleted) is named by ``check``."""
    from scorekeeper.storage.check import check_folder

    _won(file_store, 2)
    assert check_folder(file_store.folder).problems == []
    path = _index(file_store, 0)
    tables = json.loads(path.read_text())
    tables[LINES_TABLE]["1"]["rows"][0][5] = True  # deleted, the line says not
    path.write_text(as_written(tables))
    problems = check_folder(file_store.folder).problems
    assert len(problems) == 1
    assert "index-0000.json" in str(problems[0]) and "lines table" in str(problems[0])


def test_a_twin_whose_time_is_not_a_time_is_handled_as_a_damaged_line():
    """The texts' shortcut takes only ISO times: one of the same length and
    offset that is not a time goes the parsing way, which refuses it."""
    from scorekeeper.storage.errors import DataFileError

    archive = Archive(DataFiles(MemoryBackend(), on_damage="refuse", clock=Clock()))
    good, bad = "2026-01-01T10:00:00+00:00", "2026-01-0xT10:00:00+00:00"
    lines = {
        f"m{n}": (str(n + 1), t, (n, None, "won", False))
        for n, t in enumerate((good, bad))
    }
    archive._add_lines("archive/index-0000.json", lines)
    with pytest.raises(DataFileError, match="history line 2"):
        archive.newest_first_of(["m0", "m1"])
