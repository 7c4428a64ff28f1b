"""The entry's sections: cards, the play points of each side, the
declaration (the spades: ``spades.py``); each tap makes a new draft from the
one held when it arrives."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from scorekeeper.core.model import DECK_SIZE, RANKS, MatchSetup, Rank
from scorekeeper.table.hand_draft import HandDraft
from scorekeeper.ui.kit.formatting import card_text, counted, rank_text, runs_text
from scorekeeper.ui.kit.widgets import (
    SIDE_COLORS,
    SIDE_TEXT_COLORS,
    SMALL_TARGET,
    initials,
    problem_lines,
    rows_of,
    section_title,
    segmented,
    semantic,
    wrapped,
)
from scorekeeper.ui.screens.hand_entry.actions import (
    draft_now,
    field_focused,
    field_left,
    update,
)
from scorekeeper.ui.screens.hand_entry.state import NO_DEAL, NO_DECLARER
from scorekeeper.ui.shell.event_values import text_of
from scorekeeper.ui.shell.session import Session

NAPOLA_CHOICES = (0, *range(3, 11))

# Widths of the play-events buttons, fixed so that a count on a label never
# moves a button: three ranks, or two bagari, across half a 360 px phone.
RANK_WIDTH = 46
BAGARI_WIDTH = 70
REMOVE_WIDTH = 3 * RANK_WIDTH + 2 * 4  # a row of ranks: "Togli" as "Togli 7"
COLUMN_NAME = 14
"""The most letters of a side's name whole over its play points (half a
360 px phone, one line): "Bruno & Dario"; its players' initials beyond."""
CARDS_SHARE = (3, 2)
"""The cards' field and the other side's count: their shares of the row (a
team's names whole in the field's label, "Carte prese da Anna & Carla")."""


def _text(value: object) -> str:
    return "" if value is None else str(value)


def side_choice(
    session: Session,
    identifier: str,
    setup: MatchSetup,
    value: int | None,
    on_change: Callable[[int | None], object],
    nobody: bool = False,
) -> ft.Control:
    """Which side holds a card: side names (and "nobody" when allowed)."""
    options = [(str(s), setup.side_name(s)) for s in (0, 1)]
    if nobody:
        options.append(("none", session.t("entry.nobody")))
    selected = "none" if value is None and nobody else _text(value) or None
    return segmented(
        identifier,
        options,
        selected,
        lambda v: on_change(None if v in (None, "none") else int(v)),
        allow_empty=True,  # nobody chosen yet is a valid state of the draft
        sides=(0, 1),
    )


def number_field(
    session: Session,
    identifier: str,
    label: str,
    value: int | str | None,
    on_change: Callable[[str], object],
    share: int = 1,
) -> ft.Control:
    """A number typed: its focus is followed (``actions.field_focused``), so
    that the keyboard coming up keeps it in sight. ``share``: of its row.

    The key its page scrolls to (``actions.keep_typed_in_sight``) is on a
    mark of no height over the field, never on the field: flet 1.0.5 makes a
    new Flutter ``GlobalKey`` for a ``ScrollKey`` each time its control is
    built, so a field keyed so was built anew, its focus lost and the phone's
    keyboard down, whenever a control around it changed as a player typed (a
    problem line shown under the cards after their first digit took the
    second one).
    """
    return ft.Column(
        spacing=0,
        tight=True,
        expand=share,
        # the field as wide as its share of the row (at the column's start,
        # a field is as wide as flet's default: 308 px on a laptop)
        horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
        controls=[
            # flet's ScrollKey is a dataclass made at import, whose field mypy
            # does not see
            ft.Container(key=ft.ScrollKey(identifier), height=0),  # type: ignore[call-arg]
            semantic(
                identifier,
                ft.TextField(
                    label=label,
                    value=_text(value),
                    keyboard_type=ft.KeyboardType.NUMBER,
                    on_change=lambda e: on_change(text_of(e)),
                    on_focus=lambda _: field_focused(session, identifier),
                    on_blur=lambda _: field_left(session, identifier),
                ),
            ),
        ],
    )


def side_fields(
    session: Session,
    setup: MatchSetup,
    identifier: str,
    label_key: str,
    values: tuple[int | str | None, int | str | None],
    change: Callable[[int, str], HandDraft],
    typed_by_both: bool,
    total: int,
    size: int | None = None,
    shares: tuple[int, int] = (1, 1),
) -> list[ft.Control]:
    """Side 1 typed; side 2 typed too in a stopped hand, else shown as the rest
    of ``total`` (the draft fills it in: 40 − x cards, 10 − x spades).
    ``shares``: of the row, side 1's field's and side 2's."""
    fields = [
        number_field(
            session,
            f"{identifier}-0",
            card_text(session, label_key, side=initials(setup.side_name(0))),
            values[0],
            lambda v: update(session, change(0, v)),
            share=1 if typed_by_both else shares[0],
        )
    ]
    if typed_by_both:
        fields.append(
            number_field(
                session,
                f"{identifier}-1",
                card_text(session, label_key, side=initials(setup.side_name(1))),
                values[1],
                lambda v: update(session, change(1, v)),
            )
        )
    else:
        fields.append(
            semantic(
                f"{identifier}-1-text",
                ft.Text(
                    # nothing typed yet: what it will be, not "Bruno: ?"
                    session.t(
                        "entry.other_count" if _text(values[1]) else "entry.other_rest",
                        side=setup.side_name(1),
                        total=total,
                        count=_text(values[1]),
                    ),
                    size=size,
                ),
                expand=shares[1],
            )
        )
    return fields


def cards_section(
    session: Session,
    setup: MatchSetup,
    draft: HandDraft,
    stopped: bool,
    places: dict[str, list[str]],
) -> list[ft.Control]:
    fields = side_fields(
        session,
        setup,
        "entry-cards",
        "entry.cards_of",
        draft.cards,
        lambda side, v: draft_now(session).with_cards(side, v),
        typed_by_both=stopped,
        total=DECK_SIZE,
        size=14,
        shares=CARDS_SHARE,
    )
    # no title: the field's label says it ("Carte prese da Anna"), and the
    # page has no room to spare over both sides' play
    return [
        ft.Row(controls=fields),
        problem_lines("entry-problems-cards", places.get("cards", [])),
    ]


def _count(value: object) -> int:
    return value if isinstance(value, int) else 0


def _stepper(
    identifier: str, label: str, value: object, on_step: Callable[[int], object]
) -> ft.Control:
    """A count with - and +, under its label (half a phone's width); ``on_step``
    gets -1 or +1.

    A step, not the new count: the handler must add to the count the draft
    has when the tap arrives, not to the one drawn (two quick taps on + before
    the redraw are two, not one).
    """
    count = _count(value)
    return ft.Column(
        spacing=0,
        controls=[
            ft.Text(label, size=14),
            ft.Row(
                spacing=0,
                controls=[
                    semantic(
                        f"{identifier}-minus",
                        ft.IconButton(
                            icon=ft.Icons.REMOVE,
                            width=SMALL_TARGET,
                            height=SMALL_TARGET,
                            disabled=count <= 0,
                            on_click=lambda _: on_step(-1),
                        ),
                    ),
                    semantic(
                        identifier,
                        ft.Text(
                            str(count),
                            size=20,
                            width=32,
                            text_align=ft.TextAlign.CENTER,
                        ),
                    ),
                    semantic(
                        f"{identifier}-plus",
                        ft.IconButton(
                            icon=ft.Icons.ADD,
                            width=SMALL_TARGET,
                            height=SMALL_TARGET,
                            on_click=lambda _: on_step(+1),
                        ),
                    ),
                ],
            ),
        ],
    )


def _taken_text(identifier: str, summary: str) -> ft.Control:
    """What was recorded, on one line of a fixed height over its buttons (a
    line that grew would move them under a finger)."""
    return semantic(
        identifier,
        ft.Text(summary, size=14, max_lines=1, overflow=ft.TextOverflow.ELLIPSIS),
    )


def _remove_last(
    session: Session,
    identifier: str,
    last: str | None,
    on_remove: Callable[[], object],
) -> ft.Control:
    """The control that takes the last one recorded back ("Togli F", the
    label of the button that added it), under the buttons that add, never
    in place of one."""
    return semantic(
        identifier,
        ft.OutlinedButton(
            content=session.t("entry.remove_last", item=last or "").strip(),
            icon=ft.Icons.BACKSPACE_OUTLINED,
            width=REMOVE_WIDTH,
            height=SMALL_TARGET,
            disabled=last is None,
            style=ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=8)),
            on_click=lambda _: on_remove(),
        ),
    )


def play_section(
    session: Session,
    setup: MatchSetup,
    draft: HandDraft,
    side: int,
) -> ft.Control:
    """What one side made during play, in half the phone's width (the two
    sides stand side by side, whole on a 360x740 phone over the bar of
    Save: issue 35): piccole, spazzini, bagari; under them the controls
    that take the last one back, and the scaluneddu.

    Nothing a player taps here moves when a value is added or taken back (a
    finger tapping "7" five times in place records five spazzini of 7): the
    counts are on the buttons, the list of what was recorded is one line of
    a fixed height, and taking one back is a control of its own. The
    problems of the play points are drawn below both sides.
    """
    spazzini = draft.spazzini[side]
    bagari = draft.bagari[side]

    # Handlers made by functions, not by lambdas binding ``v=v``: mypy
    # cannot infer a lambda whose parameters have defaults. Each reads the
    # draft when the tap arrives (two quick taps before the redraw are two).
    def add_spazzino(rank: Rank) -> Callable[[ft.Event[ft.OutlinedButton]], None]:
        return lambda _: update(session, draft_now(session).add_spazzino(side, rank))

    def remove_last_spazzino() -> None:
        taken = draft_now(session).spazzini[side]
        if taken:
            update(session, draft_now(session).remove_spazzino(side, len(taken) - 1))

    def add_bagari(v: int) -> Callable[[ft.Event[ft.OutlinedButton]], None]:
        return lambda _: update(session, draft_now(session).add_bagari(side, v))

    def remove_last_bagari() -> None:
        taken = draft_now(session).bagari[side]
        if taken:
            update(session, draft_now(session).remove_bagari(side, len(taken) - 1))

    none = session.t("live.none")
    spazzini_texts = [rank_text(session, rank) for rank in spazzini]
    add_spazzino_grid = rows_of(
        [
            semantic(
                f"entry-spazzino-{side}-{rank.value}",
                ft.OutlinedButton(
                    content=counted(rank_text(session, rank), spazzini.count(rank)),
                    width=RANK_WIDTH,
                    height=SMALL_TARGET,
                    style=ft.ButtonStyle(padding=ft.Padding.all(0)),
                    on_click=add_spazzino(rank),
                ),
            )
            for rank in RANKS
        ],
        3,
        spacing=4,
    )
    bagari_texts = [str(v) for v in bagari]
    bagari_row = ft.Row(
        spacing=4,
        controls=[
            semantic(
                f"entry-bagari-{side}-{v}",
                ft.OutlinedButton(
                    content=counted(f"+{v}", bagari.count(v)),
                    width=BAGARI_WIDTH,
                    height=SMALL_TARGET,
                    style=ft.ButtonStyle(padding=ft.Padding.all(0)),
                    on_click=add_bagari(v),
                ),
            )
            for v in (3, 4)
        ],
    )
    scaluneddu = _stepper(
        f"entry-scaluneddu-{side}",
        session.t("pts.scaluneddu"),
        draft.scaluneddu[side],
        lambda step: update(
            session,
            draft_now(session).with_scaluneddu(
                side, max(0, _count(draft_now(session).scaluneddu[side]) + step)
            ),
        ),
    )
    scaluneddu.visible = setup.rules.scaluneddu or draft.scaluneddu[side] != 0
    return ft.Container(
        expand=True,
        border=ft.Border.all(2, SIDE_COLORS[side]),
        border_radius=12,
        padding=ft.Padding.symmetric(vertical=4, horizontal=6),
        content=ft.Column(
            spacing=3,
            controls=[
                wrapped(
                    initials(setup.side_name(side), COLUMN_NAME),
                    size=16,
                    weight=ft.FontWeight.BOLD,
                    color=SIDE_TEXT_COLORS[side],
                ),
                _stepper(
                    f"entry-piccole-{side}",
                    session.t("pts.piccole"),
                    draft.piccole[side],
                    lambda step: update(
                        session,
                        draft_now(session).with_piccole(
                            side,
                            max(0, _count(draft_now(session).piccole[side]) + step),
                        ),
                    ),
                ),
                _taken_text(
                    f"entry-spazzini-{side}",
                    session.t(
                        "live.count.spazzini", ranks=runs_text(spazzini_texts) or none
                    ),
                ),
                add_spazzino_grid,
                _taken_text(
                    f"entry-bagari-{side}",
                    session.t(
                        "live.count.bagari", values=runs_text(bagari_texts) or none
                    ),
                ),
                bagari_row,
                _remove_last(
                    session,
                    f"entry-spazzino-{side}-remove-last",
                    spazzini_texts[-1] if spazzini_texts else None,
                    remove_last_spazzino,
                ),
                _remove_last(
                    session,
                    f"entry-bagari-{side}-remove-last",
                    f"+{bagari_texts[-1]}" if bagari_texts else None,
                    remove_last_bagari,
                ),
                scaluneddu,
            ],
        ),
    )


def declaration_section(
    session: Session, setup: MatchSetup, draft: HandDraft
) -> list[ft.Control]:
    d = draft.declaration
    assert d is not None
    deals = range(1, setup.deals_per_hand)
    # Nothing preselected: an empty choice is allowed, and a tap on the
    # chosen segment clears it (the screen then shows what the draft holds).
    return [
        section_title(session.t("declare.who"), ft.Icons.RECORD_VOICE_OVER),
        segmented(
            "declare-by",
            [(p, p) for p in setup.players],
            d.by if d.by != NO_DECLARER else None,
            # the draft when tapped, not when drawn: the other choice may
            # have changed since (two quick taps before the redraw)
            lambda v: _declare(session, by=v or NO_DECLARER),
            allow_empty=True,
            sides=[setup.side_of(p) for p in setup.players],
        ),
        section_title(session.t("declare.deal"), ft.Icons.FORMAT_LIST_NUMBERED),
        segmented(
            "declare-deal",
            [(str(n), str(n)) for n in deals],
            str(d.deal) if d.deal != NO_DEAL else None,
            lambda v: _declare(session, deal=int(v) if v else NO_DEAL),
            allow_empty=True,
        ),
        ft.Text(session.t("declare.hint")),
    ]


def _declare(session: Session, by: str | None = None, deal: int | None = None) -> None:
    """Choose who declares or at which deal (``NO_DECLARER``, ``NO_DEAL``:
    not chosen), keeping the other choice as it is when the tap arrives (two
    quick taps before the redraw: both count)."""
    declaration = draft_now(session).declaration
    assert declaration is not None
    update(
        session,
        draft_now(session).declared(
            declaration.by if by is None else by,
            declaration.deal if deal is None else deal,
        ),
    )
