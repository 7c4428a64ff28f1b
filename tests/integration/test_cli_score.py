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
    assert line.startswith("players: player 2: ")


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
