"""Drafts and the live tally made durable soon, in a burst of taps once
(the browser build writes its files to IndexedDB; server mode needs nothing).
"""

from __future__ import annotations

import asyncio
import logging
import time

import flet as ft

from scorekeeper.table import Mode, TableService
from scorekeeper.ui.shell.put_off import Later, run_later

log = logging.getLogger(__name__)

KEEP_DELAY_S = 1.0
"""How long after the last step of a hand's draft or of the live tally the
browser build writes its files to IndexedDB (``Keeping.soon``): the taps
of a burst are one write."""

KEEP_MAX_S = 5.0
"""While the taps never pause for ``KEEP_DELAY_S``, a step is written with the
burst still going once it has waited this long (checked as each tap's delay
ends: a step waits under ``KEEP_MAX_S + KEEP_DELAY_S``, and the write)."""


def tidy(table: TableService) -> None:
    """The table's storage upkeep (``TableService.tidy``): a failure is
    logged, the change itself is saved already."""
    try:
        table.tidy()
    except Exception:
        log.exception("the storage upkeep after a change failed")


class Keeping:
    """The put-off flushes of one phone."""

    def __init__(self, page: ft.Page, mode: Mode) -> None:
        self._page = page
        self._mode = mode
        # Bumped at every soon(): the last of a burst flushes (or one
        # overdue, KEEP_MAX_S).
        self._turn = 0
        # When the first step not flushed yet was kept (None: all flushed);
        # a list, so a step knows its own burst by identity.
        self._burst: list[float] | None = None

    def soon(self) -> None:
        """Make durable soon what is stored without being acknowledged (a
        hand's draft, a step of the live tally), where the mode flushes (the
        browser build writes its files to IndexedDB): one flush
        ``KEEP_DELAY_S`` after the last call, or, while the taps go on,
        once a step has waited ``KEEP_MAX_S`` (checked a delay after each
        tap: under ``KEEP_MAX_S + KEEP_DELAY_S``). Without it these reached
        IndexedDB only with the next saved change, and a tab the phone
        discarded (a locked phone, another app) lost the hand half entered.
        Not awaited: the screen shows the step at once, as in server mode
        (where the step was durable when the table returned)."""
        flush = self._mode.flush
        if flush is None:
            return
        self._turn += 1
        turn = self._turn
        if self._burst is None:
            self._burst = [time.monotonic()]
        burst = self._burst

        async def keep() -> None:
            await asyncio.sleep(KEEP_DELAY_S)
            if burst is not self._burst:
                return  # a flush started since this step: it holds it
            overdue = time.monotonic() - burst[0] >= KEEP_MAX_S
            if turn != self._turn and not overdue:
                return  # a later step flushes
            self._burst = None
            try:
                await flush()
            except Exception as error:  # still on the screen and in memory
                log.error("a draft or the live tally was not made durable: %r", error)

        run_later(self._page, Later.KEEP, keep)

    def tidy_soon(self, table: TableService) -> None:
        """The storage upkeep after this phone's answer is on its way: done
        before it (the saved hand's draft cleared, a second write of the
        disk) it made Save's totals show ~1-2 ms later, up to 11 ms on a slow
        disk."""

        async def upkeep() -> None:
            tidy(table)

        run_later(self._page, Later.UPKEEP, upkeep)
