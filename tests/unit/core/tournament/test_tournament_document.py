"""The tournament document (docs/TOURNAMENT.md): read, written back the same,
and refused in one line naming the round, the table and the problem."""

from __future__ import annotations

import copy

import pytest

from scorekeeper.core.tournament import (
    System,
    TournamentFileError,
    dump_tournament,
    parse_tournament,
    read_tournament_document,
)
from tests.tournament_builders import tournament


def doc_of(t):
    return dump_tournament(t)


@pytest.fixture
def four():
    return tournament(
        4,
        [[(0, 3, (31, 20)), (1, 2, "open")], [(2, 0, None), (3, 1, None)]],
    )


def refused(doc) -> str:
    with pytest.raises(TournamentFileError) as e:
        parse_tournament(doc)
    message = str(e.value)
    assert "\n" not in message
    return message


def test_a_document_reads_back_as_the_tournament_it_was_written_from(four):
    assert parse_tournament(doc_of(four)) == four


def test_a_pairs_document_reads_back(four):
    pairs = tournament([("Anna", "Carla"), ("Bruno", "Dario")], [[(0, 1, (31, 9))]])
    doc = doc_of(pairs)
    assert doc["entrants"] == [["Anna", "Carla"], ["Bruno", "Dario"]]
    assert doc["rounds"][0][0]["match"]["players"] == [
        "Anna",
        "Bruno",
        "Carla",
        "Dario",
    ]
    assert parse_tournament(doc) == pairs


def test_the_document_has_exactly_the_fields_of_the_issue(four):
    doc = doc_of(four)
    assert set(doc) == {
        "format",
        "version",
        "name",
        "rules",
        "players_per_side",
        "entrants",
        "system",
        "rounds",
    }
    assert doc["format"] == "spazzino-tournament" and doc["version"] == 1
    assert doc["entrants"] == ["Anna", "Bruno", "Carla", "Dario"]
    assert doc["rounds"][1][0] == {"table": 1, "entrants": [2, 0], "match": None}


def test_meta_is_kept_for_storage(four):
    doc = dump_tournament(four, {"id": "t-1"})
    assert read_tournament_document(doc).meta == {"id": "t-1"}


def test_a_pairs_side_may_sit_either_way_round(four):
    pairs = tournament([("Anna", "Carla"), ("Bruno", "Dario")], [[(0, 1, (31, 9))]])
    doc = doc_of(pairs)
    doc["rounds"][0][0]["match"]["players"] = ["Carla", "Dario", "anna", "Bruno"]
    assert parse_tournament(doc).rounds[0][0].match is not None


def test_a_match_of_other_players_is_refused_naming_round_and_table(four):
    doc = doc_of(four)
    doc["rounds"][0][1]["match"]["players"] = ["Bruno", "Ugo"]
    assert refused(doc) == (
        "round 1, table 2: players: side 2 is Ugo, the table's entrant is Carla"
    )


def test_a_match_with_the_sides_swapped_is_refused(four):
    doc = doc_of(four)
    doc["rounds"][0][0]["match"]["players"] = ["Dario", "Anna"]
    assert refused(doc).startswith("round 1, table 1: players: side 1 is Dario")


def test_an_invalid_hand_is_refused_with_the_match_files_message(four):
    doc = doc_of(four)
    doc["rounds"][0][0]["match"]["hands"][0]["sides"][0]["cards"] = 25
    message = refused(doc)
    assert message.startswith("round 1, table 1: hand 1")
    assert "40" in message


def test_a_match_with_other_rules_is_refused(four):
    doc = doc_of(four)
    doc["rounds"][0][0]["match"]["rules"]["target"] = 21
    assert refused(doc) == (
        "round 1, table 1: rules: target is 21, the tournament plays 31"
    )


def test_a_pairs_match_of_two_players_is_refused():
    pairs = tournament([("Anna", "Carla"), ("Bruno", "Dario")], [[(0, 1, None)]])
    doc = doc_of(pairs)
    doc["rounds"][0][0]["match"] = doc_of(tournament(2, [[(0, 1, (31, 2))]]))["rounds"][
        0
    ][0]["match"]
    assert refused(doc).startswith(
        "round 1, table 1: players: expected 4 players (Anna & Carla v Bruno & Dario)"
    )


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(format="spazzino-match"), "format: expected"),
        (lambda d: d.update(version=2), "version: version 2 is not supported"),
        (lambda d: d.pop("system"), "tournament: system: missing"),
        (lambda d: d.update(system="knockout"), "system: 'knockout' is not one of"),
        (lambda d: d.update(players_per_side=3), "players_per_side: expected 1 or 2"),
        (lambda d: d.update(name="  "), "name: the tournament needs a name"),
        (lambda d: d.update(extra=1), "tournament: unknown key 'extra'"),
        (lambda d: d.update(entrants=["Anna"]), "entrants: a tournament needs 2"),
        (
            lambda d: d["entrants"].__setitem__(3, "anna "),
            "entrants: entrant 4: 'anna' is already entrant 1's player",
        ),
        (lambda d: d["rules"].update(tiez="none"), "rules: unknown key 'tiez'"),
        (
            lambda d: (
                d["rounds"][1][0].update(entrants=[0, 3]),
                d["rounds"][1][1].update(entrants=[2, 1]),
            ),
            "round 2, table 1: Anna and Dario already met in round 1",
        ),
        (
            lambda d: d["rounds"][1][1].update(entrants=[3, 0]),
            "round 2, table 2: Anna is already at table 1 of this round",
        ),
        (
            lambda d: d["rounds"][1].pop(),
            "round 2: Bruno is at no table",
        ),
        (
            lambda d: d["rounds"][1][1].update(table=1),
            "round 2, table 1: two tables of the round have this number",
        ),
        (
            lambda d: d["rounds"][1][1].update(entrants=[9, 1]),
            "round 2, table 2: entrants: 9 is not an entrant (0 to 3)",
        ),
        (
            lambda d: d["rounds"][1][1].update(entrants=[1, 1]),
            "round 2, table 2: entrants: an entrant cannot meet itself",
        ),
        (
            lambda d: d["rounds"][0][0].update(score=3),
            "round 1, item 1: unknown key 'score'",
        ),
        (lambda d: d.update(rounds=None), "rounds: expected a list of rounds"),
        (lambda d: d["rounds"][0].append(None), "round 1, item 3: expected an object"),
    ],
)
def test_a_damaged_document_is_refused_in_one_line(four, change, message):
    doc = copy.deepcopy(doc_of(four))
    change(doc)
    assert message in refused(doc)


def test_a_second_bye_for_the_same_entrant_is_refused():
    three = tournament(3, [[(0, 1, None), (2,)], [(2, 0, None), (1,)]])
    doc = doc_of(three)
    assert parse_tournament(doc).rounds[1][1].bye
    doc["rounds"][1] = [
        {"table": 1, "entrants": [0, 1], "match": None},
        {"table": 2, "entrants": [2], "match": None},
    ]
    assert refused(doc) == "round 2, table 1: Anna and Bruno already met in round 1"
    doc["rounds"][1] = [
        {"table": 1, "entrants": [1, 0], "match": None},
        {"table": 2, "entrants": [2], "match": None},
    ]
    assert "round 2, table 1: Bruno and Anna already met" in refused(doc)
    five = doc_of(tournament(5, [[(0, 1, None), (2, 3, None), (4,)]]))
    five["rounds"].append(
        [
            {"table": 1, "entrants": [0, 2], "match": None},
            {"table": 2, "entrants": [1, 3], "match": None},
            {"table": 3, "entrants": [4], "match": None},
        ]
    )
    assert refused(five) == "round 2, table 3: Elena had a bye in round 1"


def test_a_round_has_at_most_one_bye():
    doc = doc_of(tournament(4))
    doc["rounds"] = [
        [{"table": k + 1, "entrants": [k], "match": None} for k in range(4)]
    ]
    assert refused(doc) == "round 1: a round has at most one bye"


def test_a_bye_with_a_match_is_refused():
    three = tournament(3, [[(0, 1, (31, 3)), (2,)]])
    doc = doc_of(three)
    doc["rounds"][0][1]["match"] = doc["rounds"][0][0]["match"]
    assert refused(doc) == "round 1, table 2: a bye has no match"


def test_early_win_is_refused_for_pairs():
    pairs = tournament([("Anna", "Carla"), ("Bruno", "Dario")])
    doc = doc_of(pairs)
    doc["rules"]["early_win"] = True
    assert refused(doc).startswith("rules:")


def test_the_system_is_read():
    doc = doc_of(tournament(2, system=System.SWISS))
    assert parse_tournament(doc).system is System.SWISS
