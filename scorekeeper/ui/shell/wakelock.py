"""Keep the phone's screen on while a match is being played (``ft.Wakelock``)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable

import flet as ft

log = logging.getLogger(__name__)


class ScreenAwake:
    """Keeps this phone's screen on while a match is in progress.

    ``ft.Wakelock`` is a service: it must be created in ``main`` (it registers
    with the page of the current context), never in a pubsub handler. Every
    call is bounded by :attr:`TIMEOUT` and runs as a task on the session's own
    loop, so a browser that never answers (reported once with Flet 1.0.5; a
    phone on ``http://<LAN address>`` is not a secure context and may not offer
    the Wake Lock API) cannot block anything: the first failure is logged and
    the wakelock is not tried again in this session.
    """

    TIMEOUT = 3.0

    def __init__(
        self, page: ft.Page, on_change: Callable[[], None] | None = None
    ) -> None:
        self.page = page
        self.on_change = on_change  # called once it is known whether it works
        self.wakelock = ft.Wakelock()
        self.wanted = False
        self.enabled = False
        self.available: bool | None = None  # None: not tried yet
        self._busy = False

    def want(self, on: bool) -> None:
        """Ask for the screen to stay on (or not); returns at once."""
        if self.available is False or on == self.wanted:
            return
        self.wanted = on
        if not self._busy:
            self._busy = True
            self.page.run_task(self._apply)

    async def _apply(self) -> None:
        try:
            # Loop: the wish may change while a call is on its way.
            while self.enabled != self.wanted and self.available is not False:
                on = self.wanted
                call = self.wakelock.enable() if on else self.wakelock.disable()
                try:
                    await asyncio.wait_for(call, self.TIMEOUT)
                except Exception as error:  # timeout or a client-side failure
                    self.available = False
                    log.warning(
                        "wakelock %s failed (%s); the screen may turn off",
                        "enable" if on else "disable",
                        type(error).__name__,
                    )
                    break
                self.enabled, self.available = on, True
        finally:
            self._busy = False
        if self.on_change is not None:
            self.on_change()
