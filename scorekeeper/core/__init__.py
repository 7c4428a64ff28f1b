"""The functional core: rules, validation, scoring and the match engine.

Pure Python on frozen dataclasses and enums; imports neither flet nor tinydb.
Every point the app shows is computed here.
"""

from .engine import (
    Ending,
    HandResult,
    MatchState,
    Seats,
    Status,
    add_hand,
    declaration_allowed,
    delete_hand,
    evaluate,
    replace_hand,
    seats_for,
)
from .model import (
    Declaration,
    Hand,
    Match,
    MatchSetup,
    Preset,
    Rank,
    Rules,
    SideTally,
    SpadeCount,
    SpadeList,
    SpazzinoNumeral,
    Ties,
)
from .problems import Code, HandError, MatchError, Problem, SetupError
from .scoring import SidePoints, score_hand

__all__ = [
    "Code",
    "Declaration",
    "Ending",
    "Hand",
    "HandError",
    "HandResult",
    "Match",
    "MatchError",
    "MatchSetup",
    "MatchState",
    "Preset",
    "Problem",
    "Rank",
    "Rules",
    "Seats",
    "SetupError",
    "SideTally",
    "SidePoints",
    "SpadeCount",
    "SpadeList",
    "SpazzinoNumeral",
    "Status",
    "Ties",
    "add_hand",
    "declaration_allowed",
    "delete_hand",
    "evaluate",
    "replace_hand",
    "score_hand",
    "seats_for",
]
