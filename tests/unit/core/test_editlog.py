"""The edit log's rules: what can be undone, and what undoing does."""

from __future__ import annotations

import pytest

from scorekeeper.core import MatchError, evaluate
from scorekeeper.core.editlog import (
    Action,
    LogEntry,
    Reversal,
    hand_changed,
    last_undoable,
    redo_target,
    revert,
    undone_numbers,
)
from tests.builders import match, plain_hand

SMALL = plain_hand()  # 2 - 1
BIG = plain_hand(20)  # 22 - 1: two of them win at 31
OTHER = plain_hand(0, 8)  # 2 - 9


def add(index: int) -> LogEntry:
    return LogEntry(Action.ADD, index)


def undo(number: int) -> LogEntry:
    return LogEntry(Action.UNDO, undoes=number)


# -- which entry an undo reverts ---------------------------------------------
def test_an_empty_log_has_nothing_to_undo():
    assert last_undoable([]) is None


def test_undo_reverts_the_latest_edit():
    assert last_undoable([add(0), add(1), LogEntry(Action.DELETE, 0)]) == 3


def test_an_undone_edit_cannot_be_undone_again():
    log = [add(0), add(1), undo(2)]
    assert undone_numbers(log) == {2}
    assert last_undoable(log) == 1


def test_once_every_edit_is_undone_there_is_nothing_left_to_undo():
    assert last_undoable([add(0), undo(1)]) is None


def test_an_undo_a_match_deletion_and_a_restore_are_logged_but_not_undoable():
    log = [add(0), LogEntry(Action.DELETE_MATCH), LogEntry(Action.RESTORE_MATCH)]
    assert [e.undoable for e in log] == [True, False, False]
    assert not undo(1).undoable
    assert last_undoable(log) == 1


def test_abandoning_and_resuming_can_be_undone():
    log = [LogEntry(Action.ABANDON), LogEntry(Action.RESUME)]
    assert last_undoable(log) == 2
    assert last_undoable([*log, undo(2)]) == 1


def test_only_undo_entries_mark_edits_undone():
    assert undone_numbers([LogEntry(Action.ADD, 0, undoes=1)]) == frozenset()


def test_an_undo_that_names_no_edit_marks_none_undone():
    assert undone_numbers([add(0), LogEntry(Action.UNDO)]) == frozenset()


def test_an_action_this_version_does_not_know_counts_as_undoable():
    assert last_undoable([add(0), LogEntry(None)]) == 2


def test_only_a_replace_and_a_delete_need_the_hand_as_it_was():
    needs = {a for a in Action if LogEntry(a).restores_hand}
    assert needs == {Action.REPLACE, Action.DELETE}


# -- whether the caller's view of a hand is still true -----------------------
def test_no_expected_hand_means_nothing_to_check():
    assert not hand_changed(match(hands=[SMALL]), 0, None)


def test_the_hand_the_caller_saw_is_unchanged():
    assert not hand_changed(match(hands=[SMALL, OTHER]), 1, OTHER)


def test_a_hand_changed_since_the_caller_saw_it_is_noticed():
    assert hand_changed(match(hands=[SMALL, OTHER]), 1, SMALL)


def test_a_hand_no_longer_there_has_changed():
    assert hand_changed(match(hands=[SMALL]), 1, SMALL)
    assert hand_changed(match(hands=[SMALL]), -1, SMALL)


# -- what undoing does --------------------------------------------------------
def test_undoing_an_add_takes_that_hand_out():
    m = match(hands=[SMALL, OTHER])
    r = revert(m, False, add(1))
    assert r.match.hands == (SMALL,)
    assert (r.abandoned, r.taken_out, r.put_back) == (False, 1, None)


def test_undoing_a_replace_puts_the_old_hand_back():
    m = match(hands=[SMALL, OTHER])
    r = revert(m, False, LogEntry(Action.REPLACE, 0), before=BIG)
    assert r.match.hands == (BIG, OTHER)
    assert (r.taken_out, r.put_back) == (0, 0)


def test_undoing_a_delete_inserts_the_hand_where_it_was():
    m = match(hands=[SMALL, OTHER])
    r = revert(m, False, LogEntry(Action.DELETE, 1), before=BIG)
    assert r.match.hands == (SMALL, BIG, OTHER)
    assert (r.taken_out, r.put_back) == (None, 1)
    assert evaluate(r.match).totals == (26, 11)


def test_undoing_an_abandon_resumes_and_undoing_a_resume_abandons():
    m = match(hands=[SMALL])
    assert revert(m, True, LogEntry(Action.ABANDON)) == Reversal(m, False)
    assert revert(m, False, LogEntry(Action.RESUME)) == Reversal(m, True)


def test_undoing_an_unknown_action_changes_nothing():
    m = match(hands=[SMALL])
    assert revert(m, True, LogEntry(None, 0)) == Reversal(m, True)


def test_an_undo_that_would_leave_an_invalid_match_is_refused():
    won = match(hands=[BIG, BIG])
    with pytest.raises(MatchError):
        revert(won, False, LogEntry(Action.DELETE, 0), before=BIG)


def test_undoing_a_replace_without_the_old_hand_is_refused_with_the_hand_number():
    with pytest.raises(ValueError, match=r"hand 2 .*before=None"):
        revert(match(hands=[SMALL, OTHER]), False, LogEntry(Action.REPLACE, 1))


def test_undoing_a_hand_edit_that_names_no_hand_is_refused():
    with pytest.raises(ValueError, match="index=None"):
        revert(match(hands=[SMALL]), False, LogEntry(Action.ADD))


# -- the same change on the stored form of the hands -------------------------
def test_replay_makes_the_same_change_on_another_form_of_the_hands():
    m = match(hands=[SMALL, OTHER])
    replaced = revert(m, False, LogEntry(Action.REPLACE, 0), before=BIG)
    assert replaced.replay(["small", "other"], "big") == (["big", "other"], "small")
    deleted = revert(m, False, LogEntry(Action.DELETE, 1), before=BIG)
    assert deleted.replay(["small", "other"], "big") == (
        ["small", "big", "other"],
        None,
    )
    added = revert(m, False, add(1))
    assert added.replay(["small", "other"], None) == (["small"], "other")


def test_replay_leaves_the_list_it_was_given_alone():
    hands = ["small", "other"]
    revert(match(hands=[SMALL, OTHER]), False, add(1)).replay(hands, None)
    assert hands == ["small", "other"]


def test_replaying_a_put_back_without_the_hand_is_refused():
    r = Reversal(match(), False, put_back=0)
    with pytest.raises(ValueError, match=r"hand 1 .*before=None"):
        r.replay([], None)


# -- which change a redo makes again --------------------------------------------
def test_a_redo_makes_again_what_the_last_undo_reverted():
    assert redo_target([add(0), add(1), undo(2)], 3) == 2


def test_no_redo_once_the_log_went_on_or_of_what_is_not_an_undo():
    assert redo_target([add(0), add(1), undo(2), add(1)], 3) is None
    assert redo_target([add(0), add(1)], 2) is None
    assert redo_target([], 0) is None
