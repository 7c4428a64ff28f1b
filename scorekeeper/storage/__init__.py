"""Durable match storage on TinyDB: the repository port, its implementation,
crash-safe files and data-folder resolution.
"""

from .errors import (
    DataFileError,
    DataInUseError,
    EditRefusedError,
    HandAlreadySavedError,
    ImportRefusedError,
    MatchNotFoundError,
    RosterError,
    SettingsError,
    StorageError,
    StorageWriteError,
)
from .paths import resolve_data_dir
from .port import MatchQueries, MatchRepository
from .repository import TinyDBRepository, open_repository
from .types import (
    Edit,
    HistoryPage,
    ImportResult,
    MatchDraft,
    MatchSummary,
    Player,
    Settings,
    StoredMatch,
)
from .types import Warning_ as StorageWarning

__all__ = [
    "DataFileError",
    "DataInUseError",
    "Edit",
    "EditRefusedError",
    "HandAlreadySavedError",
    "HistoryPage",
    "ImportRefusedError",
    "ImportResult",
    "MatchDraft",
    "MatchNotFoundError",
    "MatchQueries",
    "MatchRepository",
    "MatchSummary",
    "Player",
    "RosterError",
    "Settings",
    "SettingsError",
    "StorageError",
    "StorageWarning",
    "StorageWriteError",
    "StoredMatch",
    "TinyDBRepository",
    "open_repository",
    "resolve_data_dir",
]
