"""What one phone typed in the settings' target field, and what came of it."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class TargetEntry:
    """What this phone typed in the target field, and what came of it.

    Kept on the session (``Session.target_entry``) because the screen is rebuilt
    on every change: once flet has diffed a rebuilt view, its controls are
    frozen and a handler may not set their properties (verified: "Frozen
    controls cannot be updated"). State in, view out, as in the match screens.
    """

    text: str
    valid: bool
    saved: bool
