"""The statistics screen (``/statistiche``): one player, or one player against
another, laid out from :mod:`scorekeeper.core.stats` (nothing is computed here).

Statistics read every match of the chosen player once (``stored_matches``
reuses the states storage computes while reading), and the result is cached
per session until the number of stored matches changes or the choice does.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import flet as ft
import flet_charts as fch

from scorekeeper.core.matchfile import _SHORT as SHORT_ITEM
from scorekeeper.core.scoring import ITEMS
from scorekeeper.core.stats import HeadToHead, SideStats, head_to_head, player_stats
from scorekeeper.ui.screens_common import SIDE_COLORS, section_title, semantic
from scorekeeper.ui.screens_history import (
    ANY,
    STATS_ROUTE,
    _dropdown,
    _players,
    decimal,
    open_match,
    percent,
    played,
    state_of,
    when,
)

if TYPE_CHECKING:  # pragma: no cover
    from scorekeeper.ui.app import TableApp


def compute(app: TableApp) -> tuple[SideStats, HeadToHead | None] | None:
    st = state_of(app)
    if st.stats_player is None:
        return None
    repo = app.shared.repo
    key = (st.stats_player, st.stats_opponent, repo.count())
    if key not in st.stats_cache:
        matches = [played(m) for m in repo.stored_matches(st.stats_player)]
        stats = player_stats(matches, st.stats_player)
        versus = (
            head_to_head(matches, st.stats_player, st.stats_opponent)
            if st.stats_opponent
            else None
        )
        st.stats_cache.clear()  # one entry: the screen shows one choice
        st.stats_cache[key] = (stats, versus)
    return st.stats_cache[key]


def _pairs(mapping) -> str:
    return ", ".join(f"{k}: {v}" for k, v in mapping.items()) or "-"


def breakdown_chart(app: TableApp, s: SideStats) -> ft.Control:
    """What the player's points are made of: one bar per item (FORMAT.md order)."""
    top = max((p for _, p in s.breakdown), default=0)
    groups = [
        fch.BarChartGroup(
            x=i,
            rods=[
                fch.BarChartRod(
                    from_y=0,
                    to_y=points,
                    width=14,
                    color=SIDE_COLORS[0],
                    tooltip=f"{app.t(f'pts.{item}')}: {points}",
                    border_radius=2,
                )
            ],
        )
        for i, (item, points) in enumerate(s.breakdown)
    ]
    # the abbreviations of the score table (Spa spade, Spz spazzini …)
    short = SHORT_ITEM
    chart = fch.BarChart(
        groups=groups,
        max_y=max(top, 1) + max(1, top // 10),
        height=220,
        interactive=True,
        left_axis=fch.ChartAxis(label_size=36, label_spacing=max(1, top // 4)),
        bottom_axis=fch.ChartAxis(
            label_size=28,
            labels=[
                fch.ChartAxisLabel(value=i, label=ft.Text(short[item], size=10))
                for i, item in enumerate(ITEMS)
            ],
        ),
    )
    return semantic("stats-breakdown", chart)


def items_table(app: TableApp, s: SideStats) -> ft.Control:
    cols = ["stats.col.item", "stats.col.made", "stats.col.rate", "stats.col.avg"]
    rows = [
        ft.DataRow(
            cells=[
                ft.DataCell(ft.Text(app.t(f"pts.{i.item}"))),
                ft.DataCell(ft.Text(str(i.made))),
                ft.DataCell(ft.Text(percent(i.rate))),
                ft.DataCell(ft.Text(decimal(app, i.average))),
            ]
        )
        for i in s.items
    ]
    return semantic(
        "stats-items",
        ft.DataTable(
            columns=[ft.DataColumn(label=ft.Text(app.t(c))) for c in cols],
            rows=rows,
            column_spacing=16,
            data_row_min_height=32,
            data_row_max_height=36,
        ),
    )


def summary_lines(app: TableApp, s: SideStats) -> list[ft.Control]:
    r = s.record
    lines = [
        app.t(
            "stats.played",
            played=r.played,
            finished=r.finished,
            open=r.in_progress,
            abandoned=r.abandoned,
        ),
        app.t("stats.won", won=r.won, lost=r.lost),
        app.t("stats.win_rate", rate=percent(r.win_rate))
        if r.win_rate is not None
        else app.t("stats.win_rate_none"),
        app.t(
            "stats.per_hand",
            avg=decimal(app, s.points_per_hand),
            points=s.points,
            hands=s.hands,
        ),
        app.t(
            "stats.first_dealer",
            won=s.as_first_dealer.won,
            finished=s.as_first_dealer.finished,
            rate=percent(s.as_first_dealer.win_rate),
        ),
    ]
    return [
        semantic("stats-record", ft.Text(lines[0])),
        *(ft.Text(x) for x in lines[1:]),
    ]


def detail_lines(app: TableApp, s: SideStats) -> list[ft.Control]:
    out: list[ft.Control] = [
        ft.Text(app.t("stats.napola_lengths", text=_pairs(s.napola_lengths))),
        ft.Text(app.t("stats.spazzini_values", text=_pairs(s.spazzini_by_value))),
        ft.Text(app.t("stats.bagari_values", text=_pairs(s.bagari_by_value))),
        ft.Text(app.t("stats.scaluneddu", n=s.scaluneddu)),
    ]
    if s.best_comeback is not None:
        c = s.best_comeback
        out.append(
            ft.TextButton(
                content=app.t(
                    "stats.comeback",
                    deficit=c.deficit,
                    hand=c.hand,
                    date=when(app, c.played) if c.played else "?",
                ),
                on_click=lambda _: open_match(app, c.match_id),
            )
        )
    if s.longest_match is not None:
        m = s.longest_match
        out.append(
            ft.TextButton(
                content=app.t(
                    "stats.longest",
                    hands=m.value,
                    date=when(app, m.played) if m.played else "?",
                ),
                on_click=lambda _: open_match(app, m.match_id),
            )
        )
    return out


def stats_view(app: TableApp) -> ft.View:
    st = state_of(app)
    people = _players(app)

    def choose(name: str):
        def set_(value: str) -> None:
            setattr(st, name, None if value == ANY else value)
            app.render()

        return set_

    controls: list[ft.Control] = [
        ft.Row(
            controls=[
                _dropdown(
                    "stats-player",
                    app.t("stats.player"),
                    [(p, p) for p in people],
                    st.stats_player or "",
                    choose("stats_player"),
                ),
                _dropdown(
                    "stats-opponent",
                    app.t("stats.opponent"),
                    [(ANY, "-"), *((p, p) for p in people)],
                    st.stats_opponent or ANY,
                    choose("stats_opponent"),
                ),
            ]
        )
    ]
    result = compute(app)
    if result is None:
        controls.append(ft.Text(app.t("stats.choose" if people else "stats.none")))
    else:
        s, versus = result
        controls += summary_lines(app, s)
        if versus is not None:
            controls.append(
                semantic(
                    "stats-versus",
                    ft.Text(
                        app.t(
                            "stats.versus",
                            a=" & ".join(versus.first),
                            b=" & ".join(versus.second),
                            won=versus.record.won,
                            lost=versus.record.lost,
                            finished=versus.record.finished,
                            pa=versus.points[0],
                            pb=versus.points[1],
                            hands=versus.hands,
                        ),
                        weight=ft.FontWeight.BOLD,
                    ),
                )
            )
        controls += [
            section_title(app.t("stats.breakdown"), ft.Icons.BAR_CHART),
            breakdown_chart(app, s),
            section_title(app.t("stats.items"), ft.Icons.TABLE_CHART),
            ft.Row(controls=[items_table(app, s)], scroll=ft.ScrollMode.AUTO),
            *detail_lines(app, s),
            section_title(app.t("stats.h2h"), ft.Icons.PEOPLE),
            *(
                ft.Text(app.t("stats.h2h_line", name=n, won=r.won, lost=r.lost))
                for n, r in s.opponents.items()
            ),
        ]
    return ft.View(
        route=STATS_ROUTE,
        padding=16,
        spacing=8,
        scroll=ft.ScrollMode.AUTO,
        appbar=ft.AppBar(title=ft.Text(app.t("stats.title"))),
        controls=controls,
    )
