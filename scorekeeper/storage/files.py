"""The repository's data files: opening, schema check, migration, damage.

:class:`DataFiles` reads a TinyDB file as raw tables after checking its
``_schema`` table (kind and version), upgrades an older one through
:data:`MIGRATIONS` (keeping a copy aside), and decides what happens to a
damaged or missing file: refuse to start, or move it aside and go on, with a
warning. Every change of a data file is a block of :meth:`DataFiles.change`:
one checked read, TinyDB's tables changed, one atomic write.
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Callable, Collection, Iterator, Mapping
from contextlib import contextmanager
from datetime import datetime
from typing import Any, Literal

from . import lines
from .backends import Backend
from .documents import DataFile, KeyNotWhole
from .errors import DataFileError
from .types import Warning_

log = logging.getLogger(__name__)

SCHEMA_VERSION = 1
META, LIVE = "meta.json", "live.json"
MATCHES_TABLE, PLAYERS_TABLE, SETTINGS_TABLE, SCHEMA_TABLE = (
    "matches",
    "players",
    "settings",
    "_schema",
)
INDEX_TABLE = lines.INDEX_TABLE
PURGE_TABLE = "purge"

#: ``MIGRATIONS[n](tables, kind)`` upgrades a file's raw tables from schema
#: ``n`` to ``n + 1`` (the ``_schema`` table is updated by the caller).
MIGRATIONS: dict[int, Callable[[dict[str, Any], str], dict[str, Any]]] = {}

OnDamage = Literal["refuse", "move_aside"]

Tables = dict[str, Any]


def _schema_table(kind: str, version: int) -> dict[str, Any]:
    return {"1": {"version": version, "kind": kind}}


def _empty_tables(kind: str) -> Tables:
    if kind == "meta":
        return {SETTINGS_TABLE: {}, PLAYERS_TABLE: {}}
    return {MATCHES_TABLE: {}}


def first_start_cut_short(
    present: Collection[str], read_meta: Callable[[], Tables | None]
) -> bool:
    """Whether the data files *present* are what a first start cut short
    leaves: it writes ``meta.json``, then ``live.json``, and a kill between
    the two leaves ``meta.json`` alone, as new (*read_meta*: its tables,
    None if not whole; read only when it is alone). Then ``live.json`` is
    missing for no loss: a match made puts its players in ``meta.json``'s
    roster before it is written to ``live.json`` (a failed roster write only
    warns: that match, with ``live.json`` then lost too, would go unsaid);
    an imported one goes to the archive.

    >>> new = {SCHEMA_TABLE: _schema_table("meta", SCHEMA_VERSION),
    ...        SETTINGS_TABLE: {}, PLAYERS_TABLE: {}}
    >>> first_start_cut_short([META], lambda: new)
    True
    >>> first_start_cut_short([META], lambda: {**new, PLAYERS_TABLE: {"1": {}}})
    False
    >>> first_start_cut_short([META, "archive/index-0000.json"], lambda: new)
    False
    """
    if list(present) != [META]:
        return False
    fresh = {SCHEMA_TABLE: _schema_table("meta", SCHEMA_VERSION)}
    return read_meta() == {**fresh, **_empty_tables("meta")}


def tables_if_whole(db: DataFile) -> Tables | None:
    """The tables of *db*'s file if it is whole as the app wrote it (its
    checksum right); None if not, or if there is none. Nothing said or done
    about a damaged file here: reading it the full way says and does."""
    try:
        return db.storage.read()
    except DataFileError:
        return None


def _article(word: str) -> str:
    return "an" if word[:1] in "aeiou" else "a"


def _schema_fault(
    raw: Tables, schema: object, doc: object, version: object, kind: object
) -> str:
    """What is wrong with a file's ``_schema`` table, in words."""
    if SCHEMA_TABLE not in raw:
        return f"it has no {SCHEMA_TABLE} table"
    if not isinstance(doc, dict):
        return f"its {SCHEMA_TABLE} table has no entry 1"
    if not isinstance(kind, str):
        return f"its {SCHEMA_TABLE} names no kind of file"
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        shown = repr(version)[:40]
        return f"its {SCHEMA_TABLE} version is {shown}, not a whole number from 1"
    return f"its {SCHEMA_TABLE} says it is {_article(kind)} {kind[:40]!r} file"


def check_tables(raw: Tables, kind: str, path: str) -> int:
    """The schema version of a file's decoded tables; :class:`DataFileError`
    if it is not a *kind* file of this app, of a schema it reads, made of
    tables of documents. Reads only: migrating is the caller's business."""
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
            f"{path}: not {_article(kind)} {kind} file of this app "
            f"({_schema_fault(raw, schema, doc, version, found_kind)})",
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
    return version


def salvage_table(raw: bytes, table: str) -> dict[str, Any]:
    """The documents of *table* that still parse, one by one, in the bytes of
    a data file that does not parse whole (cut short, a byte changed): each
    ``"key": {...}`` of the table up to the first that does not."""
    text = raw.decode("utf-8", errors="replace")
    start = re.search(r'"' + re.escape(table) + r'"\s*:\s*\{', text)
    found: dict[str, Any] = {}
    if start is None:
        return found
    decoder = json.JSONDecoder()

    def skip(pos: int) -> int:  # past the white space at *pos*
        while text[pos : pos + 1].isspace():
            pos += 1
        return pos

    pos = start.end()
    while True:
        pos = skip(pos)
        if text.startswith("}", pos):
            return found
        try:
            key, pos = decoder.raw_decode(text, pos)
            pos = skip(pos)
            if not text.startswith(":", pos):
                return found
            doc, pos = decoder.raw_decode(text, skip(pos + 1))
        except ValueError:
            return found
        if isinstance(key, str):
            found[key] = doc
        pos = skip(pos)
        if not text.startswith(",", pos):
            return found
        pos += 1


class DataFiles:
    """The data files of one repository on one backend.

    ``warnings`` collects what was done on the repository's own initiative;
    the repository shows the same list to its callers.
    """

    def __init__(
        self,
        backend: Backend,
        *,
        on_damage: OnDamage,
        clock: Callable[[], datetime],
    ) -> None:
        if on_damage not in ("refuse", "move_aside"):
            raise ValueError(f"on_damage: {on_damage!r}")
        self.backend = backend
        self.on_damage = on_damage
        self.clock = clock
        self.warnings: list[Warning_] = []

    @property
    def location(self) -> str:
        return self.backend.location

    def path_of(self, name: str) -> str:
        return self.backend.path_of(name)

    def exists(self, name: str) -> bool:
        return self.backend.exists(name)

    def names(self, pattern: str) -> list[str]:
        return self.backend.names(pattern)

    def warn(self, code: str, message: str, params: Mapping[str, Any]) -> None:
        self.warnings.append(Warning_(code, message, params))

    def _db(self, name: str) -> DataFile:
        return self.backend.db(name)

    # -- reading ---------------------------------------------------------
    def read_checked(self, name: str, kind: str, verify: bool = True) -> Tables | None:
        """The raw tables of file *name*, schema checked and migrated; None if
        new. A file changed outside the app raises ``changed`` (with
        --recover: taken as it is, a copy kept aside), unless not *verify*."""
        db = self._db(name)
        path = self.path_of(name)
        accepted = None
        try:
            raw = db.storage.read()
        except DataFileError as exc:
            if exc.code != "changed":
                raise
            if not verify:
                return self.read_checked_as_found(name, kind)
            if self.on_damage != "move_aside":
                raise
            # --recover: taken as it is now, the file as found kept aside
            accepted = self.backend.copy_aside(
                name, f"changed-{self.clock():%Y%m%dT%H%M%S}"
            )
            raw = db.held.read_tables(verify=False)
        if raw is None:
            return None
        version = check_tables(raw, kind, path)
        if accepted is not None:
            db.storage.write(raw)  # its checksum the app's again
            self.warn(
                "changed",
                f"{path}: changed outside the app; taken as it is now (the file "
                f"as found is kept as {accepted})",
                {"path": path, "copy": accepted},
            )
        if version < SCHEMA_VERSION:
            raw = self._migrate(name, kind, raw, version)
        return raw

    @contextmanager
    def reading(self, name: str, kind: str) -> Iterator[DataFile | None]:
        """File *name* read once (:meth:`read_checked`) for the block, its
        tables through TinyDB's; None if there is no file."""
        raw = self.read_checked(name, kind)
        if raw is None:
            yield None
            return
        db = self._db(name)
        with db.held.holding(raw):
            yield db

    def read_lines(self, name: str) -> list[lines.Row] | None:
        """The rows of index file *name*'s lines table, its summaries not
        decoded (:func:`.lines.read_rows`); None if it must be read the full
        way (:meth:`read_checked`): missing, not exactly as the app wrote
        it, or of an older schema."""
        try:
            raw = self._db(name).held.read_bytes()
        except DataFileError:
            return None  # the full read says why
        found = None if raw is None else lines.read_rows(raw)
        if found is None:
            return None
        tables, rows = found
        try:
            version = check_tables(tables, "index", self.path_of(name))
        except DataFileError:
            return None
        return rows if version == SCHEMA_VERSION else None

    def read_checked_as_found(self, name: str, kind: str) -> Tables | None:
        """The tables of *name* as they are, checksum not verified."""
        raw = self._db(name).held.read_tables(verify=False)
        if raw is not None:
            check_tables(raw, kind, self.path_of(name))
        return raw

    def sums_right(self, name: str) -> bool | None:
        """Whether file *name*'s checksum is the one of its bytes: True, False
        (changed, cut short, unreadable), None (it has none: an older
        version's)."""
        return self._db(name).held.sums_right()

    def raw_bytes(self, name: str) -> bytes:
        """The bytes of file *name* as they are (none if it cannot be read)."""
        try:
            return self._db(name).held.read_bytes() or b""
        except DataFileError:
            return b""

    def changed(self, name: str) -> bool:
        """Whether file *name* was changed outside the app (its checksum)."""
        return self._db(name).held.changed()

    def _migrate(self, name: str, kind: str, raw: Tables, version: int) -> Tables:
        path = self.path_of(name)
        backup = self.backend.copy_aside(name, f"schema-{version}.bak")
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
            raw[SCHEMA_TABLE] = _schema_table(kind, v + 1)
        self._db(name).storage.write(raw)
        self.warn(
            "migrated",
            f"{path}: upgraded from schema {version} to {SCHEMA_VERSION} "
            f"(the old file is kept as {backup})",
            {"path": path, "from": version, "to": SCHEMA_VERSION, "backup": backup},
        )
        return raw

    def load(self, name: str, kind: str) -> Tables | None:
        """Like :meth:`read_checked`, but a damaged file is handled by
        :meth:`damaged` (so None: new, or moved aside)."""
        try:
            return self.read_checked(name, kind)
        except DataFileError as exc:
            self.damaged(exc, name)
            return None

    def open_file(
        self, name: str, kind: str, what: str, read: Callable[[DataFile], None]
    ) -> None:
        """Give file *name* (holding *what*), read once, to *read*; a file that
        is missing (while others exist), damaged, or that *read* finds damaged
        (:class:`DataFileError`) is refused or replaced by an empty one."""
        if self.exists(name):
            try:
                with self.reading(name, kind) as db:
                    if db is not None:
                        read(db)
                        return
            except DataFileError as exc:
                self.damaged(exc, name)
        else:
            self._missing(name, what)
        self.new_file(name, kind)

    # -- damage ----------------------------------------------------------
    def damaged(self, exc: DataFileError, name: str) -> None:
        """Refuse (re-raise with a recovery hint) or move the file aside."""
        if self.on_damage == "refuse":
            then = (
                "take it as it is now (the file as found kept aside)"
                if exc.code == "changed"
                else "move it aside to a timestamped copy and continue without it"
            )
            exc.args = (
                f"{exc.args[0]}. The file was left untouched: restore it from a "
                f"backup, or start again with --recover to {then}",
            )
            raise exc
        moved = self.backend.move_aside(name, self.clock())
        self.warn(
            "moved_aside",
            f"{exc}; it was moved aside to {moved}",
            {"path": exc.path, "moved_to": moved, "problem": exc.code},
        )
        log.warning("%s; moved aside to %s", exc, moved)

    def _missing(self, name: str, what: str) -> None:
        path = self.path_of(name)
        exc = DataFileError(
            f"{path}: missing ({what}), while other data files exist",
            code="missing",
            path=path,
        )
        if self.on_damage == "refuse":
            self.damaged(exc, name)
        self.warn("recreated", f"{exc}; a new empty one was created", {"path": path})

    # -- writing ---------------------------------------------------------
    def new_file(self, name: str, kind: str, tables: Tables | None = None) -> None:
        """Write *name* afresh: the schema and *tables* (by default the empty
        tables of a new file of its kind)."""
        data = {SCHEMA_TABLE: _schema_table(kind, SCHEMA_VERSION)}
        data.update(_empty_tables(kind) if tables is None else tables)
        if kind == "index":  # its lines table made with it (storage/lines.py)
            data = lines.with_lines(data)
        self._db(name).storage.write(data)

    @contextmanager
    def change(self, name: str, kind: str) -> Iterator[DataFile]:
        """One change of file *name*: read once (:meth:`read_checked`; a new
        file if there is none), its tables changed through TinyDB's in the
        block, then one atomic write (none if the block raises). An index
        file gets its lines table made with it (``storage/lines.py``)."""
        raw = self.read_checked(name, kind)
        if raw is None:
            raw = {SCHEMA_TABLE: _schema_table(kind, SCHEMA_VERSION)}
        db = self._db(name)
        try:
            with db.held.holding(raw, lines.with_lines if kind == "index" else None):
                yield db
        except KeyNotWhole as exc:  # an older version's file, not as written
            path = self.path_of(name)
            raise DataFileError(
                f"{path}: not a database of this app (a document: {exc})",
                code="not_database",
                path=path,
            ) from None
