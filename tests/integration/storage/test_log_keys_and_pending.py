"""Storage holes found while writing ``check``: an edit log imported without
what undo needs, damaged document keys, statistics during a pending move.

Each test failed on the code before its fix (a stored match that could not be
read or undone, a raw ``ValueError``, a deleted match counted).
"""

from __future__ import annotations

import json

import pytest

from scorekeeper.core.matchfile import dump_match
from scorekeeper.core.model import Match
from scorekeeper.storage.errors import (
    DataFileError,
    ImportRefusedError,
    StorageWriteError,
)
from tests.integration.storage.helpers import (
    BIG,
    SMALL,
    Store,
    as_written,
    fail_writes,
    setup,
)

AT = "2024-01-01T10:00:00+00:00"


def _doc(edits: list[dict]) -> dict:
    match = Match(setup(), (SMALL,))
    return dump_match(match, {"id": "m-1", "created": AT, "edits": edits})


@pytest.mark.parametrize(
    ("edit", "missing"),
    [
        ({"action": "undo", "at": AT}, "undoes"),
        ({"action": "add", "at": AT}, "index"),
        ({"action": "replace", "at": AT, "before": None}, "index"),
        ({"action": "delete", "at": AT, "index": 0}, "before"),
    ],
)
def test_an_imported_edit_log_entry_without_what_undo_needs_is_refused(
    store: Store, edit: dict, missing: str
):
    repo = store.open()
    with pytest.raises(ImportRefusedError) as exc:
        repo.import_documents([_doc([{"action": "add", "at": AT, "index": 0}, edit])])
    assert f"entry 2 ({edit['action']}): {missing!r} is missing" in str(exc.value)
    assert repo.count() == 0  # nothing was stored


def test_an_imported_undo_of_a_later_entry_is_refused(store: Store):
    repo = store.open()
    with pytest.raises(ImportRefusedError, match="undoes 2, not an earlier entry"):
        repo.import_documents([_doc([{"action": "undo", "at": AT, "undoes": 2}])])


def test_a_complete_imported_edit_log_is_stored_and_undone(store: Store):
    repo = store.open()
    repo.import_documents([_doc([{"action": "add", "at": AT, "index": 0}])])
    assert repo.undo("m-1").match.hands == ()


def test_a_live_file_key_that_is_not_a_number_is_a_damaged_file(
    file_store: Store,
):
    repo = file_store.open()
    repo.create_match(setup())
    file_store.close()
    path = file_store.folder / "live.json"
    data = json.loads(path.read_text())
    data["matches"] = {"x1": data["matches"]["1"]}
    path.write_text(as_written(data))
    with pytest.raises(DataFileError) as exc:
        file_store.open()
    assert "live.json: match record x1 is damaged" in str(exc.value)
    assert "'x1' is not a whole number" in str(exc.value)


def test_a_roster_key_that_is_not_a_number_is_a_damaged_file(file_store: Store):
    repo = file_store.open()
    repo.add_player("Anna")
    file_store.close()
    path = file_store.folder / "meta.json"
    data = json.loads(path.read_text())
    data["players"] = {"uno": data["players"]["1"]}
    path.write_text(as_written(data))
    with pytest.raises(DataFileError, match="meta.json: player uno is damaged"):
        file_store.open()


def test_a_live_record_without_its_abandoned_flag_is_a_damaged_file(
    file_store: Store,
):
    repo = file_store.open()
    repo.create_match(setup())
    file_store.close()
    path = file_store.folder / "live.json"
    data = json.loads(path.read_text())
    del data["matches"]["1"]["abandoned"]
    path.write_text(as_written(data))
    with pytest.raises(DataFileError, match="abandoned: missing"):
        file_store.open()


def test_statistics_leave_out_a_deleted_match_while_its_archive_move_is_pending(
    store: Store,
):
    repo = store.open()
    m = repo.create_match(setup())
    repo.add_hand(m.id, BIG)
    repo.add_hand(m.id, BIG)  # won: archived
    fail_writes(
        repo,
        lambda name: name.startswith("archive/"),
        StorageWriteError("disk full", code="disk_full"),
    )
    repo.delete_match(m.id)  # the tombstone is in live.json, the archive not yet
    assert repo.warnings[-1].code == "pending_move"
    assert repo.count() == 0
    assert repo.stored_matches() == []
