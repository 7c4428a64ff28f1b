"""A correction says what it does to the result before it is stored (issue
35): "Con questa correzione vince Bruno, 32 a 31", asked once; Annulla
changes nothing. The same when a correction made during a match ends it, or
opens a finished one again. A correction that leaves the result as it was
saves at once, as any hand does. The outcome is the core's
(``engine.correction_outcome``); nothing is added up here.
"""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from scorekeeper.core.engine import (
    CorrectionOutcome,
    Ending,
    ResultChange,
    correction_outcome,
)
from scorekeeper.core.model import Hand
from scorekeeper.core.problems import MatchError
from scorekeeper.storage import StorageError, StoredMatch
from scorekeeper.ui.access.event_guard import show_dialog
from scorekeeper.ui.kit.widgets import dialog_button, semantic
from scorekeeper.ui.screens.hand_entry.actions import replace_taken, save_hand
from scorekeeper.ui.screens.hand_entry.state import Edit, EntryState
from scorekeeper.ui.shell.session import Session


def outcome_text(session: Session, outcome: CorrectionOutcome) -> str:
    """The new result in one sentence, in the phone's language."""
    after = outcome.after
    setup = after.setup
    if outcome.change is ResultChange.REOPENS:
        if after.totals[0] == after.totals[1]:  # at or past the target
            return session.t("correct.result_tie_break", total=after.totals[0])
        return session.t(
            "correct.result_reopens",
            first=setup.side_name(0),
            a=after.totals[0],
            second=setup.side_name(1),
            b=after.totals[1],
        )
    winner = after.winner
    assert winner is not None, "a correction that ends a match has a winner"
    pair = len(setup.side_players(winner)) > 1
    wins = session.t(
        "correct.wins_pair" if pair else "correct.wins",
        name=setup.side_name(winner),
    )
    score = {"won": after.totals[winner], "lost": after.totals[1 - winner]}
    last = after.hands[-1].declaration
    if after.ending is Ending.DECLARATION_WRONG and last is not None:
        return session.t(
            "correct.result_declared_wrongly", by=last.by, wins=wins, **score
        )
    key = (
        "correct.result_ends"
        if outcome.change is ResultChange.ENDS
        else "correct.result_winner"
    )
    return session.t(key, wins=wins, **score)


def _said(session: Session, stored: StoredMatch, index: int, hand: Hand) -> str | None:
    """What storing ``hand`` as hand ``index`` of ``stored`` does to the
    result, or ``None`` when it leaves it as it was. A hand the match cannot
    take is not asked about: the save refuses it and says why."""
    try:
        outcome = correction_outcome(stored.match, index, hand, stored.state)
    except MatchError:
        return None
    return None if outcome is None else outcome_text(session, outcome)


def _ask(session: Session, text: str, store: Callable[[], None]) -> None:
    """The new result and the question; only "Salva la correzione" stores."""

    def confirmed() -> None:
        session.page.pop_dialog()
        store()

    show_dialog(
        session,
        ft.AlertDialog(
            modal=True,
            title=ft.Text(session.t("correct.result_title")),
            content=semantic("correct-result", ft.Text(text)),
            actions=[
                dialog_button(
                    "correct-result-cancel",
                    session.t("act.cancel"),
                    session.page.pop_dialog,
                ),
                dialog_button(
                    "correct-result-save",
                    session.t("correct.result_save"),
                    confirmed,
                    filled=True,
                ),
            ],
        ),
    )


def save_checked(session: Session) -> None:
    """Save: a new hand at once; a correction that changes the result once
    the player has read the new result and confirmed it."""
    entry = session.states.find(EntryState)
    if entry is None or not isinstance(entry.target, Edit):
        save_hand(session)
        return
    try:
        stored = session.table.queries.get_match(entry.match_id)
    except StorageError:  # gone meanwhile: the save says so
        save_hand(session)
        return
    index = entry.target.index
    hands = stored.match.hands
    if index >= len(hands) or hands[index] != entry.target.original:
        save_hand(session)  # changed on another phone: the save refuses it
        return
    text = _said(session, stored, index, entry.draft.to_hand())
    if text is None:
        save_hand(session)
    else:
        _ask(session, text, lambda: save_hand(session))


def replace_checked(
    session: Session, stored: StoredMatch, index: int, shown: Hand
) -> None:
    """Replace the hand another phone saved with this phone's entries: asked
    first, like a correction, when that changes the result."""
    entry = session.states.find(EntryState)
    text = (
        None if entry is None else _said(session, stored, index, entry.draft.to_hand())
    )
    if text is None:
        replace_taken(session, stored, index, shown)
    else:
        _ask(session, text, lambda: replace_taken(session, stored, index, shown))
