"""Coroutines run to their end on an event loop of their own, in a thread.

Playwright's sync API keeps an event loop running in the main thread for the
rest of a test process once a browser test ran there (the ``browser`` fixture
is session-wide), and ``asyncio.run()`` refuses to start another: with the
tests spread over workers, a unit test may follow a browser test in the same
process. Tests run their coroutines here, never with ``asyncio.run``.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Coroutine
from typing import Any, TypeVar

T = TypeVar("T")


def run_coroutine(coroutine: Coroutine[Any, Any, T]) -> T:
    """What ``coroutine`` returned, run on a loop of its own in a thread; what
    it raised is raised here."""
    results: list[T] = []
    errors: list[BaseException] = []

    def target() -> None:
        try:
            results.append(asyncio.run(coroutine))
        except BaseException as error:  # handed to the test below
            errors.append(error)

    runner = threading.Thread(target=target)
    runner.start()
    runner.join()
    if errors:
        raise errors[0]
    return results[0]
