"""What the entry's buttons do: save the hand, replace the hand another
phone saved, drop this phone's entries."""

from __future__ import annotations

from scorekeeper.core.model import (
    Hand,
)
from scorekeeper.storage import HandAlreadySavedError, StoredMatch
from scorekeeper.ui import routes
from scorekeeper.ui.screens.hand_entry.state import new_hand_index
from scorekeeper.ui.session import Session


def save_hand(session: Session) -> None:
    stored = session.current()
    draft = session.draft
    if stored is None or draft is None:
        return
    hand = draft.to_hand()
    index = session.edit_index
    # Saved, the entry has done its work: Back from the scoreboard leads to
    # the scoreboard's parent, never to an empty entry (Session.go).
    if index is not None:
        original = session.edit_original
        done = session.apply(
            lambda table: table.correct_hand(stored.id, index, hand, expected=original),
            routes.MATCH,
            finished=True,
        )
    else:
        # the hand this phone is entering: refused if another phone saved it
        expected = new_hand_index(session)
        if hand.declaration is not None:
            done = session.apply(
                lambda table: table.declare(stored.id, hand, expected_index=expected),
                routes.MATCH,
                failed=lambda error: _refused(session, error),
                finished=True,
            )
        else:
            done = session.apply(
                lambda table: table.add_hand(stored.id, hand, expected_index=expected),
                routes.MATCH,
                failed=lambda error: _refused(session, error),
                finished=True,
            )
    if done is not None:
        session.draft = None
        session.edit_index = None


def _refused(session: Session, error: Exception) -> None:
    """A refused Save: the hand another phone saved first is asked about
    (the entries stay); anything else is one sentence in the banner."""
    if isinstance(error, HandAlreadySavedError):
        session.hand_taken = error.index
    else:
        session.error = session.error_text(error)


def replace_taken(
    session: Session, stored: StoredMatch, index: int, shown: Hand
) -> None:
    """Replace the hand another phone saved (if it is still ``shown``) with
    this phone's entries."""
    draft = session.draft
    if draft is None:
        return
    hand = draft.to_hand()
    done = session.apply(
        lambda table: table.correct_hand(stored.id, index, hand, expected=shown),
        routes.MATCH,
    )
    if done is not None:
        session.draft, session.draft_key, session.hand_taken = None, None, None


def drop_mine(session: Session) -> None:
    """Drop this phone's entries of the hand another phone saved."""
    session.draft, session.draft_key, session.hand_taken = None, None, None
    session.go(routes.MATCH)
