"""The entry's draft: the one this phone is entering, kept in storage at
every change, and found again when the entry is drawn."""

from __future__ import annotations

import logging
from dataclasses import replace

from scorekeeper.storage import StorageError, StoredMatch
from scorekeeper.table.hand_draft import HandDraft
from scorekeeper.ui.screens.scoreboard import draft_key
from scorekeeper.ui.session import Session

log = logging.getLogger(__name__)


# The declaration as first drawn: nobody chosen, no deal (a hurried confirm
# must not record a declarer nobody picked). Confirm stays off until both are.
NO_DECLARER = ""
NO_DEAL = 0


def draft_now(session: Session) -> HandDraft:
    """The draft being entered, as it is when a tap arrives (not as drawn)."""
    assert session.draft is not None, "the entry screens always hold a draft"
    return session.draft


def update(session: Session, draft: HandDraft) -> None:
    session.draft = draft
    session.error = None
    store_draft(session, draft)
    session.render()


def new_hand_index(session: Session) -> int | None:
    """The 0-based index of the new hand this phone is entering (``None``
    while correcting a saved hand): the one its draft belongs to."""
    key = session.draft_key
    if session.edit_index is not None or key is None or len(key) != 3:
        return None
    index = key[2]
    return index if isinstance(index, int) else None


def store_draft(session: Session, draft: HandDraft) -> None:
    """Keep the new hand's entry in storage at every change, so the back
    arrow, a server restart or another phone opening the entry finds it.

    Written at once: one atomic write of a few hundred bytes, as cheap as a
    bare atomic write (``tests/benchmarks/bench_draft.py``: under a
    millisecond on an idle disk), not worth the ordering risks of a
    write-behind. Not broadcast: the other phones
    read it when they open the entry. A failed write loses nothing on this
    phone (the draft is still on the screen) and says so. The browser build
    writes it to IndexedDB a second after the last tap (``keep_soon``).
    """
    index = new_hand_index(session)
    key = session.draft_key
    if index is None or key is None or session.hand_taken is not None:
        return
    try:
        session.table.save_draft(str(key[0]), index, draft)
    except StorageError as error:
        log.error("the hand entry's draft was not stored: %s", error)
        session.error = session.error_text(error)
        return
    session.keep_soon()


def current_draft(session: Session, stored: StoredMatch, stopped: bool) -> HandDraft:
    """This phone's draft for the screen, or the match's stored one.

    A draft is kept while it belongs to this match and screen
    (``draft_key``). When another phone saved the very hand this one is
    entering, the draft is kept too and the screen asks what to do
    (``session.hand_taken``, :func:`taken_panel`). Otherwise (first opening,
    the entry opened again after the back arrow, a restart, another phone
    changed the hand being corrected) the entry opens on the match's stored
    draft of its next hand (whichever phone typed it, with what the live
    tally recorded since), or on the live tally's pre-fill, or empty in the
    match's spade form. A draft dropped because another phone changed the
    hands says so.
    """
    if session.draft is not None and session.draft_key == draft_key(
        stored, session.edit_index, stopped
    ):
        session.hand_taken = None  # (the other phone's hand was undone since)
        return session.draft
    key = session.draft_key
    if (
        session.draft is not None
        and key is not None
        and key[:2] == (stored.id, stopped)
    ):
        index = new_hand_index(session)
        if index is not None and index < len(stored.match.hands):
            # another phone saved the hand this one is entering: keep the
            # entries and ask (taken_panel)
            session.hand_taken = index
            return session.draft
        # this screen's draft on this match: another phone changed the hands
        session.error = session.t("entry.changed_elsewhere")
    # the stored draft of the match's next hand (any phone's, kept across the
    # back arrow and restarts), or the live tally's pre-fill, or a fresh one
    draft = session.table.entry_draft(stored.id)
    if stopped and draft.declaration is None:
        draft = draft.declared(NO_DECLARER, NO_DEAL)
    elif not stopped and draft.declaration is not None:
        draft = replace(draft, declaration=None)
    session.hand_taken = None
    session.draft, session.edit_index = draft, None
    session.draft_key = draft_key(stored, None, stopped)
    return draft
