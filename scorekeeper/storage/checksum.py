"""The checksum every data file starts with, as a TinyDB middleware.

Every file the app writes starts with its checksum
(``{"_checksum":"<crc32>",...``, the CRC-32 of the rest: the object without
this first member): :class:`Checksum` stamps it on every write and, on every
read, refuses a file whose checksum is not the one of its bytes (edited by
hand, reformatted) with ``DataFileError`` ``changed``; a file with no
checksum (written by an older version) reads as it is. It works on the bytes
of the storage under it (``read_bytes``/``write_bytes``: the atomic file of
``storage/atomic.py``, or the memory of the tests), so a file is summed as
written, never parsed twice.

    TinyDB(path, storage=Checksum(AtomicJSONStorage))
"""

from __future__ import annotations

import re
import zlib
from typing import Any, Protocol

from tinydb.middlewares import Middleware

from .atomic import compact_json, parse_tables
from .errors import DataFileError

#: every data file the app writes starts with its checksum: the CRC-32 of the
#: rest of the file (the object without this first member), so a file
#: changed by anything but the app is seen, without parsing it again
CHECKSUM_KEY = "_checksum"
_STAMP = re.compile(rb'\{"_checksum":"([0-9a-f]{8})"(,?)')

Tables = dict[str, Any]


class ByteStorage(Protocol):
    """What :class:`Checksum` needs of the storage under it."""

    where: str

    def read_bytes(self) -> bytes | None: ...
    def write_bytes(self, data: bytes) -> None: ...


def crc_hex(payload: bytes) -> str:
    """The CRC-32 of *payload* as the data files write it (8 hex digits)."""
    return f"{zlib.crc32(payload) & 0xFFFFFFFF:08x}"


def stamped(payload: bytes) -> bytes:
    """The compact JSON object *payload* with its checksum as first member."""
    rest = payload[1:]
    comma = b"" if rest == b"}" else b","
    return b'{"_checksum":"' + crc_hex(payload).encode() + b'"' + comma + rest


def checksum_state(raw: bytes) -> bool | None:
    """Whether the bytes of a data file are as the app wrote them: True,
    False (changed since), None (no checksum: an older version wrote it)."""
    m = _STAMP.match(raw)
    if m is None:
        # a checksum at the start, but not as written (reformatted, spaced)
        return False if b'"_checksum"' in raw[:64] else None
    return crc_hex(b"{" + raw[m.end() :]) == m.group(1).decode()


def changed_error(path: str) -> DataFileError:
    """The error for a data file changed outside the app."""
    return DataFileError(
        f"{path}: changed outside the app (its checksum is not the one the app "
        "wrote: edited by hand or by another program)",
        code="changed",
        path=path,
    )


class Checksum(Middleware):
    """Stamps each write with the file's checksum, verifies it at each read."""

    storage: ByteStorage  # type: ignore[assignment]

    def read(self) -> Tables | None:
        """The file's tables; a file changed outside the app (its checksum
        wrong) raises :class:`DataFileError` ``changed``."""
        return self.read_tables(verify=True)

    def read_tables(self, verify: bool) -> Tables | None:
        """The file's tables, its checksum verified only if *verify* (not
        verified: the file taken as it is, ``--recover``)."""
        raw = self.storage.read_bytes()
        if raw is None:
            return None
        tables = parse_tables(raw, self.storage.where)
        if CHECKSUM_KEY in tables:
            if verify and checksum_state(raw) is not True:  # reformatted too
                raise changed_error(self.storage.where)
            del tables[CHECKSUM_KEY]
        return tables

    def write(self, data: Tables) -> None:
        tables = {k: v for k, v in data.items() if k != CHECKSUM_KEY}
        self.storage.write_bytes(stamped(compact_json(tables)))

    def sums_right(self) -> bool | None:
        """Whether the checksum is the one of the file's bytes: True, False
        (changed, cut short, missing, unreadable), None (it has none: an
        older version's)."""
        try:
            raw = self.storage.read_bytes()
        except DataFileError:
            return False
        return False if raw is None else checksum_state(raw)

    def changed(self) -> bool:
        """Whether the file's bytes are not as the app wrote them (read and
        summed, not parsed: cheap enough for every shard at start)."""
        try:
            raw = self.storage.read_bytes()
        except DataFileError:
            return False  # unreadable: reading it says so
        if raw is None:
            return False  # missing: reading it says so
        state = checksum_state(raw)
        if state is None:  # an older version's file, or no database at all
            return not raw.lstrip().startswith(b"{") or b'"_checksum"' in raw[:64]
        return not state
