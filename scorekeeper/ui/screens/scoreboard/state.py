"""What the scoreboard keeps between draws on this phone."""

from __future__ import annotations

from dataclasses import dataclass, field

from scorekeeper.ui.shell.kept_parts import Keeper


@dataclass
class ScoreboardState:
    """The hands listed (the recent ones unless all were asked for) and the
    parts last built, by what they show: a part unchanged is the same control
    at the next build (``ui/shell/kept_parts.py``)."""

    show_all_hands: bool = False
    parts: Keeper = field(default_factory=Keeper)
