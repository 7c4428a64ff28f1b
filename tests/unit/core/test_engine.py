"""The match engine: totals, target, tie-breaks, seats, declarations, edits."""

from __future__ import annotations

import pytest

from scorekeeper.core import (
    Code,
    Ending,
    MatchError,
    Status,
    add_hand,
    delete_hand,
    engine,
    evaluate,
    replace_hand,
)
from tests.builders import declared_hand, match, plain_hand

FOUR = ("Anna", "Bruno", "Carla", "Dario")


def play(m, *hands):
    for h in hands:
        m = add_hand(m, h)
    return m


def test_totals_add_up_hand_by_hand_and_the_match_stays_in_progress():
    m = play(match(), plain_hand(3, 0), plain_hand(0, 5))
    state = evaluate(m)
    assert [h.totals for h in state.hands] == [(5, 1), (7, 7)]
    assert state.totals == (7, 7)
    assert state.status is Status.IN_PROGRESS and state.winner is None
    assert state.missing(0) == 24 and state.missing(1) == 24


def test_the_first_side_to_reach_the_target_wins():
    state = evaluate(play(match(), plain_hand(20, 0), plain_hand(9, 0)))
    assert state.totals == (33, 2)
    assert (state.status, state.winner, state.ending) == (Status.WON, 0, Ending.TARGET)
    assert state.next_seats is None


def test_both_sides_past_the_target_the_higher_total_wins():
    state = evaluate(play(match(), plain_hand(20, 20), plain_hand(11, 14)))
    assert state.totals == (35, 36)
    assert (state.status, state.winner) == (Status.WON, 1)


def test_a_tie_at_the_target_calls_for_tie_break_hands_until_the_totals_differ():
    m = play(match(), plain_hand(20, 21), plain_hand(9, 10))
    state = evaluate(m)
    assert state.totals == (33, 33)
    assert state.status is Status.TIE_BREAK and state.winner is None
    assert state.next_seats.dealer == "Anna"
    m = add_hand(m, plain_hand(0, 1))  # 2 v 2 again: still tied
    state = evaluate(m)
    assert state.totals == (35, 35) and state.status is Status.TIE_BREAK
    m = add_hand(m, plain_hand(0, 2))  # 2 v 3
    state = evaluate(m)
    assert state.totals == (37, 38)
    assert (state.status, state.winner, state.ending) == (
        Status.WON,
        1,
        Ending.TIE_BREAK,
    )
    assert [h.tie_break for h in state.hands] == [False, False, True, True]


def test_two_players_alternate_the_deal_and_the_other_cuts_and_leads():
    state = evaluate(play(match(), *[plain_hand()] * 3))
    assert [
        (h.seats.dealer, h.seats.cutter, h.seats.first_player) for h in state.hands
    ] == [
        ("Anna", "Bruno", "Bruno"),
        ("Bruno", "Anna", "Anna"),
        ("Anna", "Bruno", "Bruno"),
    ]
    assert state.next_seats.dealer == "Bruno"


def test_four_players_rotate_dealer_cutter_and_first_player_counter_clockwise():
    m = match(FOUR)
    m = type(m)(type(m.setup)(FOUR, "Carla", m.setup.rules), ())
    state = evaluate(play(m, *[plain_hand()] * 5))
    # Seats are counter-clockwise: the next seat is the dealer's right (plays
    # first), the previous seat the dealer's left (cuts).
    assert [
        (h.seats.dealer, h.seats.cutter, h.seats.first_player) for h in state.hands
    ] == [
        ("Carla", "Bruno", "Dario"),
        ("Dario", "Carla", "Anna"),
        ("Anna", "Dario", "Bruno"),
        ("Bruno", "Anna", "Carla"),
        ("Carla", "Bruno", "Dario"),
    ]
    assert state.next_seats.dealer == "Dario"


def test_four_players_play_as_teams_one_and_three_against_two_and_four():
    m = match(FOUR)
    assert m.setup.side_name(0) == "Anna & Carla"
    assert m.setup.side_name(1) == "Bruno & Dario"


def test_a_right_declaration_wins_the_match_for_the_declarer():
    m = play(match(early_win=True), plain_hand(25, 0))  # 27 v 1
    state = evaluate(add_hand(m, declared_hand("Anna", 3, 4, 9)))
    assert state.totals == (31, 10)
    assert (state.status, state.winner, state.ending) == (
        Status.WON,
        0,
        Ending.DECLARATION_RIGHT,
    )
    assert state.hands[-1].declaration.correct is True


def test_a_wrong_declaration_loses_the_match_for_the_declarer():
    m = play(match(early_win=True), plain_hand(0, 24))  # 2 v 25
    state = evaluate(add_hand(m, declared_hand("Bruno", 5, 3, 5)))
    assert state.totals == (5, 30)
    assert (state.status, state.winner, state.ending) == (
        Status.WON,
        0,
        Ending.DECLARATION_WRONG,
    )
    assert state.hands[-1].declaration.correct is False


def test_a_declaration_is_judged_on_the_declarer_even_if_the_other_side_is_higher():
    m = play(match(early_win=True, target=12), plain_hand(8, 10))  # 10 v 11
    state = evaluate(add_hand(m, declared_hand("Anna", 1, 2, 5)))
    assert state.totals == (12, 16)
    assert state.winner == 0 and state.ending is Ending.DECLARATION_RIGHT


def refused(m, h, code):
    with pytest.raises(MatchError) as e:
        add_hand(m, h)
    assert code in [p.code for p in e.value.problems]
    return str(e.value)


def test_a_declaration_is_refused_when_it_was_not_agreed():
    msg = refused(match(), declared_hand("Anna", 2, 1, 1), Code.DECLARATION_NOT_AGREED)
    assert "hand 1" in msg and "declaration" in msg


def test_a_declaration_is_refused_with_four_players():
    from scorekeeper.core import Match, MatchSetup, Rules

    # A four-player setup cannot even agree to early win ...
    with pytest.raises(ValueError, match="2 players"):
        evaluate(Match(MatchSetup(FOUR, "Anna", Rules(early_win=True))))
    # ... and a declaration without the agreement is refused for both reasons.
    msg = refused(
        match(FOUR), declared_hand("Anna", 1, 1, 1), Code.DECLARATION_FOUR_PLAYERS
    )
    assert "only allowed with 2 players" in msg


@pytest.mark.parametrize("deal", [6, 0, 7])
def test_a_declaration_is_refused_in_the_last_deal_or_outside_the_hand(deal):
    msg = refused(
        match(early_win=True),
        declared_hand("Anna", deal, 1, 1),
        Code.DECLARATION_BAD_DEAL,
    )
    assert "deal 5" in msg


def test_a_declaration_by_someone_not_playing_is_refused():
    refused(
        match(early_win=True),
        declared_hand("Zoe", 2, 1, 1),
        Code.DECLARATION_UNKNOWN_PLAYER,
    )


def test_a_hand_after_the_match_is_won_is_refused():
    m = play(match(), plain_hand(30, 0))
    msg = refused(m, plain_hand(), Code.MATCH_ALREADY_DECIDED)
    assert "hand 2" in msg and "after hand 1" in msg


def test_a_hand_after_a_declaration_is_refused():
    m = play(match(early_win=True), declared_hand("Anna", 2, 1, 1))
    refused(m, plain_hand(), Code.MATCH_ALREADY_DECIDED)


def test_an_invalid_hand_is_refused_and_the_match_is_unchanged():
    from tests.builders import hand, side

    m = play(match(), plain_hand(1, 1))
    bad = hand(side(20, "A2345"), side(19, "67FCR", True))
    msg = refused(m, bad, Code.CARDS_SUM)
    assert msg.startswith("hand 2: cards:")  # a sum names no side
    assert evaluate(m).totals == (3, 2)


def test_editing_hand_two_of_five_changes_the_later_totals():
    m = play(match(target=100), *[plain_hand(i, 0) for i in range(5)])
    before = [h.totals for h in evaluate(m).hands]
    assert before == [(2, 1), (5, 2), (9, 3), (14, 4), (20, 5)]
    edited = replace_hand(m, 1, plain_hand(10, 3))
    after = [h.totals for h in evaluate(edited).hands]
    assert after == [(2, 1), (14, 5), (18, 6), (23, 7), (29, 8)]
    assert evaluate(m).totals == (20, 5)  # the old match value is untouched


def test_an_edit_that_decides_the_match_before_a_played_hand_is_refused():
    m = play(match(), plain_hand(), plain_hand(), plain_hand())
    with pytest.raises(MatchError) as e:
        replace_hand(m, 0, plain_hand(30, 0))
    assert e.value.problems[0].code is Code.MATCH_ALREADY_DECIDED
    assert "hand 2" in str(e.value) and "after hand 1" in str(e.value)


def test_deleting_a_hand_recomputes_totals_and_seats():
    m = play(match(), plain_hand(1, 0), plain_hand(2, 0), plain_hand(3, 0))
    state = evaluate(delete_hand(m, 0))
    assert state.totals == (9, 2)
    assert [h.seats.dealer for h in state.hands] == ["Anna", "Bruno"]


def test_deleting_the_deciding_hand_reopens_the_match():
    m = play(match(), plain_hand(10, 0), plain_hand(25, 0))
    assert evaluate(m).status is Status.WON
    state = evaluate(delete_hand(m, 1))
    assert state.status is Status.IN_PROGRESS and state.next_seats.dealer == "Bruno"


def test_editing_a_hand_that_does_not_exist_is_refused():
    with pytest.raises(MatchError, match="no hand 3"):
        replace_hand(play(match(), plain_hand()), 2, plain_hand())
    with pytest.raises(MatchError):
        delete_hand(match(), 0)


def test_evaluating_the_same_match_twice_gives_the_same_state_object():
    m = play(match(), plain_hand(1, 0))
    assert evaluate(m) is evaluate(m)
    other = play(match(), plain_hand(1, 0))
    assert evaluate(other) == evaluate(m)


# -- RULES §5 decisions: stopped hands and tie-breaks --------------------------
def test_a_declaration_with_nothing_taken_scores_no_tie_points_even_with_ties_split():
    # Anna is on 29 (target 31) and declares in deal 1 before anything is
    # taken: 0-0 cards and 0-0 spades are no "pareggio", so ties: split gives
    # nothing; she stays on 29 and the declaration is wrong.
    from scorekeeper.core import Declaration
    from tests.builders import hand, side

    m = play(match(early_win=True, ties="split"), plain_hand(25, 0))  # 29 v 3
    assert evaluate(m).totals == (29, 3)
    state = evaluate(add_hand(m, hand(side(0), side(0), Declaration("Anna", 1))))
    assert state.hands[-1].points[0].cards == state.hands[-1].points[0].spades == 0
    assert state.totals == (29, 3)
    assert (state.winner, state.ending) == (1, Ending.DECLARATION_WRONG)


def test_a_finished_hand_still_splits_tied_cards_and_spades_with_ties_split():
    state = evaluate(play(match(ties="split"), plain_hand()))
    assert state.totals == (2 + 2, 1 + 2)


def tie_break_match():
    m = play(match(early_win=True, target=5), plain_hand(4, 5))  # 6 v 6
    assert evaluate(m).status is Status.TIE_BREAK
    return m


def test_a_declaration_in_a_tie_break_hand_is_refused_in_both_languages():
    m = tie_break_match()
    with pytest.raises(MatchError) as e:
        add_hand(m, declared_hand("Anna", 2, 1, 1))
    (problem,) = e.value.problems
    assert (problem.code, problem.field, problem.side) == (
        Code.DECLARATION_TIE_BREAK,
        "declaration",
        None,
    )
    assert str(e.value) == (
        "hand 2: declaration: no early-win declaration in a tie-break hand: "
        "both sides are already past the target"
    )
    assert e.value.message("it") == (
        "mano 2: dichiarazione: niente dichiarazione di vittoria in una mano di "
        "spareggio: tutte e due le parti hanno già raggiunto il traguardo"
    )
    assert evaluate(m).status is Status.TIE_BREAK  # nothing changed


def test_the_core_says_when_a_declaration_is_allowed():
    from scorekeeper.core import declaration_allowed

    open_match = evaluate(match(early_win=True))
    assert declaration_allowed(open_match) and open_match.declaration_allowed
    assert [declaration_allowed(open_match, d) for d in range(7)] == [
        False, True, True, True, True, True, False,
    ]  # fmt: skip
    assert not declaration_allowed(evaluate(match()))  # not agreed
    tie = evaluate(tie_break_match())
    assert not declaration_allowed(tie) and not tie.declaration_allowed
    assert not declaration_allowed(tie, 1)
    won = evaluate(play(match(early_win=True), plain_hand(30, 0)))
    assert not declaration_allowed(won, 1)


def test_a_hand_added_with_the_known_state_of_the_match_is_the_only_one_checked(
    monkeypatch,
):
    """A Save in a long match: the hands already played are not checked again
    when the caller (storage) gives the state it holds."""
    m = play(match(target=500), *[plain_hand(1, 0) for _ in range(6)])
    state = evaluate(m)
    checked = []
    real_check = engine.check_hand
    monkeypatch.setattr(
        engine,
        "check_hand",
        lambda hand, setup, number: (
            checked.append(number) or real_check(hand, setup, number)
        ),
    )
    longer = add_hand(m, plain_hand(0, 1), state)
    assert checked == [7]
    assert evaluate(longer).totals == (state.totals[0] + 2, state.totals[1] + 2)
    # a state of another match is not used: every hand is checked again
    other = evaluate(play(match(target=500), plain_hand(1, 0)))
    checked.clear()
    add_hand(m, plain_hand(0, 1), other)
    assert checked == [1, 2, 3, 4, 5, 6, 7]


def test_a_state_of_another_match_with_as_many_hands_is_not_built_on():
    """Same setup, same number of hands, other hands: the state is not the
    match's, so its totals are not carried (they gave 12-16 where the hands
    make 20-8)."""
    m = play(match(), plain_hand(4, 0), plain_hand(4, 0))
    other = evaluate(play(match(), plain_hand(0, 4), plain_hand(0, 4)))
    assert (other.setup, len(other.hands)) == (m.setup, len(m.hands))
    assert evaluate(add_hand(m, plain_hand(6, 5), other)).totals == (20, 8)
