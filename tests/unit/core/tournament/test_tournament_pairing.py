"""Drawing rounds: round robin by the circle method, Swiss by the results.

Properties (Hypothesis): a round robin pairs everyone with everyone once, one
bye a round with an odd count; a Swiss tournament played to its end pairs
every entrant once a round, never twice the same two, never a second bye,
and stops only when no such round exists.
"""

from __future__ import annotations

import random
from dataclasses import replace
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.core import Match
from scorekeeper.core.tournament import (
    PairingError,
    System,
    Tournament,
    circle_rounds,
    dump_tournament,
    next_round,
    parse_tournament,
)
from scorekeeper.core.tournament.pairing import draw_of
from tests.tournament_builders import one_hand, tournament


def play(t, rnd: random.Random, rounds_done=None):
    """*t* with every match of its last round finished, the winner by draw."""
    number = len(t.rounds)
    for table in t.rounds[-1]:
        if table.bye:
            continue
        won, lost = 31 + rnd.randrange(10), rnd.randrange(2, 31)
        totals = (won, lost) if rnd.random() < 0.5 else (lost, won)
        match = Match(t.setup_for(table), (one_hand(*totals),))
        t = t.with_match(number, table.number, match)
    return t


def valid_pairing_exists(n: int, met: set[frozenset[int]], had_bye: set[int]) -> bool:
    """Brute force, for the property's check of a refusal."""

    def go(rest: tuple[int, ...], bye_left: bool) -> bool:
        if not rest:
            return True
        first, others = rest[0], rest[1:]
        if bye_left and first not in had_bye and go(others, False):
            return True
        return any(
            frozenset((first, o)) not in met
            and go(tuple(x for x in others if x != o), bye_left)
            for o in others
        )

    return go(tuple(range(n)), n % 2 == 1)


@given(st.integers(2, 14))
def test_a_round_robin_pairs_everyone_with_everyone_once(n):
    rounds = circle_rounds(n)
    assert len(rounds) == (n - 1 if n % 2 == 0 else n)
    meetings = [frozenset(p) for r in rounds for p in r if len(p) == 2]
    assert sorted(map(sorted, meetings)) == sorted(
        map(sorted, map(frozenset, combinations(range(n), 2)))
    )
    for r in rounds:
        assert sorted(e for p in r for e in p) == list(range(n))
        assert sum(len(p) == 1 for p in r) == n % 2
    byes = [p[0] for r in rounds for p in r if len(p) == 1]
    assert sorted(byes) == (list(range(n)) if n % 2 else [])


def test_a_round_robin_is_drawn_round_by_round_then_refuses_a_fifth():
    t = tournament(4)
    drawn = []
    while True:
        try:
            tables = next_round(t)
        except PairingError as e:
            assert str(e) == "all 3 rounds of the round robin are drawn"
            break
        assert [tb.number for tb in tables] == [1, 2]
        drawn.append([tb.entrants for tb in tables])
        t = t.with_round(tables)
    assert drawn == [list(map(tuple, r)) for r in circle_rounds(4)]


def test_a_round_robin_bye_comes_last_with_its_table_number():
    tables = next_round(tournament(5))
    assert [(tb.number, tb.bye) for tb in tables] == [(1, False), (2, False), (3, True)]


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 10), st.integers(0, 2**32 - 1))
def test_swiss_never_a_rematch_byes_rotate_everyone_once_a_round(n, seed):
    rnd = random.Random(seed)
    t = tournament(n, system=System.SWISS)
    met: set[frozenset[int]] = set()
    had_bye: set[int] = set()
    while True:
        try:
            tables = next_round(t, random.Random(seed))
        except PairingError:
            assert t.rounds, "round 1 is always drawn"
            assert not valid_pairing_exists(n, met, had_bye)
            break
        assert sorted(e for tb in tables for e in tb.entrants) == list(range(n))
        for tb in tables:
            if tb.bye:
                assert tb.entrants[0] not in had_bye
                had_bye.add(tb.entrants[0])
            else:
                assert frozenset(tb.entrants) not in met
                met.add(frozenset(tb.entrants))
        t = play(t.with_round(tables), rnd)
        assert parse_tournament(dump_tournament(t)) == t  # the document holds it


def test_swiss_round_one_is_drawn_by_the_random_source_given():
    t = tournament(8, system=System.SWISS)
    draw = [tb.entrants for tb in next_round(t, random.Random(7))]
    assert draw == [tb.entrants for tb in next_round(t, random.Random(7))]
    draws = {
        tuple(tb.entrants for tb in next_round(t, random.Random(s))) for s in range(5)
    }
    assert len(draws) > 1


def equals_round() -> Tournament:
    """Eight entrants, round 1 all won 31-20 by the first of each table:
    Anna, Carla, Elena, Gina tie exactly, as do the four who lost."""
    return tournament(
        8,
        [[(0, 1, (31, 20)), (2, 3, (31, 20)), (4, 5, (31, 20)), (6, 7, (31, 20))]],
        System.SWISS,
    )


def test_swiss_pairs_tied_entrants_by_lot_not_in_entry_order():
    """Issue 37, 10: the equals were paired in entry order (Anna-Carla,
    Elena-Gina every time); now by a lot drawn from the tournament's seed."""
    draws = {
        tuple(tb.entrants for tb in next_round(replace(equals_round(), seed=s)))
        for s in range(12)
    }
    assert len(draws) > 3
    winners, losers = {0, 2, 4, 6}, {1, 3, 5, 7}
    for draw in draws:
        for pair in draw:
            assert set(pair) <= winners or set(pair) <= losers  # equals meet
            assert frozenset(pair) not in {frozenset((0, 1)), frozenset((2, 3))}


def test_the_same_seed_and_round_give_the_same_draw_again():
    t = replace(equals_round(), seed=424242)
    first = [tb.entrants for tb in next_round(t)]
    again = [tb.entrants for tb in next_round(parse_tournament(dump_tournament(t)))]
    assert first == again
    assert draw_of(t, 2).random() == draw_of(t, 2).random()
    assert draw_of(t, 2).random() != draw_of(t, 3).random()


def test_swiss_winners_meet_winners():
    t = tournament(4, [[(0, 1, (20, 31)), (2, 3, (31, 25))]], System.SWISS)
    assert [tb.entrants for tb in next_round(t)] == [(1, 2), (3, 0)]


def test_swiss_gives_the_bye_to_the_lowest_ranked_without_one():
    t = tournament(5, [[(0, 1, (31, 20)), (2, 3, (31, 30)), (4,)]], System.SWISS)
    # ranked Anna (+11), Carla (+1), Elena (bye, 0), Dario (-1), Bruno (-11)
    tables = next_round(t)
    assert [tb.entrants for tb in tables] == [(0, 2), (4, 3), (1,)]
    t = play(t.with_round(tables), random.Random(1))
    t = t.with_round(next_round(t))
    assert [tb.entrants[0] for tb in t.rounds[-1] if tb.bye] != [1]


def test_swiss_waits_for_the_round_to_finish():
    t = tournament(4, [[(0, 1, (20, 31)), (2, 3, "open")]], System.SWISS)
    with pytest.raises(
        PairingError, match="round 1, table 2: the match is not finished"
    ):
        next_round(t)


def test_swiss_refuses_when_every_pairing_is_a_rematch():
    t = tournament(
        4,
        [
            [(0, 1, (31, 2)), (2, 3, (31, 2))],
            [(0, 2, (31, 2)), (1, 3, (31, 2))],
            [(0, 3, (31, 2)), (1, 2, (31, 2))],
        ],
        System.SWISS,
    )
    with pytest.raises(PairingError, match="round 4: no pairing is left"):
        next_round(t)
