"""Builders for tournaments: a finished match with chosen totals, a tournament
from ``(first, second, totals)`` tables, and its document.

A finished match is one hand (``builders.plain_hand``) worth exactly the
totals asked for, so a test states the scores a standings line adds up.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from scorekeeper.core import Match, Rules
from scorekeeper.core.tournament import System, Table, Tournament, dump_tournament
from tests.builders import plain_hand

NAMES = ("Anna", "Bruno", "Carla", "Dario", "Elena", "Franco", "Gina", "Ugo")
NAMES += tuple(f"Giocatore {k}" for k in range(len(NAMES) + 1, 41))

# a table: (first, second, (total1, total2)), (first, second, None) not
# started, (first, second, "open") a hand played and not won, or (i,) a bye
Spec = tuple[Any, ...]


def one_hand(total1: int, total2: int) -> Any:
    """A hand worth *total1* to side 1 and *total2* to side 2 (each >= 2, 1)."""
    return plain_hand(total1 - 2, total2 - 1)


def tournament(
    entrants: Sequence[tuple[str, ...]] | int,
    rounds: Sequence[Sequence[Spec]] = (),
    system: System = System.ROUND_ROBIN,
) -> Tournament:
    """A tournament whose tables hold matches with the totals given."""
    if isinstance(entrants, int):
        entrants = [(n,) for n in NAMES[:entrants]]
    base = Tournament("Circolo", Rules(), len(entrants[0]), tuple(entrants), system, ())
    for spec_round in rounds:
        tables: list[Table] = []
        for number, spec in enumerate(spec_round, start=1):
            if len(spec) == 1:
                tables.append(Table(number, (spec[0],)))
                continue
            a, b, totals = spec
            table = Table(number, (a, b))
            if totals == "open":
                match = Match(base.setup_for(table), (one_hand(10, 5),))
                table = Table(number, (a, b), match)
            elif totals is not None:
                setup = base.setup_for(table)
                table = Table(number, (a, b), Match(setup, (one_hand(*totals),)))
            tables.append(table)
        base = base.with_round(tuple(tables))
    return base


def document(t: Tournament) -> dict[str, Any]:
    """*t* as its JSON document (docs/TOURNAMENT.md)."""
    return dump_tournament(t)


NIGHT_NAMES = [
    "Anna",
    "Bruno",
    "Carla",
    "Dario",
    "Elena",
    "Fabio",
    "Gina",
    "Ugo",
    "Maria Grazia",
    "Pierluigi",
    "Annamaria Bianchi",
    "Teo",
    "Lino",
    "Rosa",
    "Salvatore",
    "Concetta",
    *(f"Giocatore {k}" for k in range(17, 33)),
]
"""A club night of 32 entrants, names long and short (the board's and the
monitor's tests)."""


FOUR = Tournament(
    "Circolo San Rocco",
    Rules(),
    1,
    (("Anna",), ("Bruno",), ("Carla",), ("Dario",)),
    System.ROUND_ROBIN,
)
"""A round robin of four players, no round drawn yet (the storage tests')."""


def standing_lines_of(doc: dict[str, Any]) -> list[str]:
    """A night's standings as the organizer's screen writes them, from what
    ``tournament standings --json`` says of the exported *doc* (the screen
    and the command must agree)."""
    import io
    import json

    from scorekeeper.cli import main

    out = io.StringIO()
    assert (
        main(
            ["tournament", "standings", "-", "--json"],
            io.StringIO(json.dumps(doc)),
            out,
        )
        == 0
    )
    return [
        f"{s['rank']}. {s['entrant']}: {s['won']} V, {s['lost']} P, "
        f"diff. {s['difference']:+d}, {s['points_for']} punti"
        for s in json.loads(out.getvalue())["standings"]
    ]
