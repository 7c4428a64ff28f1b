"""Tournaments kept like matches (issue 26): ``tournaments.json`` on memory
and on a real folder; its matches ordinary matches marked with the
tournament, round and table; a round never half started; in ``check``, in
``export --all`` and ``import``."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from scorekeeper.core.tournament import (
    Acceptance,
    System,
    next_round,
    parse_tournament,
    standings,
)
from scorekeeper.storage.check import check_folder
from scorekeeper.storage.errors import DataFileError, StorageError
from scorekeeper.storage.tournaments import TOURNAMENTS, TournamentNotFoundError
from scorekeeper.storage.types import TournamentMark
from tests.integration.storage.helpers import (
    Store,
    as_written,
    fail_writes,
    writes_again,
)
from tests.tournament_builders import FOUR, one_hand


def started(repo, t=FOUR):
    stored = repo.tournaments.create(t)
    return repo.tournaments.start_round(stored.id, next_round(stored.tournament))


def test_a_round_creates_one_marked_match_per_table(store: Store):
    repo = store.open()
    s = started(repo)
    assert [tb.entrants for tb in s.tournament.rounds[0]] == [(0, 3), (1, 2)]
    mid = s.match_id(1, 2)
    m = repo.get_match(mid)
    assert m.match.setup.players == ("Bruno", "Carla")
    assert m.tournament == TournamentMark(s.id, "Circolo San Rocco", 1, 2)
    lines = {x.id: x for x in repo.list_history(limit=10).items}
    assert lines[mid].tournament == TournamentMark(s.id, "Circolo San Rocco", 1, 2)
    assert {p.name for p in repo.players()} >= {"Anna", "Dario"}


def test_the_tournament_and_its_results_survive_a_reopen(store: Store):
    repo = store.open()
    s = started(repo)
    repo.add_hand(s.match_id(1, 1), one_hand(31, 20))  # Anna beats Dario
    repo = store.open()
    (again,) = repo.tournaments.all()
    assert again.id == s.id and again.tournament.name == "Circolo San Rocco"
    table = again.tournament.rounds[0][0]
    assert table.match is not None and len(table.match.hands) == 1
    lines = standings(again.tournament)
    assert (again.tournament.entrant_name(lines[0].entrant), lines[0].won) == (
        "Anna",
        1,
    )


def test_a_finished_match_moved_to_the_archive_still_counts(store: Store):
    repo = store.open()
    s = started(repo)
    repo.add_hand(s.match_id(1, 2), one_hand(20, 31))
    assert repo.get_match(s.match_id(1, 2)).status == "won"
    repo = store.open()
    t = repo.tournaments.get(s.id).tournament
    assert t.entrant_name(standings(t)[0].entrant) == "Carla"


def test_a_round_the_document_refuses_is_not_stored(store: Store):
    repo = store.open()
    s = started(repo)
    with pytest.raises(ValueError, match="Anna and Dario already met in round 1"):
        repo.tournaments.start_round(s.id, s.tournament.rounds[0])
    assert len(repo.tournaments.get(s.id).tournament.rounds) == 1
    assert repo.count() == 2


def test_an_unknown_tournament_is_not_found(store: Store):
    repo = store.open()
    with pytest.raises(TournamentNotFoundError, match="no tournament with id 'T1'"):
        repo.tournaments.get("T1")


def test_a_crash_between_the_two_writes_is_finished_at_the_next_open(
    store: Store,
):
    repo = store.open()
    stored = repo.tournaments.create(FOUR)
    fail_writes(
        repo,
        lambda name: name == "live.json",
        StorageError("the disk went away", code="disk"),
    )
    with pytest.raises(StorageError):
        repo.tournaments.start_round(stored.id, next_round(stored.tournament))
    writes_again(repo)
    repo = store.open()
    assert [w.code for w in repo.warnings] == ["pending_round"]
    s = repo.tournaments.get(stored.id)
    assert repo.get_match(s.match_id(1, 1)).match.setup.players == ("Anna", "Dario")
    assert repo.count() == 2
    assert store.open().warnings == []  # finished once


def test_export_all_then_import_gives_the_same_tournament(tmp_path):
    source, target = Store("file", tmp_path / "a"), Store("file", tmp_path / "b")
    repo = source.open()
    s = started(repo)
    repo.add_hand(s.match_id(1, 1), one_hand(31, 20))
    repo.add_hand(s.match_id(1, 2), one_hand(10, 5))
    docs = json.loads(json.dumps(repo.export_all()))
    assert [d["format"] for d in docs] == ["spazzino-match"] * 2 + [
        "spazzino-tournament"
    ]
    assert docs[0]["meta"]["tournament"]["round"] == 1
    assert parse_tournament(docs[-1]) == repo.tournaments.get(s.id).tournament
    other = target.open()
    results = other.import_documents(docs)
    assert [r.created for r in results] == [True, True, True]
    got = other.tournaments.get(s.id)
    assert got.tournament == repo.tournaments.get(s.id).tournament
    assert other.get_match(s.match_id(1, 1)).tournament.table == 1
    again = other.import_documents(docs)
    assert [r.created for r in again] == [False, False, False]
    source.close()
    target.close()


def test_a_tournament_document_alone_imports_with_its_matches(store: Store):
    repo = store.open()
    s = started(repo)
    repo.add_hand(s.match_id(1, 1), one_hand(31, 20))
    doc = repo.export_all()[-1]
    del doc["meta"]
    for table in doc["rounds"][0]:
        del table["match"]["meta"]
    repo = Store("memory", store.folder).open()
    (*matches, result) = repo.import_documents([doc])
    assert len(matches) == 2 and result.created
    t = repo.tournaments.get(result.id).tournament
    assert standings(t)[0].won == 1
    marked = repo.get_match(matches[0].id).tournament
    assert (marked.id, marked.round) == (result.id, 1)
    repo.close()


def test_a_bad_tournament_in_an_import_stores_nothing(store: Store):
    repo = store.open()
    s = started(repo)
    doc = repo.export_all()[-1]
    doc["rounds"][0][0]["match"]["players"] = ["Anna", "Ugo"]
    fresh = Store("memory", store.folder).open()
    with pytest.raises(StorageError, match="round 1, table 1: players: side 2"):
        fresh.import_documents([doc])
    assert fresh.count() == 0 and fresh.tournaments.all() == []
    fresh.close()
    assert s.id


def test_check_reads_the_tournaments(file_store: Store):
    repo = file_store.open()
    started(repo)
    file_store.close()
    report = check_folder(file_store.folder)
    assert report.problems == []
    path = file_store.folder / TOURNAMENTS
    raw = json.loads(path.read_text())
    record = raw["tournaments"]["1"]
    record["match_ids"][0][0] = "nowhere-1"
    path.write_text(as_written(raw))
    (problem,) = check_folder(file_store.folder).problems
    assert "match 'nowhere-1' is not stored" in problem.message
    record["tournament"]["entrants"] = ["Anna"]
    path.write_text(as_written(raw))
    (problem,) = check_folder(file_store.folder).problems
    assert "tournament record 1: tournament: entrants:" in problem.message


@pytest.mark.parametrize("damage", ["null", "{", '{"_schema": 3}', "[]"])
def test_a_damaged_tournaments_file_is_refused_then_moved_aside(
    file_store: Store, damage
):
    repo = file_store.open()
    started(repo)
    file_store.close()
    (file_store.folder / TOURNAMENTS).write_text(damage)
    with pytest.raises(DataFileError, match="tournaments.json"):
        file_store.open()
    repo = file_store.open(on_damage="move_aside")
    assert "moved_aside" in [w.code for w in repo.warnings]
    assert repo.tournaments.all() == [] and repo.count() == 2
    assert list(file_store.folder.glob("tournaments.json.damaged-*"))


def test_a_damaged_record_refuses_the_file(file_store: Store):
    repo = file_store.open()
    started(repo)
    file_store.close()
    path = file_store.folder / TOURNAMENTS
    raw = json.loads(path.read_text())
    del raw["tournaments"]["1"]["match_ids"]
    path.write_text(as_written(raw))
    with pytest.raises(DataFileError, match="tournament record 1 is damaged"):
        file_store.open()


def test_a_forged_mark_on_a_match_record_is_damage(file_store: Store):
    repo = file_store.open()
    s = started(repo)
    file_store.close()
    path = file_store.folder / "live.json"
    raw = json.loads(path.read_text())
    record = next(iter(raw["matches"].values()))
    record["tournament"]["round"] = 0
    path.write_text(as_written(raw))
    with pytest.raises(DataFileError, match="tournament: round: 0 is not a whole"):
        file_store.open()
    assert s.id


def test_an_import_with_a_malformed_mark_is_refused(store: Store):
    repo = store.open()
    started(repo)
    docs = repo.export_all()[:1]
    docs[0]["meta"]["tournament"] = {"id": "T1", "name": "x"}
    fresh = Store("memory", store.folder).open()
    with pytest.raises(StorageError, match="meta: tournament: expected an object"):
        fresh.import_documents(docs)
    fresh.close()


def test_a_confirmation_survives_a_reopen_and_locks_the_match(store: Store):
    repo = store.open()
    s = started(repo)
    mid = s.match_id(1, 1)
    repo.add_hand(mid, one_hand(31, 20))
    lino = Acceptance(2, "Dario", "Anna")
    assert repo.tournaments.confirm(s.id, 1, 1, lino).confirmed_by(1, 1) == 2
    repo = store.open()
    assert repo.tournaments.get(s.id).confirmed_by(1, 1) == 2
    assert repo.tournaments.get(s.id).acceptance(1, 1) == lino
    with pytest.raises(StorageError, match="confirmed by side 2"):
        repo.add_hand(mid, one_hand(31, 20))
    unlocked = repo.tournaments.confirm(s.id, 1, 1, None)
    assert unlocked.confirmed_by(1, 1) is None
    assert unlocked.acceptance(1, 1) is None


def test_who_accepted_is_kept_beside_the_side_an_older_app_reads(
    file_store: Store,
):
    """Issue 37, 3: ``accepted`` is a key of its own; ``confirmed`` keeps the
    side, as an older app wrote and reads it."""
    repo = file_store.open()
    s = started(repo)
    repo.add_hand(s.match_id(1, 1), one_hand(31, 20))
    repo.tournaments.confirm(s.id, 1, 1, Acceptance(2, None, "Anna"))
    file_store.close()
    path = file_store.folder / TOURNAMENTS
    record = json.loads(path.read_text())["tournaments"]["1"]
    assert record["confirmed"] == [[2, None]]
    assert record["accepted"] == [
        [{"side": 2, "accepted": None, "entered": "Anna", "organizer": True}, None]
    ]
    repo = file_store.open()
    who = repo.tournaments.get(s.id).acceptance(1, 1)
    assert who is not None and who.by_organizer and who.entered == "Anna"


def test_a_record_an_older_app_wrote_or_changed_reads_without_a_name(
    file_store: Store,
):
    """A result confirmed by an older app (no ``accepted``), one it unlocked
    (``accepted`` left behind) and a round it started (a row short) read as
    they mean: the side alone, open, open."""
    repo = file_store.open()
    s = started(repo)
    repo.add_hand(s.match_id(1, 1), one_hand(31, 20))
    repo.add_hand(s.match_id(1, 2), one_hand(31, 20))
    repo.tournaments.confirm(s.id, 1, 2, Acceptance(2, "Carla"))
    file_store.close()
    path = file_store.folder / TOURNAMENTS
    raw = json.loads(path.read_text())
    record = raw["tournaments"]["1"]
    record["confirmed"] = [[2, None]]  # table 1 by an older app; 2 unlocked
    path.write_text(as_written(raw))
    got = file_store.open().tournaments.get(s.id)
    old = got.acceptance(1, 1)
    assert old is not None and not old.known and old.side == 2
    assert not old.by_organizer and old.accepted is None
    assert got.acceptance(1, 2) is None
    file_store.close()
    record["accepted"] = []  # the older app's round: no row of its own
    path.write_text(as_written(raw))
    assert file_store.open().tournaments.get(s.id).acceptance(1, 2) is None


def test_a_forged_acceptance_is_damage(file_store: Store):
    repo = file_store.open()
    started(repo)
    file_store.close()
    path = file_store.folder / TOURNAMENTS
    raw = json.loads(path.read_text())
    raw["tournaments"]["1"]["accepted"] = [[{"side": 3, "accepted": "Anna"}, None]]
    path.write_text(as_written(raw))
    with pytest.raises(DataFileError, match="accepted: round 1, entry 1: side: 3"):
        file_store.open()


def test_a_forged_confirmation_is_damage(file_store: Store):
    repo = file_store.open()
    started(repo)
    file_store.close()
    path = file_store.folder / TOURNAMENTS
    raw = json.loads(path.read_text())
    raw["tournaments"]["1"]["confirmed"] = [[7, None]]
    path.write_text(as_written(raw))
    with pytest.raises(DataFileError, match="confirmed: 7 is not a side"):
        file_store.open()


def test_a_late_entrant_and_a_withdrawal_survive_a_reopen_an_export_and_check(
    tmp_path,
):
    """Issue 37, 9: the entrants changed between rounds are kept in the
    record; a reopen, ``check``, ``export --all`` and ``import`` keep them."""
    source, target = Store("file", tmp_path / "a"), Store("file", tmp_path / "b")
    repo = source.open()
    s = started(repo, replace(FOUR, system=System.SWISS))
    for tb in s.tournament.rounds[0]:
        repo.add_hand(s.match_id(1, tb.number), one_hand(31, 20))
    repo.tournaments.change_entrants(s.id, lambda t: t.with_late_entrant(("Elena",)))
    repo.tournaments.change_entrants(s.id, lambda t: t.with_withdrawal(1))
    source.close()
    assert check_folder(source.folder).problems == []
    repo = source.open()
    t = repo.tournaments.get(s.id).tournament
    assert (t.joined, t.withdrawn) == (((4, 2),), ((1, 1),))
    assert "Elena" in [p.name for p in repo.players()]
    repo.tournaments.start_round(s.id, next_round(t))
    docs = json.loads(json.dumps(repo.export_all()))
    other = target.open()
    other.import_documents(docs)
    assert (
        other.tournaments.get(s.id).tournament == repo.tournaments.get(s.id).tournament
    )
    source.close()
    target.close()
