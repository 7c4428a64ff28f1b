"""Hand-entry drafts the UI tests enter, shared by their modules (pure: no
page, no session)."""

from __future__ import annotations

from scorekeeper.core.model import Rank
from scorekeeper.table.hand_draft import HandDraft


def hand_won_by(side: int) -> HandDraft:
    """``side`` takes A-6 of spade, the settebello and 22 cards: 12 to 1."""
    draft = HandDraft()
    for r in ["A", "2", "3", "4", "5", "6"]:
        draft = draft.with_spade(Rank(r), side)
    for r in ["7", "F", "C", "R"]:
        draft = draft.with_spade(Rank(r), 1 - side)
    return draft.with_settebello(side).with_cards(0, "22" if side == 0 else "18")


def hand_a() -> HandDraft:
    """Anna 12, Bruno 1."""
    return hand_won_by(0)
