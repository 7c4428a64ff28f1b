"""One stored match (``/storico/partita``): score, chart, hand table, rules,
notes, edit log, sharing, abandon/resume and delete.
"""

from __future__ import annotations

import contextlib

import flet as ft

from scorekeeper.core.engine import MatchState, Status
from scorekeeper.core.export import summary_text
from scorekeeper.core.scoring import ITEMS
from scorekeeper.storage import StorageError, StoredMatch
from scorekeeper.ui import routes
from scorekeeper.ui.formatting import (
    card_text,
    series_label,
    series_of,
    status_line,
    when,
)
from scorekeeper.ui.screens.deleted import _confirm, delete_button
from scorekeeper.ui.screens.history import message_line
from scorekeeper.ui.screens.sharing import sharing_one
from scorekeeper.ui.session import Session
from scorekeeper.ui.widgets import (
    SIDE_COLORS,
    big_button,
    screen,
    section_title,
    semantic,
)


# -- match detail -----------------------------------------------------------------
def score_chart(session: Session, state: MatchState) -> ft.Control:
    """The two running totals hand by hand, and the target as a dashed line."""
    import flet_charts as fch  # only here: see bench_web.py / NOTES.md

    target = state.setup.rules.target
    n = len(state.hands)
    top = max(target, *state.totals, *(h.totals[0] for h in state.hands), 1)
    series = [
        fch.LineChartData(
            points=[fch.LineChartDataPoint(0, 0)]
            + [fch.LineChartDataPoint(h.number, h.totals[side]) for h in state.hands],
            color=SIDE_COLORS[side],
            stroke_width=3,
        )
        for side in (0, 1)
    ]
    series.append(
        fch.LineChartData(
            points=[
                fch.LineChartDataPoint(0, target),
                fch.LineChartDataPoint(max(n, 1), target),
            ],
            color=ft.Colors.GREY_600,
            stroke_width=1,
            dash_pattern=[6, 4],
        )
    )
    chart = fch.LineChart(
        data_series=series,
        min_x=0,
        max_x=max(n, 1),
        min_y=0,
        max_y=top + max(2, top // 10),
        height=220,
        interactive=False,
        left_axis=fch.ChartAxis(label_size=36, label_spacing=max(5, top // 5)),
        # whole hands only (the default spacing labels 0.5, 1.5 …)
        bottom_axis=fch.ChartAxis(label_size=24, label_spacing=max(1, n // 8)),
        horizontal_grid_lines=fch.ChartGridLines(
            interval=max(5, top // 5), color=ft.Colors.OUTLINE_VARIANT, width=1
        ),
    )
    names = (state.setup.side_name(0), state.setup.side_name(1))
    legend = ft.Row(
        wrap=True,
        controls=[
            *(
                ft.Row(
                    tight=True,
                    controls=[
                        ft.Container(width=14, height=14, bgcolor=SIDE_COLORS[s]),
                        ft.Text(f"{names[s]} {state.totals[s]}"),
                    ],
                )
                for s in (0, 1)
            ),
            ft.Text(session.t("detail.target_line", target=target)),
        ],
    )
    # right padding: the last x label is centred on the chart's edge
    return semantic(
        "detail-chart",
        ft.Column(
            controls=[
                ft.Container(content=chart, padding=ft.Padding.only(right=12)),
                legend,
            ]
        ),
    )


def _item_label(session: Session, item: str) -> str:
    return card_text(session, f"pts.{item}")


def hand_table(session: Session, state: MatchState) -> ft.Control:
    """Every scoring item per side, hand by hand, with dealer and running total."""
    cols = [
        session.t("detail.col.hand"),
        session.t("detail.col.dealer"),
        session.t("detail.col.side"),
        *(_item_label(session, i) for i in ITEMS),
        session.t("detail.col.total"),
        session.t("detail.col.running"),
    ]
    rows = []
    for h in state.hands:
        for side in (0, 1):
            p = h.points[side]
            first = side == 0
            hand_text = str(h.number) if first else ""
            if first and h.tie_break:
                hand_text += f" ({session.t('detail.tie_break_hand')})"
            cells = [
                hand_text,
                h.seats.dealer if first else "",
                state.setup.side_name(side),
                *(str(getattr(p, i)) for i in ITEMS),
                str(p.total),
                str(h.totals[side]),
            ]
            rows.append(ft.DataRow(cells=[ft.DataCell(ft.Text(c)) for c in cells]))
    table = ft.DataTable(
        columns=[ft.DataColumn(label=ft.Text(c)) for c in cols],
        rows=rows,
        column_spacing=12,
        heading_row_height=40,
        data_row_min_height=36,
        data_row_max_height=40,
    )
    notes = [
        ft.Text(
            session.t(
                "detail.declared",
                by=h.declaration.by,
                deal=h.declaration.deal,
                verdict=session.t(
                    "detail.right" if h.declaration.correct else "detail.wrong"
                ),
            )
        )
        for h in state.hands
        if h.declaration is not None
    ]
    return semantic(
        "detail-table",
        ft.Column(
            controls=[ft.Row(controls=[table], scroll=ft.ScrollMode.AUTO), *notes]
        ),
    )


def rules_lines(session: Session, state: MatchState) -> list[ft.Control]:
    r = state.setup.rules
    keys = [
        session.t("detail.rule.target", target=r.target),
        session.t(f"detail.rule.spazzino_numeral.{r.spazzino_numeral.value}"),
        card_text(session, f"detail.rule.ties.{r.ties.value}"),
        session.t(f"detail.rule.scaluneddu.{'on' if r.scaluneddu else 'off'}"),
        session.t(f"detail.rule.early_win.{'on' if r.early_win else 'off'}"),
    ]
    return [ft.Text(k) for k in keys]


def edit_lines(session: Session, match_id: str) -> list[ft.Control]:
    edits = session.table.queries.edit_history(match_id)
    if not edits:
        return [ft.Text(session.t("detail.no_edits"))]
    out: list[ft.Control] = []
    for e in edits:
        hand = None if e.index is None else e.index + 1
        text = f"{e.number}. {when(session, e.at)} · " + session.t(
            f"detail.edit.{e.action}", hand=hand, number=e.undoes
        )
        if e.by:
            text += " " + session.t("detail.edit.by", by=e.by)
        if e.undone:
            text += " " + session.t("detail.edit.undone")
        out.append(ft.Text(text, size=13))
    return out


def lifecycle_buttons(session: Session, stored: StoredMatch) -> list[ft.Control]:
    """Abandon an open match (confirmed) or resume an abandoned one; delete
    any match (confirmed)."""
    return [*_abandon_or_resume(session, stored), delete_button(session, stored.id)]


def _abandon_or_resume(session: Session, stored: StoredMatch) -> list[ft.Control]:
    if stored.abandoned:
        return [
            big_button(
                "detail-resume",
                session.t("detail.resume"),
                lambda: session.apply(lambda table: table.resume(stored.id)),
                icon=ft.Icons.PLAY_ARROW,
                kind="outlined",
            )
        ]
    if stored.state.status is Status.WON:
        return []
    return [
        big_button(
            "detail-abandon",
            session.t("detail.abandon"),
            lambda: _confirm(
                session,
                session.t("detail.abandon_confirm"),
                lambda: session.apply(lambda table: table.abandon(stored.id)),
            ),
            icon=ft.Icons.FLAG,
            kind="outlined",
        )
    ]


def notes_editor(session: Session, stored: StoredMatch) -> list[ft.Control]:
    """The match's notes; Save is on once they differ from the saved ones.
    What this phone typed is kept on its session until saved (a rebuilt
    view's controls do not keep it)."""
    typed = session.history.notes
    draft = typed[1] if typed is not None and typed[0] == stored.id else None

    def type_(e: ft.Event[ft.TextField]) -> None:
        session.history.notes = (stored.id, e.control.value or "")
        session.render()  # Save turns on (or off) as the text changes

    field_ = ft.TextField(
        label=session.t("detail.notes"),
        value=stored.notes if draft is None else draft,
        multiline=True,
        min_lines=2,
        on_change=type_,
    )

    def save() -> None:
        now = session.history.notes
        if now is None or now[0] != stored.id:
            return
        text = now[1]

        def saved(_: StoredMatch) -> None:
            session.history.notes = None
            session.history.message = session.t("detail.notes_saved")

        session.apply(lambda table: table.set_notes(stored.id, text), done=saved)

    return [
        semantic("detail-notes", field_),
        big_button(
            "detail-notes-save",
            session.t("detail.notes_save"),
            save,
            kind="outlined",
            disabled=draft is None or draft == stored.notes,
        ),
    ]


def detail_view(session: Session) -> ft.View:
    """One match: score, chart, hand table, rules, notes, edits, sharing."""
    st = session.history
    stored = None
    if st.match_id is not None:
        with contextlib.suppress(StorageError):
            stored = session.table.queries.get_match(st.match_id)
    appbar = ft.AppBar(title=ft.Text(session.t("detail.title")))
    if stored is None:
        return screen(
            routes.DETAIL,
            appbar,
            [ft.Text(session.t("detail.missing"))],
        )
    state = stored.state
    summary = session.table.queries.summary(stored.id)
    score = series_of(session, summary)
    header = [
        semantic(
            "detail-score",
            ft.Text(
                f"{state.setup.side_name(0)} {state.totals[0]} - "
                f"{state.totals[1]} {state.setup.side_name(1)}",
                size=22,
                weight=ft.FontWeight.BOLD,
            ),
        ),
        ft.Text(f"{when(session, stored.created)} · {status_line(session, summary)}"),
    ]
    if score is not None:
        header.append(ft.Text(series_label(session, score), italic=True))
    text = summary_text(
        state,
        session.lang,
        played=stored.created,
        abandoned=stored.abandoned,
        notes=stored.notes,
        series=None if score is None else score.wins,
    )
    return screen(
        routes.DETAIL,
        appbar,
        [
            *header,
            message_line(session),
            section_title(session.t("detail.chart"), ft.Icons.SHOW_CHART),
            score_chart(session, state),
            section_title(session.t("detail.hands"), ft.Icons.TABLE_CHART),
            hand_table(session, state),
            section_title(session.t("detail.rules"), ft.Icons.MENU_BOOK),
            *rules_lines(session, state),
            section_title(session.t("detail.notes"), ft.Icons.NOTES),
            *notes_editor(session, stored),
            section_title(session.t("detail.edits"), ft.Icons.HISTORY),
            *edit_lines(session, stored.id),
            *lifecycle_buttons(session, stored),
            *sharing_one(session, stored, text),
        ],
        spacing=10,
    )
