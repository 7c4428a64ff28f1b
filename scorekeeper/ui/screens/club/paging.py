"""How the club's TV board lays a night out (issue 37, item 7): its type
size from the screen's size, its lines poured into columns, the columns
into pages that turn by themselves. No flet: the board (``tv.py``) draws
what this decides.

The smallest type is a twentieth of the screen's height
(:data:`TYPE_SHARE`): on a 43" TV (53.5 cm of picture height) a letter is
2.7 cm, its capitals ~1.9 cm, which at four metres is ~16 minutes of arc,
three times the 5' letter that normal sight resolves (the usual margin for
reading at ease; signage's "1 cm of letter per 2.5 m" gives 1.6 cm). A
screen of any resolution gets the same picture: 36 px at 1280x720, 54 px at
1920x1080, and twelve lines a column either way.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

TYPE_SHARE = 20
"""The smallest type is the screen's height divided by this."""
LINE = 1.25
"""A line's height, in type sizes."""
MIN_TYPE = 16.0
"""Never smaller than this (a phone opening the board)."""
WIDE = 1.2
"""A screen this much wider than tall shows two columns a page."""
CHARS_A_COLUMN = 17
"""A narrow screen's type is small enough for this many type sizes of
width in its one column (a name and its figures at 360 px: 21 px)."""
TURN_SECONDS = 15.0
"""How long a page stays before the next one: time to find one's name in
24 lines."""

T = TypeVar("T")


@dataclass(frozen=True)
class Geometry:
    """The board's measures on a screen of *width* x *height* pixels."""

    width: float
    height: float

    @classmethod
    def of(cls, width: float | None, height: float | None) -> Geometry:
        """A screen's geometry (a 1280x720 TV's when the browser has not
        told its size yet)."""
        return cls(float(width or 1280), float(height or 720))

    @property
    def per_page(self) -> int:
        """Columns a page: two on a TV or a laptop, one on a phone."""
        return 2 if self.width >= self.height * WIDE else 1

    @property
    def type_size(self) -> float:
        """The smallest type on the board (the module's docstring says why)."""
        by_height = self.height / TYPE_SHARE
        by_width = self.width / (self.per_page * CHARS_A_COLUMN)
        return max(MIN_TYPE, min(by_height, by_width))

    @property
    def row(self) -> float:
        """A line's height."""
        return round(self.type_size * LINE, 1)

    @property
    def padding(self) -> float:
        return round(self.type_size / 2)

    @property
    def bar(self) -> float:
        """The title bar's height (the night's name, in the board's type)."""
        return round(self.type_size * 1.6)

    @property
    def rows(self) -> int:
        """Lines a column holds: the screen less the title bar, the padding
        above and below, the round's line and the gap under it."""
        free = self.height - self.bar - 2 * self.padding - self.row - self.padding
        return max(3, math.floor(free / self.row))


@dataclass(frozen=True)
class Title:
    """A block's title at the head of a column (``continued``: the block
    began in an earlier column)."""

    block: int
    continued: bool = False


@dataclass(frozen=True)
class Item(Generic[T]):
    """One line of a block."""

    block: int
    value: T


@dataclass(frozen=True)
class Gap:
    """An empty line between two blocks in one column."""


Cell = Title | Item[T] | Gap
Column = list[Cell[T]]


def columns_of(blocks: Sequence[Sequence[T]], rows: int) -> list[Column[T]]:
    """*blocks* (each a list of lines under a title) poured into columns of
    *rows* lines: a block that fits whole in what is left of a column goes
    under the one before it after a gap, otherwise it starts a column; a
    block longer than a column goes on in the next one under its title
    again.

    >>> cols = columns_of([["a", "b"], ["c", "d", "e"]], 4)
    >>> [[type(c).__name__[0] for c in col] for col in cols]
    [['T', 'I', 'I'], ['T', 'I', 'I', 'I']]
    >>> [len(c) for c in columns_of([list(range(10))], 4)]
    [4, 4, 4, 2]
    """
    rows = max(rows, 2)
    cols: list[Column[T]] = [[]]
    for b, items in enumerate(blocks):
        column = cols[-1]
        if column:
            if 2 + len(items) <= rows - len(column):  # the gap, the title
                column.append(Gap())
            else:
                cols.append([])
        cols[-1].append(Title(b))
        for value in items:
            if len(cols[-1]) >= rows:
                cols.append([Title(b, continued=True)])
            cols[-1].append(Item(b, value))
    return cols if cols[0] else []


def pages_of(columns: list[Column[T]], per_page: int) -> list[list[Column[T]]]:
    """The columns *per_page* at a time (at least one page, maybe empty)."""
    pages = [columns[i : i + per_page] for i in range(0, len(columns), per_page)]
    return pages or [[]]


def shown_pages(pages: list[list[Column[T]]], first_only: bool) -> list[int]:
    """The pages the board turns through: every one, or while a round has
    just begun (no hand at any table yet) only those showing block 0, the
    pairings: who plays at which table, first."""
    if not first_only:
        return list(range(len(pages)))
    first = [
        i
        for i, page in enumerate(pages)
        if any(isinstance(c, Item) and c.block == 0 for col in page for c in col)
    ]
    return first or list(range(len(pages)))
