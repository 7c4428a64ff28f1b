"""The one set of fakes for the UI tests without a browser.

Screens run in a real :class:`~scorekeeper.ui.shell.session.Session` on a real
:class:`~scorekeeper.table.TableService`; only the page (the browser
connection) is faked. :func:`make_session` builds such a session;
:func:`find` reaches a control by the identifier the browser tests use,
:func:`walk` and :func:`texts` read a control tree; :func:`start_from_form`
starts a match as a finger does. The fixtures built on them (``session``, and
a match started by its form) are in ``tests/unit/conftest.py``.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from types import SimpleNamespace
from typing import Any

import flet as ft

from scorekeeper.table import TableService
from scorekeeper.ui.app import new_session
from scorekeeper.ui.screens.new_match import view as new_match
from scorekeeper.ui.screens.new_match.state import NewMatchForm
from scorekeeper.ui.shell.layers import BOARD_KEY, SCREEN_KEY
from scorekeeper.ui.shell.put_off import AFTER_DRAW, kind_of
from scorekeeper.ui.shell.session import Session
from tests.event_loops import run_coroutine


class FakePubSub:
    """Records what was sent: ``(kind, topic, message)``, kind "all" or "others"."""

    def __init__(self) -> None:
        self.sent: list[tuple[str, str, object]] = []
        self.subscribed: list[str] = []

    def send_all_on_topic(self, topic: str, message: object) -> None:
        self.sent.append(("all", topic, message))

    def send_others_on_topic(self, topic: str, message: object) -> None:
        self.sent.append(("others", topic, message))

    def subscribe_topic(self, topic: str, handler: object) -> None:
        self.subscribed.append(topic)


class FakeServices:
    """The page's service registry: a service made on the page (a
    ``FilePicker``, the clipboard of ``CopyToClipboard``) registers here."""

    def __init__(self) -> None:
        self.registered: list[object] = []

    def register_service(self, service: object) -> None:
        self.registered.append(service)


class FakeMessaging:
    """flet's messaging session: what the browser's property updates reach
    (``apply_patch``, recorded by ``ui/events.ClientValues``)."""

    def __init__(self) -> None:
        self.patches: list[tuple[int, dict[str, Any]]] = []

    def apply_patch(self, control_id: int, patch: dict[str, Any]) -> None:
        self.patches.append((control_id, patch))


class FakePage:
    """What a ``Session`` and its screens use of ``ft.Page``.

    Dialogs are a stack; ``run_task`` records ``(handler, args)`` without
    running it; ``update`` counts the redraws sent to the browser;
    ``navigate`` moves ``route`` as the browser would: it pushes a history
    entry and answers with a route change (``on_route_change``, once set).
    ``go_back`` is the browser's Back button.
    """

    def __init__(self, route: str = "/", url: str = "http://127.0.0.1:8550") -> None:
        self.route = route
        self.url = url
        self.title: str | None = None
        self.width: float | None = None  # the browser's size, once it told it
        self.height: float | None = None
        self.views: list[ft.View] = []
        self.pubsub = FakePubSub()
        self.dialogs: list[object] = []
        self.tasks: list[tuple[Any, tuple[object, ...]]] = []
        self.threads: list[tuple[Any, tuple[object, ...]]] = []  # run_thread
        self.updates = 0
        self.theme: ft.Theme | None = ft.Theme(color_scheme_seed=ft.Colors.GREEN_800)
        self.theme_mode = ft.ThemeMode.LIGHT
        self.dark_theme: ft.Theme | None = None
        self._services = FakeServices()
        self.on_route_change: Any = None
        self.history = [route]  # the browser's history entries
        self.history_index = 0
        self.session = FakeMessaging()

    def update(self) -> None:
        self.updates += 1

    def navigate(self, route: str) -> None:
        """flet's push_route: the browser pushes ``route`` (nothing when it
        already shows it) and reports the route change."""
        if route == self.route:
            return
        del self.history[self.history_index + 1 :]
        self.history.append(route)
        self.history_index += 1
        self._arrive(route)

    def go_back(self) -> None:
        """The browser's Back button."""
        if self.history_index > 0:
            self.history_index -= 1
            self._arrive(self.history[self.history_index])

    def go_forward(self) -> None:
        """The browser's Forward button."""
        if self.history_index + 1 < len(self.history):
            self.history_index += 1
            self._arrive(self.history[self.history_index])

    def _arrive(self, route: str) -> None:
        # flet sets page.route, then calls the handler
        self.route = route
        if self.on_route_change is not None:
            self.on_route_change(SimpleNamespace(route=route))

    def show_dialog(self, dialog: object) -> None:
        dialog.open = True  # type: ignore[attr-defined]  # as flet does
        self.dialogs.append(dialog)

    def pop_dialog(self) -> object | None:
        return self.dialogs.pop() if self.dialogs else None

    @property
    def _dialogs(self) -> SimpleNamespace:
        """Where flet keeps the page's dialogs (``guard.open_dialog``)."""
        return SimpleNamespace(controls=self.dialogs)

    def run_task(self, handler: Any, *args: object) -> None:
        self.tasks.append((handler, args))

    def run_thread(self, handler: Any, *args: object) -> None:
        self.threads.append((handler, args))

    def settle(self) -> None:
        """Time passes after a screen was drawn: what the session put off
        until it was sent happens (the kinds of ``ui/later.AFTER_DRAW``:
        the address pushed, the storage upkeep, the screen left under the
        scoreboard removed). A flush and an undo offer's end wait."""
        pending = [t for t in self.tasks if kind_of(t[0]) in AFTER_DRAW]
        for task in pending:
            self.tasks.remove(task)
            handler, args = task
            run_coroutine(handler(*args))


class Clock:
    """A clock moved by hand: ``now`` seconds, as ``time.monotonic`` gives."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def make_session(table: TableService, route: str = "/", lang: str = "it") -> Session:
    """A real session of ``table`` on a fake page, drawn on ``route``.

    Like a phone that opened ``route``: the screen is drawn once (one
    ``page.updates``); ``Session.start`` is not called (no stored language,
    no wakelock), so ``lang`` is the session's language.
    """
    page = FakePage(route)
    session = new_session(page, table)  # type: ignore[arg-type]
    page.on_route_change = session.drawing.on_route_change
    session.translator.lang = lang
    session.render()
    return session


def start_from_form(
    session: Session, names: Sequence[str] = ("Anna", "Bruno"), **form: Any
) -> None:
    """Start a match of ``names`` from ``session``'s new-match form, as its
    Start does (the scoreboard shown; with a match being played, asked
    first); ``form``: the form's other fields (``target="500"``,
    ``early_win=True``)."""
    session.states.put(NewMatchForm(**form).with_names(*names))
    new_match.start_match(session)


# -- the control tree ---------------------------------------------------------------
def walk(
    control: object, *, unseen: bool = False, hidden: bool = True
) -> Iterator[object]:
    """Every control under ``control`` (views, app bars, rows, semantics,
    dialogs), but for a layer the browser keeps unseen (``ui/shell/layers.py``)
    unless ``unseen``, and (``hidden=False``) a control not visible with
    all it holds."""
    if control is None or (unseen_layer(control) and not unseen):
        return
    if not hidden and getattr(control, "visible", True) is False:
        return
    yield control
    for name in ("appbar", "leading", "title", "content"):
        child = getattr(control, name, None)
        if isinstance(child, ft.Control):
            yield from walk(child, unseen=unseen, hidden=hidden)
    for name in ("controls", "actions"):
        children = getattr(control, name, None) or []
        for child in children:
            if unseen or not unseen_layer(child, children):
                yield from walk(child, unseen=unseen, hidden=hidden)


def unseen_layer(control: object, siblings: Sequence[object] = ()) -> bool:
    """A layer of a layered view that is not shown: out of the semantics tree
    (opacity 0), not built at all (not visible), or the screen left under
    the scoreboard shown over it (covered until the next draw)."""
    key = getattr(control, "key", None)
    if key not in (BOARD_KEY, SCREEN_KEY):
        return False
    if not shown_layer(control):
        return True
    return key == SCREEN_KEY and any(
        getattr(s, "key", None) == BOARD_KEY and shown_layer(s) for s in siblings
    )


def shown_layer(control: object) -> bool:
    return getattr(control, "opacity", 1) != 0 and getattr(control, "visible", True)


def find(root: object, identifier: str, *, unseen: bool = False) -> Any:
    """The content of the ``ft.Semantics(identifier=...)`` under ``root``
    (in unseen layers too if ``unseen``); ``LookupError`` when there is none."""
    for c in walk(root, unseen=unseen):
        if isinstance(c, ft.Semantics) and c.identifier == identifier:
            return c.content
    raise LookupError(identifier)


def drawn(root: object, identifier: str) -> bool:
    """Whether the ``ft.Semantics(identifier=...)`` under ``root`` is drawn:
    it and every control around it visible, as the browser's semantics tree
    holds it (what a browser test's ``to_have_count(0)`` asks)."""
    return any(
        isinstance(c, ft.Semantics) and c.identifier == identifier
        for c in walk(root, hidden=False)
    )


def texts(root: object) -> list[str]:
    """Every text under ``root``: ``ft.Text`` values and button labels."""
    out: list[str] = []
    for c in walk(root):
        if isinstance(c, ft.Text) and c.value is not None:
            out.append(c.value)
        content = getattr(c, "content", None)
        if isinstance(content, str):
            out.append(content)
    return out


# -- handlers, called the way flet calls them -----------------------------------------
def click(control: Any) -> None:
    control.on_click(SimpleNamespace(control=control))


def select(segmented: ft.SegmentedButton, value: str) -> None:
    """What the browser does as a player taps a segment: the selection as a
    property, then ``on_change`` with the selection as its data."""
    segmented.selected = [value]
    segmented.on_change(SimpleNamespace(control=segmented, data=[value]))


def type_into(field: ft.TextField, text: str) -> None:
    """What the browser does as a player types: the value, then ``on_change``."""
    field.value = text
    if field.on_change is not None:
        field.on_change(SimpleNamespace(control=field, data=text))
