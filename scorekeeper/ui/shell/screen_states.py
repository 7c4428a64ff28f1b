"""What one phone has typed or chosen on its screens, kept on its session.

A screen is rebuilt from its state on every change (state in, view out): once
flet has diffed a rebuilt view its controls are frozen, so what a player types
lives here, not in the controls. Each screen declares its own state
(``screens/<screen>/state.py``); this store holds them by their type and
knows none of them: the shell imports no screen.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum
from random import Random
from typing import TYPE_CHECKING, Protocol, TypeVar, cast

import flet as ft

from scorekeeper.storage import StoredMatch
from scorekeeper.table import TableService

if TYPE_CHECKING:
    from scorekeeper.ui.access.club_codes import Place

S = TypeVar("S", bound=ft.BaseControl)
T = TypeVar("T")


class Services:
    """The page's services a screen made (the file picker), each made once,
    by name, the first time a screen offers it: a memo of the connection,
    the same object at every later draw, not a screen's state."""

    def __init__(self) -> None:
        self._made: dict[str, ft.BaseControl] = {}

    def get(self, name: str, make: Callable[[], S]) -> S:
        """The service ``name``, made by ``make`` if it is not yet."""
        made = self._made.get(name)
        if made is None:
            made = self._made[name] = make()
        return cast(S, made)


class Seen(Enum):
    """What a table event is to a phone that sits somewhere (``Seating.take``)."""

    OTHER = "other"  # a club night's change at another table: nothing to draw
    SHOWN = "shown"  # this phone shows what changed: draw it
    MOVED = "moved"  # a new round brought other players to this phone's table


class Seating(Protocol):
    """Where a phone sits (a club night's table or board), as the shell asks
    it: the club's screens answer (``screens/club/state.py``), handed in by
    the route registry (``ui/app.py``)."""

    def current(self, states: ScreenStates, table: TableService) -> StoredMatch | None:
        """The match this phone shows: its club table's when it sits at one."""

    def take(
        self, states: ScreenStates, route: str, event: object, table: TableService
    ) -> Seen:
        """Take a table *event* in: what it is to this phone."""

    def seat(
        self, states: ScreenStates, table: TableService, code: str
    ) -> Place | None:
        """A club night's code: this phone goes there; None when *code* is
        none of the night's."""

    def elsewhere(self, states: ScreenStates, table: TableService, code: str) -> bool:
        """Whether *code* is another table's of the night this phone sits at."""


class ScreenStates:
    """Each screen's state on this phone, by its type.

    >>> from dataclasses import dataclass
    >>> @dataclass
    ... class Counter:
    ...     n: int = 0
    >>> states = ScreenStates()
    >>> states.find(Counter) is None
    True
    >>> states.of(Counter).n += 1  # made at the first ask, then the same
    >>> states.of(Counter)
    Counter(n=1)
    >>> states.put(Counter(5)); states.find(Counter)
    Counter(n=5)
    >>> states.drop(Counter); states.find(Counter) is None
    True
    """

    __slots__ = ("_held", "random", "services")

    def __init__(self) -> None:
        self._held: dict[type, object] = {}
        self.random = Random()  # the first dealer's draw (a test seeds it)
        self.services = Services()  # the page's services (the file picker)

    def of(self, kind: type[T]) -> T:
        """The state of type ``kind``, made with ``kind()`` if there is none."""
        held = self._held.get(kind)
        if held is None:
            held = self._held[kind] = kind()
        return cast(T, held)

    def find(self, kind: type[T]) -> T | None:
        """The state of type ``kind``, None if there is none."""
        return cast("T | None", self._held.get(kind))

    def put(self, state: object) -> None:
        """``state`` as its type's state (the screen's actions replace it).

        >>> ScreenStates().put(None)
        Traceback (most recent call last):
        ...
        TypeError: put a screen's state, not None: drop(kind) forgets one
        """
        if state is None:
            raise TypeError("put a screen's state, not None: drop(kind) forgets one")
        self._held[type(state)] = state

    def held(self) -> tuple[object, ...]:
        """Every state held now (a test compares them before and after a draw)."""
        return tuple(self._held.values())

    def drop(self, kind: type) -> None:
        """No state of type ``kind`` any more (the screen starts afresh)."""
        self._held.pop(kind, None)
