"""Standings of a tournament: every tie-break of issue 26 in its order, byes,
unfinished matches, shared ranks, and a pairs tournament."""

from __future__ import annotations

from scorekeeper.core.tournament import live_tables, standings
from tests.tournament_builders import tournament


def order(t) -> list[tuple[int, str]]:
    return [(s.rank, t.entrant_name(s.entrant)) for s in standings(t)]


def test_more_wins_rank_first_whatever_the_points():
    # Carla wins twice by little, Anna once by a lot
    t = tournament(
        3,
        [
            [(0, 1, (45, 2)), (2,)],
            [(2, 0, (31, 30)), (1,)],
            [(1, 2, (30, 31)), (0,)],
        ],
    )
    assert order(t) == [(1, "Carla"), (2, "Anna"), (3, "Bruno")]
    carla = standings(t)[0]
    assert (carla.won, carla.byes, carla.played, carla.lost) == (3, 1, 2, 0)


def test_same_wins_ordered_by_difference():
    t = tournament(4, [[(0, 1, (31, 20)), (2, 3, (40, 20))]])
    assert order(t) == [(1, "Carla"), (2, "Anna"), (3, "Bruno"), (4, "Dario")]
    assert [s.difference for s in standings(t)] == [20, 11, -11, -20]


def test_same_wins_and_difference_ordered_by_points_scored():
    # Dario +10 with 41 scored, Anna +10 with 31: Dario first; Carla -10 with
    # 31 scored, Bruno -10 with 21: Carla before Bruno
    t = tournament(4, [[(0, 1, (31, 21)), (3, 2, (41, 31))]])
    assert order(t) == [(1, "Dario"), (2, "Anna"), (3, "Carla"), (4, "Bruno")]
    first = standings(t)[0]
    assert (first.points_for, first.points_against) == (41, 31)


def test_then_the_wins_among_the_tied_entrants():
    # Anna and Bruno: one win each, 51 for and 51 against; Bruno beat Anna
    t = tournament(
        4,
        [
            [(0, 1, (20, 31)), (2, 3, (25, 31))],
            [(0, 2, (31, 20)), (1, 3, (20, 31))],
        ],
    )
    assert order(t) == [(1, "Dario"), (2, "Bruno"), (3, "Anna"), (4, "Carla")]


def test_head_to_head_applied_again_to_a_group_still_tied():
    # Anna, Bruno, Carla, Dario: 2 wins, 2 losses, all 31-20. Among the four,
    # Anna and Bruno won twice (Bruno beat Anna), Carla and Dario once (Carla
    # beat Dario); Elena and Franco (one win each) never met.
    w, lose = (31, 20), (20, 31)
    t = tournament(
        6,
        [
            [(1, 0, w), (2, 3, w), (4, 5, None)],
            [(0, 2, w), (1, 2, w)],
            [(0, 3, w), (3, 1, w)],
            [(0, 4, lose), (2, 4, w), (1, 5, lose), (3, 5, w)],
        ],
    )
    assert order(t) == [
        (1, "Bruno"),
        (2, "Anna"),
        (3, "Carla"),
        (4, "Dario"),
        (5, "Elena"),
        (5, "Franco"),
    ]


def test_still_tied_after_every_criterion_share_the_rank():
    # a cycle: Anna beat Bruno, Bruno beat Carla, Carla beat Anna, same scores
    t = tournament(
        3,
        [
            [(0, 1, (31, 20)), (2,)],
            [(1, 2, (31, 20)), (0,)],
            [(2, 0, (31, 20)), (1,)],
        ],
    )
    assert order(t) == [(1, "Anna"), (1, "Bruno"), (1, "Carla")]
    assert {s.won for s in standings(t)} == {2}


def test_a_bye_is_a_win_with_difference_zero_and_no_points():
    t = tournament(3, [[(0, 1, (31, 20)), (2,)]])
    by_name = {t.entrant_name(s.entrant): s for s in standings(t)}
    carla = by_name["Carla"]
    assert (carla.won, carla.byes, carla.played, carla.lost) == (1, 1, 0, 0)
    assert (carla.points_for, carla.points_against, carla.difference) == (0, 0, 0)
    # Anna won by 11 and ranks above the bye's win
    assert order(t) == [(1, "Anna"), (2, "Carla"), (3, "Bruno")]


def test_a_match_not_finished_counts_for_nothing_and_shows_live():
    t = tournament(4, [[(0, 1, "open"), (2, 3, None)]])
    assert all(
        (s.played, s.won, s.lost, s.points_for) == (0, 0, 0, 0) for s in standings(t)
    )
    assert {s.rank for s in standings(t)} == {1}
    live = live_tables(t)
    assert [(x.table, x.totals, x.started) for x in live] == [
        (1, (10, 5), True),
        (2, (0, 0), False),
    ]


def test_a_finished_match_leaves_the_live_tables():
    t = tournament(4, [[(0, 1, (31, 2)), (2, 3, "open")]])
    assert [x.table for x in live_tables(t)] == [2]


def test_a_pairs_tournament_counts_each_pair_as_one_entrant():
    pairs = [("Anna", "Carla"), ("Bruno", "Dario"), ("Elena", "Gina")]
    t = tournament(pairs, [[(0, 1, (31, 25)), (2,)], [(2, 0, (40, 12)), (1,)]])
    assert t.setup_for(t.rounds[0][0]).players == ("Anna", "Bruno", "Carla", "Dario")
    assert order(t) == [
        (1, "Elena & Gina"),
        (2, "Bruno & Dario"),
        (3, "Anna & Carla"),
    ]
    anna_carla = standings(t)[2]
    assert (anna_carla.won, anna_carla.lost, anna_carla.difference) == (1, 1, -22)
