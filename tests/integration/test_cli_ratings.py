"""``python main.py ratings [--json]`` on a data folder (issue 38): the won
matches rated in creation order, the others left out, the document's form."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from scorekeeper.cli import main
from scorekeeper.core.matchfile import dump_match
from scorekeeper.ratings.rating import MODEL
from tests.builders import match, plain_hand


def doc(players, winner: int, created: str, hands: int = 1) -> dict:
    """A match of *players* won by side *winner* (0 or 1) in *hands* hands."""
    extra = (40, 0) if winner == 0 else (0, 40)
    m = match(tuple(players), [plain_hand(*extra)] * hands)
    return dump_match(m, {"id": "m-" + created[:10], "created": created})


def run(data: Path, *args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(["--data", str(data), *args], io.StringIO(""), out, err)
    return code, out.getvalue(), err.getvalue()


def store(tmp_path: Path, docs: list[dict]) -> Path:
    data = tmp_path / "data"
    path = tmp_path / "matches.json"
    path.write_text(json.dumps(docs), encoding="utf-8")
    code, _, err = run(data, "import", str(path))
    assert code == 0, err
    return data


def test_ratings_json_lists_every_rated_player_highest_ordinal_first(tmp_path):
    data = store(
        tmp_path,
        [
            doc(("Anna", "Bruno"), 0, "2026-11-01T20:00:00+01:00"),
            doc(("Carla", "Anna", "Dario", "Elena"), 1, "2026-11-02T20:00:00+01:00"),
        ],
    )
    code, out, err = run(data, "ratings", "--json")
    assert (code, err) == (0, "")
    rows = json.loads(out)["ratings"]
    assert [set(r) for r in rows] == [
        {"player", "mu", "sigma", "ordinal", "matches", "won"}
    ] * 5
    by_name = {r["player"]: r for r in rows}
    assert (by_name["Anna"]["matches"], by_name["Anna"]["won"]) == (2, 2)
    assert (by_name["Bruno"]["matches"], by_name["Bruno"]["won"]) == (1, 0)
    assert (by_name["Elena"]["matches"], by_name["Elena"]["won"]) == (1, 1)
    ordinals = [r["ordinal"] for r in rows]
    assert ordinals == sorted(ordinals, reverse=True)
    for r in rows:
        assert r["ordinal"] == pytest.approx(r["mu"] - 3 * r["sigma"])
    assert rows[0]["player"] == "Anna"


def test_an_unfinished_match_is_not_rated(tmp_path):
    unfinished = dump_match(match(("Anna", "Elena"), [plain_hand()]))
    data = store(
        tmp_path,
        [doc(("Anna", "Bruno"), 0, "2026-11-01T20:00:00+00:00"), unfinished],
    )
    _, out, _ = run(data, "ratings", "--json")
    assert {r["player"] for r in json.loads(out)["ratings"]} == {"Anna", "Bruno"}


def test_the_first_match_moves_a_fresh_pair_as_the_model_does(tmp_path):
    data = store(tmp_path, [doc(("Anna", "Bruno"), 1, "2026-11-01T20:00:00+00:00")])
    _, out, _ = run(data, "ratings", "--json")
    bruno, anna = json.loads(out)["ratings"]
    [[a], [b]] = MODEL.rate([[MODEL.rating()], [MODEL.rating()]], ranks=[1.0, 0.0])
    assert (bruno["player"], bruno["mu"]) == ("Bruno", pytest.approx(b.mu))
    assert (anna["player"], anna["mu"]) == ("Anna", pytest.approx(a.mu))


def test_the_table_and_an_empty_folder_read_plainly(tmp_path):
    (tmp_path / "empty").mkdir()
    code, out, _ = run(tmp_path / "empty", "ratings")
    assert (code, out) == (0, "no finished matches yet\n")
    data = store(tmp_path, [doc(("Anna", "Bruno"), 0, "2026-11-01T20:00:00+00:00")])
    _, out, _ = run(data, "ratings")
    head, first, second = out.splitlines()
    assert head.split() == ["#", "player", "rating", "mu", "sigma", "matches", "won"]
    assert first.split()[:2] == ["1", "Anna"] and second.split()[:2] == ["2", "Bruno"]
