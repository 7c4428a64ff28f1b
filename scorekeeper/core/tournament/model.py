"""Value types of a tournament: the system, a table of a round, the tournament.

A tournament is its entrants (players, or pairs fixed for the night), the
rules every match is played with, and its rounds; a round is its tables, each
two entrants and their match (``None`` until it starts), or one entrant and no
match (a bye). Standings and pairings are derived (``standings``,
``pairing``), never stored.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any

from ..model import Match, MatchSetup, Rules


class System(StrEnum):
    """How the rounds are drawn."""

    ROUND_ROBIN = "round-robin"  # girone all'italiana: everyone meets everyone
    SWISS = "swiss"  # danese: the same wins meet, never twice


class TournamentError(ValueError):
    """A change the tournament refuses (a table that is not there, a bye's
    match); ``str()`` is one line naming the round and the table."""


@dataclass(frozen=True)
class Table:
    """One table of a round: two entrants (by index) and their match, or one
    entrant alone, a bye, that never has a match."""

    number: int
    entrants: tuple[int, ...]
    match: Match | None = None
    # the match's FORMAT.md ``meta`` (its id once stored): kept, never scored
    match_meta: Mapping[str, Any] | None = field(default=None, compare=False)

    @property
    def bye(self) -> bool:
        return len(self.entrants) == 1


Round = tuple[Table, ...]


@dataclass(frozen=True)
class Tournament:
    """A club night: its name, rules, entrants, system and rounds so far.

    >>> t = Tournament("Circolo", Rules(), 1, (("Anna",), ("Bruno",)), System.SWISS)
    >>> t.entrant_name(1)
    'Bruno'
    """

    name: str
    rules: Rules
    players_per_side: int
    entrants: tuple[tuple[str, ...], ...]
    system: System
    rounds: tuple[Round, ...] = ()
    seed: int | None = None
    """The draw's seed (issue 37): a Swiss round's lot is drawn from it and the
    round's number, so a draw can be shown and made again the same."""
    season: str | None = None
    """The club's season this night counts in (issue 38), by name: the nights
    of a season are those whose season is the same name (RULES §4)."""

    def entrant_name(self, index: int) -> str:
        """The entrant as the app writes it: a name, or ``"Anna & Carla"``."""
        return " & ".join(self.entrants[index])

    def table(self, round_number: int, table_number: int) -> Table:
        """Table *table_number* of round *round_number* (both from 1)."""
        if not 1 <= round_number <= len(self.rounds):
            raise TournamentError(f"round {round_number}: there is no such round")
        for table in self.rounds[round_number - 1]:
            if table.number == table_number:
                return table
        raise TournamentError(
            f"round {round_number}, table {table_number}: there is no such table"
        )

    def setup_for(self, table: Table) -> MatchSetup:
        """The setup of *table*'s match: side 1 the first entrant; with pairs,
        seats 1 and 3 the first pair, seats 2 and 4 the second; the first
        entrant's (first) player deals first."""
        if table.bye:
            raise TournamentError(f"table {table.number}: a bye has no match")
        first, second = (self.entrants[i] for i in table.entrants)
        players = tuple(p for seat in zip(first, second, strict=True) for p in seat)
        return MatchSetup(players, players[0], self.rules)

    def with_round(self, tables: Round) -> Tournament:
        return replace(self, rounds=(*self.rounds, tables))

    def with_match(
        self,
        round_number: int,
        table_number: int,
        match: Match | None,
        meta: Mapping[str, Any] | None = None,
    ) -> Tournament:
        """This tournament with *match* at that table (checked by the caller:
        :func:`~scorekeeper.core.tournament.document.check_table_match`)."""
        old = self.table(round_number, table_number)
        if old.bye and match is not None:
            raise TournamentError(
                f"round {round_number}, table {table_number}: a bye has no match"
            )
        new = replace(old, match=match, match_meta=meta)
        rounds = list(self.rounds)
        rounds[round_number - 1] = tuple(
            new if t.number == table_number else t for t in rounds[round_number - 1]
        )
        return replace(self, rounds=tuple(rounds))
