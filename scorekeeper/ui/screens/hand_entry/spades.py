"""The entry's spades: the chips (a tap gives a spade to the side chosen
above them, "tutte le altre a …" the rest) or the count form (counts, who has
the due and the fante, the napola)."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from scorekeeper.core.model import RANKS, SPADES_IN_DECK, MatchSetup, Rank
from scorekeeper.table.hand_draft import HandDraft, SpadeForm, as_entered, parse_whole
from scorekeeper.ui.kit.formatting import card_text, rank_text
from scorekeeper.ui.kit.widgets import (
    ON_SIDE_COLOR,
    SIDE_COLORS,
    SIDE_TEXT_COLORS,
    TOUCH_TARGET,
    hint_lines,
    initials,
    problem_lines,
    rows_of,
    section_title,
    segmented,
    semantic,
    wrapped,
)
from scorekeeper.ui.screens.hand_entry.actions import (
    choose_spade_side,
    draft_now,
    rest_of_spades,
    tap_spade,
    update,
)
from scorekeeper.ui.screens.hand_entry.sections import (
    number_field,
    side_choice,
    side_fields,
)
from scorekeeper.ui.shell.event_values import flag_of
from scorekeeper.ui.shell.session import Session

# The most letters of a side's name a spade chip shows (60 px wide).
CHIP_MARK = 4


def spade_marks(setup: MatchSetup) -> tuple[str, str]:
    """What a spade chip shows of the side that has it: letters, never a
    digit ("4 1" read as 41). Two letters at least: each player's initial
    in a team ("AC"), the name's first two letters alone ("An"); where the
    two sides' would read the same, more of each name, until they differ.

    >>> from scorekeeper.core.model import MatchSetup
    >>> spade_marks(MatchSetup(("Anna", "Bruno")))
    ('An', 'Br')
    >>> spade_marks(MatchSetup(("Anna", "Bruno", "Carla", "Dario")))
    ('AC', 'BD')
    >>> spade_marks(MatchSetup(("Andrea", "Anna")))
    ('And', 'Ann')
    >>> spade_marks(MatchSetup(("Anna Maria", "Anna Lisa")))
    ('AM', 'AL')
    """
    names = [setup.side_name(s) for s in (0, 1)]
    for size in range(1, CHIP_MARK + 1):
        marks = tuple(
            "".join(player.strip()[:size] for player in name.split(" & "))
            for name in names
        )
        readable = all(len(m) >= 2 and not m.isdigit() for m in marks)
        if marks[0] != marks[1] and readable:
            return (marks[0], marks[1])
    # names alike in their first letters: each word's initial ("AM", "AL"),
    # else the first letters and the last
    words = tuple(
        "".join(w[0] for w in name.split() if w[0].isalnum()) for name in names
    )
    if words[0] != words[1] and all(len(w) >= 2 for w in words):
        return (words[0][:CHIP_MARK], words[1][:CHIP_MARK])
    ends = tuple(name[: CHIP_MARK - 1] + name[-1] for name in names)
    return (ends[0], ends[1])


def spade_chip(
    session: Session,
    draft: HandDraft,
    rank: Rank,
    marks: tuple[str, str] = ("", ""),
) -> ft.Control:
    """A spade, and who has it: the rank, and under it the side's letters
    on the side's fill (``-`` on the theme's colours while nobody has it:
    white was a glare in the dark theme). A tap gives it to the side chosen
    above the chips (``actions.tap_spade``)."""
    side = draft.spade_side(rank)
    bg = ft.Colors.SURFACE_CONTAINER_HIGHEST if side is None else SIDE_COLORS[side]
    fg = ft.Colors.ON_SURFACE if side is None else ON_SIDE_COLOR
    mark = "-" if side is None else marks[side]
    return semantic(
        f"entry-spade-{rank.value}",
        ft.Button(
            content=f"{rank_text(session, rank)}\n{mark}",
            width=60,
            height=TOUCH_TARGET,
            style=ft.ButtonStyle(
                bgcolor=bg,
                color=fg,
                padding=ft.Padding.all(0),
                side=ft.BorderSide(2, ft.Colors.ON_SURFACE_VARIANT),
                shape=ft.RoundedRectangleBorder(radius=8),
                text_style=ft.TextStyle(size=15, weight=ft.FontWeight.BOLD, height=1.1),
            ),
            on_click=lambda _: tap_spade(session, rank),
        ),
    )


def _spade_side_choice(
    session: Session, setup: MatchSetup, spade_side: int | None, stopped: bool
) -> list[ft.Control]:
    """The side a tap on a chip gives the spade to: one choice of two (and
    "nobody" in a stopped hand, where a spade may still be with nobody)."""
    options = [(str(s), setup.side_name(s)) for s in (0, 1)]
    if stopped:
        options.append(("none", session.t("entry.nobody")))
    return [
        ft.Text(session.t("entry.spade_to")),
        segmented(
            "entry-spade-to",
            options,
            "none" if spade_side is None else str(spade_side),
            lambda v: (
                choose_spade_side(session, None if v == "none" else int(v))
                if v
                else None
            ),
            sides=(0, 1),  # the chips' colours: a tap gives the side shown
        ),
    ]


def rest_key(name: str) -> str:
    """ "Tutte le altre a Bruno", "… ad Anna": Italian puts a d before a name
    that starts with an a (the English catalog has one sentence for both).

    >>> rest_key("Bruno"), rest_key("anna & Carla")
    ('entry.spade_rest', 'entry.spade_rest_ad')
    """
    return "entry.spade_rest_ad" if name[:1].lower() == "a" else "entry.spade_rest"


def _rest_buttons(session: Session, setup: MatchSetup, draft: HandDraft) -> ft.Control:
    """ "Tutte le altre a …", one per side: the spades nobody has yet, in one
    tap. Half the width each, a long name wrapped, never cut."""
    left = sum(1 for s in draft.spades if s is None)

    def give_rest(side: int) -> Callable[[ft.Event[ft.OutlinedButton]], None]:
        return lambda _: rest_of_spades(session, side)

    return ft.Row(
        controls=[
            semantic(
                f"entry-spade-rest-{s}",
                ft.OutlinedButton(
                    content=wrapped(
                        session.t(
                            rest_key(setup.side_name(s)), side=setup.side_name(s)
                        ),
                        text_align=ft.TextAlign.CENTER,
                    ),
                    height=TOUCH_TARGET,
                    disabled=left == 0,
                    style=ft.ButtonStyle(
                        padding=ft.Padding.symmetric(horizontal=6),
                        # the side's colour, as its chips; grey when none is left
                        color=SIDE_TEXT_COLORS[s] if left else None,
                    ),
                    on_click=give_rest(s),
                ),
                expand=True,
            )
            for s in (0, 1)
        ],
    )


def spades_section(
    session: Session,
    setup: MatchSetup,
    draft: HandDraft,
    stopped: bool,
    places: dict[str, list[str]],
    spade_side: int | None = 0,
) -> list[ft.Control]:
    counted = draft.form is SpadeForm.COUNT
    marks = spade_marks(setup)
    chips = ft.Column(
        visible=not counted,
        controls=[
            *_spade_side_choice(session, setup, spade_side, stopped),
            rows_of([spade_chip(session, draft, r, marks) for r in RANKS], 5),
            _rest_buttons(session, setup, draft),
        ],
    )
    count_fields = side_fields(
        session,
        setup,
        "entry-spade-count",
        "entry.spade_count",
        draft.spade_counts,
        lambda side, v: draft_now(session).with_spade_count(side, v),
        typed_by_both=stopped,
        total=SPADES_IN_DECK,
    )

    # Handlers made by a function, not by lambdas binding ``s=s``: mypy
    # cannot infer a lambda whose parameters have defaults.
    def set_napola(s: int) -> Callable[[str], None]:
        return lambda v: update(
            session, draft_now(session).with_napola(s, as_entered(parse_whole(v) or 0))
        )

    napola_fields = [
        number_field(
            session,
            f"entry-napola-{s}",
            session.t("entry.napola_of", side=initials(setup.side_name(s))),
            draft.napola[s] or "",
            set_napola(s),
        )
        for s in (0, 1)
    ]

    def honour(name: str, identifier: str, side: int | None) -> list[ft.Control]:
        """Who has the due or the fante di spade (count form)."""
        return [
            ft.Text(card_text(session, f"pts.{name}")),
            side_choice(
                session,
                identifier,
                setup,
                side,
                lambda v: update(session, draft_now(session).with_honour(name, v)),
                nobody=stopped,
            ),
        ]

    count_form = ft.Column(
        visible=counted,
        controls=[
            ft.Row(controls=count_fields),
            *honour("due_di_spade", "entry-due", draft.due_di_spade),
            *honour("fante_di_spade", "entry-fante", draft.fante_di_spade),
            ft.Text(session.t("entry.napola_hint")),
            ft.Row(controls=napola_fields),
        ],
    )
    switch = semantic(
        "entry-form-switch",
        ft.Switch(
            label=card_text(session, "entry.count_form"),
            value=counted,
            on_change=lambda e: update(
                session,
                draft_now(session).with_form(
                    SpadeForm.COUNT if flag_of(e) else SpadeForm.LIST
                ),
            ),
        ),
    )
    return [
        section_title(card_text(session, "pts.spades"), ft.Icons.STYLE),
        switch,
        chips,
        count_form,
        problem_lines("entry-problems-spades", places.get("spades", [])),
        hint_lines("entry-hints-spades", places.get("hint-spades", [])),
    ]
