"""The live tally of every match in progress, shared by all phones at the table.

Pure Python (no flet import). One :class:`LiveTallies` lives in the server
process (``SharedTable.live_tallies``); every phone reads and changes the same
:class:`~scorekeeper.entry.LiveTally` values, and the screen broadcasts each
change so the other phones redraw.

A tally belongs to one hand: it is stored with the number of hands the match
had when it began. Once the hand is saved the match has one hand more, so the
stored tally is stale and reads as a fresh one: nobody has to remember to clear
it, and a tally can never leak into the next hand.

Durability: the tally is memory only. A server restart loses the tally of the
hand being played (the players still know it, and the hand entry can be filled
in by hand); every saved hand is durable in the repository. This is on purpose:
a tap during play must never wait for a disk write, and what must survive is
the hand, not the notes taken while playing it.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass

from scorekeeper.entry import HandDraft, LiveTally


@dataclass(frozen=True)
class _Entry:
    hand_index: int  # hands saved in the match when this tally began
    tally: LiveTally


class LiveTallies:
    """Thread-safe map: match id -> the live tally of its current hand."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._entries: dict[str, _Entry] = {}

    def get(self, match_id: str, hand_index: int) -> LiveTally:
        """The tally of hand ``hand_index`` (0-based) of the match; fresh if none."""
        with self._lock:
            entry = self._entries.get(match_id)
        if entry is None or entry.hand_index != hand_index:
            return LiveTally()
        return entry.tally

    def change(
        self,
        match_id: str,
        hand_index: int,
        step: Callable[[LiveTally], LiveTally],
    ) -> LiveTally:
        """Apply ``step`` to the tally of that hand, atomically; return the result.

        Two phones tapping at once both count: each step runs on the value the
        other one left, under the lock.
        """
        with self._lock:
            entry = self._entries.get(match_id)
            current = (
                entry.tally
                if entry is not None and entry.hand_index == hand_index
                else LiveTally()
            )
            new = step(current)
            self._entries[match_id] = _Entry(hand_index, new)
            return new

    def clear(self, match_id: str) -> None:
        """Forget the match's tally (e.g. when the match ends or is abandoned)."""
        with self._lock:
            self._entries.pop(match_id, None)


_attach_lock = threading.Lock()


def tallies_of(shared: object) -> LiveTallies:
    """The shared table's :class:`LiveTallies`.

    ``SharedTable`` declares a ``live_tallies`` field; should a table object
    lack it, one is attached on first use, so the live tally never breaks the
    rest of the app.
    """
    store = getattr(shared, "live_tallies", None)
    if store is None:
        with _attach_lock:
            store = getattr(shared, "live_tallies", None)
            if store is None:
                store = LiveTallies()
                shared.live_tallies = store  # type: ignore[attr-defined]
    return store


def repository_of(shared: object) -> object | None:
    """The repository the shared table owns, or ``None`` if it has none.

    ``SharedTable.repo`` opens a lazily made table's repository; a table
    object without it (a test double) may still carry a ``repository``.
    """
    if isinstance(getattr(type(shared), "repo", None), property):
        return shared.repo  # type: ignore[attr-defined]
    return getattr(shared, "repository", None)


def live_draft(shared: object, match_id: str) -> HandDraft | None:
    """The hand-entry draft pre-filled from the live tally of the match's
    current hand, or ``None`` when nothing was recorded during play.

    For the hand entry (and the declaration) screens: call it when the screen
    opens and start from its draft instead of an empty one.
    """
    current = getattr(shared, "current", None)
    stored = current() if callable(current) else None  # in memory: no disk read
    if stored is None or stored.id != match_id:
        repository = repository_of(shared)
        if repository is None:
            return None
        stored = repository.get_match(match_id)  # type: ignore[attr-defined]
    tally = tallies_of(shared).get(match_id, len(stored.match.hands))
    if not tally.log:
        return None
    return tally.to_draft()
