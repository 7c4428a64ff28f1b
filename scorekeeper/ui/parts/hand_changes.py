"""One model for every change of a match's hands (issue 23): the change is
made at once, a message names what changed, and the way back is offered for
a few seconds (``ui/shell/offers.py``).

* deleting a hand from its row: "Eliminata la mano 2 (Anna 9 – Bruno 4)"
  with "Annulla";
* undoing the last change: "Tolta la mano 2 (Anna 9 – Bruno 4)" with
  "Ripeti", which makes that change again ("Rimessa la mano 2 (…)"), with
  "Annulla" again.

Each offer acts on exactly the edit it was made for (the table service
refuses it once the match changed: ``expected=``, ``undo=``). The points
named are the core's (``HandResult``); nothing is added up here.
"""

from __future__ import annotations

from collections.abc import Callable

from scorekeeper.core.editlog import Action
from scorekeeper.core.model import Hand
from scorekeeper.storage import Edit, StoredMatch
from scorekeeper.table import Changed, TableService
from scorekeeper.ui import routes
from scorekeeper.ui.screens.hand_entry.state import EntryState
from scorekeeper.ui.shell.session import Session


def hand_points(session: Session, stored: StoredMatch, index: int) -> str:
    """ "Anna 9 – Bruno 4": each side's points in hand ``index`` of ``stored``
    (empty if it has no such hand)."""
    state = stored.state
    if not 0 <= index < len(state.hands):
        return ""
    result = state.hands[index]
    return session.t(
        "change.points",
        side0=state.setup.side_name(0),
        points0=result.points[0].total,
        side1=state.setup.side_name(1),
        points1=result.points[1].total,
    )


def change_text(
    session: Session, before: StoredMatch, after: StoredMatch, edits: tuple[Edit, ...]
) -> str:
    """The sentence naming the change the last of ``edits`` made (``before``
    and ``after``: the match on either side of it)."""
    last = edits[-1]
    action = last.action
    if action == Action.UNDO and last.undoes is not None:
        reverted = edits[last.undoes - 1].action
        key = f"change.undo.{reverted}"
    else:
        key = f"change.{action}"
    index = last.index if last.index is not None else -1
    # a hand taken out is named as it was, one put back or changed as it is
    removed = key in ("change.undo.add", "change.delete")
    points = hand_points(session, before if removed else after, index)
    text = session.t(key, number=index + 1, points=points)
    return session.t("change.other") if text == key else text


def change_and_offer(
    session: Session, use_case: Callable[[TableService], Changed[StoredMatch]]
) -> StoredMatch | None:
    """Make one change of the table's match, drawn at once, then name it
    with the way back offered: "Ripeti" after an undo, "Annulla" otherwise."""
    before = session.current()
    if before is None:
        return None
    after = session.apply(use_case)
    if after is None:
        return None
    edits = session.table.queries.edit_history(after.id)
    if not edits:
        return after
    text = change_text(session, before, after, edits)
    last = edits[-1]
    offers = session.drawing.offers
    if last.action == Action.UNDO:
        offers.make(text, session.t("act.redo"), lambda: redo(session, last.number))
    elif after.undo_target is not None:
        target = after.undo_target
        offers.make(text, session.t("act.undo"), lambda: undo_last(session, target))
    return after


def undo_last(session: Session, expected: int | None = None) -> None:
    """Undo the last change; with ``expected`` only if it is still that edit
    (another phone may have changed the match since this one drew it)."""
    stored = session.current()
    if stored is not None:
        change_and_offer(
            session, lambda table: table.undo(stored.id, expected=expected)
        )


def redo(session: Session, undo: int) -> None:
    """Make again the change that edit ``undo`` (an undo) reverted."""
    stored = session.current()
    if stored is not None:
        change_and_offer(session, lambda table: table.redo(stored.id, undo=undo))


def delete_hand(session: Session, index: int, shown: Hand) -> None:
    """Delete hand ``index`` at once, only if it is still ``shown`` (the hand
    this phone's breakdown showed: another phone may have changed the match
    since), and offer its Annulla."""
    stored = session.current()
    if stored is None:
        return
    session.page.pop_dialog()  # the hand's breakdown
    change_and_offer(
        session,
        lambda table: table.delete_hand(stored.id, index, expected=shown),
    )


def open_correction(session: Session, stored: StoredMatch, index: int) -> None:
    """Correct hand ``index`` of ``stored``, on that hand as saved."""
    session.states.put(EntryState.open_edit(stored, index))
    session.go(routes.CORRECT)
