"""What a correction does to the result, said before it is stored (issue 35,
item 4): ``engine.correction_outcome`` scores the corrected match and stores
nothing; it answers only when the winner changes, or the match ends or is
played again."""

from __future__ import annotations

import pytest

from scorekeeper.core.engine import (
    ResultChange,
    Status,
    correction_outcome,
    evaluate,
)
from scorekeeper.core.problems import MatchError
from tests.builders import match, plain_hand

# Anna 12 - 21 Bruno, then Anna 36 - 30: Anna wins at 31.
WON = match(hands=(plain_hand(10, 20), plain_hand(22, 8)))
PLAYING = match(hands=(plain_hand(10, 20),))


def test_the_match_is_what_the_tests_say():
    assert (evaluate(WON).totals, evaluate(WON).winner) == ((36, 30), 0)
    assert evaluate(PLAYING).status is Status.IN_PROGRESS


def test_a_correction_that_gives_the_match_to_the_other_side_says_so():
    said = correction_outcome(WON, 1, plain_hand(17, 10))  # 31 - 32
    assert said is not None and said.change is ResultChange.WINNER
    assert (said.after.winner, said.after.totals) == (1, (31, 32))
    assert evaluate(WON).winner == 0  # nothing stored, the match unchanged


def test_a_correction_that_keeps_the_winner_says_nothing_whatever_the_points():
    assert correction_outcome(WON, 1, plain_hand(30, 8)) is None  # 44 - 30
    assert correction_outcome(PLAYING, 0, plain_hand(5, 5)) is None


def test_a_correction_during_the_match_that_ends_it_says_so():
    said = correction_outcome(PLAYING, 0, plain_hand(30))  # 32 - 1
    assert said is not None and said.change is ResultChange.ENDS
    assert said.after.winner == 0


def test_a_correction_that_reopens_a_won_match_says_so():
    said = correction_outcome(WON, 1, plain_hand())  # 14 - 22
    assert said is not None and said.change is ResultChange.REOPENS
    assert said.after.status is Status.IN_PROGRESS
    tied = correction_outcome(WON, 1, plain_hand(17, 9))  # 31 - 31
    assert tied is not None and tied.change is ResultChange.REOPENS
    assert tied.after.status is Status.TIE_BREAK


def test_a_correction_the_match_cannot_take_is_refused_like_the_save():
    # hand 1 made a win while hand 2 was played after it
    with pytest.raises(MatchError, match="already decided"):
        correction_outcome(WON, 0, plain_hand(30))
