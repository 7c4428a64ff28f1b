"""What "Classifica" keeps between draws on this phone."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class LeaderboardState:
    """Whose rating over time the chart shows (None: the first player)."""

    player: str | None = None
