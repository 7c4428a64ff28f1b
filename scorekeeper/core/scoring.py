"""Turns a valid hand into each side's points, item by item (RULES.md 2–3).

This module is the only place a point is computed. :func:`score_hand` refuses
an invalid hand with :class:`HandError` rather than guess.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, fields

from .model import (
    Hand,
    Rank,
    Rules,
    SideTally,
    SpadeCount,
    SpadeList,
    SpazzinoNumeral,
    Ties,
)
from .problems import HandError
from .validation import hand_problems, napola_of

MOST_POINTS = 2  # carte, spade
HONOUR_POINTS = 1  # settebello, fante di spade, due di spade
SCALUNEDDU_POINTS = 3
FIGURE_SPAZZINO = {Rank.FANTE: 2, Rank.CAVALLO: 3, Rank.RE: 4}


@dataclass(frozen=True)
class SidePoints:
    """One side's points in one hand, in the order of FORMAT.md."""

    cards: int = 0
    spades: int = 0
    settebello: int = 0
    fante_di_spade: int = 0
    due_di_spade: int = 0
    napola: int = 0
    piccole: int = 0
    spazzini: int = 0
    bagari: int = 0
    scaluneddu: int = 0

    @property
    def total(self) -> int:
        # astuple() deep-copies: written out, it is a third of a match's scoring
        return (
            self.cards
            + self.spades
            + self.settebello
            + self.fante_di_spade
            + self.due_di_spade
            + self.napola
            + self.piccole
            + self.spazzini
            + self.bagari
            + self.scaluneddu
        )

    @property
    def mazzo(self) -> int:
        """The end-of-hand items that share 7 points between the sides."""
        return (
            self.cards
            + self.spades
            + self.settebello
            + self.fante_di_spade
            + self.due_di_spade
        )

    def as_dict(self) -> dict[str, int]:
        d = {f.name: getattr(self, f.name) for f in fields(self)}
        d["total"] = self.total
        return d


ITEMS: tuple[str, ...] = tuple(f.name for f in fields(SidePoints))


@dataclass(frozen=True)
class _SpadeFacts:
    count: int
    due: bool
    fante: bool
    napola: int


def _spade_facts(tally: SideTally) -> _SpadeFacts:
    s = tally.spades
    if isinstance(s, SpadeCount):
        return _SpadeFacts(s.count, s.due_di_spade, s.fante_di_spade, s.napola)
    assert isinstance(s, SpadeList)
    ranks = {Rank.parse(r) for r in s.ranks}
    return _SpadeFacts(
        len(ranks), Rank.DUE in ranks, Rank.FANTE in ranks, napola_of(ranks)
    )


def spazzino_value(rank: Rank | str, rules: Rules) -> int:
    rank = Rank.parse(rank)
    if rank.is_figure:
        return FIGURE_SPAZZINO[rank]
    if rules.spazzino_numeral is SpazzinoNumeral.ONE:
        return 1
    return rank.number


def play_points(
    piccole: int,
    spazzini: Iterable[Rank | str],
    bagari: Iterable[int],
    scaluneddu: int,
    rules: Rules,
) -> int:
    """Points made during play (piccole, spazzini, bagari, scaluneddu)."""
    return (
        piccole
        + sum(spazzino_value(r, rules) for r in spazzini)
        + sum(bagari)
        + SCALUNEDDU_POINTS * scaluneddu
    )


def _most(a: int, b: int, ties: Ties) -> tuple[int, int]:
    if a > b:
        return MOST_POINTS, 0
    if b > a:
        return 0, MOST_POINTS
    return (1, 1) if ties is Ties.SPLIT else (0, 0)


def score_valid_hand(hand: Hand, rules: Rules) -> tuple[SidePoints, SidePoints]:
    """Points of a hand already known to be valid (no checks repeated)."""
    t = hand.sides
    spades = [_spade_facts(t[0]), _spade_facts(t[1])]
    # RULES §5: a hand stopped by a declaration gives carte and spade only to
    # a strict lead; ``ties: split`` is for the "pareggio" of a finished hand.
    ties = rules.ties if hand.declaration is None else Ties.NONE
    cards_pts = _most(t[0].cards, t[1].cards, ties)
    spades_pts = _most(spades[0].count, spades[1].count, ties)
    result = []
    for side in (0, 1):
        tally, sp = t[side], spades[side]
        result.append(
            SidePoints(
                cards=cards_pts[side],
                spades=spades_pts[side],
                settebello=HONOUR_POINTS if tally.settebello else 0,
                fante_di_spade=HONOUR_POINTS if sp.fante else 0,
                due_di_spade=HONOUR_POINTS if sp.due else 0,
                napola=sp.napola,
                piccole=tally.piccole,
                spazzini=sum(spazzino_value(r, rules) for r in tally.spazzini),
                bagari=sum(tally.bagari),
                scaluneddu=SCALUNEDDU_POINTS * tally.scaluneddu,
            )
        )
    return result[0], result[1]


def score_hand(
    hand: Hand, rules: Rules | None = None, players: int = 2
) -> tuple[SidePoints, SidePoints]:
    """Both sides' points for *hand*; :class:`HandError` if it is not valid."""
    rules = rules or Rules()
    problems = hand_problems(hand, rules, players)
    if problems:
        raise HandError(tuple(problems))
    return score_valid_hand(hand, rules)
