"""Deleting a match (confirmed, with Annulla for a few seconds) and bringing
it back: the match's page offers it, the deleted matches' screen restores."""

from __future__ import annotations

import flet as ft

from scorekeeper.storage import StorageError, StoredMatch
from scorekeeper.ui import routes
from scorekeeper.ui.kit.widgets import big_button
from scorekeeper.ui.parts.questions import Said, confirm, say
from scorekeeper.ui.screens.match_detail.state import show_match
from scorekeeper.ui.shell.session import Session


def delete_match(session: Session, match_id: str) -> StoredMatch | None:
    """Delete the match (a tombstone), back to the history, and offer its
    "Annulla" there for a few seconds (``ui/shell/offers.py``): it restores this
    match, nothing else. The table service moves the table off it."""

    def deleted(_: StoredMatch) -> None:
        show_match(session, None)
        session.states.drop(Said)

    done = session.apply(
        lambda table: table.delete_match(match_id),
        routes.HISTORY,
        done=deleted,
        failed=lambda error: _say(session, session.error_text(error)),
    )
    if done is not None:  # on the history, drawn: the offer belongs there
        session.drawing.offers.make(
            session.t("hist.deleted_snack"),
            session.t("hist.undo"),
            lambda: restore_match(session, match_id),
        )
    return done


def restore_match(session: Session, match_id: str) -> None:
    """Bring a deleted match back and say so."""

    def failed(error: Exception) -> None:
        restored_meanwhile = (  # by the other button, or another phone
            isinstance(error, StorageError) and error.code == "not_deleted"
        )
        _say(
            session,
            session.t("hist.restored")
            if restored_meanwhile
            else session.error_text(error),
        )

    session.apply(
        lambda table: table.restore_match(match_id),
        done=lambda _: _say(session, session.t("hist.restored")),
        failed=failed,
    )


def _say(session: Session, sentence: str) -> None:
    say(session, sentence)


def delete_button(session: Session, match_id: str) -> ft.Control:
    return big_button(
        "detail-delete",
        session.t("detail.delete"),
        lambda: confirm(
            session,
            session.t("detail.delete_confirm"),
            lambda: delete_match(session, match_id),
        ),
        icon=ft.Icons.DELETE_OUTLINE,
        kind="outlined",
    )
