"""The home screen: what the storage did on its own (until dismissed), resume the
match being played, the four entries, the language."""

from __future__ import annotations

from functools import partial
from pathlib import PurePath

import flet as ft

from scorekeeper.i18n import LANGUAGES
from scorekeeper.storage import StorageWarning
from scorekeeper.ui import routes
from scorekeeper.ui.events import choice_of
from scorekeeper.ui.phone_choice import choose_language
from scorekeeper.ui.screens.club import seat as club
from scorekeeper.ui.session import Session
from scorekeeper.ui.widgets import (
    big_button,
    full_width,
    initials,
    screen,
    semantic,
)


# -- resume (home) -------------------------------------------------------------
def resume_controls(session: Session) -> list[ft.Control]:
    """Home's one-tap resume of the match in progress (nothing when none)."""
    stored = session.current()
    if stored is None or stored.abandoned or stored.state.decided:
        return []
    state = stored.state
    setup = state.setup
    # Initials for a long name: two 40-character names did not fit the 56 px
    # button and were cut at its top and bottom.
    text = session.t(
        "home.resume",
        side1=initials(setup.side_name(0)),
        side2=initials(setup.side_name(1)),
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
    """The home screen: resume the match being played, the entries, the
    language switch; a phone seated at a club table sees that table instead."""
    seat = session.states.club.seat
    if seat is not None:
        return club.seat_view(session, seat)
    language = ft.SegmentedButton(
        segments=[
            ft.Segment(value=lang, label=session.t(f"language.{lang}"))
            for lang in LANGUAGES
        ],
        selected=[session.lang],
        show_selected_icon=False,
        # a 40 px segment + 16 px of padding: a 56 px touch target
        style=ft.ButtonStyle(padding=ft.Padding.symmetric(vertical=16, horizontal=12)),
        on_change=lambda e: choose_language(session, choice_of(e)[0]),
    )
    buttons = [
        ("home.new_match", ft.Icons.PLAY_ARROW, routes.NEW_MATCH, "home-new-match"),
        ("home.history", ft.Icons.HISTORY, routes.HISTORY, "home-history"),
        ("home.rules", ft.Icons.MENU_BOOK, routes.RULES, "home-rules"),
        ("home.settings", ft.Icons.SETTINGS, routes.SETTINGS, "home-settings"),
    ]
    if session.mode.other_phones:  # a club night: many phones, one server
        buttons.insert(
            1, ("home.club", ft.Icons.EMOJI_EVENTS, routes.CLUB, "home-club")
        )
    return screen(
        routes.HOME,
        session.t("app.title"),
        [
            *data_notice(session),
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


def _file_name(warning: StorageWarning, param: str) -> str:
    """The name, without its folders, of the file a notice's ``param`` gives."""
    value = warning.params.get(param)
    return PurePath(str(value)).name if value else "?"


def notice_text(session: Session, warning: StorageWarning) -> str:
    """What the storage did on its own, in the session's language (file
    names without their folders; a code without its own sentence gets the
    storage's English message)."""
    key = f"notice.{warning.code}"
    text = session.t(
        key,
        file=_file_name(warning, "path"),
        moved=_file_name(warning, "moved_to"),
        backup=_file_name(warning, "backup"),
    )
    if text == key:
        text = session.t("notice.generic", code=warning.code, message=warning.message)
    return text


def data_notice(session: Session) -> list[ft.Control]:
    """The storage's notices this phone has not dismissed: a damaged file moved
    aside, drafts dropped, a step to retry (printed on the server's console
    too, in English), each sentence once. "Ho capito" hides those shown, on
    this phone (one that comes meanwhile stays)."""
    warnings = list(session.table.warnings)
    shown = len(warnings)
    notices = warnings[session.states.notices_seen :]
    # an index moved aside is rebuilt at once: its "rebuilt" notice says it all
    rebuilt = {_file_name(w, "path") for w in notices if w.code == "rebuilt_index"}
    lines = list(
        dict.fromkeys(
            notice_text(session, w)
            for w in notices
            if not (w.code == "moved_aside" and _file_name(w, "path") in rebuilt)
        )
    )
    if not lines:
        return []

    def dismiss() -> None:
        session.states.notices_seen = shown
        session.render()

    return [
        semantic(
            "home-data-notice",
            ft.Column(
                spacing=4,
                controls=[
                    ft.Text(session.t("notice.title"), weight=ft.FontWeight.BOLD),
                    *(ft.Text(line) for line in lines),
                ],
            ),
        ),
        big_button(
            "home-data-notice-ok",
            session.t("notice.ok"),
            dismiss,
            icon=ft.Icons.CHECK,
            kind="outlined",
        ),
    ]
