"""The home screen: what the storage did on its own (until dismissed), the match
being played and the last results a tap away, a new match, the other screens,
the language."""

from __future__ import annotations

from functools import partial
from pathlib import PurePath

import flet as ft

from scorekeeper.i18n import LANGUAGES
from scorekeeper.storage import StorageWarning
from scorekeeper.storage.repository import MatchSummary
from scorekeeper.ui import routes
from scorekeeper.ui.kit.formatting import when
from scorekeeper.ui.kit.widgets import (
    TOUCH_TARGET,
    big_button,
    full_width,
    heading,
    initials,
    rows_of,
    screen,
    semantic,
)
from scorekeeper.ui.screens.home.state import HomeState
from scorekeeper.ui.screens.match_detail.state import open_match
from scorekeeper.ui.shell.event_values import choice_of
from scorekeeper.ui.shell.phone_choice import choose_language
from scorekeeper.ui.shell.session import Session

RECENT = 3
"""How many of the last matches home shows (the rest are in Storico)."""

WIDE: dict[str | ft.ResponsiveRowBreakpoint, int | float] = {"xs": 12, "md": 6}
"""A column of home on a phone (the whole width) and on a laptop (half)."""


# -- the match being played and the last results --------------------------------
def resume_controls(session: Session) -> list[ft.Control]:
    """Home's one-tap way back to the match in progress (nothing when none)."""
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


def open_result(session: Session, match_id: str) -> None:
    """A match's page, as Storico opens it (its back arrow leads to Storico)."""
    open_match(session, match_id)


def result_line(session: Session, s: MatchSummary) -> str:
    """When a match was played and who won it (how it stands if it was not
    won): the rest is on its page."""
    if s.status == "won" and s.winner_name is not None:
        result = session.t("hist.won_by", name=s.winner_name)
    else:
        result = session.t(f"hist.status.{s.status}")
    return f"{when(session, s.created)} · {result}"


def recent_row(session: Session, s: MatchSummary) -> ft.Control:
    """One of the last matches: its score, when, who won; a tap opens it."""
    a, b = s.sides
    return full_width(
        f"home-recent-{s.id}",
        ft.Container(
            content=ft.Column(
                spacing=2,
                controls=[
                    ft.Text(
                        f"{a} {s.totals[0]} - {s.totals[1]} {b}",
                        weight=ft.FontWeight.BOLD,
                    ),
                    ft.Text(
                        result_line(session, s), color=ft.Colors.ON_SURFACE_VARIANT
                    ),
                ],
            ),
            padding=ft.Padding.symmetric(vertical=8, horizontal=8),
            border=ft.Border.only(bottom=ft.BorderSide(1, ft.Colors.OUTLINE_VARIANT)),
            on_click=lambda _: open_result(session, s.id),
            ink=True,
        ),
    )


def recent_controls(session: Session, playing: str | None) -> list[ft.Control]:
    """The last matches but the one being played (``playing``: its id), newest
    first, each a tap from its page; nothing when there is none."""
    page = session.table.queries.list_history(limit=RECENT + 1)
    recent = [s for s in page.items if s.id != playing][:RECENT]
    if not recent:
        return []
    return [
        semantic("home-recent", heading(session.t("home.recent"))),
        *(recent_row(session, s) for s in recent),
    ]


# -- home -------------------------------------------------------------------------
def actions(session: Session, playing: bool) -> list[ft.Control]:
    """A new match (the main action when none is being played), then the ways
    to the other screens two to a row."""
    ways = [
        ("home.history", ft.Icons.HISTORY, routes.HISTORY, "home-history"),
        ("ranking.open", ft.Icons.LEADERBOARD, routes.LEADERBOARD, "home-ranking"),
        ("home.rules", ft.Icons.MENU_BOOK, routes.RULES, "home-rules"),
        ("trainer.open", ft.Icons.SCHOOL, routes.TRAINER, "home-trainer"),
        ("home.settings", ft.Icons.SETTINGS, routes.SETTINGS, "home-settings"),
    ]
    if session.mode.other_phones:  # a club night: many phones, one server
        ways.append(("home.club", ft.Icons.EMOJI_EVENTS, routes.CLUB, "home-club"))
    buttons: list[ft.Control] = [
        semantic(
            ident,
            ft.Button(
                content=session.t(key),
                icon=icon,
                height=TOUCH_TARGET,
                on_click=lambda _, route=route: session.go(route),
            ),
            expand=True,
        )
        for key, icon, route, ident in ways
    ]
    return [
        big_button(
            "home-new-match",
            session.t("home.new_match"),
            partial(session.go, routes.NEW_MATCH),
            icon=ft.Icons.ADD if playing else ft.Icons.PLAY_ARROW,
            kind="outlined" if playing else "filled",
        ),
        rows_of(buttons, per_row=2, spacing=12),
    ]


def language_switch(session: Session) -> ft.Control:
    """This phone's language, in one row (``ui/shell/phone_choice.py``)."""
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
    return ft.Row(
        controls=[
            ft.Icon(ft.Icons.LANGUAGE, tooltip=session.t("home.language")),
            semantic("home-language", language, expand=True),
        ]
    )


def home_view(session: Session) -> ft.View:
    """The home screen: the match being played and the last results first,
    then a new match, the other screens and the language; a phone seated at
    a club table sees that table instead. On a laptop the matches and the
    actions stand side by side."""
    resume = resume_controls(session)
    current = session.current()
    playing = current.id if resume and current is not None else None
    matches = [*resume, *recent_controls(session, playing)]
    rest = [*actions(session, bool(resume)), ft.Divider(), language_switch(session)]
    columns: list[ft.Control] = [
        ft.Column(controls=part, spacing=12, col=WIDE)
        for part in (matches, rest)
        if part
    ]
    return screen(
        routes.HOME,
        session.t("app.title"),
        [
            *data_notice(session),
            *backup_reminder(session),
            ft.ResponsiveRow(
                controls=columns,
                spacing=24,
                run_spacing=12,
                alignment=ft.MainAxisAlignment.CENTER,
            ),
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
    notices = warnings[session.states.of(HomeState).notices_seen :]
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
        session.states.of(HomeState).notices_seen = shown
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
