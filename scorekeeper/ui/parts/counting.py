"""Which phone is entering which hand: this phone as the table service's
``counting`` knows it, and whether another phone is entering the next hand."""

from __future__ import annotations

from scorekeeper.storage import StoredMatch
from scorekeeper.ui.shell.session import Session


def phone_key(session: Session) -> str:
    """This phone as ``TableService.counting`` knows it: its session (the
    app knows nothing of who holds it)."""
    return f"phone-{id(session):x}"


def other_phone_counting(session: Session, stored: StoredMatch) -> bool:
    """Whether another phone is entering the match's next hand."""
    index = len(stored.match.hands)
    return session.table.counting.other(stored.id, index, phone_key(session))
