"""The organizer's screens: the night (``/torneo/serata``: start a round,
asked first about results not confirmed; any round's tables, each with its
status, code, "Conferma per il tavolo" and "Correggi una mano"; the
standings live) and the sheet of QR cards to print (``/torneo/qr``)."""

from __future__ import annotations

from functools import partial

import flet as ft

from scorekeeper.core.engine import Status, evaluate
from scorekeeper.core.tournament import System, Waiting
from scorekeeper.storage.tournaments import StoredTournament
from scorekeeper.ui import routes
from scorekeeper.ui.access.club_codes import Place, codes_of
from scorekeeper.ui.access.event_guard import show_dialog
from scorekeeper.ui.access.table_code import with_code
from scorekeeper.ui.kit.widgets import (
    big_button,
    dialog_button,
    error_banner,
    one_line,
    screen,
    section_title,
    segmented,
    semantic,
)
from scorekeeper.ui.screens.club import actions
from scorekeeper.ui.screens.club.state import ClubState
from scorekeeper.ui.screens.club.words import (
    base_url,
    qr,
    season_lines,
    sides,
    standing_lines,
    stored_of,
    table_status,
)
from scorekeeper.ui.shell.session import Session


# -- the organizer's screen ----------------------------------------------------------
def night_view(session: Session) -> ft.View:
    """Start a round; each table's match, code and QR; the standings."""
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
    newest = len(t.rounds)
    number = min(club.shown_round or newest, newest)
    tables: list[ft.Control] = []
    for tb in t.rounds[number - 1] if number else ():
        code = "" if tb.bye else codes.code(Place(stored.id, tb.number))
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
                                ft.Text(
                                    table_status(session, stored, tb.number, number)
                                ),
                            ),
                            *(
                                []
                                if tb.bye or number != newest
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
                            *desk_buttons(session, stored, number, tb.number),
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
                    session.t("club.round", round=newest)
                    if newest
                    else session.t("club.no_round"),
                    size=18,
                ),
            ),
            *redrawn_note(session, stored.id),
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
                session.t("club.start_round", round=newest + 1),
                lambda: actions.start_round(session, partial(ask_to_start, session)),
                ft.Icons.SHUFFLE,
            ),
            *round_picker(session, newest, number),
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


def desk_buttons(
    session: Session, stored: StoredTournament, number: int, table: int
) -> list[ft.Control]:
    """The director's desk at a table of any round: confirm a finished
    result for the table, and correct a hand of its match on this screen."""
    tb = stored.tournament.table(number, table)
    if tb.bye or tb.match is None:
        return []
    out: list[ft.Control] = []
    won = evaluate(tb.match).status is Status.WON
    if won and stored.confirmed_by(number, table) is None:
        out.append(
            big_button(
                f"club-table-{table}-confirm",
                session.t("club.confirm_table"),
                partial(actions.confirm_for_table, session, number, table),
                ft.Icons.VERIFIED,
                "outlined",
            )
        )
    if tb.match.hands:
        out.append(
            big_button(
                f"club-table-{table}-correct",
                session.t("club.correct"),
                partial(actions.correct, session, number, table),
                ft.Icons.EDIT,
                "outlined",
            )
        )
    return out


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

    def go(accept_waiting: bool) -> None:
        session.page.pop_dialog()
        actions.begin_round(session, accept_waiting=accept_waiting)

    tables = ", ".join(
        session.t("club.wait.table", table=w.table, round=w.round) for w in waiting
    )
    show_dialog(
        session,
        ft.AlertDialog(
            modal=True,
            title=ft.Text(session.t("club.wait.title")),
            content=ft.Column(
                tight=True,
                spacing=8,
                controls=[
                    semantic(
                        "club-wait-text",
                        ft.Text(session.t("club.wait.body", tables=tables)),
                    ),
                    dialog_button(
                        "club-wait-accept",
                        session.t("club.wait.accept"),
                        partial(go, True),
                        icon=ft.Icons.VERIFIED,
                        filled=True,
                    ),
                    dialog_button(
                        "club-wait-start",
                        session.t("club.wait.start"),
                        partial(go, False),
                    ),
                    dialog_button(
                        "club-wait-cancel",
                        session.t("act.cancel"),
                        session.page.pop_dialog,
                    ),
                ],
            ),
        ),
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
