"""Where the repository's TinyDB files live: a folder on disk, or memory (tests).

The repository names its files relatively (``meta.json``, ``live.json``,
``archive/index-0003.json``) and asks a backend for a :class:`~tinydb.TinyDB`
on each. :class:`FileBackend` is the real one: crash-safe
:class:`~scorekeeper.storage.atomic.AtomicJSONStorage` files in the data
folder, an exclusive ``flock`` on the folder itself held while the repository
is open (a second process gets
:class:`~scorekeeper.storage.errors.DataInUseError`; deleting a file cannot
free it), a ``filelock`` on ``<folder>/.lock`` beside it (what older versions
of the app take; where ``flock`` is missing, the only lock), and leftover
temporary files cleaned once the locks are held.
:class:`MemoryBackend` keeps the same files as dictionaries, for fast tests.
"""

from __future__ import annotations

import contextlib
import copy
import errno
import fnmatch
import os
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any, Protocol

import filelock
from tinydb import TinyDB
from tinydb.storages import Storage

from .atomic import AtomicJSONStorage, clean_temp_files, null_file_error, write_error
from .errors import DataFileError, DataInUseError, StorageWriteError

LOCK_NAME = ".lock"


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
    def db(self, name: str) -> TinyDB: ...
    def exists(self, name: str) -> bool: ...
    def names(self, pattern: str) -> list[str]: ...
    def path_of(self, name: str) -> str: ...
    def move_aside(self, name: str, stamp: datetime) -> str: ...
    def copy_aside(self, name: str, suffix: str) -> str: ...


def aside_name(name: str, stamp: datetime) -> str:
    return f"{name}.damaged-{stamp:%Y%m%dT%H%M%S}"


class FileBackend:
    """TinyDB files in a folder, written atomically, guarded by a file lock."""

    def __init__(
        self,
        folder: str | Path,
        storage_cls: Callable[[Path], Storage] = AtomicJSONStorage,
    ) -> None:
        self.folder = Path(folder)
        self.location = str(self.folder)
        self.storage_cls = storage_cls
        self._lock: filelock.BaseFileLock | None = None
        self._folder_fd: int | None = None
        self._dbs: dict[str, TinyDB] = {}
        self.cleaned: list[Path] = []

    def acquire(self) -> None:
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            (self.folder / "archive").mkdir(exist_ok=True)
        except OSError as exc:
            raise write_error(self.folder, exc) from exc
        lock_path = self.folder / LOCK_NAME
        in_use = DataInUseError(
            f"the data folder {self.folder} is already in use by another "
            "instance of the app; close it first, or use another folder with "
            "--data",
            path=str(lock_path),
            folder=str(self.folder),
        )
        try:
            self._folder_fd = lock_folder(self.folder)
        except BlockingIOError:
            raise in_use from None
        except OSError as exc:
            raise self._lock_error(lock_path, exc) from exc
        lock = filelock.FileLock(lock_path, timeout=0)
        try:
            lock.acquire()
        except filelock.Timeout:
            self._unlock_folder()
            raise in_use from None
        except OSError as exc:
            self._unlock_folder()
            raise self._lock_error(lock_path, exc) from exc
        self._lock = lock
        # Only now: another instance's temporaries must not be touched.
        self.cleaned = clean_temp_files(self.folder) + clean_temp_files(
            self.folder / "archive"
        )

    def _lock_error(self, lock_path: Path, exc: OSError) -> StorageWriteError:
        return StorageWriteError(
            f"cannot lock the data folder {self.folder} ({exc.strerror or exc}); "
            "is it writable?",
            code="read_only"
            if exc.errno in (errno.EACCES, errno.EROFS)
            else "write_failed",
            path=str(lock_path),
            errno=exc.errno,
        )

    def _unlock_folder(self) -> None:
        unlock_folder(self._folder_fd)
        self._folder_fd = None

    def release(self) -> None:
        for db in self._dbs.values():
            db.close()
        self._dbs.clear()
        if self._lock is not None:
            self._lock.release()
            self._lock = None
        self._unlock_folder()

    def db(self, name: str) -> TinyDB:
        db = self._dbs.get(name)
        if db is None:
            db = TinyDB(self.folder / name, storage=self.storage_cls)
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


class _SharedMemoryStorage(Storage):
    """A memory storage whose data outlives the TinyDB (survives a reopen)."""

    def __init__(self, store: dict[str, Any], name: str, fail: Callable[[], None]):
        self.store, self.name, self.fail = store, name, fail

    def read(self) -> dict[str, Any] | None:
        data = self.store.get(self.name)
        if data is None and self.name in self.store:  # a file holding null
            raise null_file_error(f"memory:{self.name}")
        if data is not None and not isinstance(data, dict):
            raise DataFileError(
                f"memory:{self.name}: not a database",
                code="not_database",
                path=f"memory:{self.name}",
            )
        return copy.deepcopy(data)

    def write(self, data: dict[str, Any]) -> None:
        self.fail()
        self.store[self.name] = copy.deepcopy(data)


class MemoryBackend:
    """The repository's files as dictionaries in memory; no file lock.

    ``fail_writes`` (an ``OSError`` or ``None``) makes every write raise, to
    test what a failed write leaves behind.
    """

    def __init__(self) -> None:
        self.location = "memory:"
        self.files: dict[str, Any] = {}
        self.fail_writes: OSError | None = None
        self._dbs: dict[str, TinyDB] = {}

    def _fail(self) -> None:
        if self.fail_writes is not None:
            raise write_error(Path("memory:"), self.fail_writes)

    def acquire(self) -> None:
        pass

    def release(self) -> None:
        self._dbs.clear()

    def db(self, name: str) -> TinyDB:
        db = self._dbs.get(name)
        if db is None:
            db = TinyDB(
                storage=_SharedMemoryStorage,
                store=self.files,
                name=name,
                fail=self._fail,
            )
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
        self.files[f"{name}.{suffix}"] = copy.deepcopy(self.files[name])
        return f"memory:{name}.{suffix}"
