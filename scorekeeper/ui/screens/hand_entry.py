"""The end-of-hand count (``/partita/mano``) and the declaration
(``/partita/dichiara``): taps fill a :class:`HandDraft`, the core validates and
scores it live, and Save stays off until the hand is valid.
"""

from __future__ import annotations

import logging
from collections import defaultdict
from collections.abc import Callable
from dataclasses import replace

import flet as ft

from scorekeeper.core.model import DECK_SIZE, RANKS, SPADES_IN_DECK, MatchSetup, Rank
from scorekeeper.core.problems import Code, Problem
from scorekeeper.core.scoring import score_valid_hand
from scorekeeper.storage import HandAlreadySavedError, StorageError, StoredMatch
from scorekeeper.table.hand_draft import HandDraft, SpadeForm, as_entered, parse_whole
from scorekeeper.ui import routes
from scorekeeper.ui.events import flag_of, text_of
from scorekeeper.ui.formatting import card_text, rank_text
from scorekeeper.ui.palette import CHIP_FILL, ON_CHIP_FILL
from scorekeeper.ui.screens.scoreboard import draft_key
from scorekeeper.ui.session import Session
from scorekeeper.ui.widgets import (
    ON_SIDE_COLOR,
    SIDE_COLORS,
    SIDE_TEXT_COLORS,
    SMALL_TARGET,
    TOUCH_TARGET,
    error_banner,
    full_width,
    hint_lines,
    one_line,
    problem_lines,
    rows_of,
    screen,
    section_title,
    segmented,
    semantic,
    shorten,
)

log = logging.getLogger(__name__)

NAPOLA_CHOICES = (0, *range(3, 11))

# Widths of the play-events buttons, fixed so that a count on a label never
# moves a button: five ranks, or two bagari, across a 360 px phone.
RANK_WIDTH = 56
BAGARI_WIDTH = 80
REMOVE_WIDTH = 120


# Problems about the captured cards say "0 + 0" until both are typed: wait.
CARD_CODES = {
    Code.CARDS_SUM,
    Code.CARDS_OVER,
    Code.SPADES_EXCEED_CARDS,
    Code.BAGARI_EXCEED_CARDS,
}


def _text(value: object) -> str:
    return "" if value is None else str(value)


def visible_problems(draft: HandDraft, problems: list[Problem]) -> list[Problem]:
    """The problems worth showing now: card sums wait until cards are typed."""
    typed = [c is not None for c in draft.cards]
    return [p for p in problems if not (p.code in CARD_CODES and not all(typed))]


def place_of(problem: Problem) -> str:
    """The section that shows ``problem``: its ``field``, or ``play-side``
    for the per-side sections of play points."""
    if problem.field in ("piccole", "spazzini", "bagari", "scaluneddu"):
        return f"play-{problem.side if problem.side is not None else 1}"
    if problem.field in ("due_di_spade", "fante_di_spade", "napola"):
        return "spades"
    return problem.field


def problems_by_place(
    session: Session, setup: MatchSetup, problems: list[Problem]
) -> dict[str, list[str]]:
    """Problem texts keyed by the section that shows them (``place_of``)."""
    places: dict[str, list[str]] = defaultdict(list)
    for p in problems:
        text = p.text(session.lang)
        if p.side is not None:
            text = f"{setup.side_name(p.side)}: {text}"
        places[place_of(p)].append(text)
    return places


def untouched_places(draft: HandDraft) -> set[str]:
    """The sections where nothing has been entered yet: what they miss is a
    hint, not an error (a fresh entry is unfinished, not wrong). Once a
    section holds anything, its problems are errors."""
    places = set()
    if draft.form is SpadeForm.LIST:
        spades_entered = any(s is not None for s in draft.spades)
    else:
        # (0, 0) is what switching to the count form carries over from no
        # chips at all: nothing entered yet
        spades_entered = (
            any(c not in (None, 0) for c in draft.spade_counts)
            or draft.due_di_spade is not None
            or draft.fante_di_spade is not None
            or any(draft.napola)
        )
    if not spades_entered:
        places.add("spades")
    if draft.settebello is None:
        places.add("settebello")
    return places


# The declaration as first drawn: nobody chosen, no deal (a hurried confirm
# must not record a declarer nobody picked). Confirm stays off until both are.
NO_DECLARER = ""
NO_DEAL = 0


def declaration_hints(session: Session, draft: HandDraft) -> list[str]:
    """What is still to choose on the declaration, in the session's language."""
    d = draft.declaration
    if d is None:
        return []
    return [
        session.t(key)
        for key, missing in (
            ("declare.choose_by", d.by == NO_DECLARER),
            ("declare.choose_deal", d.deal == NO_DEAL),
        )
        if missing
    ]


def _unchosen(draft: HandDraft, problem: Problem) -> bool:
    """A declaration problem that only says a choice is still to be made."""
    d = draft.declaration
    return d is not None and (
        (problem.code is Code.DECLARATION_UNKNOWN_PLAYER and d.by == NO_DECLARER)
        or (problem.code is Code.DECLARATION_BAD_DEAL and d.deal == NO_DEAL)
    )


def _draft(session: Session) -> HandDraft:
    """The draft being entered, as it is when a tap arrives (not as drawn)."""
    assert session.draft is not None, "the entry screens always hold a draft"
    return session.draft


def _update(session: Session, draft: HandDraft) -> None:
    session.draft = draft
    session.error = None
    store_draft(session, draft)
    session.render()


def _new_hand_index(session: Session) -> int | None:
    """The 0-based index of the new hand this phone is entering (``None``
    while correcting a saved hand): the one its draft belongs to."""
    key = session.draft_key
    if session.edit_index is not None or key is None or len(key) != 3:
        return None
    index = key[2]
    return index if isinstance(index, int) else None


def store_draft(session: Session, draft: HandDraft) -> None:
    """Keep the new hand's entry in storage at every change, so the back
    arrow, a server restart or another phone opening the entry finds it.

    Written at once: one atomic write of a few hundred bytes, as cheap as a
    bare atomic write (``tests/benchmarks/bench_draft.py``: under a
    millisecond on an idle disk), not worth the ordering risks of a
    write-behind. Not broadcast: the other phones
    read it when they open the entry. A failed write loses nothing on this
    phone (the draft is still on the screen) and says so. The browser build
    writes it to IndexedDB a second after the last tap (``keep_soon``).
    """
    index = _new_hand_index(session)
    key = session.draft_key
    if index is None or key is None or session.hand_taken is not None:
        return
    try:
        session.table.save_draft(str(key[0]), index, draft)
    except StorageError as error:
        log.error("the hand entry's draft was not stored: %s", error)
        session.error = session.error_text(error)
        return
    session.keep_soon()


def _side_choice(
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
    )


def spade_chip(session: Session, draft: HandDraft, rank: Rank) -> ft.Control:
    side = draft.spade_side(rank)
    bg = CHIP_FILL if side is None else SIDE_COLORS[side]
    fg = ON_CHIP_FILL if side is None else ON_SIDE_COLOR
    mark = "-" if side is None else str(side + 1)
    return semantic(
        f"entry-spade-{rank.value}",
        ft.Button(
            content=f"{rank_text(session, rank)} {mark}",
            width=60,
            height=TOUCH_TARGET,
            style=ft.ButtonStyle(
                bgcolor=bg,
                color=fg,
                padding=ft.Padding.all(0),
                side=ft.BorderSide(2, ft.Colors.BLACK),
                shape=ft.RoundedRectangleBorder(radius=8),
                text_style=ft.TextStyle(size=18, weight=ft.FontWeight.BOLD),
            ),
            on_click=lambda _: _update(session, _draft(session).cycle_spade(rank)),
        ),
    )


def _legend(setup: MatchSetup) -> ft.Control:
    # Half the width each, a long name cut with "…" (never past the edge).
    return ft.Row(
        controls=[
            ft.Container(
                expand=True,
                bgcolor=SIDE_COLORS[s],
                border_radius=6,
                padding=ft.Padding.symmetric(horizontal=8, vertical=4),
                content=one_line(
                    f"{s + 1} = {setup.side_name(s)}", color=ON_SIDE_COLOR
                ),
            )
            for s in (0, 1)
        ],
    )


def _number_field(
    identifier: str,
    label: str,
    value: int | str | None,
    on_change: Callable[[str], object],
) -> ft.Control:
    return semantic(
        identifier,
        ft.TextField(
            key=identifier,
            label=label,
            value=_text(value),
            keyboard_type=ft.KeyboardType.NUMBER,
            on_change=lambda e: on_change(text_of(e)),
        ),
        expand=True,
    )


def _side_fields(
    session: Session,
    setup: MatchSetup,
    identifier: str,
    label_key: str,
    values: tuple[int | str | None, int | str | None],
    change: Callable[[int, str], HandDraft],
    typed_by_both: bool,
    total: int,
    size: int | None = None,
) -> list[ft.Control]:
    """Side 1 typed; side 2 typed too in a stopped hand, else shown as the rest
    of ``total`` (the draft fills it in: 40 − x cards, 10 − x spades)."""
    fields = [
        _number_field(
            f"{identifier}-0",
            card_text(session, label_key, side=shorten(setup.side_name(0))),
            values[0],
            lambda v: _update(session, change(0, v)),
        )
    ]
    if typed_by_both:
        fields.append(
            _number_field(
                f"{identifier}-1",
                card_text(session, label_key, side=shorten(setup.side_name(1))),
                values[1],
                lambda v: _update(session, change(1, v)),
            )
        )
    else:
        fields.append(
            semantic(
                f"{identifier}-1-text",
                ft.Text(
                    session.t(
                        "entry.other_count",
                        side=shorten(setup.side_name(1)),
                        total=total,
                        count=_text(values[1]) or "?",
                    ),
                    size=size,
                ),
                expand=True,
            )
        )
    return fields


def spades_section(
    session: Session,
    setup: MatchSetup,
    draft: HandDraft,
    stopped: bool,
    places: dict[str, list[str]],
) -> list[ft.Control]:
    counted = draft.form is SpadeForm.COUNT
    chips = rows_of([spade_chip(session, draft, r) for r in RANKS], 5)
    chips.visible = not counted
    count_fields = _side_fields(
        session,
        setup,
        "entry-spade-count",
        "entry.spade_count",
        draft.spade_counts,
        lambda side, v: _draft(session).with_spade_count(side, v),
        typed_by_both=stopped,
        total=SPADES_IN_DECK,
    )

    # Handlers made by a function, not by lambdas binding ``s=s``: mypy
    # cannot infer a lambda whose parameters have defaults.
    def set_napola(s: int) -> Callable[[str], None]:
        return lambda v: _update(
            session, _draft(session).with_napola(s, as_entered(parse_whole(v) or 0))
        )

    napola_fields = [
        _number_field(
            f"entry-napola-{s}",
            session.t("entry.napola_of", side=shorten(setup.side_name(s))),
            draft.napola[s] or "",
            set_napola(s),
        )
        for s in (0, 1)
    ]

    def honour(name: str, identifier: str, side: int | None) -> list[ft.Control]:
        """Who has the due or the fante di spade (count form)."""
        return [
            ft.Text(card_text(session, f"pts.{name}")),
            _side_choice(
                session,
                identifier,
                setup,
                side,
                lambda v: _update(session, _draft(session).with_honour(name, v)),
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
            on_change=lambda e: _update(
                session,
                _draft(session).with_form(
                    SpadeForm.COUNT if flag_of(e) else SpadeForm.LIST
                ),
            ),
        ),
    )
    return [
        section_title(card_text(session, "pts.spades"), ft.Icons.STYLE),
        switch,
        _legend(setup),
        chips,
        count_form,
        problem_lines("entry-problems-spades", places.get("spades", [])),
        hint_lines("entry-hints-spades", places.get("hint-spades", [])),
    ]


def cards_section(
    session: Session,
    setup: MatchSetup,
    draft: HandDraft,
    stopped: bool,
    places: dict[str, list[str]],
) -> list[ft.Control]:
    fields = _side_fields(
        session,
        setup,
        "entry-cards",
        "entry.cards_of",
        draft.cards,
        lambda side, v: _draft(session).with_cards(side, v),
        typed_by_both=stopped,
        total=DECK_SIZE,
        size=16,
    )
    return [
        section_title(session.t("pts.cards"), ft.Icons.LAYERS),
        ft.Row(controls=fields),
        problem_lines("entry-problems-cards", places.get("cards", [])),
    ]


def _count(value: object) -> int:
    return value if isinstance(value, int) else 0


def _stepper(
    identifier: str, label: str, value: object, on_step: Callable[[int], object]
) -> ft.Control:
    """A count with - and +; ``on_step`` gets -1 or +1.

    A step, not the new count: the handler must add to the count the draft
    has when the tap arrives, not to the one drawn (two quick taps on + before
    the redraw are two, not one).
    """
    count = _count(value)
    return ft.Row(
        controls=[
            ft.Text(label, expand=True, size=16),
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
                ft.Text(str(count), size=20, width=32, text_align=ft.TextAlign.CENTER),
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
        ]
    )


def _counted(text: str, count: int) -> str:
    """A button's label with how many times it was tapped: "7", "7 ×3"."""
    return text if count == 0 else f"{text} ×{count}"


def runs_text(items: list[str]) -> str:
    """Items in the order entered, a run of equal ones as one: "5, 7 ×3, R"."""
    runs: list[tuple[str, int]] = []
    for item in items:
        if runs and runs[-1][0] == item:
            runs[-1] = (item, runs[-1][1] + 1)
        else:
            runs.append((item, 1))
    return ", ".join(item if n == 1 else _counted(item, n) for item, n in runs)


def _taken_line(
    session: Session,
    identifier: str,
    remove_identifier: str,
    summary: str,
    items: list[str],
    on_remove: Callable[[], object],
) -> ft.Control:
    """What was recorded, on one line of a fixed height, and the control that
    takes the last one back: beside the list, never in place of an add button.
    """
    last = items[-1] if items else ""
    return ft.Row(
        spacing=6,
        controls=[
            semantic(
                identifier,
                ft.Text(
                    summary, size=16, max_lines=1, overflow=ft.TextOverflow.ELLIPSIS
                ),
                expand=True,
            ),
            semantic(
                remove_identifier,
                ft.OutlinedButton(
                    content=session.t("entry.remove_last", item=last).strip(),
                    icon=ft.Icons.BACKSPACE_OUTLINED,
                    width=REMOVE_WIDTH,
                    height=SMALL_TARGET,
                    disabled=not items,
                    style=ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=8)),
                    on_click=lambda _: on_remove(),
                ),
            ),
        ],
    )


def play_section(
    session: Session,
    setup: MatchSetup,
    draft: HandDraft,
    side: int,
) -> ft.Control:
    """What one side made during play: piccole, spazzini, bagari, scaluneddu.

    Nothing a player taps here moves when a value is added or taken back (a
    finger tapping "7" five times in place records five spazzini of 7): the
    counts are on the buttons, the list of what was recorded is one line of
    a fixed height, and taking one back is a control of its own. The
    problems of the play points are drawn below both sides, not in between.
    """
    spazzini = draft.spazzini[side]
    bagari = draft.bagari[side]

    # Handlers made by functions, not by lambdas binding ``v=v``: mypy
    # cannot infer a lambda whose parameters have defaults. Each reads the
    # draft when the tap arrives (two quick taps before the redraw are two).
    def add_spazzino(rank: Rank) -> Callable[[ft.Event[ft.OutlinedButton]], None]:
        return lambda _: _update(session, _draft(session).add_spazzino(side, rank))

    def remove_last_spazzino() -> None:
        taken = _draft(session).spazzini[side]
        if taken:
            _update(session, _draft(session).remove_spazzino(side, len(taken) - 1))

    def add_bagari(v: int) -> Callable[[ft.Event[ft.OutlinedButton]], None]:
        return lambda _: _update(session, _draft(session).add_bagari(side, v))

    def remove_last_bagari() -> None:
        taken = _draft(session).bagari[side]
        if taken:
            _update(session, _draft(session).remove_bagari(side, len(taken) - 1))

    none = session.t("live.none")
    spazzini_texts = [rank_text(session, rank) for rank in spazzini]
    add_spazzino_grid = rows_of(
        [
            semantic(
                f"entry-spazzino-{side}-{rank.value}",
                ft.OutlinedButton(
                    content=_counted(rank_text(session, rank), spazzini.count(rank)),
                    width=RANK_WIDTH,
                    height=SMALL_TARGET,
                    style=ft.ButtonStyle(padding=ft.Padding.all(0)),
                    on_click=add_spazzino(rank),
                ),
            )
            for rank in RANKS
        ],
        5,
    )
    bagari_texts = [str(v) for v in bagari]
    bagari_row = ft.Row(
        spacing=6,
        controls=[
            semantic(
                f"entry-bagari-{side}-{v}",
                ft.OutlinedButton(
                    content=_counted(f"+{v}", bagari.count(v)),
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
        lambda step: _update(
            session,
            _draft(session).with_scaluneddu(
                side, max(0, _count(_draft(session).scaluneddu[side]) + step)
            ),
        ),
    )
    scaluneddu.visible = setup.rules.scaluneddu or draft.scaluneddu[side] != 0
    return ft.Container(
        border=ft.Border.all(2, SIDE_COLORS[side]),
        border_radius=12,
        padding=12,
        content=ft.Column(
            spacing=6,
            controls=[
                one_line(
                    setup.side_name(side),
                    size=18,
                    weight=ft.FontWeight.BOLD,
                    color=SIDE_TEXT_COLORS[side],
                ),
                _stepper(
                    f"entry-piccole-{side}",
                    session.t("pts.piccole"),
                    draft.piccole[side],
                    lambda step: _update(
                        session,
                        _draft(session).with_piccole(
                            side, max(0, _count(_draft(session).piccole[side]) + step)
                        ),
                    ),
                ),
                ft.Text(session.t("entry.spazzini_hint")),
                add_spazzino_grid,
                _taken_line(
                    session,
                    f"entry-spazzini-{side}",
                    f"entry-spazzino-{side}-remove-last",
                    session.t(
                        "live.count.spazzini", ranks=runs_text(spazzini_texts) or none
                    ),
                    spazzini_texts,
                    remove_last_spazzino,
                ),
                ft.Text(session.t("pts.bagari")),
                bagari_row,
                _taken_line(
                    session,
                    f"entry-bagari-{side}",
                    f"entry-bagari-{side}-remove-last",
                    session.t(
                        "live.count.bagari", values=runs_text(bagari_texts) or none
                    ),
                    bagari_texts,
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
    declaration = _draft(session).declaration
    assert declaration is not None
    _update(
        session,
        _draft(session).declared(
            declaration.by if by is None else by,
            declaration.deal if deal is None else deal,
        ),
    )


def current_draft(session: Session, stored: StoredMatch, stopped: bool) -> HandDraft:
    """This phone's draft for the screen, or the match's stored one.

    A draft is kept while it belongs to this match and screen
    (``draft_key``). When another phone saved the very hand this one is
    entering, the draft is kept too and the screen asks what to do
    (``session.hand_taken``, :func:`taken_panel`). Otherwise (first opening,
    the entry opened again after the back arrow, a restart, another phone
    changed the hand being corrected) the entry opens on the match's stored
    draft of its next hand (whichever phone typed it, with what the live
    tally recorded since), or on the live tally's pre-fill, or empty in the
    match's spade form. A draft dropped because another phone changed the
    hands says so.
    """
    if session.draft is not None and session.draft_key == draft_key(
        stored, session.edit_index, stopped
    ):
        session.hand_taken = None  # (the other phone's hand was undone since)
        return session.draft
    key = session.draft_key
    if (
        session.draft is not None
        and key is not None
        and key[:2] == (stored.id, stopped)
    ):
        index = _new_hand_index(session)
        if index is not None and index < len(stored.match.hands):
            # another phone saved the hand this one is entering: keep the
            # entries and ask (taken_panel)
            session.hand_taken = index
            return session.draft
        # this screen's draft on this match: another phone changed the hands
        session.error = session.t("entry.changed_elsewhere")
    # the stored draft of the match's next hand (any phone's, kept across the
    # back arrow and restarts), or the live tally's pre-fill, or a fresh one
    draft = session.table.entry_draft(stored.id)
    if stopped and draft.declaration is None:
        draft = draft.declared(NO_DECLARER, NO_DEAL)
    elif not stopped and draft.declaration is not None:
        draft = replace(draft, declaration=None)
    session.hand_taken = None
    session.draft, session.edit_index = draft, None
    session.draft_key = draft_key(stored, None, stopped)
    return draft


def save_hand(session: Session) -> None:
    stored = session.current()
    draft = session.draft
    if stored is None or draft is None:
        return
    hand = draft.to_hand()
    index = session.edit_index
    # Saved, the entry has done its work: Back from the scoreboard leads to
    # the scoreboard's parent, never to an empty entry (Session.go).
    if index is not None:
        original = session.edit_original
        done = session.apply(
            lambda table: table.correct_hand(stored.id, index, hand, expected=original),
            routes.MATCH,
            finished=True,
        )
    else:
        # the hand this phone is entering: refused if another phone saved it
        expected = _new_hand_index(session)
        if hand.declaration is not None:
            done = session.apply(
                lambda table: table.declare(stored.id, hand, expected_index=expected),
                routes.MATCH,
                failed=lambda error: _refused(session, error),
                finished=True,
            )
        else:
            done = session.apply(
                lambda table: table.add_hand(stored.id, hand, expected_index=expected),
                routes.MATCH,
                failed=lambda error: _refused(session, error),
                finished=True,
            )
    if done is not None:
        session.draft = None
        session.edit_index = None


def _refused(session: Session, error: Exception) -> None:
    """A refused Save: the hand another phone saved first is asked about
    (the entries stay); anything else is one sentence in the banner."""
    if isinstance(error, HandAlreadySavedError):
        session.hand_taken = error.index
    else:
        session.error = session.error_text(error)


def taken_panel(session: Session, stored: StoredMatch) -> ft.Control:
    """Another phone saved the hand this one is entering: say so in one
    sentence, show that hand, and offer to replace it with this phone's
    entries or to drop them. Hidden (not removed) when there is nothing to
    ask, so the controls below keep their place."""
    index = session.hand_taken
    results = stored.state.hands
    if index is None or index >= len(results):
        return semantic("entry-taken", ft.Container(), visible=False)
    setup = stored.match.setup
    shown = stored.match.hands[index]  # replaced only if it is still this one
    points = results[index].points
    cards = [side.cards for side in shown.sides]
    summary = session.t(
        "entry.taken_summary",
        side1=setup.side_name(0),
        points1=points[0].total,
        side2=setup.side_name(1),
        points2=points[1].total,
        cards1=cards[0],
        cards2=cards[1],
    )

    def replace_it() -> None:
        draft = session.draft
        if draft is None:
            return
        hand = draft.to_hand()
        done = session.apply(
            lambda table: table.correct_hand(stored.id, index, hand, expected=shown),
            routes.MATCH,
        )
        if done is not None:
            session.draft, session.draft_key, session.hand_taken = None, None, None

    def drop_mine() -> None:
        session.draft, session.draft_key, session.hand_taken = None, None, None
        session.go(routes.MATCH)

    mine = session.draft
    valid = mine is not None and mine.complete and not mine.problems(setup)
    return semantic(
        "entry-taken",
        ft.Container(
            bgcolor=ft.Colors.AMBER_50,
            border=ft.Border.all(2, ft.Colors.AMBER_900),
            border_radius=8,
            padding=12,
            content=ft.Column(
                spacing=8,
                controls=[
                    semantic(
                        "entry-taken-text",
                        ft.Text(
                            session.t("entry.taken", number=index + 1),
                            weight=ft.FontWeight.BOLD,
                            color=ft.Colors.BLACK,
                        ),
                    ),
                    semantic(
                        "entry-taken-summary",
                        ft.Text(summary, color=ft.Colors.BLACK),
                    ),
                    full_width(
                        "entry-taken-replace",
                        ft.FilledButton(
                            content=session.t("entry.taken_replace"),
                            height=TOUCH_TARGET,
                            disabled=not valid,
                            on_click=lambda _: replace_it(),
                        ),
                    ),
                    full_width(
                        "entry-taken-drop",
                        ft.OutlinedButton(
                            content=session.t("entry.taken_drop"),
                            height=TOUCH_TARGET,
                            on_click=lambda _: drop_mine(),
                        ),
                    ),
                ],
            ),
        ),
    )


def _entry_view(session: Session, route: str) -> ft.View:
    """The hand entry or the declaration (``route``), drawn from the draft."""
    stored: StoredMatch | None = session.current()
    if stored is None:
        return screen(
            route,
            session.t("score.title"),
            [ft.Text(session.t("score.no_match"))],
        )
    setup = stored.match.setup
    state = stored.state
    stopped = route == routes.DECLARE
    draft = current_draft(session, stored, stopped)
    problems = draft.problems(setup)
    shown = [p for p in visible_problems(draft, problems) if not _unchosen(draft, p)]
    untouched = untouched_places(draft)
    errors = [p for p in shown if place_of(p) not in untouched]
    # Keyed by place for the errors, by "hint-" and the place for the hints.
    places = problems_by_place(session, setup, errors)
    for place, texts in problems_by_place(
        session, setup, [p for p in shown if place_of(p) in untouched]
    ).items():
        places[f"hint-{place}"] = texts
    places["hint-declaration"] = declaration_hints(session, draft)
    valid = not problems and draft.complete
    preview = score_valid_hand(draft.to_hand(), setup.rules) if valid else None

    if session.edit_index is not None:
        title = session.t("entry.edit_title", number=session.edit_index + 1)
    elif stopped:
        title = session.t("declare.title")
    else:
        title = session.t("entry.title", number=state.next_hand_number)

    body: list[ft.Control] = [
        error_banner(session.error),
        taken_panel(session, stored),
    ]
    if stopped:
        body += declaration_section(session, setup, draft)
        body += [
            problem_lines("entry-problems-declaration", places.get("declaration", [])),
            hint_lines("entry-hints-declaration", places["hint-declaration"]),
        ]
    body += spades_section(session, setup, draft, stopped, places)
    body += [
        section_title(card_text(session, "entry.settebello"), ft.Icons.STAR),
        _side_choice(
            session,
            "entry-settebello",
            setup,
            draft.settebello,
            lambda v: _update(session, _draft(session).with_settebello(v)),
            nobody=stopped,
        ),
        problem_lines("entry-problems-settebello", places.get("settebello", [])),
        hint_lines("entry-hints-settebello", places.get("hint-settebello", [])),
    ]
    body += cards_section(session, setup, draft, stopped, places)
    body += [
        section_title(session.t("entry.play"), ft.Icons.BOLT),
        play_section(session, setup, draft, 0),
        play_section(session, setup, draft, 1),
        # below both sides: a problem appearing moves none of their buttons
        *(
            problem_lines(f"entry-problems-play-{s}", places.get(f"play-{s}", []))
            for s in (0, 1)
        ),
    ]

    if preview is not None:
        status = session.t("entry.preview_title")
    elif (
        not draft.complete
        or len(shown) > len(errors)
        or declaration_hints(session, draft)
    ):
        status = session.t("entry.incomplete")
    else:
        status = session.t("entry.fix_problems", count=len(errors))
    preview_row = ft.Row(
        controls=[
            semantic(
                f"entry-preview-{s}",
                # The points must stay visible: the name is shortened first.
                one_line(
                    session.t(
                        "entry.preview_side",
                        side=shorten(setup.side_name(s)),
                        points=preview[s].total if preview else "-",
                    ),
                    size=16,
                    weight=ft.FontWeight.BOLD,
                    color=SIDE_TEXT_COLORS[s],
                    max_lines=2,
                ),
                expand=True,
            )
            for s in (0, 1)
        ]
    )
    save_label = (
        "declare.confirm"
        if stopped and session.edit_index is None
        else "entry.save_edit"
        if session.edit_index is not None
        else "entry.save"
    )
    bottom = ft.Container(
        padding=ft.Padding.only(top=8),
        border=ft.Border.only(top=ft.BorderSide(1, ft.Colors.GREY_500)),
        content=ft.Column(
            spacing=6,
            controls=[
                semantic("entry-status", ft.Text(status)),
                preview_row,
                full_width(
                    "entry-save",
                    ft.FilledButton(
                        content=session.t(save_label),
                        icon=ft.Icons.SAVE,
                        height=TOUCH_TARGET,
                        disabled=not valid or session.hand_taken is not None,
                        on_click=lambda _: save_hand(session),
                    ),
                ),
            ],
        ),
    )
    return screen(
        route,
        title,
        [
            ft.Column(
                controls=body, expand=True, scroll=ft.ScrollMode.AUTO, spacing=10
            ),
            bottom,
        ],
        spacing=0,
        scroll=False,
        padding=12,
    )


def hand_entry_view(session: Session) -> ft.View:
    """The end-of-hand count of a new hand, or of a hand being corrected."""
    return _entry_view(session, routes.HAND)


def declaration_view(session: Session) -> ft.View:
    """ "Dichiaro vittoria": who, in which deal, and the captures so far."""
    return _entry_view(session, routes.DECLARE)
