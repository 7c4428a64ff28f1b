"""The end-of-hand count (``/partita/mano``) and the declaration
(``/partita/dichiara``): taps fill a :class:`HandDraft`, the core validates and
scores it live, and Save stays off until the hand is valid.

``state`` holds the draft being entered, ``problems`` decides which problems
show where, ``sections`` draws the entry's parts, ``view`` the screens,
``actions`` what Save and the taken-hand panel do.
"""

from scorekeeper.ui.screens.hand_entry.actions import save_hand
from scorekeeper.ui.screens.hand_entry.sections import runs_text
from scorekeeper.ui.screens.hand_entry.state import NO_DEAL, NO_DECLARER, current_draft
from scorekeeper.ui.screens.hand_entry.view import declaration_view, hand_entry_view

__all__ = [
    "NO_DEAL",
    "NO_DECLARER",
    "current_draft",
    "declaration_view",
    "hand_entry_view",
    "runs_text",
    "save_hand",
]
