"""The picture of a match, or of a player's record, for a group chat (PNG).

Drawn with Pillow (in Pyodide's package set too) in the font the app's
screens use: Roboto as flet-web ships it (``fonts/Roboto-Regular.ttf``, its
``roboto.woff2`` unpacked to TrueType once, Apache 2.0), so it draws the
same offline, on the server and in the browser build; bold is the same
glyphs stroked. 1080 px wide (a chat's full width), the totals big enough to
read on a thumbnail. Every word comes from the i18n catalogs, in the phone's
language and deck names; the colours are the app's (``ui/kit/palette.py``, a
test keeps them equal), light or dark.

>>> from scorekeeper.core import Match, MatchSetup, Rules
>>> from scorekeeper.core.engine import evaluate
>>> state = evaluate(Match(MatchSetup(("Anna", "Bruno"), "Anna", Rules())))
>>> match_image(state, Look(lang="en", dark=True)).size
(1080, 1350)
"""

from __future__ import annotations

import asyncio
import sys
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import date, datetime
from functools import lru_cache
from pathlib import Path
from typing import Any, TypeVar

from scorekeeper.core.engine import MatchState
from scorekeeper.core.model import Preset
from scorekeeper.core.scoring import ITEMS
from scorekeeper.core.stats import HeadToHead, Record, SideStats
from scorekeeper.i18n import CATALOGS, DEFAULT_LANGUAGE, Translator
from scorekeeper.i18n.cards import card_key
from scorekeeper.i18n.endings import headline, how_it_ended, winner_words
from scorekeeper.sharing import surface

WIDTH = 1080
HEIGHT = 1350
RECORD_HEIGHT = 1080
FONT_FILE = Path(__file__).with_name("fonts") / "Roboto-Regular.ttf"
MARGIN = 48
PANEL_TOP, PANEL_HEIGHT, PANEL_GAP = 180, 370, 24
TOTAL_SIZE = 160
CHART_BOTTOM = 950
ITEMS_TOP = 1000
ITEM_ROW = 62
ITEM_LABEL_SIZE = 26

SURFACE = surface.pick(str(FONT_FILE))
"""Pillow, or in a browser build without it the browser's canvas."""

Draw = Any  # Pillow's ImageDraw, or sharing/canvas.py's CanvasDraw
Font = Any  # Pillow's FreeTypeFont, or CanvasFont
Picture = Any  # Pillow's Image, or CanvasImage


@dataclass(frozen=True)
class Look:
    """How a phone shows things: its language, theme and deck names."""

    lang: str = DEFAULT_LANGUAGE
    dark: bool = False
    french_cards: bool = False


@dataclass(frozen=True)
class Colours:
    """A picture's colours (``#RRGGBB``): the app's theme roles and fills."""

    page: str
    panel: str
    text: str
    muted: str
    side_text: tuple[str, str]
    side_fill: tuple[str, str] = ("#0D47A1", "#BF360C")
    on_fill: str = "#FFFFFF"


LIGHT = Colours("#F7FBF1", "#E6E9E0", "#181D17", "#414940", ("#0D47A1", "#A83008"))
DARK = Colours("#10140F", "#272B25", "#E0E4DA", "#C1C9BD", ("#90CAF9", "#FFAB91"))


@lru_cache(maxsize=32)
def font(size: int) -> Font:
    """The app's font at *size* pixels."""
    return SURFACE.font(size)


_DRAWING = threading.Lock()
"""One picture at a time: Pillow's fonts (:func:`font`) are shared."""

T = TypeVar("T")


async def off_the_loop(draw: Callable[[], T]) -> T:
    """*draw*'s result, drawn where it does not hold up the server: a
    picture takes ~0.3 s, during which the server's other phones (a club
    night's sixteen tables) would wait for their Saves. With Pillow in a
    worker thread, one picture at a time; in a browser build (one phone, no
    threads) on the loop, as before.

    >>> import asyncio
    >>> from concurrent.futures import ThreadPoolExecutor
    >>> with ThreadPoolExecutor(1) as pool:  # a loop of its own, wherever run
    ...     pool.submit(asyncio.run, off_the_loop(lambda: 6 * 7)).result()
    42
    """
    if SURFACE.name != "pillow" or sys.platform == "emscripten":
        return draw()

    def alone() -> T:
        with _DRAWING:
            return draw()

    return await asyncio.to_thread(alone)


async def ready() -> None:
    """Before the first picture in a browser build without Pillow: the
    app's font registered with the browser (nothing to do with Pillow)."""
    if SURFACE.name == "canvas":
        from scorekeeper.sharing.canvas import ready as canvas_ready

        await canvas_ready(str(FONT_FILE))


class _Canvas:
    """A picture being drawn: text that fits its box, in the look's words."""

    def __init__(self, height: int, look: Look) -> None:
        self.look = look
        self.c = DARK if look.dark else LIGHT
        self.image = SURFACE.new((WIDTH, height), self.c.page)
        self.draw: Draw = SURFACE.draw(self.image)
        self.t = Translator(look.lang)

    def card(self, key: str, **params: object) -> str:
        """A catalog text that names a card, in the look's deck."""
        catalog = CATALOGS.get(self.t.lang, CATALOGS[DEFAULT_LANGUAGE])
        return self.t(card_key(key, self.look.french_cards, catalog), **params)

    def text(
        self,
        xy: tuple[float, float],
        text: str,
        size: int,
        fill: str,
        *,
        width: float | None = None,
        bold: bool = False,
        anchor: str = "la",
    ) -> int:
        """Draw *text* on one line, shrunk (down to half) then cut with an
        ellipsis to fit *width*; the size used."""
        if width is not None:
            while size > 12 and font(size).getlength(text) > width:
                size -= 2
            text = _cut(text, font(size), width)
        self.draw.text(
            xy,
            text,
            font=font(size),
            fill=fill,
            anchor=anchor,
            stroke_width=max(1, size // 28) if bold else 0,
            stroke_fill=fill,
        )
        return size

    def lines(
        self, xy: tuple[float, float], text: str, size: int, fill: str, width: float
    ) -> float:
        """Draw *text* wrapped to *width*; the y below it."""
        x, y = xy
        for line in _wrap(text, font(size), width):
            self.draw.text((x, y), line, font=font(size), fill=fill)
            y += size * 1.25
        return y


def _cut(text: str, f: Font, width: float) -> str:
    if f.getlength(text) <= width:
        return text
    while text and f.getlength(text + "…") > width:
        text = text[:-1]
    return text.rstrip() + "…"


def _wrap(text: str, f: Font, width: float) -> list[str]:
    lines: list[str] = []
    for word in text.split():
        if lines and f.getlength(f"{lines[-1]} {word}") <= width:
            lines[-1] += f" {word}"
        else:
            lines.append(_cut(word, f, width))
    return lines


def when(played: datetime | date, lang: str) -> str:
    """The day, as the app writes it in *lang*."""
    day = played.date() if isinstance(played, datetime) else played
    # the year with its four digits: ``%Y`` writes year 1 as "1"
    return (
        f"{day.day:02}/{day.month:02}/{day.year:04}"
        if lang == "it"
        else day.isoformat()
    )


def outcome(state: MatchState, t: Callable[..., str], abandoned: bool) -> str:
    """Who won and how (at the target, by a tie-break, by a declaration), or
    the match's status: the match-over screen's words (``i18n/endings``)."""
    if abandoned:
        return t("hist.status.abandoned")
    if state.winner is None:
        return t(f"hist.status.{state.status.value}")
    return f"{headline(state, t)}. {how_it_ended(state, t)}"


def rules_line(state: MatchState, t: Translator) -> str:
    """The rules preset and target, whether declaring is allowed, the hands."""
    rules = state.setup.rules
    preset = t(f"rules.preset.{Preset(rules.preset_name).value}")
    line = t("rules.summary", preset=preset, target=rules.target).rstrip(".")
    if rules.early_win:
        line += " · " + t("share.early_win")
    return line + " · " + t.count("hands", len(state.hands))


# -- the match ----------------------------------------------------------------------
def match_image(
    state: MatchState,
    look: Look = Look(),
    *,
    played: datetime | date | None = None,
    abandoned: bool = False,
) -> Picture:
    """The picture of a scored match (see the module's docstring)."""
    cv = _Canvas(HEIGHT, look)
    c, t = cv.c, cv.t
    inner = WIDTH - 2 * MARGIN
    cv.text((MARGIN, 40), "Spazzino", 52, c.text, bold=True)
    if played is not None:
        cv.text((WIDTH - MARGIN, 40), when(played, t.lang), 40, c.muted, anchor="ra")
    cv.text((MARGIN, 112), rules_line(state, t), 34, c.muted, width=inner)
    for side in (0, 1):
        _side_panel(cv, state, side, panel_box(side))
    y = cv.lines((MARGIN, 580), outcome(state, t, abandoned), 36, c.text, inner)
    _chart(cv, state, (MARGIN, max(y + 20, 680), WIDTH - MARGIN, CHART_BOTTOM))
    _items(cv, state, ITEMS_TOP)
    return cv.image


def match_picture(
    state: MatchState,
    look: Look = Look(),
    *,
    played: datetime | date | None = None,
    abandoned: bool = False,
) -> bytes:
    """:func:`match_image` as PNG bytes."""
    return _png(match_image(state, look, played=played, abandoned=abandoned))


def panel_box(side: int) -> tuple[float, float, float, float]:
    """Where a side's panel (names, total, winner) is drawn."""
    w = (WIDTH - 2 * MARGIN - PANEL_GAP) / 2
    x = MARGIN + side * (w + PANEL_GAP)
    return (x, PANEL_TOP, x + w, PANEL_TOP + PANEL_HEIGHT)


def total_anchor(side: int) -> tuple[float, float]:
    """Where a side's total is drawn (anchor ``md``, :data:`TOTAL_SIZE`, bold)."""
    x0, y0, x1, _ = panel_box(side)
    return ((x0 + x1) / 2, y0 + 300)


def _side_panel(
    cv: _Canvas, state: MatchState, side: int, box: tuple[float, ...]
) -> None:
    c = cv.c
    won = state.winner == side
    fill = c.side_fill[side] if won else c.panel
    ink = c.on_fill if won else c.side_text[side]
    cv.draw.rounded_rectangle(box, radius=28, fill=fill)
    x, y, w = box[0], box[1], box[2] - box[0]
    names = state.setup.side_players(side)
    size = 46 if len(names) == 1 else 40
    for i, name in enumerate(names):
        cv.text(
            (x + w / 2, y + 26 + i * (size + 8)),
            name,
            size,
            ink,
            width=w - 40,
            bold=True,
            anchor="ma",
        )
    cv.text(
        total_anchor(side),
        str(state.totals[side]),
        TOTAL_SIZE,
        ink,
        bold=True,
        anchor="md",
    )
    if won:
        badge = winner_words(state, cv.t, side, name="").strip().upper()
        cv.text((x + w / 2, y + 345), badge, 30, ink, bold=True, anchor="md")


def _chart(cv: _Canvas, state: MatchState, box: tuple[float, ...]) -> None:
    """The running totals hand by hand, one line per side, and the target."""
    c, d = cv.c, cv.draw
    left, top, right, bottom = box
    d.rounded_rectangle(box, radius=20, fill=c.panel)
    left, top, right, bottom = left + 70, top + 24, right - 30, bottom - 50
    target = state.setup.rules.target
    highest = max(target, *state.totals, 1)
    n = max(len(state.hands), 1)

    def at(hand: int, total: int) -> tuple[float, float]:
        return (
            left + (right - left) * hand / n,
            bottom - (bottom - top) * total / highest,
        )

    d.line((left, bottom, right, bottom), fill=c.muted, width=2)
    ty = at(0, target)[1]
    for x in range(int(left), int(right), 28):  # a dashed target line
        d.line((x, ty, min(x + 16, right), ty), fill=c.text, width=3)
    cv.text((left - 12, ty), str(target), 28, c.text, anchor="rm")
    cv.text((left - 12, bottom), "0", 28, c.muted, anchor="rm")
    cv.text(
        (right, bottom + 12),
        cv.t.count("hands", len(state.hands)),
        28,
        c.muted,
        anchor="ra",
    )
    for side in (0, 1):
        points = [at(0, 0)] + [
            at(i + 1, h.totals[side]) for i, h in enumerate(state.hands)
        ]
        d.line(points, fill=c.side_text[side], width=7, joint="curve")
        ex, ey = points[-1]
        d.ellipse((ex - 9, ey - 9, ex + 9, ey + 9), fill=c.side_text[side])


def side_labels(state: MatchState) -> tuple[str, str]:
    """What heads each side's column of item points: the players' initials
    ("G", "M"; a pair "AC"), or as many first letters as tell the two sides
    apart ("Marc", "Mari"). The columns are told apart by these, not by
    colour alone.

    >>> from scorekeeper.core import Match, MatchSetup, Rules
    >>> from scorekeeper.core.engine import evaluate
    >>> def labels(a, b):
    ...     return side_labels(evaluate(Match(MatchSetup((a, b), a, Rules()))))
    >>> labels("Giulia", "Marco"), labels("Marco", "Maria")
    (('G', 'M'), ('Marc', 'Mari'))
    """
    sides = [[n.strip() for n in state.setup.side_players(s)] for s in (0, 1)]

    def label(side: int, letters: int) -> str:
        names = [name[:letters] for name in sides[side]]
        return "".join(names).upper() if letters == 1 else "/".join(names)

    first = second = ""
    for letters in range(1, max(len(n) for side in sides for n in side) + 1):
        first, second = label(0, letters), label(1, letters)
        if first.casefold() != second.casefold():
            break
    return first, second


def item_columns(col: int) -> tuple[float, float]:
    """The right edges of the two sides' numbers in item column ``col``."""
    col_w = (WIDTH - 2 * MARGIN - 40) / 2
    x = MARGIN + col * (col_w + 40)
    return (x + col_w - 100, x + col_w - 16)


def _items(cv: _Canvas, state: MatchState, top: float) -> None:
    """Each scoring item's points over the match, side by side, in two
    columns of five, each side's numbers under its label."""
    c = cv.c
    sums = [
        [sum(getattr(h.points[s], item) for h in state.hands) for s in (0, 1)]
        for item in ITEMS
    ]
    col_w = (WIDTH - 2 * MARGIN - 40) / 2
    labels = side_labels(state)
    for col in (0, 1):
        for side, right in enumerate(item_columns(col)):
            cv.text(
                (right, top - 8),
                labels[side],
                ITEM_LABEL_SIZE,
                c.side_text[side],
                bold=True,
                anchor="rd",
            )
    for i, (item, pair) in enumerate(zip(ITEMS, sums, strict=True)):
        col, row = divmod(i, 5)
        x = MARGIN + col * (col_w + 40)
        y = top + row * ITEM_ROW
        cv.draw.rounded_rectangle((x, y, x + col_w, y + 52), radius=12, fill=c.panel)
        cv.text(
            (x + 16, y + 26),
            cv.card(f"pts.{item}"),
            30,
            c.text,
            width=col_w - 190,
            anchor="lm",
        )
        for side, right in enumerate(item_columns(col)):
            cv.text(
                (right, y + 26),
                str(pair[side]),
                34,
                c.side_text[side],
                bold=True,
                anchor="rm",
            )


# -- a record -----------------------------------------------------------------------
def record_image(
    stats: SideStats,
    look: Look = Look(),
    *,
    versus: Sequence[HeadToHead] = (),
    today: date | None = None,
) -> Picture:
    """The picture of a player's or a pair's record: matches won and lost,
    the win rate, and the head-to-head against each opponent (*versus*, or
    the opponents the statistics found, most played first)."""
    cv = _Canvas(RECORD_HEIGHT, look)
    c, t = cv.c, cv.t
    inner = WIDTH - 2 * MARGIN
    cv.text((MARGIN, 40), "Spazzino", 52, c.text, bold=True)
    if today is not None:
        cv.text((WIDTH - MARGIN, 40), when(today, t.lang), 40, c.muted, anchor="ra")
    who = " & ".join(stats.players)
    cv.text((MARGIN, 130), who, 72, c.side_text[0], width=inner, bold=True)
    r = stats.record
    cv.draw.rounded_rectangle(
        (MARGIN, 240, WIDTH - MARGIN, 480), radius=28, fill=c.panel
    )
    cv.text(
        (WIDTH / 2, 330), f"{r.won} – {r.lost}", 150, c.text, bold=True, anchor="mm"
    )
    rate = _rate(r)
    line = (
        t("stats.won", won=r.won, lost=r.lost)
        + " · "
        + (t("stats.win_rate", rate=rate) if rate else t("stats.win_rate_none"))
    )
    cv.text((WIDTH / 2, 440), line, 36, c.muted, width=inner - 40, anchor="mm")
    _record_bar(cv, r, 510)
    cv.text((MARGIN, 580), t("stats.h2h"), 44, c.text, bold=True)
    rows = [(" & ".join(h.second), h.record) for h in versus] or sorted(
        stats.opponents.items(), key=lambda kv: (-kv[1].played, kv[0])
    )
    for i, (name, rec) in enumerate(rows[:7]):
        y = 650 + i * 58
        cv.text((MARGIN, y), name, 36, c.text, width=inner - 260)
        cv.text(
            (WIDTH - MARGIN, y),
            f"{rec.won} – {rec.lost}",
            36,
            c.text,
            bold=True,
            anchor="ra",
        )
    return cv.image


def record_picture(
    stats: SideStats,
    look: Look = Look(),
    *,
    versus: Sequence[HeadToHead] = (),
    today: date | None = None,
) -> bytes:
    """:func:`record_image` as PNG bytes."""
    return _png(record_image(stats, look, versus=versus, today=today))


def _png(image: Picture) -> bytes:
    return SURFACE.png(image)


def _rate(r: Record) -> str:
    return "" if r.win_rate is None else f"{round(r.win_rate * 100)}%"


def _record_bar(cv: _Canvas, r: Record, y: float) -> None:
    """Won against lost as one bar in the two sides' colours."""
    left, right = MARGIN, WIDTH - MARGIN
    cv.draw.rounded_rectangle((left, y, right, y + 28), radius=14, fill=cv.c.panel)
    if r.finished:
        split = left + (right - left) * r.won / r.finished
        if r.won:
            cv.draw.rounded_rectangle(
                (left, y, split, y + 28), radius=14, fill=cv.c.side_fill[0]
            )
        if r.lost:
            cv.draw.rounded_rectangle(
                (split, y, right, y + 28), radius=14, fill=cv.c.side_fill[1]
            )
