"""The declaration says what it will do before it ends the match (issue 23):
"Con questa mano Anna arriva a 33: la dichiarazione è giusta, Anna vince",
under the captures as they are typed, and again in the one deliberate
confirmation ("Chiudi la partita") that saves it. The verdict is the core's
(``engine.declaration_verdict``); nothing is added up here.
"""

from __future__ import annotations

import flet as ft

from scorekeeper.core.engine import declaration_verdict
from scorekeeper.core.problems import HandError
from scorekeeper.storage import StoredMatch
from scorekeeper.table.hand_draft import HandDraft
from scorekeeper.ui.access.event_guard import show_dialog
from scorekeeper.ui.kit.widgets import dialog_button
from scorekeeper.ui.screens.hand_entry.actions import save_hand
from scorekeeper.ui.screens.hand_entry.state import EntryState
from scorekeeper.ui.shell.session import Session


def verdict_text(session: Session, stored: StoredMatch, draft: HandDraft) -> str | None:
    """What saving ``draft`` as the declaration would decide, in a sentence;
    ``None`` while it is not a valid declaration yet."""
    hand = draft.to_hand()
    setup = stored.match.setup
    if hand.declaration is None or not draft.complete or draft.problems(setup):
        return None
    try:
        verdict = declaration_verdict(stored.match, hand, stored.state)
    except HandError:  # not a hand the match takes: its problems show
        return None
    key = "declare.verdict_right" if verdict.correct else "declare.verdict_wrong"
    return session.t(
        key,
        by=verdict.by,
        total=verdict.total,
        target=verdict.target,
        winner=stored.match.setup.side_name(verdict.winner),
    )


def confirm_declaration(session: Session) -> None:
    """Ask once, with the verdict, before the declaration ends the match."""
    stored, entry = session.current(), session.states.find(EntryState)
    if stored is None or entry is None:
        return
    text = verdict_text(session, stored, entry.draft)
    if text is None:
        return

    def end() -> None:
        session.page.pop_dialog()
        save_hand(session)

    show_dialog(
        session,
        ft.AlertDialog(
            modal=True,
            title=ft.Text(session.t("declare.end_title")),
            content=ft.Text(text),
            actions=[
                dialog_button(
                    "declare-back", session.t("act.cancel"), session.page.pop_dialog
                ),
                dialog_button(
                    "declare-end", session.t("declare.end"), end, filled=True
                ),
            ],
        ),
    )
