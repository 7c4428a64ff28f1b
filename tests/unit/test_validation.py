"""One test per rule of RULES.md section 4: its code, its field, its message.

Each test breaks one rule of an otherwise valid hand and checks the problem's
stable code, the side and field it names, and that the English and Italian
messages name the field and show the bad value.
"""

from __future__ import annotations

import pytest

from scorekeeper.core import Code, HandError, MatchSetup, Rules, score_hand
from scorekeeper.core.validation import check_hand, hand_problems
from tests.builders import count, hand, side

SETUP = MatchSetup(("Anna", "Bruno"), "Anna", Rules())


def valid_sides(**over):
    s1 = dict(cards=21, spades="4567FCR", sb=True)
    s2 = dict(cards=19, spades="A23")
    for key, value in over.items():
        which, field = key.split("_", 1)
        (s1 if which == "s1" else s2)[field] = value
    return s1, s2


def problems_of(h, players=2, rules=None, declared=False):
    return hand_problems(h, rules or Rules(), players)


def only_problem(h, rules=None):
    found = problems_of(h, rules=rules)
    assert len(found) == 1, found
    return found[0]


def assert_message(h, code, field, side_index, shows, rules=None):
    """The single problem has *code* on *field* of side *side_index*, and its
    located message names the hand, the side, the field and shows *shows*."""
    p = only_problem(h, rules)
    assert (p.code, p.field, p.side) == (code, field, side_index)
    setup = MatchSetup(("Anna", "Bruno"), "Anna", rules or Rules())
    with pytest.raises(HandError) as e:
        check_hand(h, setup, number=3)
    message = str(e.value)
    names = ("Anna", "Bruno")
    if side_index is not None:
        assert (
            f"hand 3, side {side_index + 1} ({names[side_index]}): {field}:" in message
        )
    assert shows in message
    italian = e.value.message("it")
    assert (
        f"mano 3, parte {side_index + 1}" in italian if side_index is not None else True
    )
    if not any(c.isalpha() for c in shows.strip("'")) or shows.startswith("'"):
        assert shows in italian  # a value shows the same in both languages
    return message


def test_a_valid_hand_has_no_problems():
    s1, s2 = valid_sides()
    assert problems_of(hand(side(**s1), side(**s2))) == []


@pytest.mark.parametrize("bad", [-1, 2.5, "21", None, True])
def test_cards_that_are_not_a_whole_number_are_refused(bad):
    s1, s2 = valid_sides()
    h = hand(side(**s1), side(**s2))
    h = hand(h.sides[0].__class__(**{**h.sides[0].__dict__, "cards": bad}), h.sides[1])
    p = [p for p in problems_of(h) if p.code is Code.NOT_WHOLE]
    assert p and p[0].field == "cards" and p[0].side == 0
    assert repr(bad) in p[0].text()


def test_cards_that_do_not_add_up_to_forty_are_refused():
    s1, s2 = valid_sides(s2_cards=18)
    msg = assert_message(hand(side(**s1), side(**s2)), Code.CARDS_SUM, "cards", 1, "39")
    assert "21 + 18" in msg and "40" in msg


def test_a_spade_taken_by_both_sides_is_refused():
    s1, s2 = valid_sides(s2_spades="A237")
    msg = assert_message(
        hand(side(**s1), side(**s2)), Code.SPADE_BOTH, "spades", 1, "'7'"
    )
    assert "hand 3, side 2 (Bruno): spades: '7' is taken by both sides" in msg


def test_a_spade_taken_by_nobody_is_refused():
    s1, s2 = valid_sides(s1_spades="4567FC")
    assert_message(hand(side(**s1), side(**s2)), Code.SPADE_MISSING, "spades", 1, "R")


def test_a_spade_listed_twice_is_refused():
    h = hand(side(21, "4567FCRR", True), side(19, "A23"))
    assert_message(h, Code.SPADE_DUPLICATE, "spades", 0, "'R'")


def test_a_spade_that_is_not_a_rank_is_refused():
    s1, s2 = valid_sides()
    h = hand(side(**s1), side(**s2))
    bad = h.sides[1].__class__(19, h.sides[1].spades.__class__(("A", "2", "3", "X")))
    p = [p for p in problems_of(hand(h.sides[0], bad)) if p.code is Code.SPADE_BAD_RANK]
    assert p[0].field == "spades" and p[0].side == 1 and "'X'" in p[0].text()


def test_spade_counts_that_do_not_add_up_to_ten_are_refused():
    h = hand(side(21, count(7, fante=True), True), side(19, count(2, due=True)))
    assert_message(h, Code.SPADE_COUNT_SUM, "spades", 1, "9")


def test_spades_in_one_form_and_a_count_in_the_other_are_refused():
    h = hand(side(21, "4567FCR", True), side(19, count(3, due=True, napola=3)))
    assert only_problem(h).code is Code.SPADE_FORMS_MIXED


def test_spades_and_settebello_beyond_the_captured_cards_are_refused():
    h = hand(side(7, "4567FCR", True), side(33, "A23"))
    msg = assert_message(h, Code.SPADES_EXCEED_CARDS, "cards", 0, "7 spades")
    assert "settebello" in msg and "7 captured cards" in msg


def test_spades_alone_beyond_the_captured_cards_are_refused():
    h = hand(side(38, "4567FCR", True), side(2, "A23"))
    assert_message(h, Code.SPADES_EXCEED_CARDS, "cards", 1, "3 spades")


def test_the_settebello_with_both_sides_is_refused():
    s1, s2 = valid_sides(s2_sb=True)
    assert_message(
        hand(side(**s1), side(**s2)), Code.SETTEBELLO_BOTH, "settebello", 1, "both"
    )


def test_the_settebello_with_nobody_is_refused():
    s1, s2 = valid_sides(s1_sb=False)
    assert_message(
        hand(side(**s1), side(**s2)), Code.SETTEBELLO_NOBODY, "settebello", 1, "nobody"
    )


@pytest.mark.parametrize("field", ["due_di_spade", "fante_di_spade"])
def test_a_counted_honour_with_both_sides_is_refused(field):
    both = dict(due=True, fante=True)
    key = field.split("_")[0]
    h = hand(side(21, count(7, **both), True), side(19, count(3, **{key: True})))
    assert_message(h, Code.HONOUR_BOTH, field, 1, "both")


@pytest.mark.parametrize("field", ["due_di_spade", "fante_di_spade"])
def test_a_counted_honour_with_nobody_is_refused(field):
    other = "fante" if field.startswith("due") else "due"
    h = hand(side(21, count(7, **{other: True}), True), side(19, count(3)))
    assert_message(h, Code.HONOUR_NOBODY, field, 1, "nobody")


@pytest.mark.parametrize("bad", [1, 2, 11, -3])
def test_a_napola_value_other_than_zero_or_three_to_ten_is_refused(bad):
    h = hand(side(21, count(7, True, True, bad), True), side(19, count(3)))
    assert_message(h, Code.NAPOLA_BAD_VALUE, "napola", 0, repr(bad))


def test_a_napola_bigger_than_the_sides_spades_is_refused():
    h = hand(side(21, count(4, True, True, 5), True), side(19, count(6)))
    assert_message(h, Code.NAPOLA_TOO_FEW_SPADES, "napola", 0, "5")


def test_a_napola_on_both_sides_is_refused():
    h = hand(
        side(21, count(5, True, False, 3), True), side(19, count(5, False, True, 3))
    )
    problems = problems_of(h)
    codes = {p.code for p in problems}
    assert Code.NAPOLA_BOTH in codes
    assert next(p for p in problems if p.code is Code.NAPOLA_BOTH).field == "napola"


def test_a_napola_without_the_due_di_spade_is_refused():
    h = hand(side(21, count(7, False, True, 3), True), side(19, count(3, True)))
    assert_message(h, Code.NAPOLA_WITHOUT_DUE, "napola", 0, "due di spade")


def test_a_napola_of_eight_without_the_fante_di_spade_is_refused():
    h = hand(side(30, count(9, True, False, 8), True), side(10, count(1, False, True)))
    assert_message(h, Code.NAPOLA_WITHOUT_FANTE, "napola", 0, "fante di spade")


@pytest.mark.parametrize("bad", [-1, 1.5, "2"])
def test_piccole_that_are_not_a_whole_number_are_refused(bad):
    s1, s2 = valid_sides()
    s = side(**s1)
    h = hand(s.__class__(**{**s.__dict__, "piccole": bad}), side(**s2))
    assert_message(h, Code.NOT_WHOLE, "piccole", 0, repr(bad))


def test_more_than_twenty_piccole_in_a_hand_are_refused():
    s1, s2 = valid_sides(s1_pic=12, s2_pic=9)
    assert_message(
        hand(side(**s1), side(**s2)), Code.PICCOLE_TOO_MANY, "piccole", 1, "21"
    )


def test_twenty_piccole_in_a_hand_are_accepted():
    s1, s2 = valid_sides(s1_pic=11, s2_pic=9)
    assert problems_of(hand(side(**s1), side(**s2))) == []


def test_a_spazzino_with_no_valid_rank_is_refused():
    s1, s2 = valid_sides()
    s = side(**s1)
    h = hand(s.__class__(**{**s.__dict__, "spazzini": ("R", "8")}), side(**s2))
    assert_message(h, Code.SPAZZINO_BAD_RANK, "spazzini", 0, "'8'")


def test_more_than_eighteen_spazzini_in_a_hand_are_refused():
    s1, s2 = valid_sides(s1_spz="R" * 10, s2_spz="A" * 9)
    assert_message(
        hand(side(**s1), side(**s2)), Code.SPAZZINI_TOO_MANY, "spazzini", 1, "19"
    )


def test_eighteen_spazzini_in_a_hand_are_accepted():
    s1, s2 = valid_sides(s1_spz="R" * 9, s2_spz="A" * 9)
    assert problems_of(hand(side(**s1), side(**s2))) == []


@pytest.mark.parametrize("bad", [2, 5, 0, "3"])
def test_a_bagari_not_worth_three_or_four_is_refused(bad):
    s1, s2 = valid_sides(s2_bag=(3, bad))
    assert_message(
        hand(side(**s1), side(**s2)), Code.BAGARI_BAD_VALUE, "bagari", 1, repr(bad)
    )


def test_bagari_cards_beyond_the_captured_cards_are_refused():
    h = hand(side(30, "4567FCR", True), side(10, "A23", bag=(4, 4, 3)))
    msg = assert_message(h, Code.BAGARI_EXCEED_CARDS, "bagari", 1, "11")
    assert "10 captured cards" in msg


@pytest.mark.parametrize("bad", [-1, 0.5])
def test_scaluneddu_that_is_not_a_whole_number_is_refused(bad):
    s1, s2 = valid_sides()
    s = side(**s2)
    h = hand(side(**s1), s.__class__(**{**s.__dict__, "scaluneddu": bad}))
    assert_message(h, Code.NOT_WHOLE, "scaluneddu", 1, repr(bad))


def test_more_scaluneddu_than_deals_times_players_is_refused():
    s1, s2 = valid_sides(s1_sca=7)
    msg = assert_message(
        hand(side(**s1), side(**s2)), Code.SCALUNEDDU_TOO_MANY, "scaluneddu", 0, "7"
    )
    assert "6" in msg


def test_six_scaluneddu_are_the_limit_for_a_team_of_four_players_too():
    s1, s2 = valid_sides(s1_sca=6, s2_sca=7)
    found = hand_problems(hand(side(**s1), side(**s2)), Rules(), 4)
    assert [(p.code, p.side) for p in found] == [(Code.SCALUNEDDU_TOO_MANY, 1)]


def test_a_scaluneddu_when_the_option_is_off_is_refused():
    s1, s2 = valid_sides(s2_sca=1)
    rules = Rules(scaluneddu=False)
    assert_message(
        hand(side(**s1), side(**s2)),
        Code.SCALUNEDDU_OFF,
        "scaluneddu",
        1,
        "off",
        rules=rules,
    )


def test_several_problems_are_all_reported():
    h = hand(side(21, "4567FCR", True, pic=-1, bag=(5,)), side(18, "A237", True))
    codes = {p.code for p in problems_of(h)}
    assert {
        Code.NOT_WHOLE,
        Code.BAGARI_BAD_VALUE,
        Code.CARDS_SUM,
        Code.SPADE_BOTH,
        Code.SETTEBELLO_BOTH,
    } <= codes


def test_score_hand_refuses_an_invalid_hand_with_a_value_error():
    s1, s2 = valid_sides(s2_cards=18)
    with pytest.raises(ValueError, match="cards"):
        score_hand(hand(side(**s1), side(**s2)))


# -- hands stopped by a declaration -----------------------------------------
def declared(h):
    from scorekeeper.core import Declaration

    return hand(*h.sides, Declaration("Anna", 2))


def test_a_declared_hand_needs_at_most_forty_cards_not_exactly_forty():
    assert problems_of(declared(hand(side(10, "A2"), side(8, "3")))) == []
    over = declared(hand(side(30, "A2"), side(11, "3")))
    assert [p.code for p in problems_of(over)] == [Code.CARDS_OVER]


def test_a_declared_hand_may_leave_spades_and_honours_with_nobody():
    h = declared(hand(side(10, count(2, fante=True)), side(8, count(1))))
    assert problems_of(h) == []


def test_a_declared_hand_needs_at_most_ten_counted_spades():
    h = declared(hand(side(20, count(6)), side(20, count(5))))
    assert [p.code for p in problems_of(h)] == [Code.SPADE_COUNT_OVER]


def test_a_declared_hand_still_refuses_the_settebello_with_both_sides():
    h = declared(hand(side(10, "", True), side(8, "", True)))
    assert [p.code for p in problems_of(h)] == [Code.SETTEBELLO_BOTH]


def test_a_declared_hand_still_refuses_a_spade_with_both_sides():
    h = declared(hand(side(10, "A2"), side(8, "2")))
    assert [p.code for p in problems_of(h)] == [Code.SPADE_BOTH]


def test_a_declared_hand_still_refuses_an_honour_with_both_sides():
    h = declared(hand(side(10, count(2, due=True)), side(8, count(1, due=True))))
    assert [p.code for p in problems_of(h)] == [Code.HONOUR_BOTH]
