"""``python main.py ratings [--json]``: the players' ratings from the stored
matches (README's "Ratings" says what the numbers are)."""

from __future__ import annotations

import json
from typing import Any, TextIO

from scorekeeper.data_commands import EXIT_OK, _repository, _run

from .rating import Ratings, rate, rated_matches


def ratings_document(ratings: Ratings) -> dict[str, Any]:
    """``ratings --json``: every rated player, highest ordinal first."""
    return {
        "ratings": [
            {
                "player": r.player,
                "mu": r.mu,
                "sigma": r.sigma,
                "ordinal": r.ordinal,
                "matches": r.matches,
                "won": r.won,
            }
            for r in ratings.table()
        ]
    }


def ratings_table(ratings: Ratings) -> str:
    lines = ratings.table()
    if not lines:
        return "no finished matches yet\n"
    rows = [("#", "player", "rating", "mu", "sigma", "matches", "won")]
    for i, r in enumerate(lines, start=1):
        rows.append(
            (
                str(i),
                r.player,
                str(r.display),
                f"{r.mu:.2f}",
                f"{r.sigma:.2f}",
                str(r.matches),
                str(r.won),
            )
        )
    widths = [max(map(len, column)) for column in zip(*rows, strict=True)]
    line = "  ".join(f"{{:<{w}}}" for w in widths)
    return "".join(line.format(*row).rstrip() + "\n" for row in rows)


def run_ratings(
    as_json: bool, data_dir: str | None, stdout: TextIO, stderr: TextIO
) -> int:
    def body() -> int:
        with _repository(data_dir, stderr, read_only=True, lazy=True) as repo:
            page = repo.list_history(limit=max(1, repo.count()), status="won")
            ratings = rate(rated_matches(page.items))
        if as_json:
            stdout.write(json.dumps(ratings_document(ratings), ensure_ascii=False))
            stdout.write("\n")
        else:
            stdout.write(ratings_table(ratings))
        return EXIT_OK

    return _run(body)


def add_ratings_command(subparsers: Any) -> None:
    p = subparsers.add_parser(
        "ratings", help="the players' ratings from the finished matches (OpenSkill)"
    )
    p.add_argument("--json", action="store_true", help="print the ratings as JSON")
    p.set_defaults(
        run=lambda a, out, err: run_ratings(a.json, getattr(a, "data", None), out, err)
    )
