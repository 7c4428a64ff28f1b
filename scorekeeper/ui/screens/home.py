"""The home screen: resume the match being played, the four entries, the language."""

from __future__ import annotations

from functools import partial

import flet as ft

from scorekeeper.i18n import LANGUAGES
from scorekeeper.ui import routes
from scorekeeper.ui.events import choice_of
from scorekeeper.ui.session import Session
from scorekeeper.ui.widgets import (
    big_button,
    full_width,
    screen,
    shorten,
)


# -- resume (home) -------------------------------------------------------------
def resume_controls(session: Session) -> list[ft.Control]:
    """Home's one-tap resume of the match in progress (nothing when none)."""
    stored = session.current()
    if stored is None or stored.abandoned or stored.state.decided:
        return []
    state = stored.state
    setup = state.setup
    # Shortened names: two 40-character names did not fit the 56 px button
    # and were cut at its top and bottom.
    text = session.t(
        "home.resume",
        side1=shorten(setup.side_name(0)),
        side2=shorten(setup.side_name(1)),
        total1=state.totals[0],
        total2=state.totals[1],
    )
    return [
        big_button(
            "home-resume",
            text,
            lambda: session.go(routes.MATCH),
            icon=ft.Icons.PLAY_CIRCLE,
        )
    ]


def home_view(session: Session) -> ft.View:
    """The home screen: resume the match being played, the four entries, the
    language switch."""
    language = ft.SegmentedButton(
        segments=[
            ft.Segment(value=lang, label=session.t(f"language.{lang}"))
            for lang in LANGUAGES
        ],
        selected=[session.lang],
        show_selected_icon=False,
        # a 40 px segment + 16 px of padding: a 56 px touch target
        style=ft.ButtonStyle(padding=ft.Padding.symmetric(vertical=16, horizontal=12)),
        on_change=lambda e: session.set_language(choice_of(e)[0]),
    )
    buttons = [
        ("home.new_match", ft.Icons.PLAY_ARROW, routes.NEW_MATCH, "home-new-match"),
        ("home.history", ft.Icons.HISTORY, routes.HISTORY, "home-history"),
        ("home.rules", ft.Icons.MENU_BOOK, routes.RULES, "home-rules"),
        ("home.settings", ft.Icons.SETTINGS, routes.SETTINGS, "home-settings"),
    ]
    return screen(
        routes.HOME,
        session.t("app.title"),
        [
            *resume_controls(session),
            *backup_reminder(session),
            *(
                big_button(
                    ident, session.t(key), partial(session.go, route), icon, "plain"
                )
                for key, icon, route, ident in buttons
            ),
            ft.Divider(),
            ft.Row(
                controls=[
                    ft.Icon(ft.Icons.LANGUAGE),
                    ft.Text(session.t("home.language")),
                ]
            ),
            full_width("home-language", language),
        ],
    )


def backup_reminder(session: Session) -> list[ft.Control]:
    """A gentle line when ten finished matches are in no exported copy (only
    where the storage may be evicted: the browser build)."""
    if not session.mode.backups_in_settings or not session.table.backup_due():
        return []
    return [
        big_button(
            "home-backup-due",
            session.t("home.backup_due", n=session.table.unexported_finished()),
            lambda: session.go(routes.SETTINGS),
            icon=ft.Icons.SAVE_ALT,
            kind="outlined",
        )
    ]
