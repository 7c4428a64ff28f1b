"""The Flet app shell: the route registry and ``main(page)`` for each session.

Every route maps to one screen builder ``(session) -> ft.View`` of
:mod:`scorekeeper.ui.screens`; :func:`create_main` binds one table service and
one mode to the ``main(page)`` that ``ft.run`` calls once per browser session.
How the pieces fit is told in ``ARCHITECTURE.md``.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import flet as ft

from scorekeeper.table import Mode, TableService
from scorekeeper.table.mode import SERVER
from scorekeeper.ui import routes
from scorekeeper.ui.access.table_code import Gate
from scorekeeper.ui.screens.club import seat as club_seat
from scorekeeper.ui.screens.club.state import ClubSeating, ClubState
from scorekeeper.ui.screens.home import view as home
from scorekeeper.ui.shell.context_page import take_link
from scorekeeper.ui.shell.phone_choice import take_choices
from scorekeeper.ui.shell.session import ScreenBuilder, Session, Settle


class Lazy:
    """A screen's builder (or settle) whose module is imported at its first
    call: a start imports only what home draws (issue 27: the browser build
    opened 83 modules later, ~20 % of the app's imports, measured in Pyodide).
    ``load`` imports the module; ``name`` is the function in it."""

    def __init__(self, load: Callable[[], ModuleType], name: str) -> None:
        self.load = load
        self.name = name
        self._function: Callable[[Any], Any] | None = None

    def function(self) -> Callable[[Any], Any]:
        if self._function is None:
            self._function = getattr(self.load(), self.name)
        return self._function

    def __call__(self, session: Any) -> Any:
        return self.function()(session)

    def __repr__(self) -> str:
        return f"Lazy({self.load.__name__}, {self.name!r})"


# One loader per screen module; each import is plain, so the import graph
# (tests/unit/test_imports.py) sees every edge.
def _new_match() -> ModuleType:
    from scorekeeper.ui.screens.new_match import view as new_match

    return new_match


def _scoreboard() -> ModuleType:
    from scorekeeper.ui.screens.scoreboard import view as scoreboard

    return scoreboard


def _hand_entry() -> ModuleType:
    from scorekeeper.ui.screens.hand_entry import view

    return view


def _hand_entry_actions() -> ModuleType:
    from scorekeeper.ui.screens.hand_entry import actions

    return actions


def _live_tally() -> ModuleType:
    from scorekeeper.ui.screens.live_tally import view as live_tally

    return live_tally


def _history() -> ModuleType:
    from scorekeeper.ui.screens.history import view as history

    return history


def _match_detail() -> ModuleType:
    from scorekeeper.ui.screens.match_detail import view as match_detail

    return match_detail


def _correction() -> ModuleType:
    from scorekeeper.ui.screens.hand_entry import correction

    return correction


def _deleted() -> ModuleType:
    from scorekeeper.ui.screens.deleted import view as deleted

    return deleted


def _stats() -> ModuleType:
    from scorekeeper.ui.screens.stats import view as stats

    return stats


def _leaderboard() -> ModuleType:
    from scorekeeper.ui.screens.leaderboard import view as leaderboard

    return leaderboard


def _rating_board() -> ModuleType:
    from scorekeeper.ui.shell import rating_board

    return rating_board


def _trainer() -> ModuleType:
    from scorekeeper.ui.screens.trainer import view

    return view


def _demo() -> ModuleType:
    from scorekeeper.ui.screens.demo import view

    return view


def _rules() -> ModuleType:
    from scorekeeper.ui.screens.rules import view as rules

    return rules


def _settings() -> ModuleType:
    from scorekeeper.ui.screens.settings import view as settings

    return settings


def _connect() -> ModuleType:
    from scorekeeper.ui.screens.connect import view as connect

    return connect


def _board() -> ModuleType:
    from scorekeeper.ui.screens.board import view as board

    return board


def _code() -> ModuleType:
    from scorekeeper.ui.screens.code import view as code

    return code


def _club() -> ModuleType:
    from scorekeeper.ui.screens.club import view

    return view


def _roster() -> ModuleType:
    from scorekeeper.ui.screens.club import roster

    return roster


def _night() -> ModuleType:
    from scorekeeper.ui.screens.club import night

    return night


def _share_match() -> ModuleType:
    from scorekeeper.ui.parts import share as share_match

    return share_match


BOARD = Lazy(_board, "board_view")


def board_or_club(session: Session) -> ft.View:
    """The board of the table's match; a club night's board (its code
    presented) shows that night instead."""
    night = session.states.of(ClubState).board
    if night is not None:
        # a club board's first draw imports it (a start imports what home draws)
        from scorekeeper.ui.screens.club.tv import club_board_view

        return club_board_view(session, night)
    return BOARD(session)


def home_or_seat(session: Session) -> ft.View:
    """Home; a phone seated at a club night's table sees that table instead."""
    seat = session.states.of(ClubState).seat
    if seat is not None:
        return club_seat.seat_view(session, seat)
    return home.home_view(session)


SCREENS: dict[str, ScreenBuilder] = {
    routes.NEW_MATCH: Lazy(_new_match, "new_match_view"),
    routes.MATCH: Lazy(_scoreboard, "scoreboard_view"),
    routes.HAND: Lazy(_hand_entry, "hand_entry_view"),
    routes.DECLARE: Lazy(_hand_entry, "declaration_view"),
    routes.LIVE: Lazy(_live_tally, "live_view"),
    routes.HISTORY: Lazy(_history, "history_view"),
    routes.DETAIL: Lazy(_match_detail, "detail_view"),
    routes.CORRECT: Lazy(_correction, "correction_view"),
    routes.DELETED: Lazy(_deleted, "deleted_view"),
    routes.STATS: Lazy(_stats, "stats_view"),
    routes.LEADERBOARD: Lazy(_leaderboard, "leaderboard_view"),
    routes.TRAINER: Lazy(_trainer, "trainer_view"),
    routes.DEMO: Lazy(_demo, "demo_view"),
    routes.RULES: Lazy(_rules, "rules_view"),
    routes.SETTINGS: Lazy(_settings, "settings_view"),
    routes.CONNECT: Lazy(_connect, "connect_view"),
    routes.BOARD: board_or_club,
    routes.CLUB: Lazy(_club, "club_view"),
    routes.CLUB_NEW: Lazy(_club, "new_view"),
    routes.CLUB_NIGHT: Lazy(_night, "night_view"),
    routes.CLUB_CARDS: Lazy(_night, "cards_view"),
    routes.CLUB_ROSTER: Lazy(_roster, "roster_view"),
}
"""Every screen but home, which is always at the bottom of the view stack."""

SETTLE: dict[str, Settle] = {
    routes.HAND: Lazy(_hand_entry_actions, "settle"),
    routes.DECLARE: Lazy(_hand_entry_actions, "settle"),
    routes.MATCH: Lazy(_hand_entry_actions, "stop_counting"),
    routes.STATS: Lazy(_stats, "settle"),
    routes.LEADERBOARD: Lazy(_rating_board, "settle"),
    routes.NEW_MATCH: Lazy(_rating_board, "settle"),
    routes.TRAINER: Lazy(_trainer, "settle"),
}
"""The screens whose state is made to fit the table before each draw (the
builders themselves change nothing)."""

VANISHED = {routes.DETAIL: Lazy(_match_detail, "vanished")}
"""The screens that may have nothing left to show (Back lands on the parent)."""

GATE_SCREENS = (Lazy(_code, "code_view"), board_or_club)
PHONE_GONE = Lazy(_hand_entry_actions, "stop_counting")
"""What a phone whose tab closed does (``page.on_disconnect``)."""
"""The table code's screen and the board a code-less phone may see."""
RESIZED = Lazy(_board, "resized")
"""What a window made larger or smaller does (``page.on_resize``)."""


async def first_asks(session: Session) -> None:
    """What a session asks its browser: the phone's own language and theme,
    before its first screen is drawn (whatever the answers), then a shared
    link."""
    try:
        await take_choices(session)
    finally:
        session.show_first()
    await open_shared_link(session)


async def open_shared_link(session: Session) -> None:
    """Show the match a link left for this page (once), if any: its screen's
    module is imported only then, so the first tap after home does not wait
    for it (a first visit's tap on Impostazioni timed out waiting under load)."""
    if not session.admitted:
        return  # the link waits in the page's storage until the code is given
    link = await take_link(session)
    if link is not None:
        _share_match().show_shared(session, link)


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
            routes.CLUB_ROSTER,
        ):
            del offered[route]  # a club night is many phones on one server
    return offered


def new_session(
    page: ft.Page, table: TableService, mode: Mode = SERVER, access: Gate | None = None
) -> Session:
    """A session of ``page`` on ``table`` with the screens of ``mode``; with
    ``access`` it shows nothing until the table code is presented."""
    session = Session(
        page,
        table,
        mode,
        screens_of(mode),
        home_or_seat,
        access=access,
        gate_screens=GATE_SCREENS,
        settle=SETTLE,
        seating=ClubSeating(),
        vanished=VANISHED,
    )
    # A closed tab counts no hand from that moment: without this the others
    # read "un altro telefono sta contando" for counting.FRESH (2 min) more.
    page.on_disconnect = lambda _e: PHONE_GONE(session)
    page.on_resize = lambda _e: RESIZED(session)
    return session


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
        page.run_task(first_asks, session)

    return main
