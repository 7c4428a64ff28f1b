"""Late arrivals and withdrawals of a Swiss night (issue 37, 9): a late
entrant plays from the next round and each round it missed counts as a loss
without points; a withdrawn entrant is not paired again and its results
stand; the document keeps both, and refuses a table that breaks them."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.core import Match
from scorekeeper.core.tournament import (
    PairingError,
    System,
    Table,
    TournamentError,
    TournamentFileError,
    dump_tournament,
    next_round,
    parse_tournament,
    standings,
    standings_document,
    standings_table,
)
from tests.tournament_builders import one_hand, tournament


def round_one():
    """Anna beats Bruno 31-20, Dario beats Carla 31-25 (a Swiss night)."""
    return tournament(4, [[(0, 1, (31, 20)), (2, 3, (25, 31))]], System.SWISS)


def played(t, totals=(31, 10)):
    """*t* with every match of its last round won by side 1 at *totals*."""
    tables = []
    for tb in t.rounds[-1]:
        if tb.bye:
            tables.append(tb)
            continue
        match = Match(t.setup_for(tb), (one_hand(*totals),))
        tables.append(Table(tb.number, tb.entrants, match))
    return replace(t, rounds=(*t.rounds[:-1], tuple(tables)))


def line(t, name):
    (s,) = [s for s in standings(t) if t.entrant_name(s.entrant) == name]
    return s


def test_a_late_entrant_plays_from_the_next_round_and_its_missed_round_is_a_loss():
    t = round_one().with_late_entrant(("Elena",))
    assert t.first_round(4) == 2 and t.missed(4) == 1
    elena = line(t, "Elena")
    assert (elena.played, elena.won, elena.lost, elena.missed) == (0, 0, 1, 1)
    assert (elena.points_for, elena.points_against) == (0, 0)
    # no win among the last three: Elena's difference 0 is above Carla's -6
    # and Bruno's -11
    assert [t.entrant_name(s.entrant) for s in standings(t)] == [
        "Anna",
        "Dario",
        "Elena",
        "Carla",
        "Bruno",
    ]
    tables = next_round(t, random.Random(1))
    paired = sorted(e for tb in tables for e in tb.entrants)
    assert paired == [0, 1, 2, 3, 4]  # Elena is paired, and 5 make one bye
    assert sum(tb.bye for tb in tables) == 1
    # what the command prints is what the screen shows: the loss counted
    doc = standings_document(t)["standings"]
    (row,) = [r for r in doc if r["entrant"] == "Elena"]
    assert (row["lost"], row["missed"], row["withdrawn"]) == (1, 1, False)
    assert "Elena joined in round 2: 1 round missed, each a loss" in (
        standings_table(t)
    )


def test_an_entrant_added_before_round_one_is_an_ordinary_entrant():
    t = tournament(3, system=System.SWISS).with_late_entrant(("Dario",))
    assert t.joined == () and t.missed(3) == 0
    assert sorted(e for tb in next_round(t, random.Random(2)) for e in tb.entrants) == [
        0,
        1,
        2,
        3,
    ]


def test_a_withdrawn_entrant_is_not_paired_again_and_its_results_stand():
    t = round_one().with_withdrawal(0)  # Anna, who won round 1
    anna = line(t, "Anna")
    assert (anna.won, anna.points_for, anna.rank) == (1, 31, 1)
    for seed in range(20):
        tables = next_round(t, random.Random(seed))
        paired = sorted(e for tb in tables for e in tb.entrants)
        assert paired == [1, 2, 3]
        assert sum(tb.bye for tb in tables) == 1
    with pytest.raises(TournamentError, match="Anna already withdrew after round 1"):
        t.with_withdrawal(0)
    doc = standings_document(t)["standings"]
    assert doc[0]["entrant"] == "Anna" and doc[0]["withdrawn"] is True
    assert "Anna withdrew after round 1: not paired again" in standings_table(t)


def test_a_withdrawal_before_round_one_takes_the_entrant_off_the_list():
    t = tournament(4, system=System.ROUND_ROBIN).with_withdrawal(1)
    assert [t.entrant_name(e) for e in range(3)] == ["Anna", "Carla", "Dario"]
    assert t.withdrawn == ()


def test_a_round_robin_under_way_takes_no_one_in_and_lets_no_one_go():
    t = tournament(4, [[(0, 3, (31, 20)), (1, 2, (31, 20))]])
    with pytest.raises(TournamentError, match="round robin"):
        t.with_late_entrant(("Elena",))
    with pytest.raises(TournamentError, match="round robin"):
        t.with_withdrawal(0)


def test_the_document_keeps_who_came_late_and_who_withdrew():
    t = played(
        replace_round(round_one().with_late_entrant(("Elena",)).with_withdrawal(1))
    )
    doc = dump_tournament(t)
    assert doc["joined"] == [{"entrant": 4, "round": 2}]
    assert doc["withdrawn"] == [{"entrant": 1, "after_round": 1}]
    again = parse_tournament(doc)
    assert again == t
    assert standings(again) == standings(t)


def replace_round(t):
    """*t* with its round 2 drawn (Bruno gone, Elena in)."""
    return t.with_round(next_round(t, random.Random(3)))


@pytest.mark.parametrize(
    ("change", "said"),
    [
        (
            lambda d: (
                d["rounds"][0].__setitem__(
                    1, {"table": 2, "entrants": [2, 4], "match": None}
                )
                or d["rounds"][0].append({"table": 3, "entrants": [3], "match": None})
            ),
            "round 1, table 2: Elena plays from round 2",
        ),
        (
            lambda d: d.__setitem__("joined", [{"entrant": 4, "round": 5}]),
            "joined, item 1: round: 5 is not a round from 2 to 2",
        ),
        (
            lambda d: d.__setitem__(
                "withdrawn",
                [{"entrant": 0, "after_round": 1}, {"entrant": 0, "after_round": 0}],
            ),
            "withdrawn, item 2: entrant 0 is listed twice",
        ),
        (
            lambda d: d.__setitem__("joined", [{"entrant": 4, "round": "2"}]),
            "joined, item 1: round: expected a round's number, found a string '2'",
        ),
        (
            lambda d: d.__setitem__("withdrawn", [{"entrant": 9, "after_round": 1}]),
            "withdrawn, item 1: entrant: 9 is not an entrant (0 to 4)",
        ),
    ],
)
def test_a_document_that_breaks_who_plays_when_is_refused_in_one_line(change, said):
    doc = dump_tournament(round_one().with_late_entrant(("Elena",)))
    change(doc)
    with pytest.raises(TournamentFileError) as error:
        parse_tournament(doc)
    assert str(error.value) == said


def test_a_withdrawn_entrant_at_a_later_round_is_refused():
    t = round_one().with_withdrawal(0)
    doc = dump_tournament(t)
    doc["rounds"].append(
        [
            {"table": 1, "entrants": [0, 2], "match": None},
            {"table": 2, "entrants": [1, 3], "match": None},
        ]
    )
    with pytest.raises(TournamentFileError) as error:
        parse_tournament(doc)
    assert str(error.value) == "round 2, table 1: Anna withdrew after round 1"


def test_no_round_is_drawn_with_fewer_than_two_entrants_left():
    t = tournament(3, [[(0, 1, (31, 20)), (2,)]], System.SWISS)
    t = t.with_withdrawal(0).with_withdrawal(1)
    with pytest.raises(PairingError, match="round 2: 1 entrant left to pair"):
        next_round(t)


@settings(max_examples=40, deadline=None)
@given(st.integers(2, 8), st.integers(0, 2**32 - 1))
def test_a_swiss_night_with_arrivals_and_withdrawals_pairs_who_plays_each_round(
    n, seed
):
    """Between random rounds an entrant arrives or one withdraws: each round
    pairs exactly the entrants playing in it, never a rematch nor a second
    bye, the document reads back the same, and each standings line's
    ``won + lost`` is its matches, byes and rounds missed."""
    rnd = random.Random(seed)
    t = tournament(n, system=System.SWISS)
    extra = iter(f"Ritardo {k}" for k in range(1, 20))
    met: set[frozenset[int]] = set()
    for _ in range(8):
        if t.rounds and rnd.random() < 0.4:
            t = t.with_late_entrant((next(extra),))
        playing = t.playing(len(t.rounds) + 1)
        if t.rounds and len(playing) > 2 and rnd.random() < 0.3:
            t = t.with_withdrawal(rnd.choice(playing))
        try:
            tables = next_round(t, random.Random(seed))
        except PairingError:
            break
        number = len(t.rounds) + 1
        paired = sorted(e for tb in tables for e in tb.entrants)
        assert paired == t.playing(number)
        for tb in tables:
            if not tb.bye:
                assert frozenset(tb.entrants) not in met
                met.add(frozenset(tb.entrants))
        t = played(t.with_round(tables))
        assert parse_tournament(dump_tournament(t)) == t
    for s in standings(t):
        assert s.won + s.lost == s.played + s.byes + t.missed(s.entrant)
        assert s.missed == t.missed(s.entrant)
