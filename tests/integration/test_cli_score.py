"""``python main.py score`` run as a subprocess, checked against FORMAT.md.

Exit 0 with the result on stdout for a valid match; exit 2, nothing on stdout
and exactly one line on stderr naming the place for anything else.
"""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from scorekeeper.cli import main

ROOT = Path(__file__).resolve().parents[2]

# The output document of FORMAT.md, verbatim.
FORMAT_OUTPUT = """
{
  "format": "spazzino-score",
  "version": 1,
  "sides": [["Anna"], ["Bruno"]],
  "hands": [
    {"number": 1,
     "dealer": "Anna",
     "points": [
       {"cards": 2, "spades": 0, "settebello": 1, "fante_di_spade": 0,
        "due_di_spade": 1, "napola": 3, "piccole": 2, "spazzini": 9,
        "bagari": 3, "scaluneddu": 0, "total": 21},
       {"cards": 0, "spades": 0, "settebello": 0, "fante_di_spade": 1,
        "due_di_spade": 0, "napola": 0, "piccole": 1, "spazzini": 0,
        "bagari": 0, "scaluneddu": 0, "total": 2}
     ],
     "totals": [21, 2],
     "declaration": null}
  ],
  "totals": [21, 2],
  "status": "in_progress",
  "winner": null,
  "next_dealer": "Bruno"
}
"""


def score(*args: str, stdin: bytes | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "main.py", "score", *args],
        cwd=ROOT,
        input=stdin,
        capture_output=True,
        timeout=60,
    )


def write(tmp_path: Path, doc: object, name: str = "match.json") -> str:
    path = tmp_path / name
    path.write_text(json.dumps(doc), encoding="utf-8")
    return str(path)


def ordered(text: str | bytes) -> object:
    """Decoded JSON with every object as a list of (key, value): order counts."""
    return json.loads(text, object_pairs_hook=list)


def assert_refused(run: subprocess.CompletedProcess) -> str:
    """Exit 2, nothing on stdout, one line on stderr; returns that line."""
    assert run.returncode == 2, run.stderr
    assert run.stdout == b""
    err = run.stderr.decode("utf-8")
    assert err.endswith("\n") and err.count("\n") == 1, err
    return err.rstrip("\n")


def test_the_format_md_example_gives_exactly_the_format_md_output(
    tmp_path, format_example
):
    run = score(write(tmp_path, format_example), "--json")
    assert run.returncode == 0 and run.stderr == b""
    assert ordered(run.stdout) == ordered(FORMAT_OUTPUT)


def test_stdin_given_as_dash_scores_like_the_file(format_example):
    run = score("-", "--json", stdin=json.dumps(format_example).encode())
    assert run.returncode == 0
    assert ordered(run.stdout) == ordered(FORMAT_OUTPUT)


def test_the_readable_table_shows_the_hand_and_the_totals(tmp_path, format_example):
    run = score(write(tmp_path, format_example))
    assert run.returncode == 0 and run.stderr == b""
    out = run.stdout.decode("utf-8")
    assert "Totals: Anna 21 – Bruno 2" in out
    assert "Next dealer: Bruno" in out
    (anna_row,) = [line for line in out.splitlines() if line.startswith("   1  Anna")]
    assert anna_row.split()[-2:] == ["21", "21"]  # hand points, match total


def test_a_won_match_has_a_winner_and_no_next_dealer(tmp_path, format_example):
    format_example["rules"]["target"] = 21  # Anna makes 21 in hand 1
    result = json.loads(score(write(tmp_path, format_example), "--json").stdout)
    assert (result["status"], result["winner"], result["next_dealer"]) == (
        "won",
        1,
        None,
    )


@pytest.mark.parametrize(
    ("target", "correct", "winner"), [(29, True, 1), (30, False, 2)]
)
def test_a_declaration_is_reported_right_or_wrong_by_the_declarers_total(
    tmp_path, format_example, target, correct, winner
):
    # hand 2 stopped in deal 4: Anna 6 cards to 2 (2), spades 3 to 1 (2),
    # due di spade (1), napola A-2-3 (3) = 8, so Anna ends on 21 + 8 = 29.
    format_example["rules"].update(early_win=True, target=target)
    format_example["hands"].append(
        {
            "sides": [
                {"cards": 6, "spades": ["A", "2", "3"], "settebello": False},
                {"cards": 2, "spades": ["4"], "settebello": False},
            ],
            "declaration": {"by": "Anna", "deal": 4},
        }
    )
    result = json.loads(score(write(tmp_path, format_example), "--json").stdout)
    hand = result["hands"][1]
    assert hand["declaration"] == {"by": "Anna", "deal": 4, "correct": correct}
    assert hand["totals"] == result["totals"] == [29, 2]
    assert (result["status"], result["winner"]) == ("won", winner)


def test_an_invalid_hand_exits_2_with_one_line_naming_the_place(
    tmp_path, format_example
):
    # FORMAT.md's example message says "side 2 (Bruno)"; RULES §4 (amended)
    # says a problem of both sides names no side, and RULES wins.
    format_example["hands"][0]["sides"][1]["spades"].append("7")
    line = assert_refused(score(write(tmp_path, format_example), "--json"))
    assert line == "hand 1: spades: '7' is taken by both sides"


def test_the_table_form_refuses_an_invalid_hand_the_same_way(tmp_path, format_example):
    format_example["hands"][0]["sides"][0]["settebello"] = False
    line = assert_refused(score(write(tmp_path, format_example)))
    assert line.startswith("hand 1: settebello: nobody has the settebello")


def test_bad_json_exits_2_naming_the_file(tmp_path):
    path = tmp_path / "broken.json"
    path.write_text('{"format": "spazzino-match",', encoding="utf-8")
    assert assert_refused(score(str(path))).startswith(f"{path}: not valid JSON")


@pytest.mark.parametrize("text", ["", "[]", "null", "\ufeff{}"], ids=repr)
def test_an_empty_or_non_object_document_exits_2(tmp_path, text):
    path = tmp_path / "odd.json"
    path.write_text(text, encoding="utf-8")
    assert_refused(score(str(path), "--json"))


def test_a_missing_file_exits_2_naming_it(tmp_path):
    path = tmp_path / "nowhere.json"
    assert assert_refused(score(str(path))).startswith(f"{path}: cannot read")


def test_a_file_that_is_not_utf8_exits_2(tmp_path):
    path = tmp_path / "latin1.json"
    path.write_bytes(b'{"players": ["Nicol\xf2"]}')
    assert "not UTF-8" in assert_refused(score(str(path)))


def test_stdin_is_read_as_utf8_and_refused_when_it_is_not():
    assert "not UTF-8" in assert_refused(score("-", stdin=b"\xff\xfe{}"))


# -- regressions found by the spec review -------------------------------------------


def test_a_lone_surrogate_in_a_name_exits_2_instead_of_crashing(
    tmp_path, format_example
):
    format_example["players"][1] = "\ud800"
    format_example["first_dealer"] = "Anna"
    line = assert_refused(score(write(tmp_path, format_example), "--json"))
    # the reader refuses it (score and import alike), naming the place
    assert line.endswith("players, item 2: a lone surrogate (U+D800) is not text")


def test_a_number_longer_than_python_reads_exits_2_naming_the_file(
    tmp_path, format_example
):
    path = write(tmp_path, format_example).replace("match", "long")
    text = json.dumps(format_example).replace('"cards": 23', '"cards": 1' + "0" * 5000)
    Path(path).write_text(text, encoding="utf-8")
    assert assert_refused(score(path)).startswith(f"{path}: not readable JSON")


def test_values_nested_up_to_the_recursion_limit_never_crash():
    """Around the recursion limit the JSON reads but cannot be shown in a
    message; every depth must still end in exit 2 with one line."""
    limit = sys.getrecursionlimit()
    for depth in range(limit - 400, limit + 10):
        text = (
            '{"format": "spazzino-match", "version": 1, "players": ["A", "B"], '
            '"hands": [{"sides": [{"cards": ' + "[" * depth + "]" * depth + ", "
            '"spades": [], "settebello": true}, '
            '{"cards": 40, "spades": [], "settebello": false}]}]}'
        )
        out, err = io.StringIO(), io.StringIO()
        code = main(["score", "-"], stdin=io.StringIO(text), stdout=out, stderr=err)
        assert (code, out.getvalue(), err.getvalue().count("\n")) == (2, "", 1), depth


def test_a_file_starting_with_a_byte_order_mark_is_read(tmp_path, format_example):
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(format_example).encode())
    result = subprocess.run(
        [sys.executable, "main.py", "score", str(path), "--json"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        encoding="utf-8",
    )
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["totals"] == [21, 2]


def test_a_key_given_twice_is_refused_rather_than_guessed(tmp_path):
    path = tmp_path / "dup.json"
    path.write_text('{"format": "spazzino-match", "format": "spazzino-match"}')
    result = subprocess.run(
        [sys.executable, "main.py", "score", str(path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        encoding="utf-8",
    )
    assert result.returncode == 2 and result.stdout == ""
    assert "'format' appears twice" in result.stderr


def test_a_version_written_as_a_decimal_is_refused(tmp_path, format_example):
    path = tmp_path / "v.json"
    path.write_text(json.dumps({**format_example, "version": 1.0}))
    result = subprocess.run(
        [sys.executable, "main.py", "score", str(path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        encoding="utf-8",
    )
    assert result.returncode == 2 and "version" in result.stderr


# -- hands RULES §4 (amended) makes impossible: exit 2, one line, side and field --
def counted(cards, spades, due=False, fante=False, napola=0, sb=False, **play):
    return {
        "cards": cards,
        "spades": spades,
        "due_di_spade": due,
        "fante_di_spade": fante,
        "napola": napola,
        "settebello": sb,
        **play,
    }


def listed(cards, spades, sb=False, **play):
    return {"cards": cards, "spades": list(spades), "settebello": sb, **play}


IMPOSSIBLE = [
    (
        "99 cards on side 1",
        [listed(99, "4567FCR", True), listed(0, "")],
        "hand 1, side 1 (Anna): cards: 99 is more than 40",
    ),
    (
        "due and fante with 0 spades, 10 spades with napola 0 (the issue)",
        [counted(20, 0, True, True, sb=True), counted(20, 10)],
        "hand 1, side 1 (Anna): spades: 0 spades are fewer than the 2 the side "
        "has of the due and fante di spade",
    ),
    (
        "due and fante with 1 spade",
        [counted(20, 1, True, True, sb=True), counted(20, 9)],
        "hand 1, side 1 (Anna): spades: 1 spades are fewer than the 2",
    ),
    (
        "napola 5 with 4 spades",
        [counted(21, 4, True, True, 5, sb=True), counted(19, 6)],
        "hand 1, side 1 (Anna): napola: a napola of 5 needs 5 spades, the side has 4",
    ),
    (
        "napola 5 and the fante with 5 spades",
        [counted(21, 5, True, True, 5, sb=True), counted(19, 5)],
        "hand 1, side 1 (Anna): napola: a napola of 5 and the fante di spade need "
        "6 spades, the side has 5",
    ),
    (
        "9 spades with neither the due nor the fante",
        [counted(21, 9, sb=True), counted(19, 1, True, True)],
        "hand 1, side 1 (Anna): spades: 9 spades are more than 8",
    ),
    (
        "10 spades with napola 9",
        [counted(30, 10, True, True, 9, sb=True), counted(10, 0)],
        "hand 1, side 1 (Anna): napola: all 10 spades are the napoleone: the napola "
        "is 10, not 9",
    ),
    (
        "napola 10 with 9 spades",
        [counted(30, 9, True, True, 10, sb=True), counted(10, 1)],
        "hand 1, side 1 (Anna): napola: a napola of 10 needs 10 spades, the side has 9",
    ),
    (
        "18 piccole in a hand",
        [listed(21, "4567FCR", True, piccole=9), listed(19, "A23", piccole=9)],
        "hand 1: piccole: the two sides' piccole add up to 18 (9 + 9), more than 17",
    ),
    (
        "piccole and bagari beyond the side's cards",
        [listed(21, "4567FCR", True), listed(19, "A23", piccole=8, bagari=[4])],
        "hand 1, side 2 (Bruno): piccole: 8 piccole (2 cards each) and bagari of 4 "
        "cards do not fit in 19 captured cards",
    ),
    (
        "spazzini beyond the side's cards",
        [listed(21, "4567FCR", True), listed(19, "A23", spazzini=["A"] * 10)],
        "hand 1, side 2 (Bruno): spazzini: 10 spazzini (2 cards at least each) do "
        "not fit in 19 captured cards",
    ),
]


@pytest.mark.parametrize(
    ("sides", "expected"),
    [pytest.param(c[1], c[2], id=c[0]) for c in IMPOSSIBLE],
)
def test_an_impossible_hand_is_refused_naming_its_side_and_field(
    tmp_path, format_example, sides, expected
):
    format_example["hands"] = [{"sides": sides}]
    line = assert_refused(score(write(tmp_path, format_example), "--json"))
    assert line.startswith(expected), line


def test_a_hand_stopped_in_deal_one_with_more_cards_than_were_dealt_is_refused(
    tmp_path, format_example
):
    format_example["rules"]["early_win"] = True
    format_example["hands"] = [
        {
            "sides": [listed(6, ""), listed(5, "")],
            "declaration": {"by": "Anna", "deal": 1},
        }
    ]
    line = assert_refused(score(write(tmp_path, format_example)))
    assert line == (
        "hand 1: cards: the two sides' cards add up to 11 (6 + 5), more than the "
        "10 put on the table up to deal 1"
    )


def test_more_scaluneddu_than_deals_so_far_in_a_stopped_hand_are_refused(
    tmp_path, format_example
):
    format_example["rules"]["early_win"] = True
    format_example["hands"] = [
        {
            "sides": [listed(5, "", scaluneddu=3), listed(5, "")],
            "declaration": {"by": "Anna", "deal": 2},
        }
    ]
    line = assert_refused(score(write(tmp_path, format_example)))
    assert line == (
        "hand 1, side 1 (Anna): scaluneddu: 3 scaluneddu is more than the 2 "
        "possible up to deal 2"
    )


def test_a_declaration_in_a_tie_break_hand_is_refused(tmp_path, format_example):
    # hand 1: Anna 21, Bruno 2; hand 2: Anna settebello 1, Bruno cards 2 +
    # spades 2 + due 1 + fante 1 + napola 3 + spazzini R R C 11 = 20: 22-22
    format_example["rules"].update(early_win=True, target=22)
    format_example["hands"].append(
        {
            "sides": [
                listed(17, "4567", True),
                listed(23, "A23FCR", spazzini=["R", "R", "C"]),
            ]
        }
    )
    format_example["hands"].append(
        {
            "sides": [listed(4, ""), listed(4, "")],
            "declaration": {"by": "Anna", "deal": 2},
        }
    )
    line = assert_refused(score(write(tmp_path, format_example), "--json"))
    assert line == (
        "hand 3: declaration: no early-win declaration in a tie-break hand: both "
        "sides are already past the target"
    )
