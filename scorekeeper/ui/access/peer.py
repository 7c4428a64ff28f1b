"""The connection as the server sees it: who is at the other end, and from where.

An ASGI middleware (:class:`Doorway`) wraps the app flet-web builds. For every
WebSocket and HTTP request it

* refuses a browser whose page comes from another site: the ``Origin`` header,
  when a browser sends one, must be one of this server's own origins (the
  addresses it prints: ``http://127.0.0.1:PORT``, ``http://localhost:PORT``,
  the LAN address with ``--lan``). A page of another site open in a browser on
  this computer could otherwise open the WebSocket and read names and totals
  (issue 24, item 6). A client that sends no ``Origin`` is not a web page of
  another site (a browser always sends one on a WebSocket), so it is let
  through to the table code like any phone;
* records the peer of each WebSocket connection in a context variable
  (:func:`current_peer`): the address the connection comes from, taken from the
  ASGI scope (the socket's peer), never from anything the client says in the
  Flet protocol (``page.client_ip`` is a page property one
  ``UPDATE_CONTROL_PROPS`` message rewrites), and a number that is new for
  every connection. The table code's guess limit keys on both
  (``ui/access/table_code.py``).

``X-Forwarded-For`` is read only when the server is told it sits behind a
proxy (``--trust-proxy``): then the last address in it (the one the proxy
added) is the peer. uvicorn's own proxy-header handling is switched off
(``proxy_headers=False`` in ``ui/hosting/server.py``): it trusts the header from
loopback by default, where any local program could forge it.

Why a context variable: flet runs the session's ``main`` and every event
handler in tasks created by the connection's receive loop, so they inherit the
context the middleware set for that connection.
"""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import Awaitable, Callable, Iterable, Iterator, MutableMapping
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


@dataclass(frozen=True)
class Peer:
    """One connection: the address it comes from and its own number."""

    address: str
    connection: int


DISCONNECT_GRACE = 2.0
"""Seconds flet's handler of a WebSocket may run on after the client left."""

_PEER: ContextVar[Peer | None] = ContextVar("spazzino_peer", default=None)
_numbers = itertools.count(1)


def current_peer() -> Peer | None:
    """The peer of the connection whose message is being handled (``None``
    outside a served connection: tests on a fake page, the browser build)."""
    return _PEER.get()


@contextmanager
def connected(peer: Peer) -> Iterator[Peer]:
    """Handle what runs inside as coming from ``peer`` (the middleware does
    this for each WebSocket; tests do it for a fake page)."""
    token = _PEER.set(peer)
    try:
        yield peer
    finally:
        _PEER.reset(token)


def own_origins(port: int, hosts: Iterable[str]) -> frozenset[str]:
    """The origins of this server's pages: ``http://HOST:PORT`` for each host
    it prints, plus the loopback names a browser on this computer may use."""
    names = {"127.0.0.1", "localhost", "[::1]", *hosts}
    return frozenset(f"http://{name}:{port}" for name in names if name)


def _header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope.get("headers", ()):
        if key.lower() == name:
            return bytes(value).decode("latin-1")
    return None


def peer_address(scope: Scope, trust_proxy: bool) -> str:
    """The address a request comes from: the socket's peer, or with
    ``trust_proxy`` the last address of ``X-Forwarded-For``."""
    if trust_proxy:
        forwarded = _header(scope, b"x-forwarded-for")
        if forwarded:
            last = forwarded.split(",")[-1].strip()
            if last:
                return last
    client = scope.get("client")
    return str(client[0]) if client else "?"


class Doorway:
    """The ASGI middleware: foreign origins refused, each WebSocket's peer
    recorded for the code check."""

    def __init__(
        self, app: ASGIApp, origins: frozenset[str], trust_proxy: bool = False
    ) -> None:
        self.app = app
        self.origins = origins
        self.trust_proxy = trust_proxy

    def admits(self, scope: Scope) -> bool:
        """Whether the request's ``Origin`` (if any) is one of ours."""
        origin = _header(scope, b"origin")
        if origin is None:
            return True
        if origin.rstrip("/").lower() in self.origins:
            return True
        # behind a proxy the page's origin is the proxy's: the host it forwards
        host = _header(scope, b"x-forwarded-host") if self.trust_proxy else None
        return host is not None and origin.split("://", 1)[-1] == host

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        kind = scope.get("type")
        if kind not in ("websocket", "http"):
            await self.app(scope, receive, send)
            return
        if not self.admits(scope):
            if kind == "websocket":
                # closing before accepting: the server answers the handshake 403
                await send({"type": "websocket.close", "code": 1008})
            else:
                await send(
                    {
                        "type": "http.response.start",
                        "status": 403,
                        "headers": [(b"content-type", b"text/plain")],
                    }
                )
                await send(
                    {"type": "http.response.body", "body": b"another site's page"}
                )
            return
        if kind == "http":
            await self.app(scope, receive, send)
            return
        with connected(Peer(peer_address(scope, self.trust_proxy), next(_numbers))):
            await self._websocket(scope, receive, send)

    async def _websocket(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Run flet's handler of one WebSocket; cancel it if it outlives the
        client's disconnection by :data:`DISCONNECT_GRACE` seconds.

        Why: flet-web 1.0.5's handler of a WebSocket closed before the client
        registered never returns (its send loop waits for a session that
        never came), and uvicorn's shutdown would wait for it forever.
        """
        loop = asyncio.get_running_loop()
        stuck: list[bool] = []

        def cancel(task: asyncio.Future[None]) -> None:
            if not task.done():
                stuck.append(True)
                task.cancel()

        async def watched() -> Message:
            message = await receive()
            if message.get("type") == "websocket.disconnect":
                loop.call_later(DISCONNECT_GRACE, cancel, handler)
            return message

        handler = asyncio.ensure_future(self.app(scope, watched, send))
        try:
            await handler
        except asyncio.CancelledError:
            if not stuck:  # the server's own cancellation: let it through
                raise
