"""The live tally of every match in progress, shared by all phones at the table.

Pure Python (no flet import). One :class:`LiveTallies` lives in the table
service (``TableService.tallies``); every phone reads and changes the same
:class:`~scorekeeper.table.hand_draft.LiveTally` values through it, and each
change is broadcast so the other phones redraw.

A tally belongs to one hand: it is stored with the number of hands the match
had when it began. Once the hand is saved the match has one hand more, so the
stored tally is stale and reads as a fresh one: nobody has to remember to clear
it, and a tally can never leak into the next hand.

Durability: the table service gives its store a ``load`` and a ``save``: each
tap is written (with the hand entry, in the match's one stored draft,
``drafts.json``) before the tap returns, and a tally not in memory (after a
server restart) is read back from there. The write is one atomic rewrite of a
file of a few hundred bytes per match being played, as cheap as a bare atomic
write (``benchmarks/bench_draft.py``: under a millisecond on an idle
disk), so a tap does not wait noticeably. A failed write raises and the tap
is not counted, as with every change. Without ``load``/``save`` (unit tests)
the store is memory only.
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


Load = Callable[[str, int], "LiveTally | None"]
Save = Callable[[str, int, LiveTally], None]


class LiveTallies:
    """Thread-safe map: match id -> the live tally of its current hand, read
    from and written to ``load``/``save`` when given."""

    def __init__(self, load: Load | None = None, save: Save | None = None) -> None:
        self._lock = threading.Lock()
        self._entries: dict[str, _Entry] = {}
        self._load = load
        self._save = save

    def _current(self, match_id: str, hand_index: int) -> LiveTally:
        """The tally of that hand (call with the lock held)."""
        entry = self._entries.get(match_id)
        if entry is not None and entry.hand_index == hand_index:
            return entry.tally
        loaded = self._load(match_id, hand_index) if self._load else None
        tally = loaded or LiveTally()
        self._entries[match_id] = _Entry(hand_index, tally)
        return tally

    def get(self, match_id: str, hand_index: int) -> LiveTally:
        """The tally of hand ``hand_index`` (0-based) of the match; fresh if none."""
        with self._lock:
            return self._current(match_id, hand_index)

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
            new = step(self._current(match_id, hand_index))
            if self._save is not None:
                self._save(match_id, hand_index, new)  # stored, or raises
            self._entries[match_id] = _Entry(hand_index, new)
            return new

    def clear(self, match_id: str) -> None:
        """Forget the match's tally (e.g. when the match ends or is abandoned)."""
        with self._lock:
            self._entries.pop(match_id, None)
