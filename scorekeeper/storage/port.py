"""The storage port: what the UI, the CLI and the commands may ask of a store.

:class:`MatchRepository` speaks domain types only (:mod:`scorekeeper.core`
values and the frozen dataclasses of :mod:`.types`); no TinyDB object ever
crosses it. :class:`~.repository.TinyDBRepository` implements it, and a test
checks that every member listed here exists there with a compatible signature.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date
from typing import TYPE_CHECKING, Any, Protocol

from scorekeeper.core.model import Hand, MatchSetup

if TYPE_CHECKING:
    from .tournaments import TournamentStore

from .errors import DataFileError
from .types import (
    Edit,
    HistoryPage,
    ImportResult,
    MatchDraft,
    MatchSummary,
    Player,
    Settings,
    StoredMatch,
    Warning_,
)


class MatchQueries(Protocol):
    """The read side of the port: what a screen may ask without changing
    anything (the table service hands the UI only this)."""

    @property
    def location(self) -> str:
        """Where the data lives (a folder, or ``memory:``), for messages."""
        ...

    @property
    def warnings(self) -> Sequence[Warning_]:
        """What the store did on its own since it was opened."""
        ...

    def get_match(
        self, match_id: str, *, include_deleted: bool = False
    ) -> StoredMatch: ...
    def edit_history(
        self, match_id: str, *, include_deleted: bool = False
    ) -> tuple[Edit, ...]: ...
    def deleted_matches(self) -> tuple[MatchSummary, ...]: ...
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
    def summary(
        self, match_id: str, *, include_deleted: bool = False
    ) -> MatchSummary: ...
    def stored_matches(self, player: str | None = None) -> list[StoredMatch]: ...
    def count(self) -> int: ...
    def players(self) -> tuple[Player, ...]: ...
    def settings(self) -> Settings: ...
    def get_draft(self, match_id: str) -> MatchDraft | None:
        """The match's one draft as stored (any hand index), or ``None``."""
        ...

    def export_match(self, match_id: str) -> dict[str, Any]: ...
    def export_all(
        self, missing: list[DataFileError] | None = None
    ) -> list[dict[str, Any]]:
        """Every stored match, then every tournament; a match that cannot be
        read goes to *missing*, or without it raises its error."""
        ...


class MatchRepository(MatchQueries, Protocol):
    """The storage port the table service and the commands use (domain types
    only): the reads of :class:`MatchQueries` and every change.

    Every change is on disk when the call returns; errors are the
    :mod:`.errors` classes (and the core's ``MatchError`` for a hand the
    rules refuse), and a refused change leaves everything as it was.
    """

    @property
    def tournaments(self) -> TournamentStore:
        """The club nights (docs/TOURNAMENT.md): create, draw a round, read."""
        ...

    def create_match(
        self,
        setup: MatchSetup,
        *,
        notes: str = "",
        by: str | None = None,
        rematch_of: str | None = None,
    ) -> StoredMatch: ...
    def add_hand(
        self,
        match_id: str,
        hand: Hand,
        *,
        by: str | None = None,
        expected_index: int | None = None,
    ) -> StoredMatch:
        """Add ``hand`` after the last one; with ``expected_index`` only as
        hand ``expected_index`` (0-based): if the match already has it,
        :class:`~.errors.HandAlreadySavedError` carries the stored one."""
        ...

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
        self,
        match_id: str,
        hand: Hand,
        *,
        by: str | None = None,
        expected_index: int | None = None,
    ) -> StoredMatch: ...
    def undo(
        self, match_id: str, *, by: str | None = None, expected: int | None = None
    ) -> StoredMatch: ...
    def finish_match(self, match_id: str) -> StoredMatch: ...
    def abandon_match(self, match_id: str, *, by: str | None = None) -> StoredMatch: ...
    def resume_match(self, match_id: str, *, by: str | None = None) -> StoredMatch: ...
    def set_notes(self, match_id: str, notes: str) -> StoredMatch: ...
    def delete_match(self, match_id: str, *, by: str | None = None) -> StoredMatch: ...
    def restore_match(self, match_id: str, *, by: str | None = None) -> StoredMatch: ...
    def compact_history(self) -> int: ...
    def add_player(self, name: str) -> Player: ...
    def rename_player(self, old: str, new: str) -> Player: ...
    def update_settings(self, **changes: Any) -> Settings: ...
    def put_draft(self, draft: MatchDraft) -> MatchDraft:
        """Store the match's one draft (replacing the one it had); a match
        that is not stored raises :class:`~.errors.MatchNotFoundError`."""
        ...

    def import_documents(self, docs: list[object]) -> list[ImportResult]: ...
    def close(self) -> None: ...
    def __enter__(self) -> MatchRepository: ...
    def __exit__(self, *exc: object) -> None: ...
