"""The organizer's screens: the night (``/torneo/serata``: start a round, each
table's match, code and status, unlock a confirmed result, the standings
live) and the sheet of QR cards to print (``/torneo/qr``)."""

from __future__ import annotations

from functools import partial

import flet as ft

from scorekeeper.core.tournament import System
from scorekeeper.ui import routes
from scorekeeper.ui.access import with_code
from scorekeeper.ui.club_codes import Place, codes_of
from scorekeeper.ui.screens.club import actions
from scorekeeper.ui.screens.club.words import (
    base_url,
    qr,
    season_lines,
    sides,
    standing_lines,
    stored_of,
    table_status,
)
from scorekeeper.ui.session import Session
from scorekeeper.ui.widgets import (
    big_button,
    error_banner,
    one_line,
    screen,
    section_title,
    semantic,
)


# -- the organizer's screen ----------------------------------------------------------
def night_view(session: Session) -> ft.View:
    """Start a round; each table's match, code and QR; the standings."""
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
    tables: list[ft.Control] = []
    for tb in t.rounds[-1] if number else ():
        code = "" if tb.bye else codes.code(Place(stored.id, tb.number))
        confirmed = not tb.bye and stored.confirmed_by(number, tb.number) is not None
        tables.append(
            semantic(
                f"club-table-{tb.number}",
                ft.Container(
                    border=ft.Border.all(1, ft.Colors.OUTLINE),
                    border_radius=12,
                    padding=12,
                    content=ft.Column(
                        spacing=6,
                        controls=[
                            ft.Text(
                                session.t("club.table", table=tb.number),
                                weight=ft.FontWeight.BOLD,
                                size=18,
                            ),
                            one_line(sides(t, tb.entrants), size=16),
                            semantic(
                                f"club-table-{tb.number}-status",
                                ft.Text(table_status(session, stored, tb.number)),
                            ),
                            *(
                                []
                                if tb.bye
                                else [
                                    semantic(
                                        f"club-table-{tb.number}-code",
                                        ft.Text(
                                            session.t("club.table_code", code=code),
                                            size=20,
                                            weight=ft.FontWeight.BOLD,
                                        ),
                                    )
                                ]
                            ),
                            *(
                                [
                                    big_button(
                                        f"club-table-{tb.number}-unlock",
                                        session.t("club.unlock"),
                                        partial(
                                            actions.unlock, session, number, tb.number
                                        ),
                                        ft.Icons.LOCK_OPEN,
                                        "outlined",
                                    )
                                ]
                                if confirmed
                                else []
                            ),
                        ],
                    ),
                ),
            )
        )
    board_code = codes.code(Place(stored.id))
    return screen(
        routes.CLUB_NIGHT,
        t.name,
        [
            error_banner(club.message or session.error),
            semantic(
                "club-round",
                ft.Text(
                    session.t("club.round", round=number)
                    if number
                    else session.t("club.no_round"),
                    size=18,
                ),
            ),
            *(
                [
                    semantic(
                        "club-draw-seed",
                        ft.Text(session.t("club.draw_seed", seed=t.seed), size=13),
                    )
                ]
                if t.system is System.SWISS and t.seed is not None
                else []
            ),
            big_button(
                "club-start-round",
                session.t("club.start_round", round=number + 1),
                lambda: actions.start_round(session),
                ft.Icons.SHUFFLE,
            ),
            big_button(  # late arrivals and withdrawals (issue 37, 9)
                "club-roster",
                session.t("club.roster"),
                lambda: session.go(routes.CLUB_ROSTER),
                ft.Icons.GROUP_ADD,
                "outlined",
            ),
            *tables,
            section_title(session.t("club.standings"), ft.Icons.LEADERBOARD),
            semantic(
                "club-standings",
                ft.Column(
                    spacing=4, controls=standing_lines(session, t, "club-line", 16)
                ),
            ),
            *season_lines(session, t, "club-season-line", 16),
            ft.Divider(),
            semantic(
                "club-board-code",
                ft.Text(session.t("club.board_code", code=board_code), size=18),
            ),
            big_button(
                "club-cards",
                session.t("club.cards"),
                lambda: session.go(routes.CLUB_CARDS),
                ft.Icons.QR_CODE_2,
                "plain",
            ),
        ],
    )


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
