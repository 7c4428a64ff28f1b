"""Unfinished matches not being played wait in the archive (issue 34 item 4).

``live.json`` is written whole at every Save: it holds the matches being
played only. An imported unfinished match, one untouched for
``IDLE_AFTER`` and those beyond the ``LIVE_MAX`` changed last wait in the
archive, listed as in progress, and come back at their next change with
nothing lost.
"""

from __future__ import annotations

import json
from datetime import timedelta

import pytest

from scorekeeper.core import Match, add_hand
from scorekeeper.core.matchfile import dump_match
from scorekeeper.storage import matches as matches_module
from scorekeeper.storage.check import check_folder
from scorekeeper.storage.types import MatchDraft
from scorekeeper.table import TableService
from tests.integration.storage.helpers import BIG, SMALL, Store, fail_writes, setup


def _live_ids(store: Store) -> set[str]:
    tables = json.loads((store.folder / "live.json").read_text())
    return {r["id"] for r in tables["matches"].values()}


def _archived_ids(store: Store) -> set[str]:
    ids = set()
    for path in (store.folder / "archive").glob("matches-*.json"):
        ids |= {r["id"] for r in json.loads(path.read_text())["matches"].values()}
    return ids


def _unfinished_doc(*players: str, hands: int = 2) -> dict:
    m = Match(setup(*players))
    for _ in range(hands):
        m = add_hand(m, SMALL)
    return dump_match(m)


def test_an_imported_unfinished_match_waits_in_the_archive_and_resumes(
    file_store: Store,
):
    repo = file_store.open()
    (result,) = repo.import_documents([_unfinished_doc("Nadia", "Oreste")])
    assert result.created
    assert result.id not in _live_ids(file_store)
    assert result.id in _archived_ids(file_store)
    # the history lists it in progress; the table finds it to play on
    (line,) = repo.list_history(status="in_progress").items
    assert (line.id, line.hands) == (result.id, 2)
    table = TableService(repo)
    current = table.current()
    assert current is not None and current.id == result.id
    # a hand added: back in live.json, the hands kept, the same place after
    repo.add_hand(result.id, SMALL)
    assert result.id in _live_ids(file_store)
    assert len(repo.get_match(result.id).match.hands) == 3
    assert check_folder(file_store.folder).problems == []
    repo = file_store.open()
    assert len(repo.get_match(result.id).match.hands) == 3
    assert repo.summary(result.id).status == "in_progress"
    assert [d["meta"]["id"] for d in repo.export_all()] == [result.id]


def test_a_match_untouched_for_a_while_moves_at_the_next_save(store: Store):
    repo = store.open()
    old = repo.create_match(setup("Anna", "Bruno"))
    repo.add_hand(old.id, SMALL)
    store.clock.now += matches_module.IDLE_AFTER + timedelta(minutes=1)
    played = repo.create_match(setup("Carla", "Dario"))
    repo.add_hand(played.id, SMALL)
    live = repo._matches.live  # what live.json holds
    assert old.id not in live and played.id in live
    # listed, counted, exported, found by the table and resumed as it was
    page = repo.list_history(status="in_progress").items
    assert {s.id for s in page} == {old.id, played.id}
    assert repo.count() == 2
    assert {d["meta"]["id"] for d in repo.export_all()} == {old.id, played.id}
    assert {m.id for m in repo.stored_matches()} == {old.id, played.id}  # stats
    assert {m.id for m in repo.stored_matches("Anna")} == {old.id}
    resumed = repo.add_hand(old.id, BIG)
    assert len(resumed.match.hands) == 2 and resumed.state.totals == (24, 2)
    assert old.id in repo._matches.live
    again = store.open()
    assert again.get_match(old.id).state.totals == (24, 2)
    assert again.summary(old.id).status == "in_progress"


def test_a_folder_opened_after_a_while_keeps_only_the_matches_being_played(
    file_store: Store,
):
    repo = file_store.open()
    ids = [repo.create_match(setup(f"A{n}", f"B{n}")).id for n in range(3)]
    assert _live_ids(file_store) == set(ids)
    file_store.clock.now += matches_module.IDLE_AFTER * 2
    repo = file_store.open()
    assert _live_ids(file_store) == set()
    assert _archived_ids(file_store) == set(ids)
    assert {s.id for s in repo.list_history().items} == set(ids)
    assert check_folder(file_store.folder).problems == []


def test_beyond_the_matches_changed_last_the_oldest_wait_in_the_archive(
    store: Store, monkeypatch
):
    monkeypatch.setattr(matches_module, "LIVE_MAX", 2)
    repo = store.open()
    ids = [repo.create_match(setup(f"A{n}", f"B{n}")).id for n in range(4)]
    assert set(repo._matches.live) == set(ids[2:])
    repo.add_hand(ids[0], SMALL)  # the oldest, played again: back, another out
    assert set(repo._matches.live) == {ids[0], ids[3]}
    assert repo.count() == 4
    assert [s.hands for s in repo.list_history().items] == [0, 0, 0, 1]


def test_the_draft_of_a_match_waiting_in_the_archive_is_kept(store: Store):
    repo = store.open()
    (result,) = repo.import_documents([_unfinished_doc("Nadia", "Oreste")])
    draft = MatchDraft(result.id, 2, {"entry": 1})
    repo.put_draft(draft)
    assert repo.get_draft(result.id) is not None
    # another match's tap does not drop it, nor does a reopen
    other = repo.create_match(setup("Anna", "Bruno"))
    repo.put_draft(MatchDraft(other.id, 0, {"entry": 2}))
    assert repo.get_draft(result.id) is not None
    assert store.open().get_draft(result.id) is not None


@pytest.mark.parametrize("hands", [0, 5])
def test_a_save_writes_none_of_the_unfinished_matches_imported(
    file_store: Store, hands: int
):
    repo = file_store.open()
    docs = [_unfinished_doc(f"P{n}", f"Q{n}", hands=hands) for n in range(30)]
    repo.import_documents(docs)
    m = repo.create_match(setup("Anna", "Bruno"))
    repo.add_hand(m.id, SMALL)
    assert _live_ids(file_store) == {m.id}
    assert repo.list_history(status="in_progress", limit=50).items.__len__() == 31


def test_check_finds_nothing_wrong_with_a_first_move_cut_short(file_store: Store):
    """A kill between the first index shard and its matches shard leaves an
    index with no matches file, every match it lists still in live.json:
    the app finishes the move; ``check`` called the matches lost."""
    repo = file_store.open()
    m = repo.create_match(setup("Anna", "Bruno"))
    fail_writes(
        repo, lambda name: name.startswith("archive/matches-"), OSError("killed here")
    )
    repo.abandon_match(m.id)
    assert (file_store.folder / "archive" / "index-0000.json").exists()
    assert not (file_store.folder / "archive" / "matches-0000.json").exists()
    assert m.id in _live_ids(file_store)
    assert check_folder(file_store.folder).problems == []
    file_store.close()
    repo = file_store.open()
    assert repo.warnings == [] and repo.get_match(m.id).abandoned
    assert m.id not in _live_ids(file_store)
    assert check_folder(file_store.folder).problems == []


def test_a_table_plays_on_a_resting_match_as_it_left_it(file_store: Store):
    """The table's side: the match waiting in the archive is the table's
    match, a hand typed there is kept across a restart, and its Save brings
    it back to live.json."""
    repo = file_store.open()
    m = repo.create_match(setup("Anna", "Bruno"))
    repo.add_hand(m.id, SMALL)
    table = TableService(repo)
    table.save_draft(m.id, 1, table.entry_draft(m.id).with_cards(0, "25"))
    file_store.clock.now += matches_module.IDLE_AFTER * 2
    table = TableService(file_store.open())  # a restart the next day
    assert _live_ids(file_store) == set()
    current = table.current()
    assert current is not None and current.id == m.id
    assert table.entry_draft(m.id).cards[0] == 25  # the hand typed, kept
    table.save_draft(m.id, 1, table.entry_draft(m.id).with_cards(0, "26"))
    assert table.entry_draft(m.id).cards[0] == 26  # and the next tap stored
    table.add_hand(m.id, SMALL, expected_index=1)
    table.tidy()
    assert _live_ids(file_store) == {m.id}
    assert table.entry_draft(m.id).cards[0] is None  # the saved hand's: cleared
    assert [s.hands for s in table.queries.list_history().items] == [2]


def test_a_folder_of_an_earlier_version_sheds_its_unfinished_matches_at_open(
    file_store: Store, monkeypatch
):
    """Before issue 34 every unfinished match stayed in live.json: the first
    open keeps the LIVE_MAX changed last there, the rest waits in the archive."""
    with monkeypatch.context() as earlier:
        earlier.setattr(matches_module, "LIVE_MAX", 10**6)
        earlier.setattr(matches_module, "IDLE_AFTER", timedelta(days=10**5))
        repo = file_store.open()
        docs = [_unfinished_doc(f"P{n}", f"Q{n}") for n in range(40)]
        ids = [r.id for r in repo.import_documents(docs)]
        for i in ids:  # played again: back in live.json, all 40
            repo.add_hand(i, SMALL)
        assert _live_ids(file_store) == set(ids)
        file_store.close()
    repo = file_store.open()
    assert _live_ids(file_store) == set(ids[-matches_module.LIVE_MAX :])
    assert check_folder(file_store.folder).problems == []
    assert {s.id for s in repo.list_history(limit=50).items} == set(ids)
    assert all(repo.get_match(i).state.totals == (6, 3) for i in ids)
