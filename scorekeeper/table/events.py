"""What a table change tells the phones: one small, immutable event per use case.

The table service returns a :class:`Changed` from every use case that changes
data; the UI turns its :class:`TableEvent` into one broadcast, and every other
phone redraws from it. Events carry ids, never whole matches: a phone that
redraws reads the table's state as it is then.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Generic, TypeVar

T = TypeVar("T")


class Change(StrEnum):
    """What part of the table changed."""

    MATCH = "match"  # a match's hands, declaration, status or notes
    HISTORY = "history"  # matches came or went (import, delete, restore, compact)
    SETTINGS = "settings"  # the stored defaults (language, theme, rules)
    ROSTER = "roster"  # the known players
    LIVE = "live"  # the live tally of the hand being played
    DRAFT = "draft"  # the stored draft of a hand entry (not broadcast)
    TOURNAMENT = "tournament"  # a tournament's rounds or a table's confirmation


@dataclass(frozen=True)
class TableEvent:
    """One change to the table, as it is broadcast to the other phones."""

    change: Change
    match_id: str | None = None
    tournament_id: str | None = None  # with TOURNAMENT: which tournament


@dataclass(frozen=True)
class Changed(Generic[T]):
    """A use case's result (``value``) and the event that announces it."""

    value: T
    event: TableEvent
