"""``python main.py tournament standings`` against docs/TOURNAMENT.md: exit 0
with the standings, exit 2 with one line on stderr naming round and table
and nothing on stdout, as ``score`` does."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from scorekeeper.cli import main
from scorekeeper.core.tournament import Acceptance
from tests.tournament_builders import document, tournament

ROOT = Path(__file__).resolve().parents[2]
KEYS = [
    "rank",
    "entrant",
    "played",
    "won",
    "lost",
    "byes",
    "points_for",
    "points_against",
    "difference",
    "missed",
    "withdrawn",
]


def night():
    """Five entrants, two rounds: a bye each round, one match still open."""
    return tournament(
        5,
        [
            [(0, 1, (31, 20)), (2, 3, (25, 31)), (4,)],
            [(0, 2, "open"), (1, 4, (31, 30)), (3,)],
        ],
    )


def run(*args: str, stdin: bytes | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "main.py", "tournament", "standings", *args],
        cwd=ROOT,
        input=stdin,
        capture_output=True,
        timeout=60,
    )


def in_process(*args: str, stdin: str = "") -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(["tournament", "standings", *args], io.StringIO(stdin), out, err)
    return code, out.getvalue(), err.getvalue()


def write(tmp_path: Path, doc: object) -> str:
    path = tmp_path / "night.json"
    path.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    return str(path)


def refused(tmp_path: Path, doc: object) -> str:
    code, out, err = in_process(write(tmp_path, doc))
    assert (code, out) == (2, "")
    assert err.endswith("\n") and err.count("\n") == 1, err
    return err.rstrip("\n")


def test_json_prints_exactly_the_documented_standings(tmp_path):
    proc = run(write(tmp_path, document(night())), "--json")
    assert proc.returncode == 0 and proc.stderr == b""
    result = json.loads(proc.stdout, object_pairs_hook=list)
    assert [k for k, _ in result] == ["standings"]
    lines = [dict(line) for line in result[0][1]]
    assert all([k for k, _ in line] == KEYS for line in result[0][1])
    assert lines[0] == {
        "rank": 1,
        "entrant": "Dario",
        "played": 1,
        "won": 2,
        "lost": 0,
        "byes": 1,
        "points_for": 31,
        "points_against": 25,
        "difference": 6,
        "missed": 0,
        "withdrawn": False,
    }
    assert [(x["rank"], x["entrant"]) for x in lines] == [
        (1, "Dario"),
        (2, "Anna"),
        (3, "Elena"),
        (4, "Bruno"),
        (5, "Carla"),
    ]


def test_the_table_shows_the_standings_and_the_open_match(tmp_path):
    proc = run(write(tmp_path, document(night())))
    assert proc.returncode == 0 and proc.stderr == b""
    out = proc.stdout.decode("utf-8").splitlines()
    assert out[0] == "Circolo · round-robin · 5 entrants · 2 rounds drawn"
    assert out[1].split() == ["#", "entrant", "played", "won", "lost", "byes",
                              "for", "against", "diff"]  # fmt: skip
    assert out[2].split() == ["1", "Dario", "1", "2", "0", "1", "31", "25", "+6"]
    assert out[-1] == "  round 2, table 1: Anna v Carla, 10-5 after 1 hand"


def test_stdin_is_read_as_utf8_and_a_pair_is_a_list_of_names():
    pairs = tournament([("Anna", "Niccolò"), ("Bruno", "Dario")], [[(0, 1, (31, 9))]])
    proc = run("-", "--json", stdin=json.dumps(document(pairs)).encode("utf-8"))
    assert proc.returncode == 0, proc.stderr
    first = json.loads(proc.stdout)["standings"][0]
    assert first["entrant"] == ["Anna", "Niccolò"]


def test_a_match_of_other_players_exits_2_naming_round_and_table(tmp_path):
    doc = document(night())
    doc["rounds"][1][1]["match"]["players"] = ["Bruno", "Ugo"]
    proc = run(write(tmp_path, doc), "--json")
    assert proc.returncode == 2 and proc.stdout == b""
    assert proc.stderr.decode() == (
        "round 2, table 2: players: side 2 is Ugo, the table's entrant is Elena\n"
    )


def test_an_invalid_hand_exits_2_with_the_hands_problem(tmp_path):
    doc = document(night())
    doc["rounds"][0][0]["match"]["hands"][0]["sides"][1]["settebello"] = True
    message = refused(tmp_path, doc)
    assert message.startswith("round 1, table 1: hand 1: settebello")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "not valid JSON"),
        ("null", "tournament: expected an object, found null"),
        ("[1]", "tournament: expected an object, found a list"),
        ('{"format": "spazzino-tournament", "format": 1}', "appears twice"),
        ("[" * 100000, "nested too deeply"),
    ],
)
def test_hostile_input_exits_2_in_one_line(tmp_path, text, message):
    path = tmp_path / "night.json"
    path.write_text(text, encoding="utf-8")
    code, out, err = in_process(str(path))
    assert (code, out) == (2, "")
    assert message in err and err.count("\n") == 1


def test_a_truncated_document_exits_2(tmp_path):
    text = json.dumps(document(night()))
    path = tmp_path / "night.json"
    path.write_text(text[: len(text) // 2], encoding="utf-8")
    code, out, err = in_process(str(path))
    assert code == 2 and out == "" and "not valid JSON" in err


def test_a_missing_file_exits_2_naming_it(tmp_path):
    code, out, err = in_process(str(tmp_path / "nope.json"))
    assert code == 2 and out == ""
    assert err.startswith(f"{tmp_path / 'nope.json'}: cannot read the file")


def test_a_removed_table_exits_2_naming_the_entrant_left_out(tmp_path):
    doc = document(night())
    del doc["rounds"][0][1]
    assert refused(tmp_path, doc) == "round 1: Carla is at no table"


def test_export_all_and_import_carry_a_stored_tournament(tmp_path):
    from scorekeeper.core.tournament import next_round
    from scorekeeper.storage import open_repository
    from tests.tournament_builders import one_hand

    with open_repository(tmp_path / "a") as repo:
        stored = repo.tournaments.create(tournament(4))
        s = repo.tournaments.start_round(stored.id, next_round(stored.tournament))
        repo.add_hand(s.match_id(1, 1), one_hand(31, 20))
    out, err = io.StringIO(), io.StringIO()
    assert main(["export", "--all", "--data", str(tmp_path / "a")], None, out, err) == 0
    docs = json.loads(out.getvalue())
    (tmp_path / "all.json").write_text(out.getvalue(), encoding="utf-8")
    out = io.StringIO()
    code = main(
        ["import", str(tmp_path / "all.json"), "--data", str(tmp_path / "b")],
        None,
        out,
        err,
    )
    assert code == 0, err.getvalue()
    assert out.getvalue().count("imported ") == 3
    code, text, _ = in_process(write(tmp_path, docs[-1]), "--json")
    assert code == 0
    assert json.loads(text)["standings"][0]["entrant"] == "Anna"
    out = io.StringIO()
    assert main(["check", "--data", str(tmp_path / "b")], None, out, err) == 0


def _exported_night(tmp_path, confirm: bool):
    """A stored tournament with table 1 of round 1 won (and confirmed by side
    2 when *confirm*), exported with ``export --all``: the documents."""
    from scorekeeper.core.tournament import next_round
    from scorekeeper.storage import open_repository
    from tests.tournament_builders import one_hand

    with open_repository(tmp_path / "a") as repo:
        stored = repo.tournaments.create(tournament(4))
        s = repo.tournaments.start_round(stored.id, next_round(stored.tournament))
        repo.add_hand(s.match_id(1, 1), one_hand(31, 20))
        if confirm:
            repo.tournaments.confirm(stored.id, 1, 1, Acceptance(2, "Dario", "Anna"))
    out, err = io.StringIO(), io.StringIO()
    assert main(["export", "--all", "--data", str(tmp_path / "a")], None, out, err) == 0
    return json.loads(out.getvalue())


def _import(tmp_path, docs, folder="b"):
    (tmp_path / "all.json").write_text(json.dumps(docs), encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    code = main(
        ["import", str(tmp_path / "all.json"), "--data", str(tmp_path / folder)],
        None,
        out,
        err,
    )
    return code, err.getvalue()


def test_a_confirmed_result_stays_locked_through_export_and_import(tmp_path):
    from scorekeeper.storage import open_repository
    from scorekeeper.storage.errors import EditRefusedError
    from tests.tournament_builders import one_hand

    docs = _exported_night(tmp_path, confirm=True)
    assert docs[-1]["meta"]["confirmed"] == [[2, None]]
    who = {"side": 2, "accepted": "Dario", "entered": "Anna", "organizer": False}
    assert docs[-1]["meta"]["accepted"] == [[who, None]]
    code, err = _import(tmp_path, docs)
    assert code == 0, err
    with open_repository(tmp_path / "b") as repo:
        (t,) = repo.tournaments.all()
        assert t.confirmed == ((2, None),)
        assert t.acceptance(1, 1) == Acceptance(2, "Dario", "Anna")
        mid = t.match_id(1, 1)
        hand = repo.get_match(mid).match.hands[0]
        with pytest.raises(EditRefusedError) as e:
            repo.replace_hand(mid, 0, one_hand(20, 31), expected=hand)
        assert e.value.code == "result_confirmed"


def test_an_imported_lock_on_a_match_not_finished_is_refused(tmp_path):
    docs = _exported_night(tmp_path, confirm=False)
    docs[-1]["meta"]["confirmed"] = [[None, 1]]  # table 2 has no hand
    code, err = _import(tmp_path, docs)
    assert code == 2
    assert "round 1, table 2: the match is not finished" in err
    docs[-1]["meta"]["confirmed"] = [[3, None]]
    code, err = _import(tmp_path, docs, "c")
    assert code == 2 and "confirmed: 3 is not a side" in err


BAD_TOURNAMENT_NAMES = {
    "ANSI escape": ("\x1b[2JCircolo", "\\x1b[2JCircolo", "U+001B"),
    "OSC escape": ("\x1b]0;pwned\x07Circolo", "\\x1b]0;pwned\\x07Circolo", "U+001B"),
    "NUL": ("Cir\x00colo", "Cir\\x00colo", "U+0000"),
    "BEL": ("Circolo\x07", "Circolo\\x07", "U+0007"),
    "RTL override": ("\u202eCircolo", "\\u202eCircolo", "U+202E RIGHT-TO-LEFT"),
    "zero-width joiner": ("Cir\u200dcolo", "Cir\\u200dcolo", "U+200D ZERO WIDTH"),
    "emoji": ("Circolo \U0001f0cf", "Circolo \\U0001f0cf", "U+1F0CF PLAYING CARD"),
}


@pytest.mark.parametrize(
    "kind", list(BAD_TOURNAMENT_NAMES), ids=list(BAD_TOURNAMENT_NAMES)
)
def test_a_tournaments_name_passes_the_one_name_rule(tmp_path, kind):
    bad, shown, char = BAD_TOURNAMENT_NAMES[kind]
    doc = document(night())
    doc["name"] = bad
    said = refused(tmp_path, doc)
    assert said.startswith(f"name: '{shown}' has {char}"), said
    assert bad not in said  # escaped, never printed raw


def test_a_megabyte_tournament_name_is_never_echoed_whole(tmp_path):
    doc = document(night())
    doc["name"] = "C" * 1_000_000
    said = refused(tmp_path, doc)
    assert said == "name: '" + "C" * 60 + "…' is longer than 80 characters"


def test_a_night_stored_before_the_name_rule_still_opens_and_draws_rounds(
    tmp_path, monkeypatch
):
    """A club night named with an emoji by a version that let it through:
    the folder opens, check is clean, a round is drawn; a new one is refused."""
    from dataclasses import replace

    from scorekeeper.core.tournament import document, next_round
    from scorekeeper.storage import open_repository

    old = replace(tournament(4), name="Circolo \U0001f0cf")
    with monkeypatch.context() as m:  # the name's check as it was then: none
        m.setattr(document, "name_fault", lambda name, max_length: None)
        with open_repository(tmp_path / "data") as repo:
            repo.tournaments.create(old)
    with open_repository(tmp_path / "data") as repo:
        [stored] = repo.tournaments.all()
        assert stored.tournament.name == "Circolo \U0001f0cf"
        s = repo.tournaments.start_round(stored.id, next_round(stored.tournament))
        assert len(s.tournament.rounds) == 1
        with pytest.raises(ValueError, match="U\\+1F0CF"):
            repo.tournaments.create(old)
    out, err = io.StringIO(), io.StringIO()
    assert main(["--data", str(tmp_path / "data"), "check"], None, out, err) == 0


def test_an_imported_acceptance_of_a_bad_shape_is_refused(tmp_path):
    """Issue 37: ``meta.accepted`` (who accepted each result) is checked as
    ``confirmed`` is: a side other than 1 or 2 is refused, naming the place."""
    docs = _exported_night(tmp_path, confirm=True)
    docs[-1]["meta"]["accepted"] = [[{"side": 5, "accepted": "Dario"}, None]]
    code, err = _import(tmp_path, docs)
    assert code == 2
    assert "meta: accepted: round 1, entry 1: side: 5 is not 1 or 2" in err
