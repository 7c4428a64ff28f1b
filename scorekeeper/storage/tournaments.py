"""``tournaments.json``: the club nights, their rounds and their tables.

A tournament record holds the tournament document (docs/TOURNAMENT.md) with
every match left ``null``, and beside it the id of each table's match
(``match_ids``, round by round; ``null`` for a bye). The matches themselves are
ordinary stored matches (``live.json``, then the archive, in the history and
in ``export --all``), each record marked ``tournament``: ``{"id", "name",
"round", "table"}``. The tournament's standings are computed from them.
Beside the ids, ``confirmed`` (the side that confirmed each table's result:
the lock) and ``accepted`` (who accepted it and who entered it, issue 37;
an older app ignores it).

Crash safety: starting a round is one atomic write of ``tournaments.json``
that reserves the new matches' ids (the acknowledgement), then one atomic
write of ``live.json`` that creates them. A crash between leaves ids with no
match; the next open creates them (warning ``pending_round``), so a round is
never half started. Old data folders have no ``tournaments.json``: the first
tournament makes it. A damaged file is refused or moved aside with
``--recover``, as the other data files are.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Mapping, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any

from scorekeeper.core import engine
from scorekeeper.core.matchfile import dump_match
from scorekeeper.core.model import Match
from scorekeeper.core.tournament import (
    Acceptance,
    Round,
    Tournament,
    TournamentFileError,
    dump_tournament,
    parse_tournament,
    read_tournament_document,
)
from scorekeeper.core.tournament.document import FORMAT_NAME

from . import transfer
from .documents import DataFile
from .errors import DataFileError, EditRefusedError, ImportRefusedError, StorageError
from .files import DataFiles
from .matches import ID_RANDOM_BYTES, MatchStore
from .records import ID_PATTERN, Entry, iso, parse_time
from .tournament_records import (
    acceptances,
    bare,
    codes_problem,
    confirmed_unfinished,
    open_rows,
    record_problem,
)
from .types import ImportResult

TOURNAMENTS = "tournaments.json"
TOURNAMENTS_KIND = "tournaments"
TOURNAMENTS_TABLE = "tournaments"


class TournamentNotFoundError(StorageError):
    """No tournament with that id."""


@dataclass(frozen=True)
class StoredTournament:
    """A tournament as stored: its matches filled in from the match store."""

    id: str
    created: datetime
    updated: datetime
    tournament: Tournament
    match_ids: tuple[tuple[str | None, ...], ...]
    # the side (1 or 2) that confirmed each table's result; None: open
    confirmed: tuple[tuple[int | None, ...], ...] = ()
    # who accepted each confirmed result, and who entered it (issue 37)
    accepted: tuple[tuple[Acceptance | None, ...], ...] = ()

    def confirmed_by(self, round_number: int, table_number: int) -> int | None:
        """The side that confirmed that table's result (the match is locked),
        or None."""
        tables = self.tournament.rounds[round_number - 1]
        row = self.confirmed[round_number - 1]
        for table, side in zip(tables, row, strict=True):
            if table.number == table_number:
                return side
        return None

    def acceptance(self, round_number: int, table_number: int) -> Acceptance | None:
        """Who accepted that table's result (None: not accepted, open)."""
        tables = self.tournament.rounds[round_number - 1]
        row = self.accepted[round_number - 1]
        for table, who in zip(tables, row, strict=True):
            if table.number == table_number:
                return who
        return None

    def match_id(self, round_number: int, table_number: int) -> str | None:
        """The id of that table's match (None for a bye)."""
        tables = self.tournament.rounds[round_number - 1]
        for table, match_id in zip(
            tables, self.match_ids[round_number - 1], strict=True
        ):
            if table.number == table_number:
                return match_id
        raise TournamentNotFoundError(
            f"tournament {self.id!r}: round {round_number} has no table {table_number}",
            code="no_table",
        )


class TournamentStore:
    """The records of ``tournaments.json``, in memory, written through."""

    def __init__(
        self,
        files: DataFiles,
        matches: MatchStore,
        guard: Callable[[], AbstractContextManager[None]],
        register: Callable[[Sequence[str]], None],
    ) -> None:
        self._files = files
        self._matches = matches
        self._guard = guard
        self._register = register
        self._records: dict[str, dict[str, Any]] = {}
        self._keys: dict[str, int] = {}

    # -- opening ---------------------------------------------------------
    def load(self) -> None:
        """Read ``tournaments.json`` if there is one, then create the matches
        a crash left reserved and not made."""
        if not self._files.exists(TOURNAMENTS):
            return
        self._files.open_file(
            TOURNAMENTS, TOURNAMENTS_KIND, "the tournaments", self._read
        )
        pending = [
            (tid, n)
            for tid, record in self._records.items()
            for n, row in enumerate(record["match_ids"], start=1)
            if any(m is not None and not self._matches.known(m) for m in row)
        ]
        for tid, n in pending:
            self._create_matches(self._records[tid], n)
            self._files.warn(
                "pending_round",
                f"{self._files.path_of(TOURNAMENTS)}: round {n} of tournament "
                f"{tid!r} was started but not all of its matches were made; "
                "they were made now",
                {"tournament": tid, "round": n},
            )

    def _read(self, db: DataFile) -> None:
        path = self._files.path_of(TOURNAMENTS)
        records: dict[str, dict[str, Any]] = {}
        keys: dict[str, int] = {}
        table = db.records(TOURNAMENTS_TABLE)
        for r in table.load(record_problem, unique="id", what="tournament"):
            if r.problem is not None:
                raise DataFileError(
                    f"{path}: tournament record {r.key} is damaged ({r.problem})",
                    code="not_database",
                    path=path,
                )
            records[r.doc["id"]] = r.doc
            keys[r.doc["id"]] = r.doc_id
        self._records, self._keys = records, keys

    # -- reading ---------------------------------------------------------
    def _stored(
        self,
        record: Mapping[str, Any],
        missing: list[DataFileError] | None = None,
    ) -> StoredTournament:
        """The tournament of *record*, its matches in; a match that cannot be
        read raises, or is left out and its error appended to *missing*."""
        t = parse_tournament(record["tournament"], stored=True)
        ids = tuple(tuple(row) for row in record["match_ids"])
        for n, row in enumerate(ids, start=1):
            for table, match_id in zip(t.rounds[n - 1], row, strict=True):
                if match_id is None or not self._matches.known(match_id):
                    continue
                try:
                    e = self._matches.entry(match_id, include_deleted=True)
                except DataFileError as exc:
                    if missing is None:
                        raise
                    missing.append(exc)
                    continue
                meta = transfer.export_document(e)["meta"]
                t = t.with_match(n, table.number, e.match, meta)
        confirmed = record.get("confirmed", open_rows(ids))
        return StoredTournament(
            record["id"],
            datetime.fromisoformat(record["created"]),
            datetime.fromisoformat(record["updated"]),
            t,
            ids,
            tuple(tuple(row) for row in confirmed),
            acceptances(record, confirmed),
        )

    def get(self, tournament_id: str) -> StoredTournament:
        """The stored tournament, its matches as they are now."""
        with self._guard():
            record = self._records.get(tournament_id)
            if record is None:
                raise TournamentNotFoundError(
                    f"no tournament with id {tournament_id!r} in "
                    f"{self._files.location}",
                    code="not_found",
                    tournament_id=tournament_id,
                )
            return self._stored(record)

    def all(self) -> list[StoredTournament]:
        """Every stored tournament, oldest first."""
        with self._guard():
            records = sorted(
                self._records.values(), key=lambda r: (r["created"], r["id"])
            )
            return [self._stored(r) for r in records]

    def export_documents(
        self, missing: list[DataFileError] | None = None
    ) -> list[dict[str, Any]]:
        """Every tournament as its document, matches in (with their ids); a
        match that cannot be read raises, or with *missing* is left out of
        its tournament (its error appended)."""
        with self._guard():
            records = sorted(
                self._records.values(), key=lambda r: (r["created"], r["id"])
            )
            stored = [self._stored(r, missing) for r in records]
        return [dump_tournament(s.tournament, self._meta(s)) for s in stored]

    @staticmethod
    def _meta(s: StoredTournament) -> dict[str, Any]:
        """The document's ``meta``: the ids and dates, which side confirmed
        each table's result (the lock travels with an export) and who
        accepted it (``accepted``, issue 37; an older app ignores it)."""
        return {
            "id": s.id,
            "created": iso(s.created),
            "updated": iso(s.updated),
            "confirmed": [list(row) for row in s.confirmed],
            "accepted": [
                [None if a is None or not a.known else a.dump() for a in row]
                for row in s.accepted
            ],
        }

    # -- changing --------------------------------------------------------
    def _new_id(self, at: datetime) -> str:
        while True:
            candidate = f"T{at:%Y%m%d}-{secrets.token_hex(ID_RANDOM_BYTES)}"
            if candidate not in self._records:
                return candidate

    def _write(self, record: dict[str, Any]) -> None:
        key = self._keys.get(record["id"])
        if key is None:
            key = 1 + max(self._keys.values(), default=0)
        with self._files.change(TOURNAMENTS, TOURNAMENTS_KIND) as db:
            db.records(TOURNAMENTS_TABLE).put({key: record})
        self._records[record["id"]] = record
        self._keys[record["id"]] = key
        self._matches.revision += 1

    def create(self, t: Tournament) -> StoredTournament:
        """Store a new tournament (with no round drawn yet)."""
        if t.rounds:
            raise StorageError(
                "a new tournament starts with no round", code="rounds_given"
            )
        with self._guard():
            parse_tournament(dump_tournament(t))  # the document's own checks
            at = self._files.clock()
            record = {
                "id": self._new_id(at),
                "created": iso(at),
                "updated": iso(at),
                "tournament": dump_tournament(t),
                "match_ids": [],
            }
            self._write(record)
            self._register([p for e in t.entrants for p in e])
            return self._stored(record)

    def start_round(self, tournament_id: str, tables: Round) -> StoredTournament:
        """Add round *tables* (no match started) and create its matches: ids
        reserved in one write of ``tournaments.json``, then the matches in one
        write of ``live.json``."""
        with self._guard():
            current = self.get(tournament_id)
            t = bare(current.tournament).with_round(
                tuple(replace(tb, match=None, match_meta=None) for tb in tables)
            )
            # the document's checks: every entrant once, no rematch, one bye
            parse_tournament(dump_tournament(t), stored=True)
            at = self._files.clock()
            taken = {m for row in current.match_ids for m in row if m}
            row: list[str | None] = []
            for table in tables:
                row.append(None if table.bye else self._matches.new_id(at, taken))
                taken.update(m for m in row if m)
            record = {
                **self._records[tournament_id],
                "updated": iso(at),
                "tournament": dump_tournament(t),
                "match_ids": [*map(list, current.match_ids), row],
                "confirmed": [*map(list, current.confirmed), [None] * len(row)],
                "accepted": [*self._accepted_rows(current), [None] * len(row)],
            }
            self._write(record)
            self._create_matches(record, len(t.rounds))
            return self._stored(record)

    def change_entrants(
        self, tournament_id: str, change: Callable[[Tournament], Tournament]
    ) -> StoredTournament:
        """The tournament's entrants changed by *change* (a late entrant, a
        withdrawal, issue 37), checked as its document is; the rounds drawn
        and their matches are untouched."""
        with self._guard():
            current = self.get(tournament_id)
            t = change(bare(current.tournament))
            parse_tournament(dump_tournament(t), stored=True)
            record = {
                **self._records[tournament_id],
                "updated": iso(self._files.clock()),
                "tournament": dump_tournament(t),
            }
            self._write(record)
            added = len(t.entrants) - len(current.tournament.entrants)
            if added > 0:
                self._register([p for e in t.entrants[-added:] for p in e])
            return self._stored(record)

    def _place(self, match_id: str) -> tuple[str, int, int] | None:
        """Where *match_id* is played: (tournament id, round index, table
        index), or None for a match of no tournament."""
        for tid, record in self._records.items():
            for r, row in enumerate(record["match_ids"]):
                if match_id in row:
                    return tid, r, row.index(match_id)
        return None

    def refuse_if_confirmed(self, match_id: str) -> None:
        """Refuse an edit of a match whose result was confirmed (locked)."""
        place = self._place(match_id)
        if place is None:
            return
        tid, r, k = place
        side = self._records[tid].get("confirmed", open_rows([]))
        if r < len(side) and side[r][k] is not None:
            raise EditRefusedError(
                f"match {match_id!r}: its result was confirmed by side "
                f"{side[r][k]}; the organizer unlocks it to correct a hand",
                code="result_confirmed",
                match_id=match_id,
            )

    def codes(self) -> dict[str, dict[str, str]]:
        """The club codes kept with each tournament (issue 37: a night's
        codes last until it is over, restarts included): by tournament id,
        ``"board"`` or a table's number to its code."""
        with self._guard():
            return {
                tid: dict(record.get("codes", {}))
                for tid, record in self._records.items()
            }

    def keep_codes(self, tournament_id: str, codes: Mapping[str, str]) -> None:
        """*codes* kept with the tournament (added to those it has)."""
        with self._guard():
            if tournament_id not in self._records:
                raise TournamentNotFoundError(
                    f"no tournament with id {tournament_id!r} in "
                    f"{self._files.location}",
                    code="not_found",
                    tournament_id=tournament_id,
                )
            record = dict(self._records[tournament_id])
            record["codes"] = {**record.get("codes", {}), **codes}
            problem = codes_problem(record["codes"])
            if problem is not None:
                raise ValueError(f"codes: {problem}")
            self._write(record)

    @staticmethod
    def _accepted_rows(current: StoredTournament) -> list[list[Any]]:
        return [
            [None if a is None or not a.known else a.dump() for a in row]
            for row in current.accepted
        ]

    def confirm(
        self,
        tournament_id: str,
        round_number: int,
        table_number: int,
        acceptance: Acceptance | None,
    ) -> StoredTournament:
        """*acceptance* (its side, 1 or 2, and who accepted) confirms that
        table's finished result, which locks its match; ``None`` unlocks it
        (the organizer). Whether the player may accept is the caller's rule
        (``core.tournament.accept``)."""
        side = None if acceptance is None else acceptance.side
        with self._guard():
            current = self.get(tournament_id)
            match_id = current.match_id(round_number, table_number)
            if match_id is None:
                raise EditRefusedError(
                    f"round {round_number}, table {table_number}: a bye has "
                    "no result to confirm",
                    code="bye",
                )
            if side is not None:
                if side not in (1, 2):
                    raise EditRefusedError(
                        f"side {side!r}: a side is 1 or 2", code="bad_side"
                    )
                state = engine.evaluate(
                    self._matches.entry(match_id, include_deleted=True).match
                )
                if state.status is not engine.Status.WON:
                    raise EditRefusedError(
                        f"round {round_number}, table {table_number}: the match "
                        "is not finished",
                        code="match_not_won",
                        match_id=match_id,
                    )
            record = dict(self._records[tournament_id])
            confirmed = [list(row) for row in current.confirmed]
            k = current.match_ids[round_number - 1].index(match_id)
            confirmed[round_number - 1][k] = side
            record["confirmed"] = confirmed
            accepted = self._accepted_rows(current)
            accepted[round_number - 1][k] = (
                None if acceptance is None else acceptance.dump()
            )
            record["accepted"] = accepted
            record["updated"] = iso(self._files.clock())
            self._write(record)
            return self._stored(record)

    def _create_matches(self, record: Mapping[str, Any], number: int) -> None:
        """Create the matches of round *number* not stored yet (one write)."""
        t = parse_tournament(record["tournament"], stored=True)
        at = iso(self._files.clock())
        key = self._matches.new_key()
        entries: list[Entry] = []
        row = record["match_ids"][number - 1]
        for table, match_id in zip(t.rounds[number - 1], row, strict=True):
            if match_id is None or self._matches.known(match_id):
                continue
            match = Match(t.setup_for(table), ())
            mark = {
                "id": record["id"],
                "name": t.name,
                "round": number,
                "table": table.number,
            }
            doc = {
                "id": match_id,
                "created": at,
                "updated": at,
                "abandoned": False,
                "notes": "",
                "seq": None,
                "match": dump_match(match),
                "edits": [],
                "tournament": mark,
            }
            entries.append(Entry(key, doc, match, engine.evaluate(match)))
            key += 1
        if entries:
            self._matches.commit(entries)

    # -- import ----------------------------------------------------------
    def split_import(
        self, docs: Sequence[object], at: datetime
    ) -> tuple[list[object], list[dict[str, Any]]]:
        """The match documents of an import file (each tournament's matches
        added, marked, unless the file gives them already) and the tournament
        records to write once they are stored. Refuses
        (:class:`ImportRefusedError`) a bad tournament, or one whose id is
        stored with another document."""
        plain: list[object] = []
        tournaments: list[tuple[int, object]] = []
        for n, doc in enumerate(docs, start=1):
            if isinstance(doc, dict) and doc.get("format") == FORMAT_NAME:
                tournaments.append((n, doc))
            else:
                plain.append(doc)
        plain_ids = {
            d["meta"]["id"]
            for d in plain
            if isinstance(d, dict)
            and isinstance(d.get("meta"), dict)
            and isinstance(d["meta"].get("id"), str)
        }
        matches: list[object] = list(plain)
        records: list[dict[str, Any]] = []
        taken = set(plain_ids)
        for n, raw in tournaments:
            where = f"document {n}" if len(docs) > 1 else "tournament"
            record, embedded = self._imported(raw, where, at, plain_ids, taken)
            matches.extend(embedded)
            records.append(record)
        return matches, records

    def _imported(
        self,
        raw: object,
        where: str,
        at: datetime,
        plain_ids: set[str],
        taken: set[str],
    ) -> tuple[dict[str, Any], list[dict[str, Any]]]:
        """The record of one imported tournament and the match documents to
        import with it (those the file does not give on their own)."""
        try:
            parsed = read_tournament_document(raw)
        except TournamentFileError as exc:
            raise ImportRefusedError(
                f"{where}: {exc}", code="bad_tournament", where=where
            ) from None
        t, meta = parsed.tournament, parsed.meta or {}
        tid = meta.get("id") or self._new_id(at)
        if not isinstance(tid, str) or not ID_PATTERN.match(tid):
            raise ImportRefusedError(
                f"{where}: meta: id: {tid!r} is not a tournament id",
                code="bad_meta",
                where=where,
            )
        try:
            created = parse_time(meta.get("created", iso(at)), "created")
            updated = parse_time(meta.get("updated", iso(created)), "updated")
        except ValueError as exc:
            raise ImportRefusedError(
                f"{where}: meta: {exc}", code="bad_meta", where=where
            ) from None
        ids: list[list[str | None]] = []
        embedded: list[dict[str, Any]] = []
        for number, tables in enumerate(t.rounds, start=1):
            row: list[str | None] = []
            for table in tables:
                if table.bye:
                    row.append(None)
                    continue
                match_meta = dict(table.match_meta or {})
                match_id = match_meta.get("id")
                if not isinstance(match_id, str):
                    match_id = self._matches.new_id(at, taken)
                row.append(match_id)
                if match_id in plain_ids:
                    continue  # the file gives it as a match of its own
                if match_id in taken:
                    raise ImportRefusedError(
                        f"{where}: round {number}, table {table.number}: match "
                        f"id {match_id!r} appears twice in the file",
                        code="duplicate_id",
                        where=where,
                    )
                taken.add(match_id)
                match = table.match or Match(t.setup_for(table), ())
                match_meta["id"] = match_id
                match_meta["tournament"] = {
                    "id": tid,
                    "name": t.name,
                    "round": number,
                    "table": table.number,
                }
                embedded.append(dump_match(match, match_meta))
            ids.append(row)
        record = {
            "id": tid,
            "created": iso(created),
            "updated": iso(updated),
            "tournament": dump_tournament(bare(t)),
            "match_ids": ids,
            "confirmed": meta.get("confirmed", open_rows(ids)),
        }
        if meta.get("accepted") is not None:
            record["accepted"] = meta["accepted"]
        problem = record_problem(record)
        if problem is None:
            problem = confirmed_unfinished(t, record["confirmed"])
        if problem is not None:
            raise ImportRefusedError(
                f"{where}: meta: {problem}", code="bad_meta", where=where
            )
        old = self._records.get(tid)
        if old is not None and (old["tournament"], old["match_ids"]) != (
            record["tournament"],
            record["match_ids"],
        ):
            raise ImportRefusedError(
                f"{where}: a different tournament with id {tid!r} is already "
                f"stored in {self._files.location}",
                code="id_conflict",
                where=where,
            )
        return record, embedded

    def store_imported(self, records: Sequence[dict[str, Any]]) -> list[ImportResult]:
        """Write the tournaments of an import whose matches are stored."""
        results = []
        for record in records:
            created = record["id"] not in self._records
            if created:
                self._write(record)
            results.append(ImportResult(record["id"], created))
        return results
