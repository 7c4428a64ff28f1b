"""Small builders for hands, matches and tables used across the test suite.

Spades are written as a string of rank letters (``"A237R"``); the other side
gets the rest when ``other=None`` is left to :func:`full_hand`. A table service
built here is on an in-memory repository; the unit tests' ``table`` fixture
(``tests/unit/conftest.py``) is the one on a data folder, closed after the test.
"""

from __future__ import annotations

import random
import string
from dataclasses import replace

from scorekeeper.core import (
    Declaration,
    Hand,
    Match,
    MatchSetup,
    Rank,
    Rules,
    SideTally,
    SpadeCount,
    SpadeList,
)
from scorekeeper.storage import StoredMatch, open_repository
from scorekeeper.table import TableService
from scorekeeper.table.hand_fields import PLAY, HandField, Kind

ALL_SPADES = "A234567FCR"
ANNA_BRUNO = MatchSetup(("Anna", "Bruno"), "Anna", Rules())
"""Anna and Bruno to 31 by the classic rules, Anna dealing first."""


def ranks(letters: str) -> tuple[Rank, ...]:
    return tuple(Rank(c) for c in letters)


def _play_value(f: HandField, value: object) -> object:
    """A builder's value of a field made during play as the core holds it:
    ranks as a string of letters, values as any sequence."""
    if f.kind is Kind.RANKS:
        return ranks(str(value))
    if f.kind is Kind.VALUES:
        return tuple(value)  # type: ignore[arg-type]
    return value


def side(
    cards: int,
    spades: str | SpadeCount = "",
    sb: bool = False,
    *play: object,
    **named: object,
) -> SideTally:
    """One side's tally: *cards*, *spades* (letters or a count), the
    settebello, then the fields made during play (``hand_fields.PLAY``), in
    their order or by their short name (``pic``, ``spz``, ``bag``, ``sca``)."""
    sp = spades if isinstance(spades, SpadeCount) else SpadeList(ranks(spades))
    if len(play) > len(PLAY):
        raise TypeError(f"side() takes {len(PLAY)} play fields, got {play!r}")
    by_short = {f.short: f for f in PLAY}
    values = {f.name: _play_value(f, v) for f, v in zip(PLAY, play, strict=False)}
    for short, v in named.items():
        values[by_short[short].name] = _play_value(by_short[short], v)
    return replace(SideTally(cards, sp, sb), **values)


def count(
    n: int, due: bool = False, fante: bool = False, napola: int = 0
) -> SpadeCount:
    return SpadeCount(n, due, fante, napola)


def hand(s1: SideTally, s2: SideTally, declaration: Declaration | None = None) -> Hand:
    return Hand((s1, s2), declaration)


def plain_hand(extra1: int = 0, extra2: int = 0) -> Hand:
    """A full hand worth 2 + extra1 to side 1 and 1 + extra2 to side 2.

    Cards 20–20 and spades 5–5 tie (nothing with ties ``none``); side 1 has
    the settebello and the due di spade, side 2 the fante. The extra points
    are spazzini di re (4 each) and piccole for the rest.
    """
    return hand(_extra(20, "2567C", True, extra1), _extra(20, "A34FR", False, extra2))


def _extra(cards: int, spades: str, sb: bool, extra: int) -> SideTally:
    re, rest = divmod(extra, 4)
    if re > 9:  # keep within 18 spazzini and 20 piccole per hand
        re, rest = 9, extra - 36
    return side(cards, spades, sb, pic=rest, spz="R" * re)


def declared_hand(by: str, deal: int, pts1: int, pts2: int) -> Hand:
    """A hand stopped in deal *deal*: no spades, the same cards on both sides.

    Each side's points are spazzini di re (4), one of cavallo (3) or fante
    (2) or a piccola (1): few captures, so both fit in the cards put down by
    deal 1 (4 + 3 × 2) for up to 9 points a side (RULES §4: a spazzino or a
    piccola takes 2 cards).
    """
    made = [_declared_points(pts1), _declared_points(pts2)]
    cards = max(4, *(2 * max(len(spz), pic) for spz, pic in made))
    return hand(
        side(cards, "", spz=made[0][0], pic=made[0][1]),
        side(cards, "", spz=made[1][0], pic=made[1][1]),
        Declaration(by=by, deal=deal),
    )


def _declared_points(points: int) -> tuple[str, int]:
    """Spazzini and piccole worth *points*: re spazzini, then C, F or a piccola."""
    re, rest = divmod(points, 4)
    return "R" * re + {2: "F", 3: "C"}.get(rest, ""), 1 if rest == 1 else 0


def match(players: tuple[str, ...] = ("Anna", "Bruno"), hands=(), **rules) -> Match:
    return Match(MatchSetup(players, players[0], Rules(**rules)), tuple(hands))


def notes_of(length: int, seed: int = 3) -> str:
    """Notes as a table writes them, as little compressible as such text is."""
    rng = random.Random(seed)
    return "".join(rng.choice(string.ascii_letters + " àèìòù,.") for _ in range(length))


def memory_table() -> TableService:
    """A table service on an in-memory repository (nothing written)."""
    return TableService(open_repository(memory=True))


def start_match(
    table: TableService,
    players: tuple[str, ...] = ("Anna", "Bruno"),
    rules: Rules | None = None,
) -> StoredMatch:
    """A match of ``players`` started on ``table``, the first one dealing."""
    setup = MatchSetup(tuple(players), players[0], rules or Rules())
    return table.start_match(setup).value


def table_with(*extras: tuple[int, int], target: int = 31) -> TableService:
    """A memory table on an Anna-Bruno match of one plain hand per ``extras``
    pair (:func:`plain_hand`)."""
    table = memory_table()
    stored = start_match(table, rules=Rules(target=target))
    for a, b in extras:
        table.add_hand(stored.id, plain_hand(a, b))
    return table
