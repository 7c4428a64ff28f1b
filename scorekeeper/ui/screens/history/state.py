"""What one phone chose on the history: the filters and how many pages."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class HistoryState:
    """What one phone chose on the history screen (frozen: each choice
    makes the next state, ``dataclasses.replace``)."""

    player: str | None = None
    opponent: str | None = None
    status: str | None = None
    period: str = "all"
    pages: int = 1
