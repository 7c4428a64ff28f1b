"""``drafts.json``: the one draft per match of the hand being played.

A draft is what the table has entered of a hand not yet saved: the hand entry
as typed and the live tally of the play (both opaque JSON documents written by
:mod:`scorekeeper.table.draft_docs`), for one hand index, plus the spade form
last used in the match (kept from hand to hand). It lives in its own file so
that:

* a tap rewrites a file of a few hundred bytes per match being played, never
  ``live.json`` and its acknowledged commits;
* a damaged draft file never blocks the matches: it is moved aside (whatever
  ``on_damage`` says), reported as a ``drafts_reset`` warning, and the drafts
  start empty. A damaged record is dropped the same way, alone.

Old data folders have no ``drafts.json``: it is created by the first draft
written. Every write is atomic (the backend's storage: temporary file, fsync,
rename).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import replace
from datetime import datetime
from typing import Any

from .errors import DataFileError
from .files import DataFiles
from .records import iso, parse_time
from .types import MatchDraft

log = logging.getLogger(__name__)

DRAFTS = "drafts.json"
DRAFTS_KIND = "drafts"
DRAFTS_TABLE = "drafts"


def _doc(draft: MatchDraft) -> dict[str, Any]:
    return {
        "match_id": draft.match_id,
        "hand_index": draft.hand_index,
        "entry": draft.entry,
        "tally": draft.tally,
        "form": draft.form,
        "updated": iso(draft.updated) if draft.updated is not None else None,
    }


def _draft(doc: dict[str, Any]) -> MatchDraft:
    """A stored record as a :class:`MatchDraft` (``ValueError`` if damaged)."""
    match_id, index = doc.get("match_id"), doc.get("hand_index")
    entry, tally, form = doc.get("entry"), doc.get("tally"), doc.get("form")
    if not isinstance(match_id, str) or not match_id:
        raise ValueError("no match id")
    if not isinstance(index, int) or isinstance(index, bool) or index < 0:
        raise ValueError(f"hand index {index!r}")
    for name, value in (("entry", entry), ("tally", tally)):
        if value is not None and not isinstance(value, dict):
            raise ValueError(f"{name} is not a document")
    if form is not None and not isinstance(form, str):
        raise ValueError(f"form {form!r}")
    updated = doc.get("updated")
    return MatchDraft(
        match_id,
        index,
        entry=entry,
        tally=tally,
        form=form,
        updated=parse_time(updated, "updated") if updated else None,
    )


def draft_problem(doc: object) -> str | None:
    """What is wrong with a draft record, None if nothing (the one check of
    a draft: opening and ``check``)."""
    try:
        if not isinstance(doc, dict):
            raise ValueError("not an object")
        _draft(doc)
    except (TypeError, ValueError) as exc:
        return str(exc)
    return None


class DraftStore:
    """The drafts of ``drafts.json``, in memory, written through on change."""

    def __init__(self, files: DataFiles) -> None:
        self._files = files
        self._drafts: dict[str, MatchDraft] = {}
        self._keys: dict[str, int] = {}  # match id -> document id in the file

    def load(self) -> None:
        """Read ``drafts.json`` if there is one; damage is reported, never fatal."""
        if not self._files.exists(DRAFTS):
            return
        try:
            with self._files.reading(DRAFTS, DRAFTS_KIND) as db:
                loaded = (
                    []
                    if db is None
                    else list(db.records(DRAFTS_TABLE).load(draft_problem))
                )
        except DataFileError as exc:
            self._reset(exc)
            return
        for r in loaded:
            if r.problem is not None:
                path = self._files.path_of(DRAFTS)
                self._files.warn(
                    "drafts_reset",
                    f"{path}: draft record {r.key} is damaged ({r.problem}); "
                    "it was dropped (no saved hand is affected)",
                    {"path": path, "record": r.key},
                )
                log.warning("%s: draft record %s dropped: %s", path, r.key, r.problem)
                continue
            draft = _draft(r.doc)
            self._drafts[draft.match_id] = draft
            self._keys[draft.match_id] = r.doc_id

    def _reset(self, exc: DataFileError) -> None:
        """Move a damaged ``drafts.json`` aside and start with no drafts."""
        moved = self._files.backend.move_aside(DRAFTS, self._files.clock())
        self._files.warn(
            "drafts_reset",
            f"{exc}; the drafts of the hands being entered were lost, the file "
            f"was moved aside to {moved} (no saved hand is affected)",
            {"path": exc.path, "moved_to": moved, "problem": exc.code},
        )
        log.warning("%s; drafts reset, file moved aside to %s", exc, moved)
        self._drafts.clear()
        self._keys.clear()

    def _write(self, put: dict[int, dict[str, Any]], remove: list[int]) -> None:
        """One write of ``drafts.json``: *put* in, the drafts *remove* out."""
        with self._files.change(DRAFTS, DRAFTS_KIND) as db:
            drafts = db.records(DRAFTS_TABLE)
            if remove:
                drafts.remove(doc_ids=remove)
            drafts.put(put)

    def get(self, match_id: str) -> MatchDraft | None:
        return self._drafts.get(match_id)

    def put(
        self, draft: MatchDraft, at: datetime, playing: Callable[[str], bool]
    ) -> MatchDraft:
        """Store *draft* as the match's one draft (one atomic write). The
        same write drops the drafts of matches no longer ``playing`` (won,
        abandoned, deleted; *draft*'s own too, then not stored): the file
        holds the unfinished matches only, so a tap writes the same few
        hundred bytes however long the history."""
        draft = replace(draft, updated=at)
        keep = playing(draft.match_id)
        gone = [m for m in self._drafts if not playing(m)]
        remove = [self._keys[m] for m in gone]
        key = self._keys.get(draft.match_id)
        if key is None:
            key = 1 + max(self._keys.values(), default=0)
        put = {key: _doc(draft)} if keep else {}
        if put or remove:
            try:
                self._write(put, remove)
            except DataFileError as exc:
                # damaged since it was read (by hand?): aside, then a fresh file
                self._reset(exc)
                key, gone, put = 1, [], {1: put[key]} if put else {}
                self._write(put, [])
        for match_id in gone:
            self._drafts.pop(match_id, None)
            self._keys.pop(match_id, None)
        if keep:
            self._drafts[draft.match_id] = draft
            self._keys[draft.match_id] = key
        return draft
