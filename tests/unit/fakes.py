"""Fakes of the parts of ``ft.Page`` the screens use, for tests without a browser.

Screen functions are built with the real ``TableApp`` and repository; only the
page (the browser connection) is faked, and ``find`` reaches a control by the
identifier the browser tests use.
"""

from __future__ import annotations

import flet as ft


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


class FakePage:
    """What ``TableApp`` uses of ``ft.Page``."""

    def __init__(self) -> None:
        self.route = "/"
        self.views: list[ft.View] = []
        self.pubsub = FakePubSub()
        self.dialogs: list[object] = []

    def update(self) -> None:
        pass

    def navigate(self, route: str) -> None:
        self.route = route

    def show_dialog(self, dialog: object) -> None:
        self.dialogs.append(dialog)

    def pop_dialog(self) -> object | None:
        return self.dialogs.pop() if self.dialogs else None


def find(control: object, identifier: str) -> ft.Control:
    """The content of the ``ft.Semantics(identifier=...)`` in a control tree."""
    stack = [control]
    while stack:
        c = stack.pop()
        if isinstance(c, ft.Semantics) and c.identifier == identifier:
            return c.content
        for name in ("content", "controls", "actions", "appbar"):
            child = getattr(c, name, None)
            if isinstance(child, list):
                stack.extend(child)
            elif isinstance(child, ft.Control):
                stack.append(child)
    raise LookupError(identifier)
