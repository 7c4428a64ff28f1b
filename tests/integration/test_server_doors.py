"""The server's doors, attacked over the wire as a hostile page or client would.

A gated server (``--require-code``) runs in a subprocess on 127.0.0.1 and is
spoken to in flet's own protocol (msgpack frames over the WebSocket), with
messages a real client never sends: a page patch rewriting ``client_ip``, a
forged ``X-Forwarded-For``, another site's ``Origin``. Traffic goes to
127.0.0.1 only.
"""

from __future__ import annotations

import asyncio
import re
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path

import msgpack
import pytest
import websockets

from scorekeeper.ui.access.table_code import ALPHABET, FREE_TRIES
from scorekeeper.ui.shell.phone_choice import ASK_TIMEOUT
from tests.event_loops import run_coroutine
from tests.integration.servers import printed_port, wait_for

ROOT = Path(__file__).resolve().parents[2]
REGISTER, CONTROL_EVENT, UPDATE_PROPS, INVOKE = 1, 3, 4, 5
WAIT_TEXT = "Troppi codici errati"  # code.wait, Italian (the default)
HOME_TEXT = "Nuova partita"  # on home only: the phone was let in
CODE_FIELD = "'code-field-"
"""The code screen's field: drawn anew (a new key) for each code presented,
the screen's answer when its text stays as it was ("Codice errato.")."""


class Server:
    def __init__(self, tmp: Path, *extra: str) -> None:
        self.out = tmp / "out.txt"
        self.err = tmp / "err.txt"
        with self.out.open("w") as out, self.err.open("w") as err:
            self.proc = subprocess.Popen(
                [sys.executable, "main.py", "--no-browser", "--require-code"]
                + ["--port", "0", "--data", str(tmp / "d"), *extra],
                cwd=ROOT,
                stdout=out,
                stderr=err,
                text=True,
            )
        self.port = printed_port(self.proc, self.out)
        wait_for(self.origin + "/", self.proc)
        deadline = time.monotonic() + 10
        while "?t=" not in self.out.read_text() and time.monotonic() < deadline:
            time.sleep(0.1)
        self.code = re.search(r"\?t=(\w+)", self.out.read_text()).group(1)

    @property
    def origin(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def printed(self) -> str:
        return self.out.read_text()

    def stop(self) -> None:
        self.proc.send_signal(signal.SIGINT)
        self.proc.wait(timeout=30)


@pytest.fixture(scope="module")
def server(tmp_path_factory) -> Iterator[Server]:
    server = Server(tmp_path_factory.mktemp("doors"))
    yield server
    server.stop()


def wrong(n: int, server: Server) -> str:
    """The ``n``-th wrong code (each one new: flet drops a route change to
    the route it has)."""
    code = f"AAAA{ALPHABET[n // len(ALPHABET)]}{ALPHABET[n % len(ALPHABET)]}"
    assert code != server.code
    return code


def frame(action: int, body: dict) -> bytes:
    return b"\x00" + msgpack.packb([action, body])


async def drain(
    ws, seconds: float, until: Callable[[str], bool] = lambda seen: False
) -> str:
    """What the server sent, as text to search: once it shows what ``until``
    waits for, or after ``seconds`` (what a phone would see by then). The
    server's questions to the browser (a kept choice, the device's languages)
    are answered as a browser keeping nothing and telling nothing would."""
    seen: list[str] = []
    deadline = time.monotonic() + seconds
    while (left := deadline - time.monotonic()) > 0:
        try:
            data = await asyncio.wait_for(ws.recv(), left)
        except TimeoutError:
            break
        message = msgpack.unpackb(data[1:], strict_map_key=False)
        if message[0] == INVOKE:
            asked = message[1]
            answer = {"control_id": asked["control_id"], "call_id": asked["call_id"]}
            await ws.send(frame(INVOKE, {**answer, "result": None, "error": None}))
        seen.append(str(message))
        if until("\n".join(seen)):
            break
    return "\n".join(seen)


def showing(*texts: str) -> Callable[[str], bool]:
    return lambda seen: any(text in seen for text in texts)


async def phone(server: Server, headers: dict[str, str] | None = None):
    ws = await websockets.connect(
        f"ws://127.0.0.1:{server.port}/ws",
        origin=server.origin,
        additional_headers=headers or {},
    )
    await ws.send(
        frame(REGISTER, {"session_id": "", "page_name": "", "page": {"route": "/"}})
    )
    await drain(ws, 10.0, showing(CODE_FIELD))
    return ws


async def present(ws, code: str) -> str:
    """What the phone sees once the server answered ``code``."""
    route = {"route": f"/?t={code}"}
    await ws.send(
        frame(CONTROL_EVENT, {"target": 1, "name": "route_change", "data": route})
    )
    return await drain(ws, 10.0, showing(CODE_FIELD, HOME_TEXT))


def test_a_client_rewriting_its_client_ip_still_waits_after_five_wrong_codes(server):
    async def attack() -> tuple[str, str]:
        ws = await phone(server)
        answers = []
        try:
            for n in range(3 * FREE_TRIES):
                # what a forged client sends to look like another phone
                forged = {"id": 1, "props": {"client_ip": f"10.9.{n}.1"}}
                await ws.send(frame(UPDATE_PROPS, forged))
                answers.append(await present(ws, wrong(n, server)))
            return "\n".join(answers), await present(ws, server.code)
        finally:
            await ws.close()

    answers, last = run_coroutine(attack())
    assert WAIT_TEXT in answers
    assert HOME_TEXT not in last  # the right code waits too: not let in
    printed = server.printed()
    assert "wrong table codes from 127.0.0.1" in printed, printed
    assert "10.9." not in printed


def test_a_forged_x_forwarded_for_is_not_taken_for_another_phone(tmp_path):
    server = Server(tmp_path)
    try:

        async def attack() -> str:
            for n in range(FREE_TRIES):  # one connection per wrong code
                ws = await phone(server, {"X-Forwarded-For": f"10.8.{n}.1"})
                await present(ws, wrong(n, server))
                await ws.close()
            ws = await phone(server, {"X-Forwarded-For": "10.8.99.1"})
            try:
                return await present(ws, server.code)
            finally:
                await ws.close()

        answer = run_coroutine(attack())
    finally:
        server.stop()
    assert WAIT_TEXT in answer and HOME_TEXT not in answer
    assert "wrong table codes from 127.0.0.1" in server.printed()
    assert "10.8." not in server.printed()


def test_behind_a_trusted_proxy_the_forwarded_address_is_the_phone(tmp_path):
    server = Server(tmp_path, "--trust-proxy")
    try:

        async def guesses() -> str:
            for n in range(FREE_TRIES):
                ws = await phone(server, {"X-Forwarded-For": "1.2.3.4, 10.7.0.1"})
                await present(ws, wrong(n, server))
                await ws.close()
            # another phone behind the same proxy is not held up
            ws = await phone(server, {"X-Forwarded-For": "10.7.0.2"})
            try:
                return await present(ws, server.code)
            finally:
                await ws.close()

        answer = run_coroutine(guesses())
    finally:
        server.stop()
    assert "wrong table codes from 10.7.0.1" in server.printed()
    assert WAIT_TEXT not in answer and HOME_TEXT in answer


def test_a_page_of_another_site_cannot_open_the_websocket(server):
    async def connect(origin: str) -> None:
        ws = await websockets.connect(f"ws://127.0.0.1:{server.port}/ws", origin=origin)
        await ws.close()

    for foreign in ("http://evil.example", "http://127.0.0.1.evil.example:80", "null"):
        with pytest.raises(websockets.InvalidStatus) as refused:
            run_coroutine(connect(foreign))
        assert refused.value.response.status_code == 403
    # this server's own origins connect
    run_coroutine(connect(server.origin))
    run_coroutine(connect(f"http://localhost:{server.port}"))


def test_another_sites_page_gets_no_http_answer_either(server):
    request = urllib.request.Request(
        server.origin + "/", headers={"Origin": "http://evil.example"}
    )
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(request, timeout=5)
    assert refused.value.code == 403
    with urllib.request.urlopen(server.origin + "/", timeout=5) as response:
        assert response.status == 200


def test_a_busy_port_is_one_line_and_exit_3_with_no_address_printed(server):
    busy = subprocess.run(
        [sys.executable, "main.py", "--no-browser", "--port", str(server.port)]
        + ["--data", str(Path(server.out).parent / "other")],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert busy.returncode == 3
    assert busy.stdout == ""
    assert busy.stderr.count("\n") == 1 and "Traceback" not in busy.stderr
    assert f"port {server.port} is already in use" in busy.stderr


def test_in_default_mode_a_page_of_another_site_cannot_read_the_table(tmp_path):
    """The default server (loopback, no table code: every phone is a player)
    is where a foreign page matters most: nothing else stands in its way. It
    refuses the WebSocket of another site's page, and lets its own page in
    (which then sees home: the names and totals)."""
    err, printed = tmp_path / "err.txt", tmp_path / "out.txt"
    with err.open("w") as errors, printed.open("w") as out:
        proc = subprocess.Popen(
            [sys.executable, "main.py", "--no-browser", "--port", "0"]
            + ["--data", str(tmp_path / "d")],
            cwd=ROOT,
            stdout=out,
            stderr=errors,
        )
    port = printed_port(proc, printed)
    origin = f"http://127.0.0.1:{port}"
    try:
        wait_for(origin + "/", proc)

        async def open_as(page: str) -> str:
            ws = await websockets.connect(f"ws://127.0.0.1:{port}/ws", origin=page)
            try:
                register = {"session_id": "", "page_name": "", "page": {"route": "/"}}
                await ws.send(frame(REGISTER, register))
                return await drain(ws, ASK_TIMEOUT + 10, showing(HOME_TEXT))
            finally:
                await ws.close()

        for foreign in ("http://evil.example", f"http://localhost.evil:{port}"):
            with pytest.raises(websockets.InvalidStatus) as refused:
                run_coroutine(open_as(foreign))
            assert refused.value.response.status_code == 403
        assert HOME_TEXT in run_coroutine(open_as(origin))
        assert HOME_TEXT in run_coroutine(open_as(f"http://localhost:{port}"))
    finally:
        proc.send_signal(signal.SIGINT)
        proc.wait(timeout=30)
