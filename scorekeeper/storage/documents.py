"""A data file as TinyDB holds it: one read and one write per change, and
tables of records loaded checked.

Each data file is a :class:`DataFile` (a ``TinyDB``) on this stack of
TinyDB's extension points::

    DataFile(path, storage=Held(Checksum(AtomicJSONStorage)))

* :class:`Held`, a middleware: while a change (or a read) holds the file,
  TinyDB's tables see the tables read once (checked: checksum, schema) and
  every write of a table is kept; the change ends with one atomic write of
  the whole file. TinyDB alone reads and writes the whole file for each
  insert or remove, so a change of several tables (a compaction: the
  tombstones out of ``matches``, the list of them into ``purge``) would be
  several writes, and a crash between them a half change.
* ``Checksum`` (``storage/checksum.py``): the checksum of every file.
* ``AtomicJSONStorage`` (``storage/atomic.py``): temporary file, fsync,
  rename, fsync of the folder.

:class:`Records` is the table class: documents put in place by the ids the
app gives them (TinyDB's ``upsert`` merges fields, and would keep a field a
record has lost), and :meth:`Records.load`, the one loader of the records of
``live.json``, ``tournaments.json``, ``drafts.json``, the roster and
``check``: each record with what is wrong with it, if anything.
:func:`in_memory` holds tables already read (an archive shard read once for
many of its records) as such a file in memory.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from tinydb import TinyDB
from tinydb.middlewares import Middleware
from tinydb.storages import MemoryStorage
from tinydb.table import Table

Tables = dict[str, Any]


class Held(Middleware):
    """Reads and writes of a file held in memory for one change (see module doc)."""

    def __init__(self, storage_cls: Any) -> None:
        super().__init__(storage_cls)
        self._held: Tables | None = None
        self._written = False

    def read(self) -> Tables | None:
        if self._held is not None:
            return self._held
        return self.storage.read()

    def write(self, data: Tables) -> None:
        if self._held is None:
            self.storage.write(data)
            return
        self._held, self._written = data, True

    @contextmanager
    def holding(
        self, tables: Tables, finish: Callable[[Tables], Tables] | None = None
    ) -> Iterator[None]:
        """TinyDB's reads see *tables* in the block; what its tables write
        there is written once as it ends (made by *finish* from the tables
        if given), and not at all if it raises."""
        self._held, self._written = tables, False
        try:
            yield
            if self._written:
                data = self._held
                self._held = None
                self.storage.write(data if finish is None else finish(data))
        finally:
            self._held, self._written = None, False


class KeyNotWhole(ValueError):
    """A document's key in a file that is not a whole number (TinyDB's ids
    are): the file is not one the app wrote (``DataFiles.change`` says so)."""


def document_id(key: object) -> int:
    """A document's key as TinyDB's id; :class:`KeyNotWhole` if it is none."""
    if isinstance(key, int):
        return key
    if isinstance(key, str) and key.isdigit():
        return int(key)
    raise KeyNotWhole(f"its key {str(key)[:40]!r} is not a whole number")


@dataclass(frozen=True)
class Loaded:
    """A record as read: its key in the table, the document, and what is
    wrong with it (``None``: nothing)."""

    key: str
    doc: Any
    problem: str | None

    @property
    def doc_id(self) -> int:
        return int(self.key)


class Records(Table):
    """A table of records keyed by the whole numbers the app gives them."""

    document_id_class = staticmethod(document_id)  # type: ignore[assignment]

    def put(self, docs: Mapping[int, Mapping[str, Any]]) -> None:
        """Insert or replace *docs* by id, each in its place (one write)."""

        def updater(table: dict[int, Mapping[str, Any]]) -> None:
            for doc_id, doc in docs.items():
                table[doc_id] = dict(doc)

        self._update_table(updater)

    def load(
        self,
        problem: Callable[[Any], str | None],
        *,
        unique: str | None = None,
        what: str = "record",
    ) -> Iterator[Loaded]:
        """Every record with what is wrong with it: what *problem* finds,
        else a key that is not a whole number (TinyDB's ids are), else
        (with *unique*) a second record of the same ``doc[unique]``."""
        seen: set[object] = set()
        for key, doc in self._read_table().items():
            trouble = problem(doc)
            if trouble is None and not str(key).isdigit():
                trouble = f"its key {key!r} is not a whole number"
            if trouble is None and unique is not None:
                if doc[unique] in seen:
                    trouble = f"{what} {doc[unique]!r} is stored twice"
                seen.add(doc[unique])
            yield Loaded(str(key), doc, trouble)


class DataFile(TinyDB):
    """A data file of the app: its tables are :class:`Records`."""

    table_class = Records

    def records(self, name: str) -> Records:
        """The table *name* (no query cache: the file is read per change)."""
        table = self.table(name, cache_size=0)
        assert isinstance(table, Records)
        return table

    @property
    def held(self) -> Held:
        storage = self.storage
        assert isinstance(storage, Held)
        return storage


def in_memory(tables: Tables) -> DataFile:
    """Tables read once (checked, as :meth:`DataFiles.read_checked` reads
    them) as a data file of their own in memory: their records through
    TinyDB's table and document API, the file on disk not read again."""
    db = DataFile(storage=MemoryStorage)
    db.storage.write(tables)
    return db
