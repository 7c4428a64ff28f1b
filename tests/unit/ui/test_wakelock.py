"""The screen kept on while a match is played (``ui/shell/wakelock.py``), on a fake
wakelock: asked once, released after, and a wakelock that never answers
given up on, not tried again."""

from __future__ import annotations

import asyncio

from scorekeeper.ui.shell.wakelock import ScreenAwake
from tests.event_loops import run_coroutine
from tests.unit.fakes import FakePage


class FakeWakelock:
    def __init__(self, hang: bool = False) -> None:
        self.hang = hang
        self.calls: list[str] = []

    async def enable(self) -> None:
        self.calls.append("enable")
        if self.hang:
            await asyncio.sleep(3600)

    async def disable(self) -> None:
        self.calls.append("disable")


def run_awake(wakelock: FakeWakelock, wishes: list[bool]) -> ScreenAwake:
    page = FakePage()
    changes: list[bool | None] = []
    awake = ScreenAwake(page, lambda: changes.append(awake.available))  # type: ignore[arg-type]
    awake.wakelock = wakelock
    awake.TIMEOUT = 0.05

    async def scenario() -> None:
        for wish in wishes:
            awake.want(wish)
            while page.tasks:
                handler, args = page.tasks.pop(0)
                await handler(*args)

    run_coroutine(scenario())
    awake.changes = changes
    return awake


def test_the_screen_is_kept_awake_while_a_match_is_in_progress_and_released_after():
    wakelock = FakeWakelock()
    awake = run_awake(wakelock, [True, True, False])
    assert wakelock.calls == ["enable", "disable"]
    assert awake.available is True and awake.enabled is False
    assert awake.changes == [True, True]


def test_a_wakelock_that_never_answers_times_out_and_is_not_tried_again():
    wakelock = FakeWakelock(hang=True)
    awake = run_awake(wakelock, [True, False, True])
    assert wakelock.calls == ["enable"]
    assert awake.available is False
    assert awake.changes == [False]
