"""The live tally: big buttons per side for what happens in play, shared by every
phone at the table, which pre-fill the hand entry at the end of the hand.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import flet as ft

from scorekeeper.core.model import (
    RANKS,
    Rank,
    Rules,
)
from scorekeeper.table.hand_draft import LiveTally
from scorekeeper.table.service import PLAYING
from scorekeeper.ui import routes
from scorekeeper.ui.access.event_guard import show_dialog
from scorekeeper.ui.kit.formatting import rank_text, runs_text
from scorekeeper.ui.kit.widgets import (
    TOUCH_TARGET,
    big_button,
    dialog_button,
    screen,
    semantic,
)
from scorekeeper.ui.screens.hand_entry.state import EntryState
from scorekeeper.ui.shell.session import Session


@dataclass(frozen=True)
class CurrentMatch:
    """The match in progress, as the secondary screens need it."""

    id: str
    rules: Rules
    sides: tuple[str, str]
    hands: int  # hands saved so far
    deals_per_hand: int


def current_match(session: Session) -> CurrentMatch | None:
    """The match this phone shows (a club table's when seated) if it is being
    played (or in a tie-break), else None."""
    stored = session.current()
    if stored is None or stored.abandoned or stored.state.status not in PLAYING:
        return None
    setup = stored.match.setup
    return CurrentMatch(
        id=stored.id,
        rules=setup.rules,
        sides=(setup.side_name(0), setup.side_name(1)),
        hands=len(stored.match.hands),
        deals_per_hand=setup.deals_per_hand,
    )


def record(
    session: Session, match: CurrentMatch, step: Callable[[LiveTally], LiveTally]
) -> None:
    """Apply one tap to the shared tally of the hand this screen shows (a tap
    after another phone saved that hand is refused, with a message: the card
    picker stays open across that redraw)."""
    session.apply(lambda table: table.record_live(match.id, step, match.hands))


def last_entry_label(session: Session, match: CurrentMatch, tally: LiveTally) -> str:
    """The undo button's text: what the last tap recorded, and for whom, as
    said at the table ("Annulla la piccola di Anna")."""
    if not tally.log:
        return session.t("live.undo")
    kind, side_text = tally.log[-1].split(":")
    side = int(side_text)
    words: dict[str, object] = {"side": match.sides[side]}
    if kind == "bagari":
        words["value"] = tally.bagari[side][-1]
    elif kind == "spazzino":
        words["rank"] = rank_text(session, tally.spazzini[side][-1])
    return session.t(f"live.undo.{kind}", **words)


def ask_spazzino_rank(
    session: Session, match: CurrentMatch, side: int
) -> ft.AlertDialog:
    """Open the card picker for a spazzino of ``side``; the tap records it."""

    def pick(rank: Rank) -> None:
        session.page.pop_dialog()
        record(session, match, lambda t: t.spazzino(side, rank))

    dialog = ft.AlertDialog(
        title=ft.Text(session.t("live.spazzino_of", side=match.sides[side])),
        # Rows of four, not a wrapping Row: AlertDialog sizes its content by
        # intrinsic width, which a wrapping Row cannot give (the picker was not
        # drawn at all). 4 x 56 px + gaps fits a dialog on a 360 px phone.
        content=ft.Column(
            tight=True,
            spacing=8,
            controls=[
                ft.Row(
                    spacing=8,
                    controls=[
                        semantic(
                            f"live-rank-{rank.value}",
                            ft.Button(
                                content=rank_text(session, rank),
                                width=TOUCH_TARGET,
                                height=TOUCH_TARGET,
                                on_click=lambda _, r=rank: pick(r),
                            ),
                        )
                        for rank in RANKS[start : start + 4]
                    ],
                )
                for start in range(0, len(RANKS), 4)
            ],
        ),
        actions=[
            dialog_button(None, session.t("live.cancel"), session.page.pop_dialog)
        ],
    )
    show_dialog(session, dialog)
    return dialog


def end_of_hand(session: Session) -> None:
    """Open the count of the hand being played, pre-filled from this tally.

    As the scoreboard's "add hand" does: a draft this phone left behind (an
    entry opened too early, or the correction of a past hand left unsaved) is
    dropped, or it would hide what was recorded here, or even open that past
    hand for correction.
    """
    session.states.drop(EntryState)
    session.go(routes.HAND)


def _side_column(
    session: Session, match: CurrentMatch, tally: LiveTally, side: int, points: int
) -> ft.Control:
    def button(
        key: str,
        ident: str,
        on_click: Callable[[ft.Event[ft.Button]], object],
        **params: object,
    ) -> ft.Control:
        return semantic(
            f"live-{ident}-{side}",
            ft.Button(
                content=session.t(key, **params),
                height=TOUCH_TARGET,
                on_click=on_click,
            ),
        )

    none = session.t("live.none")
    buttons = [
        button(
            "live.piccola",
            "piccola",
            lambda _: record(session, match, lambda t: t.piccola(side)),
        ),
        button(
            "live.spazzino",
            "spazzino",
            lambda _: ask_spazzino_rank(session, match, side),
        ),
        button(
            "live.bagari",
            "bagari3",
            lambda _: record(session, match, lambda t: t.bagari_of(side, 3)),
            value=3,
        ),
        button(
            "live.bagari",
            "bagari4",
            lambda _: record(session, match, lambda t: t.bagari_of(side, 4)),
            value=4,
        ),
    ]
    if match.rules.scaluneddu:
        buttons.append(
            button(
                "live.scaluneddu",
                "scaluneddu",
                lambda _: record(session, match, lambda t: t.scaluneddu_for(side)),
            )
        )
    counts = [
        session.t("live.count.piccole", count=tally.piccole[side]),
        session.t(
            "live.count.spazzini",
            ranks=runs_text([rank_text(session, r) for r in tally.spazzini[side]])
            or none,
        ),
        session.t(
            "live.count.bagari",
            values=runs_text([str(v) for v in tally.bagari[side]]) or none,
        ),
    ]
    if match.rules.scaluneddu:
        counts.append(session.t("live.count.scaluneddu", count=tally.scaluneddu[side]))
    return ft.Column(
        expand=True,
        spacing=8,
        horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
        controls=[
            ft.Text(
                match.sides[side],
                weight=ft.FontWeight.BOLD,
                text_align=ft.TextAlign.CENTER,
                max_lines=2,
                overflow=ft.TextOverflow.ELLIPSIS,
            ),
            semantic(
                f"live-points-{side}",
                ft.Text(
                    session.t("live.points", points=points),
                    size=44,
                    weight=ft.FontWeight.BOLD,
                    text_align=ft.TextAlign.CENTER,
                ),
            ),
            *buttons,
            # One line each, however long the list grows: a count that wraps
            # would push the undo button below down under a finger.
            *(
                semantic(
                    f"live-count-{side}-{i}",
                    ft.Text(line, max_lines=1, overflow=ft.TextOverflow.ELLIPSIS),
                )
                for i, line in enumerate(counts)
            ),
        ],
    )


def _no_match_view(session: Session) -> ft.View:
    """The live tally when no match is being played: a way to start one."""
    return screen(
        routes.LIVE,
        session.t("live.title"),
        [
            semantic("live-no-match", ft.Text(session.t("live.no_match"), size=16)),
            big_button(
                "live-new-match",
                session.t("live.new_match"),
                lambda: session.go(routes.NEW_MATCH),
                icon=ft.Icons.PLAY_ARROW,
                kind="plain",
            ),
        ],
        scroll=False,
    )


def live_view(session: Session) -> ft.View:
    """Big buttons per side for what happens in play, shared by every phone."""
    match = current_match(session)
    if match is None:
        return _no_match_view(session)
    tally = session.table.live_tally(match.id)
    points = tally.running_points(match.rules)
    deals = match.deals_per_hand

    deal_row = ft.Row(
        alignment=ft.MainAxisAlignment.SPACE_BETWEEN,
        controls=[
            semantic(
                "live-deal-previous",
                ft.IconButton(
                    icon=ft.Icons.REMOVE,
                    icon_size=28,
                    tooltip=session.t("live.deal_previous"),
                    disabled=tally.deal <= 1,
                    on_click=lambda _: record(
                        session, match, lambda t: t.previous_deal()
                    ),
                ),
            ),
            semantic(
                "live-deal",
                ft.Text(
                    session.t("live.deal", deal=tally.deal, deals=deals),
                    size=18,
                    weight=ft.FontWeight.BOLD,
                ),
            ),
            semantic(
                "live-deal-next",
                ft.IconButton(
                    icon=ft.Icons.ADD,
                    icon_size=28,
                    tooltip=session.t("live.deal_next"),
                    disabled=tally.deal >= deals,
                    on_click=lambda _: record(
                        session, match, lambda t: t.next_deal(deals)
                    ),
                ),
            ),
        ],
    )
    undo_label = last_entry_label(session, match, tally)
    controls: list[ft.Control] = [
        ft.Text(session.t("live.hand", number=match.hands + 1)),
        deal_row,
        ft.Row(
            vertical_alignment=ft.CrossAxisAlignment.START,
            spacing=12,
            controls=[
                _side_column(session, match, tally, s, points[s]) for s in (0, 1)
            ],
        ),
        ft.Text(session.t("live.points_help"), size=13),
    ]
    controls += [
        big_button(
            "live-undo",
            undo_label,
            lambda: record(session, match, lambda t: t.undo()),
            icon=ft.Icons.UNDO,
            kind="outlined",
            disabled=not tally.log,
        ),
        big_button(
            "live-to-hand-entry",
            session.t("live.to_hand_entry"),
            lambda: end_of_hand(session),
            icon=ft.Icons.CHECKLIST,
            kind="plain",
        ),
    ]
    if tally.deal >= deals:
        # below the buttons: appearing at the last deal, it moves none of them
        controls.append(
            semantic("live-last-deal", ft.Text(session.t("live.last_deal")))
        )
    awake = session.awake
    if awake is not None and awake.available is not None:
        controls.append(
            semantic(
                "live-awake",
                ft.Text(
                    session.t("live.awake_on" if awake.available else "live.awake_off"),
                    size=13,
                ),
            )
        )
    return screen(routes.LIVE, session.t("live.title"), controls)
