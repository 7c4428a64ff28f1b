"""The controls of a screen's last build, kept by what they show.

Why: flet's diff skips a control it already holds (the same Python object)
without comparing it, and every control built costs the server its
construction, its checks and a comparison with the one it replaces. The
scoreboard is built again at every Save, yet only its totals, seats and one
new hand row change (``benchmarks/bench_save.py``). A part built
through a :class:`Keeper` with a key that holds everything it shows and its
handlers use is the same object at the next build when the key is the same.

The rule for a key: whatever the control draws (its texts, in the phone's
language, its colours when they are not theme roles), what its handlers read
that is not read afresh at the tap, and the screen's identifier of the part
(one control is never drawn in two places; a key asked twice in one build
gets a new control).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import TypeVar, cast

import flet as ft

C = TypeVar("C", bound=ft.BaseControl)


class Keeper:
    """The parts of one screen's last build of one session, by key."""

    def __init__(self) -> None:
        self._last: dict[Hashable, ft.BaseControl] = {}
        self._now: dict[Hashable, ft.BaseControl] = {}

    def start(self) -> Keeper:
        """A new build of the screen: what the last one kept may be reused,
        what this one does not reuse is let go."""
        self._last, self._now = self._now, {}
        return self

    def __call__(self, key: Hashable, build: Callable[[], C]) -> C:
        """The control the last build made for ``key``, else ``build()``."""
        if key in self._now:  # never one control in two places
            return build()
        control = self._last.get(key)
        if control is None:
            control = build()
        self._now[key] = control
        return cast(C, control)
