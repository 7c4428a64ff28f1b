"""A whole match played card by card from a seed (``python main.py simulate``):
the hands of :mod:`.play` one after another, scored by the engine, until the
match is won; and the two ways to print it (a readable log, a JSON document).

The same seed and options give the same match, card for card.

>>> a, b = simulate_match(7), simulate_match(7)
>>> a == b and a.state.decided
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .engine import (
    MatchState,
    add_hand,
    declaration_allowed,
    declaration_verdict,
    evaluate,
)
from .matchfile import dump_match
from .model import Hand, Match, MatchSetup, Rules
from .play import (
    Chooser,
    DeclarationCheck,
    PlayedHand,
    RandomChooser,
    play_hand,
    shuffled_deck,
)

PLAYERS: tuple[str, ...] = ("Anna", "Bruno", "Carla", "Dario")
MAX_SIMULATED_HANDS = 60
"""A guard, never reached by a real match (each hand gives at least the
mazzo's points between the sides, so 31 is reached in a few hands; a long
tie-break needs a hand per step): a bug cannot loop for ever."""


@dataclass(frozen=True)
class SimulatedMatch:
    """A match as played: the hands card by card and the match they make."""

    match: Match
    played: tuple[PlayedHand, ...]
    state: MatchState


def simulate_match(
    seed: int,
    players: int = 2,
    rules: Rules | None = None,
    chooser: Chooser | None = None,
) -> SimulatedMatch:
    """Play a match of *players* (2 or 4) from *seed*: the deck of each hand
    and every choice drawn from ``random.Random(seed)``, unless a *chooser* is
    given (the decks still come from the seed)."""
    if players not in (2, 4):
        raise ValueError(f"simulate: players must be 2 or 4, not {players!r}")
    rng = random.Random(seed)
    chooser = chooser or RandomChooser(rng)
    setup = MatchSetup(PLAYERS[:players], PLAYERS[0], rules or Rules())
    match = Match(setup)
    state = evaluate(match)
    played: list[PlayedHand] = []
    while not state.decided:
        if len(played) >= MAX_SIMULATED_HANDS:
            raise RuntimeError(f"simulate: seed {seed} ran past {len(played)} hands")
        assert state.next_seats is not None  # an undecided match has a dealer
        dealer = setup.seat_of(state.next_seats.dealer)
        check = None
        if declaration_allowed(state):
            check = _declaration_check(match, state)
        hand = play_hand(setup, dealer, shuffled_deck(rng), chooser, check)
        match = add_hand(match, hand.hand, state)
        state = evaluate(match)
        played.append(hand)
    return SimulatedMatch(match, tuple(played), state)


def _declaration_check(match: Match, state: MatchState) -> DeclarationCheck:
    """Whether a hand stopped by a declaration would be a right one: the
    engine's verdict, as saving it would give."""

    def right(hand: Hand) -> bool:
        return declaration_verdict(match, hand, state).correct

    return right


def _cards(cards: Sequence[object]) -> list[str]:
    return [str(c) for c in cards]


def simulation_document(sim: SimulatedMatch) -> dict[str, Any]:
    """The ``simulate --json`` document: the match (FORMAT.md) and each hand
    card by card (README's "simulate" says every field)."""
    return {
        "match": dump_match(sim.match),
        "hands": [
            {
                "dealer": h.dealer,
                "table": _cards(h.table),
                "deals": [
                    {
                        "dealt": [_cards(d) for d in deal.dealt],
                        "plays": [
                            {
                                "seat": p.seat,
                                "card": str(p.card),
                                "took": _cards(p.took),
                            }
                            for p in deal.plays
                        ],
                        "counters": list(deal.counters),
                        "counts": list(deal.counts),
                    }
                    for deal in h.deals
                ],
                "last_taker": h.last_taker,
            }
            for h in sim.played
        ],
    }


def simulation_log(sim: SimulatedMatch) -> str:
    """The match as a person reads it: each deal's cards, each play, the
    contatori after each deal, each hand's points and the result."""
    setup = sim.match.setup
    names = setup.players
    lines = [f"{setup.side_name(0)} v {setup.side_name(1)}"]
    for number, (h, result) in enumerate(
        zip(sim.played, sim.state.hands, strict=True), start=1
    ):
        lines.append("")
        table = " ".join(_cards(h.table))
        lines.append(f"Hand {number} · dealer {names[h.dealer]} · table: {table}")
        for d, deal in enumerate(h.deals, start=1):
            dealt = " | ".join(
                f"{names[s]}: {' '.join(_cards(c))}" for s, c in enumerate(deal.dealt)
            )
            lines.append(f"  Deal {d}: {dealt}")
            for p in deal.plays:
                took = f" takes {' '.join(_cards(p.took))}" if p.took else ""
                lines.append(f"    {names[p.seat]} plays {p.card}{took}")
            counters = ",".join(map(str, deal.counters))
            lines.append(f"    contatori {counters}")
        if result.declaration is not None:
            verdict = "right" if result.declaration.correct else "wrong"
            lines.append(
                f"  {result.declaration.by} declares in deal "
                f"{result.declaration.deal}: {verdict}"
            )
        points = " – ".join(
            f"{setup.side_name(s)} {result.points[s].total}" for s in (0, 1)
        )
        totals = " – ".join(str(t) for t in result.totals)
        lines.append(f"  Points: {points} · totals {totals}")
    winner = sim.state.winner
    assert winner is not None  # a simulated match is played to its end
    lines.append("")
    lines.append(
        f"Won by {setup.side_name(winner)}, "
        f"{sim.state.totals[winner]} to {sim.state.totals[1 - winner]}"
    )
    return "\n".join(lines)
