"""The night's result for the club's group chat (issue 37, item 12): a
tournament's standings as a picture, drawn as a match's picture is
(``picture.py``'s canvas: the same font, colours and looks, Pillow on the
server or the browser's canvas), 1080 px wide and as tall as its lines.

>>> from scorekeeper.core import Rules
>>> from scorekeeper.core.tournament import System, Tournament
>>> t = Tournament("Circolo", Rules(), 1, (("Anna",), ("Bruno",)), System.SWISS)
>>> standings_image(t, Look(lang="en")).size
(1080, 508)
"""

from __future__ import annotations

from datetime import date, datetime

from scorekeeper.core.tournament import Tournament, live_tables, standings
from scorekeeper.sharing.picture import (
    MARGIN,
    WIDTH,
    Look,
    Picture,
    _Canvas,
    _png,
    when,
)

DEFAULT_LOOK = Look()
TOP = 250
"""Where the standings' heading is drawn (under the name and the summary)."""
ROW = 56
ROW_SIZE = 34
FOOT = 90
"""Below the last line: the matches not counted, and the margin."""

# the right edges of the figures' columns: won, lost, difference, points
COLUMNS = (
    WIDTH - MARGIN - 420,
    WIDTH - MARGIN - 330,
    WIDTH - MARGIN - 170,
    WIDTH - MARGIN - 16,
)


def picture_height(entrants: int) -> int:
    """The picture's height for *entrants* lines."""
    return TOP + ROW * (entrants + 1) + FOOT


def standings_image(
    t: Tournament, look: Look = DEFAULT_LOOK, *, day: datetime | date | None = None
) -> Picture:
    """The picture of *t*'s standings now: its name, the day, how many
    entrants and rounds, a line an entrant (rank, name, won, lost, the
    difference, the points), the leader's line in the first side's colour;
    the matches not finished, which count for nothing yet, said under it."""
    lines = standings(t)
    cv = _Canvas(picture_height(len(lines)), look)
    c, tr = cv.c, cv.t
    inner = WIDTH - 2 * MARGIN
    cv.text((MARGIN, 40), "Spazzino", 52, c.text, bold=True)
    if day is not None:
        cv.text((WIDTH - MARGIN, 40), when(day, tr.lang), 40, c.muted, anchor="ra")
    cv.text((MARGIN, 112), t.name, 56, c.side_text[0], width=inner, bold=True)
    summary = tr(
        "night.summary",
        entrants=len(t.entrants),
        rounds=len(t.rounds),
        system=tr(f"night.system.{t.system.value}"),
    )
    cv.text((MARGIN, 186), summary, 32, c.muted, width=inner)
    heads = (
        tr("club.board_won"),
        tr("club.board_lost"),
        tr("club.board_diff"),
        tr("club.board_points"),
    )
    y = TOP
    cv.text((MARGIN + 12, y + ROW / 2), tr("club.standings"), 30, c.muted, anchor="lm")
    for head, right in zip(heads, COLUMNS, strict=True):
        cv.text((right, y + ROW / 2), head, 30, c.muted, anchor="rm")
    for i, s in enumerate(lines):
        y = TOP + ROW * (i + 1)
        first = s.rank == 1
        fill = c.side_fill[0] if first else c.panel
        ink = c.on_fill if first else c.text
        if first or i % 2 == 0:
            cv.draw.rounded_rectangle(
                (MARGIN, y + 3, WIDTH - MARGIN, y + ROW - 3), radius=12, fill=fill
            )
        mid = y + ROW / 2
        cv.text((MARGIN + 80, mid), f"{s.rank}.", ROW_SIZE, ink, bold=True, anchor="rm")
        name_width = COLUMNS[0] - 80 - (MARGIN + 100)
        cv.text(
            (MARGIN + 100, mid),
            t.entrant_name(s.entrant),
            ROW_SIZE,
            ink,
            width=name_width,
            bold=first,
            anchor="lm",
        )
        figures = (str(s.won), str(s.lost), f"{s.difference:+d}", str(s.points_for))
        for text, right in zip(figures, COLUMNS, strict=True):
            cv.text((right, mid), text, ROW_SIZE, ink, bold=first, anchor="rm")
    live = live_tables(t)
    if live:
        y = TOP + ROW * (len(lines) + 1) + 20
        said = tr("night.not_counted", n=len(live))
        cv.text((MARGIN, y), said, 30, c.muted, width=inner)
    return cv.image


def standings_picture(
    t: Tournament, look: Look = DEFAULT_LOOK, *, day: datetime | date | None = None
) -> bytes:
    """:func:`standings_image` as PNG bytes."""
    return _png(standings_image(t, look, day=day))
