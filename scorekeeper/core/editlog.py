"""The rules of a match's edit log: what can be undone, and what undoing does.

Every change to a stored match is logged (see the storage layer for the
format); this module holds the decisions on that log, on domain values only:
which entries :func:`last_undoable` would revert, which ones are already
undone, which change a redo makes again (:func:`redo_target`), whether a
hand is still the one a caller saw (:func:`hand_changed`),
and :func:`revert`, which computes the match after undoing one entry and can
replay the same change on another list of the match's hands.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import TypeVar

from . import engine
from .model import Hand, Match

T = TypeVar("T")


class Action(StrEnum):
    """What an edit did, spelled as in the stored log."""

    ADD = "add"
    REPLACE = "replace"
    DELETE = "delete"
    ABANDON = "abandon"
    RESUME = "resume"
    UNDO = "undo"
    DELETE_MATCH = "delete_match"
    RESTORE_MATCH = "restore_match"


#: logged, but never reverted by an undo (``restore_match`` is the way back
#: from ``delete_match``, and an undo is not itself undone)
NOT_UNDOABLE = frozenset({Action.UNDO, Action.DELETE_MATCH, Action.RESTORE_MATCH})


@dataclass(frozen=True)
class LogEntry:
    """What the rules need of one logged edit.

    ``action`` is None for an action this version does not know (only a file
    edited by hand holds one): it counts as undoable, and undoing it changes
    nothing, as the log has always treated it.
    """

    action: Action | None
    index: int | None = None  # the 0-based hand it touched
    undoes: int | None = None  # for an undo: the number of the edit reverted

    @property
    def undoable(self) -> bool:
        return self.action not in NOT_UNDOABLE

    @property
    def restores_hand(self) -> bool:
        """Undoing it puts back the hand as it was before (``before``)."""
        return self.action in (Action.REPLACE, Action.DELETE)


def undone_numbers(log: Sequence[LogEntry]) -> frozenset[int]:
    """The numbers (from 1) of the entries a later undo reverted."""
    return frozenset(
        e.undoes for e in log if e.action is Action.UNDO and e.undoes is not None
    )


def last_undoable(log: Sequence[LogEntry]) -> int | None:
    """The number of the entry an undo would revert now, or None."""
    undone = undone_numbers(log)
    for number in range(len(log), 0, -1):
        if log[number - 1].undoable and number not in undone:
            return number
    return None


def redo_target(log: Sequence[LogEntry], undo: int) -> int | None:
    """The number of the entry that entry *undo* (an undo) reverted, while
    that undo is the log's last entry, so the match is as the undo left it:
    making that entry's change again is a redo. None otherwise (the match
    changed since, or *undo* is not an undo)."""
    if undo != len(log) or undo < 1:
        return None
    last = log[undo - 1]
    if last.action is not Action.UNDO or last.undoes is None:
        return None
    return last.undoes


def hand_changed(match: Match, index: int, expected: Hand | None) -> bool:
    """Whether hand *index* is no longer *expected* (None: nothing to check),
    i.e. an edit was made on a view of the match that is no longer true."""
    if expected is None:
        return False
    hands = match.hands
    found = hands[index] if 0 <= index < len(hands) else None
    return found != expected


@dataclass(frozen=True)
class Reversal:
    """The match after undoing one entry, and how its list of hands changed:
    the hand at ``taken_out`` was removed, then the entry's ``before`` hand
    was inserted at ``put_back`` (either may be None)."""

    match: Match
    abandoned: bool
    taken_out: int | None = None
    put_back: int | None = None

    def replay(self, hands: Sequence[T], before: T | None) -> tuple[list[T], T | None]:
        """The same change on another form of the match's hands (e.g. the
        stored documents, with *before* in that form): the new list, and the
        hand taken out (None if none was)."""
        out = list(hands)
        removed = out.pop(self.taken_out) if self.taken_out is not None else None
        if self.put_back is not None:
            if before is None:
                raise ValueError(
                    f"edit log: putting back hand {self.put_back + 1} needs the "
                    "hand as it was (before=None)"
                )
            out.insert(self.put_back, before)
        return out, removed


def revert(
    match: Match, abandoned: bool, entry: LogEntry, before: Hand | None = None
) -> Reversal:
    """Undo *entry* on *match* (abandoned or not); *before* is the entry's
    hand as it was, needed when ``entry.restores_hand``.

    Raises :class:`~.problems.MatchError` (from the engine) if the match
    would not be valid any more, ``ValueError`` if the entry lacks a hand.
    """
    action, index = entry.action, entry.index
    if action in (Action.ABANDON, Action.RESUME):
        return Reversal(match, action is Action.RESUME)
    if action not in (Action.ADD, Action.REPLACE, Action.DELETE):
        return Reversal(match, abandoned)
    if index is None:
        raise ValueError(f"edit log: a {action} entry names no hand (index=None)")
    if action is Action.ADD:
        return Reversal(engine.delete_hand(match, index), abandoned, taken_out=index)
    if before is None:
        raise ValueError(
            f"edit log: undoing a {action} of hand {index + 1} needs the hand "
            "as it was (before=None)"
        )
    if action is Action.REPLACE:
        new = engine.replace_hand(match, index, before)
        return Reversal(new, abandoned, taken_out=index, put_back=index)
    new = Match(match.setup, match.hands[:index] + (before,) + match.hands[index:])
    engine.evaluate(new)
    return Reversal(new, abandoned, put_back=index)
