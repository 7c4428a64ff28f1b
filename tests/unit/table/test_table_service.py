"""The table service without any UI: each use case's result and event, and
which match the table is on after it (no flet, no page, no session)."""

from __future__ import annotations

import pytest

from scorekeeper.core import MatchSetup, Rules
from scorekeeper.core.model import Rank
from scorekeeper.core.problems import HandError
from scorekeeper.storage import StorageError, StoredMatch, open_repository
from scorekeeper.table import Change, TableEvent, TableService
from tests.builders import ANNA_BRUNO, declared_hand, hand, plain_hand, side

pytestmark = pytest.mark.memory  # conftest's table, on an in-memory repository


def started(table: TableService, setup: MatchSetup = ANNA_BRUNO) -> StoredMatch:
    return table.start_match(setup).value


def won(table: TableService) -> StoredMatch:
    """A match played to the end (target 10, one hand of 10 to 1)."""
    stored = started(table, MatchSetup(("Carla", "Dario"), "Carla", Rules(target=10)))
    return table.add_hand(stored.id, plain_hand(8)).value


def bad_hand():
    """A hand the core refuses: one spade in 30 cards, 3 cards on the other side."""
    return hand(side(30, "A"), side(3))


# -- each use case: its result and its event ---------------------------------------
def test_starting_a_match_moves_the_table_to_it_and_announces_that_match(table):
    changed = table.start_match(ANNA_BRUNO)
    assert changed.event == TableEvent(Change.MATCH, changed.value.id)
    assert table.current() == changed.value
    assert table.playing() == changed.value


def test_a_rivincita_is_a_new_match_linked_to_the_one_it_follows(table):
    first = won(table)
    changed = table.start_match(first.match.setup, rematch_of=first.id)
    assert changed.value.rematch_of == first.id
    assert changed.event == TableEvent(Change.MATCH, changed.value.id)
    assert table.current() == changed.value


@pytest.mark.parametrize(
    "use_case",
    [
        lambda t, m: t.add_hand(m.id, plain_hand()),
        lambda t, m: t.correct_hand(m.id, 0, plain_hand(1), expected=plain_hand()),
        lambda t, m: t.delete_hand(m.id, 0, expected=plain_hand()),
        lambda t, m: t.undo(m.id, expected=None),
        lambda t, m: t.abandon(m.id),
        lambda t, m: t.set_notes(m.id, "al bar"),
    ],
    ids=["add hand", "correct hand", "delete hand", "undo", "abandon", "notes"],
)
def test_each_change_of_a_match_s_hands_announces_that_match(table, use_case):
    stored = table.add_hand(started(table).id, plain_hand()).value
    changed = use_case(table, stored)
    assert changed.value.id == stored.id
    assert changed.event == TableEvent(Change.MATCH, stored.id)
    assert table.current() == changed.value


def test_a_declaration_ends_the_match_and_announces_it(table):
    setup = MatchSetup(("Anna", "Bruno"), "Anna", Rules(early_win=True))
    stored = started(table, setup)
    changed = table.declare(stored.id, declared_hand("Anna", 1, 3, 0))
    assert changed.value.state.decided
    assert changed.event == TableEvent(Change.MATCH, stored.id)
    assert table.current() == changed.value
    assert table.playing() is None  # over: the screen stays off


def test_resuming_an_abandoned_match_makes_it_the_table_s_match_again(table):
    stored = started(table)
    table.abandon(stored.id)
    assert table.playing() is None
    changed = table.resume(stored.id)
    assert changed.event == TableEvent(Change.MATCH, stored.id)
    assert table.playing() == changed.value


def test_deleting_restoring_compacting_and_importing_announce_the_history(
    table, format_example
):
    a, b = started(table), won(table)
    deleted = table.delete_match(a.id)
    assert (deleted.value.id, deleted.event) == (a.id, TableEvent(Change.HISTORY, a.id))
    restored = table.restore_match(a.id)
    assert restored.event == TableEvent(Change.HISTORY, a.id)
    table.delete_match(b.id)
    compacted = table.compact_history()
    assert (compacted.value, compacted.event) == (1, TableEvent(Change.HISTORY))
    imported = table.import_documents([format_example])
    assert [r.created for r in imported.value] == [True]
    assert imported.event == TableEvent(Change.HISTORY)


def test_an_identical_match_imported_again_is_reported_as_already_stored(
    table, format_example
):
    [first] = table.import_documents([format_example]).value
    assert first.created
    again = table.import_documents([format_example])
    assert [(r.id, r.created) for r in again.value] == [(first.id, False)]
    assert again.event == TableEvent(Change.HISTORY)
    assert table.queries.count() == 1


def test_settings_and_roster_changes_announce_themselves(table):
    changed = table.update_settings(language="en", target=41)
    assert (changed.value.language, changed.value.target) == ("en", 41)
    assert changed.event == TableEvent(Change.SETTINGS)
    assert table.queries.settings().target == 41
    player = table.add_player("Anna")
    assert player.event == TableEvent(Change.ROSTER)
    assert table.rename_player("Anna", "Annalisa").event == TableEvent(Change.ROSTER)


def test_a_live_tally_tap_announces_the_live_tally_of_that_match(table):
    stored = started(table)
    changed = table.record_live(stored.id, lambda t: t.piccola(0))
    assert changed.value.piccole == (1, 0)
    assert changed.event == TableEvent(Change.LIVE, stored.id)
    assert table.live_tally(stored.id) == changed.value


# -- which match the table is on ----------------------------------------------------
def test_a_new_table_finds_the_newest_match_still_being_played():
    repository = open_repository(memory=True)
    playing = repository.create_match(ANNA_BRUNO)
    table = TableService(repository)
    try:
        assert table.current() == playing
    finally:
        table.close()


def test_deleting_the_table_s_match_moves_it_to_the_newest_match_being_played(
    table,
):
    playing = started(table)
    won(table)  # newer, but over: not one to go back to
    current = started(table)

    table.delete_match(current.id)

    assert table.current() is not None and table.current().id == playing.id


def test_deleting_the_table_s_match_with_none_other_being_played_leaves_no_match(
    table,
):
    won(table)
    current = started(table)
    table.delete_match(current.id)
    assert table.current() is None and table.playing() is None


def test_deleting_another_match_leaves_the_table_where_it_is(table):
    other = started(table)
    current = started(table)
    table.delete_match(other.id)
    assert table.current() == current


def test_restoring_a_match_being_played_when_the_table_has_none_makes_it_current(
    table,
):
    stored = started(table)
    table.delete_match(stored.id)
    assert table.current() is None

    table.restore_match(stored.id)

    assert table.current() is not None and table.current().id == stored.id


def test_restoring_a_match_while_the_table_has_one_leaves_the_table_where_it_is(
    table,
):
    other = started(table)
    table.delete_match(other.id)
    current = started(table)
    table.restore_match(other.id)
    assert table.current() == current


def test_restoring_a_match_that_is_over_does_not_make_it_current(table):
    over = won(table)
    table.delete_match(over.id)
    table.restore_match(over.id)
    assert table.current() is None


def test_the_notes_of_the_table_s_match_refresh_current(table):
    stored = started(table)
    table.set_notes(stored.id, "al bar, con la nonna")
    assert table.current().notes == "al bar, con la nonna"


def test_the_notes_of_another_match_leave_the_table_on_its_match(table):
    other = started(table)
    current = started(table)
    table.set_notes(other.id, "ieri")
    assert table.current() == current
    assert table.queries.get_match(other.id).notes == "ieri"


@pytest.mark.parametrize(
    ("use_case", "error"),
    [
        (lambda t, m: t.add_hand(m.id, bad_hand()), HandError),
        (lambda t, m: t.add_hand("no-such-match", plain_hand()), StorageError),
        (lambda t, m: t.undo(m.id, expected=12345), StorageError),
        (
            lambda t, m: t.correct_hand(m.id, 0, plain_hand(2), expected=plain_hand(1)),
            StorageError,
        ),
        (lambda t, m: t.delete_hand(m.id, 0, expected=plain_hand(1)), StorageError),
        (lambda t, m: t.resume(m.id), StorageError),
    ],
    ids=[
        "bad hand",
        "unknown match",
        "stale undo",
        "stale correction",
        "stale deletion",
        "resume not abandoned",
    ],
)
def test_a_refused_change_leaves_the_table_s_match_unchanged(table, use_case, error):
    stored = table.add_hand(started(table).id, plain_hand()).value
    with pytest.raises(error):
        use_case(table, stored)
    assert table.current() == stored
    assert table.queries.get_match(stored.id).match == stored.match


# -- the live tally ---------------------------------------------------------------
def test_live_draft_is_none_until_something_is_recorded_then_prefills_the_entry(table):
    stored = started(table)
    assert table.live_draft(stored.id) is None

    table.record_live(stored.id, lambda t: t.piccola(1))
    table.record_live(stored.id, lambda t: t.spazzino(0, Rank.RE))

    draft = table.live_draft(stored.id)
    assert draft is not None
    assert draft.piccole == (0, 1)
    assert draft.spazzini == ((Rank.RE,), ())
    assert draft.cards == (None, None)  # the mazzo is still to be counted


def test_once_the_hand_is_saved_the_live_draft_is_none_again(table):
    stored = started(table)
    table.record_live(stored.id, lambda t: t.piccola(0))
    table.add_hand(stored.id, hand(side(20, "A23", True, pic=1), side(20, "4567FCR")))
    assert table.live_draft(stored.id) is None
    assert table.live_tally(stored.id).piccole == (0, 0)


def test_abandoning_another_match_leaves_the_table_on_the_match_being_played(table):
    """Abandoning an older match from the history must not take the table off
    the match it is playing (found in review of the table service)."""
    other = started(table)
    current = started(table)
    table.abandon(other.id)
    assert table.playing() == current


# -- backups (the browser build) ---------------------------------------------------
def test_a_backup_is_due_after_ten_finished_matches_without_an_export(table):
    for _ in range(9):
        won(table)
    started(table)  # a match being played is not finished
    assert (table.unexported_finished(), table.backup_due()) == (9, False)
    won(table)
    assert (table.unexported_finished(), table.backup_due()) == (10, True)


def test_exporting_everything_starts_the_backup_count_over(table):
    for _ in range(10):
        won(table)
    changed = table.exported_all()
    assert changed.event == TableEvent(Change.SETTINGS)
    assert changed.value.exported_finished == 10
    assert (table.unexported_finished(), table.backup_due()) == (0, False)
    won(table)
    assert table.unexported_finished() == 1


def test_the_count_of_the_last_export_is_kept_in_the_data_folder(tmp_path):
    table = TableService.open(tmp_path)
    won(table)
    table.exported_all()
    table.close()
    again = TableService.open(tmp_path)
    try:
        assert again.queries.settings().exported_finished == 1
        assert again.unexported_finished() == 0
    finally:
        again.close()


# -- redo ("Ripeti"): the change an undo reverted, made again -------------------
def _redone(table: TableService, stored: StoredMatch) -> StoredMatch:
    undone = table.undo(stored.id, expected=stored.undo_target).value
    return table.redo(stored.id, undo=undone.edit_count).value


def test_redo_puts_back_the_hand_an_undo_took_off(table):
    stored = started(table)
    table.add_hand(stored.id, plain_hand())
    added = table.add_hand(stored.id, plain_hand(0, 8)).value
    again = _redone(table, added)
    assert again.match.hands == added.match.hands
    assert again.state.totals == added.state.totals
    # the redo is a change like any other: an undo takes it off again
    assert table.undo(stored.id, expected=again.undo_target).value.state.totals == (
        2,
        1,
    )


def test_redo_deletes_again_and_corrects_again(table):
    stored = started(table)
    table.add_hand(stored.id, plain_hand())
    table.add_hand(stored.id, plain_hand(0, 8))
    gone = table.delete_hand(stored.id, 0, expected=plain_hand()).value
    assert _redone(table, gone).match.hands == gone.match.hands
    fixed = table.correct_hand(
        stored.id, 0, plain_hand(4), expected=plain_hand(0, 8)
    ).value
    assert _redone(table, fixed).match.hands == fixed.match.hands


def test_redo_after_another_change_is_refused_and_changes_nothing(table):
    stored = started(table)
    added = table.add_hand(stored.id, plain_hand()).value
    undone = table.undo(stored.id, expected=added.undo_target).value
    table.add_hand(stored.id, plain_hand(0, 8))  # another phone, meanwhile
    with pytest.raises(StorageError) as refused:
        table.redo(stored.id, undo=undone.edit_count)
    assert refused.value.code == "changed_meanwhile"
    assert table.current().match.hands == (plain_hand(0, 8),)
