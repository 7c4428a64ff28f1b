"""The scoreboard's list of hands and what a hand row does: open a hand's
breakdown, correct it, delete it (at once, with an undo offer:
``hand_changes.py``), and the
scoreboard's buttons that open the entry. Read from the core's
``MatchState``; nothing is added up here."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from functools import partial

import flet as ft

from scorekeeper.core.engine import (
    HandResult,
    MatchState,
)
from scorekeeper.core.model import MatchSetup
from scorekeeper.core.scoring import ITEMS
from scorekeeper.i18n.endings import declaration_words
from scorekeeper.ui import routes
from scorekeeper.ui.access.event_guard import show_dialog
from scorekeeper.ui.kit.formatting import card_text
from scorekeeper.ui.kit.widgets import (
    SMALL_TARGET,
    big_button,
    dialog_button,
    one_line,
    semantic,
    wrapped,
)
from scorekeeper.ui.parts.hand_changes import delete_hand
from scorekeeper.ui.screens.hand_entry.state import EntryState
from scorekeeper.ui.screens.scoreboard.state import ScoreboardState
from scorekeeper.ui.shell.kept_parts import Keeper
from scorekeeper.ui.shell.session import Session

# -- hands -----------------------------------------------------------------------
HAND_MARK_WIDTH = 96
"""The hand column of the hand list: the number and "dichiarazione" at 12 px."""


def start_hand(session: Session) -> None:
    """Open the hand entry on a fresh draft (or the live tally's, see
    ``hand_entry.actions.settled``)."""
    session.states.drop(EntryState)
    session.go(routes.HAND)


def start_declaration(session: Session) -> None:
    session.states.drop(EntryState)
    session.go(routes.DECLARE)


def edit_hand(session: Session, index: int) -> None:
    stored = session.current()
    if stored is None:
        return
    session.page.pop_dialog()
    hand = stored.match.hands[index]
    # saved over only if still there (another phone)
    session.states.put(EntryState.open_edit(stored, index))
    session.go(routes.DECLARE if hand.declaration is not None else routes.HAND)


def item_label(session: Session, item: str) -> str:
    return card_text(session, f"pts.{item}")


def breakdown_table(
    session: Session, setup: MatchSetup, result: HandResult
) -> ft.Column:
    """A hand's points item by item, both sides, as the core scored them."""
    header = ft.Row(
        controls=[
            ft.Text("", expand=3),
            *(
                ft.Text(
                    setup.side_name(s),
                    expand=2,
                    weight=ft.FontWeight.BOLD,
                    text_align=ft.TextAlign.RIGHT,
                )
                for s in (0, 1)
            ),
        ]
    )
    rows: list[ft.Control] = [header]
    for item in (*ITEMS, "total"):
        values = [
            result.points[s].total
            if item == "total"
            else getattr(result.points[s], item)
            for s in (0, 1)
        ]
        bold = ft.FontWeight.BOLD if item == "total" else None
        rows.append(
            ft.Row(
                controls=[
                    ft.Text(item_label(session, item), expand=3, weight=bold),
                    *(
                        semantic(
                            f"detail-{item}-{s}",
                            ft.Text(
                                str(values[s]),
                                weight=bold,
                                text_align=ft.TextAlign.RIGHT,
                            ),
                            expand=2,
                        )
                        for s in (0, 1)
                    ),
                ]
            )
        )
    return ft.Column(controls=rows, spacing=4, tight=True)


def show_hand_detail(session: Session, index: int) -> None:
    stored = session.current()
    if stored is None or index >= len(stored.state.hands):
        return
    state = stored.state
    result = state.hands[index]
    shown = stored.match.hands[index]  # deleted only if still this hand
    lines: list[ft.Control] = [
        ft.Text(session.t("hand.dealt_by", dealer=result.seats.dealer)),
        breakdown_table(session, state.setup, result),
        ft.Text(
            session.t(
                "hand.totals_after", total1=result.totals[0], total2=result.totals[1]
            )
        ),
    ]
    if result.declaration is not None:
        lines.append(ft.Text(declaration_sentence(session, state, result)))
    show_dialog(
        session,
        ft.AlertDialog(
            title=ft.Text(session.t("hand.title", number=result.number)),
            scrollable=True,
            content=ft.Column(controls=lines, tight=True, spacing=8),
            actions=[
                dialog_button(
                    "detail-edit",
                    session.t("act.edit"),
                    lambda: edit_hand(session, index),
                    ft.Icons.EDIT,
                ),
                dialog_button(
                    "detail-delete",
                    session.t("act.delete"),
                    lambda: delete_hand(session, index, shown),
                    ft.Icons.DELETE,
                ),
                dialog_button(
                    "detail-close", session.t("act.close"), session.page.pop_dialog
                ),
            ],
        ),
    )


RECENT_HANDS = 6

"""Hands listed on the scoreboard until "show all" is tapped: the screen is
rebuilt after every Save, and a long list makes that slower in the browser
(the match detail in the history always has every hand)."""


def hand_rows(session: Session, state: MatchState, keep: Keeper) -> list[ft.Control]:
    """The hands played, newest first; a tap opens the breakdown. ``keep``:
    the screen's parts kept from its last build (``ui/shell/kept_parts.py``)."""
    column = session.t("score.hand_column")
    names = (state.setup.side_name(0), state.setup.side_name(1))
    header = keep(
        ("hand-header", column, names),
        lambda: ft.Row(
            controls=[
                ft.Text(column, width=HAND_MARK_WIDTH, weight=ft.FontWeight.BOLD),
                *(
                    wrapped(
                        names[s],
                        expand=3,
                        weight=ft.FontWeight.BOLD,
                        text_align=ft.TextAlign.RIGHT,
                    )
                    for s in (0, 1)
                ),
            ]
        ),
    )
    rows: list[ft.Control] = [header]
    shown = state.hands
    if (
        len(shown) > RECENT_HANDS
        and not session.states.of(ScoreboardState).show_all_hands
    ):
        shown = shown[-RECENT_HANDS:]
    # A row that shows what it showed at the last build is the same control:
    # Save builds and sends one new row instead of comparing every row.
    for result in reversed(shown):
        shows = (  # all a row shows; its tap reads the table's match
            "hand-row",
            session.translator.lang,
            result.number,
            result.tie_break,
            result.declaration is not None,
            tuple(p.total for p in result.points),
            tuple(result.totals),
        )
        rows.append(keep(shows, partial(hand_row, session, result)))
    if len(shown) < len(state.hands):
        rows.append(
            kept_button(
                keep,
                "score-all-hands",
                session.t("score.all_hands", count=len(state.hands)),
                lambda: show_all_hands(session),
                ft.Icons.EXPAND_MORE,
                "outlined",
            )
        )
    return rows


def kept_button(
    keep: Keeper,
    identifier: str,
    text: str,
    on_click: Callable[[], object],
    icon: ft.IconData,
    kind: str = "filled",
    uses: Hashable = None,
) -> ft.Control:
    """``big_button``, the same control while its text and ``uses`` (what
    ``on_click`` takes along besides the session) stay the same."""
    return keep(
        (identifier, text, uses),
        lambda: big_button(identifier, text, on_click, icon=icon, kind=kind),
    )


def hand_row(session: Session, result: HandResult) -> ft.Control:
    """One hand of the list: its number (and mark), each side's points and
    total; a tap opens the breakdown."""
    marks = []
    if result.tie_break:
        marks.append(session.t("score.tie_break_mark"))
    if result.declaration is not None:
        marks.append(session.t("score.declaration_mark"))
    # The mark ("dichiarazione", "spareggio") on its own small line under
    # the number, in a column wide enough for it: squeezed beside the
    # number it broke mid-word ("dichiara/zione") on a 360 px phone.
    cells: list[ft.Control] = [
        ft.Column(
            width=HAND_MARK_WIDTH,
            spacing=0,
            alignment=ft.MainAxisAlignment.CENTER,
            controls=[
                ft.Text(str(result.number)),
                one_line(", ".join(marks), size=12, max_lines=1),
            ]
            if marks
            else [ft.Text(str(result.number))],
        )
    ]
    for s in (0, 1):
        cells.append(
            ft.Text(
                session.t(
                    "score.hand_cell",
                    points=result.points[s].total,
                    total=result.totals[s],
                ),
                expand=3,
                text_align=ft.TextAlign.RIGHT,
            )
        )
    index = result.number - 1
    return semantic(
        f"hand-row-{result.number}",
        ft.Container(
            content=ft.Row(controls=cells),
            height=SMALL_TARGET,
            padding=ft.Padding.symmetric(horizontal=8),
            border=ft.Border.only(bottom=ft.BorderSide(1, ft.Colors.OUTLINE_VARIANT)),
            ink=True,
            on_click=lambda _, i=index: show_hand_detail(session, i),
        ),
    )


def show_all_hands(session: Session) -> None:
    session.states.of(ScoreboardState).show_all_hands = True
    session.render()


def declaration_sentence(
    session: Session, state: MatchState, result: HandResult
) -> str:
    return declaration_words(state, result, session.t)
