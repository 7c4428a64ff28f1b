"""Standings of a tournament: who leads, by the club's order (issue 26).

Entrants are ordered by wins (a bye is a win), then the difference (the sum
over their finished matches of their total minus the opponent's), then the
points they scored, then the wins in the matches among exactly the entrants
still tied (applied again to any smaller group that stays tied, until a group
no longer splits); entrants still tied share a rank (1, 2, 2, 4). A match not
finished counts for nothing here: :func:`live_tables` lists it with its totals.
A late entrant's rounds missed (issue 37) count each as a loss without
points; a withdrawn entrant's results stand.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from ..engine import Status, evaluate
from .model import Tournament


@dataclass(frozen=True)
class Result:
    """A finished match: the two entrants (side 1 first), totals, winner."""

    round: int
    table: int
    entrants: tuple[int, int]
    totals: tuple[int, int]
    winner: int  # the winning entrant's index


@dataclass(frozen=True)
class LiveTable:
    """A table whose match is being played (or not started): for the board."""

    round: int
    table: int
    entrants: tuple[int, int]
    totals: tuple[int, int]
    hands: int
    started: bool


@dataclass(frozen=True)
class Standing:
    """One line of the standings; ``won`` counts the byes (each a win),
    ``lost`` the rounds ``missed`` by a late entrant (each a loss)."""

    rank: int
    entrant: int
    played: int  # finished matches, byes not included
    won: int
    lost: int
    byes: int
    points_for: int
    points_against: int
    missed: int = 0

    @property
    def difference(self) -> int:
        return self.points_for - self.points_against


def results(t: Tournament) -> list[Result]:
    """The finished matches of *t*, in round and table order."""
    out: list[Result] = []
    for number, tables in enumerate(t.rounds, start=1):
        for table in tables:
            if table.match is None:
                continue
            state = evaluate(table.match)
            if state.status is not Status.WON or state.winner is None:
                continue
            a, b = table.entrants
            out.append(
                Result(number, table.number, (a, b), state.totals, (a, b)[state.winner])
            )
    return out


def live_tables(t: Tournament) -> list[LiveTable]:
    """Every table of *t* with a match not finished yet (byes aside)."""
    out: list[LiveTable] = []
    for number, tables in enumerate(t.rounds, start=1):
        for table in tables:
            if table.bye:
                continue
            a, b = table.entrants
            if table.match is None:
                out.append(LiveTable(number, table.number, (a, b), (0, 0), 0, False))
                continue
            state = evaluate(table.match)
            if state.status is not Status.WON:
                out.append(
                    LiveTable(
                        number,
                        table.number,
                        (a, b),
                        state.totals,
                        len(state.hands),
                        True,
                    )
                )
    return out


@dataclass
class _Tally:
    played: int = 0
    won: int = 0
    lost: int = 0
    byes: int = 0
    points_for: int = 0
    points_against: int = 0


def _head_to_head_classes(group: list[int], done: list[Result]) -> list[list[int]]:
    """*group* (tied so far) split by the wins among exactly its members,
    each smaller group still tied split again among its own members."""
    members = set(group)
    wins = dict.fromkeys(group, 0)
    for r in done:
        if set(r.entrants) <= members:
            wins[r.winner] += 1
    classes = _classes(group, lambda e: (wins[e],))
    if len(classes) == 1:
        return classes
    out: list[list[int]] = []
    for c in classes:
        out.extend(_head_to_head_classes(c, done) if len(c) > 1 else [c])
    return out


def _classes(
    entrants: Iterable[int], key: Callable[[int], tuple[int, ...]]
) -> list[list[int]]:
    """*entrants* grouped by *key*, highest first, each group in index order."""
    groups: dict[tuple[int, ...], list[int]] = {}
    for e in sorted(entrants):
        groups.setdefault(key(e), []).append(e)
    return [groups[k] for k in sorted(groups, reverse=True)]


def standings(t: Tournament) -> list[Standing]:
    """The standings of *t*, best first (see the module's docstring).

    >>> from scorekeeper.core import Rules
    >>> from scorekeeper.core.tournament import System, Table
    >>> t = Tournament("Circolo", Rules(), 1, (("Anna",), ("Bruno",), ("Carla",)),
    ...                System.ROUND_ROBIN, ((Table(1, (0, 1)), Table(2, (2,))),))
    >>> [(s.rank, t.entrant_name(s.entrant), s.won, s.byes) for s in standings(t)]
    [(1, 'Carla', 1, 1), (2, 'Anna', 0, 0), (2, 'Bruno', 0, 0)]
    """
    tally = [_Tally(lost=t.missed(e)) for e in range(len(t.entrants))]
    for tables in t.rounds:
        for table in tables:
            if table.bye:
                tally[table.entrants[0]].byes += 1
                tally[table.entrants[0]].won += 1
    done = results(t)
    for r in done:
        for side, e in enumerate(r.entrants):
            s = tally[e]
            s.played += 1
            s.points_for += r.totals[side]
            s.points_against += r.totals[1 - side]
            if r.winner == e:
                s.won += 1
            else:
                s.lost += 1

    def main_key(e: int) -> tuple[int, ...]:
        s = tally[e]
        return (s.won, s.points_for - s.points_against, s.points_for)

    ordered: list[list[int]] = []
    for group in _classes(range(len(t.entrants)), main_key):
        ordered.extend(
            _head_to_head_classes(group, done) if len(group) > 1 else [group]
        )
    out: list[Standing] = []
    for group in ordered:
        rank = len(out) + 1
        for e in group:
            s = tally[e]
            out.append(
                Standing(
                    rank,
                    e,
                    s.played,
                    s.won,
                    s.lost,
                    s.byes,
                    s.points_for,
                    s.points_against,
                    t.missed(e),
                )
            )
    return out
