"""The organizer's screens: the night (``/torneo/serata``: start a round,
asked first about results not confirmed; the table monitor of ``monitor.py``
for any round, each table's match, code, status and the director's desk:
"Conferma per il tavolo", "Correggi una mano"; the standings live) and the
sheet of QR cards to print (``/torneo/qr``)."""

from __future__ import annotations

from functools import partial

import flet as ft

from scorekeeper.core.engine import Status, evaluate
from scorekeeper.core.tournament import System, Waiting
from scorekeeper.storage.tournaments import StoredTournament
from scorekeeper.ui import routes
from scorekeeper.ui.access.club_codes import Place, codes_of
from scorekeeper.ui.access.table_code import with_code
from scorekeeper.ui.kit.widgets import (
    big_button,
    error_banner,
    screen,
    section_title,
    segmented,
    semantic,
)
from scorekeeper.ui.parts.questions import Choice, ask
from scorekeeper.ui.screens.club import actions, monitor
from scorekeeper.ui.screens.club.result import result_controls
from scorekeeper.ui.screens.club.state import ClubState
from scorekeeper.ui.screens.club.words import (
    base_url,
    qr,
    season_lines,
    standing_lines,
    stored_of,
)
from scorekeeper.ui.shell.session import Session

# -- the organizer's screen ----------------------------------------------------------
ABOVE_TILES = 56 + 2 * 16 + 56 + 12
"""What a laptop's organizer's screen shows above the tiles: the title bar,
the view's padding, the round's line with its buttons, the gap under it."""


def night_view(session: Session) -> ft.View:
    """The table monitor (``monitor.py``): start a round, every table of it
    at a glance, the standings beside (a laptop) or under (a phone)."""
    club = session.states.of(ClubState)
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
    shown = min(club.shown_round or number, number)  # the round on screen
    width, height = session.page.width, session.page.height
    tables = t.rounds[shown - 1] if shown else ()
    grid = monitor.Grid.of(width, height, len(tables), ABOVE_TILES)
    kept = monitor.tiles_of(session).start()
    tiles = [
        monitor.table_tile(
            session,
            stored,
            shown,
            tb,
            ""  # a table's code is the newest round's
            if tb.bye or shown != number
            else codes.code(Place(stored.id, tb.number)),
            grid,
            desk_of(session, stored, shown, tb.number),
            kept,
        )
        for tb in tables
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
    seed: list[ft.Control] = (
        [
            semantic(
                "club-draw-seed",
                ft.Text(session.t("club.draw_seed", seed=t.seed), size=13),
            )
        ]
        if t.system is System.SWISS and t.seed is not None
        else []
    )
    seed = [*redrawn_note(session, stored.id), *seed]
    start = session.t("club.start_round", round=number + 1)

    def start_round() -> None:
        actions.start_round(session, partial(ask_to_start, session))

    roster = (  # late arrivals and withdrawals (issue 37, 9)
        "club-roster",
        session.t("club.roster"),
        lambda: session.go(routes.CLUB_ROSTER),
        ft.Icons.GROUP_ADD,
    )
    picker = round_picker(session, number, shown)
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
                big_button("club-start-round", start, start_round, ft.Icons.SHUFFLE),
                *picker,
                big_button(*roster, "outlined"),
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
                    on_click=lambda _: start_round(),
                ),
            ),
            semantic(
                roster[0],
                ft.OutlinedButton(
                    content=roster[1],
                    icon=roster[3],
                    height=48,
                    on_click=lambda _: roster[2](),
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
                        controls=[*picker, monitor.grid_of(tiles, grid)],
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


def desk_of(
    session: Session, stored: StoredTournament, number: int, table: int
) -> monitor.Desk:
    """The director's desk at a table of any round: confirm a finished
    result for the table, and correct a hand of its match on this screen."""
    tb = stored.tournament.table(number, table)
    if tb.bye or tb.match is None:
        return monitor.Desk()
    won = evaluate(tb.match).status is Status.WON
    return monitor.Desk(
        confirm=partial(actions.confirm_for_table, session, number, table)
        if won and stored.confirmed_by(number, table) is None
        else None,
        correct=partial(actions.correct, session, number, table)
        if tb.match.hands
        else None,
    )


def round_picker(session: Session, newest: int, shown: int) -> list[ft.Control]:
    """Which round's tables the screen shows (any round, not only the
    newest): nothing to pick before a second round."""
    if newest < 2:
        return []
    return [
        ft.Text(session.t("club.rounds")),
        segmented(
            "club-rounds",
            [(str(n), str(n)) for n in range(1, newest + 1)],
            str(shown),
            lambda v: actions.show_round(session, int(v or newest)),
        ),
    ]


def redrawn_note(session: Session, tournament_id: str) -> list[ft.Control]:
    """A result corrected after the next round was drawn that would have
    paired it otherwise: said, the draw kept."""
    rounds = session.table.club.redrawn(tournament_id)
    if not rounds:
        return []
    return [
        semantic(
            "club-redrawn",
            ft.Text(
                session.t(
                    "club.redrawn",
                    rounds=", ".join(map(str, rounds)),
                    n=len(rounds),
                ),
                color=ft.Colors.ERROR,
            ),
        )
    ]


def ask_to_start(session: Session, waiting: list[Waiting]) -> None:
    """Results finished and not confirmed: named, and the organizer chooses
    to confirm them for their tables and start, to start anyway (they stay
    to confirm), or not to start."""

    tables = ", ".join(
        session.t("club.wait.table", table=w.table, round=w.round) for w in waiting
    )
    ask(
        session,
        "club-wait",
        session.t("club.wait.title"),
        session.t("club.wait.body", tables=tables),
        [
            Choice(
                "accept",
                session.t("club.wait.accept"),
                partial(actions.begin_round, session, accept_waiting=True),
                ft.Icons.VERIFIED,
                filled=True,
            ),
            Choice(
                "start",
                session.t("club.wait.start"),
                partial(actions.begin_round, session, accept_waiting=False),
            ),
        ],
    )


def cards_view(session: Session) -> ft.View:
    """The sheet of QR cards to print: one per table of the newest round,
    and the board's."""
    stored = stored_of(session, session.states.of(ClubState).night)
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
