"""The scoreboard of the match being played: both totals, who deals, the hands
(with a hand's breakdown, correction, deletion and undo). Every point shown is
read from the core's ``MatchState``; nothing is added up here. Once the match
is over, the same route shows who won and how, and offers the rivincita.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from functools import partial

import flet as ft

from scorekeeper.core.engine import (
    Ending,
    HandResult,
    MatchState,
    Status,
    declaration_allowed,
)
from scorekeeper.core.model import MatchSetup
from scorekeeper.core.scoring import ITEMS
from scorekeeper.storage import StoredMatch
from scorekeeper.ui import routes
from scorekeeper.ui.formatting import card_text, missing_text
from scorekeeper.ui.guard import show_dialog
from scorekeeper.ui.keeper import Keeper
from scorekeeper.ui.palette import ON_WARNING_FILL, WARNING_FILL
from scorekeeper.ui.screens.hand_entry.state import EntryState
from scorekeeper.ui.screens.new_match import open_new_match
from scorekeeper.ui.screens.share_match import share_controls
from scorekeeper.ui.session import Session
from scorekeeper.ui.widgets import (
    ON_SIDE_COLOR,
    SIDE_COLORS,
    SMALL_TARGET,
    big_button,
    dialog_button,
    error_banner,
    one_line,
    screen,
    semantic,
    wrapped,
)

# -- scoreboard ------------------------------------------------------------------
HAND_MARK_WIDTH = 96
"""The hand column of the hand list: the number and "dichiarazione" at 12 px."""


def start_hand(session: Session) -> None:
    """Open the hand entry on a fresh draft (or the live tally's, see
    ``hand_entry.actions.settled``)."""
    session.entry = None
    session.go(routes.HAND)


def start_declaration(session: Session) -> None:
    session.entry = None
    session.go(routes.DECLARE)


def edit_hand(session: Session, index: int) -> None:
    stored = session.current()
    if stored is None:
        return
    session.page.pop_dialog()
    hand = stored.match.hands[index]
    # saved over only if still there (another phone)
    session.entry = EntryState.open_edit(stored, index)
    session.go(routes.DECLARE if hand.declaration is not None else routes.HAND)


def undo_last(session: Session, expected: int | None = None) -> None:
    """Undo the last change; with ``expected`` only if it is still that edit
    (another phone may have changed the match since this one drew it)."""
    stored = session.current()
    if stored is not None:
        session.apply(lambda table: table.undo(stored.id, expected=expected))


def confirm_delete(session: Session, index: int) -> None:
    stored = session.current()
    if stored is None:
        return
    session.page.pop_dialog()
    shown = stored.match.hands[index]  # deleted only if still there

    def delete() -> None:
        session.page.pop_dialog()
        done = session.apply(
            lambda table: table.delete_hand(stored.id, index, expected=shown)
        )
        if done is not None:
            show_dialog(
                session,
                ft.SnackBar(
                    content=ft.Text(session.t("hand.deleted", number=index + 1)),
                    action=session.t("act.undo"),
                    on_action=lambda _: undo_last(session, done.undo_target),
                ),
            )

    show_dialog(
        session,
        ft.AlertDialog(
            modal=True,
            title=ft.Text(session.t("hand.delete_title", number=index + 1)),
            content=ft.Text(session.t("hand.delete_body")),
            actions=[
                dialog_button(
                    "confirm-cancel", session.t("act.cancel"), session.page.pop_dialog
                ),
                dialog_button(
                    "confirm-delete", session.t("act.delete"), delete, filled=True
                ),
            ],
        ),
    )


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
                    lambda: confirm_delete(session, index),
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
    the screen's parts kept from its last build (``ui/keeper.py``)."""
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
    if len(shown) > RECENT_HANDS and not session.show_all_hands:
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
    session.show_all_hands = True
    session.render()


def total_card(
    session: Session, state: MatchState, side: int, keep: Keeper
) -> ft.Control:
    setup = state.setup
    name = setup.side_name(side)
    return ft.Container(
        expand=True,
        bgcolor=SIDE_COLORS[side],
        border_radius=12,
        padding=12,
        content=ft.Column(
            horizontal_alignment=ft.CrossAxisAlignment.CENTER,
            spacing=2,
            controls=[
                # A long name wraps, never cut: the card's width bounds it,
                # the total below it stays whole.
                keep(
                    ("score-side", side, name),
                    lambda: semantic(
                        f"score-side-{side}",
                        wrapped(
                            name,
                            color=ON_SIDE_COLOR,
                            size=16,
                            weight=ft.FontWeight.BOLD,
                            text_align=ft.TextAlign.CENTER,
                        ),
                    ),
                ),
                semantic(
                    f"score-total-{side}",
                    ft.Text(
                        str(state.totals[side]),
                        color=ON_SIDE_COLOR,
                        size=56,
                        weight=ft.FontWeight.BOLD,
                    ),
                ),
                # "mancano N" only while the match is played: once it is over
                # nothing is missing any more.
                semantic(
                    f"score-missing-{side}",
                    ft.Text(
                        missing_text(session, state, side),
                        color=ON_SIDE_COLOR,
                        size=16,
                    ),
                    visible=not state.decided,
                ),
            ],
        ),
    )


def seat_line(
    keep: Keeper, identifier: str, icon: ft.IconData, text: str
) -> ft.Control:
    """Who deals, cuts or plays first; the icon is the last build's (its
    text changes at every hand, the icon never)."""
    return ft.Row(
        controls=[
            keep((identifier, "icon"), lambda: ft.Icon(icon)),
            semantic(identifier, one_line(text, size=16), expand=True),
        ]
    )


def scoreboard_view(session: Session) -> ft.View:
    """Both totals, "mancano N", the hand number and seats, the hand list."""
    stored = session.current()
    if stored is None:
        return screen(
            routes.MATCH,
            session.t("score.title"),
            [
                ft.Text(session.t("score.no_match")),
                big_button(
                    "score-new-match",
                    session.t("home.new_match"),
                    lambda: open_new_match(session),
                    icon=ft.Icons.PLAY_ARROW,
                ),
            ],
        )
    keep = session.board_parts.start()
    if stored.state.decided:
        return match_over_view(session, stored, keep)
    state = stored.state
    seats = state.next_seats
    assert seats is not None  # not decided
    number = state.next_hand_number
    tie_break = state.status is Status.TIE_BREAK
    tie_text = session.t("score.tie_break", total=state.totals[0])
    banner = keep(  # hidden, it keeps whatever text it had
        ("score-tiebreak", tie_text if tie_break else None),
        lambda: semantic(
            "score-tiebreak",
            ft.Container(
                bgcolor=WARNING_FILL,
                border=ft.Border.all(2, ON_WARNING_FILL),
                border_radius=8,
                padding=12,
                content=ft.Row(
                    controls=[
                        ft.Icon(ft.Icons.BALANCE, color=ON_WARNING_FILL),
                        ft.Text(
                            tie_text,
                            color=ON_WARNING_FILL,
                            weight=ft.FontWeight.BOLD,
                            expand=True,
                        ),
                    ]
                ),
            ),
            visible=tie_break,
        ),
    )
    actions = [
        kept_button(
            keep,
            "score-add-hand",
            session.t("score.add_hand", number=number),
            lambda: start_hand(session),
            ft.Icons.EDIT_NOTE,
        ),
        kept_button(
            keep,
            "score-live",
            session.t("live.open"),
            lambda: session.go("/live"),
            ft.Icons.TOUCH_APP,
            "outlined",
        ),
    ]
    if declaration_allowed(state):  # the core says: agreed, 2 players, no tie-break
        actions.append(
            kept_button(
                keep,
                "score-declare",
                session.t("score.declare"),
                lambda: start_declaration(session),
                ft.Icons.EMOJI_EVENTS,
                "outlined",
            )
        )
    if stored.can_undo:
        target = stored.undo_target  # it undoes the edit it was drawn for
        actions.append(
            kept_button(
                keep,
                "score-undo",
                session.t("score.undo"),
                lambda: undo_last(session, target),
                ft.Icons.UNDO,
                "outlined",
                uses=target,
            )
        )
    title = session.t("score.title")
    return screen(
        routes.MATCH,
        keep(("appbar", title), lambda: ft.AppBar(title=ft.Text(title))),
        [
            keep(("error-banner", session.error), lambda: error_banner(session.error)),
            ft.Row(
                controls=[
                    total_card(session, state, 0, keep),
                    total_card(session, state, 1, keep),
                ]
            ),
            semantic(
                "score-hand-number",
                ft.Text(
                    session.t("score.hand_number", number=number),
                    size=20,
                    weight=ft.FontWeight.BOLD,
                ),
            ),
            banner,
            seat_line(
                keep,
                "score-dealer",
                ft.Icons.STYLE,
                session.t("score.dealer", name=seats.dealer),
            ),
            seat_line(
                keep,
                "score-cutter",
                ft.Icons.CONTENT_CUT,
                session.t("score.cutter", name=seats.cutter),
            ),
            seat_line(
                keep,
                "score-first",
                ft.Icons.PLAY_ARROW,
                session.t("score.first_player", name=seats.first_player),
            ),
            *actions,
            keep(("divider",), ft.Divider),
            *hand_rows(session, state, keep),
        ],
        spacing=10,
    )


# -- match over ------------------------------------------------------------------
def declaration_sentence(
    session: Session, state: MatchState, result: HandResult
) -> str:
    outcome = result.declaration
    assert outcome is not None
    key = "over.declaration_right" if outcome.correct else "over.declaration_wrong"
    return session.t(
        key,
        by=outcome.by,
        deal=outcome.deal,
        total=result.totals[outcome.side],
        target=state.setup.rules.target,
    )


def ending_sentence(session: Session, state: MatchState) -> str:
    if state.ending in (Ending.DECLARATION_RIGHT, Ending.DECLARATION_WRONG):
        return declaration_sentence(session, state, state.hands[-1])
    if state.ending is Ending.TIE_BREAK:
        return session.t("over.tie_break", target=state.setup.rules.target)
    target = state.setup.rules.target
    assert state.winner is not None
    # at exactly the target the winner reached it, it did not pass it
    exactly = state.totals[state.winner] == target
    return session.t("over.target_reached" if exactly else "over.target", target=target)


def rematch(session: Session) -> None:
    stored = session.current()
    if stored is None:
        return
    setup = stored.match.setup
    session.entry = None
    session.apply(
        lambda table: table.start_match(setup, rematch_of=stored.id), routes.MATCH
    )


def match_over_view(session: Session, stored: StoredMatch, keep: Keeper) -> ft.View:
    """The match is over: who won and how, the final totals, the rivincita.
    ``keep``: the screen's parts kept from its last build."""
    state = stored.state
    setup = state.setup
    winner = state.winner
    assert winner is not None
    return screen(
        routes.MATCH,
        session.t("over.title"),
        [
            error_banner(session.error),
            ft.Container(
                bgcolor=SIDE_COLORS[winner],
                border_radius=12,
                padding=16,
                content=ft.Row(
                    controls=[
                        ft.Icon(ft.Icons.EMOJI_EVENTS, color=ON_SIDE_COLOR, size=40),
                        semantic(
                            "over-winner",
                            one_line(
                                session.t("over.winner", name=setup.side_name(winner)),
                                max_lines=3,
                                color=ON_SIDE_COLOR,
                                size=24,
                                weight=ft.FontWeight.BOLD,
                            ),
                            expand=True,
                        ),
                    ]
                ),
            ),
            ft.Row(
                controls=[
                    total_card(session, state, 0, keep),
                    total_card(session, state, 1, keep),
                ]
            ),
            semantic("over-ending", ft.Text(ending_sentence(session, state), size=16)),
            big_button(
                "over-rematch",
                session.t("over.rematch"),
                lambda: rematch(session),
                icon=ft.Icons.REPLAY,
            ),
            big_button(
                "over-home",
                session.t("over.home"),
                lambda: session.go("/"),
                icon=ft.Icons.HOME,
                kind="outlined",
            ),
            *share_controls(session, stored, prefix="over"),
            ft.Divider(),
            *hand_rows(session, state, keep),
        ],
    )
