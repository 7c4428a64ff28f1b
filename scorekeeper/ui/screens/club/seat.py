"""A phone at a club table and the club's board.

A phone that presented a table's code sees :func:`seat_view` instead of home:
only its table's match, and "Confermo il risultato" when it is over. A phone
that presented the board's code sees :func:`club_board_view` as its
"Tabellone": the standings in big type and the tables being played."""

from __future__ import annotations

from functools import partial

import flet as ft

from scorekeeper.core.engine import Status
from scorekeeper.core.tournament import live_tables
from scorekeeper.ui import routes
from scorekeeper.ui.screens.club import actions
from scorekeeper.ui.screens.club.state import Seat, seat_match
from scorekeeper.ui.screens.club.words import (
    season_lines,
    sides,
    standing_lines,
    stored_of,
)
from scorekeeper.ui.session import Session
from scorekeeper.ui.widgets import (
    big_button,
    error_banner,
    one_line,
    screen,
    semantic,
)


# -- a phone at a table --------------------------------------------------------------
def seat_view(session: Session, seat: Seat) -> ft.View:
    """What a phone at a table sees instead of home: its table's match only."""
    stored = stored_of(session, seat.place.tournament_id)
    controls: list[ft.Control] = [error_banner(session.error)]
    title = session.t("club.title") if stored is None else stored.tournament.name
    controls.append(
        semantic(
            "seat-where",
            ft.Text(
                session.t("club.seat_where", table=seat.place.table, round=seat.round),
                size=18,
                weight=ft.FontWeight.BOLD,
            ),
        )
    )
    # new players, a move (imported here: the browser's start needs it not)
    from scorekeeper.ui.screens.club.follow import table_news

    controls += table_news(session, seat, stored)
    match = seat_match(session.table, seat)
    if stored is None or match is None:
        key = "club.seat_wait" if seat.round == 0 else "club.seat_free"
        controls.append(semantic("seat-none", ft.Text(session.t(key), size=16)))
    else:
        state = match.state
        setup = state.setup
        controls += [
            semantic(
                "seat-totals",
                ft.Text(
                    session.t(
                        "club.seat_totals",
                        side1=setup.side_name(0),
                        total1=state.totals[0],
                        side2=setup.side_name(1),
                        total2=state.totals[1],
                    ),
                    size=22,
                ),
            ),
            big_button(
                "seat-match",
                session.t("club.seat_open"),
                lambda: session.go(routes.MATCH),
                ft.Icons.PLAY_CIRCLE,
            ),
        ]
        side = stored.confirmed_by(seat.round, seat.place.table or 0)
        if state.status is Status.WON and state.winner is not None:
            loser = 1 - state.winner
            if side is None:
                controls += [
                    semantic(
                        "seat-confirm-who",
                        ft.Text(
                            session.t(
                                "club.confirm_who",
                                winner=setup.side_name(state.winner),
                                loser=setup.side_name(loser),
                            )
                        ),
                    ),
                    big_button(
                        "seat-confirm",
                        session.t("club.confirm"),
                        partial(
                            actions.confirm,
                            session,
                            seat.round,
                            seat.place.table or 0,
                            loser + 1,
                        ),
                        ft.Icons.VERIFIED,
                    ),
                ]
            else:
                controls.append(
                    semantic(
                        "seat-confirmed",
                        ft.Text(
                            session.t("club.confirmed", name=setup.side_name(side - 1)),
                            size=16,
                        ),
                    )
                )
    controls += [
        ft.Divider(),
        big_button(
            "seat-leave",
            session.t("club.leave"),
            lambda: actions.leave(session),
            ft.Icons.LOGOUT,
            "outlined",
        ),
    ]
    return screen(routes.HOME, title, controls)


# -- the club's board ----------------------------------------------------------------
def club_board_view(session: Session, tournament_id: str) -> ft.View:
    """The standings in big type and the tables of the round being played."""
    stored = stored_of(session, tournament_id)
    controls: list[ft.Control] = []
    title = session.t("board.title")
    if stored is None:
        controls.append(
            semantic("board-none", ft.Text(session.t("club.none"), size=32))
        )
    else:
        t = stored.tournament
        title = t.name
        live = [lt for lt in live_tables(t) if lt.round == len(t.rounds)]
        controls += [
            semantic(
                "club-board-round",
                ft.Text(
                    session.t("club.round", round=len(t.rounds))
                    if t.rounds
                    else session.t("club.no_round"),
                    size=28,
                ),
            ),
            semantic(
                "club-board-standings",
                ft.Column(
                    spacing=6,
                    controls=standing_lines(session, t, "club-board-line", 28),
                ),
            ),
            *season_lines(session, t, "club-board-season", 24),
            *(
                semantic(
                    f"club-board-table-{lt.table}",
                    one_line(
                        session.t(
                            "club.board_table",
                            table=lt.table,
                            sides=sides(t, lt.entrants),
                            total1=lt.totals[0],
                            total2=lt.totals[1],
                        ),
                        size=22,
                    ),
                )
                for lt in live
            ),
        ]
    view = ft.View(
        route=routes.BOARD,
        padding=24,
        spacing=16,
        scroll=ft.ScrollMode.AUTO,
        appbar=ft.AppBar(title=ft.Text(title)),
        controls=list[ft.BaseControl](controls),
    )
    view.key = routes.BOARD
    return view
