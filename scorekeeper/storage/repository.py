"""The match repository on TinyDB: :class:`TinyDBRepository` and
:func:`open_repository`.

:class:`TinyDBRepository` implements the :class:`~.port.MatchRepository` port
as a facade: it turns each call into a change of one match record (with the
undo rules of :mod:`scorekeeper.core.editlog`) and hands it to its
collaborators, which own the data: :mod:`.matches` (``live.json`` and the
commit), :mod:`.archive`, :mod:`.history`, :mod:`.meta` (roster, settings),
:mod:`.transfer` (import, export), :mod:`.hand_edits` (what an edit of a
hand makes of a record) and :mod:`.files` (schema, damage, writes). All access
is serialized by one lock.
"""

from __future__ import annotations

import functools
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import date, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, Concatenate, ParamSpec, TypeVar

from scorekeeper.core import engine
from scorekeeper.core.engine import Status
from scorekeeper.core.matchfile import dump_match
from scorekeeper.core.model import Hand, Match, MatchSetup
from scorekeeper.core.setup_checks import check_setup

from . import hand_edits, transfer
from .archive import Archive
from .backends import Backend, FileBackend, MemoryBackend
from .documents import DataFile
from .drafts import DRAFTS, DraftStore
from .errors import (
    DataFileError,
    EditRefusedError,
    StorageError,
)
from .files import (
    LIVE,
    META,
    DataFiles,
    OnDamage,
    first_start_cut_short,
    tables_if_whole,
)
from .history import History
from .matches import MatchStore
from .meta import Roster, SettingsStore
from .paths import resolve_data_dir
from .port import MatchRepository
from .records import Entry, edits, iso, now, stored
from .tournaments import TOURNAMENTS, TournamentStore
from .types import (
    STATUSES,
    Edit,
    HistoryPage,
    ImportResult,
    MatchDraft,
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

P = ParamSpec("P")
R = TypeVar("R")


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
        lazy: bool = False,
    ) -> None:
        """*lazy*: the archive's history lines are made summaries when asked
        for, and its matches shards are not looked through for changes at
        open (:class:`~.archive.Archive`): for a command that reads or adds a
        few matches; the app opens the folder whole."""
        self._files = DataFiles(backend, on_damage=on_damage, clock=clock)
        self._clock = clock
        self._lock = threading.RLock()
        self._closed_repo = False
        self.warnings = self._files.warnings
        self._archive = Archive(self._files, lazy=lazy)
        self._matches = MatchStore(self._files, self._archive)
        self._roster = Roster(self._files)
        self._settings = SettingsStore(self._files)
        self._drafts = DraftStore(self._files)
        self._history = History(self._matches, self._roster, self._guard)
        self.tournaments = TournamentStore(
            self._files, self._matches, self._guard, self._roster.register
        )
        backend.acquire()
        try:
            self._open()
        except BaseException:
            backend.release()
            raise

    @property
    def location(self) -> str:
        return self._files.location

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
        present = [n for n in (META, LIVE, DRAFTS, TOURNAMENTS) if files.exists(n)]
        present += index_files + match_files
        if not present:
            files.new_file(META, "meta")
            files.new_file(LIVE, "live")
            return
        if first_start_cut_short(
            present, lambda: tables_if_whole(files.backend.db(META))
        ):
            files.new_file(LIVE, "live")  # what the first start did not write
        files.open_file(META, "meta", "settings and roster", self._read_meta)
        matches = self._matches
        files.open_file(LIVE, "live", "the matches in progress", matches.read_live)
        self._archive.load(index_files, match_files, live=matches.live)
        matches.opened()
        self.tournaments.load()
        self._drafts.load()  # last: a damaged draft file never stops the rest

    def _read_meta(self, meta: DataFile) -> None:
        self._settings.load(meta)
        self._roster.load(meta)

    # -- changing a match ------------------------------------------------
    def _save(self, e: Entry) -> StoredMatch:
        """Commit one changed match; what the caller gets back."""
        self._matches.commit([e])
        return stored(e)

    def _changed(self, e: Entry, match: Match, **changes: Any) -> Entry:
        """*e* changed now (see :meth:`.records.Entry.changed`)."""
        return e.changed(match, iso(self._clock()), **changes)

    def _editable(self, match_id: str) -> Entry:
        """The entry of *match_id*, refused if the match is abandoned or is a
        tournament's match whose result was confirmed."""
        e = self._matches.entry(match_id)
        self.tournaments.refuse_if_confirmed(match_id)
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
            not self._matches.known(rematch_of) or self._matches.is_deleted(rematch_of)
        ):
            raise self._matches.not_found(rematch_of)
        match = Match(setup, ())
        at = self._clock()
        record = {
            "id": self._matches.new_id(at),
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
        e = Entry(self._matches.new_key(), record, match, engine.evaluate(match))
        # the players first: a meta.json as new then means no match was ever
        # made here (files.first_start_cut_short)
        self._roster.register(setup.players)
        self._matches.commit([e])
        return stored(e)

    @_locked
    def get_match(self, match_id: str, *, include_deleted: bool = False) -> StoredMatch:
        """The stored match; a deleted one raises :class:`MatchNotFoundError`
        unless *include_deleted* (then ``StoredMatch.deleted`` says so)."""
        return stored(self._matches.entry(match_id, include_deleted=include_deleted))

    def _apply(self, e: Entry, change: hand_edits.HandChange) -> StoredMatch:
        """Commit one edit of a hand (:mod:`.hand_edits`)."""
        new = self._changed(
            e,
            change.match,
            hand_docs=change.hand_docs,
            edit=change.edit,
            **change.fields,
        )
        return self._save(new)

    @_locked
    def add_hand(
        self,
        match_id: str,
        hand: Hand,
        *,
        by: str | None = None,
        expected_index: int | None = None,
    ) -> StoredMatch:
        """Add *hand* after the last one. With *expected_index* (the 0-based
        index the caller is entering) a match that already has that hand
        refuses with :class:`HandAlreadySavedError` (another phone saved it
        first), carrying the stored hand; nothing is written."""
        e = self._editable(match_id)
        return self._apply(e, hand_edits.added(e, hand, by, expected_index))

    @_locked
    def record_declaration(
        self,
        match_id: str,
        hand: Hand,
        *,
        by: str | None = None,
        expected_index: int | None = None,
    ) -> StoredMatch:
        if hand.declaration is None:
            raise EditRefusedError(
                "the hand carries no declaration", code="not_a_declaration"
            )
        return self.add_hand(match_id, hand, by=by, expected_index=expected_index)

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
        return self._apply(e, hand_edits.replaced(e, index, hand, by, expected))

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
        return self._apply(e, hand_edits.deleted(e, index, by, expected))

    @_locked
    def undo(
        self, match_id: str, *, by: str | None = None, expected: int | None = None
    ) -> StoredMatch:
        """Revert the last edit not yet undone (logged, with the hand it
        removed). With ``expected`` (the ``undo_target`` the caller saw) it is
        refused if that is no longer the edit undo would revert. An abandoned
        match can be undone (its last edit may be the abandoning)."""
        e = self._matches.entry(match_id)
        self.tournaments.refuse_if_confirmed(match_id)
        return self._apply(e, hand_edits.undone(e, by, expected))

    @_locked
    def edit_history(
        self, match_id: str, *, include_deleted: bool = False
    ) -> tuple[Edit, ...]:
        return edits(self._matches.entry(match_id, include_deleted=include_deleted))

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
        e = self._matches.entry(match_id)
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
        e = self._matches.entry(match_id)
        return self._save(self._changed(e, e.match, notes=str(notes)))

    # -- deleting (tombstones) -------------------------------------------
    @_locked
    def delete_match(self, match_id: str, *, by: str | None = None) -> StoredMatch:
        """Mark the match deleted (a tombstone, one write); :meth:`restore_match`
        brings it back until the history is compacted. Returns it as stored,
        ``deleted=True``."""
        e = self._matches.entry(match_id)
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
        e = self._matches.entry(match_id, include_deleted=True)
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
        return self._history.deleted()

    @_locked
    def compact_history(self) -> int:
        """Remove every deleted match for good (they cannot be restored any
        more); how many were removed."""
        return self._matches.compact()

    @_locked
    def revision(self) -> int:
        """A number that changes whenever stored data changes (for caches)."""
        return self._matches.revision

    # -- history ---------------------------------------------------------
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
        return self._history.page(
            offset=offset,
            limit=limit,
            player=player,
            status=status,
            since=since,
            until=until,
        )

    @_locked
    def summary(self, match_id: str, *, include_deleted: bool = False) -> MatchSummary:
        """The history line of one match, from memory (no file is read)."""
        return self._history.summary(match_id, include_deleted=include_deleted)

    def stored_matches(self, player: str | None = None) -> list[StoredMatch]:
        """Every stored match (of *player*, any of their names), oldest first;
        deleted matches are left out. Takes the lock one shard at a time."""
        return self._history.stored_matches(player)

    @_locked
    def count(self) -> int:
        """How many matches are stored (deleted ones left out)."""
        return self._history.count()

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

    # -- drafts ----------------------------------------------------------
    @_locked
    def get_draft(self, match_id: str) -> MatchDraft | None:
        """The match's one draft as stored (from memory), or ``None``."""
        return self._drafts.get(match_id)

    @_locked
    def put_draft(self, draft: MatchDraft) -> MatchDraft:
        """Store the match's one draft: one atomic write of ``drafts.json``."""
        if not self._matches.known(draft.match_id):
            raise self._matches.not_found(draft.match_id)
        return self._drafts.put(draft, self._clock(), self._matches.playing)

    # -- import / export -------------------------------------------------
    @_locked
    def export_match(self, match_id: str) -> dict[str, Any]:
        """The stored match as a FORMAT.md document with ``meta``."""
        return transfer.export_document(self._matches.entry(match_id))

    def export_stream(self, missing: list[DataFileError]) -> Iterator[dict[str, Any]]:
        """Every stored match, oldest first, one document at a time (memory
        bounded: an archive shard or two at a time), then every tournament
        (docs/TOURNAMENT.md, its matches in). A match that cannot be read is
        left out, its :class:`DataFileError` appended to *missing*; the
        others are all given. Takes the lock per shard."""
        yield from transfer.export_stream(
            self._matches.live, self._archive, missing, self._guard
        )
        yield from self.tournaments.export_documents(missing)

    def export_all(
        self, missing: list[DataFileError] | None = None
    ) -> list[dict[str, Any]]:
        """Every stored match, oldest first, then every tournament. A match
        that cannot be read is appended to *missing*, or without it raises
        its :class:`DataFileError` (a backup never silently lacks a match)."""
        lost: list[DataFileError] = [] if missing is None else missing
        docs = list(self.export_stream(lost))
        if missing is None and lost:
            first = lost[0]
            raise DataFileError(
                f"{first} (and {len(lost) - 1} more not exported)"
                if len(lost) > 1
                else str(first),
                code=first.code,
                path=first.path,
                missing=len(lost),
            )
        return docs

    @_locked
    def import_documents(self, docs: list[object]) -> list[ImportResult]:
        """Import match documents all or nothing (validated whole, one write).

        An id already stored with the same match, dates and notes counts as
        imported (``created=False``); with anything else it is refused. A
        match without an id gets a new one, unless an identical match (same
        players, first dealer, rules and hands) is stored: then it counts as
        imported too, with that match's id (so a file imported twice is
        stored once).
        """
        matches = self._matches
        docs, tournaments = self.tournaments.split_import(docs, self._clock())
        entries, results = transfer.check_import(
            docs,
            first_key=matches.new_key(),
            clock=self._clock,
            new_id=matches.new_id,
            stored=lambda i: matches.entry(i) if matches.known(i) else None,
            is_deleted=matches.is_deleted,
            location=self.location,
            identical=transfer.IdenticalMatches(matches.live, matches.archive).take,
        )
        if entries:
            # an imported match is not being played here: it waits in the
            # archive (an unfinished one comes back at its next change)
            matches.commit(entries, park=True)
            self._roster.register(
                dict.fromkeys(p for e in entries for p in e.match.setup.players)
            )
        # after the matches: a crash between leaves them stored, and the same
        # import again stores the tournament (its matches "already stored")
        return results + self.tournaments.store_imported(tournaments)

    # -- lifecycle -------------------------------------------------------
    def close(self) -> None:
        with self._lock:
            if not self._closed_repo:
                self._closed_repo = True
                self._files.backend.release()

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
    lazy: bool = False,
) -> TinyDBRepository:
    """Open the repository on *data_dir* (resolved by :func:`resolve_data_dir`).

    Creates the folder and empty files on first run. Raises
    :class:`~.errors.DataInUseError` if another process has it open,
    :class:`~.errors.DataFileError` for a damaged file (with
    ``on_damage="refuse"``), :class:`~.errors.StorageWriteError` if the folder
    cannot be created or locked. *lazy*: see :class:`TinyDBRepository`.
    """
    backend: Backend = (
        MemoryBackend() if memory else FileBackend(resolve_data_dir(data_dir))
    )
    return TinyDBRepository(backend, on_damage=on_damage, clock=clock, lazy=lazy)


if TYPE_CHECKING:  # mypy checks the facade against the port it implements
    _implements: type[MatchRepository] = TinyDBRepository
