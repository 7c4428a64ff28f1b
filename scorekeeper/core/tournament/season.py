"""A club's season (issue 38): its nights' final standings added up.

A night's standings (as ``tournament standings`` ranks them) give an entrant
ranked below *m* others among *n* entrants **n - m** season points (tied
entrants, having the same others above them, get the same); the season sums
them, or with *best* each entrant's *best* nights only. The order: points,
then first places (nights with nobody above), then the best single night;
entrants still tied share a rank (1, 2, 2, 4). Across nights an entrant is
the same player (RULES §4 names) or the same pair in either order.

Only a **finished** night counts (:func:`night_finished`): a round drawn
and every match of every round drawn over (all rounds' results in; a night
between two rounds counts as it stands, until the next round is drawn). A
night not finished gives nobody points: before, a night with no match
played gave every entrant n points and a first place.

>>> from scorekeeper.core import Rules
>>> from scorekeeper.core.tournament import System, Table
>>> def night(*names):  # one round, a bye: finished
...     tables = (Table(1, (0,)),)  # a bye: the first entrant wins the night
...     return Tournament("Sera", Rules(), 1, tuple((n,) for n in names),
...                       System.SWISS, (tables,))
>>> [(s.rank, s.entrant, s.points) for s in season_standings(
...     [night("Anna", "Bruno"), night("bruno", "Anna", "Carla")])]
[(1, 'bruno', 4), (2, 'Anna', 4), (3, 'Carla', 2)]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from ..engine import Status, evaluate
from ..names import name_key
from .model import Tournament
from .standings import standings


class SeasonError(ValueError):
    """Nights that cannot make one season: the message names the night."""


@dataclass(frozen=True)
class SeasonStanding:
    """One line of the season: ``nights`` is how many nights the entrant
    played, ``best_night`` its most points in one night."""

    rank: int
    entrant: str
    nights: int
    points: int
    first_places: int
    best_night: int


@dataclass
class _Entrant:
    name: str
    nights: list[int] = field(default_factory=list)
    first_places: int = 0


def entrant_key(players: Sequence[str]) -> tuple[str, ...]:
    """The same entrant across nights: each name as RULES §4 compares names,
    a pair's in either order."""
    return tuple(sorted(name_key(p) for p in players))


def night_finished(night: Tournament) -> bool:
    """Whether *night* counts in its season: a round drawn and every match
    of every round drawn won (a bye has none).

    >>> from scorekeeper.core import Rules
    >>> from scorekeeper.core.tournament import System
    >>> night = Tournament("Sera", Rules(), 1, (("Anna",), ("Bruno",)), System.SWISS)
    >>> night_finished(night)
    False
    """
    if not night.rounds:
        return False
    return all(
        table.bye
        or (table.match is not None and evaluate(table.match).status is Status.WON)
        for tables in night.rounds
        for table in tables
    )


def night_points(night: Tournament) -> list[tuple[tuple[str, ...], str, int, bool]]:
    """Each entrant of *night*: its key, its name as written that night, its
    season points (n - the entrants ranked above it) and whether nobody was."""
    lines = standings(night)
    n = len(night.entrants)
    return [
        (
            entrant_key(night.entrants[s.entrant]),
            night.entrant_name(s.entrant),
            n - (s.rank - 1),
            s.rank == 1,
        )
        for s in lines
    ]


def season_standings(
    nights: Sequence[Tournament], best: int | None = None
) -> list[SeasonStanding]:
    """The season of the finished nights of *nights* (in the order given: an
    entrant is written as in the last night it played), best first; nights
    not finished are passed over (:func:`night_finished`)."""
    if best is not None and best < 1:
        raise SeasonError(f"best: {best!r} nights; at least 1")
    if nights:
        size = nights[0].players_per_side
        for i, night in enumerate(nights, start=1):
            if night.players_per_side != size:
                raise SeasonError(
                    f"night {i} ({night.name!r}): {night.players_per_side} "
                    f"player(s) per side, the first night has {size}"
                )
    entrants: dict[tuple[str, ...], _Entrant] = {}
    for night in filter(night_finished, nights):
        for who, name, points, first in night_points(night):
            e = entrants.setdefault(who, _Entrant(name))
            e.name = name
            e.nights.append(points)
            e.first_places += first

    def total(e: _Entrant) -> int:
        kept = sorted(e.nights, reverse=True)
        return sum(kept if best is None else kept[:best])

    def order(e: _Entrant) -> tuple[int, int, int]:
        return (total(e), e.first_places, max(e.nights))

    ordered = sorted(
        entrants.values(),
        key=lambda e: (tuple(-k for k in order(e)), name_key(e.name)),
    )  # entrants sharing a rank are listed by name
    out: list[SeasonStanding] = []
    for i, e in enumerate(ordered):
        tied = i > 0 and order(e) == order(ordered[i - 1])
        rank = out[-1].rank if tied else i + 1
        out.append(
            SeasonStanding(
                rank, e.name, len(e.nights), total(e), e.first_places, max(e.nights)
            )
        )
    return out
