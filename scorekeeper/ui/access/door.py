"""What the handler guard (``ui/access/event_guard.py``) needs of a phone's session: a
small protocol, so that the guard depends on it and not on ``Session`` (the
session imports the guard; nothing imports back).

:class:`~scorekeeper.ui.shell.session.Session` is the one implementation; the
guard's tests may pass any object with these members.
"""

from __future__ import annotations

from typing import Protocol

import flet as ft

from scorekeeper.ui.shell.event_values import ClientValues


class Door(Protocol):
    """One phone as the guard sees it."""

    page: ft.Page
    """Where a dialog opens."""
    client_values: ClientValues
    """The newest value the phone sent for each control
    (``ui/shell/event_values.py``)."""
    drawn_views_key: object
    """The key of the top view drawn last: only its handlers answer."""

    @property
    def admitted(self) -> bool:
        """Whether the phone may see the table's data (the table code)."""
        ...

    def t(self, key: str, **params: object) -> str:
        """A text in the phone's language."""
        ...

    def report(self, text: str) -> None:
        """Show ``text`` as the screen's one error line, drawn at once."""
        ...
