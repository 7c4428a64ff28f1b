"""A phone that reloads (or drops off the Wi-Fi and comes back) finds its
session again even when the server's last message to it failed.

The flet-web bug (1.0.5, and still in flet's main branch): ``FletApp.handle``
marks the session disconnected (``app_manager.disconnect_session``) only
after its send loop ended cleanly. When the phone goes while the server is
sending to it (a reload during a draw, the wake-lock call of a page being
left), the send raises, ``handle`` ends with that exception, and the session
keeps the dead connection for good. A reload then cannot take the session
back (flet reuses one only when its connection is ``None``): the phone gets a
new session, and on a table with a code, the code screen again, although it
was let in a minute ago. The orphaned session never expires either (its
expiry is set by the same skipped call): one more left in memory at every
such reload.

:func:`keep_sessions_on_failed_send` wraps ``FletApp.handle``: when it ends
with an exception while its session is still bound to it, the session is
marked disconnected as a clean end would have (kept for the session timeout,
then evicted), and the failure is logged in one line instead of an ASGI
traceback. ``tests/unit/ui/test_reconnect.py`` drives a real ``FletApp`` with a
socket that fails to send, and fails if flet's names it relies on change.

The same failed send leaves one more traceback behind: starlette marks the
socket disconnected, and the receive loop's next read raises its
``WebSocketDisconnected`` ("Need to call accept first", although accept was
called), which flet logs as a warning with the whole stack.
:class:`PhoneGoneWhileReading` turns that record into one line at INFO: the
phone went, nothing on the server failed.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any

log = logging.getLogger(__name__)

_MARK = "_spazzino_keeps_sessions"
FLET_WEB_LOGGER = "flet_web.fastapi"  # flet_app.py logs to its package's logger


class PhoneGoneWhileReading(logging.Filter):
    """flet-web's "Receive loop error" on a socket starlette already closed,
    logged as one line at INFO instead of a warning with its stack."""

    def filter(self, record: logging.LogRecord) -> bool:
        from starlette.websockets import WebSocketDisconnected

        error = record.exc_info[1] if record.exc_info else None
        if isinstance(error, WebSocketDisconnected):
            record.msg = "a phone's socket was closed as the server read from it (%s)"
            record.args = (error,)
            record.exc_info = record.exc_text = None
            record.levelno, record.levelname = logging.INFO, "INFO"
        return True


def keep_sessions_on_failed_send() -> bool:
    """Wrap flet-web's ``FletApp.handle`` (once); whether it was wrapped now."""
    from flet_web.fastapi.flet_app import FletApp
    from flet_web.fastapi.flet_app_manager import app_manager

    if getattr(FletApp.handle, _MARK, False):
        return False
    logging.getLogger(FLET_WEB_LOGGER).addFilter(PhoneGoneWhileReading())
    original: Callable[[Any, Any], Awaitable[None]] = FletApp.handle

    async def handle(self: Any, websocket: Any) -> None:
        try:
            await original(self, websocket)
        except Exception as error:
            session = getattr(self, "_FletApp__session", None)
            if session is None or session.connection is not self:
                raise  # not the failure this works around
            log.info(
                "a phone left while the server was sending to it (%s: %s); "
                "its session is kept for it to come back",
                type(error).__name__,
                error,
            )
            await app_manager.disconnect_session(
                self._FletApp__get_unique_session_id(session.id),
                self._FletApp__session_timeout_seconds,
            )

    setattr(handle, _MARK, True)
    handle.__doc__ = original.__doc__
    FletApp.handle = handle
    return True
