"""``python main.py simulate`` run as a subprocess: the same seed prints the
same match, its ``match`` scores with ``score``, a bad option is exit 2."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "main.py", *args],
        cwd=ROOT,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_the_same_seed_prints_the_same_match_card_by_card():
    first = run("simulate", "--seed", "9", "--players", "4", "--json")
    again = run("simulate", "--seed", "9", "--players", "4", "--json")
    assert first.returncode == 0, first.stderr
    assert first.stdout == again.stdout
    doc = json.loads(first.stdout)
    assert set(doc) == {"match", "hands"}
    hand = doc["hands"][0]
    assert set(hand) == {"dealer", "table", "deals", "last_taker"}
    play = hand["deals"][0]["plays"][0]
    assert set(play) == {"seat", "card", "took"}
    # the player on the dealer's right (the next seat) plays first
    assert play["seat"] == (hand["dealer"] + 1) % 4


def test_the_simulated_match_is_a_match_file_score_accepts_as_won():
    sim = json.loads(run("simulate", "--seed", "3", "--json").stdout)
    scored = run("score", "-", "--json", stdin=json.dumps(sim["match"]))
    assert scored.returncode == 0, scored.stderr
    assert json.loads(scored.stdout)["status"] == "won"


def test_the_readable_log_names_each_play_and_the_winner():
    out = run("simulate", "--seed", "3").stdout
    assert "Hand 1 · dealer Anna" in out
    assert " plays " in out and "contatori " in out
    assert out.rstrip().splitlines()[-1].startswith("Won by ")


def test_a_bad_option_is_exit_two_on_one_line_of_usage():
    for args in (("--seed", "x"), ("--seed", "1", "--players", "3"), ()):
        done = run("simulate", *args)
        assert done.returncode == 2
        assert done.stdout == ""
        assert "simulate" in done.stderr
