"""Deleting a match (confirmed, with Annulla), the deleted matches
(``/storico/eliminate``) with Ripristina, and compacting the history.
"""

from __future__ import annotations

import flet as ft

from scorekeeper.storage.repository import MatchSummary
from scorekeeper.ui import routes
from scorekeeper.ui.kit.formatting import status_line, when
from scorekeeper.ui.kit.widgets import (
    TOUCH_TARGET,
    big_button,
    full_width,
    screen,
    semantic,
)
from scorekeeper.ui.parts.deleting import restore_match
from scorekeeper.ui.parts.questions import confirm, message_line, say
from scorekeeper.ui.shell.session import Session


def _say(session: Session, sentence: str) -> None:
    say(session, sentence)


def compact(session: Session) -> None:
    """Erase the deleted matches for good, and say how many."""
    session.apply(
        lambda table: table.compact_history(),
        done=lambda n: _say(session, session.t("hist.compacted", n=n)),
        failed=lambda error: _say(session, session.error_text(error)),
    )


def deleted_row(session: Session, s: MatchSummary) -> ft.Control:
    a, b = s.sides
    deleted = when(session, s.deleted_at) if s.deleted_at else "?"

    def restore(_: object) -> None:
        restore_match(session, s.id)

    return semantic(
        f"deleted-row-{s.id}",
        ft.Container(
            padding=ft.Padding.symmetric(vertical=8, horizontal=8),
            border=ft.Border.only(bottom=ft.BorderSide(1, ft.Colors.OUTLINE_VARIANT)),
            content=ft.Column(
                spacing=4,
                controls=[
                    ft.Text(
                        f"{a} {s.totals[0]} - {s.totals[1]} {b}",
                        weight=ft.FontWeight.BOLD,
                    ),
                    ft.Text(
                        f"{when(session, s.created)} · {status_line(session, s)} · "
                        + session.t("hist.deleted_at", date=deleted)
                    ),
                    full_width(
                        f"deleted-restore-{s.id}",
                        ft.OutlinedButton(
                            content=session.t("hist.restore"),
                            icon=ft.Icons.RESTORE_FROM_TRASH,
                            height=TOUCH_TARGET,
                            on_click=restore,
                        ),
                    ),
                ],
            ),
        ),
    )


def deleted_view(session: Session) -> ft.View:
    """The deleted matches, each with "Ripristina"; "Compatta storico" below."""
    items = session.table.queries.deleted_matches()
    rows: list[ft.Control] = [deleted_row(session, s) for s in items]
    if not items:
        rows.append(ft.Text(session.t("hist.deleted_empty")))

    def compact_(_: object = None) -> None:
        compact(session)

    controls = [message_line(session), *rows, ft.Divider()]
    if items:
        controls += [
            ft.Text(session.t("hist.compact_help"), size=13),
            big_button(
                "deleted-compact",
                session.t("hist.compact"),
                lambda: confirm(
                    session, session.t("hist.compact_confirm", n=len(items)), compact_
                ),
                icon=ft.Icons.DELETE_FOREVER,
                kind="outlined",
            ),
        ]
    return screen(
        routes.DELETED,
        session.t("hist.deleted"),
        controls,
        spacing=8,
        horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
    )
