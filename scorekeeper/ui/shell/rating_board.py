"""The players' ratings a server keeps for its screens (issue 38): one board
per repository (``ratings/board.py``), in step with its ``revision()``,
brought up to date off the event loop (rating every match again takes a few
tenths of a second at 10,000 matches; a new match alone, milliseconds), as
the statistics are. "Classifica" draws it; a new match's form reads each
side's chance to win from it."""

from __future__ import annotations

import asyncio
import logging
import threading
import weakref
from dataclasses import dataclass, field
from typing import Any

from scorekeeper.ratings.board import Board, update_board
from scorekeeper.ratings.rating import Ratings
from scorekeeper.storage import StorageError
from scorekeeper.ui import routes
from scorekeeper.ui.shell.session import Session

log = logging.getLogger(__name__)

SHOWN_ON = (routes.LEADERBOARD, routes.NEW_MATCH)
"""The screens drawn again when a board they wait for is ready."""


@dataclass
class _Kept:
    """One repository's ratings (worked out in a worker thread, under the
    lock) and the last board they gave (read by any phone's draw)."""

    ratings: Ratings = field(default_factory=Ratings)
    board: Board | None = None
    loading: int | None = None  # the revision being worked out
    lock: threading.Lock = field(default_factory=threading.Lock)


_KEPT: weakref.WeakKeyDictionary[Any, _Kept] = weakref.WeakKeyDictionary()


def _kept(queries: Any) -> _Kept:
    kept = _KEPT.get(queries)
    if kept is None:
        kept = _KEPT[queries] = _Kept()
    return kept


def compute(queries: Any, kept: _Kept) -> Board:
    """Bring *kept*'s ratings to the matches *queries* holds now (slow with a
    big history the first time: run it off the loop)."""
    with kept.lock:
        revision = queries.revision()
        lines = queries.list_history(limit=max(1, queries.count()), status="won").items
        board = update_board(kept.ratings, lines, revision)
        if kept.board is None or kept.board.revision <= revision:
            kept.board = board
        return board


def current_board(session: Session) -> tuple[Board | None, bool]:
    """The board to draw now, and whether a newer one is being worked out."""
    kept = _kept(session.table.queries)
    board = kept.board
    fresh = board is not None and board.revision == session.table.queries.revision()
    return board, not fresh


def settle(session: Session) -> None:
    """Before the screen is drawn (``app.SETTLE``): start working out the
    board of the current revision when none is kept or being made."""
    queries = session.table.queries
    kept = _kept(queries)
    revision = queries.revision()
    if kept.board is not None and kept.board.revision == revision:
        return
    if kept.loading == revision:
        return
    kept.loading = revision
    session.page.run_task(load, session, kept)


async def load(session: Session, kept: _Kept) -> None:
    queries = session.table.queries
    try:
        await asyncio.to_thread(compute, queries, kept)
    except StorageError as error:
        log.warning("leaderboard not worked out: %s", error)
        with kept.lock:
            if kept.board is None:
                kept.board = Board(queries.revision())
    finally:
        kept.loading = None
    if session.route in SHOWN_ON:
        session.render()
