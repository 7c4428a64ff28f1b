"""Damaged data files: a clear message naming the file, and the file kept."""

from __future__ import annotations

import doctest
import json
import os
from pathlib import Path

import pytest

from scorekeeper.storage import files, meta
from scorekeeper.storage.check import check_folder
from scorekeeper.storage.errors import DataFileError
from tests.integration.storage.helpers import BIG, SMALL, Store, setup

FILES = ["live.json", "meta.json", "archive/index-0000.json"]


def _schema(kind: str, version: object) -> bytes:
    return json.dumps({"_schema": {"1": {"version": version, "kind": kind}}}).encode()


def _damage(path: Path, case: str) -> bytes:
    """Damage *path* the way *case* says; the bytes it now holds."""
    original = path.read_bytes()
    kind = {"live": "live", "meta": "meta", "index-0000": "index"}[
        path.name.split(".")[0]
    ]
    data = {
        "empty": b"",
        "truncated": original[: len(original) // 2],
        "not_json": b"this is not json at all\n",
        "not_database": b"[1, 2, 3]",
        "unknown_schema": b'{"_default": {}}',
        "newer_schema": _schema(kind, 99),
        "null": b"null\n",
    }[case]
    path.write_bytes(data)
    return data


@pytest.fixture
def filled(file_store: Store) -> Store:
    """A data folder with a match in progress and a won (archived) one."""
    repo = file_store.open()
    live = repo.create_match(setup("Anna", "Bruno"))
    repo.add_hand(live.id, SMALL)
    won = repo.create_match(setup("Carla", "Dario"))
    repo.add_hand(won.id, BIG)
    repo.add_hand(won.id, BIG)
    file_store.close()
    file_store.ids = (live.id, won.id)
    return file_store


CASES = [
    ("empty", "is empty"),
    ("truncated", "truncated"),
    ("not_json", "not valid JSON"),
    ("not_database", "not a database"),
    ("unknown_schema", "file of this app (it has no _schema table)"),
    ("newer_schema", "newer version of the app"),
    ("null", "holds only JSON null"),
]


@pytest.mark.parametrize("name", FILES)
@pytest.mark.parametrize(("case", "words"), CASES)
def test_a_damaged_file_stops_the_start_with_a_message_and_is_left_untouched(
    filled, name, case, words
):
    path = filled.folder / name
    damaged = _damage(path, case)
    with pytest.raises(DataFileError) as e:
        filled.open()
    assert e.value.code == case
    assert e.value.path == str(path)
    message = str(e.value)
    assert message.startswith(str(path)) and words in message
    assert "left untouched" in message
    assert path.read_bytes() == damaged
    assert not list(filled.folder.glob(f"{name}.damaged-*"))


def test_an_unreadable_file_is_reported_with_its_permissions(filled, monkeypatch):
    path = filled.folder / "live.json"
    real = Path.read_bytes

    def read_bytes(self):
        if self == path:
            raise PermissionError(13, "Permission denied", str(self))
        return real(self)

    monkeypatch.setattr(Path, "read_bytes", read_bytes)
    with pytest.raises(DataFileError) as e:
        filled.open()
    assert e.value.code == "unreadable"
    assert str(path) in str(e.value) and "permissions" in str(e.value)


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads any file")
def test_a_file_without_read_permission_is_reported(filled):
    path = filled.folder / "meta.json"
    path.chmod(0)
    try:
        with pytest.raises(DataFileError) as e:
            filled.open()
        assert e.value.code == "unreadable"
    finally:
        path.chmod(0o600)


def test_a_damaged_live_file_can_be_moved_aside_to_a_timestamped_copy(filled):
    path = filled.folder / "live.json"
    damaged = _damage(path, "truncated")
    repo = filled.open(on_damage="move_aside")

    [aside] = filled.folder.glob("live.json.damaged-*")
    assert aside.read_bytes() == damaged
    [warning] = repo.warnings
    assert warning.code == "moved_aside" and str(aside) in warning.message
    live_id, won_id = filled.ids
    assert [s.id for s in repo.list_history().items] == [won_id]
    assert repo.add_hand(repo.create_match(setup()).id, SMALL).match.hands == (SMALL,)


def test_a_damaged_history_index_is_moved_aside_and_rebuilt_from_the_archive(filled):
    path = filled.folder / "archive" / "index-0000.json"
    _damage(path, "not_json")
    repo = filled.open(on_damage="move_aside")
    assert [w.code for w in repo.warnings] == ["moved_aside", "rebuilt_index"]
    live_id, won_id = filled.ids
    assert [s.id for s in repo.list_history().items] == [won_id, live_id]
    assert repo.list_history(status="won").items[0].totals == (44, 2)


def test_a_lost_history_index_is_rebuilt_from_the_archive(filled):
    (filled.folder / "archive" / "index-0000.json").unlink()
    repo = filled.open()
    assert [w.code for w in repo.warnings] == ["rebuilt_index"]
    assert len(repo.list_history().items) == 2


def test_a_damaged_archive_file_is_named_when_a_match_in_it_is_read(filled):
    path = filled.folder / "archive" / "matches-0000.json"
    damaged = b'{"_schema": {"1": {"version": 1, "kind": "archive"}}, "matches": {'
    path.write_bytes(damaged)
    repo = filled.open()
    live_id, won_id = filled.ids
    with pytest.raises(DataFileError) as e:
        repo.get_match(won_id)
    assert e.value.code == "truncated" and e.value.path == str(path)
    # a new finished match cannot go there: it stays saved in live.json
    m = repo.create_match(setup())
    repo.add_hand(m.id, BIG)
    repo.add_hand(m.id, BIG)
    assert repo.warnings[-1].code == "pending_move"
    assert path.read_bytes() == damaged
    assert filled.open().get_match(m.id).status == "won"


def test_a_missing_live_file_is_not_silently_replaced_by_an_empty_one(filled):
    (filled.folder / "live.json").unlink()
    with pytest.raises(DataFileError) as e:
        filled.open()
    assert e.value.code == "missing"
    assert not (filled.folder / "live.json").exists()


class _Killed(BaseException):
    """The writer killed (not an error the app could catch)."""


def test_a_first_start_killed_between_its_two_files_opens_clean_next_time(
    store: Store, monkeypatch
):
    """The first start writes ``meta.json`` then ``live.json``: a kill between
    the two (the crash test's kill 1 in CI) left the next start refused, "live.json
    missing", and ``check`` saying so, though no match was ever made."""
    write = files.DataFiles.new_file

    def killed_at_live(self, name, kind, tables=None):
        if name == files.LIVE:
            raise _Killed
        write(self, name, kind, tables)

    monkeypatch.setattr(files.DataFiles, "new_file", killed_at_live)
    with pytest.raises(_Killed):
        store.open()
    store.repo = None
    monkeypatch.undo()
    if store.kind == "file":
        assert (store.folder / "meta.json").exists()
        assert not (store.folder / "live.json").exists()
        assert check_folder(store.folder).problems == []
    repo = store.open()
    assert repo.warnings == [] and not repo.list_history().items
    m = repo.create_match(setup("Anna", "Bruno"))
    assert store.open().get_match(m.id).match.setup.players == ("Anna", "Bruno")
    if store.kind == "file":
        assert check_folder(store.folder).problems == []


def test_a_new_match_is_in_live_json_only_once_its_players_are_in_the_roster(
    store: Store, monkeypatch
):
    """Killed as it writes the roster, a new match is not in ``live.json``:
    a meta.json as new never goes with a match made (the first start's rule
    above stands on it; the other order left one there, stop 45's review)."""
    repo = store.open()

    def killed(self, players):
        raise _Killed

    monkeypatch.setattr(meta.Roster, "_write", killed)
    with pytest.raises(_Killed):
        repo.create_match(setup("Anna", "Bruno"))
    monkeypatch.undo()
    reopened = store.open()
    assert not reopened.list_history().items and not reopened.players()


def test_a_missing_live_file_is_refused_once_the_roster_has_a_name(store: Store):
    """Only a first start's meta.json, nothing in it, lets live.json be made
    again silently: a name in the roster means matches were made."""
    store.open().add_player("Anna")
    if store.kind == "file":
        (store.folder / "live.json").unlink()
    else:
        del store.memory.files["live.json"]
    with pytest.raises(DataFileError) as e:
        store.open()
    assert e.value.code == "missing"


def test_a_damaged_file_is_not_overwritten_by_a_later_save(filled):
    repo = filled.open()
    live_id, _ = filled.ids
    path = filled.folder / "live.json"
    path.write_bytes(b"garbage")
    with pytest.raises(DataFileError):
        repo.add_hand(live_id, SMALL)
    assert path.read_bytes() == b"garbage"


def test_leftover_temporary_files_are_cleaned_at_start(filled):
    leftovers = [
        filled.folder / ".live.json.x1y2z3.tmp",
        filled.folder / "archive" / ".matches-0000.json.abc.tmp",
    ]
    for p in leftovers:
        p.write_bytes(b'{"half": ')
    repo = filled.open()
    assert not any(p.exists() for p in leftovers)
    assert len(repo.list_history().items) == 2


def test_an_older_schema_is_migrated_and_the_old_file_kept(filled, monkeypatch):
    def add_flag(tables, kind):
        if kind == "live":
            for record in tables["matches"].values():
                record["flag"] = "migrated"
        return tables

    monkeypatch.setattr(files, "SCHEMA_VERSION", 2)
    monkeypatch.setitem(files.MIGRATIONS, 1, add_flag)
    repo = filled.open()
    live = json.loads((filled.folder / "live.json").read_text())
    assert live["_schema"]["1"]["version"] == 2
    assert {r["flag"] for r in live["matches"].values()} == {"migrated"}
    backup = filled.folder / "live.json.schema-1.bak"
    assert json.loads(backup.read_text())["_schema"]["1"]["version"] == 1
    assert "migrated" in {w.code for w in repo.warnings}
    assert len(repo.list_history().items) == 2


def test_the_files_modules_examples_hold():
    assert doctest.testmod(files).failed == 0
