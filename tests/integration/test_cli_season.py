"""``python main.py season standings`` (issue 38): the season points of two
nights worked out by hand, ties, ``--best``, pairs in either order, and the
refusals (exit 2, one line naming the file)."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

from scorekeeper.cli import main
from tests.tournament_builders import document, tournament

ROOT = Path(__file__).resolve().parents[2]


def first_night():
    """Anna beats Bruno 31-20, Dario beats Carla 31-25: Anna 1st (+11),
    Dario 2nd (+6), Carla 3rd, Bruno 4th: 4, 3, 2, 1 season points."""
    return tournament(4, [[(0, 1, (31, 20)), (2, 3, (25, 31))]])


def second_night():
    """Bruno beats anna 31-30, Carla beats Elena 31-10: Carla 4, Bruno 3,
    anna 2, Elena 1 ("anna" is Anna, RULES §4)."""
    entrants = [("Bruno",), ("anna",), ("Carla",), ("Elena",)]
    return tournament(entrants, [[(0, 1, (31, 30)), (2, 3, (31, 10))]])


def write(tmp_path: Path, name: str, t) -> str:
    path = tmp_path / name
    path.write_text(json.dumps(document(t), ensure_ascii=False), encoding="utf-8")
    return str(path)


def season(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(["season", "standings", *args], io.StringIO(""), out, err)
    return code, out.getvalue(), err.getvalue()


def lines(out: str) -> list[tuple[int, str, int, int, int]]:
    doc = json.loads(out)
    assert set(doc) == {"standings"}
    return [
        (s["rank"], s["entrant"], s["nights"], s["points"], s["first_places"])
        for s in doc["standings"]
    ]


def test_two_nights_add_up_and_a_full_tie_shares_the_rank(tmp_path):
    one = write(tmp_path, "one.json", first_night())
    two = write(tmp_path, "two.json", second_night())
    code, out, err = season(one, two, "--json")
    assert (code, err) == (0, "")
    # anna and Carla: 6 points, one first place, a best night of 4 each
    assert lines(out) == [
        (1, "anna", 2, 6, 1),
        (1, "Carla", 2, 6, 1),
        (3, "Bruno", 2, 4, 0),
        (4, "Dario", 1, 3, 0),
        (5, "Elena", 1, 1, 0),
    ]


def test_best_keeps_each_entrants_best_nights(tmp_path):
    one = write(tmp_path, "one.json", first_night())
    two = write(tmp_path, "two.json", second_night())
    code, out, _ = season(one, two, "--best", "1", "--json")
    assert code == 0
    assert lines(out) == [
        (1, "anna", 2, 4, 1),
        (1, "Carla", 2, 4, 1),
        (3, "Bruno", 2, 3, 0),
        (3, "Dario", 1, 3, 0),
        (5, "Elena", 1, 1, 0),
    ]


def test_first_places_break_a_tie_on_points(tmp_path):
    """Three entrants, a bye each night. Night 1: Anna beats Carla, Bruno's
    bye: Anna 3, Bruno 2, Carla 1. Night 2: Carla beats Anna, Bruno's bye:
    Carla 3, Bruno 2, Anna 1. All on 4 points; Anna and Carla were first once,
    Bruno never: Bruno is third."""
    one = tournament(3, [[(0, 2, (31, 20)), (1,)]])
    two = tournament(3, [[(2, 0, (31, 20)), (1,)]])
    code, out, _ = season(
        write(tmp_path, "a.json", one), write(tmp_path, "b.json", two), "--json"
    )
    assert code == 0
    assert lines(out) == [
        (1, "Anna", 2, 4, 1),
        (1, "Carla", 2, 4, 1),
        (3, "Bruno", 2, 4, 0),
    ]


def test_a_pair_is_the_same_entrant_in_either_order(tmp_path):
    a = tournament([("Anna", "Carla"), ("Bruno", "Dario")], [[(0, 1, (31, 20))]])
    b = tournament([("Dario", "Bruno"), ("Carla", "Anna")], [[(0, 1, (31, 20))]])
    code, out, _ = season(
        write(tmp_path, "a.json", a), write(tmp_path, "b.json", b), "--json"
    )
    assert code == 0
    assert lines(out) == [
        (1, "Carla & Anna", 2, 3, 1),
        (1, "Dario & Bruno", 2, 3, 1),
    ]


def test_nights_of_players_and_of_pairs_are_refused_naming_the_file(tmp_path):
    one = write(tmp_path, "one.json", first_night())
    pairs = write(
        tmp_path,
        "pairs.json",
        tournament([("Anna", "Carla"), ("Bruno", "Dario")], [[(0, 1, (31, 20))]]),
    )
    proc = subprocess.run(
        [sys.executable, "main.py", "season", "standings", one, pairs],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 2 and proc.stdout == ""
    assert len(proc.stderr.splitlines()) == 1
    assert proc.stderr.startswith(f"{pairs}: 2 player(s) per side")


def test_a_damaged_night_or_a_bad_best_is_exit_two_in_one_line(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{", encoding="utf-8")
    code, out, err = season(str(bad))
    assert code == 2 and out == "" and len(err.splitlines()) == 1
    assert str(bad) in err
    one = write(tmp_path, "one.json", first_night())
    code, out, err = season(one, "--best", "0")
    assert code == 2 and out == "" and "--best" in err


def test_the_table_lists_rank_entrant_nights_points_and_first_places(tmp_path):
    one = write(tmp_path, "one.json", first_night())
    code, out, _ = season(one)
    assert code == 0
    head, first, *_ = out.splitlines()
    assert head.split() == ["#", "entrant", "nights", "points", "first", "places"]
    assert first.split() == ["1", "Anna", "1", "4", "1"]


def test_a_night_not_finished_counts_for_nobody(tmp_path):
    """Issue 38: a night whose round is still being played (or with no round
    drawn) gave every entrant n points and a first place; only a night whose
    rounds' results are all in counts, and the table names the others."""
    one = write(tmp_path, "one.json", first_night())
    playing = write(
        tmp_path,
        "playing.json",
        tournament(4, [[(0, 1, (31, 20)), (2, 3, "open")]]),
    )
    empty = write(tmp_path, "empty.json", tournament(4))
    code, alone, _ = season(one, "--json")
    code, out, err = season(one, playing, empty, "--json")
    assert (code, err) == (0, "")
    assert (
        lines(out)
        == lines(alone)
        == [
            (1, "Anna", 1, 4, 1),
            (2, "Dario", 1, 3, 0),
            (3, "Carla", 1, 2, 0),
            (4, "Bruno", 1, 1, 0),
        ]
    )
    code, out, _ = season(playing, empty)
    assert code == 0
    assert out.splitlines()[1:] == [f"not finished (not counted): {playing}, {empty}"]
