"""The club's TV board (issue 37, item 7): what a phone or a TV that
presented the board's code shows as its "Tabellone".

At a 1280x720 or 1920x1080 TV: the round's tables first (who plays at
which table, the totals as they come), then the night's standings, then
the season's (issue 38), in two columns a page, in type read from four
metres (``paging.py`` says how big and why). The pages turn by themselves
every :data:`paging.TURN_SECONDS`; while a round has just begun (no hand at
any table yet) only the tables' pages show. Each line's accessible name is
its whole sentence ("1. Anna: 3 V, 0 P, diff. +40, 93 punti"), the screen
shows it in columns."""

from __future__ import annotations

import asyncio
import logging
import weakref
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, replace
from functools import partial

import flet as ft

from scorekeeper.core.engine import Status, evaluate
from scorekeeper.core.tournament import Tournament, standings
from scorekeeper.core.tournament.season import SeasonError
from scorekeeper.storage.tournaments import StoredTournament
from scorekeeper.ui import routes
from scorekeeper.ui.kit.widgets import one_line, semantic
from scorekeeper.ui.screens.club import paging
from scorekeeper.ui.screens.club.paging import Gap, Geometry, Item, Title
from scorekeeper.ui.screens.club.state import ClubState
from scorekeeper.ui.screens.club.words import sides, stored_of
from scorekeeper.ui.shell.kept_parts import Keeper
from scorekeeper.ui.shell.session import Session

log = logging.getLogger(__name__)


def _a_while() -> Awaitable[None]:
    return asyncio.sleep(paging.TURN_SECONDS)


PAGE_TURN: Callable[[], Awaitable[None]] = _a_while
"""What the board waits for before it turns a page: :data:`paging.TURN_SECONDS`
(a test puts a condition of its own here)."""

MUTED = ft.Colors.ON_SURFACE_VARIANT


@dataclass(frozen=True)
class Line:
    """One line of the board: its identifier, its sentence (the accessible
    name), and what the columns show: a lead (a table's number, a rank), a
    name, figures right-aligned."""

    ident: str
    label: str
    lead: str
    name: str
    figures: tuple[str, ...] = ()
    strong: bool = False  # a finished match's totals


@dataclass(frozen=True)
class Block:
    """Lines under a title, with the figures' headings and widths (in type
    sizes)."""

    ident: str
    title: str
    lines: tuple[Line, ...]
    headings: tuple[str, ...] = ()
    widths: tuple[float, ...] = ()


# -- what the board says ---------------------------------------------------------------
def tables_block(session: Session, stored: StoredTournament) -> Block | None:
    """The newest round's tables: who plays where, the totals so far."""
    t = stored.tournament
    number = len(t.rounds)
    if not number:
        return None
    lines: list[Line] = []
    for tb in t.rounds[-1]:
        if tb.bye:
            name = t.entrant_name(tb.entrants[0])
            said = session.t("club.status.bye", name=name)
            lines.append(
                Line(
                    f"club-board-table-{tb.number}",
                    said,
                    str(tb.number),
                    name,
                    (session.t("club.board_bye"),),
                )
            )
            continue
        state = None if tb.match is None else evaluate(tb.match)
        totals = (0, 0) if state is None else state.totals
        started = state is not None and bool(state.hands)
        figures = (f"{totals[0]}-{totals[1]}",) if started else ("",)
        lines.append(
            Line(
                f"club-board-table-{tb.number}",
                session.t(
                    "club.board_table",
                    table=tb.number,
                    sides=sides(t, tb.entrants),
                    total1=totals[0],
                    total2=totals[1],
                ),
                str(tb.number),
                sides(t, tb.entrants),
                figures,
                strong=state is not None and state.status is Status.WON,
            )
        )
    if round_begun(stored):  # no hand yet: the names alone, all the width
        return Block(
            "club-board-tables",
            session.t("club.board_tables"),
            tuple(replace(line, figures=()) for line in lines),
        )
    return Block(
        "club-board-tables",
        session.t("club.board_tables"),
        tuple(lines),
        (session.t("club.board_totals"),),
        (3.0,),
    )


def standings_block(session: Session, t: Tournament) -> Block:
    """The night's standings, best first."""
    lines = []
    for i, s in enumerate(standings(t)):
        diff = f"{s.difference:+d}"
        lines.append(
            Line(
                f"club-board-line-{i + 1}",
                session.t(
                    "club.standing",
                    rank=s.rank,
                    name=t.entrant_name(s.entrant),
                    won=s.won,
                    lost=s.lost,
                    diff=diff,
                    points=s.points_for,
                ),
                f"{s.rank}.",
                t.entrant_name(s.entrant),
                (str(s.won), str(s.lost), diff),
            )
        )
    return Block(
        "club-board-standings",
        session.t("club.standings"),
        tuple(lines),
        (
            session.t("club.board_won"),
            session.t("club.board_lost"),
            session.t("club.board_diff"),
        ),
        (1.3, 1.3, 2.5),
    )


def season_block(session: Session, t: Tournament) -> Block | None:
    """The standings of the club's season the night counts in (issue 38)."""
    if t.season is None:
        return None
    title = session.t("club.season", name=t.season)
    try:
        season = session.table.club.season(t.season)
    except SeasonError:
        said = session.t("club.season_mixed")
        return Block(
            "club-board-season", title, (Line("club-board-season-1", said, "", said),)
        )
    lines = tuple(
        Line(
            f"club-board-season-{i + 1}",
            session.t(
                "club.season_line",
                rank=s.rank,
                entrant=s.entrant,
                points=session.translator.count("points", s.points),
                nights=session.translator.count("nights", s.nights),
                first=s.first_places,
            ),
            f"{s.rank}.",
            s.entrant,
            (str(s.points), str(s.nights)),
        )
        for i, s in enumerate(season)
    )
    return Block(
        "club-board-season",
        title,
        lines,
        (session.t("club.board_points"), session.t("club.board_nights")),
        (2.6, 3.4),
    )


def blocks_of(session: Session, stored: StoredTournament) -> list[Block]:
    """The board's blocks in their order: the tables first."""
    t = stored.tournament
    found = [
        tables_block(session, stored),
        standings_block(session, t),
        season_block(session, t),
    ]
    return [b for b in found if b is not None]


def round_begun(stored: StoredTournament) -> bool:
    """Whether the newest round has just begun: no hand at any table yet."""
    t = stored.tournament
    if not t.rounds:
        return False
    return all(tb.bye or tb.match is None or not tb.match.hands for tb in t.rounds[-1])


# -- the pages turning ---------------------------------------------------------------
def settle(session: Session, stored: StoredTournament) -> None:
    """Before the board is drawn: a new round shows its tables first (the
    page counted from 0 again), and the pages turn (once per session)."""
    club = session.states.of(ClubState)
    rounds = len(stored.tournament.rounds)
    if club.board_round != rounds:
        club = replace(club, board_round=rounds, board_page=0)
    if not club.board_turning:
        club = replace(club, board_turning=True)
        session.page.run_task(turn_pages, session)
    session.states.put(club)


def turn(session: Session) -> bool:
    """The next page, drawn; False when this phone is no longer a board
    (its pages stop turning)."""
    club = session.states.of(ClubState)
    if club.board is None or session.route != routes.BOARD:
        session.states.put(replace(club, board_turning=False))
        return False
    session.states.put(replace(club, board_page=club.board_page + 1))
    session.render()
    return True


async def turn_pages(session: Session) -> None:
    """Turn the board's page at each :data:`PAGE_TURN` while the phone shows
    the club's board and its browser is there (a board gone stops; its next
    draw starts the pages again)."""
    while True:
        await PAGE_TURN()
        messaging = getattr(session.page, "session", None)
        if getattr(messaging, "expires_at", None) is not None:  # disconnected
            session.states.put(
                replace(session.states.of(ClubState), board_turning=False)
            )
            return
        try:
            if not turn(session):
                return
        except Exception:  # a page gone while drawing: said, and no more turns
            log.exception("the club's board stopped turning its pages")
            session.states.put(
                replace(session.states.of(ClubState), board_turning=False)
            )
            return


# -- the board -------------------------------------------------------------------------
_PARTS: weakref.WeakKeyDictionary[Session, Keeper] = weakref.WeakKeyDictionary()
"""Each board's lines of its last build, by what they show (``ui/shell/kept_parts.py``):
a Save changes one table's totals; the other lines are the same controls,
which flet's diff passes over."""


def parts_of(session: Session) -> Keeper:
    keeper = _PARTS.get(session)
    if keeper is None:
        keeper = _PARTS[session] = Keeper()
    return keeper


def _cells(line: Line, block: Block, g: Geometry) -> ft.Control:
    size = g.type_size
    controls: list[ft.Control] = [
        ft.Text(
            line.lead,
            width=size * 1.6,
            size=size,
            weight=ft.FontWeight.BOLD,
            text_align=ft.TextAlign.END,
        ),
        one_line(line.name, size=size, expand=True),
    ]
    for text, width in zip(line.figures, block.widths, strict=False):
        controls.append(
            ft.Text(
                text,
                width=size * width,
                size=size,
                text_align=ft.TextAlign.END,
                weight=ft.FontWeight.BOLD if line.strong else None,
            )
        )
    return ft.Semantics(
        identifier=line.ident,
        key=line.ident,
        label=line.label,
        container=True,
        exclude_semantics=True,  # read as its one sentence, not cell by cell
        content=ft.Row(height=g.row, spacing=size / 3, controls=controls),
    )


def club_board_view(session: Session, tournament_id: str) -> ft.View:
    """The club's board of *tournament_id* (the module's docstring)."""
    g = Geometry.of(session.page.width, session.page.height)
    stored = stored_of(session, tournament_id)
    size = g.type_size
    if stored is None:
        return _view(
            session,
            g,
            session.t("board.title"),
            [semantic("board-none", ft.Text(session.t("club.none"), size=size))],
        )
    settle(session, stored)
    t = stored.tournament
    blocks = blocks_of(session, stored)
    columns = paging.columns_of([b.lines for b in blocks], g.rows)
    pages = paging.pages_of(columns, g.per_page)
    shown = paging.shown_pages(pages, first_only=round_begun(stored))
    at = shown[session.states.of(ClubState).board_page % len(shown)]
    kept = parts_of(session).start()
    drawn: list[ft.Control] = []
    for c, column in enumerate(pages[at]):
        rows: list[ft.Control] = []
        for cell in column:
            if isinstance(cell, Gap):
                rows.append(ft.Container(height=g.row))
                continue
            block = blocks[cell.block]
            if isinstance(cell, Title):
                title = (block.title, block.headings, block.widths, cell, g, c)
                rows.append(kept(title, partial(_heading, block, cell.continued, g, c)))
            elif isinstance(cell, Item):
                line = (cell.value, block.widths, g, c)  # c: one parent
                rows.append(kept(line, partial(_cells, cell.value, block, g)))
        drawn.append(ft.Column(expand=True, spacing=0, controls=rows))
    while len(drawn) < g.per_page:  # a last page of one column keeps the widths
        drawn.append(ft.Column(expand=True, controls=[]))
    round_text = (
        session.t("club.round", round=len(t.rounds))
        if t.rounds
        else session.t("club.no_round")
    )
    header = ft.Row(
        controls=[
            semantic(
                "club-board-round",
                ft.Text(round_text, size=size * 1.1, weight=ft.FontWeight.BOLD),
                expand=True,
            ),
            semantic(
                "club-board-page",
                ft.Text(
                    session.t(
                        "club.board_page", page=shown.index(at) + 1, pages=len(shown)
                    ),
                    size=size,
                    color=MUTED,
                ),
                visible=len(shown) > 1,
            ),
        ],
    )
    body = ft.Row(
        expand=True,
        spacing=g.padding * 2,
        vertical_alignment=ft.CrossAxisAlignment.START,
        controls=drawn,
    )
    return _view(session, g, t.name, [header, body])


def _heading(block: Block, continued: bool, g: Geometry, column: int) -> ft.Control:
    size = g.type_size
    heading = ft.Text(
        block.title,  # a block going on in the next column: its title again
        size=size,
        weight=ft.FontWeight.BOLD,
        max_lines=1,
        overflow=ft.TextOverflow.ELLIPSIS,
        no_wrap=True,
        expand=True,
    )
    controls: list[ft.Control] = [
        heading if continued else semantic(f"{block.ident}-title", heading, expand=True)
    ]
    for text, width in zip(block.headings, block.widths, strict=False):
        controls.append(
            ft.Text(
                text,
                width=size * width,
                size=size,
                color=MUTED,
                text_align=ft.TextAlign.END,
            )
        )
    return ft.Row(
        height=g.row,
        spacing=size / 3,
        controls=controls,
        key=f"{block.ident}-head-{column}",
    )


def _view(
    session: Session, g: Geometry, title: str, controls: list[ft.Control]
) -> ft.View:
    view = ft.View(
        route=routes.BOARD,
        padding=g.padding,
        spacing=g.padding,
        appbar=ft.AppBar(
            title=ft.Text(title, size=g.type_size, weight=ft.FontWeight.BOLD),
            toolbar_height=g.bar,
        ),
        controls=list[ft.BaseControl](controls),
    )
    view.key = routes.BOARD
    return view
