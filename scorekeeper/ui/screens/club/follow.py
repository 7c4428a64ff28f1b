"""A seated phone told what changed at its table, and following its player
(issue 37, 8): when a new round brings other players to the table, the
table's screen says so and names who played there before, each with the
table it plays at now ("Segui Anna al tavolo 4"); a phone moved by a code,
a link or a follow says which table it left."""

from __future__ import annotations

from functools import partial

import flet as ft

from scorekeeper.core.tournament import Tournament, TournamentError
from scorekeeper.storage.tournaments import StoredTournament
from scorekeeper.ui.access.club_codes import Place
from scorekeeper.ui.kit.widgets import big_button, semantic
from scorekeeper.ui.screens.club.state import ClubState, Seat, seated
from scorekeeper.ui.shell.session import Session


def where_now(t: Tournament, entrant: int) -> int | None:
    """The table *entrant* is at in the newest round (a bye's too), or None
    (withdrawn, or no round)."""
    for tb in t.rounds[-1] if t.rounds else ():
        if entrant in tb.entrants:
            return tb.number
    return None


def follow(session: Session, table: int) -> None:
    """This phone goes to *table* of its night: where its player plays now."""
    seat = session.states.of(ClubState).seat
    if seat is None:
        return
    place = Place(seat.place.tournament_id, table)
    session.states.put(seated(session.states.of(ClubState), session.table, place))
    session.render()


def _before_lines(session: Session, seat: Seat, t: Tournament) -> list[ft.Control]:
    """Who played at this table in round ``seat.before``, and where each
    plays now."""
    try:
        old = t.table(seat.before, seat.place.table or 0)
    except TournamentError:
        return []  # the table had no one that round
    out: list[ft.Control] = [
        semantic(
            "seat-before",
            ft.Text(session.t("club.seat_before", round=seat.before), size=16),
        )
    ]
    newest = t.rounds[-1]
    for k, e in enumerate(old.entrants, start=1):
        name = t.entrant_name(e)
        number = where_now(t, e)
        ident = f"seat-follow-{k}"
        if number is None:
            out.append(
                semantic(ident, ft.Text(session.t("club.follow_gone", name=name)))
            )
        elif any(tb.bye and tb.number == number for tb in newest):
            out.append(
                semantic(ident, ft.Text(session.t("club.follow_bye", name=name)))
            )
        elif number == seat.place.table:
            out.append(
                semantic(ident, ft.Text(session.t("club.follow_here", name=name)))
            )
        else:
            out.append(
                big_button(
                    ident,
                    session.t("club.follow", name=name, table=number),
                    partial(follow, session, number),
                    ft.Icons.DIRECTIONS_WALK,
                    "outlined",
                )
            )
    return out


def table_news(
    session: Session, seat: Seat, stored: StoredTournament | None
) -> list[ft.Control]:
    """What a seated phone must be told about its table, above its match:
    the table it left, and a new round's new players."""
    out: list[ft.Control] = []
    if seat.came_from is not None:
        out.append(
            semantic(
                "seat-moved",
                ft.Text(
                    session.t(
                        "club.seat_moved", old=seat.came_from, new=seat.place.table
                    ),
                    size=16,
                    weight=ft.FontWeight.BOLD,
                ),
            )
        )
    if stored is None or not seat.before or seat.round <= seat.before:
        return out
    out.append(
        semantic(
            "seat-new-round",
            ft.Text(
                session.t("club.seat_new_round", round=seat.round),
                size=16,
                weight=ft.FontWeight.BOLD,
            ),
        )
    )
    return out + _before_lines(session, seat, stored.tournament)
