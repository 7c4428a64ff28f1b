"""Where the repository's TinyDB files live: a folder on disk, or memory (tests).

The repository names its files relatively (``meta.json``, ``live.json``,
``archive/index-0003.json``) and asks a backend for a
:class:`~.documents.DataFile` on each, on the storage stack of
``storage/documents.py``. :class:`FileBackend` is the real one: crash-safe
:class:`~scorekeeper.storage.atomic.AtomicJSONStorage` files in the data
folder, an exclusive ``flock`` on the folder itself held while the repository
is open (a second process gets
:class:`~scorekeeper.storage.errors.DataInUseError`; no lock file to delete
by mistake), and leftover temporary files cleaned once the lock is held.
:class:`MemoryBackend` keeps the same files' bytes in a dictionary, for fast
tests.
"""

from __future__ import annotations

import contextlib
import errno
import fnmatch
import os
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any, Protocol

from tinydb.storages import Storage

from .atomic import (
    AtomicJSONStorage,
    clean_temp_files,
    compact_json,
    parse_tables,
    write_error,
)
from .checksum import Checksum
from .documents import DataFile, Held
from .errors import DataInUseError, StorageWriteError


def lock_folder(folder: Path, shared: bool = False) -> int | None:
    """An ``flock`` on the folder's own descriptor (exclusive, or *shared*),
    not waiting: the descriptor holding it, ``None`` where folders cannot be
    locked (no ``fcntl``, or a file system without ``flock``). Raises
    ``BlockingIOError`` when another process holds a lock that excludes it.
    The lock lives as long as the descriptor: no file to delete by mistake."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - Windows
        return None
    fd = os.open(folder, os.O_RDONLY)
    try:
        fcntl.flock(fd, (fcntl.LOCK_SH if shared else fcntl.LOCK_EX) | fcntl.LOCK_NB)
    except BlockingIOError:
        os.close(fd)
        raise
    except OSError as exc:  # pragma: no cover - e.g. Pyodide's file system
        os.close(fd)
        if exc.errno in (errno.ENOSYS, errno.EINVAL, errno.ENOTSUP, errno.EOPNOTSUPP):
            return None
        raise
    return fd


def unlock_folder(fd: int | None) -> None:
    if fd is not None:
        with contextlib.suppress(OSError):
            os.close(fd)  # closing the last descriptor drops the flock


class Backend(Protocol):
    """What the repository needs from the place its files live."""

    location: str

    def acquire(self) -> None: ...
    def release(self) -> None: ...
    def db(self, name: str) -> DataFile: ...
    def exists(self, name: str) -> bool: ...
    def names(self, pattern: str) -> list[str]: ...
    def path_of(self, name: str) -> str: ...
    def move_aside(self, name: str, stamp: datetime) -> str: ...
    def copy_aside(self, name: str, suffix: str) -> str: ...


def aside_name(name: str, stamp: datetime) -> str:
    return f"{name}.damaged-{stamp:%Y%m%dT%H%M%S}"


def data_file(storage_cls: Callable[..., Storage], *args: Any, **kw: Any) -> DataFile:
    """A :class:`DataFile` on *storage_cls* (the stack of ``storage/documents.py``)."""
    return DataFile(*args, storage=Held(Checksum(storage_cls)), **kw)


class FileBackend:
    """TinyDB files in a folder, written atomically, guarded by a folder lock."""

    def __init__(
        self,
        folder: str | Path,
        storage_cls: Callable[[Path], Storage] = AtomicJSONStorage,
    ) -> None:
        self.folder = Path(folder)
        self.location = str(self.folder)
        self.storage_cls = storage_cls
        self._folder_fd: int | None = None
        self._dbs: dict[str, DataFile] = {}
        self.cleaned: list[Path] = []

    def acquire(self) -> None:
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            (self.folder / "archive").mkdir(exist_ok=True)
        except OSError as exc:
            raise write_error(self.folder, exc) from exc
        try:
            self._folder_fd = lock_folder(self.folder)
        except BlockingIOError:
            raise DataInUseError(
                f"the data folder {self.folder} is already in use by another "
                "instance of the app; close it first, or use another folder with "
                "--data",
                path=str(self.folder),
                folder=str(self.folder),
            ) from None
        except OSError as exc:
            raise StorageWriteError(
                f"cannot lock the data folder {self.folder} "
                f"({exc.strerror or exc}); is it writable?",
                code="read_only"
                if exc.errno in (errno.EACCES, errno.EROFS)
                else "write_failed",
                path=str(self.folder),
                errno=exc.errno,
            ) from exc
        # Only now: another instance's temporaries must not be touched.
        self.cleaned = clean_temp_files(self.folder) + clean_temp_files(
            self.folder / "archive"
        )

    def release(self) -> None:
        for db in self._dbs.values():
            db.close()
        self._dbs.clear()
        unlock_folder(self._folder_fd)
        self._folder_fd = None

    def db(self, name: str) -> DataFile:
        db = self._dbs.get(name)
        if db is None:
            db = data_file(self.storage_cls, self.folder / name)
            self._dbs[name] = db
        return db

    def exists(self, name: str) -> bool:
        return (self.folder / name).exists()

    def names(self, pattern: str) -> list[str]:
        return sorted(
            p.relative_to(self.folder).as_posix() for p in self.folder.glob(pattern)
        )

    def path_of(self, name: str) -> str:
        return str(self.folder / name)

    def move_aside(self, name: str, stamp: datetime) -> str:
        self._dbs.pop(name, None)
        src = self.folder / name
        dst = self.folder / aside_name(name, stamp)
        try:
            src.rename(dst)
        except OSError as exc:
            raise write_error(dst, exc) from exc
        return str(dst)

    def copy_aside(self, name: str, suffix: str) -> str:
        src = self.folder / name
        dst = self.folder / f"{name}.{suffix}"
        try:
            dst.write_bytes(src.read_bytes())
        except OSError as exc:
            raise write_error(dst, exc) from exc
        return str(dst)


class MemoryStorage(Storage):
    """A file's bytes in a dictionary shared by every open (a reopen finds
    them): the memory twin of :class:`AtomicJSONStorage`."""

    def __init__(
        self, store: dict[str, bytes], name: str, fail: Callable[[], None]
    ) -> None:
        self.store, self.name, self.fail = store, name, fail
        self.where = f"memory:{name}"

    def read_bytes(self) -> bytes | None:
        return self.store.get(self.name)

    def write_bytes(self, data: bytes) -> None:
        self.fail()
        self.store[self.name] = data

    def read(self) -> dict[str, Any] | None:
        raw = self.read_bytes()
        return None if raw is None else parse_tables(raw, self.where)

    def write(self, data: dict[str, Any]) -> None:
        self.write_bytes(compact_json(data))


class MemoryBackend:
    """The repository's files as bytes in memory; no lock.

    ``fail_writes`` (an ``OSError`` or ``None``) makes every write raise, to
    test what a failed write leaves behind.
    """

    def __init__(self) -> None:
        self.location = "memory:"
        self.files: dict[str, bytes] = {}
        self.fail_writes: OSError | None = None
        self._dbs: dict[str, DataFile] = {}

    def _fail(self) -> None:
        if self.fail_writes is not None:
            raise write_error(Path("memory:"), self.fail_writes)

    def acquire(self) -> None:
        pass

    def release(self) -> None:
        self._dbs.clear()

    def db(self, name: str) -> DataFile:
        db = self._dbs.get(name)
        if db is None:
            db = data_file(MemoryStorage, store=self.files, name=name, fail=self._fail)
            self._dbs[name] = db
        return db

    def exists(self, name: str) -> bool:
        return name in self.files

    def names(self, pattern: str) -> list[str]:
        return sorted(n for n in self.files if fnmatch.fnmatch(n, pattern))

    def path_of(self, name: str) -> str:
        return f"memory:{name}"

    def move_aside(self, name: str, stamp: datetime) -> str:
        self._dbs.pop(name, None)
        new = aside_name(name, stamp)
        self.files[new] = self.files.pop(name)
        return f"memory:{new}"

    def copy_aside(self, name: str, suffix: str) -> str:
        self.files[f"{name}.{suffix}"] = self.files[name]
        return f"memory:{name}.{suffix}"
