"""A data file holding JSON ``null`` is damage, never "no file" (issue 24.3).

Before, ``null`` read as an empty database: the matches in progress (or the
roster and settings) vanished, replaced by a new empty file, and ``check``
said ok. Each test runs on memory and on a real folder.
"""

from __future__ import annotations

import json

import pytest

from scorekeeper.storage.check import check_folder
from scorekeeper.storage.errors import DataFileError
from scorekeeper.storage.types import MatchDraft
from tests.integration.storage.helpers import BIG, SMALL, Store, as_written, setup


def _filled(store: Store) -> tuple[str, str]:
    """A match in progress (with a draft) and a won, archived one."""
    repo = store.open()
    live = repo.create_match(setup("Anna", "Bruno"))
    repo.add_hand(live.id, SMALL)
    repo.put_draft(MatchDraft(live.id, 1, entry={"typed": 1}))
    won = repo.create_match(setup("Carla", "Dario"))
    repo.add_hand(won.id, BIG)
    repo.add_hand(won.id, BIG)
    store.close()
    return live.id, won.id


def _set_null(store: Store, name: str) -> None:
    if store.kind == "file":
        (store.folder / name).write_text("null\n")
    else:
        store.memory.files[name] = b"null\n"


def _held(store: Store, name: str) -> object:
    if store.kind == "file":
        return (store.folder / name).read_text()
    return store.memory.files[name].decode()


def _aside(store: Store, name: str) -> list[str]:
    if store.kind == "file":
        return [p.name for p in store.folder.glob(f"{name.split('/')[-1]}.damaged-*")]
    return [n for n in store.memory.files if n.startswith(f"{name}.damaged-")]


@pytest.mark.parametrize("name", ["live.json", "meta.json", "archive/index-0000.json"])
def test_a_null_file_refuses_the_start_names_the_file_and_is_kept(store, name):
    _filled(store)
    _set_null(store, name)
    with pytest.raises(DataFileError) as e:
        store.open()
    assert e.value.code == "null"
    assert name in str(e.value) and "JSON null" in str(e.value)
    assert "--recover" in str(e.value)
    assert _held(store, name) in ("null\n", None)


@pytest.mark.parametrize("name", ["live.json", "meta.json"])
def test_recover_moves_a_null_file_aside_and_goes_on(store, name):
    live_id, won_id = _filled(store)
    _set_null(store, name)
    repo = store.open(on_damage="move_aside")
    assert [w.code for w in repo.warnings][:1] == ["moved_aside"]
    assert len(_aside(store, name)) == 1
    assert repo.get_match(won_id).status == "won"


def test_a_null_index_shard_is_moved_aside_and_rebuilt_on_recover(store):
    live_id, won_id = _filled(store)
    _set_null(store, "archive/index-0000.json")
    repo = store.open(on_damage="move_aside")
    assert [w.code for w in repo.warnings] == ["moved_aside", "rebuilt_index"]
    assert {s.id for s in repo.list_history().items} == {live_id, won_id}


def test_a_null_drafts_file_is_moved_aside_not_taken_for_no_file(store):
    live_id, _ = _filled(store)
    _set_null(store, "drafts.json")
    repo = store.open()
    [w] = repo.warnings
    assert w.code == "drafts_reset" and "JSON null" in w.message
    assert len(_aside(store, "drafts.json")) == 1
    assert repo.get_match(live_id).match.hands == (SMALL,)


def test_a_null_archive_shard_is_named_when_its_match_is_read(store):
    _, won_id = _filled(store)
    _set_null(store, "archive/matches-0000.json")
    repo = store.open()
    with pytest.raises(DataFileError) as e:
        repo.get_match(won_id)
    assert e.value.code == "null" and "matches-0000.json" in str(e.value)


@pytest.mark.parametrize(
    "name",
    [
        "live.json",
        "meta.json",
        "drafts.json",
        "archive/index-0000.json",
        "archive/matches-0000.json",
    ],
)
def test_check_reports_a_null_file(file_store, name):
    _filled(file_store)
    _set_null(file_store, name)
    report = check_folder(file_store.folder)
    assert [(p.path, "JSON null" in p.message) for p in report.problems][:1] == [
        (str(file_store.folder / name), True)
    ]
    assert json.loads((file_store.folder / name).read_text()) is None


def test_check_reads_drafts_json_and_names_a_damaged_draft(file_store):
    _filled(file_store)
    path = file_store.folder / "drafts.json"
    raw = json.loads(path.read_text())
    raw["drafts"]["1"]["hand_index"] = -3
    path.write_text(as_written(raw))
    [problem] = check_folder(file_store.folder).problems
    assert problem.path == str(path)
    assert "draft record 1" in problem.message and "-3" in problem.message
