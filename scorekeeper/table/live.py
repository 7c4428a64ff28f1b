"""The live tally of every match in progress, shared by all phones at the table.

Pure Python (no flet import). One :class:`LiveTallies` lives in the table
service (``TableService.tallies``); every phone reads and changes the same
:class:`~scorekeeper.table.hand_draft.LiveTally` values through it, and each
change is broadcast so the other phones redraw.

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

from scorekeeper.table.hand_draft import LiveTally


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
