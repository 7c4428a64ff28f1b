"""A crash-safe TinyDB storage: write a temporary file, fsync, rename, fsync dir.

TinyDB's ``JSONStorage`` rewrites its file in place and truncates last, so a
crash in the middle of a write leaves a file that is neither the old nor the
new database. :class:`AtomicJSONStorage` writes the whole database to a
temporary file in the same folder (``.<name>.<random>.tmp``), fsyncs it,
``os.replace``\\ s it over the real file and fsyncs the folder, so after a
crash at any instant the file holds either the previous or the new state.
:func:`clean_temp_files` removes temporaries left by a crash.

Every file written starts with its checksum (``{"_checksum":"<crc32>",...``,
the CRC-32 of the rest): reading a file whose checksum is not the one of its
bytes (edited by hand, reformatted) raises ``DataFileError`` ``changed``; a
file with no checksum (written by an older version) reads as it is.

Reading never "repairs" anything: an empty, truncated, non-JSON or unreadable
file raises :class:`~scorekeeper.storage.errors.DataFileError` naming the file
and what is wrong, and the file is left as it is. A missing file reads as
``None`` (an empty database): whether that is allowed is the repository's
decision, not the storage's. A failed write (full disk, read-only folder)
raises :class:`~scorekeeper.storage.errors.StorageWriteError` and leaves the
previous file intact.
"""

from __future__ import annotations

import contextlib
import errno as errno_codes
import json
import os
import re
import tempfile
import zlib
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from tinydb.storages import Storage

from .errors import DataFileError, StorageWriteError

TEMP_SUFFIX = ".tmp"

#: every data file the app writes starts with its checksum: the CRC-32 of the
#: rest of the file (the object without this first member), so a file
#: changed by anything but the app is seen, without parsing it again
CHECKSUM_KEY = "_checksum"
_STAMP = re.compile(rb'\{"_checksum":"([0-9a-f]{8})"(,?)')


def crc_hex(payload: bytes) -> str:
    """The CRC-32 of *payload* as the data files write it (8 hex digits)."""
    return f"{zlib.crc32(payload) & 0xFFFFFFFF:08x}"


def compact_json(value: Any) -> bytes:
    """*value* as every data file is written: compact UTF-8 JSON (the
    checksums, and ``storage/lines.py``'s CRC of the summaries, are of
    exactly these bytes)."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


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


def fsync_dir(folder: Path) -> None:
    """Make a rename in *folder* durable (a no-op where folders cannot be opened)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:  # pragma: no cover - e.g. Windows
        return
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def write_error(path: Path, exc: OSError) -> StorageWriteError:
    """The :class:`StorageWriteError` for an ``OSError`` met writing *path*."""
    if exc.errno in (errno_codes.ENOSPC, errno_codes.EDQUOT):
        code, why = "disk_full", "the disk is full"
    elif exc.errno in (errno_codes.EROFS, errno_codes.EACCES, errno_codes.EPERM):
        code, why = "read_only", "the folder is read-only or not writable"
    else:
        code, why = "write_failed", exc.strerror or str(exc)
    return StorageWriteError(
        f"could not save to {path}: {why}; what was saved before is intact",
        code=code,
        path=str(path),
        errno=exc.errno,
        reason=why,
    )


def atomic_write_bytes(path: Path, data: bytes) -> None:
    """Replace *path* with *data* so that a crash leaves the old or the new file."""
    atomic_write_chunks(path, (data,))


def atomic_write_chunks(path: Path, chunks: Iterable[bytes]) -> None:
    """Replace *path* with the bytes of *chunks*, written as they come (the
    whole never in memory), so that a crash, a failed write or an exception
    raised by *chunks* leaves the old file or the new one, never a part."""
    folder = path.parent
    tmp_name = None
    try:
        fd, tmp_name = tempfile.mkstemp(
            prefix=f".{path.name}.", suffix=TEMP_SUFFIX, dir=folder
        )
        with os.fdopen(fd, "wb") as f:
            for chunk in chunks:
                f.write(chunk)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp_name, path)
        tmp_name = None
        fsync_dir(folder)
    except OSError as exc:
        raise write_error(path, exc) from exc
    finally:
        if tmp_name is not None:
            with contextlib.suppress(OSError):
                os.unlink(tmp_name)


def clean_temp_files(folder: Path) -> list[Path]:
    """Remove temporaries a crash left in *folder*; the removed paths."""
    removed: list[Path] = []
    if not folder.is_dir():
        return removed
    for p in folder.glob(f".*{TEMP_SUFFIX}"):
        try:
            p.unlink()
            removed.append(p)
        except FileNotFoundError:
            pass
    return removed


def read_json_file(path: Path, verify: bool = True) -> Any:
    """The decoded content of *path*, ``None`` if it does not exist.

    Raises :class:`DataFileError` (``unreadable``, ``empty``, ``truncated``,
    ``not_json``, ``null``) naming the file; never changes it. A file holding
    JSON ``null`` is damage, not "no file": its data is gone, and taking it
    for a new file would replace it.
    """
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return None
    except IsADirectoryError as exc:  # no permission would make it a file
        raise DataFileError(
            f"{path}: a folder, where the app keeps a data file: move the "
            "folder out of the way",
            code="unreadable",
            path=str(path),
            reason="a folder",
        ) from exc
    except OSError as exc:
        raise DataFileError(
            f"{path}: cannot be read ({exc.strerror or exc}); check its permissions",
            code="unreadable",
            path=str(path),
            reason=exc.strerror or str(exc),
        ) from exc
    if not raw.strip():
        raise DataFileError(
            f"{path}: the file is empty (0 bytes of data) but should hold a database",
            code="empty",
            path=str(path),
        )
    try:
        text = raw.decode("utf-8")
        data = json.loads(text)
    except UnicodeDecodeError as exc:
        raise DataFileError(
            f"{path}: not a JSON file (not UTF-8 text at byte {exc.start})",
            code="not_json",
            path=str(path),
            detail=str(exc),
        ) from exc
    except json.JSONDecodeError as exc:
        if _looks_truncated(text, exc):
            raise DataFileError(
                f"{path}: the file is truncated (it ends after {len(raw)} bytes, "
                "in the middle of the data)",
                code="truncated",
                path=str(path),
                size=len(raw),
            ) from exc
        raise DataFileError(
            f"{path}: not valid JSON ({exc.msg} at line {exc.lineno} "
            f"column {exc.colno})",
            code="not_json",
            path=str(path),
            detail=exc.msg,
            line=exc.lineno,
            column=exc.colno,
        ) from exc
    if data is None:
        raise null_file_error(str(path))
    if isinstance(data, dict) and CHECKSUM_KEY in data:
        if verify and checksum_state(raw) is not True:  # reformatted too
            raise changed_error(str(path))
        del data[CHECKSUM_KEY]
    return data


def null_file_error(path: str) -> DataFileError:
    """The error for a data file that holds only JSON ``null``."""
    return DataFileError(
        f"{path}: holds only JSON null, not a database (its data is gone: "
        "restore it from a backup)",
        code="null",
        path=path,
    )


def _looks_truncated(text: str, exc: json.JSONDecodeError) -> bool:
    """Whether the JSON error is the end of the text cutting a valid prefix."""
    rest = text[exc.pos :].rstrip()
    if exc.msg.startswith("Unterminated string") or not rest:
        return True
    if re.fullmatch(r"(\.\d*)?([eE][-+]?\d*)?", rest):  # a number cut short
        return True
    return any(word.startswith(rest) for word in ("true", "false", "null"))


class AtomicJSONStorage(Storage):
    """TinyDB storage on one JSON file, written atomically (see module doc)."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = Path(path)

    def read(self, verify: bool = True) -> dict[str, dict[str, Any]] | None:
        """The file's tables; with *verify*, a file changed outside the app
        (its checksum wrong) raises :class:`DataFileError` ``changed``."""
        data = read_json_file(self.path, verify)
        if data is not None and not isinstance(data, dict):
            raise DataFileError(
                f"{self.path}: not a database of this app (JSON, but not an object "
                "of tables)",
                code="not_database",
                path=str(self.path),
            )
        return data

    def changed(self) -> bool:
        """Whether the file's bytes are not as the app wrote them (read and
        summed, not parsed: cheap enough for every shard at start)."""
        try:
            raw = self.path.read_bytes()
        except OSError:
            return False  # missing or unreadable: reading it says so
        state = checksum_state(raw)
        if state is None:  # an older version's file, or no database at all
            return not raw.lstrip().startswith(b"{") or b'"_checksum"' in raw[:64]
        return not state

    def write(self, data: dict[str, dict[str, Any]]) -> None:
        data = {k: v for k, v in data.items() if k != CHECKSUM_KEY}
        atomic_write_bytes(self.path, stamped(compact_json(data)))

    def close(self) -> None:
        pass
