"""Shared helpers of the storage tests: a clock, a reopenable store, hands."""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

from scorekeeper.core import Hand, MatchSetup, Rules
from scorekeeper.storage.backends import FileBackend, MemoryBackend
from scorekeeper.storage.checksum import CHECKSUM_KEY, stamped
from scorekeeper.storage.repository import TinyDBRepository
from tests.builders import plain_hand


class Clock:
    """A clock that moves one minute per call, from a fixed Sunday."""

    def __init__(self, start: datetime | None = None) -> None:
        self.now = start or datetime(2024, 3, 3, 15, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        self.now += timedelta(minutes=1)
        return self.now


class Store:
    def __init__(self, kind: str, folder: Path) -> None:
        self.kind = kind
        self.folder = folder
        self.memory = MemoryBackend()
        self.clock = Clock()
        self.repo: TinyDBRepository | None = None

    def backend(self, **kw):
        return FileBackend(self.folder, **kw) if self.kind == "file" else self.memory

    def open(self, **kw) -> TinyDBRepository:
        self.close()
        backend_kw = {k: kw.pop(k) for k in ("storage_cls",) if k in kw}
        self.repo = TinyDBRepository(self.backend(**backend_kw), clock=self.clock, **kw)
        return self.repo

    def close(self) -> None:
        if self.repo is not None:
            self.repo.close()
            self.repo = None


def setup(*players: str, target: int = 31) -> MatchSetup:
    players = players or ("Anna", "Bruno")
    return MatchSetup(tuple(players), players[0], Rules(target=target))


#: side 1 makes 2 points, side 2 makes 1 (see tests.builders.plain_hand)
SMALL: Hand = plain_hand()
#: side 1 makes 2 + 20 points
BIG: Hand = plain_hand(20)
#: side 2 makes 1 + 8 points
OTHER: Hand = plain_hand(0, 8)


def as_written(tables: object) -> str:
    """*tables* as the app writes a data file (its checksum first): a test's
    damage looks like data the app itself wrote, not a hand edit. A
    checksum *tables* still holds (read back from a file) is dropped first."""
    if isinstance(tables, dict):
        tables = {k: v for k, v in tables.items() if k != CHECKSUM_KEY}
    payload = json.dumps(tables, ensure_ascii=False, separators=(",", ":"))
    return stamped(payload.encode("utf-8")).decode("utf-8")


def fail_writes(repo: TinyDBRepository, failing: Callable[[str], bool], error) -> None:
    """From now on every change of a data file *failing* (by name) raises
    *error* before anything is written (a full disk, a kill between two
    writes); the other files change as ever."""
    files = repo._files
    change = files.change

    def failing_change(name: str, kind: str):
        if failing(name):
            raise error
        return change(name, kind)

    files.change = failing_change  # type: ignore[method-assign]


def writes_again(repo: TinyDBRepository) -> None:
    """Undo :func:`fail_writes`: every data file changes again."""
    vars(repo._files).pop("change", None)
