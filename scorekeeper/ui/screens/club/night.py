"""The organizer's screens: the night (``/torneo/serata``: start a round, the
table monitor of ``monitor.py`` (each table's match, code and status,
unlock a confirmed result), the standings live) and the sheet of QR cards
to print (``/torneo/qr``)."""

from __future__ import annotations

from functools import partial

import flet as ft

from scorekeeper.core.tournament import System
from scorekeeper.ui import routes
from scorekeeper.ui.access import with_code
from scorekeeper.ui.club_codes import Place, codes_of
from scorekeeper.ui.screens.club import actions, monitor
from scorekeeper.ui.screens.club.result import result_controls
from scorekeeper.ui.screens.club.words import (
    base_url,
    qr,
    season_lines,
    standing_lines,
    stored_of,
)
from scorekeeper.ui.session import Session
from scorekeeper.ui.widgets import (
    big_button,
    error_banner,
    screen,
    section_title,
    semantic,
)

# -- the organizer's screen ----------------------------------------------------------
ABOVE_TILES = 56 + 2 * 16 + 56 + 12
"""What a laptop's organizer's screen shows above the tiles: the title bar,
the view's padding, the round's line with its buttons, the gap under it."""


def night_view(session: Session) -> ft.View:
    """The table monitor (``monitor.py``): start a round, every table of it
    at a glance, the standings beside (a laptop) or under (a phone)."""
    club = session.states.club
    stored = stored_of(session, club.night)
    if stored is None:
        return screen(
            routes.CLUB_NIGHT,
            session.t("club.title"),
            [semantic("club-none", ft.Text(session.t("club.none")))],
        )
    t = stored.tournament
    codes = codes_of(session.table)
    number = len(t.rounds)
    width, height = session.page.width, session.page.height
    newest = t.rounds[-1] if number else ()
    grid = monitor.Grid.of(width, height, len(newest), ABOVE_TILES)
    kept = monitor.tiles_of(session).start()
    tiles = [
        monitor.table_tile(
            session,
            stored,
            number,
            tb,
            "" if tb.bye else codes.code(Place(stored.id, tb.number)),
            grid,
            partial(actions.unlock, session, number, tb.number)
            if not tb.bye and stored.confirmed_by(number, tb.number) is not None
            else None,
            kept,
        )
        for tb in newest
    ]
    round_line = semantic(
        "club-round",
        ft.Text(
            session.t("club.round", round=number)
            if number
            else session.t("club.no_round"),
            size=18,
            weight=ft.FontWeight.BOLD,
        ),
    )
    seed = (
        [
            semantic(
                "club-draw-seed",
                ft.Text(session.t("club.draw_seed", seed=t.seed), size=13),
            )
        ]
        if t.system is System.SWISS and t.seed is not None
        else []
    )
    start = session.t("club.start_round", round=number + 1)
    standings = [
        section_title(session.t("club.standings"), ft.Icons.LEADERBOARD),
        semantic(
            "club-standings",
            ft.Column(spacing=4, controls=standing_lines(session, t, "club-line", 15)),
        ),
        *season_lines(session, t, "club-season-line", 15),
        ft.Divider(),
        semantic(
            "club-board-code",
            ft.Text(session.t("club.board_code", code=codes.code(Place(stored.id)))),
        ),
    ]
    result = [
        section_title(session.t("night.result"), ft.Icons.SHARE),
        *result_controls(session, stored, 56 if grid.tile_height == 0 else 40),
    ]
    cards = (
        "club-cards",
        session.t("club.cards"),
        lambda: session.go(routes.CLUB_CARDS),
        ft.Icons.QR_CODE_2,
    )
    if grid.tile_height == 0:  # a phone: one column that scrolls
        return screen(
            routes.CLUB_NIGHT,
            t.name,
            [
                error_banner(club.message or session.error),
                round_line,
                *seed,
                big_button(
                    "club-start-round",
                    start,
                    lambda: actions.start_round(session),
                    ft.Icons.SHUFFLE,
                ),
                monitor.grid_of(tiles, grid),
                *standings,
                *result,
                big_button(*cards, "plain"),
            ],
        )
    top = ft.Row(
        height=56,
        controls=[
            ft.Column(
                expand=True,
                spacing=0,
                alignment=ft.MainAxisAlignment.CENTER,
                controls=[round_line, *seed],
            ),
            semantic(
                "club-start-round",
                ft.FilledButton(
                    content=start,
                    icon=ft.Icons.SHUFFLE,
                    height=48,
                    on_click=lambda _: actions.start_round(session),
                ),
            ),
            semantic(
                cards[0],
                ft.OutlinedButton(
                    content=cards[1],
                    icon=cards[3],
                    height=48,
                    on_click=lambda _: cards[2](),
                ),
            ),
        ],
    )
    view = ft.View(
        route=routes.CLUB_NIGHT,
        padding=16,
        spacing=12,
        appbar=ft.AppBar(title=ft.Text(t.name)),
        controls=[
            error_banner(club.message or session.error),
            top,
            ft.Row(
                expand=True,
                spacing=16,
                vertical_alignment=ft.CrossAxisAlignment.START,
                controls=[
                    ft.Column(
                        expand=True,
                        scroll=ft.ScrollMode.AUTO,  # a message above: a little
                        controls=[monitor.grid_of(tiles, grid)],
                    ),
                    ft.Container(
                        width=monitor.SIDE_WIDTH,
                        content=ft.Column(
                            scroll=ft.ScrollMode.AUTO,
                            spacing=8,
                            controls=[*result, *standings],
                        ),
                    ),
                ],
            ),
        ],
    )
    return view


def cards_view(session: Session) -> ft.View:
    """The sheet of QR cards to print: one per table of the newest round,
    and the board's."""
    stored = stored_of(session, session.states.club.night)
    cards: list[ft.Control] = []
    if stored is not None:
        codes = codes_of(session.table)
        base = base_url(session)
        t = stored.tournament
        numbers = range(1, len(t.entrants) // 2 + 1)  # every table of a round
        places = [
            (session.t("club.table", table=n), Place(stored.id, n)) for n in numbers
        ]
        places.append((session.t("club.board"), Place(stored.id)))
        for title, place in places:
            code = codes.code(place)
            url = with_code(base + (routes.BOARD if place.board else ""), code)
            ident = "club-card-board" if place.board else f"club-card-{place.table}"
            cards.append(
                ft.Container(
                    width=200,
                    border=ft.Border.all(1, ft.Colors.OUTLINE),
                    border_radius=8,
                    padding=8,
                    content=semantic(
                        ident,
                        ft.Column(
                            horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                            spacing=4,
                            controls=[
                                ft.Text(title, size=20, weight=ft.FontWeight.BOLD),
                                qr(session, f"{ident}-qr", url, 160),
                                ft.Text(code, size=22, weight=ft.FontWeight.BOLD),
                                ft.Text(t.name, size=12),
                            ],
                        ),
                    ),
                )
            )
    return screen(
        routes.CLUB_CARDS,
        session.t("club.cards"),
        [
            ft.Text(session.t("club.cards_help")),
            ft.Row(wrap=True, spacing=8, run_spacing=8, controls=cards),
        ],
    )
