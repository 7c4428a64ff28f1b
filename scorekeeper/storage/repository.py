"""The match repository: every match, hand and edit kept on disk in TinyDB.

The port is :class:`MatchRepository` (a ``Protocol``); it speaks domain types
only (:class:`~scorekeeper.core.model.Match`, :class:`~scorekeeper.core.model.Hand`,
and the frozen dataclasses below) and no TinyDB object ever leaves this
package. :class:`TinyDBRepository` implements it; :func:`open_repository`
opens one on a data folder.

Design (why a hand save stays small however long the history grows)
------------------------------------------------------------------
TinyDB reads and rewrites a whole file on every write, so the data is split
by how often it changes::

    <data>/.lock                       filelock: one process at a time
    <data>/meta.json                   schema, settings, roster of players
    <data>/live.json                   matches still being played + pending moves
    <data>/archive/matches-0000.json   finished/abandoned matches, 250 per shard
    <data>/archive/index-0000.json     their summaries (the history index)

* A stored match is a *record*: ``id``, ``created``, ``updated``, ``abandoned``,
  ``notes``, ``seq`` (its place in the archive), ``match`` (the FORMAT.md
  document made by :func:`~scorekeeper.core.matchfile.dump_match`, so stored
  data and export are one format) and ``edits`` (the edit log, see below).
* **Every change is one atomic write of ``live.json``**, and that write is the
  acknowledgement: when a method returns, the change is on disk (temporary
  file, fsync, rename, fsync of the folder: :mod:`.atomic`). ``live.json``
  holds only the matches in progress (a handful), so a hand save writes a few
  kilobytes whether the archive holds ten matches or ten thousand.
* A record is *closed* when its match is won (the engine says so) or
  abandoned. A closed record in ``live.json`` is *pending*: right after the
  acknowledged write its summary goes to its index shard (``seq // 250``),
  the record to the matching archive shard, and only then it is removed
  from ``live.json``. Each step is idempotent; a crash between them leaves the
  record pending in ``live.json``, and the next open finishes the move. A
  failed move (full disk) leaves it pending too. While a record is in
  ``live.json`` it is the authoritative copy of that match, whatever the
  archive says. An edit to an archived match takes the same road: the new
  record is written to ``live.json`` first, then moved back.
* Finishing a match therefore rewrites one shard of at most 250 matches and
  its index shard: bounded, whatever the size of the history.
* The history index (a summary per match: id, dates, players, totals, status,
  winner) is loaded at open and kept in memory sorted by date, merged with
  the live matches, so the first page of the history costs O(page).
  Archived matches themselves are read from their shard only when asked for.

Edit history: replacing or deleting a hand appends an entry to the record's
``edits`` with who (``by``), when (``at``) and the hand as it was
(``before``); adding a hand, abandoning and resuming are logged too. :meth:`undo`
reverts the latest edit not yet undone and is itself logged (with the hand it
removed), so no edit ever destroys data.

Deleting a match (:meth:`TinyDBRepository.delete_match`) is an edit too: the
record gains ``deleted: true`` (a *tombstone*, kept where the record is) and
its edit log says who deleted it and when. A deleted record is closed, so it
takes the archive road above like a finished one; its summary carries
``deleted_at``. Deleted matches are left out of the history, the statistics
inputs, :meth:`~TinyDBRepository.export_all` and :meth:`~TinyDBRepository.count`;
:meth:`~TinyDBRepository.get_match` refuses them unless asked
(``include_deleted=True``); :meth:`~TinyDBRepository.deleted_matches` lists
them and :meth:`~TinyDBRepository.restore_match` brings one back as it was
(the ``deleted`` key is removed, ``updated`` is left untouched; only the edit
log grows). Delete and restore are logged but cannot be undone by
:meth:`~TinyDBRepository.undo` (restore is the way back).

*Compacting* the history (:meth:`~TinyDBRepository.compact_history`) removes
the tombstoned records for good, from ``live.json``, the archive and the
index; after it a deleted match cannot be restored. The edit logs of the
other matches are kept whole (they are the audit trail of every score, and
:meth:`undo` needs them). Crash safety: the list of ``[id, seq]`` to remove is
first written to the ``purge`` table of ``live.json`` (with the tombstones
still in ``live.json`` removed, one atomic write, the acknowledgement); then
each shard drops them, index first; then the list is cleared. A crash in
between leaves the list in ``live.json`` and the next open finishes it. A
shard entry is dropped only if it still holds that id, deleted.

The ``deleted`` record key and the ``deleted_at`` summary key are additive
and optional: data written before they existed reads as "not deleted", so no
schema version bump was needed for them.

Every file carries a ``_schema`` table (``version``, ``kind``). A file with a
newer or unknown schema is refused; an older one is copied aside
(``<file>.schema-N.bak``) and upgraded by the steps in :data:`MIGRATIONS`.
A damaged file is never overwritten: by default :func:`open_repository`
refuses to start with a :class:`~.errors.DataFileError` that names the file
and what is wrong; with ``on_damage="move_aside"`` the file is renamed to
``<file>.damaged-<timestamp>`` and the repository starts without it (and
rebuilds an index shard from its matches), listing what happened in
:attr:`TinyDBRepository.warnings`.

All access is serialized by one ``threading.RLock`` (the UI serves several
sessions from one process).
"""

from __future__ import annotations

import bisect
import functools
import heapq
import itertools
import logging
import re
import secrets
import threading
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field, fields, replace
from datetime import date, datetime
from pathlib import Path
from typing import Any, Literal, Protocol

from tinydb import TinyDB

from scorekeeper.core import engine
from scorekeeper.core.engine import MatchState, Status
from scorekeeper.core.matchfile import (
    MatchFileError,
    dump_hand,
    dump_match,
    parse_match,
)
from scorekeeper.core.model import (
    MAX_NAME_LENGTH,
    TARGET_MAX,
    TARGET_MIN,
    Hand,
    Match,
    MatchSetup,
    Preset,
)
from scorekeeper.core.problems import HandError
from scorekeeper.core.validation import check_setup

from .backends import Backend, FileBackend, MemoryBackend
from .errors import (
    DataFileError,
    EditRefusedError,
    ImportRefusedError,
    MatchNotFoundError,
    RosterError,
    SettingsError,
    StorageError,
)
from .paths import resolve_data_dir

log = logging.getLogger(__name__)

SCHEMA_VERSION = 1
SHARD_SIZE = 250
META, LIVE = "meta.json", "live.json"
MATCHES_TABLE, PLAYERS_TABLE, SETTINGS_TABLE, SCHEMA_TABLE = (
    "matches",
    "players",
    "settings",
    "_schema",
)
INDEX_TABLE = "summaries"

#: ``MIGRATIONS[n](tables, kind)`` upgrades a file's raw tables from schema
#: ``n`` to ``n + 1`` (the ``_schema`` table is updated by the caller).
MIGRATIONS: dict[int, Callable[[dict[str, Any], str], dict[str, Any]]] = {}

ID_PATTERN = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$")
STATUSES = ("in_progress", "tie_break", "won", "abandoned")
LANGUAGES = ("it", "en")
THEMES = ("system", "light", "dark")
EDIT_ACTIONS = (
    "add",
    "replace",
    "delete",
    "abandon",
    "resume",
    "undo",
    "delete_match",
    "restore_match",
)
#: logged, but not reverted by ``undo`` (``restore_match`` is the way back)
NOT_UNDOABLE = ("undo", "delete_match", "restore_match")
PURGE_TABLE = "purge"

OnDamage = Literal["refuse", "move_aside"]


def matches_name(shard: int) -> str:
    return f"archive/matches-{shard:04d}.json"


def index_name(shard: int) -> str:
    return f"archive/index-{shard:04d}.json"


def _shard_of_index(name: str) -> int:
    return int(name.rsplit("-", 1)[1].split(".")[0])


# -- domain values the repository returns ------------------------------------
@dataclass(frozen=True)
class Settings:
    """App settings: UI language, theme, and the defaults of a new match."""

    language: str = "it"
    theme: str = "system"
    preset: Preset = Preset.CLASSICO
    target: int = 31


@dataclass(frozen=True)
class Player:
    """A roster entry: the current name and the names it had before."""

    name: str
    former_names: tuple[str, ...] = ()
    created: datetime | None = None

    @property
    def all_names(self) -> tuple[str, ...]:
        return (self.name, *self.former_names)


@dataclass(frozen=True)
class Edit:
    """One entry of a match's edit log (``number`` counts from 1)."""

    number: int
    at: datetime
    by: str | None
    action: str  # one of EDIT_ACTIONS
    index: int | None  # 0-based hand index, for hand edits
    before: Hand | None  # the hand as it was (replace, delete, undo)
    after: Hand | None  # the new hand (replace)
    undoes: int | None  # for "undo": the number of the edit reverted
    undone: bool  # a later "undo" reverted this edit


@dataclass(frozen=True)
class MatchSummary:
    """One line of the history. ``winner`` is a side index (0 or 1) or None."""

    id: str
    created: datetime
    updated: datetime
    players: tuple[str, ...]
    totals: tuple[int, int]
    status: str  # in_progress, tie_break, won, abandoned
    winner: int | None
    hands: int
    target: int
    rematch_of: str | None = None  # the match this one is a rivincita of
    ending: str | None = None  # how a won match ended (engine.Ending values)
    deleted_at: datetime | None = None  # set while the match is deleted

    @property
    def deleted(self) -> bool:
        return self.deleted_at is not None

    @property
    def sides(self) -> tuple[str, str]:
        return (
            " & ".join(self.players[0::2]),
            " & ".join(self.players[1::2]),
        )

    @property
    def winner_name(self) -> str | None:
        return None if self.winner is None else self.sides[self.winner]


@dataclass(frozen=True)
class StoredMatch:
    """A match as stored: the domain match, its derived state and its metadata."""

    id: str
    match: Match
    state: MatchState
    created: datetime
    updated: datetime
    abandoned: bool = False
    notes: str = ""
    edit_count: int = 0
    undo_target: int | None = None  # the edit "undo" would revert, if any
    rematch_of: str | None = None  # the match this one is a rivincita of
    deleted: bool = False  # only seen with ``include_deleted=True``

    @property
    def can_undo(self) -> bool:
        return self.undo_target is not None

    @property
    def status(self) -> str:
        return "abandoned" if self.abandoned else self.state.status.value

    @property
    def winner(self) -> int | None:
        return None if self.abandoned else self.state.winner


@dataclass(frozen=True)
class HistoryPage:
    items: tuple[MatchSummary, ...]
    offset: int
    has_more: bool


@dataclass(frozen=True)
class ImportResult:
    id: str
    created: bool  # False: an identical match with this id was already stored


@dataclass(frozen=True)
class Warning_:
    """Something the repository did on its own that the user should hear of."""

    code: str  # moved_aside, rebuilt_index, pending_move, migrated, cleaned
    message: str
    params: Mapping[str, Any] = field(default_factory=dict)


class MatchRepository(Protocol):
    """The storage port the UI and the commands use (domain types only)."""

    def create_match(
        self,
        setup: MatchSetup,
        *,
        notes: str = "",
        by: str | None = None,
        rematch_of: str | None = None,
    ) -> StoredMatch: ...
    def get_match(
        self, match_id: str, *, include_deleted: bool = False
    ) -> StoredMatch: ...
    def add_hand(
        self, match_id: str, hand: Hand, *, by: str | None = None
    ) -> StoredMatch: ...
    def replace_hand(
        self,
        match_id: str,
        index: int,
        hand: Hand,
        *,
        by: str | None = None,
        expected: Hand | None = None,
    ) -> StoredMatch: ...
    def delete_hand(
        self,
        match_id: str,
        index: int,
        *,
        by: str | None = None,
        expected: Hand | None = None,
    ) -> StoredMatch: ...
    def record_declaration(
        self, match_id: str, hand: Hand, *, by: str | None = None
    ) -> StoredMatch: ...
    def undo(
        self, match_id: str, *, by: str | None = None, expected: int | None = None
    ) -> StoredMatch: ...
    def edit_history(self, match_id: str) -> tuple[Edit, ...]: ...
    def finish_match(self, match_id: str) -> StoredMatch: ...
    def abandon_match(self, match_id: str, *, by: str | None = None) -> StoredMatch: ...
    def resume_match(self, match_id: str, *, by: str | None = None) -> StoredMatch: ...
    def set_notes(self, match_id: str, notes: str) -> StoredMatch: ...
    def delete_match(self, match_id: str, *, by: str | None = None) -> StoredMatch: ...
    def restore_match(self, match_id: str, *, by: str | None = None) -> StoredMatch: ...
    def deleted_matches(self) -> tuple[MatchSummary, ...]: ...
    def compact_history(self) -> int: ...
    def revision(self) -> int: ...
    def list_history(
        self,
        *,
        offset: int = 0,
        limit: int = 20,
        player: str | None = None,
        status: str | None = None,
        since: date | None = None,
        until: date | None = None,
    ) -> HistoryPage: ...
    def players(self) -> tuple[Player, ...]: ...
    def add_player(self, name: str) -> Player: ...
    def rename_player(self, old: str, new: str) -> Player: ...
    def settings(self) -> Settings: ...
    def update_settings(self, **changes: Any) -> Settings: ...
    def import_documents(self, docs: list[object]) -> list[ImportResult]: ...
    def export_match(self, match_id: str) -> dict[str, Any]: ...
    def export_all(self) -> list[dict[str, Any]]: ...
    def close(self) -> None: ...


# -- helpers -----------------------------------------------------------------
def _now() -> datetime:
    return datetime.now().astimezone()


def _iso(t: datetime) -> str:
    return t.isoformat(timespec="seconds")


def _parse_time(value: object, where: str) -> datetime:
    if not isinstance(value, str):
        raise ValueError(f"{where}: expected an ISO 8601 date-time, found {value!r}")
    try:
        t = datetime.fromisoformat(value)
    except ValueError:
        raise ValueError(f"{where}: {value!r} is not an ISO 8601 date-time") from None
    return t if t.tzinfo is not None else t.astimezone()


def _fold(name: str) -> str:
    return name.strip().casefold()


def _status_of(state: MatchState, abandoned: bool) -> str:
    return "abandoned" if abandoned else state.status.value


def _closed(state: MatchState, abandoned: bool) -> bool:
    return abandoned or state.status is Status.WON


def _locked(method: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(method)
    def wrapper(self: TinyDBRepository, *args: Any, **kwargs: Any) -> Any:
        with self._lock:
            if self._closed_repo:
                raise StorageError("the repository is closed", code="closed")
            return method(self, *args, **kwargs)

    return wrapper


@dataclass
class _Live:
    """A record held in ``live.json``, with its parsed match and state."""

    key: int  # TinyDB doc_id in live.json
    record: dict[str, Any]
    match: Match
    state: MatchState

    @property
    def closed(self) -> bool:
        return self.deleted or _closed(self.state, self.record["abandoned"])

    @property
    def deleted(self) -> bool:
        return bool(self.record.get("deleted", False))


def _summary_doc(record: Mapping[str, Any], state: MatchState) -> dict[str, Any]:
    abandoned = record["abandoned"]
    return {
        "id": record["id"],
        "seq": record.get("seq"),
        "created": record["created"],
        "updated": record["updated"],
        "players": list(state.setup.players),
        "totals": list(state.totals),
        "status": _status_of(state, abandoned),
        "winner": None if abandoned else state.winner,
        "hands": len(state.hands),
        "target": state.setup.rules.target,
        "rematch_of": record.get("rematch_of"),
        "ending": None if state.ending is None else state.ending.value,
        "deleted_at": _deleted_at(record),
    }


def _deleted_at(record: Mapping[str, Any]) -> str | None:
    """When a deleted record was deleted (its last ``delete_match`` edit)."""
    if not record.get("deleted", False):
        return None
    for edit in reversed(record["edits"]):
        if edit["action"] == "delete_match":
            return edit["at"]
    return record["updated"]


def _summary(doc: Mapping[str, Any]) -> MatchSummary:
    return MatchSummary(
        id=doc["id"],
        created=datetime.fromisoformat(doc["created"]),
        updated=datetime.fromisoformat(doc["updated"]),
        players=tuple(doc["players"]),
        totals=(doc["totals"][0], doc["totals"][1]),
        status=doc["status"],
        winner=doc["winner"],
        hands=doc["hands"],
        target=doc["target"],
        rematch_of=doc.get("rematch_of"),
        ending=doc.get("ending"),
        deleted_at=(
            datetime.fromisoformat(doc["deleted_at"]) if doc.get("deleted_at") else None
        ),
    )


def _sort_key(s: MatchSummary) -> tuple[float, str]:
    return (s.created.timestamp(), s.id)


def _hand_from_doc(match_doc: Mapping[str, Any], hand_doc: object) -> Hand:
    """A stored hand (FORMAT.md) back as a :class:`Hand`, read by the core."""
    doc = dict(match_doc)
    doc["hands"] = [hand_doc]
    doc.pop("meta", None)
    return parse_match(doc).match.hands[0]


def _player_key(
    players: Mapping[int, Mapping[str, Any]], name: str, *, former: bool = True
) -> int | None:
    """The roster key of the player called *name* (now, or before if *former*)."""
    folded = _fold(name)
    for key, p in players.items():
        names = [p["name"], *(p.get("former_names", []) if former else [])]
        if folded in (_fold(n) for n in names):
            return key
    return None


def _undone_numbers(edits: list[dict[str, Any]]) -> set[int]:
    return {e["undoes"] for e in edits if e["action"] == "undo"}


def _check_hand(e: _Live, index: int, expected: Hand | None) -> None:
    """Refuse an edit of hand ``index`` made on a view of the match that is no
    longer true: that hand is not ``expected`` any more (None: no check)."""
    if expected is None:
        return
    hands = e.match.hands
    found = hands[index] if 0 <= index < len(hands) else None
    if found != expected:
        raise EditRefusedError(
            f"match {e.record['id']!r}: hand {index + 1} is not the one expected: "
            "the match changed meanwhile",
            code="changed_meanwhile",
            match_id=e.record["id"],
            index=index,
        )


def _last_undoable(edits: list[dict[str, Any]]) -> int | None:
    undone = _undone_numbers(edits)
    for number in range(len(edits), 0, -1):
        e = edits[number - 1]
        if e["action"] not in NOT_UNDOABLE and number not in undone:
            return number
    return None


# -- the TinyDB implementation ----------------------------------------------
class TinyDBRepository:
    """:class:`MatchRepository` on TinyDB files (see the module docstring)."""

    def __init__(
        self,
        backend: Backend,
        *,
        on_damage: OnDamage = "refuse",
        clock: Callable[[], datetime] = _now,
    ) -> None:
        if on_damage not in ("refuse", "move_aside"):
            raise ValueError(f"on_damage: {on_damage!r}")
        self._backend = backend
        self._on_damage = on_damage
        self._clock = clock
        self._lock = threading.RLock()
        self._closed_repo = False
        self.warnings: list[Warning_] = []
        self._live: dict[str, _Live] = {}
        self._archived: dict[str, MatchSummary] = {}
        self._archived_seq: dict[str, int] = {}
        self._order: list[tuple[tuple[float, str], str]] = []
        self._players: dict[int, dict[str, Any]] = {}
        self._settings = Settings()
        self._next_seq = 0
        self._purge_pending: list[tuple[str, int]] = []
        self._revision = 0
        backend.acquire()
        try:
            self._open()
        except BaseException:
            backend.release()
            raise

    # -- opening ---------------------------------------------------------
    @property
    def location(self) -> str:
        return self._backend.location

    def _db(self, name: str) -> TinyDB:
        return self._backend.db(name)

    def _damaged(self, exc: DataFileError, name: str) -> None:
        """Refuse (re-raise with a recovery hint) or move the file aside."""
        if self._on_damage == "refuse":
            exc.args = (
                f"{exc.args[0]}. The file was left untouched: restore it from a "
                "backup, or start again with --recover to move it aside to a "
                "timestamped copy and continue without it",
            )
            raise exc
        moved = self._backend.move_aside(name, self._clock())
        self.warnings.append(
            Warning_(
                "moved_aside",
                f"{exc}; it was moved aside to {moved}",
                {"path": exc.path, "moved_to": moved, "problem": exc.code},
            )
        )
        log.warning("%s; moved aside to %s", exc, moved)

    def _read_checked(self, name: str, kind: str) -> dict[str, Any] | None:
        """The raw tables of file *name*, schema checked and migrated; None if new."""
        db = self._db(name)
        path = self._backend.path_of(name)
        raw = db.storage.read()
        if raw is None:
            return None
        schema = raw.get(SCHEMA_TABLE, {})
        doc = schema.get("1") if isinstance(schema, dict) else None
        version = doc.get("version") if isinstance(doc, dict) else None
        found_kind = doc.get("kind") if isinstance(doc, dict) else None
        if (
            not isinstance(version, int)
            or isinstance(version, bool)
            or version < 1
            or found_kind != kind
        ):
            raise DataFileError(
                f"{path}: not a {kind} file of this app or of an unknown schema "
                f"(found schema {version!r}, kind {found_kind!r})",
                code="unknown_schema",
                path=path,
                found=version,
                kind=kind,
            )
        if version > SCHEMA_VERSION:
            raise DataFileError(
                f"{path}: written by a newer version of the app (schema {version}; "
                f"this version reads schema {SCHEMA_VERSION}); update the app",
                code="newer_schema",
                path=path,
                found=version,
                supported=SCHEMA_VERSION,
            )
        for table_name, table in raw.items():
            if not isinstance(table, dict) or not all(
                isinstance(d, dict) for d in table.values()
            ):
                raise DataFileError(
                    f"{path}: not a database of this app (table {table_name!r} "
                    "is not a set of documents)",
                    code="not_database",
                    path=path,
                )
        if version < SCHEMA_VERSION:
            raw = self._migrate(name, kind, raw, version)
        return raw

    def _migrate(
        self, name: str, kind: str, raw: dict[str, Any], version: int
    ) -> dict[str, Any]:
        path = self._backend.path_of(name)
        backup = self._backend.copy_aside(name, f"schema-{version}.bak")
        for v in range(version, SCHEMA_VERSION):
            step = MIGRATIONS.get(v)
            if step is None:
                raise DataFileError(
                    f"{path}: schema {v} has no migration step to {v + 1}",
                    code="unknown_schema",
                    path=path,
                    found=v,
                )
            raw = step(raw, kind)
            raw[SCHEMA_TABLE] = {"1": {"version": v + 1, "kind": kind}}
        self._db(name).storage.write(raw)
        self.warnings.append(
            Warning_(
                "migrated",
                f"{path}: upgraded from schema {version} to {SCHEMA_VERSION} "
                f"(the old file is kept as {backup})",
                {"path": path, "from": version, "to": SCHEMA_VERSION, "backup": backup},
            )
        )
        return raw

    def _load(self, name: str, kind: str) -> dict[str, Any] | None:
        try:
            return self._read_checked(name, kind)
        except DataFileError as exc:
            self._damaged(exc, name)
            return None

    def _new_file(self, name: str, kind: str, tables: dict[str, Any]) -> None:
        data = {SCHEMA_TABLE: {"1": {"version": SCHEMA_VERSION, "kind": kind}}}
        data.update(tables)
        self._db(name).storage.write(data)

    def _missing(self, name: str, what: str) -> None:
        path = self._backend.path_of(name)
        exc = DataFileError(
            f"{path}: missing ({what}), while other data files exist",
            code="missing",
            path=path,
        )
        if self._on_damage == "refuse":
            self._damaged(exc, name)
        self.warnings.append(
            Warning_("recreated", f"{exc}; a new empty one was created", {"path": path})
        )

    def _open(self) -> None:
        b = self._backend
        index_files = b.names("archive/index-*.json")
        match_files = b.names("archive/matches-*.json")
        first_run = not (b.exists(META) or b.exists(LIVE) or index_files or match_files)
        if first_run:
            self._new_file(META, "meta", {SETTINGS_TABLE: {}, PLAYERS_TABLE: {}})
            self._new_file(LIVE, "live", {MATCHES_TABLE: {}})
            return
        had_meta, had_live = b.exists(META), b.exists(LIVE)
        meta = self._load(META, "meta") if had_meta else None
        if meta is None:
            if not had_meta:
                self._missing(META, "settings and roster")
            self._new_file(META, "meta", {SETTINGS_TABLE: {}, PLAYERS_TABLE: {}})
            meta = {}
        self._read_meta(meta)
        live = self._load(LIVE, "live") if had_live else None
        if live is not None:
            try:
                self._read_live(live)
            except DataFileError as exc:
                self._live.clear()
                self._damaged(exc, LIVE)
                live = None
        if live is None:
            if not had_live:
                self._missing(LIVE, "the matches in progress")
            self._new_file(LIVE, "live", {MATCHES_TABLE: {}})
        self._read_index(index_files, match_files)
        if self._purge_pending:
            self._finish_purge(self._purge_pending)
        self._next_seq = 1 + max(
            itertools.chain(
                self._archived_seq.values(),
                (
                    e.record["seq"]
                    for e in self._live.values()
                    if e.record["seq"] is not None
                ),
            ),
            default=-1,
        )
        self._flush()

    def _read_meta(self, meta: dict[str, Any]) -> None:
        raw = meta.get(SETTINGS_TABLE, {}).get("1")
        if raw:
            try:
                self._settings = self._make_settings(Settings(), raw)
            except SettingsError as exc:
                self.warnings.append(
                    Warning_("bad_settings", f"{exc}; defaults used", exc.params)
                )
        self._players = {
            int(k): dict(v) for k, v in meta.get(PLAYERS_TABLE, {}).items()
        }

    def _read_live(self, live: dict[str, Any]) -> None:
        path = self._backend.path_of(LIVE)
        for key, record in live.get(MATCHES_TABLE, {}).items():
            try:
                match = parse_match(record["match"]).match
                state = engine.evaluate(match)
                _parse_time(record["created"], "created")
                record.setdefault("seq", None)
                record.setdefault("edits", [])
            except (KeyError, TypeError, ValueError) as e:
                raise DataFileError(
                    f"{path}: match record {key} is damaged ({e})",
                    code="not_database",
                    path=path,
                ) from None
            self._live[record["id"]] = _Live(int(key), record, match, state)
        purge = live.get(PURGE_TABLE, {}).get("1", {}).get("items", [])
        try:
            self._purge_pending = [(str(i), int(seq)) for i, seq in purge]
        except (TypeError, ValueError) as e:
            raise DataFileError(
                f"{path}: the list of deleted matches to remove is damaged ({e})",
                code="not_database",
                path=path,
            ) from None

    def _read_index(self, index_files: list[str], match_files: list[str]) -> None:
        indexed = set()
        for name in index_files:
            raw = self._load(name, "index")
            if raw is None:
                continue
            try:
                parsed = self._parse_summaries(raw.get(INDEX_TABLE, {}).values(), name)
            except DataFileError as exc:
                self._damaged(exc, name)
                continue
            self._add_summaries(parsed)
            indexed.add(_shard_of_index(name))
        for name in match_files:
            shard = _shard_of_index(name)
            if shard not in indexed:
                self._rebuild_index(shard)
        self._order.sort()

    def _parse_summaries(
        self, docs: Iterable[dict[str, Any]], name: str
    ) -> list[tuple[MatchSummary, int]]:
        out = []
        for doc in docs:
            try:
                out.append((_summary(doc), int(doc["seq"])))
            except (KeyError, TypeError, ValueError, IndexError) as e:
                path = self._backend.path_of(name)
                raise DataFileError(
                    f"{path}: a summary is damaged ({e!r})",
                    code="not_database",
                    path=path,
                ) from None
        return out

    def _add_summaries(self, parsed: Iterable[tuple[MatchSummary, int]]) -> None:
        for s, seq in parsed:
            old = self._archived.get(s.id)
            self._archived[s.id] = s
            self._archived_seq[s.id] = seq
            if old is None:
                self._order.append((_sort_key(s), s.id))

    def _rebuild_index(self, shard: int) -> None:
        """Recreate an index shard from its matches shard (the index is derived)."""
        raw = self._load(matches_name(shard), "archive")
        if raw is None:
            return
        docs = {}
        for key, record in raw.get(MATCHES_TABLE, {}).items():
            state = engine.evaluate(parse_match(record["match"]).match)
            docs[key] = _summary_doc(record, state)
        self._new_file(index_name(shard), "index", {INDEX_TABLE: docs})
        self._add_summaries(self._parse_summaries(docs.values(), index_name(shard)))
        self.warnings.append(
            Warning_(
                "rebuilt_index",
                f"{self._backend.path_of(index_name(shard))}: rebuilt from "
                f"{self._backend.path_of(matches_name(shard))}",
                {"path": self._backend.path_of(index_name(shard))},
            )
        )

    # -- writing ---------------------------------------------------------
    def _write_docs(
        self,
        name: str,
        kind: str,
        table: str,
        put: Mapping[int, dict[str, Any]],
        remove: Iterable[int] = (),
        tables: Mapping[str, dict[str, Any]] | None = None,
    ) -> None:
        """One atomic write of *name*: insert/replace *put*, delete *remove*
        (in *table*), and replace the whole of each of *tables*."""
        db = self._db(name)
        raw = self._read_checked(name, kind)
        if raw is None:
            raw = {SCHEMA_TABLE: {"1": {"version": SCHEMA_VERSION, "kind": kind}}}
        docs = dict(raw.get(table, {}))
        for key in remove:
            docs.pop(str(key), None)
        for key, doc in put.items():
            docs[str(key)] = doc
        raw[table] = docs
        raw.update(tables or {})
        db.storage.write(raw)
        db.clear_cache()

    def _save(self, e: _Live) -> StoredMatch:
        """Commit one changed match; what the caller gets back."""
        self._commit([e])
        return self._stored(e)

    def _commit(self, entries: list[_Live]) -> None:
        """Acknowledge *entries* (one write of ``live.json``), then archive."""
        for e in entries:
            if e.closed and e.record["seq"] is None:
                e.record["seq"] = self._next_seq
                self._next_seq += 1
        self._write_docs(
            LIVE, "live", MATCHES_TABLE, {e.key: e.record for e in entries}
        )
        self._revision += 1
        for e in entries:
            self._live[e.record["id"]] = e
        self._flush()

    def _flush(self) -> None:
        """Move closed records from ``live.json`` to the archive (best effort)."""
        pending = [e for e in self._live.values() if e.closed]
        if not pending:
            return
        by_shard: dict[int, list[_Live]] = {}
        for e in pending:
            by_shard.setdefault(e.record["seq"] // SHARD_SIZE, []).append(e)
        moved: list[_Live] = []
        try:
            for shard, group in sorted(by_shard.items()):
                # index first: a crash between the two writes leaves the record
                # pending in live.json, which overrides both until redone
                summaries = {
                    e.record["seq"] + 1: _summary_doc(e.record, e.state) for e in group
                }
                self._write_docs(index_name(shard), "index", INDEX_TABLE, summaries)
                self._write_docs(
                    matches_name(shard),
                    "archive",
                    MATCHES_TABLE,
                    {e.record["seq"] + 1: e.record for e in group},
                )
                for e in group:
                    s = _summary(summaries[e.record["seq"] + 1])
                    if e.record["id"] not in self._archived:
                        self._order.insert(
                            self._insert_at(_sort_key(s)), (_sort_key(s), s.id)
                        )
                    self._archived[s.id] = s
                    self._archived_seq[s.id] = e.record["seq"]
                moved += group
            self._write_docs(LIVE, "live", MATCHES_TABLE, {}, [e.key for e in moved])
            for e in moved:
                del self._live[e.record["id"]]
        except (StorageError, OSError) as exc:
            self.warnings.append(
                Warning_(
                    "pending_move",
                    f"a finished match is saved but could not be moved to the "
                    f"archive yet ({exc}); it will be retried",
                    {"reason": str(exc)},
                )
            )
            log.warning("archive move postponed: %s", exc)

    def _insert_at(self, key: tuple[float, str]) -> int:
        return bisect.bisect_left(self._order, (key, ""))

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

    def _is_deleted(self, match_id: str) -> bool:
        e = self._live.get(match_id)
        if e is not None:
            return e.deleted
        s = self._archived.get(match_id)
        return s is not None and s.deleted

    def _entry(self, match_id: str, *, include_deleted: bool = False) -> _Live:
        """The record of *match_id* as a live entry (a copy if it is archived);
        a deleted match is not found unless *include_deleted*."""
        if not include_deleted and self._is_deleted(match_id):
            raise self._not_found(match_id, deleted=True)
        e = self._live.get(match_id)
        if e is not None:
            return e
        seq = self._archived_seq.get(match_id)
        if seq is None:
            raise self._not_found(match_id)
        name = matches_name(seq // SHARD_SIZE)
        raw = self._read_checked(name, "archive")
        record = (raw or {}).get(MATCHES_TABLE, {}).get(str(seq + 1))
        if record is None:
            path = self._backend.path_of(name)
            raise DataFileError(
                f"{path}: match {match_id!r} is listed in the history but missing "
                "from its archive file",
                code="missing",
                path=path,
                match_id=match_id,
            )
        match = parse_match(record["match"]).match
        keys = [x.key for x in self._live.values()]
        return _Live(max(keys, default=0) + 1, record, match, engine.evaluate(match))

    def _stored(self, e: _Live) -> StoredMatch:
        r = e.record
        return StoredMatch(
            id=r["id"],
            match=e.match,
            state=e.state,
            created=datetime.fromisoformat(r["created"]),
            updated=datetime.fromisoformat(r["updated"]),
            abandoned=r["abandoned"],
            notes=r.get("notes", ""),
            edit_count=len(r["edits"]),
            undo_target=_last_undoable(r["edits"]),
            rematch_of=r.get("rematch_of"),
            deleted=e.deleted,
        )

    def _new_key(self) -> int:
        return max((x.key for x in self._live.values()), default=0) + 1

    def _changed(
        self,
        e: _Live,
        match: Match,
        *,
        hand_docs: list[Any] | None = None,
        edit: dict[str, Any] | None = None,
        **fields_: Any,
    ) -> _Live:
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
        now = _iso(self._clock())
        record["updated"] = now
        record.update(fields_)
        if edit is not None:
            record["edits"] = [*record["edits"], {"at": now, **edit}]
        return _Live(e.key, record, match, state)

    def _editable(self, e: _Live) -> None:
        if e.record["abandoned"]:
            raise EditRefusedError(
                f"match {e.record['id']!r} is abandoned; resume it before editing",
                code="match_abandoned",
                match_id=e.record["id"],
            )

    # -- the port --------------------------------------------------------
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
        known = rematch_of in self._live or rematch_of in self._archived
        if rematch_of is not None and (not known or self._is_deleted(rematch_of)):
            raise MatchNotFoundError(
                f"no match with id {rematch_of!r} in {self.location}",
                match_id=rematch_of,
            )
        match = Match(setup, ())
        now = self._clock()
        record = {
            "id": self._new_id(now),
            "created": _iso(now),
            "updated": _iso(now),
            "abandoned": False,
            "notes": notes,
            "seq": None,
            "match": dump_match(match),
            "edits": [],
        }
        if rematch_of is not None:
            record["rematch_of"] = rematch_of
        e = _Live(self._new_key(), record, match, engine.evaluate(match))
        self._commit([e])
        self._register_players(setup.players)
        return self._stored(e)

    def _new_id(self, now: datetime) -> str:
        while True:
            candidate = f"{now:%Y%m%d}-{secrets.token_hex(3)}"
            if candidate not in self._live and candidate not in self._archived:
                return candidate

    @_locked
    def get_match(self, match_id: str, *, include_deleted: bool = False) -> StoredMatch:
        """The stored match; a deleted one raises :class:`MatchNotFoundError`
        unless *include_deleted* (then ``StoredMatch.deleted`` says so)."""
        return self._stored(self._entry(match_id, include_deleted=include_deleted))

    @_locked
    def add_hand(
        self, match_id: str, hand: Hand, *, by: str | None = None
    ) -> StoredMatch:
        e = self._entry(match_id)
        self._editable(e)
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
        e = self._entry(match_id)
        self._editable(e)
        _check_hand(e, index, expected)
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
        new = self._changed(e, match, hand_docs=hands, edit=edit)
        return self._save(new)

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
        e = self._entry(match_id)
        self._editable(e)
        _check_hand(e, index, expected)
        match = engine.delete_hand(e.match, index)
        hands = list(e.record["match"]["hands"])
        before = hands.pop(index)
        edit = {"by": by, "action": "delete", "index": index, "before": before}
        new = self._changed(e, match, hand_docs=hands, edit=edit)
        return self._save(new)

    @_locked
    def undo(
        self, match_id: str, *, by: str | None = None, expected: int | None = None
    ) -> StoredMatch:
        """Revert the last edit not yet undone. With ``expected`` (the
        ``undo_target`` the caller saw) it is refused if that is no longer the
        edit undo would revert (another phone changed the match since)."""
        e = self._entry(match_id)
        edits = e.record["edits"]
        number = _last_undoable(edits)
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
        target = edits[number - 1]
        action, index = target["action"], target.get("index")
        hands = list(e.record["match"]["hands"])
        log_entry: dict[str, Any] = {
            "by": by,
            "action": "undo",
            "undoes": number,
            "index": index,
        }
        abandoned = e.record["abandoned"]
        match = e.match
        if action == "add":
            match = engine.delete_hand(e.match, index)
            log_entry["before"] = hands.pop(index)
        elif action == "replace":
            old = _hand_from_doc(e.record["match"], target["before"])
            match = engine.replace_hand(e.match, index, old)
            log_entry["before"] = hands[index]
            hands[index] = target["before"]
        elif action == "delete":
            old = _hand_from_doc(e.record["match"], target["before"])
            match = Match(
                e.match.setup, e.match.hands[:index] + (old,) + e.match.hands[index:]
            )
            engine.evaluate(match)
            hands.insert(index, target["before"])
        elif action in ("abandon", "resume"):
            abandoned = action == "resume"
        new = self._changed(
            e, match, hand_docs=hands, edit=log_entry, abandoned=abandoned
        )
        return self._save(new)

    @_locked
    def edit_history(
        self, match_id: str, *, include_deleted: bool = False
    ) -> tuple[Edit, ...]:
        e = self._entry(match_id, include_deleted=include_deleted)
        edits = e.record["edits"]
        undone = _undone_numbers(edits)

        def hand(doc: object) -> Hand | None:
            return None if doc is None else _hand_from_doc(e.record["match"], doc)

        return tuple(
            Edit(
                number=n,
                at=datetime.fromisoformat(d["at"]),
                by=d.get("by"),
                action=d["action"],
                index=d.get("index"),
                before=hand(d.get("before")),
                after=hand(d.get("after")),
                undoes=d.get("undoes"),
                undone=n in undone,
            )
            for n, d in enumerate(edits, start=1)
        )

    @_locked
    def finish_match(self, match_id: str) -> StoredMatch:
        """Confirm a won match is over (it is archived as soon as it is won)."""
        e = self._entry(match_id)
        self._editable(e)
        if e.state.status is not Status.WON:
            raise EditRefusedError(
                f"match {match_id!r} is not won yet ({e.state.status.value}); "
                "play on or abandon it",
                code="match_not_won",
                match_id=match_id,
                status=e.state.status.value,
            )
        return self._stored(e)

    @_locked
    def abandon_match(self, match_id: str, *, by: str | None = None) -> StoredMatch:
        e = self._entry(match_id)
        self._editable(e)
        if e.state.status is Status.WON:
            raise EditRefusedError(
                f"match {match_id!r} is already won; it cannot be abandoned",
                code="match_won",
                match_id=match_id,
            )
        new = self._changed(
            e, e.match, edit={"by": by, "action": "abandon"}, abandoned=True
        )
        return self._save(new)

    @_locked
    def resume_match(self, match_id: str, *, by: str | None = None) -> StoredMatch:
        e = self._entry(match_id)
        if not e.record["abandoned"]:
            raise EditRefusedError(
                f"match {match_id!r} is not abandoned",
                code="not_abandoned",
                match_id=match_id,
            )
        new = self._changed(
            e, e.match, edit={"by": by, "action": "resume"}, abandoned=False
        )
        return self._save(new)

    @_locked
    def set_notes(self, match_id: str, notes: str) -> StoredMatch:
        e = self._entry(match_id)
        new = self._changed(e, e.match, notes=str(notes))
        return self._save(new)

    # -- deleting (tombstones) ---------------------------------------------
    @_locked
    def delete_match(self, match_id: str, *, by: str | None = None) -> StoredMatch:
        """Mark the match deleted (one write; see "Deleting" in the module
        docstring). It can be brought back by :meth:`restore_match` until the
        history is compacted. Returns it as stored, ``deleted=True``."""
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
        found = [self._live_summary(e) for e in self._live.values() if e.deleted]
        found += [
            s for i, s in self._archived.items() if s.deleted and i not in self._live
        ]
        found.sort(key=lambda s: (s.deleted_at, s.id), reverse=True)
        return tuple(found)

    @_locked
    def compact_history(self) -> int:
        """Remove every deleted match for good; how many were removed.

        See "Compacting" in the module docstring: the list is written to
        ``live.json`` first (the acknowledgement), then the shards drop the
        records, then the list is cleared; a crash is finished at next open.
        """
        items = [(i, e.record["seq"]) for i, e in self._live.items() if e.deleted]
        items += [
            (i, self._archived_seq[i])
            for i, s in self._archived.items()
            if s.deleted and i not in self._live
        ]
        if not items:
            return 0
        items = sorted({*items, *self._purge_pending})
        gone = [e.key for e in self._live.values() if e.deleted]
        self._write_docs(
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

    def _finish_purge(self, items: list[tuple[str, int | None]]) -> None:
        """Drop the listed tombstones from memory, then from each shard (index
        first), then clear the list in ``live.json``; a failure leaves the
        list there, to be finished at the next open."""
        ids = {i for i, _ in items}
        for i in ids:
            if self._archived_seq.get(i) is not None and self._is_deleted(i):
                del self._archived[i], self._archived_seq[i]
        self._order = [x for x in self._order if x[1] in self._archived]
        self._purge_pending = [(i, seq) for i, seq in items if seq is not None]
        by_shard: dict[int, set[tuple[str, int]]] = {}
        for i, seq in self._purge_pending:
            by_shard.setdefault(seq // SHARD_SIZE, set()).add((i, seq))
        try:
            for shard, group in sorted(by_shard.items()):
                for name, kind, table in (
                    (index_name(shard), "index", INDEX_TABLE),
                    (matches_name(shard), "archive", MATCHES_TABLE),
                ):
                    raw = self._read_checked(name, kind) or {}
                    docs = raw.get(table, {})
                    keys = [
                        seq + 1
                        for i, seq in group
                        if docs.get(str(seq + 1), {}).get("id") == i
                        and (
                            docs[str(seq + 1)].get("deleted_at")
                            or docs[str(seq + 1)].get("deleted")
                        )
                    ]
                    if keys:
                        self._write_docs(name, kind, table, {}, keys)
            self._write_docs(LIVE, "live", MATCHES_TABLE, {}, tables={PURGE_TABLE: {}})
            self._purge_pending = []
        except (StorageError, OSError) as exc:
            self.warnings.append(
                Warning_(
                    "pending_purge",
                    f"deleted matches are removed but not yet from every archive "
                    f"file ({exc}); it will be retried",
                    {"reason": str(exc)},
                )
            )
            log.warning("purge postponed: %s", exc)

    @_locked
    def revision(self) -> int:
        """A number that changes whenever stored data changes (for caches)."""
        return self._revision

    # -- history ---------------------------------------------------------
    def _live_summary(self, e: _Live) -> MatchSummary:
        return _summary(_summary_doc(e.record, e.state))

    def _newest_first(self) -> Iterator[MatchSummary]:
        live = sorted(
            (self._live_summary(e) for e in self._live.values() if not e.deleted),
            key=_sort_key,
            reverse=True,
        )
        archived = (
            self._archived[i]
            for _, i in reversed(self._order)
            if i not in self._live and not self._archived[i].deleted
        )
        return heapq.merge(live, archived, key=_sort_key, reverse=True)

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
        names = self._names_of(player) if player is not None else None

        def wanted(s: MatchSummary) -> bool:
            if status is not None and s.status != status:
                return False
            if names is not None and not any(_fold(p) in names for p in s.players):
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
            return self._live_summary(e)
        s = self._archived.get(match_id)
        if s is None:
            raise MatchNotFoundError(
                f"no match with id {match_id!r} in {self.location}",
                match_id=match_id,
            )
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
        with self._lock:
            if self._closed_repo:
                raise StorageError("the repository is closed", code="closed")
            names = self._names_of(player) if player is not None else None

            def wanted(players: Iterable[str]) -> bool:
                return names is None or any(_fold(p) in names for p in players)

            out: list[tuple[tuple[float, str], StoredMatch]] = [
                (_sort_key(self._live_summary(e)), self._stored(e))
                for e in self._live.values()
                if not e.deleted and wanted(e.match.setup.players)
            ]
            seen = {m.id for _, m in out}
            shards = sorted(
                {
                    seq // SHARD_SIZE
                    for i, seq in self._archived_seq.items()
                    if i not in seen
                    and not self._archived[i].deleted
                    and wanted(self._archived[i].players)
                }
            )
        for shard in shards:
            with self._lock:
                if self._closed_repo:
                    raise StorageError("the repository is closed", code="closed")
                raw = self._read_checked(matches_name(shard), "archive") or {}
                records = []
                for record in raw.get(MATCHES_TABLE, {}).values():
                    s = self._archived.get(record["id"])
                    if s is None or s.deleted or record["id"] in seen:
                        continue
                    if record.get("deleted") or not wanted(s.players):
                        continue
                    records.append((_sort_key(s), record))
                    seen.add(record["id"])
            for key, record in records:
                match = parse_match(record["match"]).match
                entry = _Live(0, record, match, engine.evaluate(match))
                out.append((key, self._stored(entry)))
        out.sort(key=lambda x: x[0])
        return [m for _, m in out]

    @_locked
    def count(self) -> int:
        """How many matches are stored (deleted ones left out)."""
        return sum(not e.deleted for e in self._live.values()) + sum(
            1
            for i, s in self._archived.items()
            if i not in self._live and not s.deleted
        )

    # -- roster ----------------------------------------------------------
    def _names_of(self, name: str) -> set[str]:
        """Every name (folded) of the player called *name* now or before."""
        folded = _fold(name)
        for p in self._players.values():
            all_names = [p["name"], *p.get("former_names", [])]
            if folded in (_fold(n) for n in all_names):
                return {_fold(n) for n in all_names}
        return {folded}

    def _valid_name(self, name: object) -> str:
        if not isinstance(name, str) or not name.strip():
            raise RosterError("a player's name cannot be empty", code="name_invalid")
        name = name.strip()
        if len(name) > MAX_NAME_LENGTH:
            raise RosterError(
                f"{name!r}: a name has at most {MAX_NAME_LENGTH} characters",
                code="name_invalid",
                name=name,
            )
        return name

    def _write_players(self, players: dict[int, dict[str, Any]]) -> None:
        self._write_docs(META, "meta", PLAYERS_TABLE, players)
        self._players = players

    def _register_players(self, names: Iterable[str]) -> None:
        """Add the names not yet in the roster (a failure only warns)."""
        players = dict(self._players)
        now = _iso(self._clock())
        for name in names:
            if name.strip() and _player_key(players, name) is None:
                key = max(players, default=0) + 1
                players[key] = {
                    "name": name.strip(),
                    "former_names": [],
                    "created": now,
                }
        if len(players) != len(self._players):
            try:
                self._write_players(players)
            except (StorageError, OSError) as exc:
                self.warnings.append(
                    Warning_("roster_not_saved", f"roster not updated: {exc}", {})
                )

    @staticmethod
    def _player(p: Mapping[str, Any]) -> Player:
        created = p.get("created")
        return Player(
            p["name"],
            tuple(p.get("former_names", [])),
            datetime.fromisoformat(created) if created else None,
        )

    @_locked
    def players(self) -> tuple[Player, ...]:
        return tuple(
            sorted(
                (self._player(p) for p in self._players.values()),
                key=lambda p: _fold(p.name),
            )
        )

    @_locked
    def add_player(self, name: str) -> Player:
        name = self._valid_name(name)
        if _player_key(self._players, name) is not None:
            raise RosterError(
                f"there is already a player called {name!r}",
                code="name_taken",
                name=name,
            )
        players = dict(self._players)
        key = max(players, default=0) + 1
        players[key] = {
            "name": name,
            "former_names": [],
            "created": _iso(self._clock()),
        }
        self._write_players(players)
        return self._player(players[key])

    @_locked
    def rename_player(self, old: str, new: str) -> Player:
        """Rename a player; matches keep the names used at the table, and the
        history filtered by either name still finds them."""
        new = self._valid_name(new)
        key = _player_key(self._players, old, former=False)
        if key is None:
            raise RosterError(
                f"no player called {old!r}", code="player_not_found", name=old
            )
        other = _player_key(self._players, new)
        if other is not None and other != key:
            raise RosterError(
                f"there is already a player called {new!r}",
                code="name_taken",
                name=new,
            )
        p = dict(self._players[key])
        if p["name"] == new:
            return self._player(p)
        former = [n for n in p.get("former_names", []) if _fold(n) != _fold(new)]
        if _fold(p["name"]) != _fold(new):
            former.append(p["name"])
        p["name"], p["former_names"] = new, former
        players = dict(self._players)
        players[key] = p
        self._write_players(players)
        return self._player(p)

    # -- settings --------------------------------------------------------
    @staticmethod
    def _make_settings(base: Settings, changes: Mapping[str, Any]) -> Settings:
        known = {f.name for f in fields(Settings)}
        unknown = sorted(set(changes) - known)
        if unknown:
            raise SettingsError(
                f"unknown setting {unknown[0]!r}", code="bad_setting", key=unknown[0]
            )
        values = dict(changes)
        checks: dict[str, tuple[Callable[[Any], bool], str]] = {
            "language": (lambda v: v in LANGUAGES, f"one of {', '.join(LANGUAGES)}"),
            "theme": (lambda v: v in THEMES, f"one of {', '.join(THEMES)}"),
            "preset": (
                lambda v: v in [p.value for p in Preset],
                "one of " + ", ".join(p.value for p in Preset),
            ),
            "target": (
                lambda v: (
                    isinstance(v, int)
                    and not isinstance(v, bool)
                    and TARGET_MIN <= v <= TARGET_MAX
                ),
                f"a whole number from {TARGET_MIN} to {TARGET_MAX}",
            ),
        }
        for key, value in values.items():
            ok, expected = checks[key]
            if not ok(value):
                raise SettingsError(
                    f"setting {key}: {value!r} is not {expected}",
                    code="bad_setting",
                    key=key,
                    value=value,
                )
        if "preset" in values:
            values["preset"] = Preset(values["preset"])
        return replace(base, **values)

    @_locked
    def settings(self) -> Settings:
        return self._settings

    @_locked
    def update_settings(self, **changes: Any) -> Settings:
        new = self._make_settings(self._settings, changes)
        doc = {
            "language": new.language,
            "theme": new.theme,
            "preset": new.preset.value,
            "target": new.target,
        }
        self._write_docs(META, "meta", SETTINGS_TABLE, {1: doc})
        self._settings = new
        return new

    # -- import / export -------------------------------------------------
    def _meta_of(self, e: _Live) -> dict[str, Any]:
        r = e.record
        meta: dict[str, Any] = {
            "id": r["id"],
            "created": r["created"],
            "updated": r["updated"],
        }
        if r.get("notes"):
            meta["notes"] = r["notes"]
        if r["abandoned"]:
            meta["abandoned"] = True
        if r.get("rematch_of"):
            meta["rematch_of"] = r["rematch_of"]
        if r["edits"]:
            meta["edits"] = r["edits"]
        return meta

    @_locked
    def export_match(self, match_id: str) -> dict[str, Any]:
        """The stored match as a FORMAT.md document with ``meta``."""
        e = self._entry(match_id)
        return dump_match(e.match, self._meta_of(e))

    @_locked
    def export_all(self) -> list[dict[str, Any]]:
        """Every stored match, oldest first (each archive shard read once)."""
        out: list[tuple[tuple[float, str], dict[str, Any]]] = []
        for e in self._live.values():
            if e.deleted:
                continue
            out.append(
                (
                    _sort_key(self._live_summary(e)),
                    dump_match(e.match, self._meta_of(e)),
                )
            )
        shards = sorted(
            {
                seq // SHARD_SIZE
                for i, seq in self._archived_seq.items()
                if i not in self._live and not self._archived[i].deleted
            }
        )
        for shard in shards:
            raw = self._read_checked(matches_name(shard), "archive") or {}
            for record in raw.get(MATCHES_TABLE, {}).values():
                mid = record["id"]
                if mid in self._live or mid not in self._archived:
                    continue
                if self._archived[mid].deleted:
                    continue
                match = parse_match(record["match"]).match
                entry = _Live(0, record, match, engine.evaluate(match))
                out.append(
                    (
                        _sort_key(self._archived[record["id"]]),
                        dump_match(match, self._meta_of(entry)),
                    )
                )
        out.sort(key=lambda x: x[0])
        return [doc for _, doc in out]

    def _imported_entry(self, doc: object, where: str, key: int) -> _Live:
        try:
            parsed = parse_match(doc)
        except (MatchFileError, HandError) as exc:
            raise ImportRefusedError(
                f"{where}: {exc}", code="bad_match", where=where, problem=str(exc)
            ) from None
        match, meta = parsed.match, dict(parsed.meta or {})

        def bad(problem: str) -> ImportRefusedError:
            return ImportRefusedError(
                f"{where}: meta: {problem}",
                code="bad_meta",
                where=where,
                problem=problem,
            )

        now = self._clock()
        try:
            created = _parse_time(meta.get("created", _iso(now)), "created")
            updated = _parse_time(meta.get("updated", _iso(created)), "updated")
        except ValueError as exc:
            raise bad(str(exc)) from None
        match_id = meta.get("id")
        if match_id is None:
            match_id = self._new_id(created)
        elif not isinstance(match_id, str) or not ID_PATTERN.match(match_id):
            raise bad(
                f"id: {match_id!r} is not a match id (letters, digits, '.', '_', '-', "
                "at most 64)"
            )
        notes = meta.get("notes", "")
        if not isinstance(notes, str):
            raise bad(f"notes: expected text, found {notes!r}")
        abandoned = meta.get("abandoned", False)
        if not isinstance(abandoned, bool):
            raise bad(f"abandoned: expected true or false, found {abandoned!r}")
        rematch_of = meta.get("rematch_of")
        if rematch_of is not None and (
            not isinstance(rematch_of, str) or not ID_PATTERN.match(rematch_of)
        ):
            raise bad(f"rematch_of: {rematch_of!r} is not a match id")
        edits = meta.get("edits", [])
        self._check_edits(edits, doc, bad)
        record = {
            "id": match_id,
            "created": _iso(created),
            "updated": _iso(updated),
            "abandoned": abandoned,
            "notes": notes,
            "seq": None,
            "match": dump_match(match),
            "edits": edits,
        }
        if rematch_of is not None:
            record["rematch_of"] = rematch_of
        return _Live(key, record, match, engine.evaluate(match))

    @staticmethod
    def _check_edits(
        edits: object, doc: Any, bad: Callable[[str], ImportRefusedError]
    ) -> None:
        if not isinstance(edits, list):
            raise bad("edits: expected a list")
        for n, d in enumerate(edits, start=1):
            if not isinstance(d, dict) or d.get("action") not in EDIT_ACTIONS:
                raise bad(f"edits: entry {n} is not an edit")
            try:
                _parse_time(d.get("at"), f"edits: entry {n}: at")
                for k in ("before", "after"):
                    if d.get(k) is not None:
                        _hand_from_doc(doc, d[k])
            except (ValueError, HandError) as exc:
                raise bad(f"edits: entry {n}: {exc}") from None
            for k in ("index", "undoes"):
                v = d.get(k)
                if v is not None and (
                    not isinstance(v, int) or isinstance(v, bool) or v < 0
                ):
                    raise bad(f"edits: entry {n}: {k}: {v!r} is not a whole number")

    @_locked
    def import_documents(self, docs: list[object]) -> list[ImportResult]:
        """Import match documents all or nothing (validated whole, one write).

        An id already stored with the same match, dates and notes counts as
        imported (``created=False``); with anything else it is refused.
        """
        entries: list[_Live] = []
        results: list[ImportResult] = []
        seen: set[str] = set()
        key = self._new_key()
        for n, doc in enumerate(docs, start=1):
            where = f"match {n}" if len(docs) > 1 else "match"
            e = self._imported_entry(doc, where, key)
            mid = e.record["id"]
            if mid in seen:
                raise ImportRefusedError(
                    f"{where}: id {mid!r} appears twice in the file",
                    code="duplicate_id",
                    where=where,
                    match_id=mid,
                )
            seen.add(mid)
            if self._is_deleted(mid):
                raise ImportRefusedError(
                    f"{where}: a deleted match with id {mid!r} is kept in "
                    f"{self.location}; restore it instead of importing it",
                    code="id_conflict",
                    where=where,
                    match_id=mid,
                    deleted=True,
                )
            if mid in self._live or mid in self._archived:
                old = self._entry(mid)
                same = all(
                    old.record.get(k) == e.record.get(k)
                    for k in ("match", "created", "notes", "abandoned", "rematch_of")
                )
                if not same:
                    raise ImportRefusedError(
                        f"{where}: a different match with id {mid!r} is already "
                        f"stored in {self.location}",
                        code="id_conflict",
                        where=where,
                        match_id=mid,
                    )
                results.append(ImportResult(mid, False))
                continue
            entries.append(e)
            results.append(ImportResult(mid, True))
            key += 1
        if entries:
            self._commit(entries)
            self._register_players(
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
    clock: Callable[[], datetime] = _now,
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
