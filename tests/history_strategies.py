"""Hypothesis strategies for the history tests: played matches built valid.

Each hand is constructed inside RULES.md section 4 (every spade and the
settebello given to one side, bagari chosen before the cards that hold them,
cards split 40 in all, piccole ≤ 20, spazzini ≤ 18, scaluneddu only when the
option is on); a match takes hands until the engine says it is won, so the
hands after the deciding one are never built rather than filtered out.
"""

from __future__ import annotations

from dataclasses import replace

from hypothesis import strategies as st

from scorekeeper.core import (
    Hand,
    Match,
    MatchSetup,
    Rank,
    Rules,
    SideTally,
    SpadeList,
    SpazzinoNumeral,
    Status,
    Ties,
    add_hand,
    evaluate,
)
from scorekeeper.core.stats import PlayedMatch

RANKS = list(Rank)
POOL = ("Anna", "Bruno", "Carla", "Dario", "Elena")


@st.composite
def rules_st(draw) -> Rules:
    # small targets so that matches end within a few hands
    return Rules(
        target=draw(st.integers(5, 40)),
        spazzino_numeral=draw(st.sampled_from(SpazzinoNumeral)),
        ties=draw(st.sampled_from(Ties)),
        scaluneddu=draw(st.booleans()),
    )


@st.composite
def hand_st(draw, rules: Rules) -> Hand:
    owner = draw(st.lists(st.sampled_from((0, 1)), min_size=10, max_size=10))
    spades = [
        tuple(r for r, o in zip(RANKS, owner, strict=True) if o == s) for s in (0, 1)
    ]
    sb = draw(st.sampled_from((0, 1)))
    bagari = [draw(st.lists(st.sampled_from((3, 4)), max_size=4)) for _ in (0, 1)]
    need = [max(len(spades[s]) + (sb == s), sum(bagari[s])) for s in (0, 1)]
    cards0 = draw(st.integers(need[0], 40 - need[1]))
    pic0 = draw(st.integers(0, 20))
    pic1 = draw(st.integers(0, 20 - pic0))
    spz0 = draw(st.lists(st.sampled_from(RANKS), max_size=6))
    spz1 = draw(st.lists(st.sampled_from(RANKS), max_size=6))
    sca = (0, 2) if rules.scaluneddu else (0, 0)
    sides = tuple(
        SideTally(
            cards=(cards0, 40 - cards0)[s],
            spades=SpadeList(spades[s]),
            settebello=sb == s,
            piccole=(pic0, pic1)[s],
            spazzini=tuple((spz0, spz1)[s]),
            bagari=tuple(bagari[s]),
            scaluneddu=draw(st.integers(*sca)),
        )
        for s in (0, 1)
    )
    return Hand((sides[0], sides[1]))


@st.composite
def match_st(draw, pool: tuple[str, ...] = POOL) -> Match:
    n = draw(st.sampled_from((2, 4)))
    players = tuple(draw(st.permutations(pool))[:n])
    rules = draw(rules_st())
    setup = MatchSetup(players, draw(st.sampled_from(players)), rules)
    match = Match(setup, ())
    for _ in range(draw(st.integers(0, 8))):
        if evaluate(match).status is Status.WON:
            break
        match = add_hand(match, draw(hand_st(rules)))
    return match


@st.composite
def played_st(draw, pool: tuple[str, ...] = POOL) -> PlayedMatch:
    match = draw(match_st(pool))
    won = evaluate(match).status is Status.WON
    # storage refuses to abandon a won match: only an open one may be abandoned
    abandoned = False if won else draw(st.booleans())
    return PlayedMatch(match, abandoned=abandoned)


def history_st(pool: tuple[str, ...] = POOL, max_size: int = 8):
    """A list of played matches with distinct ids ``m0``, ``m1`` …"""
    return st.lists(played_st(pool), max_size=max_size).map(
        lambda ms: [replace(m, id=f"m{i}") for i, m in enumerate(ms)]
    )
