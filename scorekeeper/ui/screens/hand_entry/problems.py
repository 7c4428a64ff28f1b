"""Which of a draft's problems show, where, and as an error or a hint."""

from __future__ import annotations

from collections import defaultdict

from scorekeeper.core.model import MatchSetup
from scorekeeper.core.problems import Code, Problem
from scorekeeper.i18n.sentences import Sides, next_step
from scorekeeper.table.hand_draft import HandDraft, SpadeForm
from scorekeeper.ui.kit.formatting import problem_text
from scorekeeper.ui.screens.hand_entry.state import NO_DEAL, NO_DECLARER
from scorekeeper.ui.shell.session import Session

# Problems about the captured cards say "0 + 0" until both are typed: wait.
CARD_CODES = {
    Code.CARDS_SUM,
    Code.CARDS_OVER,
    Code.SPADES_EXCEED_CARDS,
    Code.BAGARI_EXCEED_CARDS,
}


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
    """Problem sentences keyed by the section that shows them (``place_of``);
    each names its side by the players ("Anna ha 2 spade: ...")."""
    places: dict[str, list[str]] = defaultdict(list)
    for p in problems:
        places[place_of(p)].append(problem_text(session, p, setup))
    return places


def next_steps(
    session: Session,
    setup: MatchSetup,
    draft: HandDraft,
    problems: list[Problem],
) -> dict[str, list[str]]:
    """What to do next in each untouched section that still misses
    something, keyed by ``hint-`` and its place: one sentence ("Segna chi ha
    le spade: tocca ogni carta."), never the problems an empty section has
    (a fresh entry is unfinished, not wrong). A section whose problems are
    all answered (a declaration's settebello may be nobody's) says nothing."""
    waiting = {place_of(p) for p in problems}
    steps = {
        "spades": "spades" if draft.form is SpadeForm.LIST else "spade_counts",
        "settebello": "settebello",
    }
    sides = Sides.of(setup)
    return {
        f"hint-{place}": [
            next_step(steps[place], session.translator, sides, session.french_cards)
        ]
        for place in untouched_places(draft)
        if place in waiting and place in steps
    }


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


def spades_given(draft: HandDraft, problems: list[Problem]) -> bool:
    """Whether the spades are entered and hold no problem (``problems``:
    the draft's): the chips all given, or the counts, the due and the fante
    answered."""
    return "spades" not in untouched_places(draft) and not any(
        place_of(p) == "spades" for p in problems
    )


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


def unchosen(draft: HandDraft, problem: Problem) -> bool:
    """A declaration problem that only says a choice is still to be made."""
    d = draft.declaration
    return d is not None and (
        (problem.code is Code.DECLARATION_UNKNOWN_PLAYER and d.by == NO_DECLARER)
        or (problem.code is Code.DECLARATION_BAD_DEAL and d.deal == NO_DEAL)
    )
