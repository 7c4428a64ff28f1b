"""Ratings (issue 38, ``scorekeeper/ratings/rating.py``): OpenSkill's
Plackett-Luce with its defaults, derived from the won matches.

The small cases are computed here by hand from the Weng-Lin Plackett-Luce
update (mu 25, sigma 25/3, beta 25/6, tau 25/300, kappa 0.0001), not read
back from the package; the property test says rating only the new matches
gives what rating everything again gives.
"""

from __future__ import annotations

import doctest
import math
from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.ratings import rating as rating_module
from scorekeeper.ratings.rating import RatedMatch, Ratings, rate

MU, SIGMA, BETA, TAU = 25.0, 25 / 3, 25 / 6, 25 / 300
T0 = datetime(2026, 12, 1, 20, 0, tzinfo=UTC)


def won(i: int, sides, winner: int = 0, at: datetime | None = None) -> RatedMatch:
    created = at or T0 + timedelta(minutes=i)
    return RatedMatch(f"m{i:04d}", created, sides, winner)


def two_teams_by_hand(players_per_team: int) -> tuple[float, float, float]:
    """The winner's mu, the loser's mu and everyone's sigma after one match
    between two teams of fresh players (all ratings equal, so each team's
    chance against the other is one half)."""
    var = SIGMA**2 + TAU**2  # the dynamics factor is added first
    team_var = players_per_team * var
    c = math.sqrt(2 * (team_var + BETA**2))
    omega = team_var / c * 0.5  # (1 - 1/2) for the winner, -(1/2) for the loser
    delta = (math.sqrt(team_var) / c) * (team_var / c**2) * 0.25
    share = var / team_var  # each player's part of the team's variance
    sigma = math.sqrt(var * max(1 - share * delta, 0.0001))
    return MU + share * omega, MU - share * omega, sigma


def test_the_modules_doctests_pass():
    result = doctest.testmod(rating_module)
    assert result.attempted > 0 and result.failed == 0


def test_one_match_of_two_players_moves_both_by_the_hand_computed_amount():
    r = rate([won(1, (("Anna",), ("Bruno",)), winner=1)])
    bruno, anna = r.table()
    w_mu, l_mu, sigma = two_teams_by_hand(1)
    assert (bruno.player, anna.player) == ("Bruno", "Anna")
    assert bruno.mu == pytest.approx(w_mu) and anna.mu == pytest.approx(l_mu)
    assert bruno.sigma == pytest.approx(sigma) == anna.sigma
    assert bruno.ordinal == pytest.approx(w_mu - 3 * sigma)
    assert (bruno.matches, bruno.won, anna.matches, anna.won) == (1, 1, 1, 0)


def test_a_two_against_two_moves_each_partner_by_half_the_teams_update():
    r = rate([won(1, (("Anna", "Carla"), ("Bruno", "Dario")))])
    w_mu, l_mu, sigma = two_teams_by_hand(2)
    by_name = {p.player: p for p in r.table()}
    for name in ("Anna", "Carla"):
        assert by_name[name].mu == pytest.approx(w_mu)
    for name in ("Bruno", "Dario"):
        assert by_name[name].mu == pytest.approx(l_mu)
    assert {round(p.sigma, 9) for p in by_name.values()} == {round(sigma, 9)}


def test_a_player_is_the_same_player_however_the_name_is_spaced_or_cased():
    r = rate(
        [
            won(1, (("Anna  Rossi",), ("Bruno",))),
            won(2, (("anna rossi",), ("Bruno",))),
        ]
    )
    names = [(p.player, p.matches) for p in r.table()]
    assert names == [("anna rossi", 2), ("Bruno", 2)]


def test_a_correction_that_changes_the_winner_rates_everything_again():
    first = [won(1, (("Anna",), ("Bruno",))), won(2, (("Anna",), ("Carla",)))]
    r = Ratings()
    r.update(first)
    corrected = [first[0], won(2, (("Anna",), ("Carla",)), winner=1)]
    r.update(corrected)
    assert r.recomputed == 1  # the correction started again
    assert r.table() == rate(corrected).table()
    assert {p.player: p.won for p in r.table()} == {"Anna": 1, "Carla": 1, "Bruno": 0}


def test_a_newer_match_is_rated_alone_and_an_older_one_rates_all_again():
    r = Ratings()
    matches = [won(i, (("Anna",), ("Bruno",)), winner=i % 2) for i in range(1, 4)]
    r.update(matches)
    r.update([*matches, won(9, (("Anna",), ("Bruno",)))])
    assert r.recomputed == 0
    older = won(0, (("Carla",), ("Bruno",)))
    r.update([*matches, won(9, (("Anna",), ("Bruno",))), older])
    assert r.recomputed == 1
    assert r.table() == rate([*matches, won(9, (("Anna",), ("Bruno",))), older]).table()


def test_matches_are_rated_in_creation_order_whatever_the_offsets():
    """20:00+02:00 is before 19:30+00:00: it is rated first."""
    early = won(
        2,
        (("Anna",), ("Bruno",)),
        at=datetime.fromisoformat("2026-12-01T20:00:00+02:00"),
    )
    late = won(
        1,
        (("Bruno",), ("Anna",)),
        at=datetime.fromisoformat("2026-12-01T19:30:00+00:00"),
    )
    assert rate([late, early]).table() == rate([early, late]).table()
    r = Ratings()
    r.update([early])
    r.update([early, late])
    assert r.recomputed == 0  # late came after early: rated alone


def test_dates_at_the_limits_of_a_match_file_are_ordered_without_overflow():
    first = won(
        1,
        (("Anna",), ("Bruno",)),
        at=datetime.fromisoformat("0001-01-01T00:00:00+14:00"),
    )
    last = won(
        2,
        (("Anna",), ("Bruno",)),
        at=datetime.fromisoformat("9999-12-31T23:59:59-14:00"),
    )
    assert [m.id for m in sorted([last, first], key=lambda m: m.order)] == [
        "m0001",
        "m0002",
    ]
    assert rate([last, first]).table()[0].matches == 2


def test_the_table_is_highest_ordinal_first_then_by_name():
    r = rate([won(1, (("Zoe",), ("Anna",))), won(2, (("Bea",), ("Carlo",)))])
    assert [p.player for p in r.table()] == ["Bea", "Zoe", "Anna", "Carlo"]


def test_the_chance_to_win_favours_the_stronger_side_and_sums_to_one():
    r = rate([won(i, (("Anna",), ("Bruno",))) for i in range(5)])
    anna, bruno = r.chance([["Anna"], ["Bruno"]])
    assert anna > 0.5 > bruno and anna + bruno == pytest.approx(1)
    even = r.chance([["Nuovo"], ["Altro"]])
    assert even == pytest.approx((0.5, 0.5))


def test_a_new_player_reads_a_rating_of_one_thousand():
    fresh = rate([won(1, (("Anna",), ("Bruno",)))])
    line = fresh.table()[0]
    assert line.display == round(1000 + 20 * line.ordinal)
    assert rating_module.PlayerRating("X", MU, SIGMA, 0, 0).display == 1000


PLAYERS = ("Anna", "Bruno", "Carla", "Dario", "Elena")


@st.composite
def matches_st(draw) -> RatedMatch:
    four = draw(st.booleans())
    names = draw(st.permutations(PLAYERS))[: 4 if four else 2]
    minute = draw(st.integers(0, 50))
    return RatedMatch(
        draw(st.text("abc", min_size=1, max_size=3)),
        T0 + timedelta(minutes=minute),
        (tuple(names[0::2]), tuple(names[1::2])),
        draw(st.integers(0, 1)),
    )


@settings(max_examples=150, deadline=None)
@given(steps=st.lists(st.lists(matches_st(), max_size=6), min_size=1, max_size=6))
def test_rating_step_by_step_gives_what_rating_from_scratch_gives(steps):
    """Each step is the whole set of won matches at one moment: matches
    added, older ones imported, some gone (deleted), winners changed."""
    r = Ratings()
    for matches in steps:
        unique = list({m.order: m for m in matches}.values())
        r.update(unique)
        assert r.table() == rate(unique).table()
