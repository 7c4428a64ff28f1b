"""The club night's use cases (issue 26): the organizer's, and a table's
acceptance of its result (issue 37: a player of the side that did not win
accepts, or the organizer for the table; a round waits for the tables
before it). No flet, like the rest of the table layer.

:class:`ClubService` is reached as ``TableService.club``: it shares the
table's lock and speaks to the repository's ``tournaments``. Each use case
returns a :class:`~.events.Changed` whose event names the tournament, so the
UI redraws only the sessions that show it (its organizer, its boards, the
phones of the table concerned).
"""

from __future__ import annotations

import random
import secrets
import threading
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime, timedelta

from scorekeeper.core.engine import Status, evaluate
from scorekeeper.core.model import Match, Rules
from scorekeeper.core.names import clean_name, name_key
from scorekeeper.core.tournament import (
    Acceptance,
    AcceptanceError,
    PairingError,
    Round,
    Standing,
    System,
    Tournament,
    TournamentError,
    Waiting,
    accept,
    next_round,
    redrawn_rounds,
    results_key,
    standings,
    waiting_tables,
)
from scorekeeper.core.tournament.season import SeasonStanding, season_standings
from scorekeeper.storage import MatchRepository
from scorekeeper.storage.errors import EditRefusedError
from scorekeeper.storage.tournaments import StoredTournament
from scorekeeper.table.events import Change, Changed, TableEvent

NIGHT_HOURS = 12
"""How long after its last change a tournament counts as tonight's."""

DRAWS_KEPT = 256
"""How many draws :meth:`ClubService.redrawn` keeps to compare with."""

HAND_ACTIONS = ("add", "replace", "delete")
"""The edits that enter a hand (the last one's ``by`` entered the result)."""


class RoundWaitingError(PairingError):
    """A round cannot start: tables of the rounds before are still being
    played. ``waiting`` names them; ``str()`` is one line."""

    def __init__(self, waiting: list[Waiting]) -> None:
        self.waiting = waiting
        where = ", ".join(f"round {w.round}, table {w.table}" for w in waiting)
        super().__init__(
            f"{where}: the match is not finished (a round starts once every "
            "table before it is)"
        )


def _over(match: Match | None) -> bool:
    return match is not None and evaluate(match).status is Status.WON


class ClubService:
    """Create a tournament, draw its rounds, confirm and unlock results."""

    def __init__(self, repository: MatchRepository, lock: threading.RLock) -> None:
        self._repository = repository
        self._lock = lock
        # the tournaments as read at a revision of the repository: the
        # organizer's screen and every board read the same one after a Save
        self._read: dict[str, tuple[int, StoredTournament]] = {}
        # the rounds a correction would have paired otherwise, by revision,
        # and the draws they compare, by what a draw depends on: a hand saved
        # in the newest round draws nothing again (a draw of 16 tables is
        # 0.2 s)
        self._redrawn: dict[str, tuple[int, list[int]]] = {}
        self._draws: dict[tuple[object, ...], Round] = {}

    def _changed(self, stored: StoredTournament) -> Changed[StoredTournament]:
        return Changed(stored, TableEvent(Change.TOURNAMENT, tournament_id=stored.id))

    def create(
        self,
        name: str,
        rules: Rules,
        entrants: Sequence[Sequence[str]],
        system: System,
        seed: int | None = None,
        season: str | None = None,
    ) -> Changed[StoredTournament]:
        """A new tournament of *entrants* (each one name, or a pair of two):
        checked as its document is (names, no player twice, rules). Its
        draw's *seed* is drawn here unless given (``pairing.draw_of``); it
        counts in the club's *season* of that name, if one is given."""
        sizes = {len(e) for e in entrants}
        if len(sizes) != 1 or not sizes <= {1, 2}:
            raise ValueError(
                "entrants: every entrant is one player, or every one a pair"
            )
        if seed is None:
            seed = secrets.randbelow(2**32)
        t = Tournament(
            name,
            rules,
            sizes.pop(),
            tuple(tuple(e) for e in entrants),
            system,
            seed=seed,
            season=clean_name(season) or None if season is not None else None,
        )
        with self._lock:
            return self._changed(self._repository.tournaments.create(t))

    def waiting(self, tournament_id: str) -> list[Waiting]:
        """The tables of the rounds drawn whose result is not settled: still
        being played, or finished and not accepted (the organizer is asked
        before a round starts)."""
        stored = self.get(tournament_id)
        return waiting_tables(
            stored.tournament, lambda r, n: stored.confirmed_by(r, n) is not None
        )

    def start_round(
        self,
        tournament_id: str,
        rng: random.Random | None = None,
        *,
        accept_waiting: bool = False,
    ) -> Changed[StoredTournament]:
        """Draw the next round and make its matches, one per table; a Swiss
        round's lot comes from the tournament's seed, or from *rng* when a
        caller gives one. Refused (:class:`RoundWaitingError`) while a table
        of a round before is being played, or ``PairingError`` when no round
        can be drawn. A finished result not accepted yet stays open, or with
        *accept_waiting* the organizer accepts it for the table first."""
        with self._lock:
            store = self._repository.tournaments
            stored = store.get(tournament_id)
            waiting = waiting_tables(
                stored.tournament, lambda r, n: stored.confirmed_by(r, n) is not None
            )
            playing = [w for w in waiting if not w.finished]
            if playing:
                raise RoundWaitingError(playing)
            tables = next_round(stored.tournament, rng)
            if accept_waiting:
                for w in waiting:
                    store.confirm(
                        tournament_id,
                        w.round,
                        w.table,
                        self._acceptance(stored, w.round, w.table, None),
                    )
            return self._changed(store.start_round(tournament_id, tables))

    def _acceptance(
        self,
        stored: StoredTournament,
        round_number: int,
        table_number: int,
        player: str | None,
    ) -> Acceptance:
        """*player*'s acceptance (None: the organizer's), checked by the
        core; who entered is the ``by`` of the last hand edit, when the
        phone that saved it had said which player it is. A result accepted
        already is not accepted twice (two phones of the losing pair, one
        after the other: the first stands)."""
        match_id = stored.match_id(round_number, table_number)
        if match_id is not None and stored.confirmed_by(round_number, table_number):
            raise EditRefusedError(
                f"round {round_number}, table {table_number}: the result is "
                "confirmed already",
                code="result_confirmed",
                match_id=match_id,
            )
        entered = None
        if match_id is not None:
            edits = self._repository.edit_history(match_id, include_deleted=True)
            entered = next(
                (
                    e.by
                    for e in reversed(edits)
                    if e.action in HAND_ACTIONS and not e.undone
                ),
                None,
            )
        try:
            return accept(
                stored.tournament, round_number, table_number, player, entered
            )
        except AcceptanceError as error:  # a refused change, as the store's
            raise EditRefusedError(str(error), code=error.code) from None

    def add_entrant(
        self, tournament_id: str, names: Sequence[str]
    ) -> Changed[StoredTournament]:
        """A late entrant (issue 37): *names* (one player, or a pair) paired
        from the next round; the rounds it missed count each as a loss
        without points (``core.tournament.standings``)."""
        entrant = tuple(clean_name(n) for n in names)
        with self._lock:
            store = self._repository.tournaments
            size = store.get(tournament_id).tournament.players_per_side
            if len(entrant) != size:
                raise TournamentError(
                    f"entrant: {len(entrant)} name(s), this tournament's "
                    f"entrants have {size}"
                )
            stored = store.change_entrants(
                tournament_id, lambda t: t.with_late_entrant(entrant)
            )
        return self._changed(stored)

    def withdraw(self, tournament_id: str, entrant: int) -> Changed[StoredTournament]:
        """Entrant *entrant* withdraws (issue 37): not paired again, its
        results stand; refused while its match of the newest round is being
        played, or when fewer than 2 entrants would be left to pair."""
        with self._lock:
            store = self._repository.tournaments
            t = store.get(tournament_id).tournament
            number = len(t.rounds)
            for tb in t.rounds[-1] if number else ():
                if entrant in tb.entrants and not tb.bye and not _over(tb.match):
                    raise TournamentError(
                        f"round {number}, table {tb.number}: "
                        f"{t.entrant_name(entrant)} is still playing; withdraw "
                        "after the match"
                    )
            left = [e for e in t.playing(number + 1) if e != entrant]
            if len(left) < 2:
                raise TournamentError(
                    f"{t.entrant_name(entrant)}: {len(left)} entrant(s) would "
                    "be left to pair"
                )
            stored = store.change_entrants(
                tournament_id, lambda t: t.with_withdrawal(entrant)
            )
        return self._changed(stored)

    def confirm(
        self, tournament_id: str, round_number: int, table_number: int, player: str
    ) -> Changed[StoredTournament]:
        """*player*, of the side that did not win, accepts that finished
        match ("Confermo il risultato"; ``AcceptanceError`` for a player of
        the winning side): it is locked, no hand of it can change until
        :meth:`unlock`. The record keeps who accepted and who entered it."""
        with self._lock:
            stored = self._repository.tournaments.get(tournament_id)
            acceptance = self._acceptance(stored, round_number, table_number, player)
            stored = self._repository.tournaments.confirm(
                tournament_id, round_number, table_number, acceptance
            )
        return self._changed(stored)

    def confirm_for_table(
        self, tournament_id: str, round_number: int, table_number: int
    ) -> Changed[StoredTournament]:
        """The organizer accepts that finished result for the table (a
        player gone, a phone dead): recorded as the organizer's."""
        with self._lock:
            stored = self._repository.tournaments.get(tournament_id)
            acceptance = self._acceptance(stored, round_number, table_number, None)
            stored = self._repository.tournaments.confirm(
                tournament_id, round_number, table_number, acceptance
            )
        return self._changed(stored)

    def redrawn(self, tournament_id: str) -> list[int]:
        """The rounds already drawn that the results as they are now would
        have paired otherwise (a result corrected after the next round was
        drawn); read once per change of the repository."""
        with self._lock:
            revision = self._repository.revision()
            kept = self._redrawn.get(tournament_id)
            if kept is not None and kept[0] == revision:
                return kept[1]
            rounds = redrawn_rounds(self.get(tournament_id).tournament, self._draw)
            self._redrawn[tournament_id] = (revision, rounds)
            return rounds

    def _draw(self, t: Tournament) -> Round:
        """``next_round(t)``, kept by :func:`results_key` (a PairingError
        is not kept: it is raised again)."""
        key = results_key(t)
        drawn = self._draws.get(key)
        if drawn is None:
            drawn = next_round(t)
            if len(self._draws) >= DRAWS_KEPT:
                self._draws.clear()
            self._draws[key] = drawn
        return drawn

    def unlock(
        self, tournament_id: str, round_number: int, table_number: int
    ) -> Changed[StoredTournament]:
        """The organizer opens a confirmed match again, to correct a hand."""
        with self._lock:
            stored = self._repository.tournaments.confirm(
                tournament_id, round_number, table_number, None
            )
        return self._changed(stored)

    def get(self, tournament_id: str) -> StoredTournament:
        """The tournament with its matches as they are now (read once per
        change of the repository, whoever asks)."""
        with self._lock:
            revision = self._repository.revision()
            kept = self._read.get(tournament_id)
            if kept is not None and kept[0] == revision:
                return kept[1]
            stored = self._repository.tournaments.get(tournament_id)
            self._read[tournament_id] = (revision, stored)
            return stored

    def all(self) -> list[StoredTournament]:
        """Every stored tournament, oldest first."""
        return self._repository.tournaments.all()

    def codes(self) -> dict[str, dict[str, str]]:
        """The club codes kept with the tournaments (``ui/access/club_codes.py``)."""
        with self._lock:
            return self._repository.tournaments.codes()

    def keep_codes(self, tournament_id: str, codes: Mapping[str, str]) -> None:
        """Keep a night's codes with it, so a restart gives the same ones."""
        with self._lock:
            self._repository.tournaments.keep_codes(tournament_id, codes)

    def night_on(self, now: datetime | None = None) -> bool:
        """Whether a club night is being played on this server: a tournament
        with a round drawn, changed in the last :data:`NIGHT_HOURS` hours (the
        code screen then tells a phone to scan its table's card)."""
        now = now or datetime.now(UTC)
        recent = now - timedelta(hours=NIGHT_HOURS)
        return any(s.tournament.rounds and s.updated >= recent for s in self.all())

    def seasons(self) -> list[str]:
        """The seasons' names the stored nights count in, as first written."""
        names: dict[str, str] = {}
        for stored in self.all():
            season = stored.tournament.season
            if season is not None:
                names.setdefault(name_key(season), season)
        return list(names.values())

    def season(self, name: str) -> list[SeasonStanding]:
        """The standings of the season *name*: its nights, oldest first, as
        ``season standings`` adds them up (``SeasonError`` when its nights
        are of players and of pairs)."""
        key = name_key(name)
        nights = [
            s.tournament
            for s in self.all()
            if s.tournament.season is not None and name_key(s.tournament.season) == key
        ]
        return season_standings(nights)

    def standings(self, tournament_id: str) -> list[Standing]:
        """The standings now (finished matches only; see core.tournament)."""
        return standings(self.get(tournament_id).tournament)
