"""A long, realistic match for the sharing tests: 40 full hands, 4 players.

Each hand deals the 40 cards the way a table does (spades and the settebello
to either side, 14-26 cards each, a few piccole, spazzini and now and then a
bagaro or a scaluneddu), from a seeded random generator, so a test measures a
link of a match like the ones played, not of empty hands. The target is set
so that the match is won at the 40th hand.
"""

from __future__ import annotations

import random

from scorekeeper.core import Hand, Match, MatchSetup, Rank, Rules, SideTally, SpadeList
from scorekeeper.core.engine import evaluate

RANKS = tuple(Rank(c) for c in "A234567FCR")
PLAYERS = ("Anna", "Bruno", "Carla", "Dario")


def table_hand(rng: random.Random) -> Hand:
    """One full hand as a table plays it."""
    owner = [rng.randint(0, 1) for _ in RANKS]
    sb = rng.randint(0, 1)
    spades = [
        tuple(r for r, o in zip(RANKS, owner, strict=True) if o == s) for s in (0, 1)
    ]
    need = [len(spades[s]) + (sb == s) for s in (0, 1)]
    cards0 = rng.randint(max(need[0], 14), min(40 - need[1], 26))
    cards = (cards0, 40 - cards0)
    return Hand(
        tuple(
            SideTally(
                cards[s],
                SpadeList(spades[s]),
                sb == s,
                rng.choice((0, 0, 1, 1, 2, 3)),
                tuple(rng.choice(RANKS) for _ in range(rng.choice((0, 0, 1, 1, 2, 3)))),
                (3,) if rng.random() < 0.1 else (),
                rng.choice((0, 0, 0, 1)),
            )
            for s in (0, 1)
        )
    )


def long_match(hands: int = 40, seed: int = 1) -> Match:
    """A match of *hands* hands won at the last one (the first seed from
    *seed* that gives one)."""
    while True:
        rng = random.Random(seed)
        played = tuple(table_hand(rng) for _ in range(hands))
        probe = evaluate(
            Match(MatchSetup(PLAYERS, PLAYERS[0], Rules(target=500)), played)
        )
        last, before = probe.hands[-1].totals, probe.hands[-2].totals
        target = max(last)
        if last[0] != last[1] and max(before) < target <= 500:
            return Match(MatchSetup(PLAYERS, PLAYERS[0], Rules(target=target)), played)
        seed += 1
