"""What the club night's screens show alike: a table's sides and status, the
standings' lines, the address and QR of a code."""

from __future__ import annotations

import flet as ft

from scorekeeper.core.engine import Status, evaluate
from scorekeeper.core.tournament import Tournament, standings
from scorekeeper.core.tournament.season import SeasonError
from scorekeeper.storage import StorageError
from scorekeeper.storage.tournaments import StoredTournament
from scorekeeper.ui.kit.widgets import (
    one_line,
    semantic,
)
from scorekeeper.ui.shell.session import Session


def stored_of(session: Session, tournament_id: str | None) -> StoredTournament | None:
    if tournament_id is None:
        return None
    try:
        return session.table.club.get(tournament_id)
    except StorageError:
        return None


# -- words shared by the screens ------------------------------------------------------
def sides(t: Tournament, entrants: tuple[int, ...]) -> str:
    return " - ".join(t.entrant_name(i) for i in entrants)


def standing_lines(
    session: Session, t: Tournament, prefix: str, size: int
) -> list[ft.Control]:
    """The standings now, one line an entrant, best first."""
    lines: list[ft.Control] = []
    for i, s in enumerate(standings(t)):
        diff = s.points_for - s.points_against
        name = t.entrant_name(s.entrant)
        if t.withdrawn_after(s.entrant) is not None:
            name = session.t("club.standing_withdrawn", name=name)
        elif s.missed:  # its rounds missed are in the losses (issue 37)
            name = session.t(
                "club.standing_late", name=name, round=t.first_round(s.entrant)
            )
        lines.append(
            semantic(
                f"{prefix}-{i + 1}",
                one_line(
                    session.t(
                        "club.standing",
                        rank=s.rank,
                        name=name,
                        won=s.won,
                        lost=s.lost,
                        diff=f"{diff:+d}",
                        points=s.points_for,
                    ),
                    size=size,
                    max_lines=3,  # a long pair on a narrow board: wrapped
                ),
            )
        )
    return lines


def season_lines(
    session: Session, t: Tournament, prefix: str, size: int
) -> list[ft.Control]:
    """The standings of the club's season *t* counts in (issue 38), under a
    title; nothing for a night of no season."""
    if t.season is None:
        return []
    title = semantic(
        f"{prefix}-title",
        ft.Text(
            session.t("club.season", name=t.season),
            size=size + 2,
            weight=ft.FontWeight.BOLD,
        ),
    )
    try:
        lines = session.table.club.season(t.season)
    except SeasonError:
        return [title, ft.Text(session.t("club.season_mixed"), size=size)]
    if not lines:  # no night of it finished yet (season.night_finished)
        return [
            title,
            semantic(
                f"{prefix}-none",
                ft.Text(session.t("club.season_none"), size=size),
            ),
        ]
    return [
        title,
        *(
            semantic(
                f"{prefix}-{i + 1}",
                one_line(
                    session.t(
                        "club.season_line",
                        rank=s.rank,
                        entrant=s.entrant,
                        points=session.translator.count("points", s.points),
                        nights=session.translator.count("nights", s.nights),
                        first=s.first_places,
                    ),
                    size=size,
                    max_lines=3,
                ),
            )
            for i, s in enumerate(lines)
        ),
    ]


def table_status(
    session: Session,
    stored: StoredTournament,
    number: int,
    round_number: int | None = None,
) -> str:
    """How a table of round *round_number* (None: the newest) stands, in a
    few words; a confirmed result says who confirmed it and who entered it."""
    t = stored.tournament
    round_number = round_number or len(t.rounds)
    tb = t.table(round_number, number)
    if tb.bye:
        return session.t("club.status.bye", name=t.entrant_name(tb.entrants[0]))
    if tb.match is None or not tb.match.hands:
        return session.t("club.status.waiting")
    state = evaluate(tb.match)
    total = f"{state.totals[0]} - {state.totals[1]}"
    if state.status is not Status.WON or state.winner is None:
        return session.t("club.status.playing", totals=total, n=len(state.hands))
    winner = t.entrant_name(tb.entrants[state.winner])
    done = stored.acceptance(round_number, number)
    if done is None:
        return session.t("club.status.won", totals=total, name=winner)
    if done.by_organizer:
        text = session.t("club.status.confirmed_organizer", totals=total, name=winner)
    else:
        text = session.t(
            "club.status.confirmed",
            totals=total,
            name=winner,
            by=done.accepted or t.entrant_name(tb.entrants[done.side - 1]),
        )
    if done.entered is not None:
        text += " " + session.t("club.status.entered", name=done.entered)
    return text


def base_url(session: Session) -> str:
    """The address a phone at the club opens (the LAN's when served there)."""
    from scorekeeper.ui.parts.address import lan_info

    info = lan_info(getattr(session.page, "url", None))
    if info.url is not None and (info.reachable or session.admission.gate):
        return info.url
    return f"http://127.0.0.1:{info.port}"


def qr(session: Session, identifier: str, url: str, size: int) -> ft.Control:
    from scorekeeper.ui.parts.address import qr_image

    return qr_image(session, identifier, url, size)
