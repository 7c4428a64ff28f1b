"""What one phone chose on the history (filters, pages, the match open, the
statistics' choice, a message said on one screen), and how another screen
opens a match's page."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from scorekeeper.ui import routes

if TYPE_CHECKING:
    from scorekeeper.ui.shell.session import Session


@dataclass(frozen=True)
class HistoryState:
    """What one phone chose on the history screens (frozen: each choice
    makes the next state, ``dataclasses.replace``)."""

    player: str | None = None
    opponent: str | None = None
    status: str | None = None
    period: str = "all"
    pages: int = 1
    match_id: str | None = None
    stats_player: str | None = None
    stats_opponent: str | None = None
    stats_partner: str | None = None
    message: str | None = None
    # the screen (route) that said the message: shown there only, never
    # lingering on the next screen ("File pronto" on the history)
    message_on: str | None = None
    notes: tuple[str, str] | None = None  # (match id, notes typed, not saved)

    def saying(self, text: str, on: str) -> HistoryState:
        """The state with ``text`` said on the screen of route ``on``."""
        return replace(self, message=text, message_on=on)

    def said_on(self, route: str) -> str | None:
        """The message to show on the screen of ``route``, if it said one."""
        return self.message if self.message_on == route else None


def open_match(session: Session, match_id: str) -> None:
    """The page of the stored match ``match_id``."""
    history = session.states.of(HistoryState)
    session.states.put(replace(history, match_id=match_id, message=None))
    session.go(routes.DETAIL)
