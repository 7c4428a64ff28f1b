"""The history screen (``/storico``): the matches newest first, a page at a time,
with filters by player, opponent, status and period; export and import.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from datetime import date, timedelta

import flet as ft

from scorekeeper.core.names import name_key
from scorekeeper.storage.repository import MatchSummary
from scorekeeper.ui import routes
from scorekeeper.ui.kit.formatting import series_label, series_of, status_line, when
from scorekeeper.ui.kit.widgets import (
    TOUCH_TARGET,
    big_button,
    full_width,
    screen,
    semantic,
)
from scorekeeper.ui.parts.files import sharing_all
from scorekeeper.ui.parts.questions import ANY, dropdown, message_line, players
from scorekeeper.ui.screens.history.state import HistoryState
from scorekeeper.ui.screens.match_detail.state import open_match
from scorekeeper.ui.shell.session import Session

PAGE_SIZE = 20


STATUSES = ("in_progress", "tie_break", "won", "abandoned")


PERIODS = ("all", "week", "month", "year")


# -- history list -----------------------------------------------------------------
def _since(period: str, today: date) -> date | None:
    if period == "week":
        return today - timedelta(days=7)
    if period == "month":
        return today - timedelta(days=30)
    if period == "year":
        return date(today.year, 1, 1)
    return None


def _opposed(s: MatchSummary, a: str, b: str) -> bool:
    folded = [name_key(p) for p in s.players]
    a, b = name_key(a), name_key(b)
    if a not in folded or b not in folded:
        return False
    return folded.index(a) % 2 != folded.index(b) % 2


def history_items(session: Session) -> tuple[list[MatchSummary], bool]:
    """The summaries to show (newest first) and whether more exist.

    The repository filters by one player; an opponent is checked here, on
    pages of the player's matches, so the cost stays one page at a time.
    """
    st = session.states.of(HistoryState)
    repo = session.table.queries
    want = PAGE_SIZE * st.pages
    since = _since(st.period, date.today())
    player = st.player or st.opponent
    if not (st.player and st.opponent):
        page = repo.list_history(
            offset=0, limit=want, player=player, status=st.status, since=since
        )
        return list(page.items), page.has_more
    found: list[MatchSummary] = []
    offset, batch = 0, max(100, want)
    while True:
        page = repo.list_history(
            offset=offset, limit=batch, player=st.player, status=st.status, since=since
        )
        found += [s for s in page.items if _opposed(s, st.player, st.opponent)]
        if len(found) > want or not page.has_more:
            return found[:want], len(found) > want
        offset += batch


def history_row(session: Session, s: MatchSummary) -> ft.Control:
    a, b = s.sides
    lines: list[ft.Control] = [
        ft.Text(f"{a} {s.totals[0]} - {s.totals[1]} {b}", weight=ft.FontWeight.BOLD),
        ft.Text(
            f"{when(session, s.created)} · {session.t('hist.hands', n=s.hands)} · "
            f"{status_line(session, s)}"
        ),
    ]
    score = series_of(session, s)
    if score is not None:
        lines.append(ft.Text(series_label(session, score), italic=True))
    if s.damaged:  # shown, not hidden: what --recover will do said
        lines.append(ft.Text(session.t("hist.damaged"), italic=True))
    return semantic(
        f"history-row-{s.id}",
        ft.Container(
            content=ft.Column(controls=lines, spacing=2),
            padding=ft.Padding.symmetric(vertical=8, horizontal=8),
            border=ft.Border.only(bottom=ft.BorderSide(1, ft.Colors.OUTLINE_VARIANT)),
            on_click=lambda _: open_match(session, s.id),
            ink=True,
        ),
    )


def filters(session: Session) -> list[ft.Control]:
    st = session.states.of(HistoryState)
    people = [(ANY, session.t("hist.filter.any")), *((p, p) for p in players(session))]

    def choose(**choice: str | None) -> None:
        """A filter chosen: the history's state when the tap arrives, with it,
        from its first page."""
        now = session.states.of(HistoryState)
        session.states.put(replace(now, **choice, pages=1))  # type: ignore[arg-type]
        session.render()

    def setter(name: str) -> Callable[[str | None], None]:
        def set_(value: str | None) -> None:
            choose(**{name: None if value == ANY else value})

        return set_

    def set_period(value: str | None) -> None:
        # the period dropdown has no empty option: a choice is always made
        assert value is not None, "the period dropdown always has a value"
        choose(period=value)

    return [
        ft.Row(
            controls=[
                dropdown(
                    "history-filter-player",
                    session.t("hist.filter.player"),
                    people,
                    st.player or ANY,
                    setter("player"),
                ),
                dropdown(
                    "history-filter-opponent",
                    session.t("hist.filter.opponent"),
                    people,
                    st.opponent or ANY,
                    setter("opponent"),
                ),
            ]
        ),
        ft.Row(
            controls=[
                dropdown(
                    "history-filter-status",
                    session.t("hist.filter.status"),
                    [
                        (ANY, session.t("hist.filter.any")),
                        *((s, session.t(f"hist.status.{s}")) for s in STATUSES),
                    ],
                    st.status or ANY,
                    setter("status"),
                ),
                dropdown(
                    "history-filter-period",
                    session.t("hist.filter.period"),
                    [(p, session.t(f"hist.period.{p}")) for p in PERIODS],
                    st.period,
                    set_period,
                ),
            ]
        ),
    ]


def history_view(session: Session) -> ft.View:
    """Every match, newest first, filtered; a page at a time ("show more")."""
    items, more = history_items(session)
    rows: list[ft.Control] = [history_row(session, s) for s in items]
    if not items:
        rows.append(ft.Text(session.t("hist.empty")))
    if more:

        def more_(_: object) -> None:
            now = session.states.of(HistoryState)
            session.states.put(replace(now, pages=now.pages + 1))
            session.render()

        rows.append(
            full_width(
                "history-more",
                ft.OutlinedButton(
                    content=session.t("hist.more"),
                    height=TOUCH_TARGET,
                    on_click=more_,
                ),
            )
        )
    return screen(
        routes.HISTORY,
        session.t("hist.title"),
        [
            *filters(session),
            message_line(session),
            *rows,
            ft.Divider(),
            big_button(
                "history-stats",
                session.t("hist.stats"),
                lambda: session.go(routes.STATS),
                icon=ft.Icons.INSIGHTS,
            ),
            big_button(
                "history-ranking",
                session.t("ranking.open"),
                lambda: session.go(routes.LEADERBOARD),
                icon=ft.Icons.LEADERBOARD,
            ),
            *sharing_all(session),
            deleted_entry(session),
        ],
        spacing=8,
        # full-width rows: each row's divider and tap area span the screen
        horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
    )


def deleted_entry(session: Session) -> ft.Control:
    """The way to the deleted matches (how many there are)."""
    return big_button(
        "history-deleted",
        session.t("hist.deleted_n", n=len(session.table.queries.deleted_matches())),
        lambda: session.go(routes.DELETED),
        icon=ft.Icons.DELETE_OUTLINE,
        kind="outlined",
    )
