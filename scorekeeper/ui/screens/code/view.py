"""The code screen: what a phone sees before it presents the table code.

Shown by ``Session.render`` instead of any screen while the session is not
admitted (``ui/access/table_code.py``); it shows no data of the table. Its handlers are
the only ones the guard (``ui/access/event_guard.py``) lets through before admission.
"""

from __future__ import annotations

import flet as ft

from scorekeeper.i18n import LANGUAGES
from scorekeeper.ui.access.event_guard import CODE_VIEW_KEY
from scorekeeper.ui.access.table_code import CODE_LENGTH, MAX_CODE_INPUT
from scorekeeper.ui.kit.widgets import big_button, error_banner, full_width, semantic
from scorekeeper.ui.shell.event_values import choice_of, text_of
from scorekeeper.ui.shell.session import Session


def code_view(session: Session) -> ft.View:
    """Ask for the table code (or the board's)."""

    def typed(e: ft.Event[ft.TextField]) -> None:
        session.admission.code_typed = text_of(e)[:MAX_CODE_INPUT]

    def enter() -> None:
        session.present_code(session.admission.code_typed)

    language = ft.SegmentedButton(
        segments=[
            ft.Segment(value=lang, label=session.t(f"language.{lang}"))
            for lang in LANGUAGES
        ],
        selected=[session.lang],
        show_selected_icon=False,
        on_change=lambda e: session.set_language(choice_of(e)[0]),
    )
    field = ft.TextField(
        # a code judged leaves an empty field (the same control kept the
        # wrong code on the screen: its value "" was never sent again)
        key=f"code-field-{session.admission.codes_judged}",
        label=session.t("code.field"),
        value=session.admission.code_typed,
        max_length=CODE_LENGTH + 4,
        capitalization=ft.TextCapitalization.CHARACTERS,
        autocorrect=False,
        enable_suggestions=False,
        text_size=28,
        on_change=typed,
        on_submit=lambda e: enter(),
    )
    view = ft.View(
        route="/",
        padding=16,
        spacing=16,
        scroll=ft.ScrollMode.AUTO,
        appbar=ft.AppBar(
            title=ft.Text(session.t("code.title")), automatically_imply_leading=False
        ),
        controls=[
            semantic(
                "code-ask",
                ft.Text(
                    # at a club night the code is on the table's card
                    session.t(
                        "code.ask_club" if session.table.club.night_on() else "code.ask"
                    ),
                    size=16,
                ),
            ),
            error_banner(session.admission.code_message),
            full_width("code-field", field),
            big_button("code-enter", session.t("code.enter"), enter, ft.Icons.LOGIN),
            ft.Divider(),
            full_width("code-language", language),
        ],
    )
    view.key = CODE_VIEW_KEY
    return view
