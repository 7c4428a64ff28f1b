"""``--recover`` on an archive shard not as the app wrote it (issue 24 item
4: README said it moves the file aside; it left it as it was, every later
export short of its matches and every match archived into it refused):
the file is moved aside as found (nothing of it lost) and written again with
every match it still holds, its index made again from it; the matches that
could not be read are named, and only the copy aside holds them.
"""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from scorekeeper.cli import main
from scorekeeper.storage.check import check_folder
from tests.integration.storage.helpers import BIG, Store, fail_writes, setup

SHARD = "archive/matches-0000.json"


@pytest.fixture
def won(file_store: Store) -> list[str]:
    """Four won matches in the archive, oldest first."""
    repo = file_store.open()
    ids = []
    for n in range(4):
        m = repo.create_match(setup(f"A{n}", f"B{n}"))
        repo.add_hand(m.id, BIG)
        ids.append(repo.add_hand(m.id, BIG).id)
    file_store.close()
    return ids


def _seq_key(folder: Path, match_id: str) -> str:
    tables = json.loads((folder / SHARD).read_text())
    return next(k for k, r in tables["matches"].items() if r["id"] == match_id)


def _recovered(file_store: Store, won: list[str], lost: list[str]) -> Path:
    """Open with --recover; every other match reads; the copy aside."""
    repo = file_store.open(on_damage="move_aside")
    [warning] = [w for w in repo.warnings if w.code == "rebuilt_shard"]
    assert warning.params["lost"] == lost
    assert [w.code for w in repo.warnings] == ["rebuilt_shard"]
    kept = [i for i in won if i not in lost]
    assert [s.id for s in repo.list_history(limit=10).items] == kept[::-1]
    assert [d["meta"]["id"] for d in repo.export_all()] == kept  # none missing
    file_store.close()
    assert check_folder(file_store.folder).problems == []  # as the app wrote it
    assert not file_store.open().warnings  # and stays so
    file_store.close()
    return Path(warning.params["moved_to"])


def test_a_record_edited_by_hand_is_set_aside_the_others_kept(file_store, won):
    path = file_store.folder / SHARD
    tables = json.loads(path.read_text())
    key = _seq_key(file_store.folder, won[1])
    tables["matches"][key]["match"] = None  # an edit that breaks the record
    path.write_text(json.dumps(tables))  # by hand: its checksum is wrong
    found = path.read_bytes()
    aside = _recovered(file_store, won, [won[1]])
    assert aside.read_bytes() == found  # the file as found, nothing lost


def test_a_shard_cut_short_keeps_every_record_before_the_cut(file_store, won):
    path = file_store.folder / SHARD
    found = path.read_bytes()[:-60]  # the last record cut
    path.write_bytes(found)
    aside = _recovered(file_store, won, [won[3]])
    assert aside.read_bytes() == found


def test_a_shard_changed_but_whole_is_written_again_losing_nothing(file_store, won):
    path = file_store.folder / SHARD
    path.write_text(json.dumps(json.loads(path.read_text()), indent=1))
    aside = _recovered(file_store, won, [])
    assert json.loads(aside.read_text())["matches"]  # as found


def test_without_recover_nothing_is_touched(file_store, won):
    path = file_store.folder / SHARD
    path.write_bytes(path.read_bytes()[:-60])
    before = sorted(p.name for p in path.parent.iterdir())
    found = path.read_bytes()
    repo = file_store.open()
    assert [w.code for w in repo.warnings] == ["changed"]
    file_store.close()
    assert path.read_bytes() == found
    assert sorted(p.name for p in path.parent.iterdir()) == before


def test_export_all_with_recover_gives_every_match_left_and_says_where_the_rest_is(
    file_store, won
):
    path = file_store.folder / SHARD
    path.write_bytes(path.read_bytes()[:-60])
    out, err = io.StringIO(), io.StringIO()
    argv = ["--data", str(file_store.folder), "export", "--all", "--recover"]
    status = main(argv, stdout=out, stderr=err)
    assert status == 0, err.getvalue()
    assert [d["meta"]["id"] for d in json.loads(out.getvalue())] == won[:3]
    assert f"could not be read ({won[3]})" in err.getvalue()
    assert "matches-0000.json.damaged-" in err.getvalue()


def test_a_move_cut_short_before_the_first_shard_is_written_is_not_damage(
    file_store,
):
    """A kill between the index's write and its first shard's left the index
    listing a match no shard holds; live.json holds it (the open finishes the
    move). The open said 'damaged: 1 match cannot be read' (test_crash's
    kills found it, 1 run in 3)."""
    from scorekeeper.storage.errors import StorageWriteError

    repo = file_store.open()
    fail_writes(
        repo,
        lambda name: name.startswith("archive/matches-"),
        StorageWriteError("killed", code="disk_full"),
    )
    m = repo.create_match(setup("Anna", "Bruno"))
    repo.add_hand(m.id, BIG)
    won = repo.add_hand(m.id, BIG)
    assert [w.code for w in repo.warnings] == ["pending_move"]
    file_store.close()
    assert not (file_store.folder / SHARD).exists()
    repo = file_store.open()
    assert repo.warnings == []
    assert [d["meta"]["id"] for d in repo.export_all()] == [won.id]
    assert (file_store.folder / SHARD).exists()  # the move finished
