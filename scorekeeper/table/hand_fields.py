"""A hand's fields, declared once: what the hand entry holds, how each is kept.

:data:`FIELDS` is the one table of the fields of a hand being entered (a
:class:`~scorekeeper.table.hand_draft.HandDraft`): the name, the kind of value,
its bounds, whether it is one per side, whether it is made during play (then
the live tally records it too and pre-fills the entry with it). From it follow
the stored documents (``draft_docs``: what is written and how each value is
read back), the live tally's fields and its undo, the conversions between a
draft and the core's :class:`~scorekeeper.core.model.SideTally` for the fields
made during play, the table service's "what the tally pre-fills", and the test
builders. The bounds are the core's (``core.model``, ``core.validation``):
the core alone decides what is valid; the table says where to look.

>>> [f.name for f in PLAY]
['piccole', 'spazzini', 'bagari', 'scaluneddu']
>>> field("scaluneddu").bounds
(0, 6)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from scorekeeper.core.model import DECK_SIZE, MAX_PICCOLE, MAX_SPAZZINI, SPADES_IN_DECK
from scorekeeper.core.validation import (
    BAGARI_VALUES,
    NAPOLA_VALUES,
    SCALUNEDDU_PER_SIDE,
)


class Kind(StrEnum):
    """What a field's value is (one side's value, for a field per side)."""

    FORM = "form"  # the spade form: chips or counts
    SPADES = "spades"  # the side that took each spade, in RANKS order
    SIDE = "side"  # which side holds it: 0, 1 or nobody (None)
    TYPED = "typed"  # a number as typed: whole, text the core refuses, or blank
    COUNT = "count"  # a number, 0 when blank (text typed stays text)
    RANKS = "ranks"  # card ranks in the order entered
    VALUES = "values"  # whole numbers in the order entered
    DECLARATION = "declaration"  # who declared in which deal, or None


@dataclass(frozen=True)
class HandField:
    """One field of a hand being entered.

    *bounds*: the least and the most of a number, or of a list's length;
    *values*: the values a number (or a list's items) may take. *play*: made
    during play (the live tally records it; *log* is its word in the tally's
    undo log, *short* the test builders' keyword for it).
    """

    name: str
    kind: Kind
    per_side: bool
    bounds: tuple[int, int] | None = None
    values: tuple[int, ...] | None = None
    play: bool = False
    log: str = ""
    short: str = ""


FIELDS: tuple[HandField, ...] = (
    HandField("form", Kind.FORM, per_side=False),
    HandField("spades", Kind.SPADES, per_side=False),
    HandField("spade_counts", Kind.TYPED, per_side=True, bounds=(0, SPADES_IN_DECK)),
    HandField("due_di_spade", Kind.SIDE, per_side=False),
    HandField("fante_di_spade", Kind.SIDE, per_side=False),
    HandField("napola", Kind.COUNT, per_side=True, values=NAPOLA_VALUES),
    HandField("settebello", Kind.SIDE, per_side=False),
    HandField("cards", Kind.TYPED, per_side=True, bounds=(0, DECK_SIZE)),
    HandField(
        "piccole",
        Kind.COUNT,
        per_side=True,
        bounds=(0, MAX_PICCOLE),
        play=True,
        log="piccola",
        short="pic",
    ),
    HandField(
        "spazzini",
        Kind.RANKS,
        per_side=True,
        bounds=(0, MAX_SPAZZINI),
        play=True,
        log="spazzino",
        short="spz",
    ),
    HandField(
        "bagari",
        Kind.VALUES,
        per_side=True,
        values=BAGARI_VALUES,
        play=True,
        log="bagari",
        short="bag",
    ),
    HandField(
        "scaluneddu",
        Kind.COUNT,
        per_side=True,
        bounds=(0, SCALUNEDDU_PER_SIDE),
        play=True,
        log="scaluneddu",
        short="sca",
    ),
    HandField("declaration", Kind.DECLARATION, per_side=False),
)

#: the fields made during play, in order: the live tally's, the core's
#: ``SideTally`` fields of the same names, ``scoring.play_points``' arguments
PLAY: tuple[HandField, ...] = tuple(f for f in FIELDS if f.play)

_BY_NAME = {f.name: f for f in FIELDS}
_BY_LOG = {f.log: f for f in PLAY}


def field(name: str) -> HandField:
    """The field called *name* (``KeyError`` names it when there is none)."""
    return _BY_NAME[name]


def play_field_logged(word: str) -> HandField | None:
    """The field made during play whose undo-log word is *word*, if any."""
    return _BY_LOG.get(word)
