"""Value types of a tournament: the system, a table of a round, the tournament.

A tournament is its entrants (players, or pairs fixed for the night), the
rules every match is played with, and its rounds; a round is its tables, each
two entrants and their match (``None`` until it starts), or one entrant and no
match (a bye). Standings and pairings are derived (``standings``,
``pairing``), never stored.

Between rounds of a Swiss night (issue 37) the organizer may add an entrant,
who plays from the next round (``joined``; each round missed counts as a
loss without points), or withdraw one, who is not paired again and whose
results stand (``withdrawn``). A round robin's schedule is fixed: neither.
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
    joined: tuple[tuple[int, int], ...] = ()
    """Late entrants (issue 37): (entrant, the first round it plays), the
    round 2 or later; every other entrant plays from round 1."""
    withdrawn: tuple[tuple[int, int], ...] = ()
    """Withdrawn entrants (issue 37): (entrant, the rounds drawn when it
    withdrew); not paired after that round."""

    def first_round(self, entrant: int) -> int:
        """The first round *entrant* is paired in (1 unless it came late)."""
        return dict(self.joined).get(entrant, 1)

    def withdrawn_after(self, entrant: int) -> int | None:
        """The round after which *entrant* withdrew, or None."""
        return dict(self.withdrawn).get(entrant)

    def missed(self, entrant: int) -> int:
        """The rounds *entrant* missed by coming late (each a loss)."""
        return self.first_round(entrant) - 1

    def plays_in(self, entrant: int, round_number: int) -> bool:
        """Whether *entrant* is paired in round *round_number*: it has come,
        and not withdrawn before it."""
        after = self.withdrawn_after(entrant)
        return self.first_round(entrant) <= round_number and (
            after is None or round_number <= after
        )

    def playing(self, round_number: int) -> list[int]:
        """The entrants paired in round *round_number*, by index."""
        return [e for e in range(len(self.entrants)) if self.plays_in(e, round_number)]

    def with_late_entrant(self, names: tuple[str, ...]) -> Tournament:
        """This tournament with *names* entered now: paired from the next
        round (checked by the document's reader: names, no player twice)."""
        self._fixed_list_refused()
        nxt = len(self.rounds) + 1
        joined = self.joined + (((len(self.entrants), nxt),) if nxt > 1 else ())
        return replace(self, entrants=(*self.entrants, names), joined=joined)

    def with_withdrawal(self, entrant: int) -> Tournament:
        """This tournament with *entrant* withdrawn now: not paired again
        (before round 1, simply taken off the list)."""
        self._fixed_list_refused()
        if not 0 <= entrant < len(self.entrants):
            raise TournamentError(f"entrant {entrant}: there is no such entrant")
        if not self.rounds:
            entrants = self.entrants[:entrant] + self.entrants[entrant + 1 :]
            return replace(self, entrants=entrants)
        after = self.withdrawn_after(entrant)
        if after is not None:
            raise TournamentError(
                f"{self.entrant_name(entrant)} already withdrew after round {after}"
            )
        return replace(self, withdrawn=(*self.withdrawn, (entrant, len(self.rounds))))

    def _fixed_list_refused(self) -> None:
        if self.system is System.ROUND_ROBIN and self.rounds:
            raise TournamentError(
                "a round robin's schedule is drawn for its entrants: nobody "
                "joins or withdraws once it has started"
            )

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
