""" "Classifica" (``/classifica``, issue 38): the players by rating, with
their matches, wins and trend; a player's rating over time; the best pairs
of the 4-player game. Laid out from :mod:`scorekeeper.ratings.board`
(nothing is computed here).

The ratings are derived from the won matches (``ratings/rating.py``): kept
per repository, in step with its ``revision()``, and brought up to date off
the event loop (rating every match again takes a few tenths of a second at
10,000 matches; a new match alone, milliseconds), as the statistics are. The
screen shows the last board while a newer one is being worked out.
"""

from __future__ import annotations

import flet as ft

from scorekeeper.ratings.board import Board
from scorekeeper.ui import routes
from scorekeeper.ui.kit.widgets import SIDE_COLORS, TOUCH_TARGET, screen, section_title
from scorekeeper.ui.screens.leaderboard.state import LeaderboardState
from scorekeeper.ui.shell.rating_board import current_board
from scorekeeper.ui.shell.session import Session


def _trend(session: Session, n: int) -> ft.Control:
    """The change over the last matches: an arrow (an icon: the app's font
    has no arrow glyphs) and the points."""
    if n == 0:
        return ft.Text(session.t("ranking.trend_flat"), size=14)
    up = n > 0
    color = ft.Colors.GREEN_800 if up else ft.Colors.RED_700
    return ft.Row(
        spacing=0,
        tight=True,
        controls=[
            ft.Icon(
                ft.Icons.ARROW_UPWARD if up else ft.Icons.ARROW_DOWNWARD,
                size=14,
                color=color,
            ),
            ft.Text(str(abs(n)), size=14, weight=ft.FontWeight.BOLD),
        ],
    )


def player_rows(session: Session, board: Board) -> list[ft.Control]:
    """One row per player: rank, name, rating, matches and wins, trend; a
    tap shows the player's chart."""
    chosen = session.states.of(LeaderboardState).player
    rows: list[ft.Control] = []
    rank = 0
    for i, line in enumerate(board.lines):
        if i == 0 or line.display != board.lines[i - 1].display:
            rank = i + 1

        def choose(_: object, name: str = line.player) -> None:
            session.states.of(LeaderboardState).player = name
            session.render()

        record = session.t(
            "ranking.record",
            matches=session.translator.count("matches", line.matches),
            won=line.won,
        )
        selected = chosen is not None and chosen == line.player
        rows.append(
            ft.Semantics(
                identifier=f"ranking-{i + 1}",
                label=f"{rank}. {line.player}: {line.display}, {record}",
                container=True,
                button=True,
                content=ft.Container(
                    height=TOUCH_TARGET,
                    padding=ft.Padding.symmetric(horizontal=8),
                    bgcolor=ft.Colors.with_opacity(0.12, SIDE_COLORS[0])
                    if selected
                    else None,
                    on_click=choose,
                    content=ft.Row(
                        controls=[
                            ft.Text(f"{rank}.", width=32, size=16),
                            ft.Column(
                                expand=True,
                                spacing=0,
                                alignment=ft.MainAxisAlignment.CENTER,
                                controls=[
                                    ft.Text(
                                        line.player,
                                        size=16,
                                        weight=ft.FontWeight.BOLD,
                                        max_lines=1,
                                        overflow=ft.TextOverflow.ELLIPSIS,
                                    ),
                                    ft.Text(record, size=13),
                                ],
                            ),
                            ft.Text(
                                str(line.display), size=20, weight=ft.FontWeight.BOLD
                            ),
                            ft.Container(
                                width=56,
                                alignment=ft.Alignment.CENTER_RIGHT,
                                content=_trend(session, board.trend(line.player)),
                            ),
                        ],
                    ),
                ),
            )
        )
    return rows


def rating_chart(session: Session, board: Board, player: str) -> ft.Control:
    """The player's rating after each of its matches (flet-charts)."""
    import flet_charts as fch  # only here: the charts load with this screen

    points = [r for _, r in board.history(player)]
    if not points:
        return ft.Container()
    low, high = min([*points, 1000]), max([*points, 1000])
    steps = (10, 25, 50, 100, 250, 500)
    step = next((s for s in steps if (high - low) / s <= 5), 1000)
    bottom, top = (low // step) * step, -(-high // step) * step
    chart = fch.LineChart(
        data_series=[
            fch.LineChartData(
                points=[
                    fch.LineChartDataPoint(x=i, y=y, tooltip=str(y))
                    for i, y in enumerate([1000, *points])
                ],
                color=SIDE_COLORS[0],
                stroke_width=3,
            )
        ],
        min_y=bottom,
        max_y=top,
        min_x=0,
        max_x=max(1, len(points)),
        height=200,
        left_axis=fch.ChartAxis(  # whole ratings, not flet's "1.2K"
            label_size=48,
            labels=[
                fch.ChartAxisLabel(value=v, label=ft.Text(str(v), size=12))
                for v in range(bottom, top + 1, step)
            ],
        ),
        bottom_axis=fch.ChartAxis(label_size=0, show_labels=False),
    )
    return ft.Semantics(
        identifier="ranking-chart",
        label=session.t("ranking.chart", name=player),
        container=True,
        content=chart,
    )


def pair_lines(session: Session, board: Board) -> list[ft.Control]:
    if not board.pairs:
        return []
    return [
        section_title(session.t("ranking.pairs"), ft.Icons.GROUP),
        *(
            ft.Semantics(
                identifier=f"ranking-pair-{i + 1}",
                container=True,
                content=ft.Text(
                    session.t(
                        "ranking.pair_line",
                        a=p.players[0],
                        b=p.players[1],
                        won=p.won,
                        lost=p.lost,
                    )
                ),
            )
            for i, p in enumerate(board.pairs[:10])
        ),
    ]


def leaderboard_view(session: Session) -> ft.View:
    board, busy = current_board(session)
    controls: list[ft.Control] = [
        ft.Semantics(
            identifier="ranking-loading",
            visible=busy,
            content=ft.Column(
                controls=[ft.ProgressBar(), ft.Text(session.t("ranking.loading"))]
            ),
        )
    ]
    if board is not None and not board.lines:
        controls.append(ft.Text(session.t("ranking.none")))
    elif board is not None:
        controls.append(ft.Text(session.t("ranking.how"), size=13))
        controls += player_rows(session, board)
        chosen = session.states.of(LeaderboardState).player
        if chosen is not None and board.history(chosen):
            controls += [
                section_title(
                    session.t("ranking.chart", name=chosen), ft.Icons.SHOW_CHART
                ),
                rating_chart(session, board, chosen),
            ]
        else:
            controls.append(ft.Text(session.t("ranking.chart_hint"), size=13))
        controls += pair_lines(session, board)
    return screen(
        routes.LEADERBOARD,
        session.t("ranking.title"),
        controls,
        spacing=4,
        horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
    )
