"""The Flet app shell: the route registry and ``main(page)`` for each session.

Every route maps to one screen builder ``(session) -> ft.View`` of
:mod:`scorekeeper.ui.screens`; :func:`create_main` binds one table service and
one mode to the ``main(page)`` that ``ft.run`` calls once per browser session.
How the pieces fit is told in ``ARCHITECTURE.md``.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import flet as ft

from scorekeeper.table import Mode, TableService
from scorekeeper.table.mode import SERVER
from scorekeeper.ui import routes
from scorekeeper.ui.access import Gate
from scorekeeper.ui.screens import (
    board,
    code,
    connect,
    correction,
    deleted,
    history,
    home,
    live_tally,
    match_detail,
    new_match,
    rules,
    scoreboard,
    settings,
    share_match,
    stats,
)
from scorekeeper.ui.screens.club import night
from scorekeeper.ui.screens.club import view as club
from scorekeeper.ui.screens.hand_entry import actions as hand_entry_actions
from scorekeeper.ui.screens.hand_entry import view as hand_entry
from scorekeeper.ui.session import ScreenBuilder, Session, Settle

SCREENS: dict[str, ScreenBuilder] = {
    routes.NEW_MATCH: new_match.new_match_view,
    routes.MATCH: scoreboard.scoreboard_view,
    routes.HAND: hand_entry.hand_entry_view,
    routes.DECLARE: hand_entry.declaration_view,
    routes.LIVE: live_tally.live_view,
    routes.HISTORY: history.history_view,
    routes.DETAIL: match_detail.detail_view,
    routes.CORRECT: correction.correction_view,
    routes.DELETED: deleted.deleted_view,
    routes.STATS: stats.stats_view,
    routes.RULES: rules.rules_view,
    routes.SETTINGS: settings.settings_view,
    routes.CONNECT: connect.connect_view,
    routes.BOARD: board.board_view,
    routes.CLUB: club.club_view,
    routes.CLUB_NEW: club.new_view,
    routes.CLUB_NIGHT: night.night_view,
    routes.CLUB_CARDS: night.cards_view,
}
"""Every screen but home, which is always at the bottom of the view stack."""

SETTLE: dict[str, Settle] = {
    routes.HAND: hand_entry_actions.settle,
    routes.DECLARE: hand_entry_actions.settle,
    routes.MATCH: hand_entry_actions.stop_counting,
    routes.STATS: stats.settle,
}
"""The screens whose state is made to fit the table before each draw (the
builders themselves change nothing)."""


def screens_of(mode: Mode) -> dict[str, ScreenBuilder]:
    """The screens ``mode`` offers (one phone: no "Collega un telefono")."""
    offered = dict(SCREENS)
    if not mode.other_phones:
        del offered[routes.CONNECT]
        del offered[routes.BOARD]
        for route in (
            routes.CLUB,
            routes.CLUB_NEW,
            routes.CLUB_NIGHT,
            routes.CLUB_CARDS,
        ):
            del offered[route]  # a club night is many phones on one server
    return offered


def new_session(
    page: ft.Page, table: TableService, mode: Mode = SERVER, access: Gate | None = None
) -> Session:
    """A session of ``page`` on ``table`` with the screens of ``mode``; with
    ``access`` it shows nothing until the table code is presented."""
    return Session(
        page,
        table,
        mode,
        screens_of(mode),
        home.home_view,
        access=access,
        gate_screens=(code.code_view, board.board_view),
        settle=SETTLE,
    )


def create_main(
    table: TableService | None = None,
    mode: Mode = SERVER,
    data_dir: Path | None = None,
    access: Gate | None = None,
) -> Callable[[ft.Page], None]:
    """Return the ``main(page)`` for ``ft.run``, bound to one table.

    Without ``table`` the repository on ``data_dir`` is opened at the first
    session; ``serve`` opens it before serving, to report a storage error.
    ``access``: the table code of a server that listens beyond loopback.
    """
    opened: list[TableService] = [] if table is None else [table]

    def main(page: ft.Page) -> None:
        if not opened:
            opened.append(TableService.open(data_dir))
        session = new_session(page, opened[0], mode, access)
        session.start()
        page.run_task(share_match.open_shared_link, session)

    return main
