"""Where each stored match is: ``live.json`` first, then the archive.

:class:`MatchStore` holds the records of ``live.json`` (the matches being
played, plus records not yet moved) and the :class:`~.archive.Archive`.
A change is one acknowledged write of ``live.json`` (:meth:`MatchStore.commit`);
records then move to the archive, best effort (a failure leaves them pending,
and while a record is in ``live.json`` it is the authoritative copy): the
closed ones, and the unfinished ones that are not being played (issue 34:
``live.json`` is written whole at every Save, so it holds the matches being
played only): untouched for :data:`IDLE_AFTER`, beyond the :data:`LIVE_MAX`
changed last, or imported. An unfinished match in the archive is listed as in
progress like any other; its next change brings it back to ``live.json``
(:meth:`MatchStore.entry` reads it from the archive, the commit writes it
here, keeping its ``seq``, and this copy overrides the archive's).

A record gets its ``seq`` (its place in the archive) in ``live.json`` before
it is written to the archive, so a kill between the writes finds the same
``seq`` in both copies and the move is done again, never twice.
Compacting the history lists the tombstones to remove in ``live.json`` first,
so a crash half way is finished at the next open.
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Collection, Mapping, Sequence
from datetime import datetime, timedelta
from typing import Any

from .archive import Archive
from .documents import DataFile
from .errors import DataFileError, MatchNotFoundError, StorageError
from .files import LIVE, MATCHES_TABLE, PURGE_TABLE, DataFiles
from .records import Entry, parse_time, record_problem

log = logging.getLogger(__name__)

#: the random part of a new match id: 6 bytes, 12 hex digits (with 3 bytes, a
#: day's ids collided after a few thousand matches)
ID_RANDOM_BYTES = 6

#: a match in progress untouched this long waits in the archive: a table
#: that stops for the night finds it there the next day, as it left it
IDLE_AFTER = timedelta(hours=12)
IDLE_SECONDS = IDLE_AFTER.total_seconds()
#: at most this many unfinished matches stay in ``live.json`` (those changed
#: last): twice the 16 tables of a big club night (bench_club.py), whatever
#: their clocks say; each one more is written at every Save
LIVE_MAX = 32


def _updated(e: Entry) -> datetime:
    """When *e*'s record last changed (a time with its offset)."""
    return parse_time(e.record["updated"], "updated")


class MatchStore:
    """The records of ``live.json`` and the archive behind them."""

    def __init__(self, files: DataFiles, archive: Archive) -> None:
        self._files = files
        self.archive = archive
        self.live: dict[str, Entry] = {}  # by match id
        self.revision = 0  # changes whenever stored data changes
        self._next_seq = 0
        self._purge_pending: list[tuple[str, int]] = []

    # -- opening ---------------------------------------------------------
    def read_live(self, db: DataFile) -> None:
        """Take the records of ``live.json`` (:class:`DataFileError` if a
        record or the list of tombstones to purge is damaged)."""
        path = self._files.path_of(LIVE)
        live: dict[str, Entry] = {}
        for r in db.records(MATCHES_TABLE).load(
            record_problem, unique="id", what="match"
        ):
            if r.problem is not None:
                raise DataFileError(
                    f"{path}: match record {r.key} is damaged ({r.problem})",
                    code="not_database",
                    path=path,
                )
            record = r.doc
            record.setdefault("seq", None)
            record.setdefault("edits", [])
            live[record["id"]] = Entry.of(r.doc_id, record)
        purge: Mapping[str, Any] = db.records(PURGE_TABLE).get(doc_id=1) or {}
        try:
            pending = [(str(i), int(seq)) for i, seq in purge.get("items", [])]
        except (TypeError, ValueError) as exc:
            raise DataFileError(
                f"{path}: the list of deleted matches to remove is damaged ({exc})",
                code="not_database",
                path=path,
            ) from None
        self.live, self._purge_pending = live, pending

    def opened(self) -> None:
        """Once ``live.json`` and the archive are read: finish what a crash
        or a failed write left half done (a purge, moves to the archive)."""
        if self._purge_pending:
            self._finish_purge(self._purge_pending)
        live_seqs = (e.record["seq"] for e in self.live.values())
        self._next_seq = 1 + max(
            (self.archive.last_seq(), *(s for s in live_seqs if s is not None))
        )
        played = any(not e.closed for e in self.live.values())
        now = self._files.clock() if played else None  # read only if needed
        self._flush(now=None if now is None else now.astimezone())

    # -- finding ---------------------------------------------------------
    def not_found(self, match_id: str, deleted: bool = False) -> MatchNotFoundError:
        if deleted:
            return MatchNotFoundError(
                f"match {match_id!r} was deleted; restore it to see it again",
                match_id=match_id,
                deleted=True,
            )
        return MatchNotFoundError(
            f"no match with id {match_id!r} in {self._files.location}",
            match_id=match_id,
        )

    def known(self, match_id: str) -> bool:
        return match_id in self.live or match_id in self.archive

    def is_deleted(self, match_id: str) -> bool:
        e = self.live.get(match_id)
        if e is not None:
            return e.deleted
        return match_id in self.archive and self.archive.is_deleted(match_id)

    def entry(self, match_id: str, *, include_deleted: bool = False) -> Entry:
        """The record of *match_id* as a live entry (a copy if it is archived);
        a deleted match is not found unless *include_deleted*."""
        if not include_deleted and self.is_deleted(match_id):
            raise self.not_found(match_id, deleted=True)
        e = self.live.get(match_id)
        if e is not None:
            return e
        record = self.archive.record(match_id)
        if record is None:
            raise self.not_found(match_id)
        return Entry.of(self.new_key(), record)

    def new_key(self) -> int:
        """A ``live.json`` document id not in use."""
        return max((x.key for x in self.live.values()), default=0) + 1

    def new_id(self, now: datetime, taken: Collection[str] = ()) -> str:
        """A match id not in use, made of the date and a random part (12 hex
        digits); not one stored nor one of *taken* (the ids an import batch
        has already given or holds)."""
        while True:
            candidate = f"{now:%Y%m%d}-{secrets.token_hex(ID_RANDOM_BYTES)}"
            if not self.known(candidate) and candidate not in taken:
                return candidate

    # -- writing ---------------------------------------------------------
    def commit(self, entries: Sequence[Entry], *, park: bool = False) -> None:
        """Acknowledge *entries* (one write of ``live.json``), then archive
        the closed ones, those no longer played, and with *park* (an import)
        all of *entries*."""
        for e in entries:
            if (e.closed or park) and e.record["seq"] is None:
                e.record["seq"] = self._next_seq
                self._next_seq += 1
        with self._files.change(LIVE, "live") as db:
            db.records(MATCHES_TABLE).put({e.key: e.record for e in entries})
        self.revision += 1
        for e in entries:
            self.live[e.record["id"]] = e
        ids = [e.record["id"] for e in entries]
        # now: the time of the change (its entries' newest), not the clock
        # read again (a test's clock moves at each read)
        now = max((_updated(e) for e in entries), default=None)
        self._flush(park=ids if park else (), keep=() if park else ids, now=now)

    def playing(self, match_id: str) -> bool:
        """Whether *match_id* is stored and unfinished (in ``live.json`` or
        waiting in the archive), not abandoned nor deleted."""
        e = self.live.get(match_id)
        if e is not None:
            return not e.closed
        return self.archive.is_open(match_id)

    def _resting(
        self, park: Collection[str], keep: Collection[str], now: datetime | None
    ) -> list[Entry]:
        """The records of ``live.json`` whose place is the archive: closed,
        *park*ed, untouched for :data:`IDLE_AFTER`, or beyond :data:`LIVE_MAX`
        (the least recently changed; *keep*, just changed, last). Without
        *now*, none is idle."""
        # in seconds, not datetimes: a time at the first or last day of the
        # calendar that a file may hold (issue 34) has no day before or after it
        idle_before = None if now is None else now.timestamp() - IDLE_SECONDS
        resting: list[Entry] = []
        played: list[tuple[bool, datetime, Entry]] = []
        for i, e in self.live.items():
            if e.closed or i in park:
                resting.append(e)
                continue
            updated = _updated(e)
            idle = idle_before is not None and updated.timestamp() < idle_before
            if i not in keep and idle:
                resting.append(e)
            else:
                played.append((i in keep, updated, e))
        if len(played) > LIVE_MAX:
            played.sort(key=lambda x: (x[0], x[1]))
            resting += [e for _, _, e in played[: len(played) - LIVE_MAX]]
        return resting

    def _flush(
        self,
        park: Collection[str] = (),
        keep: Collection[str] = (),
        now: datetime | None = None,
    ) -> None:
        """Move the records whose place is the archive (:meth:`_resting`) from
        ``live.json`` to it (best effort: a failure leaves them pending in
        ``live.json``, retried later). One without a ``seq`` gets it in
        ``live.json`` first (see the module doc)."""
        pending = self._resting(park, keep, now)
        if not pending:
            return
        try:
            numbered: dict[str, Entry] = {}
            for e in pending:
                if e.record["seq"] is None:
                    record = {**e.record, "seq": self._next_seq}
                    self._next_seq += 1
                    numbered[record["id"]] = Entry(e.key, record, e.match, e.state)
            if numbered:
                with self._files.change(LIVE, "live") as db:
                    db.records(MATCHES_TABLE).put(
                        {e.key: e.record for e in numbered.values()}
                    )
                self.live.update(numbered)
                pending = [numbered.get(e.record["id"], e) for e in pending]
            self.archive.store(pending)
            with self._files.change(LIVE, "live") as db:
                db.records(MATCHES_TABLE).remove(doc_ids=[e.key for e in pending])
            for e in pending:
                del self.live[e.record["id"]]
        except (StorageError, OSError) as exc:
            self._postponed(
                "pending_move",
                "a match is saved but could not be moved to the archive yet",
                "archive move",
                exc,
            )

    def compact(self) -> int:
        """Remove every deleted match for good; how many were removed.

        The list of ``[id, seq]`` to remove is written to ``live.json`` first,
        with the tombstones there removed (the acknowledgement); then the
        archive drops them, then the list is cleared.
        """
        items: list[tuple[str, int | None]] = [
            (i, e.record["seq"]) for i, e in self.live.items() if e.deleted
        ]
        items += [(s.id, seq) for s, seq in self.archive.deleted(skip=self.live)]
        if not items:
            return 0
        items = sorted({*items, *self._purge_pending})
        gone = [e.key for e in self.live.values() if e.deleted]
        with self._files.change(LIVE, "live") as db:  # one write, both tables
            db.records(MATCHES_TABLE).remove(doc_ids=gone)
            purge = db.records(PURGE_TABLE)
            purge.truncate()
            purge.put({1: {"items": [list(x) for x in items]}})
        self.revision += 1
        ids = {i for i, _ in items}
        self.live = {i: e for i, e in self.live.items() if i not in ids}
        self._finish_purge(items)
        return len(ids)

    def _finish_purge(self, items: Sequence[tuple[str, int | None]]) -> None:
        """Drop the listed tombstones from the archive, then clear the list in
        ``live.json``; a failure leaves the list there, finished at next open."""
        self._purge_pending = [(i, seq) for i, seq in items if seq is not None]
        try:
            self.archive.purge(items, self.is_deleted)
            with self._files.change(LIVE, "live") as db:
                db.records(PURGE_TABLE).truncate()
            self._purge_pending = []
        except (StorageError, OSError) as exc:
            self._postponed(
                "pending_purge",
                "deleted matches are removed but not yet from every archive file",
                "purge",
                exc,
            )

    def _postponed(self, code: str, done: str, step: str, exc: Exception) -> None:
        """A best-effort step failed after the change was acknowledged (*done*
        says what the user has); it is tried again later, so only warn."""
        self._files.warn(
            code, f"{done} ({exc}); it will be retried", {"reason": str(exc)}
        )
        log.warning("%s postponed: %s", step, exc)
