"""The match repository on TinyDB: :class:`TinyDBRepository` and
:func:`open_repository`.

The repository implements the :class:`~.port.MatchRepository` port. It owns
the matches in progress (``live.json``) and every change to a match: each one
is a single acknowledged write of ``live.json``, after which closed records
move to the :class:`~.archive.Archive`. The data files, the roster and
settings, and import/export are its collaborators (:mod:`.files`, :mod:`.meta`,
:mod:`.transfer`); the undo rules are the core's (:mod:`scorekeeper.core.editlog`).
All access is serialized by one lock.
"""

from __future__ import annotations

import functools
import heapq
import itertools
import logging
import secrets
import threading
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from datetime import date, datetime
from pathlib import Path
from typing import Any, Concatenate, ParamSpec, TypeVar

from scorekeeper.core import editlog, engine
from scorekeeper.core.engine import Status
from scorekeeper.core.matchfile import dump_hand, dump_match
from scorekeeper.core.model import Hand, Match, MatchSetup
from scorekeeper.core.validation import check_setup

from . import transfer
from .archive import Archive
from .backends import Backend, FileBackend, MemoryBackend
from .errors import DataFileError, EditRefusedError, MatchNotFoundError, StorageError
from .files import (
    LIVE,
    MATCHES_TABLE,
    META,
    PURGE_TABLE,
    DataFiles,
    OnDamage,
    Tables,
)
from .meta import Roster, SettingsStore
from .paths import resolve_data_dir
from .port import MatchRepository
from .records import (
    Entry,
    SortKey,
    edit_log,
    edits,
    fold,
    hand_from_doc,
    iso,
    live_summary,
    now,
    parse_time,
    sort_key,
    stored,
)
from .types import (
    STATUSES,
    Edit,
    HistoryPage,
    ImportResult,
    MatchSummary,
    Player,
    Settings,
    StoredMatch,
)

# the names other modules have always imported from here
__all__ = [
    "STATUSES",
    "Edit",
    "HistoryPage",
    "ImportResult",
    "MatchRepository",
    "MatchSummary",
    "Player",
    "Settings",
    "StoredMatch",
    "TinyDBRepository",
    "open_repository",
]

log = logging.getLogger(__name__)

P = ParamSpec("P")
R = TypeVar("R")
WriteDocs = Callable[..., None]


def _locked(
    method: Callable[Concatenate[TinyDBRepository, P], R],
) -> Callable[Concatenate[TinyDBRepository, P], R]:
    @functools.wraps(method)
    def wrapper(self: TinyDBRepository, *args: P.args, **kwargs: P.kwargs) -> R:
        with self._guard():
            return method(self, *args, **kwargs)

    return wrapper


class TinyDBRepository:
    """:class:`~.port.MatchRepository` on TinyDB files."""

    def __init__(
        self,
        backend: Backend,
        *,
        on_damage: OnDamage = "refuse",
        clock: Callable[[], datetime] = now,
    ) -> None:
        self._files = DataFiles(backend, on_damage=on_damage, clock=clock)
        self._backend = backend
        self._clock = clock
        self._lock = threading.RLock()
        self._closed_repo = False
        self.warnings = self._files.warnings
        self._archive = Archive(self._files)
        self._roster = Roster(self._files)
        self._settings = SettingsStore(self._files)
        self._live: dict[str, Entry] = {}
        self._next_seq = 0
        self._purge_pending: list[tuple[str, int]] = []
        self._revision = 0
        backend.acquire()
        try:
            self._open()
        except BaseException:
            backend.release()
            raise

    @property
    def location(self) -> str:
        return self._files.location

    # Every write of a data file goes through here; the tests replace it to
    # make the archive files fail while live.json still saves.
    @property
    def _write_docs(self) -> WriteDocs:
        return self._files.write_docs

    @_write_docs.setter
    def _write_docs(self, write: WriteDocs) -> None:
        self._files.write_docs = write  # type: ignore[method-assign]

    @contextmanager
    def _guard(self) -> Iterator[None]:
        with self._lock:
            if self._closed_repo:
                raise StorageError("the repository is closed", code="closed")
            yield

    # -- opening ---------------------------------------------------------
    def _open(self) -> None:
        files = self._files
        index_files, match_files = self._archive.file_names()
        if not (files.exists(META) or files.exists(LIVE) or index_files or match_files):
            files.new_file(META, "meta")
            files.new_file(LIVE, "live")
            return
        files.open_file(META, "meta", "settings and roster", self._read_meta)
        files.open_file(LIVE, "live", "the matches in progress", self._read_live)
        self._archive.load(index_files, match_files)
        if self._purge_pending:
            self._finish_purge(self._purge_pending)
        live_seqs = (e.record["seq"] for e in self._live.values())
        self._next_seq = 1 + max(
            (self._archive.last_seq(), *(s for s in live_seqs if s is not None))
        )
        self._flush()

    def _read_meta(self, meta: Tables) -> None:
        self._settings.load(meta)
        self._roster.load(meta)

    def _read_live(self, raw: Tables) -> None:
        path = self._files.path_of(LIVE)
        live: dict[str, Entry] = {}
        for key, record in raw.get(MATCHES_TABLE, {}).items():
            try:
                parsed = Entry.of(0, record)
                parse_time(record["created"], "created")
                record.setdefault("seq", None)
                record.setdefault("edits", [])
            except (KeyError, TypeError, ValueError) as exc:
                raise DataFileError(
                    f"{path}: match record {key} is damaged ({exc})",
                    code="not_database",
                    path=path,
                ) from None
            live[record["id"]] = Entry(int(key), record, parsed.match, parsed.state)
        purge = raw.get(PURGE_TABLE, {}).get("1", {}).get("items", [])
        try:
            pending = [(str(i), int(seq)) for i, seq in purge]
        except (TypeError, ValueError) as exc:
            raise DataFileError(
                f"{path}: the list of deleted matches to remove is damaged ({exc})",
                code="not_database",
                path=path,
            ) from None
        self._live, self._purge_pending = live, pending

    # -- committing ------------------------------------------------------
    def _save(self, e: Entry) -> StoredMatch:
        """Commit one changed match; what the caller gets back."""
        self._commit([e])
        return stored(e)

    def _commit(self, entries: list[Entry]) -> None:
        """Acknowledge *entries* (one write of ``live.json``), then archive."""
        for e in entries:
            if e.closed and e.record["seq"] is None:
                e.record["seq"] = self._next_seq
                self._next_seq += 1
        self._files.write_docs(
            LIVE, "live", MATCHES_TABLE, {e.key: e.record for e in entries}
        )
        self._revision += 1
        for e in entries:
            self._live[e.record["id"]] = e
        self._flush()

    def _flush(self) -> None:
        """Move closed records from ``live.json`` to the archive (best effort:
        a failure leaves them pending in ``live.json``, retried later)."""
        pending = [e for e in self._live.values() if e.closed]
        if not pending:
            return
        try:
            self._archive.store(pending)
            self._files.write_docs(
                LIVE, "live", MATCHES_TABLE, {}, [e.key for e in pending]
            )
            for e in pending:
                del self._live[e.record["id"]]
        except (StorageError, OSError) as exc:
            self._files.warn(
                "pending_move",
                f"a finished match is saved but could not be moved to the "
                f"archive yet ({exc}); it will be retried",
                {"reason": str(exc)},
            )
            log.warning("archive move postponed: %s", exc)

    def _finish_purge(self, items: list[tuple[str, int | None]]) -> None:
        """Drop the listed tombstones from the archive, then clear the list in
        ``live.json``; a failure leaves the list there, finished at next open."""
        self._purge_pending = [(i, seq) for i, seq in items if seq is not None]
        try:
            self._archive.purge(items, self._is_deleted)
            self._files.write_docs(
                LIVE, "live", MATCHES_TABLE, {}, tables={PURGE_TABLE: {}}
            )
            self._purge_pending = []
        except (StorageError, OSError) as exc:
            self._files.warn(
                "pending_purge",
                f"deleted matches are removed but not yet from every archive "
                f"file ({exc}); it will be retried",
                {"reason": str(exc)},
            )
            log.warning("purge postponed: %s", exc)

    # -- reading records -------------------------------------------------
    def _not_found(self, match_id: str, deleted: bool = False) -> MatchNotFoundError:
        if deleted:
            return MatchNotFoundError(
                f"match {match_id!r} was deleted; restore it to see it again",
                match_id=match_id,
                deleted=True,
            )
        return MatchNotFoundError(
            f"no match with id {match_id!r} in {self.location}", match_id=match_id
        )

    def _known(self, match_id: str) -> bool:
        return match_id in self._live or match_id in self._archive

    def _is_deleted(self, match_id: str) -> bool:
        e = self._live.get(match_id)
        if e is not None:
            return e.deleted
        s = self._archive.get(match_id)
        return s is not None and s.deleted

    def _entry(self, match_id: str, *, include_deleted: bool = False) -> Entry:
        """The record of *match_id* as a live entry (a copy if it is archived);
        a deleted match is not found unless *include_deleted*."""
        if not include_deleted and self._is_deleted(match_id):
            raise self._not_found(match_id, deleted=True)
        e = self._live.get(match_id)
        if e is not None:
            return e
        record = self._archive.record(match_id)
        if record is None:
            raise self._not_found(match_id)
        return Entry.of(self._new_key(), record)

    def _new_key(self) -> int:
        return max((x.key for x in self._live.values()), default=0) + 1

    def _new_id(self, now: datetime) -> str:
        while True:
            candidate = f"{now:%Y%m%d}-{secrets.token_hex(3)}"
            if not self._known(candidate):
                return candidate

    def _changed(
        self,
        e: Entry,
        match: Match,
        *,
        hand_docs: list[Any] | None = None,
        edit: dict[str, Any] | None = None,
        **fields_: Any,
    ) -> Entry:
        """A new entry for *e* with *match*; the record is copied, not mutated."""
        state = engine.evaluate(match) if match is not e.match else e.state
        record = dict(e.record)
        if match is not e.match:
            doc = dict(record["match"])
            doc["hands"] = (
                hand_docs
                if hand_docs is not None
                else [dump_hand(h) for h in match.hands]
            )
            record["match"] = doc
        at = iso(self._clock())
        record["updated"] = at
        record.update(fields_)
        if edit is not None:
            record["edits"] = [*record["edits"], {"at": at, **edit}]
        return Entry(e.key, record, match, state)

    def _editable(self, match_id: str) -> Entry:
        """The entry of *match_id*, refused if the match is abandoned."""
        e = self._entry(match_id)
        if e.record["abandoned"]:
            raise EditRefusedError(
                f"match {e.record['id']!r} is abandoned; resume it before editing",
                code="match_abandoned",
                match_id=e.record["id"],
            )
        return e

    # -- matches ---------------------------------------------------------
    @_locked
    def create_match(
        self,
        setup: MatchSetup,
        *,
        notes: str = "",
        by: str | None = None,
        rematch_of: str | None = None,
    ) -> StoredMatch:
        """A new match; ``rematch_of`` links it to the match it is a rivincita
        (or bella) of, which must be stored (:class:`MatchNotFoundError`)."""
        check_setup(setup)
        if rematch_of is not None and (
            not self._known(rematch_of) or self._is_deleted(rematch_of)
        ):
            raise MatchNotFoundError(
                f"no match with id {rematch_of!r} in {self.location}",
                match_id=rematch_of,
            )
        match = Match(setup, ())
        at = self._clock()
        record = {
            "id": self._new_id(at),
            "created": iso(at),
            "updated": iso(at),
            "abandoned": False,
            "notes": notes,
            "seq": None,
            "match": dump_match(match),
            "edits": [],
        }
        if rematch_of is not None:
            record["rematch_of"] = rematch_of
        e = Entry(self._new_key(), record, match, engine.evaluate(match))
        self._commit([e])
        self._roster.register(setup.players)
        return stored(e)

    @_locked
    def get_match(self, match_id: str, *, include_deleted: bool = False) -> StoredMatch:
        """The stored match; a deleted one raises :class:`MatchNotFoundError`
        unless *include_deleted* (then ``StoredMatch.deleted`` says so)."""
        return stored(self._entry(match_id, include_deleted=include_deleted))

    @_locked
    def add_hand(
        self, match_id: str, hand: Hand, *, by: str | None = None
    ) -> StoredMatch:
        e = self._editable(match_id)
        match = engine.add_hand(e.match, hand)
        hands = [*e.record["match"]["hands"], dump_hand(hand)]
        index = len(match.hands) - 1
        new = self._changed(
            e, match, hand_docs=hands, edit={"by": by, "action": "add", "index": index}
        )
        return self._save(new)

    @_locked
    def record_declaration(
        self, match_id: str, hand: Hand, *, by: str | None = None
    ) -> StoredMatch:
        if hand.declaration is None:
            raise EditRefusedError(
                "the hand carries no declaration", code="not_a_declaration"
            )
        return self.add_hand(match_id, hand, by=by)

    def _check_hand(self, e: Entry, index: int, expected: Hand | None) -> None:
        """Refuse an edit of hand ``index`` made on a view of the match that is
        no longer true: that hand is not ``expected`` any more."""
        if editlog.hand_changed(e.match, index, expected):
            raise EditRefusedError(
                f"match {e.record['id']!r}: hand {index + 1} is not the one "
                "expected: the match changed meanwhile",
                code="changed_meanwhile",
                match_id=e.record["id"],
                index=index,
            )

    @_locked
    def replace_hand(
        self,
        match_id: str,
        index: int,
        hand: Hand,
        *,
        by: str | None = None,
        expected: Hand | None = None,
    ) -> StoredMatch:
        """Hand ``index`` becomes ``hand``. With ``expected`` (the hand as the
        caller saw it) the edit is refused if that hand has changed since."""
        e = self._editable(match_id)
        self._check_hand(e, index, expected)
        match = engine.replace_hand(e.match, index, hand)
        hands = list(e.record["match"]["hands"])
        before = hands[index]
        hands[index] = dump_hand(hand)
        edit = {
            "by": by,
            "action": "replace",
            "index": index,
            "before": before,
            "after": hands[index],
        }
        return self._save(self._changed(e, match, hand_docs=hands, edit=edit))

    @_locked
    def delete_hand(
        self,
        match_id: str,
        index: int,
        *,
        by: str | None = None,
        expected: Hand | None = None,
    ) -> StoredMatch:
        """Delete hand ``index``; ``expected`` as in :meth:`replace_hand`."""
        e = self._editable(match_id)
        self._check_hand(e, index, expected)
        match = engine.delete_hand(e.match, index)
        hands = list(e.record["match"]["hands"])
        before = hands.pop(index)
        edit = {"by": by, "action": "delete", "index": index, "before": before}
        return self._save(self._changed(e, match, hand_docs=hands, edit=edit))

    @_locked
    def undo(
        self, match_id: str, *, by: str | None = None, expected: int | None = None
    ) -> StoredMatch:
        """Revert the last edit not yet undone (logged, with the hand it
        removed). With ``expected`` (the ``undo_target`` the caller saw) it is
        refused if that is no longer the edit undo would revert."""
        e = self._entry(match_id)
        log = edit_log(e.record["edits"])
        number = editlog.last_undoable(log)
        if number is None:
            raise EditRefusedError(
                f"match {match_id!r} has no edit to undo",
                code="nothing_to_undo",
                match_id=match_id,
            )
        if expected is not None and number != expected:
            raise EditRefusedError(
                f"match {match_id!r}: undo would revert edit {number}, "
                f"not edit {expected}: the match changed meanwhile",
                code="changed_meanwhile",
                match_id=match_id,
                expected=expected,
                found=number,
            )
        target, entry = e.record["edits"][number - 1], log[number - 1]
        before = (
            hand_from_doc(e.record["match"], target["before"])
            if entry.restores_hand
            else None
        )
        reversal = editlog.revert(e.match, e.record["abandoned"], entry, before)
        hands, removed = reversal.replay(
            e.record["match"]["hands"], target.get("before")
        )
        log_entry: dict[str, Any] = {
            "by": by,
            "action": "undo",
            "undoes": number,
            "index": entry.index,
        }
        if reversal.taken_out is not None:
            log_entry["before"] = removed
        new = self._changed(
            e,
            reversal.match,
            hand_docs=hands,
            edit=log_entry,
            abandoned=reversal.abandoned,
        )
        return self._save(new)

    @_locked
    def edit_history(
        self, match_id: str, *, include_deleted: bool = False
    ) -> tuple[Edit, ...]:
        return edits(self._entry(match_id, include_deleted=include_deleted))

    @_locked
    def finish_match(self, match_id: str) -> StoredMatch:
        """Confirm a won match is over (it is archived as soon as it is won)."""
        e = self._editable(match_id)
        if e.state.status is not Status.WON:
            raise EditRefusedError(
                f"match {match_id!r} is not won yet ({e.state.status.value}); "
                "play on or abandon it",
                code="match_not_won",
                match_id=match_id,
                status=e.state.status.value,
            )
        return stored(e)

    @_locked
    def abandon_match(self, match_id: str, *, by: str | None = None) -> StoredMatch:
        e = self._editable(match_id)
        if e.state.status is Status.WON:
            raise EditRefusedError(
                f"match {match_id!r} is already won; it cannot be abandoned",
                code="match_won",
                match_id=match_id,
            )
        edit = {"by": by, "action": "abandon"}
        return self._save(self._changed(e, e.match, edit=edit, abandoned=True))

    @_locked
    def resume_match(self, match_id: str, *, by: str | None = None) -> StoredMatch:
        e = self._entry(match_id)
        if not e.record["abandoned"]:
            raise EditRefusedError(
                f"match {match_id!r} is not abandoned",
                code="not_abandoned",
                match_id=match_id,
            )
        edit = {"by": by, "action": "resume"}
        return self._save(self._changed(e, e.match, edit=edit, abandoned=False))

    @_locked
    def set_notes(self, match_id: str, notes: str) -> StoredMatch:
        e = self._entry(match_id)
        return self._save(self._changed(e, e.match, notes=str(notes)))

    # -- deleting (tombstones) -------------------------------------------
    @_locked
    def delete_match(self, match_id: str, *, by: str | None = None) -> StoredMatch:
        """Mark the match deleted (a tombstone, one write); :meth:`restore_match`
        brings it back until the history is compacted. Returns it as stored,
        ``deleted=True``."""
        e = self._entry(match_id)
        new = self._changed(
            e,
            e.match,
            edit={"by": by, "action": "delete_match"},
            deleted=True,
            updated=e.record["updated"],  # the match itself did not change
        )
        return self._save(new)

    @_locked
    def restore_match(self, match_id: str, *, by: str | None = None) -> StoredMatch:
        """Bring a deleted match back exactly as it was (only the edit log
        grows). :class:`EditRefusedError` ``not_deleted`` if it is not deleted."""
        e = self._entry(match_id, include_deleted=True)
        if not e.deleted:
            raise EditRefusedError(
                f"match {match_id!r} is not deleted",
                code="not_deleted",
                match_id=match_id,
            )
        new = self._changed(
            e,
            e.match,
            edit={"by": by, "action": "restore_match"},
            updated=e.record["updated"],
        )
        del new.record["deleted"]  # as it was before: no key at all
        return self._save(new)

    @_locked
    def deleted_matches(self) -> tuple[MatchSummary, ...]:
        """The deleted matches (until compaction), the latest deleted first."""
        found = [live_summary(e) for e in self._live.values() if e.deleted]
        found += [s for s, _ in self._archive.deleted(skip=self._live)]
        found.sort(key=lambda s: (s.deleted_at, s.id), reverse=True)
        return tuple(found)

    @_locked
    def compact_history(self) -> int:
        """Remove every deleted match for good; how many were removed.

        The list of ``[id, seq]`` to remove is written to ``live.json`` first,
        with the tombstones there removed (the acknowledgement); then the
        archive drops them, then the list is cleared. A crash in between is
        finished at the next open.
        """
        items: list[tuple[str, int | None]] = [
            (i, e.record["seq"]) for i, e in self._live.items() if e.deleted
        ]
        items += [(s.id, seq) for s, seq in self._archive.deleted(skip=self._live)]
        if not items:
            return 0
        items = sorted({*items, *self._purge_pending})
        gone = [e.key for e in self._live.values() if e.deleted]
        self._files.write_docs(
            LIVE,
            "live",
            MATCHES_TABLE,
            {},
            gone,
            tables={PURGE_TABLE: {"1": {"items": [list(x) for x in items]}}},
        )
        self._revision += 1
        ids = {i for i, _ in items}
        self._live = {i: e for i, e in self._live.items() if i not in ids}
        self._finish_purge(items)
        return len(ids)

    @_locked
    def revision(self) -> int:
        """A number that changes whenever stored data changes (for caches)."""
        return self._revision

    # -- history ---------------------------------------------------------
    def _newest_first(self) -> Iterator[MatchSummary]:
        live = sorted(
            (live_summary(e) for e in self._live.values() if not e.deleted),
            key=sort_key,
            reverse=True,
        )
        archived = self._archive.newest_first(skip=self._live)
        return heapq.merge(live, archived, key=sort_key, reverse=True)

    def _plays(self, player: str | None) -> Callable[[Iterable[str]], bool]:
        """Whether a match with these players involves *player* (by any of
        their names; None: everyone)."""
        if player is None:
            return lambda players: True
        names = self._roster.names_of(player)
        return lambda players: any(fold(p) in names for p in players)

    @_locked
    def list_history(
        self,
        *,
        offset: int = 0,
        limit: int = 20,
        player: str | None = None,
        status: str | None = None,
        since: date | None = None,
        until: date | None = None,
    ) -> HistoryPage:
        """Matches newest first; filters combine. Dates are local match dates."""
        if status is not None and status not in STATUSES:
            raise ValueError(f"status: {status!r} is not one of {', '.join(STATUSES)}")
        plays = self._plays(player)

        def wanted(s: MatchSummary) -> bool:
            if status is not None and s.status != status:
                return False
            if not plays(s.players):
                return False
            day = s.created.date()
            if since is not None and day < since:
                return False
            return until is None or day <= until

        found = itertools.islice(
            filter(wanted, self._newest_first()), offset, offset + limit + 1
        )
        items = tuple(found)
        return HistoryPage(items[:limit], offset, len(items) > limit)

    @_locked
    def summary(self, match_id: str, *, include_deleted: bool = False) -> MatchSummary:
        """The history line of one match, from memory (no file is read)."""
        if not include_deleted and self._is_deleted(match_id):
            raise self._not_found(match_id, deleted=True)
        e = self._live.get(match_id)
        if e is not None:
            return live_summary(e)
        s = self._archive.get(match_id)
        if s is None:
            raise self._not_found(match_id)
        return s

    def stored_matches(self, player: str | None = None) -> list[StoredMatch]:
        """Every stored match (of *player*, any of their names), oldest first;
        deleted matches are left out.

        For statistics over the whole history: each archive shard is read
        once, and a shard none of whose matches involve *player* is not read.
        The lock is held only to take the live matches and to read one shard
        at a time; parsing and scoring (the cost) run without it, so other
        phones can save meanwhile. So the result is each shard as it was when
        read: a match archived during the call is counted once (by id).
        """
        with self._guard():
            plays = self._plays(player)
            out: list[tuple[SortKey, StoredMatch]] = [
                (sort_key(live_summary(e)), stored(e))
                for e in self._live.values()
                if not e.deleted and plays(e.match.setup.players)
            ]
            seen = {m.id for _, m in out}
            shards = self._archive.shards(
                lambda i, s: i not in seen and not s.deleted and plays(s.players)
            )
        for shard in shards:
            with self._guard():
                records = []
                for record in self._archive.shard_records(shard):
                    s = self._archive.get(record["id"])
                    if s is None or s.deleted or record["id"] in seen:
                        continue
                    if record.get("deleted") or not plays(s.players):
                        continue
                    records.append((sort_key(s), record))
                    seen.add(record["id"])
            out += [(key, stored(Entry.of(0, record))) for key, record in records]
        out.sort(key=lambda x: x[0])
        return [m for _, m in out]

    @_locked
    def count(self) -> int:
        """How many matches are stored (deleted ones left out)."""
        live = sum(not e.deleted for e in self._live.values())
        return live + self._archive.count(skip=self._live)

    # -- roster and settings ---------------------------------------------
    @_locked
    def players(self) -> tuple[Player, ...]:
        return self._roster.players()

    @_locked
    def add_player(self, name: str) -> Player:
        return self._roster.add(name)

    @_locked
    def rename_player(self, old: str, new: str) -> Player:
        """Rename a player; matches keep the names used at the table, and the
        history filtered by either name still finds them."""
        return self._roster.rename(old, new)

    @_locked
    def settings(self) -> Settings:
        return self._settings.current

    @_locked
    def update_settings(self, **changes: Any) -> Settings:
        return self._settings.update(**changes)

    # -- import / export -------------------------------------------------
    @_locked
    def export_match(self, match_id: str) -> dict[str, Any]:
        """The stored match as a FORMAT.md document with ``meta``."""
        return transfer.export_document(self._entry(match_id))

    @_locked
    def export_all(self) -> list[dict[str, Any]]:
        """Every stored match, oldest first (each archive shard read once)."""
        return transfer.export_all(self._live, self._archive)

    @_locked
    def import_documents(self, docs: list[object]) -> list[ImportResult]:
        """Import match documents all or nothing (validated whole, one write).

        An id already stored with the same match, dates and notes counts as
        imported (``created=False``); with anything else it is refused.
        """
        entries, results = transfer.check_import(
            docs,
            first_key=self._new_key(),
            clock=self._clock,
            new_id=self._new_id,
            stored=lambda i: self._entry(i) if self._known(i) else None,
            is_deleted=self._is_deleted,
            location=self.location,
        )
        if entries:
            self._commit(entries)
            self._roster.register(
                dict.fromkeys(p for e in entries for p in e.match.setup.players)
            )
        return results

    # -- lifecycle -------------------------------------------------------
    def close(self) -> None:
        with self._lock:
            if not self._closed_repo:
                self._closed_repo = True
                self._backend.release()

    def __enter__(self) -> TinyDBRepository:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def open_repository(
    data_dir: str | Path | None = None,
    *,
    on_damage: OnDamage = "refuse",
    memory: bool = False,
    clock: Callable[[], datetime] = now,
) -> TinyDBRepository:
    """Open the repository on *data_dir* (resolved by :func:`resolve_data_dir`).

    Creates the folder and empty files on first run. Raises
    :class:`~.errors.DataInUseError` if another process has it open,
    :class:`~.errors.DataFileError` for a damaged file (with
    ``on_damage="refuse"``), :class:`~.errors.StorageWriteError` if the folder
    cannot be created or locked.
    """
    backend: Backend = (
        MemoryBackend() if memory else FileBackend(resolve_data_dir(data_dir))
    )
    return TinyDBRepository(backend, on_damage=on_damage, clock=clock)
