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
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any

import flet as ft

from scorekeeper.core.matchfile import SHORT_ITEM
from scorekeeper.core.scoring import ITEMS
from scorekeeper.core.stats import (
    HeadToHead,
    SideStats,
    head_to_head,
    player_stats,
    team_stats,
)
from scorekeeper.storage import StorageError
from scorekeeper.ui import routes
from scorekeeper.ui.kit.formatting import (
    decimal,
    item_label,
    percent,
    played,
    rank_text,
    when,
)
from scorekeeper.ui.kit.scales import chart_scale
from scorekeeper.ui.kit.widgets import SIDE_COLORS, screen, section_title, semantic
from scorekeeper.ui.parts.questions import ANY, dropdown, players
from scorekeeper.ui.parts.share import record_share_controls
from scorekeeper.ui.screens.match_detail.state import open_match
from scorekeeper.ui.screens.stats.state import Figures, StatsChoice
from scorekeeper.ui.shell.session import Session

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


def _choice(session: Session) -> tuple[str | None, str | None, str | None]:
    st = session.states.of(StatsChoice)
    return (st.player, st.opponent, st.partner)


def current_result(session: Session) -> tuple[StatsResult | None, bool]:
    """What to show now, and whether newer figures are being computed: the
    figures of the current revision, else those of an older one of the same
    choice while waiting (a pure read: :func:`settle` starts the work)."""
    figures = session.states.of(Figures)
    choice = _choice(session)
    if choice[0] is None:
        return None, False
    key = (*choice, session.table.queries.revision())
    if key in figures.results:
        return figures.results[key], False
    # the figures of an older revision of the same choice, while waiting
    stale = next((r for k, r in figures.results.items() if k[:3] == choice), None)
    return stale, True


def settle(session: Session) -> None:
    """Before the screen is drawn (``app.SETTLE``): start computing the figures
    of the choice shown (once per choice and revision) when none are kept."""
    choice = _choice(session)
    if choice[0] is None:
        return
    figures = session.states.of(Figures)
    key = (*choice, session.table.queries.revision())
    if key not in figures.results and key not in figures.loading:
        figures.loading.add(key)
        start_loading(session, key)


def start_loading(session: Session, key: tuple[Any, ...]) -> None:
    """Compute the figures of *key* in a worker thread, then redraw."""
    session.page.run_task(load, session, key)


async def load(session: Session, key: tuple[Any, ...]) -> None:
    figures = session.states.of(Figures)
    player, opponent, partner, _ = key
    try:
        result = await asyncio.to_thread(
            compute, session.table.queries, player, opponent, partner
        )
    except StorageError as error:
        log.warning("statistics not computed: %s", error)
        result = StatsResult(player_stats([], player), error=str(error))
    finally:
        figures.loading.discard(key)
    newer = any(k[:3] == key[:3] and k[3] > key[3] for k in figures.results)
    if not newer:  # a slower, older computation must not replace newer figures
        figures.results.clear()  # one entry: the screen shows one choice
        figures.results[key] = result
    if _choice(session) == key[:3]:
        session.render()


def _pairs(mapping: Mapping[int, int]) -> str:
    return ", ".join(f"{k}: {v}" for k, v in mapping.items()) or "-"


def _spazzini(session: Session, s: SideStats) -> str:
    """How many spazzini of each card, the cards named as the entry names
    them (A … 7, F C R or J Q K)."""
    counts = s.spazzini_by_rank.items()
    return ", ".join(f"{rank_text(session, r)}: {n}" for r, n in counts) or "-"


def breakdown_chart(session: Session, s: SideStats) -> ft.Control:
    """What the player's points are made of: one bar per item (FORMAT.md order)."""
    import flet_charts as fch  # only here: see bench_web.py / NOTES.md

    groups = [
        fch.BarChartGroup(
            x=i,
            rods=[
                fch.BarChartRod(
                    from_y=0,
                    to_y=points,
                    width=14,
                    color=SIDE_COLORS[0],
                    tooltip=f"{item_label(session, item)}: {points}",
                    border_radius=2,
                )
            ],
        )
        for i, (item, points) in enumerate(s.breakdown)
    ]
    # the abbreviations of the score table (Spa spade, Spz spazzini …)
    short = SHORT_ITEM
    scale = chart_scale(p for _, p in s.breakdown)
    chart = fch.BarChart(
        groups=groups,
        max_y=scale.max_y,
        height=220,
        interactive=True,
        left_axis=fch.ChartAxis(label_size=36, label_spacing=scale.step),
        bottom_axis=fch.ChartAxis(
            label_size=28,
            labels=[
                fch.ChartAxisLabel(value=i, label=ft.Text(short[item], size=10))
                for i, item in enumerate(ITEMS)
            ],
        ),
    )
    return semantic("stats-breakdown", chart)


def items_table(session: Session, s: SideStats) -> ft.Control:
    cols = ["stats.col.item", "stats.col.made", "stats.col.rate", "stats.col.avg"]
    rows = [
        ft.DataRow(
            cells=[
                ft.DataCell(ft.Text(item_label(session, i.item))),
                ft.DataCell(ft.Text(str(i.made))),
                ft.DataCell(ft.Text(percent(i.rate))),
                ft.DataCell(ft.Text(decimal(session, i.average))),
            ]
        )
        for i in s.items
    ]
    return semantic(
        "stats-items",
        ft.DataTable(
            columns=[ft.DataColumn(label=ft.Text(session.t(c))) for c in cols],
            rows=rows,
            column_spacing=16,
            data_row_min_height=32,
            data_row_max_height=36,
        ),
    )


def summary_lines(
    session: Session, s: SideStats, identifier: str = "stats-record"
) -> list[ft.Control]:
    r = s.record
    lines = [
        session.t(
            "stats.played",
            played=r.played,
            finished=r.finished,
            open=r.in_progress,
            abandoned=r.abandoned,
        ),
        session.t("stats.won", won=r.won, lost=r.lost),
        session.t("stats.win_rate", rate=percent(r.win_rate))
        if r.win_rate is not None
        else session.t("stats.win_rate_none"),
        session.t(
            "stats.per_hand",
            avg=decimal(session, s.points_per_hand),
            points=s.points,
            hands=session.translator.count("hands", s.hands),
        ),
        session.t(
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


def detail_lines(session: Session, s: SideStats) -> list[ft.Control]:
    out: list[ft.Control] = [
        ft.Text(session.t("stats.napola_lengths", text=_pairs(s.napola_lengths))),
        ft.Text(session.t("stats.spazzini_cards", text=_spazzini(session, s))),
        ft.Text(session.t("stats.bagari_values", text=_pairs(s.bagari_by_value))),
        ft.Text(session.t("stats.scaluneddu", n=s.scaluneddu)),
    ]
    if s.best_comeback is not None:
        c = s.best_comeback
        out.append(
            ft.TextButton(
                content=session.t(
                    "stats.comeback",
                    deficit=c.deficit,
                    hand=c.hand,
                    date=when(session, c.played) if c.played else "?",
                ),
                on_click=lambda _: open_match(session, c.match_id),
            )
        )
    if s.longest_match is not None:
        m = s.longest_match
        out.append(
            ft.TextButton(
                content=session.t(
                    "stats.longest",
                    hands=session.translator.count("hands", m.value),
                    date=when(session, m.played) if m.played else "?",
                ),
                on_click=lambda _: open_match(session, m.match_id),
            )
        )
    return out


def _loading(session: Session, busy: bool) -> ft.Control:
    """A progress bar while newer figures are computed (hidden otherwise)."""
    return ft.Semantics(
        identifier="stats-loading",
        visible=busy,
        content=ft.Column(
            controls=[ft.ProgressBar(), ft.Text(session.t("stats.loading"), size=13)]
        ),
    )


def versus_line(session: Session, versus: HeadToHead) -> ft.Control:
    return semantic(
        "stats-versus",
        ft.Text(
            session.t(
                "stats.versus",
                a=" & ".join(versus.first),
                b=" & ".join(versus.second),
                won=versus.record.won,
                lost=versus.record.lost,
                finished=session.translator.count(
                    "finished_matches", versus.record.finished
                ),
                pa=versus.points[0],
                pb=versus.points[1],
                hands=session.translator.count("hands", versus.hands),
            ),
            weight=ft.FontWeight.BOLD,
        ),
    )


def team_lines(session: Session, team: SideStats) -> list[ft.Control]:
    a, b = team.players
    lines = summary_lines(session, team, "stats-team-record")
    return [section_title(session.t("stats.team", a=a, b=b), ft.Icons.GROUP), *lines]


def stats_view(session: Session) -> ft.View:
    """One player, against an opponent or with a partner; figures from the core."""
    st = session.states.of(StatsChoice)
    people = players(session)

    def choose(name: str) -> Callable[[str | None], None]:
        def set_(value: str | None) -> None:
            choice: dict[str, str | None] = {name: None if value == ANY else value}
            if name == "player":
                choice["partner"] = None  # partners depend on the player
            now = session.states.of(StatsChoice)
            session.states.put(replace(now, **choice))
            session.render()

        return set_

    controls: list[ft.Control] = [
        ft.Row(
            controls=[
                dropdown(
                    "stats-player",
                    session.t("stats.player"),
                    [(p, p) for p in people],
                    st.player or "",
                    choose("player"),
                ),
                dropdown(
                    "stats-opponent",
                    session.t("stats.opponent"),
                    [(ANY, "-"), *((p, p) for p in people)],
                    st.opponent or ANY,
                    choose("opponent"),
                ),
            ]
        )
    ]
    result, busy = current_result(session)
    # partners of 4-player matches: known once the player's figures are in
    partners = list(result.player.partners) if result is not None else []
    if st.partner and st.partner not in partners:
        partners.append(st.partner)
    if partners:
        controls.append(
            ft.Row(
                controls=[
                    dropdown(
                        "stats-partner",
                        session.t("stats.partner"),
                        [(ANY, "-"), *((p, p) for p in partners)],
                        st.partner or ANY,
                        choose("partner"),
                    )
                ]
            )
        )
    controls.append(_loading(session, busy))
    if st.player is None:
        controls.append(ft.Text(session.t("stats.choose" if people else "stats.none")))
    elif result is not None:
        s = result.player
        if result.error:
            controls.append(ft.Text(result.error, weight=ft.FontWeight.BOLD))
        controls += summary_lines(session, s)
        if result.versus is not None:
            controls.append(versus_line(session, result.versus))
        if result.team is not None:
            controls += team_lines(session, result.team)
        controls += record_share_controls(
            session, result.team or s, None if result.team else result.versus
        )
        controls += [
            section_title(session.t("stats.breakdown"), ft.Icons.BAR_CHART),
            breakdown_chart(session, s),
            section_title(session.t("stats.items"), ft.Icons.TABLE_CHART),
            ft.Row(controls=[items_table(session, s)], scroll=ft.ScrollMode.AUTO),
            *detail_lines(session, s),
            section_title(session.t("stats.h2h"), ft.Icons.PEOPLE),
            *(
                ft.Text(session.t("stats.h2h_line", name=n, won=r.won, lost=r.lost))
                for n, r in s.opponents.items()
            ),
        ]
    return screen(routes.STATS, session.t("stats.title"), controls, spacing=8)
