"""The match's one draft (``drafts.json``) on a real folder and in memory:
it survives a reopen, old folders without it open, a damaged one never
blocks the matches; and a hand another phone saved first is refused, typed."""

from __future__ import annotations

import json

import pytest

from scorekeeper.storage import HandAlreadySavedError, MatchDraft
from scorekeeper.storage.errors import EditRefusedError, MatchNotFoundError
from tests.builders import declared_hand
from tests.integration.storage.helpers import (
    BIG,
    OTHER,
    SMALL,
    Store,
    as_written,
    setup,
)

ENTRY = {"draft": {"v": 1, "cards": [12, 28]}, "tally": None}


def test_a_stored_draft_is_there_after_reopening(store):
    repo = store.open()
    m = repo.create_match(setup())
    repo.put_draft(MatchDraft(m.id, 0, entry=ENTRY, tally={"t": 1}, form="count"))

    again = store.open().get_draft(m.id)

    assert again is not None
    assert (again.match_id, again.hand_index) == (m.id, 0)
    assert again.entry == ENTRY
    assert again.tally == {"t": 1}
    assert again.form == "count"
    assert again.updated is not None


def test_a_match_has_one_draft_the_last_one_stored(store):
    repo = store.open()
    m = repo.create_match(setup())
    other = repo.create_match(setup("Carla", "Dario"))
    repo.put_draft(MatchDraft(m.id, 0, entry=ENTRY))
    repo.put_draft(MatchDraft(other.id, 0, form="list"))
    repo.put_draft(MatchDraft(m.id, 1, form="count"))

    repo = store.open()
    assert repo.get_draft(m.id) == MatchDraft(
        m.id, 1, form="count", updated=repo.get_draft(m.id).updated
    )
    assert repo.get_draft(other.id).form == "list"


def test_a_match_without_a_draft_has_none_and_an_unknown_match_cannot_get_one(store):
    repo = store.open()
    m = repo.create_match(setup())
    assert repo.get_draft(m.id) is None
    with pytest.raises(MatchNotFoundError):
        repo.put_draft(MatchDraft("20240101-nothere", 0))


def test_an_old_data_folder_without_a_draft_file_opens_and_gets_one_on_first_draft(
    file_store,
):
    repo = file_store.open()
    m = repo.create_match(setup())
    repo.add_hand(m.id, SMALL)
    assert not (file_store.folder / "drafts.json").exists()

    repo = file_store.open()
    assert repo.get_draft(m.id) is None
    assert repo.warnings == []
    repo.put_draft(MatchDraft(m.id, 1, entry=ENTRY))
    assert json.loads((file_store.folder / "drafts.json").read_text())["_schema"]


@pytest.mark.parametrize("content", ["", "{not json", '{"_schema": 3}', "[1, 2]"])
def test_a_damaged_draft_file_never_blocks_the_matches(file_store, content):
    repo = file_store.open()
    m = repo.create_match(setup())
    repo.add_hand(m.id, SMALL)
    repo.put_draft(MatchDraft(m.id, 1, entry=ENTRY))
    file_store.close()
    (file_store.folder / "drafts.json").write_text(content)

    repo = file_store.open()  # on_damage="refuse", the default: still opens

    assert repo.get_match(m.id).match.hands == (SMALL,)
    assert repo.get_draft(m.id) is None
    assert [w.code for w in repo.warnings] == ["drafts_reset"]
    assert "moved aside" in repo.warnings[0].message
    aside = list(file_store.folder.glob("drafts.json.damaged-*"))
    assert len(aside) == 1 and aside[0].read_text() == content
    repo.put_draft(MatchDraft(m.id, 1, entry=ENTRY))  # and drafts work again
    assert file_store.open().get_draft(m.id).entry == ENTRY


def test_a_damaged_draft_record_is_dropped_alone(file_store):
    repo = file_store.open()
    m = repo.create_match(setup())
    n = repo.create_match(setup("Carla", "Dario"))
    repo.put_draft(MatchDraft(m.id, 0, entry=ENTRY))
    repo.put_draft(MatchDraft(n.id, 0, form="count"))
    file_store.close()
    path = file_store.folder / "drafts.json"
    raw = json.loads(path.read_text())
    raw["drafts"]["1"]["hand_index"] = "zero"
    path.write_text(as_written(raw))

    repo = file_store.open()

    assert repo.get_draft(m.id) is None
    assert repo.get_draft(n.id).form == "count"
    assert [w.code for w in repo.warnings] == ["drafts_reset"]


def test_a_draft_file_damaged_while_open_is_set_aside_at_the_next_draft(file_store):
    repo = file_store.open()
    m = repo.create_match(setup())
    repo.put_draft(MatchDraft(m.id, 0, entry=ENTRY))
    (file_store.folder / "drafts.json").write_text("{garbage")

    repo.put_draft(MatchDraft(m.id, 0, form="count"))

    assert file_store.open().get_draft(m.id).form == "count"
    assert list(file_store.folder.glob("drafts.json.damaged-*"))


def test_the_last_spade_form_is_a_setting_and_old_settings_read_as_the_list(store):
    repo = store.open()
    assert repo.settings().spade_form == "list"
    repo.update_settings(spade_form="count")
    assert store.open().settings().spade_form == "count"


# -- two phones saving the same hand ---------------------------------------------
def test_a_hand_another_phone_saved_first_is_refused_with_the_stored_hand(store):
    repo = store.open()
    m = repo.create_match(setup())
    repo.add_hand(m.id, SMALL, expected_index=0)  # the faster phone

    with pytest.raises(HandAlreadySavedError) as refused:
        repo.add_hand(m.id, OTHER, expected_index=0)  # the slower one

    assert refused.value.stored == SMALL
    assert refused.value.index == 0
    assert refused.value.code == "hand_taken"
    assert isinstance(refused.value, ValueError)
    assert isinstance(refused.value, EditRefusedError)
    assert store.open().get_match(m.id).match.hands == (SMALL,)


def test_the_expected_index_of_the_next_hand_saves_it(store):
    repo = store.open()
    m = repo.create_match(setup())
    repo.add_hand(m.id, SMALL, expected_index=0)
    assert repo.add_hand(m.id, OTHER, expected_index=1).match.hands == (SMALL, OTHER)


def test_a_declaration_another_phone_saved_first_is_refused_too(store):
    repo = store.open()
    m = repo.create_match(setup())
    repo.add_hand(m.id, SMALL)
    with pytest.raises(HandAlreadySavedError) as refused:
        repo.record_declaration(m.id, declared_hand("Anna", 1, 4, 0), expected_index=0)
    assert refused.value.stored == SMALL


def test_the_store_keeps_a_file_per_kind(file_store: Store):
    repo = file_store.open()
    m = repo.create_match(setup())
    repo.put_draft(MatchDraft(m.id, 0, entry=ENTRY))
    live = json.loads((file_store.folder / "live.json").read_text())
    assert "draft" not in json.dumps(live)  # a tap never rewrites live.json


def test_the_draft_file_keeps_the_matches_being_played_only(file_store):
    """A tap rewrites drafts.json: it must not grow with the history."""
    repo = file_store.open()
    won = repo.create_match(setup(target=10))
    playing = repo.create_match(setup("Carla", "Dario"))
    repo.put_draft(MatchDraft(won.id, 0, entry=ENTRY, form="count"))
    repo.put_draft(MatchDraft(playing.id, 0, entry=ENTRY))
    repo.add_hand(won.id, BIG)  # 22 to 1: won, archived

    repo.put_draft(MatchDraft(playing.id, 0, form="count"))  # the next tap

    raw = json.loads((file_store.folder / "drafts.json").read_text())
    assert [d["match_id"] for d in raw["drafts"].values()] == [playing.id]
    assert file_store.open().get_draft(won.id) is None


def test_a_draft_for_a_match_no_longer_played_is_not_stored(store):
    repo = store.open()
    won = repo.create_match(setup(target=10))
    repo.put_draft(MatchDraft(won.id, 0, entry=ENTRY))
    repo.add_hand(won.id, BIG)
    repo.put_draft(MatchDraft(won.id, 1, form="count"))
    assert store.open().get_draft(won.id) is None
