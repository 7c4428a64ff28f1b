"""A crash-safe TinyDB storage: write a temporary file, fsync, rename, fsync dir.

TinyDB's ``JSONStorage`` rewrites its file in place and truncates last, so a
crash in the middle of a write leaves a file that is neither the old nor the
new database. :class:`AtomicJSONStorage` writes the whole database to a
temporary file in the same folder (``.<name>.<random>.tmp``), fsyncs it,
``os.replace``\\ s it over the real file and fsyncs the folder, so after a
crash at any instant the file holds either the previous or the new state.
:func:`clean_temp_files` removes temporaries left by a crash.

Its bytes are reachable as they are (:meth:`AtomicJSONStorage.read_bytes`,
:meth:`~AtomicJSONStorage.write_bytes`): the checksum every data file starts
with is a TinyDB middleware on top (``storage/checksum.py``), and the index
files' lines table is read from the bytes (``storage/lines.py``).

Reading never "repairs" anything: an empty, truncated, non-JSON or unreadable
file raises :class:`~scorekeeper.storage.errors.DataFileError` naming the file
and what is wrong (:func:`parse_tables`), and the file is left as it is. A
missing file reads as ``None`` (an empty database): whether that is allowed
is the repository's decision, not the storage's. A failed write (full disk,
read-only folder) raises :class:`~scorekeeper.storage.errors.StorageWriteError`
and leaves the previous file intact.
"""

from __future__ import annotations

import contextlib
import errno as errno_codes
import json
import os
import re
import tempfile
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from tinydb.storages import Storage

from .errors import DataFileError, StorageWriteError

TEMP_SUFFIX = ".tmp"


def compact_json(value: Any) -> bytes:
    """*value* as every data file is written: compact UTF-8 JSON (the
    checksums, and ``storage/lines.py``'s CRC of the summaries, are of
    exactly these bytes)."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


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


def read_file_bytes(path: Path) -> bytes | None:
    """The bytes of *path* as they are, ``None`` if it does not exist;
    :class:`DataFileError` ``unreadable`` naming it if it cannot be read."""
    try:
        return path.read_bytes()
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


def parse_tables(raw: bytes, path: str) -> dict[str, Any]:
    """The tables the bytes *raw* of the data file at *path* hold.

    Raises :class:`DataFileError` (``empty``, ``truncated``, ``not_json``,
    ``null``, ``not_database``) naming the file. A file holding JSON
    ``null`` is damage, not "no file": its data is gone, and taking it for a
    new file would replace it.
    """
    if not raw.strip():
        raise DataFileError(
            f"{path}: the file is empty (0 bytes of data) but should hold a database",
            code="empty",
            path=path,
        )
    try:
        text = raw.decode("utf-8")
        data = json.loads(text)
    except UnicodeDecodeError as exc:
        raise DataFileError(
            f"{path}: not a JSON file (not UTF-8 text at byte {exc.start})",
            code="not_json",
            path=path,
            detail=str(exc),
        ) from exc
    except json.JSONDecodeError as exc:
        if _looks_truncated(text, exc):
            raise DataFileError(
                f"{path}: the file is truncated (it ends after {len(raw)} bytes, "
                "in the middle of the data)",
                code="truncated",
                path=path,
                size=len(raw),
            ) from exc
        raise DataFileError(
            f"{path}: not valid JSON ({exc.msg} at line {exc.lineno} "
            f"column {exc.colno})",
            code="not_json",
            path=path,
            detail=exc.msg,
            line=exc.lineno,
            column=exc.colno,
        ) from exc
    if data is None:
        raise DataFileError(
            f"{path}: holds only JSON null, not a database (its data is gone: "
            "restore it from a backup)",
            code="null",
            path=path,
        )
    if not isinstance(data, dict):
        raise DataFileError(
            f"{path}: not a database of this app (JSON, but not an object of tables)",
            code="not_database",
            path=path,
        )
    return data


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
        self.where = str(self.path)

    def read_bytes(self) -> bytes | None:
        """The file's bytes as they are, ``None`` if there is no file."""
        return read_file_bytes(self.path)

    def write_bytes(self, data: bytes) -> None:
        """Replace the file by *data*, atomically."""
        atomic_write_bytes(self.path, data)

    def read(self) -> dict[str, dict[str, Any]] | None:
        raw = self.read_bytes()
        return None if raw is None else parse_tables(raw, self.where)

    def write(self, data: dict[str, dict[str, Any]]) -> None:
        self.write_bytes(compact_json(data))

    def close(self) -> None:
        pass
