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
from scorekeeper.ui.formatting import card_text, rank_text
from scorekeeper.ui.screens.scoreboard import draft_key
from scorekeeper.ui.session import Session
from scorekeeper.ui.widgets import (
    SIDE_COLORS,
    SMALL_TARGET,
    TOUCH_TARGET,
    error_banner,
    full_width,
    problem_lines,
    rows_of,
    screen,
    section_title,
    segmented,
    semantic,
)

log = logging.getLogger(__name__)

NAPOLA_CHOICES = (0, *range(3, 11))


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


def problems_by_place(
    session: Session, setup: MatchSetup, problems: list[Problem]
) -> dict[str, list[str]]:
    """Problem texts keyed by the section that shows them (``field`` or
    ``field-side`` for the per-side sections of play points)."""
    per_side = {"piccole", "spazzini", "bagari", "scaluneddu"}
    places: dict[str, list[str]] = defaultdict(list)
    for p in problems:
        text = p.text(session.lang)
        if p.side is not None:
            text = f"{setup.side_name(p.side)}: {text}"
        if p.field in per_side:
            places[f"play-{p.side if p.side is not None else 1}"].append(text)
        elif p.field in ("due_di_spade", "fante_di_spade", "napola"):
            places["spades"].append(text)
        else:
            places[p.field].append(text)
    return places


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
    phone (the draft is still on the screen) and says so.
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
    bg = ft.Colors.WHITE if side is None else SIDE_COLORS[side]
    fg = ft.Colors.BLACK if side is None else ft.Colors.WHITE
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
    return ft.Row(
        wrap=True,
        controls=[
            ft.Container(
                bgcolor=SIDE_COLORS[s],
                border_radius=6,
                padding=ft.Padding.symmetric(horizontal=8, vertical=4),
                content=ft.Text(
                    f"{s + 1} = {setup.side_name(s)}", color=ft.Colors.WHITE
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
            on_change=lambda e: on_change(e.control.value),
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
            card_text(session, label_key, side=setup.side_name(0)),
            values[0],
            lambda v: _update(session, change(0, v)),
        )
    ]
    if typed_by_both:
        fields.append(
            _number_field(
                f"{identifier}-1",
                card_text(session, label_key, side=setup.side_name(1)),
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
                        side=setup.side_name(1),
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
            session.t("entry.napola_of", side=setup.side_name(s)),
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
                    SpadeForm.COUNT if e.control.value else SpadeForm.LIST
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


def _small_button(
    identifier: str,
    text: str,
    on_click: Callable[[], object],
    icon: ft.IconData | None = None,
) -> ft.Control:
    """A button of a row that grows and shrinks (spazzini, bagari).

    Keyed by its identifier: unkeyed, flet matches the rebuilt row by position
    and patches the identifiers in place, and the browser kept old ones (after
    a bagari of 3 was added, "+3" was still found as ``entry-bagari-0-4``).
    """
    button = semantic(
        identifier,
        ft.OutlinedButton(
            content=text,
            icon=icon,
            height=SMALL_TARGET,
            style=ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=12)),
            on_click=lambda _: on_click(),
        ),
    )
    button.key = identifier
    return button


def play_section(
    session: Session,
    setup: MatchSetup,
    draft: HandDraft,
    side: int,
    places: dict[str, list[str]],
) -> ft.Control:
    """What one side made during play: piccole, spazzini, bagari, scaluneddu."""
    spazzini = draft.spazzini[side]
    bagari = draft.bagari[side]

    # Handlers made by functions, not by lambdas binding ``i=i``: mypy
    # cannot infer a lambda whose parameters have defaults.
    def remove_spazzino(i: int) -> Callable[[], None]:
        return lambda: _update(session, _draft(session).remove_spazzino(side, i))

    def remove_bagari(i: int) -> Callable[[], None]:
        return lambda: _update(session, _draft(session).remove_bagari(side, i))

    def add_bagari(v: int) -> Callable[[], None]:
        return lambda: _update(session, _draft(session).add_bagari(side, v))

    taken = rows_of(
        [
            _small_button(
                f"entry-spazzino-{side}-remove-{i}",
                rank_text(session, rank),
                remove_spazzino(i),
                icon=ft.Icons.CLOSE,
            )
            for i, rank in enumerate(spazzini)
        ],
        4,
    )
    add_spazzino = rows_of(
        [
            semantic(
                f"entry-spazzino-{side}-{rank.value}",
                ft.OutlinedButton(
                    content=rank_text(session, rank),
                    width=SMALL_TARGET,
                    height=SMALL_TARGET,
                    style=ft.ButtonStyle(padding=ft.Padding.all(0)),
                    on_click=lambda _, r=rank: _update(
                        session, _draft(session).add_spazzino(side, r)
                    ),
                ),
            )
            for rank in RANKS
        ],
        5,
    )
    bagari_row = rows_of(
        [
            *(
                _small_button(
                    f"entry-bagari-{side}-remove-{i}",
                    str(v),
                    remove_bagari(i),
                    icon=ft.Icons.CLOSE,
                )
                for i, v in enumerate(bagari)
            ),
            *(
                _small_button(
                    f"entry-bagari-{side}-{v}",
                    f"+{v}",
                    add_bagari(v),
                )
                for v in (3, 4)
            ),
        ],
        4,
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
                ft.Text(
                    setup.side_name(side),
                    size=18,
                    weight=ft.FontWeight.BOLD,
                    color=SIDE_COLORS[side],
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
                taken,
                add_spazzino,
                ft.Text(session.t("pts.bagari")),
                bagari_row,
                scaluneddu,
                problem_lines(
                    f"entry-problems-play-{side}", places.get(f"play-{side}", [])
                ),
            ],
        ),
    )


def declaration_section(
    session: Session, setup: MatchSetup, draft: HandDraft
) -> list[ft.Control]:
    d = draft.declaration
    assert d is not None
    deals = range(1, setup.deals_per_hand)
    return [
        section_title(session.t("declare.who"), ft.Icons.RECORD_VOICE_OVER),
        segmented(
            "declare-by",
            [(p, p) for p in setup.players],
            d.by,
            # the draft when tapped, not when drawn: the other choice may
            # have changed since (two quick taps before the redraw)
            lambda v: _declare(session, v, None) if v else None,
            allow_empty=False,
        ),
        section_title(session.t("declare.deal"), ft.Icons.FORMAT_LIST_NUMBERED),
        segmented(
            "declare-deal",
            [(str(n), str(n)) for n in deals],
            str(d.deal),
            lambda v: _declare(session, None, v) if v else None,
            allow_empty=False,
        ),
        ft.Text(session.t("declare.hint")),
    ]


def _declare(session: Session, by: str | None, deal: str | None) -> None:
    """Choose who declares or at which deal, keeping the other choice as it
    is when the tap arrives (two quick taps before the redraw: both count)."""
    declaration = _draft(session).declaration
    assert declaration is not None
    _update(
        session,
        _draft(session).declared(
            by or declaration.by, int(deal) if deal else declaration.deal
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
        draft = draft.declared(stored.match.setup.players[0], 1)
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
    if index is not None:
        original = session.edit_original
        done = session.apply(
            lambda table: table.correct_hand(stored.id, index, hand, expected=original),
            routes.MATCH,
        )
    else:
        # the hand this phone is entering: refused if another phone saved it
        expected = _new_hand_index(session)
        if hand.declaration is not None:
            done = session.apply(
                lambda table: table.declare(stored.id, hand, expected_index=expected),
                routes.MATCH,
                failed=lambda error: _refused(session, error),
            )
        else:
            done = session.apply(
                lambda table: table.add_hand(stored.id, hand, expected_index=expected),
                routes.MATCH,
                failed=lambda error: _refused(session, error),
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
    shown = visible_problems(draft, problems)
    places = problems_by_place(session, setup, shown)
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
        body.append(
            problem_lines("entry-problems-declaration", places.get("declaration", []))
        )
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
    ]
    body += cards_section(session, setup, draft, stopped, places)
    body += [
        section_title(session.t("entry.play"), ft.Icons.BOLT),
        play_section(session, setup, draft, 0, places),
        play_section(session, setup, draft, 1, places),
    ]

    if preview is not None:
        status = session.t("entry.preview_title")
    elif not draft.complete:
        status = session.t("entry.incomplete")
    else:
        status = session.t("entry.fix_problems", count=len(shown))
    preview_row = ft.Row(
        controls=[
            semantic(
                f"entry-preview-{s}",
                ft.Text(
                    session.t(
                        "entry.preview_side",
                        side=setup.side_name(s),
                        points=preview[s].total if preview else "-",
                    ),
                    size=16,
                    weight=ft.FontWeight.BOLD,
                    color=SIDE_COLORS[s],
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
