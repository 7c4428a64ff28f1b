"""The hand being entered at the table, before it is saved (view logic, no UI).

A :class:`HandDraft` is what the hand-entry screen holds while players tap and
type: which side took each spade, who has the settebello, side 1's cards (side
2's are 40 − x in a full hand), what each side made during play. It converts to
a core :class:`Hand`; the core says what is wrong (field by field) and what it
scores. A :class:`LiveTally` records points as they happen during play and
pre-fills the draft at the end of the hand.

Everything here is immutable: each tap returns a new draft, so an undo is the
previous value and two phones never share a half-edited object.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any, TypeVar, cast

from scorekeeper.core.engine import MatchState, declaration_allowed
from scorekeeper.core.model import (
    DECK_SIZE,
    RANKS,
    SPADES_IN_DECK,
    Declaration,
    Hand,
    MatchSetup,
    Rank,
    Rules,
    SideTally,
    SpadeCount,
    SpadeList,
)
from scorekeeper.core.problems import Problem
from scorekeeper.core.scoring import SidePoints, play_points, score_valid_hand
from scorekeeper.core.validation import declaration_problems, hand_problems
from scorekeeper.table.hand_fields import PLAY, HandField, Kind, play_field_logged

Pair = tuple[int, int]
_T = TypeVar("_T")


class SpadeForm(StrEnum):
    LIST = "list"  # tap each spade card to the side that took it
    COUNT = "count"  # type the count, say who has the due, fante and napola


def parse_whole(text: str | int | None) -> int | str | None:
    """A typed number as an int; blank is ``None``; anything else stays text
    (the core reports it as "not a whole number", showing what was typed)."""
    if text is None or isinstance(text, int):
        return text
    s = str(text).strip()
    if not s:
        return None
    try:
        return int(s)
    except ValueError:
        return s


def _set(pair: tuple[_T, _T], side: int, value: _T) -> tuple[_T, _T]:
    out = list(pair)
    out[side] = value
    return (out[0], out[1])


def as_entered(value: int | str) -> int:
    """A count as typed, for a core field typed ``int``: text that is not a
    number stays text, and the core reports it (see ``core.model``)."""
    return cast(int, value)


def _saved(f: HandField, value: Any) -> Any:
    """One side's value of a field made during play, as a saved hand holds it,
    the way the draft keeps it (a valid hand spells only ranks)."""
    if f.kind is Kind.RANKS:
        return tuple(Rank.parse(r) for r in value)
    if f.kind is Kind.VALUES:
        return tuple(value)
    return value


def _one_side(source: object, name: str, side: int, value: Any) -> dict[str, Any]:
    """The change of *source*'s pair *name* that gives *side* *value*."""
    return {name: _set(getattr(source, name), side, value)}


def _play_of(source: object) -> dict[str, Any]:
    """The fields made during play of a draft or a tally, by name."""
    return {f.name: getattr(source, f.name) for f in PLAY}


@dataclass(frozen=True)
class HandDraft:
    """The end-of-hand count as entered so far: one attribute per field of
    ``hand_fields.FIELDS`` (a test checks they are the same)."""

    form: SpadeForm = SpadeForm.LIST
    spades: tuple[int | None, ...] = (None,) * 10  # side per rank, in RANKS order
    spade_counts: tuple[int | str | None, int | str | None] = (None, None)
    due_di_spade: int | None = None  # side holding it (count form)
    fante_di_spade: int | None = None
    napola: tuple[int, int] = (0, 0)  # count form
    settebello: int | None = None
    cards: tuple[int | str | None, int | str | None] = (None, None)
    piccole: Pair = (0, 0)
    spazzini: tuple[tuple[Rank, ...], tuple[Rank, ...]] = ((), ())
    bagari: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())
    scaluneddu: Pair = (0, 0)
    declaration: Declaration | None = None

    # -- taps ------------------------------------------------------------------
    def cycle_spade(self, rank: Rank) -> HandDraft:
        """Nobody → side 1 → side 2 → nobody: one chip, three taps at most."""
        i = RANKS.index(rank)
        nxt = {None: 0, 0: 1, 1: None}[self.spades[i]]
        return self.with_spade(rank, nxt)

    def give_spade(self, rank: Rank, side: int | None) -> HandDraft:
        """One tap on a chip with *side* chosen (``None``: nobody, in a
        stopped hand): the spade goes to *side*. Tapped twice (a finger's
        bounce, a tap sent again), it stays there: a slip is undone by
        choosing the other side and tapping again."""
        return self.with_spade(rank, side)

    def rest_of_spades_to(self, side: int) -> HandDraft:
        """ "Tutte le altre a …": every spade nobody has yet goes to *side*."""
        return replace(
            self, spades=tuple(side if s is None else s for s in self.spades)
        )

    def with_spade(self, rank: Rank, side: int | None) -> HandDraft:
        spades = list(self.spades)
        spades[RANKS.index(rank)] = side
        return replace(self, spades=tuple(spades))

    def spade_side(self, rank: Rank) -> int | None:
        return self.spades[RANKS.index(rank)]

    def with_cards(self, side: int, text: str | int | None) -> HandDraft:
        """Cards of *side*; in a full hand the other side gets 40 − x.

        Past 40 the other side is left blank rather than shown a negative
        count: the problem is the typed number, on the side that typed it.
        """
        value = parse_whole(text)
        cards = _set(self.cards, side, value)
        if self.declaration is None:
            fits = isinstance(value, int) and value <= DECK_SIZE
            other = DECK_SIZE - value if fits and isinstance(value, int) else None
            cards = _set(cards, 1 - side, other)
        return replace(self, cards=cards)

    def with_settebello(self, side: int | None) -> HandDraft:
        return replace(self, settebello=side)

    def with_form(self, form: SpadeForm) -> HandDraft:
        """Switch spade entry; switching to counts carries over what the chips say."""
        form = SpadeForm(form)
        if form is self.form:
            return self
        if form is SpadeForm.COUNT:
            return replace(
                self,
                form=form,
                spade_counts=self._chip_counts(),
                due_di_spade=self.spade_side(Rank.DUE),
                fante_di_spade=self.spade_side(Rank.FANTE),
                napola=(self._list_napola(0), self._list_napola(1)),
            )
        return replace(self, form=form)

    def _chip_counts(self) -> tuple[int | None, int | None]:
        """The chips as the count form's two counts. No chip tapped: nothing
        typed. In a full hand side 2's count is the rest of 10, as the count
        form says ("il resto fino a 10"): the spades nobody has yet go to
        side 2, never a count that contradicts its own words."""
        if all(s is None for s in self.spades):
            return (None, None)
        first = self.spades.count(0)
        if self.declaration is None:
            return (first, SPADES_IN_DECK - first)
        return (first, self.spades.count(1))

    def _list_napola(self, side: int) -> int:
        from scorekeeper.core.validation import napola_of

        return napola_of(r for r in RANKS if self.spade_side(r) == side)

    def with_spade_count(self, side: int, text: str | int | None) -> HandDraft:
        value = parse_whole(text)
        counts = _set(self.spade_counts, side, value)
        if self.declaration is None and isinstance(value, int):
            # past 10 the other side is left blank, not shown a negative count
            counts = _set(counts, 1 - side, 10 - value if value <= 10 else None)
        return replace(self, spade_counts=counts)

    def with_honour(self, field_name: str, side: int | None) -> HandDraft:
        if field_name == "due_di_spade":
            return replace(self, due_di_spade=side)
        if field_name == "fante_di_spade":
            return replace(self, fante_di_spade=side)
        raise ValueError(f"not a counted honour: {field_name!r}")

    def with_napola(self, side: int, value: int) -> HandDraft:
        return replace(self, napola=_set(self.napola, side, value))

    def with_count(self, name: str, side: int, value: int | str | None) -> HandDraft:
        """A count of *side* as typed (blank is 0, text stays text)."""
        count = as_entered(parse_whole(value) or 0)
        return replace(self, **_one_side(self, name, side, count))

    def with_item(self, name: str, side: int, item: Any) -> HandDraft:
        """One more item (a rank, a value) on *side*'s list *name*."""
        items = (*getattr(self, name)[side], item)
        return replace(self, **_one_side(self, name, side, items))

    def without_item(self, name: str, side: int, index: int) -> HandDraft:
        """*side*'s list *name* without its item at *index*."""
        items = list(getattr(self, name)[side])
        del items[index]
        return replace(self, **_one_side(self, name, side, tuple(items)))

    def with_piccole(self, side: int, value: int | str | None) -> HandDraft:
        return self.with_count("piccole", side, value)

    def add_spazzino(self, side: int, rank: Rank) -> HandDraft:
        return self.with_item("spazzini", side, Rank.parse(rank))

    def remove_spazzino(self, side: int, index: int) -> HandDraft:
        return self.without_item("spazzini", side, index)

    def add_bagari(self, side: int, value: int) -> HandDraft:
        return self.with_item("bagari", side, value)

    def remove_bagari(self, side: int, index: int) -> HandDraft:
        return self.without_item("bagari", side, index)

    def with_scaluneddu(self, side: int, value: int | str | None) -> HandDraft:
        return self.with_count("scaluneddu", side, value)

    def declared(self, by: str, deal: int) -> HandDraft:
        """This draft as the captures at an early-win declaration."""
        return replace(self, declaration=Declaration(by, deal))

    # -- to the core -------------------------------------------------------------
    def tally(self, side: int) -> SideTally:
        if self.form is SpadeForm.LIST:
            spades: SpadeList | SpadeCount = SpadeList(
                tuple(r for r in RANKS if self.spade_side(r) == side)
            )
        else:
            count = self.spade_counts[side]
            spades = SpadeCount(
                as_entered(count) if count is not None else 0,
                self.due_di_spade == side,
                self.fante_di_spade == side,
                self.napola[side],
            )
        cards = self.cards[side]
        base = SideTally(
            cards=as_entered(cards) if cards is not None else 0,
            spades=spades,
            settebello=self.settebello == side,
        )
        return replace(base, **{n: v[side] for n, v in _play_of(self).items()})

    def to_hand(self) -> Hand:
        return Hand((self.tally(0), self.tally(1)), self.declaration)

    def problems(self, setup: MatchSetup) -> list[Problem]:
        """Everything the core finds wrong, each with its side and field."""
        hand = self.to_hand()
        return declaration_problems(hand, setup) + hand_problems(
            hand, setup.rules, len(setup.players)
        )

    def preview(self, setup: MatchSetup) -> tuple[SidePoints, SidePoints] | None:
        """Each side's points if the hand is valid so far, else ``None``."""
        if self.problems(setup):
            return None
        return score_valid_hand(self.to_hand(), setup.rules)

    @property
    def complete(self) -> bool:
        """Whether the players have entered the cards (blank is not 0)."""
        return all(c is not None for c in self.cards)

    # -- from the core -------------------------------------------------------------
    @classmethod
    def from_hand(cls, hand: Hand) -> HandDraft:
        """A draft showing a saved hand, for editing it."""
        t = hand.sides
        common: dict[str, Any] = dict(
            settebello=0 if t[0].settebello else 1 if t[1].settebello else None,
            cards=(t[0].cards, t[1].cards),
            declaration=hand.declaration,
        )
        for f in PLAY:
            common[f.name] = tuple(_saved(f, getattr(s, f.name)) for s in t)
        s0, s1 = t[0].spades, t[1].spades
        if isinstance(s0, SpadeCount) and isinstance(s1, SpadeCount):
            return cls(
                form=SpadeForm.COUNT,
                spade_counts=(s0.count, s1.count),
                due_di_spade=0 if s0.due_di_spade else 1 if s1.due_di_spade else None,
                fante_di_spade=(
                    0 if s0.fante_di_spade else 1 if s1.fante_di_spade else None
                ),
                napola=(s0.napola, s1.napola),
                **common,
            )
        sides: list[int | None] = [None] * len(RANKS)
        for side, s in enumerate((s0, s1)):
            if not isinstance(s, SpadeList):  # a saved hand has one spade form
                raise TypeError(f"a hand mixes spade forms: {hand!r}")
            for r in s.ranks:
                sides[RANKS.index(Rank.parse(r))] = side
        return cls(form=SpadeForm.LIST, spades=tuple(sides), **common)


@dataclass(frozen=True)
class LiveTally:
    """Points recorded during play, as they happen, and the deal counter: one
    attribute per field of ``hand_fields.PLAY`` (a test checks it)."""

    deal: int = 1
    piccole: Pair = (0, 0)
    spazzini: tuple[tuple[Rank, ...], tuple[Rank, ...]] = ((), ())
    bagari: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())
    scaluneddu: Pair = (0, 0)
    log: tuple[str, ...] = field(default=(), repr=False)  # for undo, newest last

    def record(self, name: str, side: int, item: Any = None) -> LiveTally:
        """One more of field *name* for *side*: a count goes up by one, a list
        gets *item*; the log remembers it for :meth:`undo`."""
        f = next(f for f in PLAY if f.name == name)
        now = getattr(self, name)[side]
        value = now + 1 if f.kind is Kind.COUNT else (*now, item)
        log = (*self.log, f"{f.log}:{side}")
        return replace(self, **_one_side(self, name, side, value), log=log)

    def piccola(self, side: int) -> LiveTally:
        return self.record("piccole", side)

    def spazzino(self, side: int, rank: Rank) -> LiveTally:
        return self.record("spazzini", side, Rank.parse(rank))

    def bagari_of(self, side: int, value: int) -> LiveTally:
        return self.record("bagari", side, value)

    def scaluneddu_for(self, side: int) -> LiveTally:
        return self.record("scaluneddu", side)

    def next_deal(self, deals_per_hand: int) -> LiveTally:
        return replace(self, deal=min(self.deal + 1, deals_per_hand))

    def previous_deal(self) -> LiveTally:
        return replace(self, deal=max(self.deal - 1, 1))

    def undo(self) -> LiveTally:
        """Take back the last thing recorded (the deal counter aside)."""
        if not self.log:
            return self
        word, side_text = self.log[-1].split(":")
        side = int(side_text)
        rest = self.log[:-1]
        # a word no field logs (a forged document) was read as the last field's
        f = play_field_logged(word) or PLAY[-1]
        now = getattr(self, f.name)[side]
        value = now - 1 if f.kind is Kind.COUNT else now[:-1]
        return replace(self, **_one_side(self, f.name, side, value), log=rest)

    def running_points(self, rules: Rules) -> Pair:
        """Each side's points made during play so far (the mazzo comes later)."""
        play = _play_of(self)
        a, b = (
            play_points(**{n: v[side] for n, v in play.items()}, rules=rules)
            for side in (0, 1)
        )
        return (a, b)

    def to_draft(self, draft: HandDraft | None = None) -> HandDraft:
        """The hand-entry draft pre-filled with what was recorded in play."""
        return replace(draft or HandDraft(), **_play_of(self))


def merge_play(draft: HandDraft, seen: LiveTally, now: LiveTally) -> HandDraft:
    """*draft*'s play points with what the live tally recorded since *seen*
    (the tally when the draft was stored) added, never put in their place: a
    piccola typed in the entry and a spazzino tapped on the live tally since
    are both kept. What the tally took back since is taken out of the
    entry's too (where it is there).

    >>> typed = HandDraft().with_piccole(0, 2)
    >>> merge_play(typed, LiveTally(), LiveTally().spazzino(1, Rank.SETTE)).piccole
    (2, 0)
    """
    changes: dict[str, Any] = {}
    for f in PLAY:
        pairs = (getattr(draft, f.name), getattr(seen, f.name), getattr(now, f.name))
        merged = [_merged(f, *(pair[side] for pair in pairs)) for side in (0, 1)]
        changes[f.name] = (merged[0], merged[1])
    return replace(draft, **changes)


def _merged(f: HandField, typed: Any, before: Any, after: Any) -> Any:
    """One side's value of a play field: *typed* plus *after* − *before*."""
    if f.kind is Kind.COUNT:
        if not isinstance(typed, int):  # text the core refuses: left as typed
            return typed
        return max(0, typed + after - before)
    items = list(typed)
    added = Counter(after) - Counter(before)
    for item in (Counter(before) - Counter(after)).elements():
        if item in items:  # taken back on the tally: the last one entered
            del items[len(items) - 1 - items[::-1].index(item)]
    for item in after:
        if added[item] > 0:
            items.append(item)
            added[item] -= 1
    return tuple(items)


def can_declare(state: MatchState, deal: int) -> bool:
    """Whether an early-win declaration may be made now (RULES.md 5)."""
    return declaration_allowed(state, deal)
