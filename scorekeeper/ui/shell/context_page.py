"""A session's page as flet's context page, for the page services that need
one (``SharedPreferences``, ``FilePicker``, ``Share``), and the shared link's
inbox read through it.

Kept small and off the screens: the session's start reads the inbox
(:func:`take_link`) right after home is drawn, and in the browser build every
module imported then is time the first tap waits for (issue 27); the match
screen that shows a link (``parts/share.py``) is imported only when
there is one.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import TYPE_CHECKING

import flet as ft
from flet.controls.context import _context_page

from scorekeeper.ui.page.link_inbox import INBOX_KEY

if TYPE_CHECKING:
    from scorekeeper.ui.shell.session import Session


@contextlib.contextmanager
def on_page(session: Session) -> Iterator[None]:
    """Make the session's page the context page (flet internals, pinned 1.0.5)."""
    # flet declares the context variable as holding None; it holds the page
    token = _context_page.set(session.page)  # type: ignore[arg-type]
    try:
        yield
    finally:
        _context_page.reset(token)


async def take_link(session: Session) -> str | None:
    """The link ``ui/page/link_inbox.py``'s script left for this page, taken out
    of the inbox (read once), or None."""
    with on_page(session):
        prefs = ft.SharedPreferences()
    link = await prefs.get(INBOX_KEY)
    if not isinstance(link, str):
        return None
    await prefs.remove(INBOX_KEY)
    return link
