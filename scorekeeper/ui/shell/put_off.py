"""Work a session puts off past the frame it draws, named by what it does.

Every task a session hands to ``page.run_task`` goes through :func:`run_later`
with its :class:`Later` kind, so that what is pending can be told apart
without knowing how the session is written: the UI tests' fake page runs
the kinds of :data:`AFTER_DRAW` when "time passes" (``FakePage.settle``) and
leaves the others (a flush to IndexedDB, a change waiting for its flush).
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Coroutine
from typing import Any

import flet as ft

KIND = "__spazzino_later__"


class Later(enum.Enum):
    """What a put-off task does."""

    ADDRESS = "address"  # the new screen's address pushed to the browser
    UPKEEP = "upkeep"  # the storage's upkeep after a change (TableService.tidy)
    UNCOVER = "uncover"  # the screen left under the scoreboard removed
    OFFER = "offer"  # a transient undo offer withdrawn when its time is up
    KEEP = "keep"  # drafts and the live tally made durable (the browser build)
    FLUSH = "flush"  # a change made durable before it is shown (the browser build)
    CHOICE = "choice"  # this phone's language or theme kept in its browser


AFTER_DRAW = frozenset({Later.ADDRESS, Later.UPKEEP, Later.UNCOVER})
"""What happens by itself shortly after a draw, with no input and no flush."""


def run_later(
    page: ft.Page, kind: Later, task: Callable[[], Coroutine[Any, Any, None]]
) -> None:
    """Run ``task`` on the page's event loop, marked as ``kind``."""

    async def later() -> None:
        await task()

    setattr(later, KIND, kind)
    page.run_task(later)


def kind_of(task: object) -> Later | None:
    """The kind a task was run with (``None``: not run by :func:`run_later`)."""
    kind = getattr(task, KIND, None)
    return kind if isinstance(kind, Later) else None
