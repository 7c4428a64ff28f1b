"""History, match detail and sharing screens (``/storico``, ``/storico/partita``).

Every number shown comes from the core (the engine's states, ``core.stats``,
``core.export``); this module only lays them out. Per-session choices (the
filters, how many pages are shown, which match is open) live in a
:class:`HistoryState` kept beside the session's ``TableApp``, so two phones
browse the history independently.

Downloads and uploads from a phone's browser use what Flet 1.0.5 offers
offline, with no route of our own on the server:

* **download**: ``FilePicker.save_file(file_name=..., src_bytes=...)``; in the
  web client it hands the bytes to the browser as a file download.
* **upload**: the ``ft.PickFiles`` *client action* on the button (the browser
  opens the file chooser inside the user's tap, which iOS Safari requires),
  ``with_data=True`` so the file's bytes arrive in ``FilePicker.on_result``.
* **clipboard**: the ``ft.CopyToClipboard`` client action, same reason. A
  phone on ``http://192.168.x.y`` is not a secure context and may refuse the
  clipboard, so the summary is also shown as selectable text.

Deleting a match (confirmed) leaves a tombstone in storage: the history shows
a snackbar whose "Annulla" restores it, and ``/storico/eliminate`` lists the
deleted matches with "Ripristina" and offers "Compatta storico" (confirmed),
which erases them for good.

Services and client actions register with ``ft.context.page``; a screen can be
rebuilt from a pubsub handler, where that context is the *sender's* page, so
they are created under :func:`on_page` (the session's own page).
"""

from __future__ import annotations

import contextlib
import json
import weakref
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from typing import TYPE_CHECKING, Any

import flet as ft
import flet_charts as fch
from flet.controls.context import _context_page

from scorekeeper.core.engine import MatchState, Status
from scorekeeper.core.export import match_csv, matches_csv, summary_text
from scorekeeper.core.scoring import ITEMS
from scorekeeper.core.stats import PlayedMatch, SeriesEntry, SeriesScore, series_score
from scorekeeper.storage import StorageError, StoredMatch
from scorekeeper.storage.repository import MatchSummary
from scorekeeper.ui.screens_common import (
    SIDE_COLORS,
    TOUCH_TARGET,
    big_button,
    dialog_button,
    full_width,
    screen,
    section_title,
    semantic,
)

if TYPE_CHECKING:  # pragma: no cover
    from scorekeeper.ui.app import TableApp

HISTORY_ROUTE = "/storico"
DETAIL_ROUTE = "/storico/partita"
DELETED_ROUTE = "/storico/eliminate"
STATS_ROUTE = "/statistiche"
PAGE_SIZE = 20
STATUSES = ("in_progress", "tie_break", "won", "abandoned")
PERIODS = ("all", "week", "month", "year")
ANY = "*"


@dataclass
class HistoryState:
    """What one phone chose on the history screens."""

    player: str | None = None
    opponent: str | None = None
    status: str | None = None
    period: str = "all"
    pages: int = 1
    match_id: str | None = None
    stats_player: str | None = None
    stats_opponent: str | None = None
    stats_partner: str | None = None
    # the last computed statistics: (choice, revision) -> result, and the
    # computations running off the event loop (screens_stats)
    stats_cache: dict[tuple[Any, ...], Any] = field(default_factory=dict)
    stats_loading: set[tuple[Any, ...]] = field(default_factory=set)
    message: str | None = None
    picker: ft.FilePicker | None = None


_STATES: weakref.WeakKeyDictionary[TableApp, HistoryState] = weakref.WeakKeyDictionary()


def state_of(app: TableApp) -> HistoryState:
    st = _STATES.get(app)
    if st is None:
        st = _STATES[app] = HistoryState()
    return st


@contextlib.contextmanager
def on_page(app: TableApp) -> Iterator[None]:
    """Make the session's page the context page (flet internals, pinned 1.0.5)."""
    token = _context_page.set(app.page)
    try:
        yield
    finally:
        _context_page.reset(token)


def played(stored: StoredMatch) -> PlayedMatch:
    """A stored match as the statistics see it (its state is reused)."""
    return PlayedMatch(
        stored.match,
        stored.id,
        stored.created,
        stored.abandoned,
        stored.rematch_of,
        stored.state,
    )


# -- formatting -------------------------------------------------------------------
def when(app: TableApp, t: datetime | date) -> str:
    if isinstance(t, datetime):
        t = t.astimezone()
        return f"{t:%d/%m/%Y %H:%M}" if app.lang == "it" else f"{t:%Y-%m-%d %H:%M}"
    return f"{t:%d/%m/%Y}" if app.lang == "it" else t.isoformat()


def percent(rate: float | None) -> str:
    return "-" if rate is None else f"{round(rate * 100)}%"


def decimal(app: TableApp, value: float) -> str:
    text = f"{value:.1f}"
    return text.replace(".", ",") if app.lang == "it" else text


def status_line(app: TableApp, s: MatchSummary) -> str:
    if s.status == "won" and s.winner_name is not None:
        text = app.t("hist.won_by", name=s.winner_name)
        if s.ending:
            text += " · " + app.t(f"hist.ending.{s.ending}")
        return text
    return app.t(f"hist.status.{s.status}")


def _entry(s: MatchSummary) -> SeriesEntry:
    return SeriesEntry(s.id, s.players, s.winner, s.rematch_of)


def series_of(app: TableApp, s: MatchSummary) -> SeriesScore | None:
    if s.rematch_of is None:
        return None
    repo = app.shared.repo

    def lookup(match_id: str) -> SeriesEntry | None:
        try:
            return _entry(repo.summary(match_id))
        except StorageError:
            return None

    return series_score(_entry(s), lookup)


def series_label(app: TableApp, score: SeriesScore) -> str:
    kind = "hist.bella" if score.is_bella else "hist.rivincita"
    return f"{app.t(kind)} · {app.t('hist.series', score=score.text())}"


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
    folded = [p.casefold() for p in s.players]
    a, b = a.casefold(), b.casefold()
    if a not in folded or b not in folded:
        return False
    return folded.index(a) % 2 != folded.index(b) % 2


def history_items(app: TableApp) -> tuple[list[MatchSummary], bool]:
    """The summaries to show (newest first) and whether more exist.

    The repository filters by one player; an opponent is checked here, on
    pages of the player's matches, so the cost stays one page at a time.
    """
    st = state_of(app)
    repo = app.shared.repo
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


def open_match(app: TableApp, match_id: str) -> None:
    state_of(app).match_id = match_id
    state_of(app).message = None
    app.go(DETAIL_ROUTE)


def history_row(app: TableApp, s: MatchSummary) -> ft.Control:
    a, b = s.sides
    lines = [
        ft.Text(f"{a} {s.totals[0]} - {s.totals[1]} {b}", weight=ft.FontWeight.BOLD),
        ft.Text(
            f"{when(app, s.created)} · {app.t('hist.hands', n=s.hands)} · "
            f"{status_line(app, s)}"
        ),
    ]
    score = series_of(app, s)
    if score is not None:
        lines.append(ft.Text(series_label(app, score), italic=True))
    return semantic(
        f"history-row-{s.id}",
        ft.Container(
            content=ft.Column(controls=lines, spacing=2),
            padding=ft.Padding.symmetric(vertical=8, horizontal=8),
            border=ft.Border.only(bottom=ft.BorderSide(1, ft.Colors.OUTLINE_VARIANT)),
            on_click=lambda _: open_match(app, s.id),
            ink=True,
        ),
    )


def _dropdown(
    identifier: str,
    label: str,
    options: list[tuple[str, str]],
    value: str,
    on_select,
) -> ft.Control:
    return semantic(
        identifier,
        ft.Dropdown(
            label=label,
            value=value,
            options=[ft.DropdownOption(key=k, text=t) for k, t in options],
            on_select=lambda e: on_select(e.control.value),
            expand=True,
        ),
        expand=True,
    )


def _players(app: TableApp) -> list[str]:
    return [p.name for p in app.shared.repo.players()]


def filters(app: TableApp) -> list[ft.Control]:
    st = state_of(app)
    people = [(ANY, app.t("hist.filter.any")), *((p, p) for p in _players(app))]

    def setter(name: str):
        def set_(value: str) -> None:
            setattr(st, name, None if value == ANY else value)
            st.pages = 1
            app.render()

        return set_

    def set_period(value: str) -> None:
        st.period, st.pages = value, 1
        app.render()

    return [
        ft.Row(
            controls=[
                _dropdown(
                    "history-filter-player",
                    app.t("hist.filter.player"),
                    people,
                    st.player or ANY,
                    setter("player"),
                ),
                _dropdown(
                    "history-filter-opponent",
                    app.t("hist.filter.opponent"),
                    people,
                    st.opponent or ANY,
                    setter("opponent"),
                ),
            ]
        ),
        ft.Row(
            controls=[
                _dropdown(
                    "history-filter-status",
                    app.t("hist.filter.status"),
                    [
                        (ANY, app.t("hist.filter.any")),
                        *((s, app.t(f"hist.status.{s}")) for s in STATUSES),
                    ],
                    st.status or ANY,
                    setter("status"),
                ),
                _dropdown(
                    "history-filter-period",
                    app.t("hist.filter.period"),
                    [(p, app.t(f"hist.period.{p}")) for p in PERIODS],
                    st.period,
                    set_period,
                ),
            ]
        ),
    ]


def message_line(app: TableApp) -> ft.Control:
    text = state_of(app).message
    # The wrapper is hidden, not its content: a Semantics needs visible content.
    return ft.Semantics(
        identifier="history-message",
        visible=bool(text),
        content=ft.Text(text or "-", weight=ft.FontWeight.BOLD),
    )


def history_view(app: TableApp) -> ft.View:
    """Every match, newest first, filtered; a page at a time ("show more")."""
    st = state_of(app)
    items, more = history_items(app)
    rows: list[ft.Control] = [history_row(app, s) for s in items]
    if not items:
        rows.append(ft.Text(app.t("hist.empty")))
    if more:

        def more_(_: object) -> None:
            st.pages += 1
            app.render()

        rows.append(
            full_width(
                "history-more",
                ft.OutlinedButton(
                    content=app.t("hist.more"),
                    height=TOUCH_TARGET,
                    on_click=more_,
                ),
            )
        )
    return screen(
        HISTORY_ROUTE,
        app.t("hist.title"),
        [
            *filters(app),
            message_line(app),
            *rows,
            ft.Divider(),
            big_button(
                "history-stats",
                app.t("hist.stats"),
                lambda: app.go(STATS_ROUTE),
                icon=ft.Icons.INSIGHTS,
            ),
            *sharing_all(app),
            deleted_entry(app),
        ],
        spacing=8,
        # full-width rows: each row's divider and tap area span the screen
        horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
    )


def deleted_entry(app: TableApp) -> ft.Control:
    """The way to the deleted matches (how many there are)."""
    return big_button(
        "history-deleted",
        app.t("hist.deleted_n", n=len(app.shared.repo.deleted_matches())),
        lambda: app.go(DELETED_ROUTE),
        icon=ft.Icons.DELETE_OUTLINE,
        kind="outlined",
    )


# -- sharing: files in and out -----------------------------------------------------
def _picker(app: TableApp) -> ft.FilePicker:
    """The session's FilePicker (created once, on the session's page)."""
    st = state_of(app)
    if st.picker is None:
        with on_page(app):
            st.picker = ft.FilePicker(on_result=lambda e: imported(app, e))
    return st.picker


async def download(app: TableApp, name: str, data: bytes) -> None:
    """Offer *data* to the browser as the file *name* (a download on a phone)."""
    picker = _picker(app)
    await picker.save_file(file_name=name, src_bytes=data)
    state_of(app).message = app.t("share.downloaded", name=name)
    app.render()


def _json_bytes(doc: object) -> bytes:
    return (json.dumps(doc, ensure_ascii=False, indent=1) + "\n").encode("utf-8")


def _broadcast(app: TableApp) -> None:
    from scorekeeper.ui.app import TOPIC  # app.py imports this module

    app.page.pubsub.send_all_on_topic(TOPIC, {"history": True})


def import_bytes(app: TableApp, data: bytes) -> str:
    """Import a match file (one match or a list); the sentence to show.

    A refused file changes nothing (the repository imports all or nothing)
    and the sentence says why.
    """
    try:
        doc = json.loads(data.decode("utf-8-sig"))
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        return app.t("share.refused", reason=app.t("share.not_json", error=error))
    docs = doc if isinstance(doc, list) else [doc]
    try:
        results = app.shared.repo.import_documents(docs)
    except StorageError as error:
        return app.t("share.refused", reason=str(error))
    created = sum(r.created for r in results)
    if created:
        _broadcast(app)
    if created == 0:
        return app.t("share.already")
    if len(results) == 1:
        state_of(app).match_id = results[0].id
        return app.t("share.imported_one")
    return app.t("share.imported", n=created)


def imported(app: TableApp, e: Any) -> None:
    files = getattr(e, "files", None) or []
    data = files[0].bytes if files else None
    st = state_of(app)
    st.message = (
        app.t("share.cancelled") if data is None else import_bytes(app, bytes(data))
    )
    app.render()


def sharing_all(app: TableApp) -> list[ft.Control]:
    """Export every match (JSON as FORMAT.md documents, or CSV), import a file."""

    async def all_json(_: object) -> None:
        docs = app.shared.repo.export_all()
        await download(app, f"spazzino-{date.today():%Y%m%d}.json", _json_bytes(docs))

    async def all_csv(_: object) -> None:
        text = matches_csv(played(m) for m in app.shared.repo.stored_matches())
        await download(
            app, f"spazzino-{date.today():%Y%m%d}.csv", text.encode("utf-8-sig")
        )

    picker = _picker(app)
    with on_page(app):
        pick = ft.PickFiles(
            picker,
            file_type=ft.FilePickerFileType.CUSTOM,
            allowed_extensions=["json"],
            with_data=True,
        )
    return [
        _button("history-export-json", app.t("hist.export_all"), all_json),
        _button("history-export-csv", app.t("hist.export_all_csv"), all_csv),
        full_width(
            "history-import",
            ft.OutlinedButton(
                content=app.t("hist.import"),
                icon=ft.Icons.UPLOAD_FILE,
                height=TOUCH_TARGET,
                action=pick,
            ),
        ),
    ]


def _button(identifier: str, text: str, handler, icon=ft.Icons.DOWNLOAD) -> ft.Control:
    return full_width(
        identifier,
        ft.OutlinedButton(
            content=text, icon=icon, height=TOUCH_TARGET, on_click=handler
        ),
    )


# -- match detail -----------------------------------------------------------------
def score_chart(app: TableApp, state: MatchState) -> ft.Control:
    """The two running totals hand by hand, and the target as a dashed line."""
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
            ft.Text(app.t("detail.target_line", target=target)),
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


def _item_label(app: TableApp, item: str) -> str:
    return app.t(f"pts.{item}")


def hand_table(app: TableApp, state: MatchState) -> ft.Control:
    """Every scoring item per side, hand by hand, with dealer and running total."""
    cols = [
        app.t("detail.col.hand"),
        app.t("detail.col.dealer"),
        app.t("detail.col.side"),
        *(_item_label(app, i) for i in ITEMS),
        app.t("detail.col.total"),
        app.t("detail.col.running"),
    ]
    rows = []
    for h in state.hands:
        for side in (0, 1):
            p = h.points[side]
            first = side == 0
            hand_text = str(h.number) if first else ""
            if first and h.tie_break:
                hand_text += f" ({app.t('detail.tie_break_hand')})"
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
            app.t(
                "detail.declared",
                by=h.declaration.by,
                deal=h.declaration.deal,
                verdict=app.t(
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


def rules_lines(app: TableApp, state: MatchState) -> list[ft.Control]:
    r = state.setup.rules
    keys = [
        app.t("detail.rule.target", target=r.target),
        app.t(f"detail.rule.spazzino_numeral.{r.spazzino_numeral.value}"),
        app.t(f"detail.rule.ties.{r.ties.value}"),
        app.t(f"detail.rule.scaluneddu.{'on' if r.scaluneddu else 'off'}"),
        app.t(f"detail.rule.early_win.{'on' if r.early_win else 'off'}"),
    ]
    return [ft.Text(k) for k in keys]


def edit_lines(app: TableApp, match_id: str) -> list[ft.Control]:
    edits = app.shared.repo.edit_history(match_id)
    if not edits:
        return [ft.Text(app.t("detail.no_edits"))]
    out: list[ft.Control] = []
    for e in edits:
        hand = None if e.index is None else e.index + 1
        text = f"{e.number}. {when(app, e.at)} · " + app.t(
            f"detail.edit.{e.action}", hand=hand, number=e.undoes
        )
        if e.by:
            text += " " + app.t("detail.edit.by", by=e.by)
        if e.undone:
            text += " " + app.t("detail.edit.undone")
        out.append(ft.Text(text, size=13))
    return out


def _confirm(app: TableApp, text: str, on_yes) -> None:
    def yes() -> None:
        app.page.pop_dialog()
        on_yes()

    dialog = ft.AlertDialog(
        modal=True,
        content=ft.Text(text),
        actions=[
            dialog_button(None, app.t("detail.cancel"), app.page.pop_dialog),
            dialog_button(None, app.t("detail.confirm"), yes, filled=True),
        ],
    )
    app.page.show_dialog(dialog)


def lifecycle_buttons(app: TableApp, stored: StoredMatch) -> list[ft.Control]:
    """Abandon an open match (confirmed) or resume an abandoned one; delete
    any match (confirmed)."""
    return [*_abandon_or_resume(app, stored), delete_button(app, stored.id)]


def _abandon_or_resume(app: TableApp, stored: StoredMatch) -> list[ft.Control]:
    if stored.abandoned:
        return [
            big_button(
                "detail-resume",
                app.t("detail.resume"),
                lambda: app.apply(lambda repo: repo.resume_match(stored.id)),
                icon=ft.Icons.PLAY_ARROW,
                kind="outlined",
            )
        ]
    if stored.state.status is Status.WON:
        return []
    return [
        big_button(
            "detail-abandon",
            app.t("detail.abandon"),
            lambda: _confirm(
                app,
                app.t("detail.abandon_confirm"),
                lambda: app.apply(lambda repo: repo.abandon_match(stored.id)),
            ),
            icon=ft.Icons.FLAG,
            kind="outlined",
        )
    ]


# -- deleting, restoring, compacting -----------------------------------------------
def _newest_open(repo: Any) -> StoredMatch | None:
    """The newest match still being played (what the table goes back to)."""
    found = [
        page.items[0]
        for page in (
            repo.list_history(status=status, limit=1)
            for status in ("in_progress", "tie_break")
        )
        if page.items
    ]
    if not found:
        return None
    return repo.get_match(max(found, key=lambda s: s.created).id)


def _table_change(app: TableApp, action) -> None:
    """Run *action(repo)* as a table change: under the table's lock, and the
    match it returns becomes the table's match (``SharedTable.change``)."""
    shared = app.shared
    change = getattr(shared, "change", None)
    if change is None:  # a bare holder of the repository (tests, benchmarks)
        action(shared.repo)
    else:
        change(action)


def _current(app: TableApp) -> StoredMatch | None:
    current = getattr(app.shared, "current", None)
    return current() if current is not None else None


def delete_match(app: TableApp, match_id: str) -> None:
    """Delete the match (a tombstone); if the table was on it, the table goes
    back to the newest match still being played, if any."""

    def action(repo: Any) -> StoredMatch | None:
        repo.delete_match(match_id)
        current = _current(app)
        if current is not None and current.id == match_id:
            return _newest_open(repo)
        return current

    _table_change(app, action)


def restore_match(app: TableApp, match_id: str) -> str:
    """Bring a deleted match back; the sentence to show. A restored match
    still being played becomes the table's match if the table has none."""

    def action(repo: Any) -> StoredMatch | None:
        restored = repo.restore_match(match_id)
        current = _current(app)
        playing = restored.state.status in (Status.IN_PROGRESS, Status.TIE_BREAK)
        if current is None and playing and not restored.abandoned:
            return restored
        return current

    try:
        _table_change(app, action)
    except StorageError as error:
        if error.code == "not_deleted":  # restored meanwhile (the other button)
            return app.t("hist.restored")
        return str(error)
    _broadcast(app)
    return app.t("hist.restored")


def confirmed_delete(app: TableApp, match_id: str) -> None:
    """After the confirmation: delete, back to the history, and a snackbar
    whose "Annulla" restores the match."""
    st = state_of(app)
    try:
        delete_match(app, match_id)
    except StorageError as error:
        st.message = str(error)
        app.render()
        return
    _broadcast(app)
    st.match_id, st.message = None, None

    def undo(_: object) -> None:
        state_of(app).message = restore_match(app, match_id)
        app.render()

    app.page.show_dialog(
        ft.SnackBar(
            content=ft.Text(app.t("hist.deleted_snack")),
            action=app.t("hist.undo"),
            on_action=undo,
            duration=ft.Duration(seconds=8),
        )
    )
    app.go(HISTORY_ROUTE)


def delete_button(app: TableApp, match_id: str) -> ft.Control:
    return big_button(
        "detail-delete",
        app.t("detail.delete"),
        lambda: _confirm(
            app,
            app.t("detail.delete_confirm"),
            lambda: confirmed_delete(app, match_id),
        ),
        icon=ft.Icons.DELETE_OUTLINE,
        kind="outlined",
    )


def compact(app: TableApp) -> str:
    """Erase the deleted matches for good; the sentence to show."""
    try:
        n = app.shared.repo.compact_history()
    except StorageError as error:
        return str(error)
    return app.t("hist.compacted", n=n)


def deleted_row(app: TableApp, s: MatchSummary) -> ft.Control:
    a, b = s.sides
    deleted = when(app, s.deleted_at) if s.deleted_at else "?"

    def restore(_: object) -> None:
        state_of(app).message = restore_match(app, s.id)
        app.render()

    return semantic(
        f"deleted-row-{s.id}",
        ft.Container(
            padding=ft.Padding.symmetric(vertical=8, horizontal=8),
            border=ft.Border.only(bottom=ft.BorderSide(1, ft.Colors.OUTLINE_VARIANT)),
            content=ft.Column(
                spacing=4,
                controls=[
                    ft.Text(
                        f"{a} {s.totals[0]} - {s.totals[1]} {b}",
                        weight=ft.FontWeight.BOLD,
                    ),
                    ft.Text(
                        f"{when(app, s.created)} · {status_line(app, s)} · "
                        + app.t("hist.deleted_at", date=deleted)
                    ),
                    full_width(
                        f"deleted-restore-{s.id}",
                        ft.OutlinedButton(
                            content=app.t("hist.restore"),
                            icon=ft.Icons.RESTORE_FROM_TRASH,
                            height=TOUCH_TARGET,
                            on_click=restore,
                        ),
                    ),
                ],
            ),
        ),
    )


def deleted_view(app: TableApp) -> ft.View:
    """The deleted matches, each with "Ripristina"; "Compatta storico" below."""
    st = state_of(app)
    items = app.shared.repo.deleted_matches()
    rows: list[ft.Control] = [deleted_row(app, s) for s in items]
    if not items:
        rows.append(ft.Text(app.t("hist.deleted_empty")))

    def compact_(_: object = None) -> None:
        st.message = compact(app)
        app.render()

    controls = [message_line(app), *rows, ft.Divider()]
    if items:
        controls += [
            ft.Text(app.t("hist.compact_help"), size=13),
            big_button(
                "deleted-compact",
                app.t("hist.compact"),
                lambda: _confirm(
                    app, app.t("hist.compact_confirm", n=len(items)), compact_
                ),
                icon=ft.Icons.DELETE_FOREVER,
                kind="outlined",
            ),
        ]
    return screen(
        DELETED_ROUTE,
        app.t("hist.deleted"),
        controls,
        spacing=8,
        horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
    )


def notes_editor(app: TableApp, stored: StoredMatch) -> list[ft.Control]:
    field_ = ft.TextField(
        label=app.t("detail.notes"), value=stored.notes, multiline=True, min_lines=2
    )

    def save() -> None:
        app.shared.repo.set_notes(stored.id, field_.value or "")
        state_of(app).message = app.t("detail.notes_saved")
        app.render()

    return [
        semantic("detail-notes", field_),
        big_button(
            "detail-notes-save", app.t("detail.notes_save"), save, kind="outlined"
        ),
    ]


def sharing_one(app: TableApp, stored: StoredMatch, summary: str) -> list[ft.Control]:
    stem = f"spazzino-{stored.id}"

    async def as_json(_: object) -> None:
        await download(
            app, f"{stem}.json", _json_bytes(app.shared.repo.export_match(stored.id))
        )

    async def as_csv(_: object) -> None:
        text = match_csv(stored.state, stored.id, stored.created)
        await download(app, f"{stem}.csv", text.encode("utf-8-sig"))

    def copied(_: object) -> None:
        state_of(app).message = app.t("share.copied")
        app.render()

    with on_page(app):
        copy = ft.CopyToClipboard(summary)
    return [
        section_title(app.t("share.title"), ft.Icons.SHARE),
        full_width(
            "detail-copy",
            ft.FilledButton(
                content=app.t("share.copy"),
                icon=ft.Icons.CONTENT_COPY,
                height=TOUCH_TARGET,
                action=copy,
                on_click=copied,
            ),
        ),
        _button("detail-export-json", app.t("share.json"), as_json),
        _button("detail-export-csv", app.t("share.csv"), as_csv),
        semantic(
            "detail-summary",
            ft.TextField(
                label=app.t("share.summary"),
                value=summary,
                multiline=True,
                read_only=True,
                text_size=12,
            ),
        ),
    ]


def detail_view(app: TableApp) -> ft.View:
    """One match: score, chart, hand table, rules, notes, edits, sharing."""
    st = state_of(app)
    stored = None
    if st.match_id is not None:
        with contextlib.suppress(StorageError):
            stored = app.shared.repo.get_match(st.match_id)
    appbar = ft.AppBar(title=ft.Text(app.t("detail.title")))
    if stored is None:
        return screen(
            DETAIL_ROUTE,
            appbar,
            [ft.Text(app.t("detail.missing"))],
        )
    state = stored.state
    summary = app.shared.repo.summary(stored.id)
    score = series_of(app, summary)
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
        ft.Text(f"{when(app, stored.created)} · {status_line(app, summary)}"),
    ]
    if score is not None:
        header.append(ft.Text(series_label(app, score), italic=True))
    text = summary_text(
        state,
        app.lang,
        played=stored.created,
        abandoned=stored.abandoned,
        notes=stored.notes,
        series=None if score is None else score.wins,
    )
    return screen(
        DETAIL_ROUTE,
        appbar,
        [
            *header,
            message_line(app),
            section_title(app.t("detail.chart"), ft.Icons.SHOW_CHART),
            score_chart(app, state),
            section_title(app.t("detail.hands"), ft.Icons.TABLE_CHART),
            hand_table(app, state),
            section_title(app.t("detail.rules"), ft.Icons.MENU_BOOK),
            *rules_lines(app, state),
            section_title(app.t("detail.notes"), ft.Icons.NOTES),
            *notes_editor(app, stored),
            section_title(app.t("detail.edits"), ft.Icons.HISTORY),
            *edit_lines(app, stored.id),
            *lifecycle_buttons(app, stored),
            *sharing_one(app, stored, text),
        ],
        spacing=10,
    )


def _stats_view(app: TableApp) -> ft.View:
    from scorekeeper.ui.screens_stats import stats_view  # one module per screen

    return stats_view(app)


HISTORY_SCREENS = {
    HISTORY_ROUTE: history_view,
    DETAIL_ROUTE: detail_view,
    DELETED_ROUTE: deleted_view,
    STATS_ROUTE: _stats_view,
}
"""The routes of this module, merged into ``app.SCREENS``."""

HISTORY_PARENTS = {
    DETAIL_ROUTE: HISTORY_ROUTE,
    DELETED_ROUTE: HISTORY_ROUTE,
    STATS_ROUTE: HISTORY_ROUTE,
}
"""Where the back arrow of these screens leads, merged into ``app.PARENTS``."""
