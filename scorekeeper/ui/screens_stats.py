"""The statistics screen (``/statistiche``): one player, one player against
another, or two partners as a team, laid out from :mod:`scorekeeper.core.stats`
(nothing is computed here).

Statistics read every match of the chosen player once (``stored_matches``
reuses the states storage computes while reading). With thousands of matches
that takes seconds, so it never runs on the event loop (a slow handler there
freezes every phone): the screen shows a progress indicator, the work runs in
a worker thread (``asyncio.to_thread`` inside a task of the session's page),
and when it is done the session's screen is rebuilt. ``stored_matches`` holds
the repository lock only a shard at a time, so other phones save meanwhile.

The result is cached per session under the choice and the repository's
``revision()``; after a change elsewhere the old figures stay on screen, with
a progress bar, until the new ones are ready.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import flet as ft
import flet_charts as fch

from scorekeeper.core.matchfile import _SHORT as SHORT_ITEM
from scorekeeper.core.scoring import ITEMS
from scorekeeper.core.stats import (
    HeadToHead,
    SideStats,
    head_to_head,
    player_stats,
    team_stats,
)
from scorekeeper.storage import StorageError
from scorekeeper.ui.screens_common import SIDE_COLORS, screen, section_title, semantic
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


log = logging.getLogger(__name__)


@dataclass(frozen=True)
class StatsResult:
    """What the screen shows for one choice."""

    player: SideStats
    versus: HeadToHead | None = None
    team: SideStats | None = None
    error: str | None = None


def compute(
    repo: Any, player: str, opponent: str | None = None, partner: str | None = None
) -> StatsResult:
    """The statistics of *player* (against *opponent*, with *partner*): one
    read of their matches. Slow with a big history: run it off the loop."""
    matches = [played(m) for m in repo.stored_matches(player)]
    return StatsResult(
        player_stats(matches, player),
        head_to_head(matches, player, opponent) if opponent else None,
        team_stats(matches, player, partner) if partner else None,
    )


def _choice(app: TableApp) -> tuple[str | None, str | None, str | None]:
    st = state_of(app)
    return (st.stats_player, st.stats_opponent, st.stats_partner)


def current_result(app: TableApp) -> tuple[StatsResult | None, bool]:
    """What to show now, and whether newer figures are being computed.

    Starts the computation (once per choice and revision) when the cache does
    not hold the figures of the current revision.
    """
    st = state_of(app)
    choice = _choice(app)
    if choice[0] is None:
        return None, False
    key = (*choice, app.shared.repo.revision())
    if key in st.stats_cache:
        return st.stats_cache[key], False
    if key not in st.stats_loading:
        st.stats_loading.add(key)
        start_loading(app, key)
    # the figures of an older revision of the same choice, while waiting
    stale = next((r for k, r in st.stats_cache.items() if k[:3] == choice), None)
    return stale, True


def start_loading(app: TableApp, key: tuple[Any, ...]) -> None:
    """Compute the figures of *key* in a worker thread, then redraw."""
    app.page.run_task(load, app, key)


async def load(app: TableApp, key: tuple[Any, ...]) -> None:
    st = state_of(app)
    player, opponent, partner, _ = key
    try:
        result = await asyncio.to_thread(
            compute, app.shared.repo, player, opponent, partner
        )
    except StorageError as error:
        log.warning("statistics not computed: %s", error)
        result = StatsResult(player_stats([], player), error=str(error))
    finally:
        st.stats_loading.discard(key)
    newer = any(k[:3] == key[:3] and k[3] > key[3] for k in st.stats_cache)
    if not newer:  # a slower, older computation must not replace newer figures
        st.stats_cache.clear()  # one entry: the screen shows one choice
        st.stats_cache[key] = result
    if _choice(app) == key[:3]:
        app.render()


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


def summary_lines(
    app: TableApp, s: SideStats, identifier: str = "stats-record"
) -> list[ft.Control]:
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
        semantic(identifier, ft.Text(lines[0])),
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


def _loading(app: TableApp, busy: bool) -> ft.Control:
    """A progress bar while newer figures are computed (hidden otherwise)."""
    return ft.Semantics(
        identifier="stats-loading",
        visible=busy,
        content=ft.Column(
            controls=[ft.ProgressBar(), ft.Text(app.t("stats.loading"), size=13)]
        ),
    )


def versus_line(app: TableApp, versus: HeadToHead) -> ft.Control:
    return semantic(
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


def team_lines(app: TableApp, team: SideStats) -> list[ft.Control]:
    a, b = team.players
    lines = summary_lines(app, team, "stats-team-record")
    return [section_title(app.t("stats.team", a=a, b=b), ft.Icons.GROUP), *lines]


def stats_view(app: TableApp) -> ft.View:
    st = state_of(app)
    people = _players(app)

    def choose(name: str):
        def set_(value: str) -> None:
            setattr(st, name, None if value == ANY else value)
            if name == "stats_player":
                st.stats_partner = None  # partners depend on the player
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
    result, busy = current_result(app)
    # partners of 4-player matches: known once the player's figures are in
    partners = list(result.player.partners) if result is not None else []
    if st.stats_partner and st.stats_partner not in partners:
        partners.append(st.stats_partner)
    if partners:
        controls.append(
            ft.Row(
                controls=[
                    _dropdown(
                        "stats-partner",
                        app.t("stats.partner"),
                        [(ANY, "-"), *((p, p) for p in partners)],
                        st.stats_partner or ANY,
                        choose("stats_partner"),
                    )
                ]
            )
        )
    controls.append(_loading(app, busy))
    if st.stats_player is None:
        controls.append(ft.Text(app.t("stats.choose" if people else "stats.none")))
    elif result is not None:
        s = result.player
        if result.error:
            controls.append(ft.Text(result.error, weight=ft.FontWeight.BOLD))
        controls += summary_lines(app, s)
        if result.versus is not None:
            controls.append(versus_line(app, result.versus))
        if result.team is not None:
            controls += team_lines(app, result.team)
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
    return screen(STATS_ROUTE, app.t("stats.title"), controls, spacing=8)
