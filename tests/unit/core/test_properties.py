"""Property tests of the core on hands and matches *built* valid.

The strategies live in ``tests/strategies.py`` (shared with the statistics and
export tests): each constructs its value inside the limits of RULES.md
section 4; nothing is generated and filtered. The property each test checks
is stated in its docstring.
"""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Callable
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.core import (
    Declaration,
    Hand,
    HandError,
    Match,
    MatchError,
    Rank,
    Rules,
    SideTally,
    SpadeCount,
    SpadeList,
    Status,
    Ties,
    add_hand,
    evaluate,
    score_hand,
)
from scorekeeper.core.matchfile import (
    MatchFileError,
    dump_hand,
    dump_match,
    parse_match,
)
from scorekeeper.core.validation import hand_problems
from tests.strategies import (
    RANKS,
    declared_hand_st,
    hand_st,
    json_junk_st,
    match_st,
    meta_st,
    rules_st,
    spade_form,
)

ITEM_MAX = {  # the most one side can score on each item in one hand
    "cards": 2,
    "spades": 2,
    "settebello": 1,
    "fante_di_spade": 1,
    "due_di_spade": 1,
    "piccole": 20,
    "spazzini": 18 * 7,
    "bagari": 4 * 13,  # 40 cards hold at most 13 bagari of 3
    "scaluneddu": 3 * 6,
}

# -- 1. every valid hand scores --------------------------------------------------


@given(st.data())
def test_every_built_hand_is_valid_and_scores_within_each_items_range(data):
    """Property 1: a hand built within the limits has no problem and scores.

    Each item lies between 0 and the most a side can make on it; napola is
    0 or 3–10; totals are ≥ 0 — for full and declaration-stopped hands.
    """
    players = data.draw(st.sampled_from((2, 4)))
    rules = data.draw(rules_st(players))
    stopped = data.draw(st.booleans())
    deal = data.draw(st.integers(1, 5 if players == 2 else 2))
    hand = data.draw(hand_st(rules, stopped=stopped, deal=deal, players=players))
    if stopped:
        hand = replace(hand, declaration=Declaration("x", deal))
    assert hand_problems(hand, rules, players) == []
    for side in score_hand(hand, rules, players):
        for item, top in ITEM_MAX.items():
            assert 0 <= getattr(side, item) <= top, item
        assert side.napola in (0, *range(3, 11))
        assert side.total >= 0


# -- 2. the mazzo shares 7 ----------------------------------------------------


@given(st.data())
def test_the_mazzo_items_share_exactly_seven_points_when_nothing_ties(data):
    """Property 2: carte + spade + settebello + fante + due total 7 in a full hand.

    With ties ``split`` a tie shares its 2 points 1–1, so the total is still 7;
    with ties ``none`` each tie (20–20 cards, 5–5 spades) loses its 2 points.
    """
    rules = data.draw(rules_st())
    hand = data.draw(hand_st(rules))
    a, b = score_hand(hand, rules)
    cards_tie = hand.sides[0].cards == 20
    spade_counts = [
        s.spades.count if isinstance(s.spades, SpadeCount) else len(s.spades.ranks)
        for s in hand.sides
    ]
    spades_tie = spade_counts[0] == 5
    lost = 0 if rules.ties is Ties.SPLIT else 2 * (cards_tie + spades_tie)
    assert a.mazzo + b.mazzo == 7 - lost


# -- 3. match totals ------------------------------------------------------------


def _check_totals(match: Match) -> None:
    state = evaluate(match)
    running = [0, 0]
    for hand, result in zip(match.hands, state.hands, strict=True):
        points = score_hand(hand, match.setup.rules, len(match.setup.players))
        assert result.points == points
        running = [running[s] + points[s].total for s in (0, 1)]
        assert list(result.totals) == running
    assert list(state.totals) == running


@settings(suppress_health_check=[HealthCheck.too_slow])
@given(match_st(targets=st.just(500)))
def test_match_totals_are_the_sum_of_the_hands_with_target_500(match):
    """Property 3a: totals = the running sum of each hand's points (target 500)."""
    _check_totals(match)


@settings(suppress_health_check=[HealthCheck.too_slow])
@given(match_st())
def test_match_totals_are_the_sum_of_the_hands_up_to_the_deciding_hand(match):
    """Property 3b: with any target, totals sum the hands up to the deciding one.

    And the status follows the totals: won means a declaration decided it or
    the winner is at or past the target with more points than the other side.
    """
    _check_totals(match)
    state = evaluate(match)
    target = match.setup.rules.target
    a, b = state.totals
    if state.status is Status.WON:
        last = match.hands[-1]
        if last.declaration is None:
            w = state.winner
            assert state.totals[w] >= target
            assert state.totals[w] > state.totals[1 - w]
    elif state.status is Status.TIE_BREAK:
        assert a == b >= target
    else:
        assert a < target and b < target


def _next_hand(data: st.DataObject, match: Match) -> Hand:
    """A hand for *match*'s rules, a declaration too where one may be made."""
    rules, players = match.setup.rules, match.setup.players
    hands = hand_st(rules, players=len(players))
    if len(players) == 2 and rules.early_win:
        hands = hands | declared_hand_st(players, rules)
    return data.draw(hands)


def _outcome(make: Callable[[], Match]) -> object:
    """The state of the match *make* gives, or what its refusal says."""
    try:
        return evaluate(make())
    except MatchError as error:
        return (type(error), error.problems, error.hand_number, str(error))


@settings(suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_adding_a_hand_to_a_match_whose_state_is_known_scores_like_evaluating_it_all(
    data,
):
    """Property 3c: ``add_hand`` given the state of the match (only the new hand
    checked and scored, what a Save does) gives the state that evaluating every
    hand again gives, or refuses with the same error (a hand after a decided
    match, a declaration where none may be made)."""
    match = data.draw(match_st())
    hand = _next_hand(data, match)
    # a new match object: every hand scored
    expected = _outcome(lambda: Match(match.setup, (*match.hands, hand)))
    assert _outcome(lambda: add_hand(match, hand, evaluate(match))) == expected


def _mirrored(match: Match) -> Match:
    """The same setup and as many hands, each with its sides' tallies swapped:
    a valid match decided (or not) at the same hand, its totals the other way
    round."""
    return Match(
        match.setup,
        tuple(replace(h, sides=(h.sides[1], h.sides[0])) for h in match.hands),
    )


@settings(suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_adding_a_hand_with_the_state_of_another_match_scores_like_evaluating_it_all(
    data,
):
    """Property 3d: ``add_hand`` given the state of *another* match with the
    same setup and as many hands (the mirrored one) does not build on it: the
    result is the state evaluating every hand gives, or the same refusal."""
    match = data.draw(match_st())
    hand = _next_hand(data, match)
    expected = _outcome(lambda: Match(match.setup, (*match.hands, hand)))
    other = evaluate(_mirrored(match))
    assert (other.setup, len(other.hands)) == (match.setup, len(match.hands))
    assert _outcome(lambda: add_hand(match, hand, other)) == expected


# -- 4. export then import ------------------------------------------------------


@settings(suppress_health_check=[HealthCheck.too_slow])
@given(match_st(), st.none() | meta_st)
def test_export_then_import_gives_back_the_same_match_and_meta(match, meta):
    """Property 4: parse(json(dump(m))) == m, and the meta comes back unchanged."""
    text = json.dumps(dump_match(match, meta))
    doc = parse_match(json.loads(text))
    assert doc.match == match
    assert doc.meta == meta


# -- 5. single-field corruption -----------------------------------------------

NOT_WHOLE = ("3", 2.5, None, True, [], {}, -1)


def _corruptions(hand: Hand, side: int, rules: Rules) -> list[tuple[str, object]]:
    """Every (field, bad value) that must make this full hand invalid."""
    me, other = hand.sides[side], hand.sides[1 - side]
    out: list[tuple[str, object]] = [("cards", v) for v in NOT_WHOLE]
    out += [("cards", me.cards + 1)]
    if me.cards:
        out.append(("cards", me.cards - 1))
    out += [("settebello", not me.settebello), ("settebello", 1), ("settebello", None)]
    out += [("piccole", v) for v in NOT_WHOLE]
    out.append(("piccole", 18 - other.piccole))
    out += [("spazzini", v) for v in ("R", 3, None, {})]
    out += [("spazzini", (*me.spazzini, bad)) for bad in ("8", "K", "a", 1, None)]
    out.append(("spazzini", (*me.spazzini, *["A"] * (19 - len(other.spazzini)))))
    out += [("bagari", v) for v in (3, "3", None)]
    out += [("bagari", (*me.bagari, bad)) for bad in (0, 2, 5, 3.0, True, "3")]
    out.append(("bagari", (*me.bagari, *[4] * ((me.cards - sum(me.bagari)) // 4 + 1))))
    out += [("scaluneddu", v) for v in NOT_WHOLE]
    out.append(("scaluneddu", 7 if rules.scaluneddu else 1))
    sp = me.spades
    if isinstance(sp, SpadeList):
        out += [("spades", SpadeList((*sp.ranks, bad))) for bad in ("8", "a", 7, "")]
        if sp.ranks:
            out.append(("spades", SpadeList(sp.ranks[1:])))  # one missing
            out.append(("spades", SpadeList((*sp.ranks, sp.ranks[0]))))  # twice
        other_ranks = other.spades.ranks
        if other_ranks:
            out.append(("spades", SpadeList((*sp.ranks, other_ranks[0]))))  # both
        out.append(("spades", "A"))
    else:
        out += [("spades", replace(sp, count=v)) for v in NOT_WHOLE]
        out.append(("spades", replace(sp, count=sp.count + 1)))
        out.append(("spades", replace(sp, due_di_spade=not sp.due_di_spade)))
        out.append(("spades", replace(sp, fante_di_spade=not sp.fante_di_spade)))
        out += [("spades", replace(sp, due_di_spade=v)) for v in (1, "true", None)]
        out += [("spades", replace(sp, napola=v)) for v in (1, 2, 11, -3, "3", True)]
        if 3 <= sp.count + 1 <= 10:
            out.append(("spades", replace(sp, napola=sp.count + 1)))  # too few
        if not sp.due_di_spade:
            out.append(("spades", replace(sp, napola=3)))  # without the due
        elif not sp.fante_di_spade and sp.count >= 8:
            out.append(("spades", replace(sp, napola=8)))  # without the fante
    return out


def _with_side(hand: Hand, side: int, tally: SideTally) -> Hand:
    sides = list(hand.sides)
    sides[side] = tally
    return replace(hand, sides=(sides[0], sides[1]))


@given(st.data())
def test_every_single_field_corruption_of_a_valid_hand_is_a_problem(data):
    """Property 5a: changing one field of one side to an impossible value (each
    corruption of :func:`_corruptions`, on either side) is reported by
    ``hand_problems`` and refused by ``score_hand`` with a :class:`HandError`
    (a ``ValueError``) whose one-line message starts with the side, or with
    the field when the first problem concerns both sides (RULES §4: it names
    no side).
    """
    rules = data.draw(rules_st())
    hand = data.draw(hand_st(rules))
    for side in (0, 1):
        for field, value in _corruptions(hand, side, rules):
            tally = replace(hand.sides[side], **{field: value})
            bad = _with_side(hand, side, tally)
            assert hand_problems(bad, rules, 2), (side, field, value)
            with pytest.raises(HandError) as caught:
                score_hand(bad, rules)
            assert isinstance(caught.value, ValueError)
            message = str(caught.value)
            assert "\n" not in message
            first = caught.value.problems[0]
            if first.side is None:
                assert message.startswith(f"{first.field}: "), message
            else:
                assert message.startswith(f"side {first.side + 1}: "), message


def _json_value(value: object) -> object:
    if isinstance(value, SpadeList):
        value = value.ranks
    if isinstance(value, tuple):
        return [v.value if isinstance(v, Rank) else v for v in value]
    return value


@settings(suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_every_single_field_corruption_in_a_match_file_is_a_match_file_error(data):
    """Property 5b: the same corruptions written into hand k of a match file
    make ``parse_match`` raise :class:`MatchFileError` naming hand k — never an
    exception of another kind.
    """
    match = data.draw(match_st(declarations=False))
    if not match.hands:
        match = replace(match, hands=(data.draw(hand_st(match.setup.rules)),))
    k = data.draw(st.integers(0, len(match.hands) - 1))
    hand = match.hands[k]
    side = data.draw(st.sampled_from((0, 1)))
    field, value = data.draw(
        st.sampled_from(_corruptions(hand, side, match.setup.rules))
    )
    doc = dump_match(match)
    tally = doc["hands"][k]["sides"][side]
    if isinstance(value, SpadeCount):
        tally.update(
            spades=value.count,
            due_di_spade=value.due_di_spade,
            fante_di_spade=value.fante_di_spade,
            napola=value.napola,
        )
    else:
        tally[field] = _json_value(value)
    with pytest.raises(MatchFileError) as caught:
        parse_match(json.loads(json.dumps(doc)))
    message = str(caught.value)
    assert "\n" not in message
    assert re.match(rf"hand {k + 1}(, side [12] \(.*?\))?: \w", message), message


def _paths(value: object, path: tuple = ()) -> list[tuple]:
    """Every place in a decoded JSON document, as a tuple of keys/indexes."""
    out = [path] if path else []
    if isinstance(value, dict):
        for k, v in value.items():
            out += _paths(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += _paths(v, (*path, i))
    return out


@settings(suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_any_json_value_anywhere_in_a_match_file_is_valid_or_a_match_file_error(
    data,
):
    """Property 5c: put any JSON value (NaN and Infinity too) at any place of a
    valid match file: ``parse_match`` either reads it or raises
    :class:`MatchFileError` with a one-line message — nothing else.
    """
    match = data.draw(match_st())
    doc = dump_match(match, {"notes": "x"})
    path = data.draw(st.sampled_from(_paths(doc)))
    junk = data.draw(json_junk_st())
    bad = copy.deepcopy(doc)
    target = bad
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = junk
    try:
        parse_match(json.loads(json.dumps(bad)))
    except MatchFileError as e:
        assert str(e) and "\n" not in str(e)


@given(st.data())
def test_a_stopped_hand_still_refuses_what_no_capture_can_explain(data):
    """Property 5d: a declaration-stopped hand is refused when the cards pass
    40, a spade or the settebello is with both sides, or the spade counts pass 10.
    """
    rules = data.draw(rules_st())
    hand = data.draw(hand_st(rules, stopped=True, deal=2))
    hand = replace(hand, declaration=Declaration("x", 2))
    a, b = hand.sides
    kind = data.draw(st.sampled_from(("cards", "settebello", "spade")))
    if kind == "cards":
        a = replace(a, cards=41 - b.cards)
    elif kind == "settebello":
        a, b = replace(a, settebello=True), replace(b, settebello=True)
    elif isinstance(a.spades, SpadeList):
        rank = data.draw(st.sampled_from(RANKS))
        a = replace(a, spades=SpadeList(tuple({*a.spades.ranks, rank})))
        b = replace(b, spades=SpadeList(tuple({*b.spades.ranks, rank})))
    else:
        a = replace(a, spades=replace(a.spades, count=11 - b.spades.count))
    assert hand_problems(replace(hand, sides=(a, b)), rules, 2)


# -- 6. list form and count form ------------------------------------------------


@given(st.data())
def test_the_list_form_and_the_count_form_of_a_hand_score_the_same(data):
    """Property 6: a hand scores the same whether its spades are listed or
    counted (with the due, fante and napola the list implies) — stopped or not.
    """
    rules = data.draw(rules_st())
    stopped = data.draw(st.booleans())
    listed = data.draw(hand_st(rules, stopped=stopped, counted=False, deal=3))
    if stopped:
        listed = replace(listed, declaration=Declaration("x", 3))
    counted = replace(
        listed,
        sides=tuple(
            replace(t, spades=spade_form(t.spades.ranks, True)) for t in listed.sides
        ),
    )
    assert score_hand(listed, rules) == score_hand(counted, rules)


def test_dump_hand_writes_the_count_form_with_its_three_companion_fields():
    """A counted side is written as spades + due_di_spade + fante_di_spade + napola."""
    side = SideTally(20, SpadeCount(5, True, False, 3), True)
    other = SideTally(20, SpadeCount(5, False, True, 0), False)
    written = dump_hand(Hand((side, other)))["sides"][0]
    assert {k: written[k] for k in ("spades", "due_di_spade", "fante_di_spade")} == {
        "spades": 5,
        "due_di_spade": True,
        "fante_di_spade": False,
    }
    assert written["napola"] == 3
