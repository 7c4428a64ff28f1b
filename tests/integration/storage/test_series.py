"""Series in storage: a rivincita is linked to its match, the link survives a
reopen, the archive, export and import, and the core turns it into a score."""

from __future__ import annotations

import pytest

from scorekeeper.core.stats import SeriesEntry, series_score
from scorekeeper.storage import open_repository
from scorekeeper.storage.errors import ImportRefusedError, MatchNotFoundError
from tests.builders import plain_hand
from tests.integration.storage.helpers import BIG, SMALL, setup


def _won_by_anna(repo, players=("Anna", "Bruno"), **kw):
    m = repo.create_match(setup(*players, target=20), **kw)
    return repo.add_hand(m.id, BIG if players[0] == "Anna" else SMALL)


def _entry(s) -> SeriesEntry:
    return SeriesEntry(s.id, s.players, s.winner, s.rematch_of)


def test_a_rivincita_is_linked_to_the_match_it_follows_after_reopening(store):
    repo = store.open()
    first = _won_by_anna(repo)
    again = repo.create_match(setup("Bruno", "Anna"), rematch_of=first.id)
    assert again.rematch_of == first.id

    repo = store.open()
    assert repo.get_match(again.id).rematch_of == first.id
    assert repo.summary(again.id).rematch_of == first.id
    assert repo.summary(first.id).rematch_of is None
    line = repo.list_history(limit=1).items[0]
    assert (line.id, line.rematch_of) == (again.id, first.id)


def test_a_rematch_of_an_unknown_match_is_refused_and_nothing_is_created(store):
    repo = store.open()
    with pytest.raises(MatchNotFoundError):
        repo.create_match(setup(), rematch_of="20240303-nope")
    assert repo.count() == 0


def test_the_history_summaries_give_the_series_score_of_a_bella(store):
    repo = store.open()
    first = _won_by_anna(repo)
    second = repo.create_match(setup("Bruno", "Anna", target=20), rematch_of=first.id)
    second = repo.add_hand(second.id, BIG)  # Bruno sits first: Bruno wins
    third = repo.create_match(setup(target=20), rematch_of=second.id)
    third = repo.add_hand(third.id, BIG)  # Anna wins the bella

    score = series_score(
        _entry(repo.summary(third.id)), lambda i: _entry(repo.summary(i))
    )
    assert score is not None
    assert (score.text(), score.position, score.sides) == ("2–1", 3, ("Anna", "Bruno"))


def test_the_link_survives_export_and_import_into_another_store(store, tmp_path):
    repo = store.open()
    first = _won_by_anna(repo)
    again = repo.create_match(setup(), rematch_of=first.id)
    doc = repo.export_match(again.id)
    assert doc["meta"]["rematch_of"] == first.id
    assert "rematch_of" not in repo.export_match(first.id)["meta"]

    other = open_repository(memory=True)
    other.import_documents([doc])
    assert other.get_match(again.id).rematch_of == first.id
    other.close()


def test_an_imported_rematch_link_that_is_no_id_is_refused(store):
    repo = store.open()
    doc = repo.export_match(repo.create_match(setup()).id)
    doc["meta"]["id"] = "other-1"
    doc["meta"]["rematch_of"] = ["not", "an", "id"]
    with pytest.raises(ImportRefusedError, match="rematch_of"):
        repo.import_documents([doc])
    assert repo.count() == 1


def test_stored_matches_of_a_player_reads_only_their_matches_oldest_first(store):
    repo = store.open()
    a = _won_by_anna(repo)
    c = repo.create_match(setup("Carla", "Dario"))
    b = repo.create_match(setup("Bruno", "Anna"))
    assert [m.id for m in repo.stored_matches("anna")] == [a.id, b.id]
    assert [m.id for m in repo.stored_matches()] == [a.id, c.id, b.id]
    assert repo.stored_matches("anna")[0].state.winner == 0


def test_a_history_line_says_how_a_won_match_ended(store):
    repo = store.open()
    won = _won_by_anna(repo)
    open_ = repo.create_match(setup())
    assert repo.summary(won.id).ending == "target"
    assert repo.summary(open_.id).ending is None
    assert store.open().summary(won.id).ending == "target"


def test_a_won_match_corrected_later_changes_its_series_and_says_corrected(store):
    """Issue 23: the last hand of a won match found wrong later is corrected;
    the winner, the series and the history line follow, and the line (and
    the index on disk) says the match was corrected."""
    repo = store.open()
    first = _won_by_anna(repo)
    again = repo.create_match(setup(target=20), rematch_of=first.id)
    repo.add_hand(again.id, BIG)  # Anna 2-0 in the series
    won_by_bruno = plain_hand(0, 20)  # side 2 makes 1 + 20
    repo.replace_hand(first.id, 0, won_by_bruno, expected=BIG)

    repo = store.open()
    line = repo.summary(first.id)
    assert (line.winner, line.corrected) == (1, True)
    assert repo.summary(again.id).corrected is False
    score = series_score(
        _entry(repo.summary(again.id)), lambda i: _entry(repo.summary(i))
    )
    assert score is not None and score.text() == "1–1"
    assert repo.edit_history(first.id)[-1].action == "replace"


def test_a_hand_corrected_while_the_match_is_played_is_no_correction(store):
    repo = store.open()
    m = repo.create_match(setup(target=20))
    repo.add_hand(m.id, SMALL)
    repo.replace_hand(m.id, 0, plain_hand(0, 8), expected=SMALL)
    assert repo.summary(m.id).corrected is False
    repo = store.open()
    assert repo.summary(m.id).corrected is False
