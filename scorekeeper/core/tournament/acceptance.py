"""Accepting a table's result (issue 37), as Bridgemate does: one side
enters the hands, the other accepts the result. Who accepts is a player of
the side that did not win, named; or the organizer, for the table (recorded
as such). A round is drawn on results: :func:`waiting_tables` says which
tables of the rounds drawn are not finished or not accepted yet, and
:func:`redrawn_rounds` which rounds already drawn would be paired otherwise
on the results as they are now (a result corrected after the draw).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from ..engine import Status, evaluate
from ..names import name_key
from .model import System, Table, Tournament, TournamentError


class AcceptanceError(TournamentError):
    """A result that cannot be accepted so (a match not finished, a name not
    of the side that did not win); ``str()`` names the round and the table,
    ``code`` says which: ``bye``, ``match_not_won`` or ``not_acceptor``."""

    def __init__(self, message: str, code: str) -> None:
        super().__init__(message)
        self.code = code


@dataclass(frozen=True)
class Acceptance:
    """Who accepted a table's result, and who entered it.

    ``side`` is the side (1 or 2) that accepted: the side that did not win.
    ``accepted`` is its player who accepted, None when the organizer
    accepted for the table. ``entered`` is the player whose phone entered
    the last hand, when that phone had said which player it is. ``known``
    is False for a result confirmed by an older app, which kept the side
    alone.
    """

    side: int
    accepted: str | None
    entered: str | None = None
    known: bool = True

    @property
    def by_organizer(self) -> bool:
        return self.known and self.accepted is None

    def dump(self) -> dict[str, Any]:
        """The record's JSON object (``tournaments.json``, an export's
        ``meta.accepted``)."""
        return {
            "side": self.side,
            "accepted": self.accepted,
            "entered": self.entered,
            "organizer": self.by_organizer,
        }


def acceptance_problem(value: object) -> str | None:
    """What is wrong with a stored acceptance object (None if nothing). A
    key it does not know is left for a newer app; ``organizer`` is said
    again by ``accepted`` (null: the organizer), so it is only typed."""
    if not isinstance(value, dict):
        return f"expected an object or null, found {type(value).__name__}"
    if value.get("side") not in (1, 2) or type(value.get("side")) is not int:
        return f"side: {value.get('side')!r} is not 1 or 2"
    for key in ("accepted", "entered"):
        if value.get(key) is not None and not isinstance(value.get(key), str):
            return f"{key}: expected a name or null, found {value.get(key)!r}"
    if not isinstance(value.get("organizer", False), bool):
        return f"organizer: expected true or false, found {value['organizer']!r}"
    return None


def parse_acceptance(value: Mapping[str, Any]) -> Acceptance:
    """An acceptance object already checked by :func:`acceptance_problem`."""
    return Acceptance(value["side"], value.get("accepted"), value.get("entered"))


def _finished(t: Tournament, round_number: int, table_number: int) -> Table:
    table = t.table(round_number, table_number)
    at = f"round {round_number}, table {table_number}"
    if table.bye:
        raise AcceptanceError(f"{at}: a bye has no result to accept", "bye")
    if table.match is None or evaluate(table.match).status is not Status.WON:
        raise AcceptanceError(f"{at}: the match is not finished", "match_not_won")
    return table


def losing_side(t: Tournament, round_number: int, table_number: int) -> int:
    """The side (1 or 2) that did not win that table's finished match."""
    table = _finished(t, round_number, table_number)
    assert table.match is not None
    winner = evaluate(table.match).winner
    assert winner is not None
    return 2 - winner


def acceptors(t: Tournament, round_number: int, table_number: int) -> tuple[str, ...]:
    """The players who may accept that table's result: the side that did
    not win, by name, as the match has them."""
    side = losing_side(t, round_number, table_number)
    match = t.table(round_number, table_number).match
    assert match is not None
    return match.setup.side_players(side - 1)


def accept(
    t: Tournament,
    round_number: int,
    table_number: int,
    player: str | None,
    entered: str | None = None,
) -> Acceptance:
    """Player *player* accepts that table's result (None: the organizer, for
    the table); refused unless the match is finished and *player* is of the
    side that did not win."""
    side = losing_side(t, round_number, table_number)
    if player is None:
        return Acceptance(side, None, entered)
    names = acceptors(t, round_number, table_number)
    for name in names:
        if name_key(name) == name_key(player):
            return Acceptance(side, name, entered)
    raise AcceptanceError(
        f"round {round_number}, table {table_number}: {player!r} cannot accept: "
        f"the result is accepted by the side that did not win ({' & '.join(names)})",
        "not_acceptor",
    )


@dataclass(frozen=True)
class Waiting:
    """A table of a round drawn whose result is not settled yet."""

    round: int
    table: int
    finished: bool  # finished, not accepted; False: still being played


def waiting_tables(
    t: Tournament, accepted: Callable[[int, int], bool]
) -> list[Waiting]:
    """The tables of every round drawn not finished, or finished and not
    accepted (*accepted(round, table)*), round by round; byes never wait."""
    out: list[Waiting] = []
    for number, tables in enumerate(t.rounds, start=1):
        for table in tables:
            if table.bye:
                continue
            if table.match is None or evaluate(table.match).status is not Status.WON:
                out.append(Waiting(number, table.number, False))
            elif not accepted(number, table.number):
                out.append(Waiting(number, table.number, True))
    return out


def _pairs(tables: Sequence[Table]) -> set[frozenset[int]]:
    return {frozenset(tb.entrants) for tb in tables}


def results_key(t: Tournament) -> tuple[object, ...]:
    """What the next draw of *t* depends on: its system, seed and entrants,
    and each table's entrants and match (its hands), round by round; equal
    keys draw the same next round, so a caller may keep draws by it. (No
    match is scored here: a key is made on every change of the night.)"""
    rounds = tuple(
        tuple((tb.number, tb.entrants, tb.match) for tb in tables)
        for tables in t.rounds
    )
    return (t.system, t.seed, len(t.entrants), rounds)


def redrawn_rounds(
    t: Tournament, draw: Callable[[Tournament], Sequence[Table]]
) -> list[int]:
    """The rounds after the first that *draw* (``pairing.next_round``) would
    pair otherwise, on the rounds before them as they stand now: a result
    corrected after its round's next was drawn. Only a Swiss night with a
    seed can say (a round robin's draw does not follow the results; without
    a seed the lot is not the same twice)."""
    if t.system is not System.SWISS or t.seed is None:
        return []
    out: list[int] = []
    for number in range(2, len(t.rounds) + 1):
        before = replace(t, rounds=t.rounds[: number - 1])
        try:
            again = draw(before)
        except TournamentError:
            continue  # no longer drawable (a match reopened): nothing to compare
        if _pairs(again) != _pairs(t.rounds[number - 1]):
            out.append(number)
    return out
