"""The repository on a real folder and in memory: what is saved stays saved."""

from __future__ import annotations

import threading
from datetime import date

import pytest

from scorekeeper.core import MatchError, MatchSetup, Rules
from scorekeeper.storage.errors import (
    EditRefusedError,
    ImportRefusedError,
    MatchNotFoundError,
    RosterError,
    SettingsError,
)
from scorekeeper.storage.repository import Settings
from tests.integration.storage.helpers import BIG, OTHER, SMALL, Store, setup


def test_a_saved_hand_is_there_after_reopening(store):
    repo = store.open()
    m = repo.create_match(setup("Anna", "Bruno"))
    repo.add_hand(m.id, SMALL, by="Anna")
    repo.add_hand(m.id, OTHER)

    again = store.open().get_match(m.id)

    assert again.match.hands == (SMALL, OTHER)
    assert again.state.totals == (4, 10)
    assert again.status == "in_progress"


def test_the_repository_returns_domain_values_only(store):
    repo = store.open()
    m = repo.add_hand(repo.create_match(setup()).id, SMALL)
    page = repo.list_history()
    for value in (m, m.match, m.state, page, *page.items, *repo.edit_history(m.id)):
        assert "tinydb" not in type(value).__module__


def test_a_won_match_is_archived_and_listed_with_its_winner(store):
    repo = store.open()
    m = repo.create_match(setup())
    repo.add_hand(m.id, BIG)
    won = repo.add_hand(m.id, BIG)

    assert won.status == "won" and won.winner == 0
    assert repo.finish_match(m.id).status == "won"
    [line] = store.open().list_history().items
    assert (line.id, line.status, line.totals, line.winner) == (m.id, "won", (44, 2), 0)
    assert line.winner_name == "Anna"
    if store.kind == "file":
        assert m.id not in (store.folder / "live.json").read_text()
        assert m.id in (store.folder / "archive" / "matches-0000.json").read_text()


def test_a_hand_the_engine_refuses_changes_nothing(store):
    repo = store.open()
    m = repo.create_match(setup())
    repo.add_hand(m.id, BIG)
    repo.add_hand(m.id, BIG)  # won
    with pytest.raises(MatchError):
        repo.add_hand(m.id, SMALL)  # a hand after the match was decided
    with pytest.raises(MatchError):
        repo.replace_hand(m.id, 7, SMALL)

    assert store.open().get_match(m.id).match.hands == (BIG, BIG)


def test_finishing_a_match_that_is_not_won_is_refused(store):
    repo = store.open()
    m = repo.create_match(setup())
    with pytest.raises(EditRefusedError) as e:
        repo.finish_match(m.id)
    assert e.value.code == "match_not_won"


def test_an_unknown_id_is_a_clear_not_found(store):
    with pytest.raises(MatchNotFoundError, match="no match with id 'nope'"):
        store.open().get_match("nope")


# -- edit history and undo ---------------------------------------------------
def test_replacing_a_hand_keeps_the_old_version_and_undo_restores_it(store):
    repo = store.open()
    m = repo.create_match(setup())
    repo.add_hand(m.id, SMALL)
    repo.replace_hand(m.id, 0, OTHER, by="Bruno")

    repo = store.open()
    edits = repo.edit_history(m.id)
    assert [e.action for e in edits] == ["add", "replace"]
    assert (edits[1].by, edits[1].index, edits[1].before, edits[1].after) == (
        "Bruno",
        0,
        SMALL,
        OTHER,
    )
    restored = repo.undo(m.id, by="Anna")
    assert restored.match.hands == (SMALL,)
    assert store.open().edit_history(m.id)[1].undone


def test_deleting_a_hand_keeps_it_and_undo_puts_it_back_in_place(store):
    repo = store.open()
    m = repo.create_match(setup())
    for h in (SMALL, OTHER, SMALL):
        repo.add_hand(m.id, h)
    after = repo.delete_hand(m.id, 1)
    assert after.match.hands == (SMALL, SMALL)
    assert repo.edit_history(m.id)[-1].before == OTHER

    assert store.open().undo(m.id).match.hands == (SMALL, OTHER, SMALL)


def test_undo_walks_back_edit_by_edit_and_logs_what_it_removed(store):
    repo = store.open()
    m = repo.create_match(setup())
    repo.add_hand(m.id, SMALL)
    repo.add_hand(m.id, OTHER)
    assert repo.undo(m.id).match.hands == (SMALL,)
    assert repo.undo(m.id).match.hands == ()
    undo_entry = repo.edit_history(m.id)[2]
    assert (undo_entry.action, undo_entry.undoes, undo_entry.before) == (
        "undo",
        2,
        OTHER,
    )
    with pytest.raises(EditRefusedError) as e:
        repo.undo(m.id)
    assert e.value.code == "nothing_to_undo"
    assert not repo.get_match(m.id).can_undo


def test_undoing_the_winning_hand_reopens_an_archived_match(store):
    repo = store.open()
    m = repo.create_match(setup())
    repo.add_hand(m.id, BIG)
    repo.add_hand(m.id, BIG)
    repo = store.open()
    reopened = repo.undo(m.id)
    assert reopened.status == "in_progress"
    assert store.open().list_history(status="in_progress").items[0].id == m.id
    assert store.repo.list_history(status="won").items == ()


def test_correcting_a_hand_of_an_archived_match_updates_its_history_line(store):
    repo = store.open()
    m = repo.create_match(setup())
    repo.add_hand(m.id, SMALL)
    repo.add_hand(m.id, BIG)
    repo.add_hand(m.id, BIG)  # won 46-3
    repo.replace_hand(m.id, 0, OTHER)
    [line] = store.open().list_history().items
    assert (line.status, line.totals) == ("won", (46, 11))


def test_an_abandoned_match_refuses_edits_until_resumed(store):
    repo = store.open()
    m = repo.create_match(setup())
    repo.add_hand(m.id, SMALL)
    assert repo.abandon_match(m.id).status == "abandoned"
    with pytest.raises(EditRefusedError) as e:
        repo.add_hand(m.id, SMALL)
    assert e.value.code == "match_abandoned"
    assert store.open().list_history(status="abandoned").items[0].id == m.id
    assert store.repo.resume_match(m.id).status == "in_progress"
    assert store.repo.add_hand(m.id, SMALL).match.hands == (SMALL, SMALL)


def test_a_declaration_is_recorded_as_a_hand_that_carries_it(store):
    from tests.builders import declared_hand

    repo = store.open()
    m = repo.create_match(MatchSetup(("Anna", "Bruno"), "Anna", Rules(early_win=True)))
    with pytest.raises(EditRefusedError):
        repo.record_declaration(m.id, SMALL)
    done = repo.record_declaration(m.id, declared_hand("Anna", 2, 3, 1))
    assert done.status == "won" and done.winner == 1  # a wrong declaration loses
    assert store.open().get_match(m.id).match.hands[0].declaration.by == "Anna"


# -- history -----------------------------------------------------------------
def _history(repo, **kw):
    return [s.id for s in repo.list_history(limit=100, **kw).items]


def test_history_is_newest_first_and_paged(store):
    repo = store.open()
    ids = [repo.create_match(setup()).id for _ in range(7)]
    for i in ids[:3]:  # archive some, keep others live
        repo.abandon_match(i)
    repo = store.open()
    assert _history(repo) == ids[::-1]
    first = repo.list_history(limit=3)
    second = repo.list_history(offset=3, limit=3)
    last = repo.list_history(offset=6, limit=3)
    assert [s.id for s in first.items + second.items + last.items] == ids[::-1]
    assert first.has_more and second.has_more and not last.has_more


def test_history_filters_by_player_status_and_date(store):
    repo = store.open()
    a = repo.create_match(setup("Anna", "Bruno")).id
    store.clock.now = store.clock.now.replace(day=10)
    b = repo.create_match(setup("Carla", "Dario", "Anna", "Elena")).id
    c = repo.create_match(setup("Carla", "Bruno")).id
    repo.abandon_match(c)

    assert _history(repo, player="anna") == [b, a]
    assert _history(repo, player="Bruno", status="abandoned") == [c]
    assert _history(repo, since=date(2024, 3, 10)) == [c, b]
    assert _history(repo, until=date(2024, 3, 9)) == [a]
    with pytest.raises(ValueError):
        repo.list_history(status="finito")


def test_many_threads_saving_at_once_lose_nothing(store):
    repo = store.open()
    ids = [repo.create_match(setup(target=500)).id for _ in range(4)]
    errors = []

    def play(match_id):
        try:
            for _ in range(8):
                repo.add_hand(match_id, SMALL)
        except Exception as e:  # pragma: no cover - reported below
            errors.append(e)

    threads = [threading.Thread(target=play, args=(i,)) for i in ids]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    repo = store.open()
    assert [len(repo.get_match(i).match.hands) for i in ids] == [8, 8, 8, 8]


# -- roster and settings -----------------------------------------------------
def test_players_of_a_new_match_join_the_roster_once(store):
    repo = store.open()
    repo.create_match(setup("Anna", "Bruno"))
    repo.create_match(setup("Bruno", "Carla"))
    assert [p.name for p in store.open().players()] == ["Anna", "Bruno", "Carla"]


def test_roster_names_are_unique_whatever_the_case(store):
    repo = store.open()
    repo.add_player("Anna")
    with pytest.raises(RosterError) as e:
        repo.add_player(" anna ")
    assert e.value.code == "name_taken"
    with pytest.raises(RosterError):
        repo.add_player("")
    with pytest.raises(RosterError):
        repo.add_player("x" * 41)


def test_renaming_a_player_keeps_their_history(store):
    repo = store.open()
    m = repo.create_match(setup("Anna", "Bruno")).id
    repo.create_match(setup("Carla", "Bruno"))
    renamed = repo.rename_player("Anna", "Annalisa")
    assert renamed.former_names == ("Anna",)

    repo = store.open()
    assert _history(repo, player="Annalisa") == [m]
    assert _history(repo, player="Anna") == [m]
    assert "Annalisa" in [p.name for p in repo.players()]
    with pytest.raises(RosterError):
        repo.add_player("Anna")  # still hers
    with pytest.raises(RosterError) as e:
        repo.rename_player("Bruno", "annalisa")
    assert e.value.code == "name_taken"
    with pytest.raises(RosterError) as e:
        repo.rename_player("Zeno", "Zeta")
    assert e.value.code == "player_not_found"


def test_settings_have_defaults_and_changes_persist(store):
    repo = store.open()
    assert repo.settings() == Settings("it", "system", "classico", 31)
    repo.update_settings(language="en", theme="dark", preset="variante_nord", target=21)
    s = store.open().settings()
    assert (s.language, s.theme, s.preset.value, s.target) == (
        "en",
        "dark",
        "variante_nord",
        21,
    )
    with pytest.raises(SettingsError):
        store.repo.update_settings(target=0)
    with pytest.raises(SettingsError):
        store.repo.update_settings(colour="red")
    assert store.repo.settings().target == 21


# -- export / import -----------------------------------------------------------
def _everything(repo):
    return [
        (
            s,
            repo.get_match(s.id).match,
            repo.edit_history(s.id),
            repo.get_match(s.id).notes,
        )
        for s in repo.list_history(limit=1000).items
    ]


def test_export_then_import_into_an_empty_store_gives_the_same_matches(store, tmp_path):
    repo = store.open()
    a = repo.create_match(setup(), notes="al bar").id
    repo.add_hand(a, SMALL)
    repo.replace_hand(a, 0, OTHER)
    b = repo.create_match(setup("Anna", "Bruno", "Carla", "Dario")).id
    repo.add_hand(b, BIG)
    repo.add_hand(b, BIG)
    c = repo.create_match(setup()).id
    repo.abandon_match(c)
    docs = repo.export_all()

    other = Store(store.kind, tmp_path / "other")
    try:
        results = other.open().import_documents(docs)
        assert [r.created for r in results] == [True, True, True]
        assert _everything(other.open()) == _everything(store.open())
        # importing the same again changes nothing
        again = other.repo.import_documents(docs)
        assert [r.created for r in again] == [False, False, False]
        assert other.repo.count() == 3
    finally:
        other.close()


def test_an_import_with_a_bad_match_writes_none_of_the_file(store):
    repo = store.open()
    good = repo.export_match(repo.create_match(setup()).id)
    good["meta"]["id"] = "fresh-1"
    bad = dict(good, players=["Anna"])
    bad["meta"] = {"id": "fresh-2"}
    with pytest.raises(ImportRefusedError) as e:
        repo.import_documents([good, bad])
    assert e.value.code == "bad_match"
    assert str(e.value).startswith("match 2: ")
    assert store.open().count() == 1


def test_an_import_that_reuses_an_id_for_another_match_is_refused(store):
    repo = store.open()
    m = repo.create_match(setup())
    doc = repo.export_match(m.id)
    doc["players"] = ["Carla", "Dario"]
    doc["first_dealer"] = "Carla"
    with pytest.raises(ImportRefusedError) as e:
        repo.import_documents([doc])
    assert e.value.code == "id_conflict"
    with pytest.raises(ImportRefusedError) as e:
        repo.import_documents(
            [dict(doc, meta={"id": "x1"}), dict(doc, meta={"id": "x1"})]
        )
    assert e.value.code == "duplicate_id"
    with pytest.raises(ImportRefusedError) as e:
        repo.import_documents([dict(doc, meta={"id": "no spaces"})])
    assert e.value.code == "bad_meta"


def test_an_edit_made_on_a_view_that_is_no_longer_true_is_refused(store):
    """Two phones: one saw hand 2 as OTHER and deletes or corrects it; the
    other had deleted hand 1 meanwhile, so hand 2 is now another hand."""
    repo = store.open()
    m = repo.create_match(setup())
    for h in (SMALL, OTHER, BIG):
        repo.add_hand(m.id, h)
    repo.delete_hand(m.id, 0)  # the other phone: hands are now OTHER, BIG
    before = repo.get_match(m.id)

    for edit in (
        lambda: repo.delete_hand(m.id, 1, expected=OTHER),
        lambda: repo.replace_hand(m.id, 1, SMALL, expected=OTHER),
        lambda: repo.delete_hand(m.id, 5, expected=OTHER),  # no such hand now
    ):
        with pytest.raises(EditRefusedError, match="changed meanwhile") as refused:
            edit()
        assert refused.value.code == "changed_meanwhile"

    repo = store.open()
    after = repo.get_match(m.id)
    assert after.match.hands == before.match.hands == (OTHER, BIG)
    assert after.edit_count == before.edit_count
    # the same edits on the hand as it is now go through
    assert repo.delete_hand(m.id, 0, expected=OTHER).match.hands == (BIG,)


def test_undo_with_the_edit_seen_reverts_it_and_refuses_once_it_is_gone(store):
    """``undo_target`` is what a phone saw undo would revert; a second undo on
    that view (a double tap, another phone) is refused, not an older edit."""
    repo = store.open()
    m = repo.create_match(setup())
    repo.add_hand(m.id, SMALL)
    seen = repo.add_hand(m.id, OTHER)
    assert seen.undo_target == 2

    assert repo.undo(m.id, expected=seen.undo_target).match.hands == (SMALL,)
    with pytest.raises(EditRefusedError) as refused:
        repo.undo(m.id, expected=seen.undo_target)
    assert refused.value.code == "changed_meanwhile"
    assert store.open().get_match(m.id).match.hands == (SMALL,)
