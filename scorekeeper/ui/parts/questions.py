"""What several screens draw alike: a yes/no question, a filter's dropdown,
the message a screen said (``Said``) and its line, the roster's names.

What screens share is here, public, so no screen reaches into another's
private helpers (``tests/unit/test_imports.py`` checks it).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

import flet as ft

from scorekeeper.ui.access.event_guard import show_dialog
from scorekeeper.ui.kit.widgets import dialog_button, semantic
from scorekeeper.ui.shell.event_values import option_of
from scorekeeper.ui.shell.session import Session

ANY = "*"
"""A filter's choice of "any" (no player, no status)."""


@dataclass(frozen=True)
class Said:
    """The message a screen said ("File pronto", "Note salvate") and the
    route of that screen: shown there only, never lingering on the next."""

    text: str | None = None
    on: str | None = None

    def said_on(self, route: str) -> str | None:
        """The message to show on the screen of ``route``, if it said one."""
        return self.text if self.on == route else None


DROPDOWN_LABEL_ROOM = 10
"""Logical px above a dropdown for its floating label (half its line height
is above the border)."""


def confirm(session: Session, text: str, on_yes: Callable[[], object]) -> None:
    """Ask ``text`` in a dialog; "Sì" does ``on_yes``, "No" nothing."""

    def yes() -> None:
        session.page.pop_dialog()
        on_yes()

    dialog = ft.AlertDialog(
        modal=True,
        content=ft.Text(text),
        actions=[
            dialog_button(
                "confirm-no", session.t("detail.cancel"), session.page.pop_dialog
            ),
            dialog_button("confirm-yes", session.t("detail.confirm"), yes, filled=True),
        ],
    )
    show_dialog(session, dialog)


@dataclass(frozen=True)
class Choice:
    """One answer of :func:`ask`: its name (``<prefix>-<name>``), its words,
    what it does once the question is closed, and how it is drawn."""

    name: str
    text: str
    act: Callable[[], object]
    icon: ft.IconData | None = None
    filled: bool = False


def ask(
    session: Session, prefix: str, title: str, body: str, choices: list[Choice]
) -> None:
    """A question with several answers, one a line, and "Annulla" last (it
    closes the question, nothing else): ``<prefix>-text`` is its sentence."""

    def answer(choice: Choice) -> None:
        session.page.pop_dialog()
        choice.act()

    buttons = [
        dialog_button(
            f"{prefix}-{c.name}",
            c.text,
            partial(answer, c),
            icon=c.icon,
            filled=c.filled,
        )
        for c in choices
    ]
    cancel = dialog_button(
        f"{prefix}-cancel", session.t("act.cancel"), session.page.pop_dialog
    )
    show_dialog(
        session,
        ft.AlertDialog(
            modal=True,
            title=ft.Text(title),
            content=ft.Column(
                tight=True,
                spacing=8,
                controls=[semantic(f"{prefix}-text", ft.Text(body)), *buttons, cancel],
            ),
        ),
    )


def dropdown(
    identifier: str,
    label: str,
    options: list[tuple[str, str]],
    value: str,
    on_select: Callable[[str | None], object],
) -> ft.Control:
    """A filter: an outlined dropdown with its label floating on the border."""
    # The floating label rises above the field's box: at the top of the
    # screen's scrolling column it was cut off ("Giocatore" half drawn). The
    # room above the field keeps it whole wherever the dropdown sits.
    return ft.Container(
        expand=True,
        padding=ft.Padding.only(top=DROPDOWN_LABEL_ROOM),
        content=semantic(
            identifier,
            ft.Dropdown(
                label=label,
                value=value,
                options=[ft.DropdownOption(key=k, text=t) for k, t in options],
                on_select=lambda e: on_select(option_of(e)),
                expand=True,
            ),
        ),
    )


def players(session: Session) -> list[str]:
    """The roster's names, as the table knows them."""
    return [p.name for p in session.table.queries.players()]


def say(session: Session, text: str, on: str | None = None) -> None:
    """Say ``text`` on the screen of route ``on`` (the one shown, by
    default): a message belongs to the screen that made it."""
    session.states.put(Said(text, on or session.route))


def message_line(session: Session) -> ft.Control:
    """The message this screen said (``say``), if any."""
    text = session.states.of(Said).said_on(session.route)
    # The wrapper is hidden, not its content: a Semantics needs visible content.
    return ft.Semantics(
        identifier="history-message",
        visible=bool(text),
        content=ft.Text(text or "-", weight=ft.FontWeight.BOLD),
    )
