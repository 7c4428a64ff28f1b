"""A protocol message's text form (``ui/server.quiet_message_repr``): flet-web
formats every message it sends into a debug line, logging on or off, and the
full text of a patch is the text of every control in it."""

from __future__ import annotations

import logging
from collections.abc import Iterator

import flet as ft
import pytest
from flet.messaging.protocol import Message, MessageAction

from scorekeeper.ui.hosting.server import quiet_message_repr


@pytest.fixture
def message_repr(monkeypatch: pytest.MonkeyPatch) -> Iterator[logging.Logger]:
    """flet's transport log, and ``Message.__repr__`` as flet has it; both
    put back after the test."""
    monkeypatch.setattr(Message, "__repr__", Message.__repr__)
    transport = logging.getLogger("flet_transport")
    level = transport.level
    yield transport
    transport.setLevel(level)  # setLevel: the logger's cache is cleared too


def patch_of_many_controls() -> Message:
    rows = [ft.Row([ft.Text(f"riga {i}"), ft.Text(str(i))]) for i in range(50)]
    return Message(MessageAction.PATCH_CONTROL, [ft.Column(controls=rows)])


def test_while_the_transport_log_is_off_a_message_names_only_its_action(
    message_repr,
):
    message_repr.setLevel(logging.INFO)
    message = patch_of_many_controls()
    assert len(repr(message)) > 10_000  # flet's own: every control's fields
    assert quiet_message_repr()
    assert repr(message) == "Message(PATCH_CONTROL)"
    assert f"send_message: {message}" == "send_message: Message(PATCH_CONTROL)"


def test_with_the_transport_log_on_a_message_keeps_its_full_text(message_repr):
    message_repr.setLevel(logging.DEBUG)
    assert not quiet_message_repr()
    assert "riga 49" in repr(patch_of_many_controls())
