"""The table service: every use case that changes the table, each in one place.

A :class:`TableService` is the table the phones share: the repository, which
match the table is on, and the live tally of the hand being played. Each
use case takes the lock, calls the repository (the write is durable when it
returns), keeps the table's current match right, and returns a
:class:`~scorekeeper.table.events.Changed`: the result and the event to
broadcast. It imports no flet: the Flet UI, the browser build and the command
line call the same methods, and unit tests call them with no browser.

Reads go through :attr:`TableService.queries`, typed as the read-only part
of the repository port, so a screen cannot change data except through a use
case.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any, Literal, TypeVar

from scorekeeper.core.editlog import Action, LogEntry, redo_target
from scorekeeper.core.engine import Status
from scorekeeper.core.model import Hand, MatchSetup
from scorekeeper.storage import (
    EditRefusedError,
    ImportResult,
    MatchDraft,
    MatchQueries,
    MatchRepository,
    MatchSummary,
    Player,
    Settings,
    StorageError,
    StorageWarning,
    StoredMatch,
    open_repository,
)
from scorekeeper.table.club import ClubService
from scorekeeper.table.counting import WhoCounts
from scorekeeper.table.draft_docs import (
    DraftDocError,
    draft_doc,
    draft_from_doc,
    tally_doc,
    tally_from_doc,
)
from scorekeeper.table.events import Change, Changed, TableEvent
from scorekeeper.table.hand_draft import HandDraft, LiveTally, SpadeForm, merge_play
from scorekeeper.table.hand_fields import PLAY
from scorekeeper.table.live import LiveTallies

log = logging.getLogger(__name__)

T = TypeVar("T")

PLAYING = (Status.IN_PROGRESS, Status.TIE_BREAK)
BACKUP_EVERY = 10
"""Finished matches without an "export all" after which to remind."""
OPEN_STATUSES = ("in_progress", "tie_break")


TableQueries = MatchQueries
"""What screens may read: the read side of the storage port."""


def newest_open(queries: TableQueries) -> StoredMatch | None:
    """The newest match still being played (in progress or in a tie-break)."""
    newest: MatchSummary | None = None
    for status in OPEN_STATUSES:
        page = queries.list_history(status=status, limit=1)
        if page.items and (newest is None or page.items[0].created > newest.created):
            newest = page.items[0]
    return None if newest is None else queries.get_match(newest.id)


class TableService:
    """The table shared by every phone of one server (or one browser tab)."""

    def __init__(self, repository: MatchRepository) -> None:
        self._repository = repository
        self._lock = threading.RLock()
        # Storage upkeep a change left for later (tidy): nothing anyone sees
        # waits for it.
        self._upkeep: list[Callable[[], None]] = []
        self._current: StoredMatch | None = newest_open(self.queries)
        self.tallies = LiveTallies(self._load_tally, self._store_tally)
        self.counting = WhoCounts()  # which phones are entering which hand
        self._finished: tuple[int, int] | None = None  # (revision, count)
        self.club = ClubService(repository, self._lock)  # the tournaments

    @classmethod
    def open(cls, data_dir: Path | None = None, recover: bool = False) -> TableService:
        """Open the repository on ``data_dir`` (storage errors propagate);
        ``recover`` moves a damaged data file aside instead of refusing."""
        on_damage: Literal["move_aside", "refuse"] = (
            "move_aside" if recover else "refuse"
        )
        return cls(open_repository(data_dir, on_damage=on_damage))

    @property
    def queries(self) -> TableQueries:
        """Read-only access to the stored matches, roster and settings."""
        return self._repository

    @property
    def warnings(self) -> Sequence[StorageWarning]:
        """What the repository noticed when it opened (files moved aside)."""
        return self._repository.warnings

    def current(self) -> StoredMatch | None:
        """The match the table is on (in progress, or just ended), or ``None``."""
        return self._current

    def playing(self) -> StoredMatch | None:
        """The table's match if it is still being played, else ``None``."""
        stored = self._current
        return stored if stored is not None and self.is_playing(stored) else None

    @staticmethod
    def is_playing(stored: StoredMatch) -> bool:
        """Whether *stored* is still being played (not over, not abandoned)."""
        return not stored.abandoned and stored.state.status in PLAYING

    def close(self) -> None:
        with self._lock:
            self._repository.close()

    # -- the one path of every change -------------------------------------------
    def _match_change(
        self, action: Callable[[MatchRepository], StoredMatch]
    ) -> Changed[StoredMatch]:
        """Run a change of one match; that match becomes the table's match."""
        with self._lock:
            self.tidy()  # an undo never finds the draft of the hand it undoes
            stored = action(self._repository)
            self._current = stored
        return Changed(stored, TableEvent(Change.MATCH, stored.id))

    def _edit_change(
        self, action: Callable[[MatchRepository], StoredMatch]
    ) -> Changed[StoredMatch]:
        """Run an edit of a match's hands. The table's match stays the
        table's; a match corrected from the history (won, or another one)
        does not take the table away from the match being played, and
        becomes the table's only if none is and it is being played again."""
        with self._lock:
            self.tidy()  # an undo never finds the draft of the hand it undoes
            stored = action(self._repository)
            current = self._current
            playing = stored.state.status in PLAYING and not stored.abandoned
            if (
                current is None
                or current.id == stored.id
                or (self.playing() is None and playing)
            ):
                self._current = stored
        return Changed(stored, TableEvent(Change.MATCH, stored.id))

    def _touch_current(self, stored: StoredMatch) -> None:
        """Keep the table's copy of ``stored`` fresh if it is the table's match."""
        if self._current is not None and self._current.id == stored.id:
            self._current = stored

    # -- matches ------------------------------------------------------------------
    def start_match(
        self, setup: MatchSetup, *, rematch_of: str | None = None
    ) -> Changed[StoredMatch]:
        """A new match (a rivincita when ``rematch_of``); the table moves to it."""
        return self._match_change(
            lambda repo: repo.create_match(setup, rematch_of=rematch_of)
        )

    def add_hand(
        self,
        match_id: str,
        hand: Hand,
        *,
        expected_index: int | None = None,
        by: str | None = None,
    ) -> Changed[StoredMatch]:
        """Save the next hand; with ``expected_index`` only as that hand (a
        ``HandAlreadySavedError`` if another phone saved it first). *by*: the
        player the saving phone said it is (a club table's, issue 37), kept
        in the edit log. The match's draft is cleared at the next
        :meth:`tidy`."""
        changed = self._match_change(
            lambda repo: repo.add_hand(
                match_id, hand, by=by, expected_index=expected_index
            )
        )
        self._clear_draft_later(changed.value)
        return changed

    def declare(
        self,
        match_id: str,
        hand: Hand,
        *,
        expected_index: int | None = None,
        by: str | None = None,
    ) -> Changed[StoredMatch]:
        """Save the hand stopped by an early-win declaration (``expected_index``
        and *by* as in :meth:`add_hand`)."""
        changed = self._match_change(
            lambda repo: repo.record_declaration(
                match_id, hand, by=by, expected_index=expected_index
            )
        )
        self._clear_draft_later(changed.value)
        return changed

    def correct_hand(
        self,
        match_id: str,
        index: int,
        hand: Hand,
        *,
        expected: Hand | None,
        by: str | None = None,
    ) -> Changed[StoredMatch]:
        """Replace hand ``index``, only if it is still ``expected`` (*by* as
        in :meth:`add_hand`)."""
        return self._edit_change(
            lambda repo: repo.replace_hand(
                match_id, index, hand, by=by, expected=expected
            )
        )

    def delete_hand(
        self, match_id: str, index: int, *, expected: Hand | None
    ) -> Changed[StoredMatch]:
        """Delete hand ``index``, only if it is still ``expected``."""
        return self._edit_change(
            lambda repo: repo.delete_hand(match_id, index, expected=expected)
        )

    def undo(self, match_id: str, *, expected: int | None) -> Changed[StoredMatch]:
        """Undo the match's last edit, only if it is still edit ``expected``."""
        return self._edit_change(lambda repo: repo.undo(match_id, expected=expected))

    def redo(self, match_id: str, *, undo: int) -> Changed[StoredMatch]:
        """Make again the change that the match's edit ``undo`` (an undo)
        reverted ("Ripeti"), only while that undo is the match's last edit:
        refused ``changed_meanwhile`` otherwise. Logged as that change
        again (so it can be undone like any other)."""
        return self._edit_change(lambda repo: _redo(repo, match_id, undo))

    def abandon(self, match_id: str) -> Changed[StoredMatch]:
        """Abandon a match; the table stays on the match it is on (an old
        match abandoned from the history does not take the table away)."""
        with self._lock:
            stored = self._repository.abandon_match(match_id)
            self._touch_current(stored)
        return Changed(stored, TableEvent(Change.MATCH, match_id))

    def resume(self, match_id: str) -> Changed[StoredMatch]:
        """Resume an abandoned match: the table goes back to playing it."""
        return self._match_change(lambda repo: repo.resume_match(match_id))

    def set_notes(self, match_id: str, notes: str) -> Changed[StoredMatch]:
        """Save a match's notes; the table's match stays where it is."""
        with self._lock:
            stored = self._repository.set_notes(match_id, notes)
            self._touch_current(stored)
        return Changed(stored, TableEvent(Change.MATCH, match_id))

    # -- the history --------------------------------------------------------------
    def delete_match(self, match_id: str) -> Changed[StoredMatch]:
        """Delete a match (a tombstone, see :meth:`restore_match`). If the table
        was on it, the table goes back to the newest match still being played."""
        with self._lock:
            deleted = self._repository.delete_match(match_id)
            if self._current is not None and self._current.id == match_id:
                self._current = newest_open(self.queries)
        return Changed(deleted, TableEvent(Change.HISTORY, match_id))

    def restore_match(self, match_id: str) -> Changed[StoredMatch]:
        """Bring a deleted match back; one still being played becomes the
        table's match if the table has none."""
        with self._lock:
            restored = self._repository.restore_match(match_id)
            playing = restored.state.status in PLAYING and not restored.abandoned
            if self._current is None and playing:
                self._current = restored
        return Changed(restored, TableEvent(Change.HISTORY, match_id))

    def compact_history(self) -> Changed[int]:
        """Erase the deleted matches for good; how many were erased."""
        with self._lock:
            erased = self._repository.compact_history()
        return Changed(erased, TableEvent(Change.HISTORY))

    def import_documents(self, docs: list[object]) -> Changed[list[ImportResult]]:
        """Store match files (all or nothing; see the repository)."""
        with self._lock:
            results = self._repository.import_documents(docs)
        return Changed(results, TableEvent(Change.HISTORY))

    # -- backups (the browser build) ------------------------------------------------
    def finished_count(self) -> int:
        """How many stored matches are finished (won); cached per revision."""
        with self._lock:
            revision = self.queries.revision()
            if self._finished is None or self._finished[0] != revision:
                page = self.queries.list_history(status="won", limit=1_000_000)
                self._finished = (revision, len(page.items))
            return self._finished[1]

    def unexported_finished(self) -> int:
        """Finished matches since the last "export all"."""
        exported = self.queries.settings().exported_finished
        return max(0, self.finished_count() - exported)

    def backup_due(self) -> bool:
        """Whether to remind the players to export (every ten finished)."""
        return self.unexported_finished() >= BACKUP_EVERY

    def exported_all(self) -> Changed[Settings]:
        """Remember that every match was just exported (the reminder resets)."""
        return self.update_settings(exported_finished=self.finished_count())

    # -- settings and roster -------------------------------------------------------
    def update_settings(self, **changes: Any) -> Changed[Settings]:
        with self._lock:
            settings = self._repository.update_settings(**changes)
        return Changed(settings, TableEvent(Change.SETTINGS))

    def add_player(self, name: str) -> Changed[Player]:
        with self._lock:
            player = self._repository.add_player(name)
        return Changed(player, TableEvent(Change.ROSTER))

    def rename_player(self, old: str, new: str) -> Changed[Player]:
        with self._lock:
            player = self._repository.rename_player(old, new)
        return Changed(player, TableEvent(Change.ROSTER))

    # -- the match's draft: the hand being entered and its live tally -------------
    # One stored draft per match (``MatchDraft``), for one hand index: a draft
    # of an earlier hand reads as none, so it never leaks into the next hand.
    def has_draft(self, match_id: str) -> bool:
        """Whether anything is stored of the match's next hand (the hand
        entry as typed, or the live tally of its play)."""
        record = self._draft_record(match_id, self._hands_of(match_id))
        return record.entry is not None or record.tally is not None

    def entry_waiting(self, match_id: str) -> bool:
        """Whether a hand entry of the match's next hand is stored, typed and
        left before Save (the scoreboard offers to resume it)."""
        with self._lock:
            record = self._draft_record(match_id, self._hands_of(match_id))
            return _read_entry(record.entry) is not None

    def _draft_record(self, match_id: str, hand_index: int) -> MatchDraft:
        """The stored draft if it is of hand ``hand_index``, else an empty one
        for that hand (keeping the match's spade form)."""
        stored = self.queries.get_draft(match_id)
        if stored is None:
            return MatchDraft(match_id, hand_index)
        if stored.hand_index != hand_index:
            return MatchDraft(match_id, hand_index, form=stored.form)
        return stored

    def tidy(self) -> None:
        """Do the storage upkeep the changes made so far left for later.

        Saving a hand leaves its draft to clear: a second write of the disk,
        which nothing on any screen waits for (the draft of a saved hand
        reads as none already). The UI calls this once the change is on its
        way to the screens; every change of a match's hands does it first
        (``_match_change``), so an undo of the hand never finds its draft
        again.
        """
        with self._lock:
            upkeep, self._upkeep = self._upkeep, []
            for task in upkeep:
                task()

    def _clear_draft_later(self, stored: StoredMatch) -> None:
        with self._lock:
            self._upkeep.append(lambda: self._clear_draft(stored))

    def _clear_draft(self, stored: StoredMatch) -> None:
        """After a hand is saved: the draft is empty again (its form stays).

        A failed write is logged, not raised: the hand is saved, and the old
        draft is of an earlier hand, so it reads as none anyway. A draft of
        a later hand (typed before this ran) is kept.
        """
        with self._lock:
            record = self.queries.get_draft(stored.id)
            if record is None or (record.entry is None and record.tally is None):
                return
            if record.hand_index >= len(stored.match.hands):
                return
            empty = MatchDraft(stored.id, len(stored.match.hands), form=record.form)
            try:
                self._repository.put_draft(empty)
            except StorageError as error:
                log.warning("the saved hand's draft was not cleared: %s", error)

    def spade_form(self, match_id: str) -> SpadeForm:
        """The spade form a new hand of the match opens with: the one last
        used in the match, else the last one used in any match."""
        record = self.queries.get_draft(match_id)
        form = record.form if record is not None and record.form else None
        try:
            return SpadeForm(form or self.queries.settings().spade_form)
        except ValueError:
            return SpadeForm.LIST

    def entry_draft(self, match_id: str) -> HandDraft:
        """What the hand entry of the match's next hand opens on: the stored
        draft (with what the live tally recorded since), else the live
        tally's pre-fill, else an empty draft in the match's spade form."""
        return self.entry_opening(match_id)[0]

    def entry_opening(self, match_id: str) -> tuple[HandDraft, bool]:
        """:meth:`entry_draft`, and whether the live tally recorded points
        since the stored draft was typed: those are added to the play points
        typed in the entry (``merge_play``), never put in their place, and
        the entry says so."""
        with self._lock:
            hand_index = self._hands_of(match_id)
            record = self._draft_record(match_id, hand_index)
            tally = self.live_tally(match_id)
            entry = _read_entry(record.entry)
        if entry is not None:
            draft, seen = entry
            if tally.log and _play(tally) != _play(seen):
                # recorded in play after the entry: added to what it holds
                return merge_play(draft, seen, tally), True
            return draft, False
        fresh = HandDraft(form=self.spade_form(match_id))
        return (tally.to_draft(fresh) if tally.log else fresh), False

    def save_draft(
        self, match_id: str, hand_index: int, draft: HandDraft
    ) -> Changed[HandDraft]:
        """Store the entry of hand ``hand_index`` as typed so far (one small
        atomic write), and remember its spade form for the match and as the
        default of new matches. A draft of a hand the match already has
        (another phone saved it) is not stored. Not broadcast: a phone reads
        the draft when it opens the entry."""
        event = TableEvent(Change.DRAFT, match_id)
        with self._lock:
            if hand_index != self._hands_of(match_id):
                return Changed(draft, event)
            record = self._draft_record(match_id, hand_index)
            tally = self.live_tally(match_id)
            entry = {"draft": draft_doc(draft), "tally": tally_doc(tally)}
            form = draft.form.value
            self._repository.put_draft(replace(record, entry=entry, form=form))
            if self.queries.settings().spade_form != form:
                self._repository.update_settings(spade_form=form)
        return Changed(draft, event)

    def _load_tally(self, match_id: str, hand_index: int) -> LiveTally | None:
        record = self.queries.get_draft(match_id)
        if record is None or record.hand_index != hand_index or record.tally is None:
            return None
        try:
            return tally_from_doc(record.tally)
        except DraftDocError as error:
            log.warning("the stored live tally of %s is damaged: %s", match_id, error)
            return None

    def _store_tally(self, match_id: str, hand_index: int, tally: LiveTally) -> None:
        # Runs inside record_live, under the table's lock (taken there, before
        # the tallies' own lock: the one order, so no deadlock).
        record = self._draft_record(match_id, hand_index)
        self._repository.put_draft(replace(record, tally=tally_doc(tally)))

    # -- the live tally (stored with the draft: see scorekeeper.table.live) ---------
    def live_tally(self, match_id: str) -> LiveTally:
        """The live tally of the match's current hand (fresh if none)."""
        return self.tallies.get(match_id, self._hands_of(match_id))

    def record_live(
        self,
        match_id: str,
        step: Callable[[LiveTally], LiveTally],
        hands: int | None = None,
    ) -> Changed[LiveTally]:
        """Apply one tap to the live tally of the match's current hand (stored
        before it returns). ``hands``: the number of saved hands the phone
        showed; a tap made before another phone saved a hand is refused
        (``changed_meanwhile``) rather than counted in the next hand."""
        with self._lock:
            saved = self._hands_of(match_id)
            if hands is not None and hands != saved:
                raise EditRefusedError(
                    f"match {match_id!r}: a tap of the live tally of hand "
                    f"{hands + 1}, now at hand {saved + 1}: the match changed "
                    "meanwhile",
                    code="changed_meanwhile",
                    match_id=match_id,
                    expected=hands,
                    found=saved,
                )
            tally = self.tallies.change(match_id, saved, step)
        return Changed(tally, TableEvent(Change.LIVE, match_id))

    def live_draft(self, match_id: str) -> HandDraft | None:
        """The hand-entry draft pre-filled from the live tally of the match's
        current hand, or ``None`` when nothing was recorded during play."""
        tally = self.live_tally(match_id)
        return tally.to_draft() if tally.log else None

    def _hands_of(self, match_id: str) -> int:
        stored = self._current
        if stored is None or stored.id != match_id:
            stored = self.queries.get_match(match_id)
        return len(stored.match.hands)


def _redo(repo: MatchRepository, match_id: str, undo: int) -> StoredMatch:
    """The change edit ``undo`` reverted, made again (see ``TableService.redo``)."""
    edits = repo.edit_history(match_id)
    log = [
        LogEntry(Action(e.action) if e.action in _ACTIONS else None, e.index, e.undoes)
        for e in edits
    ]
    number = redo_target(log, undo)
    if number is None:
        raise EditRefusedError(
            f"match {match_id!r}: edit {undo} is not the last undo any more: "
            "the match changed meanwhile",
            code="changed_meanwhile",
            match_id=match_id,
            expected=undo,
            found=len(edits),
        )
    done, reverted = edits[number - 1], edits[undo - 1]
    index = done.index
    if done.action == Action.ADD and index is not None and reverted.before:
        return repo.add_hand(match_id, reverted.before, expected_index=index)
    if done.action == Action.DELETE and index is not None:
        return repo.delete_hand(match_id, index, expected=done.before)
    if done.action == Action.REPLACE and index is not None and done.after:
        return repo.replace_hand(match_id, index, done.after, expected=done.before)
    if done.action == Action.ABANDON:
        return repo.abandon_match(match_id)
    if done.action == Action.RESUME:
        return repo.resume_match(match_id)
    raise EditRefusedError(
        f"match {match_id!r}: edit {number} ({done.action}) cannot be made again",
        code="nothing_to_redo",
        match_id=match_id,
        edit=number,
    )


_ACTIONS = frozenset(a.value for a in Action)


def _play(tally: LiveTally) -> tuple[object, ...]:
    """What a tally pre-fills in the entry (the deal counter aside)."""
    return tuple(getattr(tally, f.name) for f in PLAY)


def _read_entry(
    entry: Mapping[str, object] | None,
) -> tuple[HandDraft, LiveTally] | None:
    """A stored entry: the draft and the live tally it had taken in; a damaged
    one is logged and reads as none (the entry starts afresh)."""
    if entry is None:
        return None
    try:
        return draft_from_doc(entry.get("draft")), tally_from_doc(entry.get("tally"))
    except DraftDocError as error:
        log.warning("a stored hand-entry draft is damaged, not used: %s", error)
        return None
