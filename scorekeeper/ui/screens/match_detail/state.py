"""Which stored match a phone's match page shows, the notes typed there and
not saved yet, and how another screen opens a match's page."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from scorekeeper.ui import routes
from scorekeeper.ui.parts.questions import Said

if TYPE_CHECKING:
    from scorekeeper.ui.shell.session import Session


@dataclass(frozen=True)
class MatchPage:
    """The match shown (``/storico/partita``) and the notes typed on this
    phone, with the match they were typed for (not saved yet)."""

    match_id: str | None = None
    notes: tuple[str, str] | None = None


def open_match(session: Session, match_id: str | None) -> None:
    """The page of the stored match ``match_id`` (its back arrow leads to
    Storico); the message said on another screen is not carried along."""
    session.states.put(replace(session.states.of(MatchPage), match_id=match_id))
    session.states.drop(Said)
    session.go(routes.DETAIL)


def show_match(session: Session, match_id: str | None) -> None:
    """The match page's match from now on, without going there (a match
    just imported, or none after a deletion)."""
    session.states.put(replace(session.states.of(MatchPage), match_id=match_id))
