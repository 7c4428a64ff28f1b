"""The record's change for each edit of a hand: add, replace, delete, undo.

Each function takes the match's :class:`~.records.Entry` as stored and gives
the :class:`HandChange` the repository commits: the new match, its stored
hands, the edit-log entry and the record's other fields. The undo rules are
:mod:`scorekeeper.core.editlog`'s; nothing here reads or writes a file.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from scorekeeper.core import editlog, engine
from scorekeeper.core.engine import Status
from scorekeeper.core.matchfile import dump_hand
from scorekeeper.core.model import Hand, Match

from .errors import EditRefusedError, HandAlreadySavedError
from .records import Entry, edit_log, hand_from_doc


@dataclass(frozen=True)
class HandChange:
    """What one edit of a hand makes of a match record."""

    match: Match
    hand_docs: list[Any]
    edit: dict[str, Any]
    fields: dict[str, Any] = field(default_factory=dict)


def added(
    e: Entry, hand: Hand, by: str | None, expected_index: int | None
) -> HandChange:
    """*hand* after the last one; refused with :class:`HandAlreadySavedError`
    if the match already has hand *expected_index* (another phone saved it)."""
    hands_now = e.match.hands
    if expected_index is not None and expected_index < len(hands_now):
        raise HandAlreadySavedError(
            f"match {e.record['id']!r} already has hand {expected_index + 1}",
            stored=hands_now[expected_index],
            index=expected_index,
            match_id=e.record["id"],
        )
    match = engine.add_hand(e.match, hand, e.state)
    hands = [*e.record["match"]["hands"], dump_hand(hand)]
    edit = {"by": by, "action": "add", "index": len(match.hands) - 1}
    return HandChange(match, hands, edit)


def replaced(
    e: Entry, index: int, hand: Hand, by: str | None, expected: Hand | None
) -> HandChange:
    """Hand *index* becomes *hand*; refused if it is not *expected* any more."""
    _check_hand(e, index, expected)
    match = engine.replace_hand(e.match, index, hand)
    hands = list(e.record["match"]["hands"])
    before = hands[index]
    hands[index] = dump_hand(hand)
    edit = {
        "by": by,
        "action": "replace",
        "index": index,
        "before": before,
        "after": hands[index],
    }
    return HandChange(match, hands, edit, _corrected(e))


def deleted(e: Entry, index: int, by: str | None, expected: Hand | None) -> HandChange:
    """Hand *index* taken out; refused if it is not *expected* any more."""
    _check_hand(e, index, expected)
    match = engine.delete_hand(e.match, index)
    hands = list(e.record["match"]["hands"])
    before = hands.pop(index)
    edit = {"by": by, "action": "delete", "index": index, "before": before}
    return HandChange(match, hands, edit, _corrected(e))


def undone(e: Entry, by: str | None, expected: int | None) -> HandChange:
    """The last edit not yet undone, reverted (logged, with the hand it
    removed); refused if *expected* is not the edit undo would revert."""
    match_id = e.record["id"]
    log = edit_log(e.record["edits"])
    number = editlog.last_undoable(log)
    if number is None:
        raise EditRefusedError(
            f"match {match_id!r} has no edit to undo",
            code="nothing_to_undo",
            match_id=match_id,
        )
    if expected is not None and number != expected:
        raise EditRefusedError(
            f"match {match_id!r}: undo would revert edit {number}, "
            f"not edit {expected}: the match changed meanwhile",
            code="changed_meanwhile",
            match_id=match_id,
            expected=expected,
            found=number,
        )
    target, entry = e.record["edits"][number - 1], log[number - 1]
    before = (
        hand_from_doc(e.record["match"], target["before"])
        if entry.restores_hand
        else None
    )
    reversal = editlog.revert(e.match, e.record["abandoned"], entry, before)
    hands, removed = reversal.replay(e.record["match"]["hands"], target.get("before"))
    log_entry: dict[str, Any] = {
        "by": by,
        "action": "undo",
        "undoes": number,
        "index": entry.index,
    }
    if reversal.taken_out is not None:
        log_entry["before"] = removed
    fields = {"abandoned": reversal.abandoned, **_corrected(e)}
    return HandChange(reversal.match, hands, log_entry, fields)


def _check_hand(e: Entry, index: int, expected: Hand | None) -> None:
    """Refuse an edit of hand *index* made on a view of the match that is no
    longer true: that hand is not *expected* any more."""
    if editlog.hand_changed(e.match, index, expected):
        raise EditRefusedError(
            f"match {e.record['id']!r}: hand {index + 1} is not the one "
            "expected: the match changed meanwhile",
            code="changed_meanwhile",
            match_id=e.record["id"],
            index=index,
        )


def _corrected(e: Entry) -> dict[str, Any]:
    """The record's mark of a match whose hands were changed after it was
    won (the history says "corretta"): set by an edit of a won match, kept."""
    return {"corrected": True} if e.state.status is Status.WON else {}
