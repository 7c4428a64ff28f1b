"""Errors of the storage layer: one English message, a stable code, the file.

Every error carries ``code`` (a stable identifier a UI can translate, e.g.
``"not_json"``), ``params`` (the values the message shows) and, when a file is
involved, ``path``. ``str(error)`` is a one-line English message that says what
is wrong and where the file is. The classes also subclass the builtin that
fits, so callers that only know ``ValueError``/``OSError``/``LookupError``
still catch them.
"""

from __future__ import annotations

from typing import Any

from scorekeeper.core.model import Hand


class StorageError(Exception):
    """Base class: ``code``, ``params`` and ``path`` (or ``None``)."""

    code = "storage_error"

    def __init__(
        self,
        message: str,
        *,
        code: str | None = None,
        path: str | None = None,
        **params: Any,
    ) -> None:
        Exception.__init__(self, message)
        if code is not None:
            self.code = code
        self.path = path
        self.params = dict(params)
        if path is not None:
            self.params.setdefault("path", path)

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else self.code


class DataFileError(StorageError, ValueError):
    """A data file that cannot be used; it has not been touched.

    Codes: ``empty``, ``truncated``, ``not_json``, ``not_database``,
    ``unknown_schema``, ``newer_schema``, ``unreadable``, ``missing``, ``null``
    (the file holds JSON ``null``), ``damaged_record``.
    """

    code = "bad_file"


class DataInUseError(StorageError, OSError):
    """Another process holds the data folder (code ``in_use``)."""

    code = "in_use"


class StorageWriteError(StorageError, OSError):
    """A write failed; what was saved before is intact.

    Codes: ``disk_full``, ``read_only``, ``write_failed``. ``errno`` is the
    operating system's error number when there is one.
    """

    code = "write_failed"

    def __init__(self, message: str, *, errno: int | None = None, **kw: Any) -> None:
        super().__init__(message, **kw)
        self.errno = errno


class MatchNotFoundError(StorageError, LookupError):
    """No stored match has that id (code ``not_found``)."""

    code = "not_found"


class EditRefusedError(StorageError, ValueError):
    """An edit the store refuses before the engine sees it.

    Codes: ``match_abandoned``, ``match_not_won``, ``nothing_to_undo``,
    ``not_a_declaration``, ``not_abandoned``, ``changed_meanwhile`` (an edit
    made on a view of the match that another change has made untrue),
    ``hand_taken`` (:class:`HandAlreadySavedError`).
    """

    code = "edit_refused"


class HandAlreadySavedError(EditRefusedError):
    """A new hand for an index the match already has (code ``hand_taken``):
    another phone saved that hand first. ``stored`` is the hand it saved,
    ``index`` its 0-based index; nothing was written."""

    code = "hand_taken"

    def __init__(self, message: str, *, stored: Hand, index: int, **kw: Any) -> None:
        super().__init__(message, index=index, **kw)
        self.stored = stored
        self.index = index


class RosterError(StorageError, ValueError):
    """Codes: ``name_invalid``, ``name_taken``, ``player_not_found``."""

    code = "roster"


class SettingsError(StorageError, ValueError):
    """An unknown setting or a value it cannot take (code ``bad_setting``)."""

    code = "bad_setting"


class ImportRefusedError(StorageError, ValueError):
    """A match file that cannot be imported; nothing of it was written.

    Codes: ``unreadable``, ``not_json``, ``bad_match``, ``bad_meta``,
    ``id_conflict``, ``duplicate_id``, ``bad_link`` (a link that carries no
    readable match).
    """

    code = "import_refused"
