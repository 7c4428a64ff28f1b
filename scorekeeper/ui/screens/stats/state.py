"""Whose statistics this phone chose, and what was computed for it: the last
result by choice and revision, and the computations running off the event loop."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class Figures:
    """The statistics computed for this phone (screens/stats/view.py): the last
    result by (choice, revision), and the computations running off the event
    loop. Filled by the screen's settle step and the computation, never by
    a draw."""

    results: dict[tuple[Any, ...], Any] = field(default_factory=dict)
    loading: set[tuple[Any, ...]] = field(default_factory=set)


@dataclass(frozen=True)
class StatsChoice:
    """Whose statistics this phone chose: a player, against an opponent,
    with a partner (None: anyone)."""

    player: str | None = None
    opponent: str | None = None
    partner: str | None = None
