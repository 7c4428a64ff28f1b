"""Statistics: hand-computed expectations on five fixed matches, then properties.

The fixed history (target 10 where a match must end quickly):

* m1  Anna v Bruno, Anna deals first: 2–9, then 10–1: Anna wins 12–10 after
  being 7 behind (a comeback of 7 after hand 1). Bruno's hand 1 has two
  spazzini di re, Anna's hand 2 too.
* m2  Bruno v Anna, Bruno deals first: 3–10, Anna wins at once (two spazzini
  di re and a piccola for Anna, a piccola for Bruno).
* m3  Anna v Carla, Anna deals: 2–1, then abandoned.
* m4  Carla v Anna (target 31), Carla deals: Anna makes a napola of 5 and a
  bagari of 3 (10 points), Carla a scaluneddu (4 points); in progress.
* m5  Anna & Bruno v Carla & Dario, Anna deals: 2–9, 2–1: Carla & Dario win
  10–4.

Anna's points hand by hand (settebello + due di spade = 2 in a plain hand
on side 1, the fante = 1 on side 2): 2, 10, 10, 2, 10, 2, 2 = 38 in 7 hands.
"""

from __future__ import annotations

from collections import Counter
from datetime import date

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import scorekeeper.core.stats as stats_module
from scorekeeper.core import Match, MatchSetup, Rules, evaluate, score_hand
from scorekeeper.core.model import Rank
from scorekeeper.core.scoring import ITEMS
from scorekeeper.core.stats import (
    Comeback,
    MatchRef,
    PlayedMatch,
    Record,
    SeriesEntry,
    all_player_stats,
    head_to_head,
    player_stats,
    players_of,
    series_score,
    series_scores,
    team_stats,
)
from tests.builders import declared_hand, hand, plain_hand, side
from tests.strategies import history_st


def _m(mid, players, hands, *, target=10, abandoned=False, day=1):
    setup = MatchSetup(tuple(players), players[0], Rules(target=target))
    return PlayedMatch(
        Match(setup, tuple(hands)),
        id=mid,
        played=date(2026, 11, day),
        abandoned=abandoned,
    )


NAPOLA_HAND = hand(  # Carla (side 1) v Anna (side 2)
    side(20, "67FCR", sca=1),
    side(20, "A2345", sb=True, bag=(3,)),
)

HISTORY = [
    _m("m1", ("Anna", "Bruno"), [plain_hand(0, 8), plain_hand(8, 0)], day=1),
    _m("m2", ("Bruno", "Anna"), [plain_hand(1, 9)], day=2),
    _m("m3", ("Anna", "Carla"), [plain_hand()], abandoned=True, day=3),
    _m("m4", ("Carla", "Anna"), [NAPOLA_HAND], target=31, day=4),
    _m(
        "m5",
        ("Anna", "Carla", "Bruno", "Dario"),
        [plain_hand(0, 8), plain_hand()],
        day=5,
    ),
]


def test_the_fixed_history_is_what_the_docstring_says():
    states = [evaluate(pm.match) for pm in HISTORY]
    assert [s.totals for s in states] == [
        (12, 10),
        (3, 10),
        (2, 1),
        (4, 10),
        (4, 10),
    ]
    assert [s.winner for s in states] == [0, 1, None, None, 1]


# -- one player, hand-computed ------------------------------------------------
def test_anna_won_two_lost_one_and_the_open_matches_do_not_count_for_the_rate():
    s = player_stats(HISTORY, "Anna")
    assert s.record == Record(won=2, lost=1, in_progress=1, abandoned=1)
    assert s.record.played == 5
    assert s.record.finished == 3
    assert s.record.win_rate == pytest.approx(2 / 3)


def test_anna_made_38_points_in_7_hands():
    s = player_stats(HISTORY, "Anna")
    assert (s.hands, s.points) == (7, 38)
    assert s.points_per_hand == pytest.approx(38 / 7)


def test_anna_items_are_counted_hand_by_hand():
    s = player_stats(HISTORY, "Anna")
    made = {i.item: (i.made, i.points) for i in s.items}
    assert made == {
        "cards": (0, 0),
        "spades": (0, 0),
        "settebello": (6, 6),
        "fante_di_spade": (1, 1),
        "due_di_spade": (6, 6),
        "napola": (1, 5),
        "piccole": (1, 1),
        "spazzini": (2, 16),
        "bagari": (1, 3),
        "scaluneddu": (0, 0),
    }
    assert s.item("settebello").rate == pytest.approx(6 / 7)
    assert s.item("spazzini").average == pytest.approx(16 / 7)
    assert sum(points for _, points in s.breakdown) == s.points


def test_anna_napola_spazzini_and_bagari_are_broken_down_by_value():
    s = player_stats(HISTORY, "Anna")
    assert s.napola_lengths == {5: 1}
    assert s.napola == 1
    assert (s.spazzini, s.spazzini_by_rank) == (4, {Rank.RE: 4})
    assert (s.bagari, s.bagari_by_value) == (1, {3: 1})
    assert s.scaluneddu == 0


def test_carla_scaluneddu_is_counted_once_and_worth_three():
    s = player_stats(HISTORY, "Carla")
    assert s.scaluneddu == 1
    assert s.item("scaluneddu").points == 3


def test_anna_best_comeback_is_the_seven_points_of_m1_and_m1_is_her_longest():
    s = player_stats(HISTORY, "Anna")
    assert s.best_comeback == Comeback("m1", 7, 1, date(2026, 11, 1))
    assert s.longest_match == MatchRef("m1", 2, date(2026, 11, 1))


def test_a_win_given_by_the_other_sides_wrong_declaration_is_no_comeback():
    # Anna 9 behind after hand 1 (2-11); Bruno declares at 12 of 31: wrong,
    # Anna wins without having made up a point of it
    given = PlayedMatch(
        Match(
            MatchSetup(("Anna", "Bruno"), "Anna", Rules(early_win=True)),
            (plain_hand(0, 10), declared_hand("Bruno", 2, 0, 1)),
        ),
        id="gift",
    )
    assert evaluate(given.match).winner == 0
    assert player_stats([given], "Anna").best_comeback is None
    # the same deficit made up by play is one
    hands = [plain_hand(0, 10), plain_hand(30)]
    played = _m("play", ("Anna", "Bruno"), hands, target=31)
    assert player_stats([given, played], "Anna").best_comeback == Comeback(
        "play", 9, 1, date(2026, 11, 1)
    )


def test_spazzini_are_counted_by_their_card_not_by_their_points():
    # a fante spazzino and a 2 spazzino are worth 2 each: two cards all the same
    worth_two = hand(side(20, "2567C", True, spz="2F"), side(20, "A34FR"))
    s = player_stats([_m("m", ("Anna", "Bruno"), [worth_two], target=31)], "Anna")
    assert s.spazzini_by_rank == {Rank.DUE: 1, Rank.FANTE: 1}
    assert s.spazzini == 2


def test_a_lost_match_is_no_comeback_however_far_behind():
    s = player_stats(HISTORY, "Bruno")
    assert s.best_comeback is None  # Bruno won nothing


def test_anna_as_first_dealer_won_one_lost_one_and_abandoned_one():
    s = player_stats(HISTORY, "Anna")
    assert s.as_first_dealer == Record(won=1, lost=1, abandoned=1)
    assert s.as_first_dealer.win_rate == pytest.approx(0.5)


def test_anna_head_to_head_with_every_opponent_and_her_partner():
    s = player_stats(HISTORY, "Anna")
    assert s.opponents == {
        "Bruno": Record(won=2),
        "Carla": Record(lost=1, in_progress=1, abandoned=1),
        "Dario": Record(lost=1),
    }
    assert s.partners == {"Bruno": Record(lost=1)}


def test_anna_against_bruno_is_two_nil_in_three_hands():
    h2h = head_to_head(HISTORY, "Anna", "Bruno")
    assert h2h.score == (2, 0)
    assert h2h.hands == 3
    assert h2h.points == (22, 13)


def test_teammates_are_no_head_to_head_and_a_team_is_its_own_subject():
    team = team_stats(HISTORY, "Anna", "Bruno")
    assert team.record == Record(lost=1)
    assert (team.hands, team.points) == (2, 4)
    assert team.name == "Anna & Bruno"
    versus = head_to_head(HISTORY, ("Anna", "Bruno"), ("Carla", "Dario"))
    assert versus.score == (0, 1)
    assert versus.points == (4, 10)


def test_names_match_whatever_their_case_and_a_former_name_counts_as_the_new():
    renamed = [*HISTORY[:1], _m("m9", ("Annetta", "Bruno"), [plain_hand(8, 0)])]
    s = player_stats(renamed, " anna ", aliases={"Annetta": "Anna"})
    assert s.record == Record(won=2)
    assert s.players == ("anna",)


def test_a_player_who_never_played_has_empty_statistics():
    s = player_stats(HISTORY, "Zeno")
    assert s.record.played == 0
    assert s.record.win_rate is None
    assert s.points_per_hand == 0.0
    assert s.best_comeback is None and s.longest_match is None


def test_all_players_at_once_equal_each_player_alone():
    every = all_player_stats(HISTORY)
    assert list(every) == ["Anna", "Bruno", "Carla", "Dario"]
    for name, s in every.items():
        assert s == player_stats(HISTORY, name)
    assert players_of(HISTORY) == ("Anna", "Bruno", "Carla", "Dario")


# -- cost: one scoring pass -----------------------------------------------------
def test_statistics_score_every_match_once_and_reuse_a_state_given(monkeypatch):
    calls = Counter()
    real = stats_module.evaluate

    def counting(match):
        calls[id(match)] += 1
        return real(match)

    monkeypatch.setattr(stats_module, "evaluate", counting)
    all_player_stats(HISTORY)
    assert sorted(calls.values()) == [1] * len(HISTORY)

    calls.clear()
    given_state = [
        PlayedMatch(pm.match, pm.id, pm.played, pm.abandoned, state=real(pm.match))
        for pm in HISTORY
    ]
    player_stats(given_state, "Anna")
    assert not calls


# -- properties -------------------------------------------------------------------
@settings(max_examples=60, deadline=None)
@given(history_st())
def test_wins_add_up_to_the_finished_matches(history):
    """For any history, the wins (and the losses) of all players add up to the
    players on a winning side of the finished matches."""
    every = all_player_stats(history)
    finished = [
        (pm, evaluate(pm.match))
        for pm in history
        if not pm.abandoned and evaluate(pm.match).winner is not None
    ]
    winners = sum(len(pm.match.setup.players) // 2 for pm, _ in finished)
    assert sum(s.record.won for s in every.values()) == winners
    assert sum(s.record.lost for s in every.values()) == winners
    for name, s in every.items():
        involved = [pm for pm in history if name in pm.match.setup.players]
        assert s.record.played == len(involved)
        assert s.record.abandoned == sum(pm.abandoned for pm in involved)


@settings(max_examples=60, deadline=None)
@given(history_st(), st.sampled_from(("Anna", "Bruno", "Carla")))
def test_item_averages_equal_a_direct_recomputation_from_the_hands(history, name):
    """For any history and player, each item's average equals the one
    recomputed from the hands."""
    s = player_stats(history, name)
    points = dict.fromkeys(ITEMS, 0)
    made = dict.fromkeys(ITEMS, 0)
    hands = 0
    for pm in history:
        setup = pm.match.setup
        if name not in setup.players:
            continue
        mine = setup.side_of(name)
        for h in pm.match.hands:
            p = score_hand(h, setup.rules, len(setup.players))[mine]
            hands += 1
            for item in ITEMS:
                points[item] += getattr(p, item)
                made[item] += getattr(p, item) > 0
    assert s.hands == hands
    for item in ITEMS:
        got = s.item(item)
        assert (got.points, got.made) == (points[item], made[item])
        expected = points[item] / hands if hands else 0.0
        assert got.average == pytest.approx(expected)
    assert s.points == sum(points.values())


@settings(max_examples=40, deadline=None)
@given(history_st())
def test_a_head_to_head_is_the_mirror_of_the_other_way_round(history):
    """For any history, Anna against Bruno is Bruno against Anna mirrored."""
    ab = head_to_head(history, "Anna", "Bruno")
    ba = head_to_head(history, "Bruno", "Anna")
    assert ab.score == tuple(reversed(ba.score))
    assert ab.points == tuple(reversed(ba.points))
    assert ab.record.played == ba.record.played


# -- series: rivincita and bella -------------------------------------------------
def _e(mid, players, winner, of=None):
    return SeriesEntry(mid, players, winner, of)


def test_a_rivincita_and_a_bella_give_a_series_score_of_two_one():
    first = _e("a", ("Anna", "Bruno"), 0)
    rivincita = _e("b", ("Bruno", "Anna"), 0, of="a")  # seats swapped: Bruno won
    bella = _e("c", ("Anna", "Bruno"), 0, of="b")
    scores = series_scores([first, rivincita, bella])
    assert scores["a"].text() == "1–0" and scores["a"].position == 1
    assert scores["b"].text() == "1–1" and scores["b"].position == 2
    assert scores["c"].text() == "2–1" and scores["c"].is_bella
    assert scores["c"].sides == ("Anna", "Bruno")


def test_a_match_that_is_no_rematch_has_no_series():
    lone = _e("x", ("Anna", "Bruno"), 1)
    assert series_scores([lone]) == {}
    assert series_score(lone, {}.get) is None


def test_an_abandoned_or_open_rematch_adds_no_win_to_the_series():
    first = _e("a", ("Anna", "Bruno"), 1)
    open_ = _e("b", ("Anna", "Bruno"), None, of="a")
    assert series_scores([first, open_])["b"].wins == (0, 1)


def test_a_rematch_link_to_other_players_or_a_cycle_starts_no_series():
    other = _e("a", ("Carla", "Dario"), 0)
    linked = _e("b", ("Anna", "Bruno"), 0, of="a")
    assert series_scores([other, linked]) == {}
    loop_a = _e("p", ("Anna", "Bruno"), 0, of="q")
    loop_b = _e("q", ("Anna", "Bruno"), 1, of="p")
    score = series_score(loop_a, {"p": loop_a, "q": loop_b}.get)
    assert score is not None and score.position == 2
