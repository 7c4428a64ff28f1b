"""The scoreboard of the match being played: both totals, who deals, the hands
(with a hand's breakdown, correction, deletion and undo). Every point shown is
read from the core's ``MatchState``; nothing is added up here. Once the match
is over, the same route shows who won and how, and offers the rivincita.
"""

from __future__ import annotations

import flet as ft

from scorekeeper.core.engine import (
    MatchState,
    Status,
    declaration_allowed,
)
from scorekeeper.i18n.endings import headline, how_it_ended
from scorekeeper.storage import StoredMatch
from scorekeeper.ui import routes
from scorekeeper.ui.kit.formatting import missing_text
from scorekeeper.ui.kit.palette import ON_WARNING_FILL, WARNING_FILL
from scorekeeper.ui.kit.widgets import (
    ON_SIDE_COLOR,
    SIDE_COLORS,
    SMALL_TARGET,
    big_button,
    error_banner,
    one_line,
    screen,
    semantic,
    wrapped,
)
from scorekeeper.ui.parts.counting import other_phone_counting
from scorekeeper.ui.parts.hand_changes import undo_last
from scorekeeper.ui.parts.questions import message_line
from scorekeeper.ui.parts.share import share_controls
from scorekeeper.ui.screens.hand_entry.state import EntryState
from scorekeeper.ui.screens.new_match.state import open_new_match
from scorekeeper.ui.screens.scoreboard.hand_list import (
    hand_rows,
    kept_button,
    start_declaration,
    start_hand,
)
from scorekeeper.ui.screens.scoreboard.state import ScoreboardState
from scorekeeper.ui.shell.kept_parts import Keeper
from scorekeeper.ui.shell.session import Session


# -- scoreboard ------------------------------------------------------------------
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
    keep = session.states.of(ScoreboardState).parts.start()
    if stored.state.decided:
        # The match-over screen reuses no part of the scoreboard and leaves
        # none to it: the hand list's header, kept from the one into the
        # other, was drawn twice on the rematch's scoreboard
        # (test_match_end.py). It is drawn seldom.
        return match_over_view(session, stored, Keeper())
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
    counting = other_phone_counting(session, stored)
    actions = [
        semantic(
            "score-counting",
            ft.Text(session.t("entry.counting", number=number), italic=True),
            visible=counting,
        ),
        kept_button(
            keep,
            "score-add-hand",
            # a hand typed and left before Save is kept: say it waits
            session.t(
                "score.resume_hand"
                if session.table.entry_waiting(stored.id)
                else "score.add_hand",
                number=number,
            ),
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
    title = session.t("score.title")
    return screen(
        routes.MATCH,
        # The title bar is kept whole. A new AppBar on the scoreboard while a
        # hand entry is open above it made Flutter drop that entry's Save
        # after a server restart (test_server_kill); one kept and given the
        # undo among its actions dropped the second Save of a match. So the
        # undo is at the top of the page, beside the hand's number.
        keep(("appbar", title), lambda: ft.AppBar(title=ft.Text(title))),
        [
            keep(("error-banner", session.error), lambda: error_banner(session.error)),
            ft.Row(
                controls=[
                    total_card(session, state, 0, keep),
                    total_card(session, state, 1, keep),
                ]
            ),
            # as tall with the undo as without: nothing below moves when it
            # comes with the first hand saved
            ft.Row(
                height=SMALL_TARGET,
                controls=[
                    semantic(
                        "score-hand-number",
                        ft.Text(
                            session.t("score.hand_number", number=number),
                            size=20,
                            weight=ft.FontWeight.BOLD,
                        ),
                        expand=True,
                    ),
                    *undo_action(session, keep, stored.undo_target),
                ],
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


def undo_action(session: Session, keep: Keeper, target: int | None) -> list[ft.Control]:
    """The undo, at the top of the scoreboard beside the hand's number: in
    reach however long the list of hands (under the list it fell off the
    screen after one hand), away from the buttons a thumb reaches for (it
    once sat 10 px under "Conta dal vivo"). It undoes the edit it was drawn
    for, and says what it undid, with Ripeti (``hand_changes.py``)."""
    if target is None:
        return []
    label = session.t("score.undo_short")
    return [
        keep(
            ("score-undo", label, target),
            lambda: semantic(
                "score-undo",
                ft.OutlinedButton(
                    content=label,
                    icon=ft.Icons.UNDO,
                    tooltip=session.t("score.undo"),
                    height=SMALL_TARGET,
                    on_click=lambda _: undo_last(session, target),
                ),
            ),
        )
    ]


# -- match over ------------------------------------------------------------------
def ending_sentence(session: Session, state: MatchState) -> str:
    """How the match was won (``i18n/endings``: the share picture's words)."""
    return how_it_ended(state, session.t)


def rematch(session: Session) -> None:
    stored = session.current()
    if stored is None:
        return
    setup = stored.match.setup
    session.states.drop(EntryState)
    session.apply(
        lambda table: table.start_match(setup, rematch_of=stored.id), routes.MATCH
    )


def match_over_view(session: Session, stored: StoredMatch, keep: Keeper) -> ft.View:
    """The match is over: who won and how, the final totals, the rivincita.
    ``keep``: the screen's parts kept from its last build (none: see
    :func:`scoreboard_view`)."""
    state = stored.state
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
                                headline(state, session.t),
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
            *(
                []  # a club night's match: the organizer draws the next one
                if stored.tournament is not None
                else [
                    big_button(
                        "over-rematch",
                        session.t("over.rematch"),
                        lambda: rematch(session),
                        icon=ft.Icons.REPLAY,
                    )
                ]
            ),
            big_button(
                "over-home",
                session.t("over.home"),
                lambda: session.go("/"),
                icon=ft.Icons.HOME,
                kind="outlined",
            ),
            *share_controls(session, stored, prefix="over"),
            message_line(session),  # "File pronto", said here only
            ft.Divider(),
            *hand_rows(session, state, keep),
        ],
    )
