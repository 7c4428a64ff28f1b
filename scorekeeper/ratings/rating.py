"""Ratings derived from the finished matches (issue 38), with OpenSkill's
``PlackettLuce`` model and the package's defaults.

Every won match is rated once, as a game of two teams (side 1's players
against side 2's, ranked by the winner), in the order of the matches'
creation time (ties by id). Players are the same player when RULES §4 says
so (:func:`~scorekeeper.core.names.name_key`). Nothing here is stored: a
:class:`Ratings` is rebuilt from the matches, rating only the new ones when
they come after every match already rated, and everything again otherwise (a
correction, a deletion, an older match imported).

>>> from datetime import datetime
>>> r = Ratings()
>>> night = datetime.fromisoformat("2026-01-01T20:00:00+01:00")
>>> r.update([RatedMatch("m1", night, (("Anna",), ("Bruno",)), 0)])
>>> [(p.player, p.matches, p.won) for p in r.table()]
[('Anna', 1, 1), ('Bruno', 1, 0)]
>>> r.table()[0].mu > 25 > r.table()[1].mu
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Protocol

from openskill.models import PlackettLuce, PlackettLuceRating

from scorekeeper.core.names import name_key

MODEL = PlackettLuce()
"""The package's defaults (mu 25, sigma 25/3): every rating starts there."""

DISPLAY_BASE = 1000
DISPLAY_SCALE = 20
"""The number a person reads: ``1000 + 20 × ordinal`` rounded. A new
player's ordinal (mu - 3 sigma) is 0, so everyone starts at 1000; the
ordinal rises as the matches make a player's skill both higher and surer."""


@dataclass(frozen=True)
class RatedMatch:
    """What rating needs of a won match: its id, its creation time (aware),
    its two sides' players and the winning side (0 or 1)."""

    id: str
    created: datetime
    sides: tuple[tuple[str, ...], tuple[str, ...]]
    winner: int

    @property
    def order(self) -> tuple[float, str]:
        """Creation time, then id. A timestamp, not the datetime: it is the
        same instant whatever the offset, and never out of range (dates at
        the limits of what a match file holds, issue 34)."""
        return (self.created.timestamp(), self.id)


@dataclass(frozen=True)
class PlayerRating:
    """One line of the table: ``ordinal`` is mu - 3 sigma."""

    player: str
    mu: float
    sigma: float
    matches: int
    won: int

    @property
    def ordinal(self) -> float:
        return self.mu - 3 * self.sigma

    @property
    def display(self) -> int:
        """The rating as the app shows it (see :data:`DISPLAY_SCALE`)."""
        return round(DISPLAY_BASE + DISPLAY_SCALE * self.ordinal)


@dataclass
class _Player:
    name: str
    rating: PlackettLuceRating
    matches: int = 0
    won: int = 0
    history: list[tuple[datetime, float]] = field(default_factory=list)


class Ratings:
    """The ratings of a set of won matches, kept in step with it by
    :meth:`update`."""

    def __init__(self) -> None:
        self._rated: list[RatedMatch] = []
        self._players: dict[str, _Player] = {}
        self.recomputed = 0
        """How many times :meth:`update` started again from scratch."""

    def update(self, matches: Iterable[RatedMatch]) -> None:
        """Ratings for exactly *matches* (any order): the new ones alone are
        rated if every match rated so far is still there, unchanged, and comes
        before them; else everything is rated again."""
        ordered = sorted(matches, key=lambda m: m.order)
        done = len(self._rated)
        if ordered[:done] != self._rated:
            self._rated, self._players = [], {}
            self.recomputed += 1
            done = 0
        for m in ordered[done:]:
            self._rate(m)
        self._rated = ordered

    def _rate(self, m: RatedMatch) -> None:
        teams = [[self._player(n) for n in side] for side in m.sides]
        ranks: list[float] = [0.0, 1.0] if m.winner == 0 else [1.0, 0.0]
        new = MODEL.rate([[p.rating for p in team] for team in teams], ranks=ranks)
        for side, (team, rated) in enumerate(zip(teams, new, strict=True)):
            for p, r in zip(team, rated, strict=True):
                p.rating = r
                p.matches += 1
                p.won += side == m.winner
                p.history.append((m.created, r.ordinal()))

    def _player(self, name: str) -> _Player:
        key = name_key(name)
        p = self._players.get(key)
        if p is None:
            p = self._players[key] = _Player(name, MODEL.rating())
        else:
            p.name = name  # the spelling of the newest match rated
        return p

    def table(self) -> list[PlayerRating]:
        """Every rated player, highest ordinal first, ties by name."""
        lines = [
            PlayerRating(p.name, p.rating.mu, p.rating.sigma, p.matches, p.won)
            for p in self._players.values()
        ]
        return sorted(lines, key=lambda r: (-r.ordinal, name_key(r.player)))

    def over_time(self, player: str) -> list[tuple[datetime, float]]:
        """A player's ordinal after each of its rated matches (creation time,
        ordinal), oldest first; empty for a player never rated."""
        p = self._players.get(name_key(player))
        return list(p.history) if p else []

    def chance(self, sides: Sequence[Sequence[str]]) -> tuple[float, float]:
        """Each side's chance to win a match between *sides* now (OpenSkill's
        ``predict_win``); an unknown player starts at the default rating."""
        teams = [
            [
                self._players[k].rating if k in self._players else MODEL.rating()
                for k in (name_key(n) for n in side)
            ]
            for side in sides
        ]
        first, second = MODEL.predict_win(teams)
        return first, second


class Summary(Protocol):
    """What rating reads of a history line (``storage.types.MatchSummary``)."""

    @property
    def id(self) -> str: ...
    @property
    def created(self) -> datetime: ...
    @property
    def players(self) -> tuple[str, ...]: ...
    @property
    def status(self) -> str: ...
    @property
    def winner(self) -> int | None: ...
    @property
    def deleted(self) -> bool: ...


def rated_matches(summaries: Iterable[Summary]) -> list[RatedMatch]:
    """The won matches among *summaries* (abandoned, unfinished and deleted
    ones are not rated), as rating takes them."""
    return [
        RatedMatch(s.id, s.created, (s.players[0::2], s.players[1::2]), s.winner)
        for s in summaries
        if s.status == "won" and s.winner is not None and not s.deleted
    ]


@dataclass(frozen=True)
class PairRecord:
    """Two partners of the 4-player game: their matches together and wins."""

    players: tuple[str, str]
    matches: int
    won: int

    @property
    def lost(self) -> int:
        return self.matches - self.won


def pair_records(matches: Iterable[RatedMatch]) -> list[PairRecord]:
    """Every pair that played together, best first: most wins over losses,
    then most matches, then by name. A pair is the same in either order.

    >>> t = datetime.fromisoformat("2026-01-01T20:00:00+00:00")
    >>> [(p.players, p.won, p.lost) for p in pair_records(
    ...     [RatedMatch("m", t, (("Anna", "Carla"), ("Bruno", "Dario")), 1)])]
    [(('Bruno', 'Dario'), 1, 0), (('Anna', 'Carla'), 0, 1)]
    """
    found: dict[tuple[str, str], PairRecord] = {}
    for m in sorted(matches, key=lambda m: m.order):
        for side, team in enumerate(m.sides):
            if len(team) != 2:
                continue
            key = (name_key(team[0]), name_key(team[1]))
            key = (min(key), max(key))
            before = found.get(key, PairRecord((team[0], team[1]), 0, 0))
            found[key] = PairRecord(  # the spelling of the newest match
                (team[0], team[1]), before.matches + 1, before.won + (side == m.winner)
            )
    return sorted(
        found.values(),
        key=lambda p: (-(p.won - p.lost), -p.matches, [name_key(x) for x in p.players]),
    )


def rate(matches: Iterable[RatedMatch]) -> Ratings:
    """The ratings of *matches*, computed from scratch."""
    r = Ratings()
    r.update(matches)
    return r
