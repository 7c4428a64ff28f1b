"""The contatori trainer (issue 39, seed 000's "Contatori"): a 2-player hand
played card by card from a seed, watched from one seat; after each deal the
player says the counters (or the full count) of the cards captured so far,
and before the last deal which ranks the opponent holds. Pure: the screen
(``ui/screens/trainer.py``) keeps where the player is and what it answered.

>>> drill = new_drill(5, Level.COUNTERS)
>>> len(drill.hand.deals), len(drill.answer_after(1))
(6, 7)
>>> drill.wrong_ranks(1, drill.answer_after(1))
()
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from enum import StrEnum

from .model import RANKS, MatchSetup, Rank
from .play import (
    NUMERAL_RANKS,
    TABLE_CARDS,
    Card,
    Play,
    PlayedHand,
    RandomChooser,
    play_hand,
    shuffled_deck,
)

YOU, OPPONENT = 0, 1
"""The seats: the player watches from seat 0; the opponent deals, so the
player, on the dealer's right, plays first."""


class Level(StrEnum):
    """What the player keeps in mind: the seven 0/1 counters (A to 7), or the
    full count of every rank (A to R, 0 to 4)."""

    COUNTERS = "counters"
    FULL = "full"

    @property
    def ranks(self) -> tuple[Rank, ...]:
        return NUMERAL_RANKS if self is Level.COUNTERS else RANKS


@dataclass(frozen=True)
class Drill:
    """One hand to train on, and the answers it expects."""

    hand: PlayedHand
    level: Level

    @property
    def plays(self) -> tuple[tuple[int, Play], ...]:
        """Every play of the hand with its deal (from 1), in order."""
        return tuple(
            (d, p)
            for d, deal in enumerate(self.hand.deals, start=1)
            for p in deal.plays
        )

    def deal_end(self, deal: int) -> int:
        """How many plays have been made once *deal* (from 1) is over."""
        return sum(len(d.plays) for d in self.hand.deals[:deal])

    def answer_after(self, deal: int) -> tuple[int, ...]:
        """The right answer at the end of *deal*: the counters (A to 7) or
        the full count (A to R) of the cards captured so far in the hand."""
        done = self.hand.deals[deal - 1]
        return done.counters if self.level is Level.COUNTERS else done.counts

    def wrong_ranks(self, deal: int, answer: tuple[int, ...]) -> tuple[Rank, ...]:
        """The ranks whose value in *answer* is not the right one."""
        right = self.answer_after(deal)
        return tuple(
            r for r, a, b in zip(self.level.ranks, answer, right, strict=True) if a != b
        )

    def table_after(self, plays: int) -> tuple[Card, ...]:
        """The cards on the table once *plays* cards have been played."""
        table = list(self.hand.table)
        for _, p in self.plays[:plays]:
            if p.took:
                for t in p.took:
                    table.remove(t)
            else:
                table.append(p.card)
        return tuple(table)

    def your_cards(self, plays: int) -> tuple[Card, ...]:
        """The cards in the player's hand once *plays* cards have been
        played (the deal under way, or the next one when one is over)."""
        deal = self._deal_of(plays)
        held = list(self.hand.deals[deal - 1].dealt[YOU])
        for d, p in self.plays[:plays]:
            if d == deal and p.seat == YOU:
                held.remove(p.card)
        return tuple(held)

    def _deal_of(self, plays: int) -> int:
        deal = 1
        while deal < len(self.hand.deals) and plays >= self.deal_end(deal):
            deal += 1
        return deal

    @property
    def last_deal(self) -> int:
        return len(self.hand.deals)

    def opponent_ranks(self) -> frozenset[Rank]:
        """The ranks of the cards the opponent is dealt in the last deal:
        what the player can know from the cards gone by and its own."""
        return frozenset(c.rank for c in self.hand.deals[-1].dealt[OPPONENT])


def new_drill(seed: int, level: Level) -> Drill:
    """A 2-player hand dealt and played from *seed* (the player's opponent
    deals, so the player sees the table and its cards first)."""
    rng = random.Random(seed)
    setup = MatchSetup(("you", "opponent"))
    played = play_hand(setup, OPPONENT, shuffled_deck(rng), RandomChooser(rng))
    assert len(played.table) == TABLE_CARDS
    return Drill(played, level)
