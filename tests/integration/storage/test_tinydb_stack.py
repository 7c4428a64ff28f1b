"""The data files on TinyDB's extension points (issue 36): the atomic file is
a ``Storage``, the checksum a ``Middleware``, a change one write (``Held``),
the records a ``Table`` subclass with the one loader."""

from __future__ import annotations

import json

import pytest
from tinydb import TinyDB

from scorekeeper.storage.atomic import AtomicJSONStorage
from scorekeeper.storage.backends import FileBackend, MemoryBackend, data_file
from scorekeeper.storage.check import check_folder
from scorekeeper.storage.checksum import Checksum, checksum_state
from scorekeeper.storage.errors import DataFileError
from scorekeeper.storage.files import DataFiles
from tests.integration.storage.helpers import Clock, Store, as_written


def test_tinydb_writes_through_the_checksum_and_the_atomic_storage(tmp_path):
    path = tmp_path / "plain.json"
    db = TinyDB(path, storage=Checksum(AtomicJSONStorage))
    db.table("things").insert({"name": "settebello"})
    raw = path.read_bytes()
    assert raw.startswith(b'{"_checksum":"') and checksum_state(raw) is True
    assert [dict(d) for d in db.table("things").all()] == [{"name": "settebello"}]
    assert not list(tmp_path.glob(".*.tmp"))  # the temporary renamed, none left

    path.write_bytes(raw.replace(b"settebello", b"napola"))  # edited by hand
    with pytest.raises(DataFileError) as e:
        db.table("things").all()
    assert e.value.code == "changed" and str(path) in str(e.value)


@pytest.mark.parametrize("kind", ["file", "memory"])
def test_a_change_of_several_tables_is_one_write_and_none_if_it_fails(
    kind, tmp_path, monkeypatch
):
    backend = FileBackend(tmp_path) if kind == "file" else MemoryBackend()
    files = DataFiles(backend, on_damage="refuse", clock=Clock())
    files.new_file("live.json", "live")
    writes: list[bytes] = []
    storage = files._db("live.json").held.storage.storage
    real = storage.write_bytes
    monkeypatch.setattr(
        storage, "write_bytes", lambda data: (writes.append(data), real(data))
    )

    with files.change("live.json", "live") as db:
        db.records("matches").put({1: {"id": "a"}, 2: {"id": "b"}})
        db.records("matches").remove(doc_ids=[1])
        db.records("purge").put({1: {"items": [["a", 0]]}})
    assert len(writes) == 1
    tables = json.loads(writes[0])
    assert tables["matches"] == {"2": {"id": "b"}}
    assert tables["purge"] == {"1": {"items": [["a", 0]]}}

    with pytest.raises(RuntimeError), files.change("live.json", "live") as db:
        db.records("matches").truncate()
        raise RuntimeError("killed in the middle")
    assert len(writes) == 1  # nothing of the failed change was written
    with files.reading("live.json", "live") as db:
        assert db is not None and db.records("matches").get(doc_id=2) == {"id": "b"}


def test_put_replaces_a_record_in_its_place_without_the_fields_it_lost(tmp_path):
    """TinyDB's upsert merges fields: a restored match would keep
    ``deleted``. ``put`` replaces the document, and keeps its place."""
    db = data_file(AtomicJSONStorage, tmp_path / "live.json")
    records = db.records("matches")
    records.put({1: {"id": "a", "deleted": True}, 2: {"id": "b"}})
    records.put({1: {"id": "a"}})
    assert json.loads((tmp_path / "live.json").read_text())["matches"] == {
        "1": {"id": "a"},
        "2": {"id": "b"},
    }


def test_the_loader_says_what_is_wrong_with_each_record(tmp_path):
    path = tmp_path / "t.json"
    docs = {"1": {"id": "a"}, "2": {"id": 3}, "3": {"id": "a"}, "x": {"id": "c"}}
    path.write_text(as_written({"t": docs}))
    loaded = (
        data_file(AtomicJSONStorage, path)
        .records("t")
        .load(
            lambda d: None if isinstance(d["id"], str) else "id: not text",
            unique="id",
            what="thing",
        )
    )
    assert [(r.key, r.problem) for r in loaded] == [
        ("1", None),
        ("2", "id: not text"),
        ("3", "thing 'a' is stored twice"),
        ("x", "its key 'x' is not a whole number"),
    ]


def test_check_names_a_tournament_record_the_app_refuses(file_store: Store):
    """The app refuses a tournaments.json whose record's key is not a whole
    number; ``check`` read it with a check of its own and said nothing. Both
    now read it with the one loader."""
    from tests.tournament_builders import FOUR

    store = file_store
    repo = store.open()
    repo.tournaments.create(FOUR)
    store.close()
    path = store.folder / "tournaments.json"
    tables = json.loads(path.read_text())
    tables["tournaments"] = {"x": tables["tournaments"]["1"]}
    path.write_text(as_written(tables))

    with pytest.raises(DataFileError, match="tournament record x is damaged"):
        store.open()
    problems = [str(p) for p in check_folder(store.folder).problems]
    assert problems == [
        f"{path}: tournament record x: its key 'x' is not a whole number"
    ]


def test_a_key_not_a_whole_number_is_a_damaged_file_not_a_traceback(tmp_path):
    """A file with no checksum (an older version's) is read as it is; a
    change of a table whose key is not a whole number (TinyDB's ids are)
    says the file is not one of the app's."""
    files = DataFiles(FileBackend(tmp_path), on_damage="refuse", clock=Clock())
    (tmp_path / "drafts.json").write_text(
        json.dumps(
            {"_schema": {"1": {"version": 1, "kind": "drafts"}}, "drafts": {"x": {}}}
        )
    )
    with pytest.raises(DataFileError) as e, files.change("drafts.json", "drafts") as db:
        db.records("drafts").put({1: {}})
    assert e.value.code == "not_database" and "'x'" in str(e.value)
