"""The match file reader and writer against each rule of FORMAT.md.

Every refusal must be a :class:`MatchFileError` with a one-line message that
names the place (``hand 2, side 1 (Anna): napola: …``, or ``hand 2: spades: …``
for a problem of both sides).
"""

from __future__ import annotations

import json

import pytest

from scorekeeper.core import Rules, SpadeCount, evaluate
from scorekeeper.core.matchfile import MatchFileError, dump_match, parse_match


def error_of(doc: object) -> str:
    """The message parse_match refuses *doc* with (it must refuse)."""
    with pytest.raises(MatchFileError) as caught:
        parse_match(doc)
    message = str(caught.value)
    assert "\n" not in message
    return message


def side(doc: dict, hand: int, number: int) -> dict:
    return doc["hands"][hand - 1]["sides"][number - 1]


def four_players(doc: dict) -> dict:
    doc["players"] = ["Anna", "Bruno", "Carla", "Dario"]
    return doc


def counted(doc: dict) -> dict:
    """The example hand with its spades as counts (same facts as the lists)."""
    s1, s2 = side(doc, 1, 1), side(doc, 1, 2)
    s1.update(spades=5, due_di_spade=True, fante_di_spade=False, napola=3)
    s2.update(spades=5, due_di_spade=False, fante_di_spade=True, napola=0)
    return doc


def declared(doc: dict, by: str = "Anna", deal: int = 4) -> dict:
    """A second hand stopped by a declaration: Anna 6 cards with A-2-3."""
    doc["hands"].append(
        {
            "sides": [
                {"cards": 6, "spades": ["A", "2", "3"], "settebello": False},
                {"cards": 2, "spades": ["4"], "settebello": False},
            ],
            "declaration": {"by": by, "deal": deal},
        }
    )
    return doc


# -- what is read ------------------------------------------------------------------


def test_the_format_example_reads_and_scores_21_to_2(format_example):
    state = evaluate(parse_match(format_example).match)
    assert state.totals == (21, 2)
    assert [p.total for p in state.hands[0].points] == [21, 2]


def test_missing_optional_fields_take_the_format_defaults(format_example):
    del format_example["first_dealer"]
    del format_example["rules"]
    match = parse_match(format_example).match
    assert match.setup.rules == Rules()
    assert match.setup.first_dealer == "Anna"
    tally = match.hands[0].sides[1]  # written without piccole … scaluneddu
    assert (tally.spazzini, tally.bagari, tally.scaluneddu) == ((), (), 0)


def test_the_first_dealer_deals_hand_1_and_the_deal_moves_to_the_next_seat(
    format_example,
):
    format_example["first_dealer"] = "Bruno"
    state = evaluate(parse_match(format_example).match)
    assert state.hands[0].dealer == "Bruno"
    assert state.next_seats.dealer == "Anna"


def test_the_count_form_reads_and_scores_like_the_list_form(format_example):
    listed = evaluate(parse_match(format_example).match)
    doc = parse_match(counted(format_example))
    assert doc.match.hands[0].sides[0].spades == SpadeCount(5, True, False, 3)
    assert evaluate(doc.match).hands[0].points == listed.hands[0].points


def test_import_keeps_the_meta_and_export_writes_it_back(format_example):
    meta = {"id": "m-1", "created": "2024-05-01T20:15:00+02:00", "notes": "al bar"}
    format_example["meta"] = meta
    doc = parse_match(format_example)
    assert doc.meta == meta
    written = dump_match(doc.match, doc.meta)
    assert written["meta"] == meta
    assert parse_match(json.loads(json.dumps(written))) == doc


def test_a_declaration_with_early_win_agreed_reads_in_deal_1_to_5(format_example):
    format_example["rules"]["early_win"] = True
    for deal in (1, 5):
        doc = parse_match(declared(format_example, deal=deal))
        assert doc.match.hands[1].declaration.deal == deal
        format_example["hands"].pop()


def test_a_forty_character_name_is_allowed(format_example):
    format_example["players"][1] = "B" * 40
    format_example["hands"] = []
    assert parse_match(format_example).match.setup.players[1] == "B" * 40


# -- what is refused, and where the message says it is ---------------------------


def test_the_format_md_message_names_hand_side_and_field(format_example):
    format_example["hands"].append(json.loads(json.dumps(format_example["hands"][0])))
    side(format_example, 2, 2)["spades"].append("7")
    assert error_of(format_example) == (
        "hand 2: spades: '7' is taken by both sides"  # RULES §4: no side
    )


def test_an_unknown_top_level_key_is_an_error(format_example):
    format_example["colour"] = "red"
    assert error_of(format_example) == "match: unknown key 'colour'"


def test_an_unknown_rules_key_is_an_error_so_a_typo_cannot_change_the_scoring(
    format_example,
):
    format_example["rules"]["targte"] = 21
    assert error_of(format_example) == "rules: unknown key 'targte'"


def test_an_unknown_side_key_is_an_error_naming_the_hand_and_side(format_example):
    side(format_example, 1, 2)["piccola"] = 1
    assert error_of(format_example) == "hand 1, side 2 (Bruno): unknown key 'piccola'"


def test_an_unknown_hand_key_is_an_error(format_example):
    format_example["hands"][0]["winner"] = 1
    assert error_of(format_example) == "hand 1: unknown key 'winner'"


@pytest.mark.parametrize(
    ("key", "value", "expected"),
    [
        ("format", "spazzino-score", "format: expected 'spazzino-match'"),
        ("version", 2, "version: version 2 is not supported"),
        ("version", "1", "version: version '1' is not supported"),
        ("version", True, "version: version True is not supported"),
    ],
)
def test_a_wrong_format_or_version_is_an_error(format_example, key, value, expected):
    format_example[key] = value
    assert error_of(format_example).startswith(expected)


@pytest.mark.parametrize("key", ["format", "version", "players", "hands"])
def test_a_missing_required_top_level_key_is_an_error(format_example, key):
    del format_example[key]
    assert error_of(format_example) == f"match: {key}: missing"


@pytest.mark.parametrize("key", ["cards", "spades", "settebello"])
def test_a_missing_required_side_field_is_an_error(format_example, key):
    del side(format_example, 1, 2)[key]
    assert error_of(format_example) == f"hand 1, side 2 (Bruno): {key}: missing"


@pytest.mark.parametrize("count", [0, 1, 3, 5])
def test_a_match_has_2_or_4_players(format_example, count):
    format_example["players"] = ["Anna", "Bruno", "Carla", "Dario", "Elio"][:count]
    format_example["hands"] = []
    del format_example["first_dealer"]
    assert error_of(format_example).startswith(
        f"players: a match has 2 or 4 players, not {count}"
    )


@pytest.mark.parametrize(
    ("players", "expected"),
    [
        (["Anna", ""], "players: player 2 has no name"),
        (["Anna", "Anna"], "players: 'Anna' is named twice"),
        (["Anna", "B" * 41], f"players: {'B' * 41!r} is longer than 40 characters"),
        (["Anna", 7], "players: player 2: expected a name, found a number 7"),
        ("Anna Bruno", "players: expected a list of names"),
    ],
)
def test_player_names_are_non_empty_distinct_and_at_most_40_characters(
    format_example, players, expected
):
    format_example["players"] = players
    format_example["hands"] = []
    assert error_of(format_example).startswith(expected)


def test_an_unknown_first_dealer_is_an_error(format_example):
    format_example["first_dealer"] = "Carla"
    assert error_of(format_example) == "first_dealer: 'Carla' is not one of the players"


def test_early_win_with_4_players_is_an_error(format_example):
    four_players(format_example)["rules"]["early_win"] = True
    assert error_of(format_example) == (
        "early_win: the early-win declaration is only for 2 players"
    )


def test_four_players_make_two_teams_named_in_the_message(format_example):
    four_players(format_example)
    side(format_example, 1, 1)["cards"] = 24
    message = error_of(format_example)
    assert message.startswith("hand 1: cards: ")  # a sum names no side
    assert "add up to 41 (24 + 17), not 40" in message


def test_mixed_spade_forms_are_an_error(format_example):
    side(format_example, 1, 1).update(
        spades=5, due_di_spade=True, fante_di_spade=False, napola=3
    )
    assert error_of(format_example) == (
        "hand 1: spades: one side lists its spades and the other "
        "counts them: use the same form on both sides"
    )


@pytest.mark.parametrize("key", ["due_di_spade", "fante_di_spade", "napola"])
def test_the_count_form_needs_its_three_companion_fields(format_example, key):
    del side(counted(format_example), 1, 1)[key]
    assert error_of(format_example) == f"hand 1, side 1 (Anna): {key}: missing"


def test_the_list_form_refuses_the_count_forms_fields(format_example):
    side(format_example, 1, 1)["napola"] = 3
    assert error_of(format_example) == "hand 1, side 1 (Anna): unknown key 'napola'"


def test_a_declaration_needs_early_win_agreed(format_example):
    assert error_of(declared(format_example)) == (
        "hand 2: declaration: no early-win declaration was agreed before this "
        "match (the early-win rule is off)"
    )


def test_a_declaration_is_refused_with_4_players(format_example):
    four_players(format_example)
    message = error_of(declared(format_example))
    assert message.startswith("hand 2: declaration: ")
    assert "an early-win declaration is only allowed with 2 players" in message


@pytest.mark.parametrize("deal", [0, 6, 7, -1])
def test_a_declaration_is_refused_outside_deals_1_to_5(format_example, deal):
    format_example["rules"]["early_win"] = True
    assert error_of(declared(format_example, deal=deal)) == (
        f"hand 2: declaration: deal {deal}: a declaration is allowed from deal 1 "
        "to deal 5, never in the last deal"
    )


def test_a_declaration_by_someone_not_playing_is_an_error(format_example):
    format_example["rules"]["early_win"] = True
    assert error_of(declared(format_example, by="Zeno")) == (
        "hand 2: declaration: 'Zeno' is not a player of this match"
    )


def test_a_hand_after_the_one_that_decided_the_match_is_an_error(format_example):
    format_example["rules"]["target"] = 21  # Anna reaches 21 in hand 1
    format_example["hands"].append(json.loads(json.dumps(format_example["hands"][0])))
    assert error_of(format_example) == (
        "hand 2: hands: the match was already decided after hand 1: no hand can follow"
    )


def test_a_hand_after_a_declaration_is_an_error(format_example):
    format_example["rules"]["early_win"] = True
    declared(format_example)
    format_example["hands"].append(json.loads(json.dumps(format_example["hands"][0])))
    assert error_of(format_example).startswith(
        "hand 3: hands: the match was already decided after hand 2"
    )


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("cards", True),
        ("cards", "17"),
        ("cards", float("nan")),
        ("cards", float("inf")),
        ("cards", None),
        ("piccole", -1),
        ("scaluneddu", False),
    ],
)
def test_a_value_that_is_not_a_whole_number_is_an_error(format_example, field, value):
    side(format_example, 1, 2)[field] = value
    assert error_of(format_example) == (
        f"hand 1, side 2 (Bruno): {field}: {value!r} is not a whole number of 0 or more"
    )


@pytest.mark.parametrize(
    "doc", [[], None, "match", 1, {"format": "spazzino-match"}], ids=repr
)
def test_a_document_that_is_not_a_match_object_is_an_error(doc):
    assert error_of(doc).startswith("match: ")


# -- regressions found by the spec review -------------------------------------------


def test_sides_that_are_not_a_list_are_named_in_the_message(format_example):
    format_example["hands"][0]["sides"] = {}
    assert (
        error_of(format_example) == "hand 1: sides: expected a list, found an object {}"
    )


def test_a_name_with_a_lone_surrogate_is_refused_as_it_could_not_be_printed(
    format_example,
):
    format_example["players"][1] = "Bruno\ud800"
    assert error_of(format_example) == (
        "players: player 2: 'Bruno\\ud800' is not valid Unicode text"
    )


def test_the_message_stays_one_line_when_a_name_holds_a_line_break(format_example):
    format_example["players"][1] = "Bru\nno"
    side(format_example, 1, 2)["cards"] = "x"
    assert error_of(format_example).startswith("hand 1, side 2 (Bru no): cards: ")


def test_cards_too_long_to_print_still_give_a_message_naming_the_place(
    format_example,
):
    huge = int("9" * 4300)  # the longest int Python prints: shown on its side
    side(format_example, 1, 1)["cards"] = huge
    side(format_example, 1, 2)["cards"] = huge
    message = error_of(format_example)
    assert message.startswith("hand 1, side 1 (Anna): cards: 9999")
    assert "; hand 1, side 2 (Bruno): cards: 9999" in message
    assert message.endswith("is more than 40")
