"""A phone at a club table and the club's board.

A phone that presented a table's code sees :func:`seat_view` instead of home:
only its table's match, whose player it is, and when it is over who
accepts the result: a player of the side that did not win, named. A phone
that presented the board's code sees :func:`club_board_view` as its
"Tabellone": the standings in big type and the tables being played."""

from __future__ import annotations

from functools import partial

import flet as ft

from scorekeeper.core.engine import Status, evaluate
from scorekeeper.core.names import name_key
from scorekeeper.core.tournament import acceptors
from scorekeeper.storage.tournaments import StoredTournament
from scorekeeper.ui import routes
from scorekeeper.ui.kit.widgets import (
    SMALL_TARGET,
    big_button,
    error_banner,
    rows_of,
    screen,
    semantic,
)
from scorekeeper.ui.screens.club import actions
from scorekeeper.ui.screens.club.state import Seat, seat_match
from scorekeeper.ui.screens.club.words import (
    stored_of,
)
from scorekeeper.ui.shell.session import Session


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
        controls += who_am_i(session, seat, setup.players)
        controls += acceptance_lines(session, seat, stored)
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


def who_am_i(
    session: Session, seat: Seat, players: tuple[str, ...]
) -> list[ft.Control]:
    """ "Di chi è questo telefono?": a name a tap away (the hands this phone
    saves are entered by that player), or the name said, to change."""
    if seat.player is not None:
        return [
            ft.Row(
                spacing=8,
                controls=[
                    semantic(
                        "seat-me",
                        ft.Text(session.t("club.me", name=seat.player), size=16),
                    ),
                    semantic(
                        "seat-me-change",
                        ft.TextButton(
                            content=session.t("club.me_change"),
                            height=SMALL_TARGET,
                            on_click=lambda _: actions.say_player(session, None),
                        ),
                    ),
                ],
            )
        ]
    return [
        semantic("seat-me-ask", ft.Text(session.t("club.me_ask"), size=16)),
        rows_of(
            [
                semantic(
                    f"seat-me-{i + 1}",
                    ft.OutlinedButton(
                        content=name,
                        height=SMALL_TARGET,
                        on_click=lambda _, n=name: actions.say_player(session, n),
                    ),
                )
                for i, name in enumerate(players)
            ],
            2,
        ),
    ]


def acceptance_lines(
    session: Session, seat: Seat, stored: StoredTournament
) -> list[ft.Control]:
    """A finished match: who accepts it (a player of the side that did not
    win, named: "Sono Lino: confermo"), or who did."""
    table = seat.place.table or 0
    t = stored.tournament
    tb = t.table(seat.round, table)
    state = None if tb.match is None else evaluate(tb.match)
    if state is None or state.status is not Status.WON or state.winner is None:
        return []
    setup = state.setup
    done = stored.acceptance(seat.round, table)
    if done is not None:
        text = (
            session.t("club.confirmed_organizer")
            if done.by_organizer
            else session.t(
                "club.confirmed",
                name=done.accepted or setup.side_name(done.side - 1),
            )
        )
        return [semantic("seat-confirmed", ft.Text(text, size=16))]
    names = acceptors(t, seat.round, table)
    winner, loser = setup.side_name(state.winner), setup.side_name(1 - state.winner)
    mine = [n for n in names if seat.player is not None and same(n, seat.player)]
    winners = setup.side_players(state.winner)
    passing = seat.player is not None and any(same(n, seat.player) for n in winners)
    key = "club.confirm_pass" if passing else "club.confirm_who"
    return [
        semantic(
            "seat-confirm-who",
            ft.Text(session.t(key, winner=winner, loser=loser)),
        ),
        *(
            big_button(
                "seat-confirm" if i == 0 else f"seat-confirm-{i + 1}",
                session.t("club.confirm_as", name=name),
                partial(actions.confirm, session, seat.round, table, name),
                ft.Icons.VERIFIED,
            )
            for i, name in enumerate(mine or names)
        ),
    ]


def same(a: str, b: str) -> bool:
    return name_key(a) == name_key(b)


# -- the club's board ----------------------------------------------------------------
