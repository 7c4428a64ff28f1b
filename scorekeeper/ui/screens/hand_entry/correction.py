"""A hand of a stored match corrected from the history's match detail
(``/storico/partita/mano``), like a hand of the match being played (issue
23): the same entry (``hand_entry.view.entry_view``) on that match, saved
through ``TableService.correct_hand`` (the edit log records it; the winner,
the statistics and the series follow from the hands; the history row says
"corretta"). The table stays on the match being played.
"""

from __future__ import annotations

import contextlib

import flet as ft

from scorekeeper.storage import StorageError, StoredMatch
from scorekeeper.ui import routes
from scorekeeper.ui.kit.widgets import big_button, screen, semantic
from scorekeeper.ui.screens.hand_entry.state import Edit, EntryState
from scorekeeper.ui.screens.hand_entry.view import entry_view
from scorekeeper.ui.shell.session import Session


def _corrected_match(session: Session) -> StoredMatch | None:
    entry = session.states.find(EntryState)
    if entry is None or not isinstance(entry.target, Edit):
        return None
    with contextlib.suppress(StorageError):  # deleted meanwhile: nothing to do
        stored = session.table.queries.get_match(entry.match_id)
        if entry.belongs_to(stored, entry.declaring):
            return stored
    return None


def correction_view(session: Session) -> ft.View:
    """The entry of the hand being corrected; if there is none (a reload, the
    hand changed on another phone, the match deleted), says so."""
    stored = _corrected_match(session)
    entry = session.states.find(EntryState)
    if stored is None or entry is None:
        return screen(
            routes.CORRECT,
            session.t("correct.title"),
            [
                semantic("correct-gone", ft.Text(session.t("correct.gone"))),
                big_button(
                    "correct-back",
                    session.t("correct.back"),
                    lambda: session.go(routes.DETAIL),
                    icon=ft.Icons.ARROW_BACK,
                    kind="outlined",
                ),
            ],
        )
    return entry_view(session, stored, entry, routes.CORRECT, stopped=entry.declaring)
