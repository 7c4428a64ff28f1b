"""The organizer's table monitor (issue 37, item 6): every table of the
round at a glance, as a tile (its number, its players, how it stands: not
begun, playing with its hand and totals, waiting for the losing side's
confirmation, confirmed; its code), sixteen of them on a 1280x720 laptop
without scrolling. A tile's accessible name is its table and its players
("Tavolo 3: Anna - Bruno"); its status and code are nodes of their own.
``night.py`` places the tiles: a grid beside the standings on a laptop, a
column on a phone."""

from __future__ import annotations

import enum
import math
import weakref
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

import flet as ft

from scorekeeper.core.engine import Status, evaluate
from scorekeeper.core.tournament import Table
from scorekeeper.storage.tournaments import StoredTournament
from scorekeeper.ui.kit.widgets import one_line, semantic
from scorekeeper.ui.screens.club.words import sides, table_status
from scorekeeper.ui.shell.kept_parts import Keeper
from scorekeeper.ui.shell.session import Session

WIDE = 1000
"""A screen this wide (a laptop) shows the tiles in a grid beside the
standings; a narrower one a column of tiles, the standings under them."""
SIDE_WIDTH = 340
"""The standings' column beside the grid."""
TILE_MIN_HEIGHT = 128
"""A tile's least height: its four lines and padding."""
TILE_MIN_WIDTH = 200
GAP = 8


class TableKind(enum.Enum):
    """How a table stands, as its tile's badge says it."""

    BYE = "bye"
    WAITING = "waiting"  # no hand yet
    PLAYING = "playing"
    TO_CONFIRM = "to_confirm"  # won, the losing side has not confirmed
    CONFIRMED = "confirmed"


BADGE_COLOURS: dict[TableKind, tuple[str, str]] = {
    TableKind.BYE: (ft.Colors.SURFACE_CONTAINER_HIGHEST, ft.Colors.ON_SURFACE),
    TableKind.WAITING: (ft.Colors.SURFACE_CONTAINER_HIGHEST, ft.Colors.ON_SURFACE),
    TableKind.PLAYING: (ft.Colors.PRIMARY_CONTAINER, ft.Colors.ON_PRIMARY_CONTAINER),
    TableKind.TO_CONFIRM: (
        ft.Colors.TERTIARY_CONTAINER,
        ft.Colors.ON_TERTIARY_CONTAINER,
    ),
    TableKind.CONFIRMED: (ft.Colors.PRIMARY, ft.Colors.ON_PRIMARY),
}


def table_kind(stored: StoredTournament, round_number: int, tb: Table) -> TableKind:
    """How table *tb* of round *round_number* stands."""
    if tb.bye:
        return TableKind.BYE
    if tb.match is None or not tb.match.hands:
        return TableKind.WAITING
    state = evaluate(tb.match)
    if state.status is not Status.WON:
        return TableKind.PLAYING
    if stored.confirmed_by(round_number, tb.number) is None:
        return TableKind.TO_CONFIRM
    return TableKind.CONFIRMED


@dataclass(frozen=True)
class Grid:
    """How the tiles are laid out on a screen: columns, and each tile's
    height (0: as tall as its lines, a phone's column that scrolls)."""

    columns: int
    tile_height: float
    scale: float = 1.0
    """The tiles' type against a least tile's: a big screen's tiles have
    bigger type (up to half as big again)."""

    @classmethod
    def of(
        cls, width: float | None, height: float | None, tables: int, above: float
    ) -> Grid:
        """The grid for *tables* tiles on a *width* x *height* screen, *above*
        pixels of it taken by the title bar and the round's line: on a
        laptop as many rows as fit, as many columns as it takes."""
        width, height = float(width or 1280), float(height or 720)
        if width < WIDE:
            return cls(1 if width < 600 else 2, 0)
        free = height - above
        rows = max(1, math.floor((free + GAP) / (TILE_MIN_HEIGHT + GAP)))
        room = width - SIDE_WIDTH - 3 * 16
        most = max(1, math.floor((room + GAP) / (TILE_MIN_WIDTH + GAP)))
        columns = min(most, max(1, math.ceil(tables / rows)))
        columns = max(columns, min(4, most, tables))  # a small night: wide tiles
        used_rows = max(1, math.ceil(tables / columns))
        room_each = (free - GAP * (used_rows - 1)) / used_rows
        scale = min(1.5, max(1.0, room_each / (TILE_MIN_HEIGHT + 16)))
        # as tall as its lines at that scale: no empty tiles on a small night
        tile = min(room_each, (TILE_MIN_HEIGHT + 8) * scale)
        return cls(columns, max(TILE_MIN_HEIGHT, tile), scale)


def badge(
    session: Session, kind: TableKind, ident: str, scale: float = 1.0
) -> ft.Control:
    fill, ink = BADGE_COLOURS[kind]
    return semantic(
        ident,
        ft.Container(
            bgcolor=fill,
            border_radius=10,
            padding=ft.Padding.symmetric(horizontal=8, vertical=2),
            content=ft.Text(
                session.t(f"club.tile.{kind.value}"),
                size=13 * scale,
                color=ink,
                weight=ft.FontWeight.BOLD,
            ),
        ),
    )


_TILES: weakref.WeakKeyDictionary[Session, Keeper] = weakref.WeakKeyDictionary()
"""Each organizer's tiles of its last build, by what they show
(``ui/shell/kept_parts.py``): a Save changes one table's tile; the others are the
same controls, which flet's diff passes over."""


def tiles_of(session: Session) -> Keeper:
    """This organizer's kept tiles (``start()`` it at each build)."""
    keeper = _TILES.get(session)
    if keeper is None:
        keeper = _TILES[session] = Keeper()
    return keeper


def table_tile(
    session: Session,
    stored: StoredTournament,
    round_number: int,
    tb: Table,
    code: str,
    grid: Grid,
    desk: Desk,
    kept: Keeper | None = None,
) -> ft.Control:
    """One table's tile: the number and badge, the players, the status in
    a sentence, the code (the newest round's only: *code* empty otherwise),
    and the director's desk (confirm for the table, correct a hand); the
    one *kept* from the last build when it would show the same."""
    kind = table_kind(stored, round_number, tb)
    names = sides(stored.tournament, tb.entrants)
    status = table_status(session, stored, tb.number, round_number)
    build = partial(_tile, session, tb.number, kind, names, status, code, grid, desk)
    if kept is None:
        return build()
    key = (
        session.lang,
        round_number,
        tb.number,
        kind,
        names,
        status,
        code,
        grid,
        desk.confirm is not None,
        desk.correct is not None,
    )
    return kept(key, build)


def _tile(
    session: Session,
    n: int,
    kind: TableKind,
    names: str,
    status: str,
    code: str,
    grid: Grid,
    desk: Desk,
) -> ft.Control:
    tb_bye = kind is TableKind.BYE
    lower: list[ft.Control] = []
    if not tb_bye and code:
        lower.append(
            semantic(
                f"club-table-{n}-code",
                one_line(
                    session.t("club.table_code", code=code),
                    size=14 * grid.scale,
                    weight=ft.FontWeight.BOLD,
                ),
                expand=True,
            )
        )
    for name, icon, label, act in (
        ("confirm", ft.Icons.VERIFIED, "club.confirm_table_n", desk.confirm),
        ("correct", ft.Icons.EDIT, "club.correct_table", desk.correct),
    ):
        if act is not None:
            lower.append(desk_button(session, n, name, icon, label, act))
    if not lower:
        lower.append(ft.Container(expand=True))
    content = ft.Column(
        spacing=2,
        controls=[
            ft.Row(
                controls=[
                    ft.Semantics(  # said once, by the tile's name
                        exclude_semantics=True,
                        expand=True,
                        content=ft.Text(
                            session.t("club.table", table=n),
                            size=16 * grid.scale,
                            weight=ft.FontWeight.BOLD,
                        ),
                    ),
                    badge(session, kind, f"club-table-{n}-kind", grid.scale),
                ],
            ),
            ft.Semantics(
                exclude_semantics=True, content=one_line(names, size=15 * grid.scale)
            ),
            semantic(
                f"club-table-{n}-status",
                one_line(status, size=13 * grid.scale, max_lines=2),
            ),
            ft.Row(controls=lower, height=32 * grid.scale),
        ],
    )
    return ft.Semantics(
        identifier=f"club-table-{n}",
        key=f"club-table-{n}",
        label=session.t("club.tile_label", table=n, sides=names),
        container=True,
        expand=1,
        content=ft.Container(
            height=grid.tile_height or None,
            border=ft.Border.all(1, ft.Colors.OUTLINE),
            border_radius=12,
            padding=ft.Padding.symmetric(horizontal=10, vertical=8),
            content=content,
        ),
    )


@dataclass(frozen=True)
class Desk:
    """The director's desk at a table (issue 37, 5): confirm a finished
    result for the table, correct a hand of its match (None: not offered)."""

    confirm: Callable[[], object] | None = None
    correct: Callable[[], object] | None = None


def desk_button(
    session: Session,
    n: int,
    name: str,
    icon: ft.IconData,
    label: str,
    act: Callable[[], object],
) -> ft.Control:
    """A desk's icon button, one tappable node named for a screen reader by
    what it does and to which table ("Conferma per il tavolo 2"): the name
    is the icon's, as ``widgets.back_arrow`` (FLET_NOTES.md)."""
    return semantic(
        f"club-table-{n}-{name}",
        ft.IconButton(
            icon=ft.Icon(icon, size=20, semantics_label=session.t(label, table=n)),
            style=ft.ButtonStyle(padding=4),
            on_click=lambda _: act(),
        ),
    )


def grid_of(tiles: list[ft.Control], grid: Grid) -> ft.Control:
    """The tiles *grid.columns* to a row (a Column of Rows: a wrapping Row
    of Semantics draws Flutter's grey box); a short last row keeps the
    tiles' width."""
    rows: list[ft.Control] = []
    for i in range(0, len(tiles), grid.columns):
        chunk = tiles[i : i + grid.columns]
        pad = [ft.Container(expand=1) for _ in range(grid.columns - len(chunk))]
        rows.append(ft.Row(spacing=GAP, controls=[*chunk, *pad]))
    return ft.Column(spacing=GAP, controls=rows)
