"""Player names in storage (RULES §4): the same player whatever the case, the
runs of spaces and the Unicode form of the name; stored as typed, cleaned."""

from __future__ import annotations

import unicodedata

import pytest

from scorekeeper.storage.errors import RosterError
from tests.integration.storage.helpers import SMALL, setup

COMPOSED = unicodedata.normalize("NFC", "Niccolò")
DECOMPOSED = unicodedata.normalize("NFD", "Niccolò")


def _history(repo, **filters) -> list[str]:
    return [s.id for s in repo.list_history(limit=1000, **filters).items]


def test_a_name_differing_only_in_case_and_spaces_is_a_player_already_there(store):
    repo = store.open()
    repo.add_player("Anna Rossi")
    for same in ("anna  rossi", "  ANNA ROSSI ", "Anna\u00a0Rossi", "anna\trossi"):
        with pytest.raises(RosterError) as e:
            repo.add_player(same)
        assert e.value.code == "name_taken", same
    assert [p.name for p in store.open().players()] == ["Anna Rossi"]


def test_a_name_in_another_unicode_form_is_a_player_already_there(store):
    repo = store.open()
    repo.add_player(DECOMPOSED)
    with pytest.raises(RosterError) as e:
        repo.add_player(COMPOSED)
    assert e.value.code == "name_taken"


def test_a_name_is_stored_as_typed_trimmed_with_its_spaces_collapsed(store):
    repo = store.open()
    assert repo.add_player("  Anna   Rossi ").name == "Anna Rossi"
    assert repo.add_player(DECOMPOSED).name == COMPOSED
    with pytest.raises(RosterError) as e:
        repo.add_player(" \t ")
    assert e.value.code == "name_invalid"
    assert [p.name for p in store.open().players()] == ["Anna Rossi", COMPOSED]


def test_players_of_new_matches_join_the_roster_once_whatever_the_spelling(store):
    repo = store.open()
    repo.create_match(setup("Anna Rossi", "Bruno"))
    repo.create_match(setup("anna  rossi", "BRUNO"))
    repo.create_match(setup(DECOMPOSED, "Bruno"))
    repo.create_match(setup(COMPOSED.upper(), "bruno"))
    assert [p.name for p in store.open().players()] == [
        "Anna Rossi",
        "Bruno",
        COMPOSED,
    ]


def test_the_history_of_a_player_finds_every_spelling_of_their_name(store):
    repo = store.open()
    a = repo.create_match(setup("Anna Rossi", "Bruno")).id
    b = repo.create_match(setup("anna  rossi", "Carla")).id
    c = repo.create_match(setup(DECOMPOSED, "Bruno")).id
    repo.add_hand(c, SMALL)
    repo.create_match(setup("Carla", "Dario"))

    repo = store.open()
    for spelling in ("ANNA   ROSSI", " anna rossi ", "Anna Rossi"):
        assert sorted(_history(repo, player=spelling)) == sorted([a, b]), spelling
        found = [m.id for m in repo.stored_matches(spelling)]
        assert sorted(found) == sorted([a, b]), spelling
    assert _history(repo, player=COMPOSED.lower()) == [c]
    assert [m.id for m in repo.stored_matches(COMPOSED)] == [c]


def test_a_renamed_player_is_found_by_any_spelling_of_either_name(store):
    repo = store.open()
    m = repo.create_match(setup("Anna Rossi", "Bruno")).id
    renamed = repo.rename_player("anna  ROSSI", "  Annalisa   Rossi ")
    assert (renamed.name, renamed.former_names) == ("Annalisa Rossi", ("Anna Rossi",))

    repo = store.open()
    for spelling in ("annalisa rossi", "ANNA  ROSSI"):
        assert _history(repo, player=spelling) == [m]
        assert [x.id for x in repo.stored_matches(spelling)] == [m]
    with pytest.raises(RosterError) as e:
        repo.add_player("anna rossi")  # still hers
    assert e.value.code == "name_taken"
    with pytest.raises(RosterError) as e:
        repo.rename_player("Bruno", "ANNALISA  rossi")
    assert e.value.code == "name_taken"


def test_renaming_a_player_to_another_spelling_of_their_name_keeps_one_name(store):
    repo = store.open()
    repo.add_player("Anna Rossi")
    renamed = repo.rename_player("Anna Rossi", "anna   rossi")
    assert (renamed.name, renamed.former_names) == ("anna rossi", ())
    [player] = store.open().players()
    assert (player.name, player.former_names) == ("anna rossi", ())
