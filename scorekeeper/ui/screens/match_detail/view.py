"""One stored match (``/storico/partita``): score, chart, hand table, rules,
notes, edit log, sharing, abandon/resume and delete.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from dataclasses import replace
from functools import partial

import flet as ft

from scorekeeper.core.engine import MatchState, Status
from scorekeeper.core.export import summary_text
from scorekeeper.core.scoring import ITEMS
from scorekeeper.storage import StorageError, StoredMatch
from scorekeeper.ui import routes
from scorekeeper.ui.kit.formatting import (
    card_text,
    series_label,
    series_of,
    status_line,
    when,
)
from scorekeeper.ui.kit.scales import chart_scale
from scorekeeper.ui.kit.widgets import (
    SIDE_LINE_COLORS,
    SIDE_TEXT_COLORS,
    big_button,
    dialog_button,
    one_line,
    screen,
    section_title,
    semantic,
    wrapped,
)
from scorekeeper.ui.parts.deleting import delete_button
from scorekeeper.ui.parts.files import sharing_one
from scorekeeper.ui.parts.hand_changes import open_correction
from scorekeeper.ui.parts.questions import confirm, message_line, say
from scorekeeper.ui.parts.share import share_controls
from scorekeeper.ui.screens.club.state import ClubState
from scorekeeper.ui.screens.match_detail.state import MatchPage
from scorekeeper.ui.shell.event_values import text_of
from scorekeeper.ui.shell.session import Session


# -- match detail -----------------------------------------------------------------
def score_chart(session: Session, state: MatchState) -> ft.Control:
    """The two running totals hand by hand, and the target as a dashed line."""
    import flet_charts as fch  # only here: see bench_web.py / NOTES.md

    target = state.setup.rules.target
    n = len(state.hands)
    last_x = max(n, 1)
    scale = chart_scale([target, *(t for h in state.hands for t in h.totals)])
    series = [
        fch.LineChartData(
            points=[fch.LineChartDataPoint(0, 0)]
            + [fch.LineChartDataPoint(h.number, h.totals[side]) for h in state.hands],
            color=SIDE_LINE_COLORS[side],
            stroke_width=3,
        )
        for side in (0, 1)
    ]
    # The target across the whole chart, in the text colour (a grey line was
    # lost among the grid lines, and in the dark theme).
    series.append(
        fch.LineChartData(
            points=[
                fch.LineChartDataPoint(0, target),
                fch.LineChartDataPoint(last_x, target),
            ],
            color=ft.Colors.ON_SURFACE,
            stroke_width=2,
            dash_pattern=[8, 4],
        )
    )
    chart = fch.LineChart(
        data_series=series,
        min_x=0,
        max_x=last_x,
        min_y=0,
        max_y=scale.max_y,
        height=220,
        interactive=False,
        left_axis=fch.ChartAxis(label_size=36, label_spacing=scale.step),
        # whole hands only (the default spacing labels 0.5, 1.5 …)
        bottom_axis=fch.ChartAxis(label_size=24, label_spacing=max(1, n // 8)),
        horizontal_grid_lines=fch.ChartGridLines(
            interval=scale.step, color=ft.Colors.OUTLINE_VARIANT, width=1
        ),
    )
    names = (state.setup.side_name(0), state.setup.side_name(1))
    legend = ft.Column(
        spacing=4,
        controls=[
            *(
                ft.Row(
                    controls=[
                        ft.Container(width=14, height=14, bgcolor=SIDE_LINE_COLORS[s]),
                        wrapped(names[s], expand=True),
                        ft.Text(str(state.totals[s]), weight=ft.FontWeight.BOLD),
                    ],
                )
                for s in (0, 1)
            ),
            ft.Row(
                controls=[
                    ft.Container(width=14, height=2, bgcolor=ft.Colors.ON_SURFACE),
                    ft.Text(session.t("detail.target_line", target=target)),
                ]
            ),
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


def _cells(label: str, values: tuple[str, str], bold: bool = False) -> ft.Control:
    """One line of a hand: a label and the two sides' values in fixed columns."""
    weight = ft.FontWeight.BOLD if bold else None
    return ft.Row(
        spacing=8,
        controls=[
            one_line(label, expand=True, weight=weight),
            *(
                ft.Container(
                    width=HAND_COLUMN,
                    alignment=ft.Alignment.CENTER_RIGHT,
                    content=ft.Text(v, weight=weight),
                )
                for v in values
            ),
        ],
    )


HAND_COLUMN = 72
"""The width of a side's column in the hand-by-hand list (logical px)."""


def hand_table(
    session: Session,
    state: MatchState,
    correct: Callable[[int], object] | None = None,
) -> ft.Control:
    """Every hand as a block of rows: who dealt, then each scoring item the
    hand gave (a label and the two sides' points), the hand's points and the
    running total. Two narrow columns of numbers fit a 360 px phone, where a
    table with one column per item was cut at the right edge. ``correct``:
    what "Correggi" under each hand does (its 0-based index), if offered."""
    names = (state.setup.side_name(0), state.setup.side_name(1))
    header = ft.Row(
        spacing=8,
        controls=[
            ft.Container(expand=True),
            *(
                ft.Container(
                    width=HAND_COLUMN,
                    alignment=ft.Alignment.CENTER_RIGHT,
                    content=wrapped(
                        names[s],
                        color=SIDE_TEXT_COLORS[s],
                        weight=ft.FontWeight.BOLD,
                        text_align=ft.TextAlign.RIGHT,
                    ),
                )
                for s in (0, 1)
            ),
        ],
    )
    blocks: list[ft.Control] = [header]
    for h in state.hands:
        title = session.t("detail.hand_title", number=h.number, dealer=h.seats.dealer)
        if h.tie_break:
            title += f" ({session.t('detail.tie_break_hand')})"
        p0, p1 = h.points
        rows: list[ft.Control] = [
            one_line(title, weight=ft.FontWeight.BOLD, max_lines=2),
        ]
        rows += [
            _cells(_item_label(session, i), (str(getattr(p0, i)), str(getattr(p1, i))))
            for i in ITEMS
            if getattr(p0, i) or getattr(p1, i)
        ]
        rows.append(
            _cells(session.t("detail.col.total"), (str(p0.total), str(p1.total)))
        )
        rows.append(
            _cells(
                session.t("detail.col.running"),
                (str(h.totals[0]), str(h.totals[1])),
                bold=True,
            )
        )
        if h.declaration is not None:
            rows.append(
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
            )
        blocks.append(
            semantic(
                f"detail-hand-{h.number}",
                ft.Container(
                    padding=ft.Padding.symmetric(vertical=6),
                    border=ft.Border.only(
                        top=ft.BorderSide(1, ft.Colors.OUTLINE_VARIANT)
                    ),
                    content=ft.Column(spacing=2, controls=rows),
                ),
            )
        )
        if correct is not None:  # beside the block: its text stays its text
            blocks.append(
                dialog_button(
                    f"detail-correct-{h.number}",
                    session.t("detail.correct", number=h.number),
                    partial(correct, h.number - 1),
                    ft.Icons.EDIT,
                )
            )
    return semantic("detail-table", ft.Column(spacing=4, controls=blocks))


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
            lambda: confirm(
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
    typed = session.states.of(MatchPage).notes
    draft = typed[1] if typed is not None and typed[0] == stored.id else None

    def type_(e: ft.Event[ft.TextField]) -> None:
        session.states.put(
            replace(session.states.of(MatchPage), notes=(stored.id, text_of(e)))
        )
        session.render()  # Save turns on (or off) as the text changes

    field_ = ft.TextField(
        label=session.t("detail.notes"),
        value=stored.notes if draft is None else draft,
        multiline=True,
        min_lines=2,
        on_change=type_,
    )

    def save() -> None:
        now = session.states.of(MatchPage).notes
        if now is None or now[0] != stored.id:
            return
        text = now[1]

        def saved(_: StoredMatch) -> None:
            say(session, session.t("detail.notes_saved"))
            session.states.put(replace(session.states.of(MatchPage), notes=None))

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


def _sharing(session: Session, stored: StoredMatch, text: str) -> list[ft.Control]:
    """Under "Condividi": the picture, the link and its QR, then the files."""
    title, *files = sharing_one(session, stored, text)
    return [title, *share_controls(session, stored, titled=False), *files]


def _why_missing(session: Session, match_id: str | None) -> str:
    """The catalog key of why a match cannot be shown: damaged (its history
    line is there, its record cannot be read) or not found."""
    if match_id is not None:
        with contextlib.suppress(StorageError):
            if session.table.queries.summary(match_id).damaged:
                return "detail.damaged"
    return "detail.missing"


def back_to_night(session: Session, stored: StoredMatch) -> list[ft.Control]:
    """A match of the club night this phone organizes, opened from its
    screen to correct a hand (issue 37): the way back to the night."""
    mark = stored.tournament
    if mark is None or mark.id != session.states.of(ClubState).night:
        return []
    return [
        big_button(
            "detail-club-night",
            session.t("club.back_to_night", name=mark.name),
            lambda: session.go(routes.CLUB_NIGHT),
            ft.Icons.EMOJI_EVENTS,
            "outlined",
        )
    ]


def vanished(session: Session) -> bool:
    """Whether there is no match to show: none chosen, or one deleted since
    ("Partita non trovata"): Back or a typed address lands on the history."""
    match_id = session.states.of(MatchPage).match_id
    if match_id is None:
        return True
    try:
        session.table.queries.get_match(match_id)
    except StorageError:
        return True
    return False


def detail_view(session: Session) -> ft.View:
    """One match: score, chart, hand table, rules, notes, edits, sharing."""
    st = session.states.of(MatchPage)
    stored = None
    if st.match_id is not None:
        with contextlib.suppress(StorageError):
            stored = session.table.queries.get_match(st.match_id)
    appbar = ft.AppBar(title=ft.Text(session.t("detail.title")))
    if stored is None:
        return screen(
            routes.DETAIL,
            appbar,
            [ft.Text(session.t(_why_missing(session, st.match_id)))],
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
    header += back_to_night(session, stored)
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
            hand_table(
                session,
                state,
                None
                if stored.abandoned
                else lambda index: open_correction(session, stored, index),
            ),
            section_title(session.t("detail.rules"), ft.Icons.MENU_BOOK),
            *rules_lines(session, state),
            section_title(session.t("detail.notes"), ft.Icons.NOTES),
            *notes_editor(session, stored),
            section_title(session.t("detail.edits"), ft.Icons.HISTORY),
            *edit_lines(session, stored.id),
            *lifecycle_buttons(session, stored),
            *_sharing(session, stored, text),
        ],
        spacing=10,
    )
