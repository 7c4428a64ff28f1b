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

from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import TypedDict, TypeVar, cast

from scorekeeper.core.engine import MatchState, declaration_allowed
from scorekeeper.core.model import (
    DECK_SIZE,
    RANKS,
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


def _ranks(items: tuple[Rank | str, ...]) -> tuple[Rank, ...]:
    """A saved hand's spazzini as ranks (a valid hand spells only ranks)."""
    return tuple(Rank.parse(r) for r in items)


class _FromHand(TypedDict):
    """What :meth:`HandDraft.from_hand` takes from a hand whatever its form."""

    settebello: int | None
    cards: tuple[int | str | None, int | str | None]
    piccole: Pair
    spazzini: tuple[tuple[Rank, ...], tuple[Rank, ...]]
    bagari: tuple[tuple[int, ...], tuple[int, ...]]
    scaluneddu: Pair
    declaration: Declaration | None


@dataclass(frozen=True)
class HandDraft:
    """The end-of-hand count as entered so far."""

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
                spade_counts=(self.spades.count(0), self.spades.count(1)),
                due_di_spade=self.spade_side(Rank.DUE),
                fante_di_spade=self.spade_side(Rank.FANTE),
                napola=(self._list_napola(0), self._list_napola(1)),
            )
        return replace(self, form=form)

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

    def with_piccole(self, side: int, value: int | str | None) -> HandDraft:
        return replace(
            self, piccole=_set(self.piccole, side, as_entered(parse_whole(value) or 0))
        )

    def add_spazzino(self, side: int, rank: Rank) -> HandDraft:
        lists = _set(self.spazzini, side, (*self.spazzini[side], Rank.parse(rank)))
        return replace(self, spazzini=lists)

    def remove_spazzino(self, side: int, index: int) -> HandDraft:
        items = list(self.spazzini[side])
        del items[index]
        return replace(self, spazzini=_set(self.spazzini, side, tuple(items)))

    def add_bagari(self, side: int, value: int) -> HandDraft:
        return replace(
            self, bagari=_set(self.bagari, side, (*self.bagari[side], value))
        )

    def remove_bagari(self, side: int, index: int) -> HandDraft:
        items = list(self.bagari[side])
        del items[index]
        return replace(self, bagari=_set(self.bagari, side, tuple(items)))

    def with_scaluneddu(self, side: int, value: int | str | None) -> HandDraft:
        return replace(
            self,
            scaluneddu=_set(self.scaluneddu, side, as_entered(parse_whole(value) or 0)),
        )

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
        return SideTally(
            cards=as_entered(cards) if cards is not None else 0,
            spades=spades,
            settebello=self.settebello == side,
            piccole=self.piccole[side],
            spazzini=self.spazzini[side],
            bagari=self.bagari[side],
            scaluneddu=self.scaluneddu[side],
        )

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
        common: _FromHand = dict(
            settebello=0 if t[0].settebello else 1 if t[1].settebello else None,
            cards=(t[0].cards, t[1].cards),
            piccole=(t[0].piccole, t[1].piccole),
            spazzini=(_ranks(t[0].spazzini), _ranks(t[1].spazzini)),
            bagari=(tuple(t[0].bagari), tuple(t[1].bagari)),
            scaluneddu=(t[0].scaluneddu, t[1].scaluneddu),
            declaration=hand.declaration,
        )
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
    """Points recorded during play, as they happen, and the deal counter."""

    deal: int = 1
    piccole: Pair = (0, 0)
    spazzini: tuple[tuple[Rank, ...], tuple[Rank, ...]] = ((), ())
    bagari: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())
    scaluneddu: Pair = (0, 0)
    log: tuple[str, ...] = field(default=(), repr=False)  # for undo, newest last

    def piccola(self, side: int) -> LiveTally:
        return replace(
            self,
            piccole=_set(self.piccole, side, self.piccole[side] + 1),
            log=(*self.log, f"piccola:{side}"),
        )

    def spazzino(self, side: int, rank: Rank) -> LiveTally:
        rank = Rank.parse(rank)
        lists = _set(self.spazzini, side, (*self.spazzini[side], rank))
        return replace(self, spazzini=lists, log=(*self.log, f"spazzino:{side}"))

    def bagari_of(self, side: int, value: int) -> LiveTally:
        lists = _set(self.bagari, side, (*self.bagari[side], value))
        return replace(self, bagari=lists, log=(*self.log, f"bagari:{side}"))

    def scaluneddu_for(self, side: int) -> LiveTally:
        values = _set(self.scaluneddu, side, self.scaluneddu[side] + 1)
        return replace(self, scaluneddu=values, log=(*self.log, f"scaluneddu:{side}"))

    def next_deal(self, deals_per_hand: int) -> LiveTally:
        return replace(self, deal=min(self.deal + 1, deals_per_hand))

    def previous_deal(self) -> LiveTally:
        return replace(self, deal=max(self.deal - 1, 1))

    def undo(self) -> LiveTally:
        """Take back the last thing recorded (the deal counter aside)."""
        if not self.log:
            return self
        kind, side_text = self.log[-1].split(":")
        side = int(side_text)
        rest = self.log[:-1]
        if kind == "piccola":
            return replace(
                self, piccole=_set(self.piccole, side, self.piccole[side] - 1), log=rest
            )
        if kind == "spazzino":
            return replace(
                self,
                spazzini=_set(self.spazzini, side, self.spazzini[side][:-1]),
                log=rest,
            )
        if kind == "bagari":
            return replace(
                self, bagari=_set(self.bagari, side, self.bagari[side][:-1]), log=rest
            )
        return replace(
            self,
            scaluneddu=_set(self.scaluneddu, side, self.scaluneddu[side] - 1),
            log=rest,
        )

    def running_points(self, rules: Rules) -> Pair:
        """Each side's points made during play so far (the mazzo comes later)."""
        return (
            play_points(
                self.piccole[0],
                self.spazzini[0],
                self.bagari[0],
                self.scaluneddu[0],
                rules,
            ),
            play_points(
                self.piccole[1],
                self.spazzini[1],
                self.bagari[1],
                self.scaluneddu[1],
                rules,
            ),
        )

    def to_draft(self, draft: HandDraft | None = None) -> HandDraft:
        """The hand-entry draft pre-filled with what was recorded in play."""
        return replace(
            draft or HandDraft(),
            piccole=self.piccole,
            spazzini=self.spazzini,
            bagari=self.bagari,
            scaluneddu=self.scaluneddu,
        )


def can_declare(state: MatchState, deal: int) -> bool:
    """Whether an early-win declaration may be made now (RULES.md 5)."""
    return declaration_allowed(state, deal)
