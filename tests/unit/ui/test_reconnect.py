"""A phone that goes while the server sends to it keeps its session
(``ui/shell/reconnect.py``): a real flet-web ``FletApp`` on a socket whose send
fails, as a reload during a draw makes it."""

from __future__ import annotations

import asyncio
import logging
from concurrent.futures import ThreadPoolExecutor
from types import SimpleNamespace
from typing import Any

import msgpack
import pytest
from flet.messaging.protocol import MessageAction
from flet_web.fastapi.flet_app import FletApp
from flet_web.fastapi.flet_app_manager import app_manager
from starlette.websockets import WebSocketDisconnect, WebSocketDisconnected

from scorekeeper.ui.shell import reconnect
from tests.event_loops import run_coroutine


class LeavingPhone:
    """A browser that registers, then goes as the server answers: the send
    fails (the page is gone) and the socket's end follows."""

    def __init__(self) -> None:
        self.client = SimpleNamespace(host="127.0.0.1")
        self.headers = {"user-agent": "a phone that reloads"}
        self.cookies: dict[str, str] = {}
        self.url = SimpleNamespace(path="/ws")
        self.session_id = ""
        self._gone = asyncio.Event()
        self._received = 0

    async def accept(self) -> None:
        pass

    async def receive_bytes(self) -> bytes:
        self._received += 1
        if self._received == 1:
            register = {"session_id": "", "page_name": "", "page": {"route": "/"}}
            frame = [MessageAction.REGISTER_CLIENT.value, register]
            return b"\x00" + msgpack.packb(frame)
        await self._gone.wait()
        raise WebSocketDisconnect(1006)

    async def send_bytes(self, data: bytes) -> None:
        action, body = msgpack.unpackb(data[1:], strict_map_key=False)
        if action == MessageAction.REGISTER_CLIENT.value:
            self.session_id = body["session_id"]
        self._gone.set()
        raise WebSocketDisconnect(1006)


async def nothing(page: Any) -> None:
    """The app's main: nothing to draw for this test."""


class ClosedByTheFailedSend(LeavingPhone):
    """As starlette's socket does: the failed send marks it disconnected, and
    the receive loop's next read raises ``WebSocketDisconnected``."""

    async def receive_bytes(self) -> bytes:
        if self._received == 0:
            return await super().receive_bytes()
        await self._gone.wait()
        raise WebSocketDisconnected(
            'WebSocket is not connected. Need to call "accept" first.'
        )


def serve_leaving_phone(
    phone_type: type[LeavingPhone] = LeavingPhone,
) -> tuple[Any, BaseException | None]:
    """The session the phone had after it went, and what ``handle`` raised
    (on a loop of its own: ``tests/event_loops.py``)."""
    out: list[tuple[Any, BaseException | None]] = []
    run_coroutine(_serve_leaving_phone(phone_type(), out))
    return out[0]


async def _serve_leaving_phone(
    phone: LeavingPhone, out: list[tuple[Any, BaseException | None]]
) -> None:
    app = FletApp(asyncio.get_running_loop(), ThreadPoolExecutor(1), nothing, None)
    raised: BaseException | None = None
    try:
        await app.handle(phone)
    except Exception as error:
        raised = error
    key = app._FletApp__get_unique_session_id(phone.session_id)  # type: ignore[attr-defined]
    session = await app_manager.get_session(key)
    await app_manager.delete_session(key)
    out.append((session, raised))


@pytest.fixture
def flet_handle(monkeypatch: pytest.MonkeyPatch) -> None:
    """``FletApp.handle`` and flet-web's logger as flet has them, put back
    after the test."""
    monkeypatch.setattr(FletApp, "handle", FletApp.handle)
    flet_log = logging.getLogger(reconnect.FLET_WEB_LOGGER)
    monkeypatch.setattr(flet_log, "filters", list(flet_log.filters))


def test_flet_alone_leaves_the_session_bound_to_the_dead_connection(flet_handle):
    """What the wrapper is for: if this fails, flet fixed it (drop the module)."""
    session, raised = serve_leaving_phone()
    assert isinstance(raised, WebSocketDisconnect)
    assert session is not None and session.connection is not None
    assert session.expires_at is None


def test_a_failed_send_leaves_the_session_free_for_the_phone_to_take_back(
    flet_handle, caplog
):
    assert reconnect.keep_sessions_on_failed_send()
    assert not reconnect.keep_sessions_on_failed_send()  # once
    with caplog.at_level("INFO", logger=reconnect.__name__):
        session, raised = serve_leaving_phone()
    assert raised is None
    assert session is not None
    assert session.connection is None  # a reload reuses it
    assert session.expires_at is not None  # and it is evicted if none comes
    assert "a phone left while the server was sending to it" in caplog.text


def test_a_failure_with_no_session_bound_still_raises(flet_handle):
    reconnect.keep_sessions_on_failed_send()

    class Refused(LeavingPhone):
        async def accept(self) -> None:
            raise RuntimeError("refused before any session")

    async def run() -> None:
        app = FletApp(asyncio.get_running_loop(), ThreadPoolExecutor(1), nothing, None)
        await app.handle(Refused())

    with pytest.raises(RuntimeError, match="refused before any session"):
        run_coroutine(run())


def test_flet_alone_logs_a_phone_gone_mid_send_as_a_warning_with_its_stack(
    flet_handle, caplog
):
    """What the log filter is for: if this fails, flet fixed it (drop it)."""
    with caplog.at_level("INFO"):
        serve_leaving_phone(ClosedByTheFailedSend)
    stacks = [r for r in caplog.records if r.exc_info and r.levelname == "WARNING"]
    assert stacks and "Receive loop error" in stacks[0].getMessage()


def test_a_phone_gone_mid_send_is_one_line_in_the_log_not_a_traceback(
    flet_handle, caplog
):
    reconnect.keep_sessions_on_failed_send()
    with caplog.at_level("INFO"):
        session, raised = serve_leaving_phone(ClosedByTheFailedSend)
    assert raised is None and session.connection is None
    assert not [r for r in caplog.records if r.exc_info or r.levelno >= 30]
    said = [r.getMessage() for r in caplog.records]
    assert any("socket was closed as the server read" in line for line in said)
    assert "Traceback" not in caplog.text
