"""Which phones are entering which hand: "un altro telefono sta contando la
mano 4" on the others (memory only, no flet).

A phone is known by the key its session gives (the app knows nothing of who
holds it). A phone counts a hand from its first stored tap on that hand's
entry until it saves it, or for :data:`FRESH` seconds after its last tap: a
phone that left the entry without a word stops counting by itself.

>>> clock = iter([0.0, 1.0, 2.0, 200.0]).__next__
>>> who = WhoCounts(clock)
>>> who.tapped("m1", 3, "phone-a")
True
>>> who.other("m1", 3, "phone-b"), who.other("m1", 3, "phone-a")
(True, False)
>>> who.other("m1", 3, "phone-b")  # 200 s later: gone quiet
False
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

FRESH = 120.0
"""Seconds after its last tap a phone still counts as entering the hand."""


class WhoCounts:
    """Thread-safe: match id -> phone key -> (hand index, time of last tap)."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self._lock = threading.Lock()
        self._taps: dict[str, dict[str, tuple[int, float]]] = {}

    def tapped(self, match_id: str, hand_index: int, phone: str) -> bool:
        """``phone`` tapped the entry of hand ``hand_index``; ``True`` when it
        was not counting that hand already (news for the other phones)."""
        now = self._clock()
        with self._lock:
            phones = self._taps.setdefault(match_id, {})
            before = phones.get(phone)
            phones[phone] = (hand_index, now)
        return before is None or before[0] != hand_index or now - before[1] > FRESH

    def other(self, match_id: str, hand_index: int, phone: str | None) -> bool:
        """Whether a phone other than ``phone`` is entering that hand."""
        now = self._clock()
        with self._lock:
            phones = dict(self._taps.get(match_id, {}))
        return any(
            key != phone and index == hand_index and now - at <= FRESH
            for key, (index, at) in phones.items()
        )

    def left(self, phone: str) -> dict[str, int]:
        """``phone`` left the entry (it draws the scoreboard): it counts no
        more. The hands it was counting, by match, where the others were
        told (a mark still fresh): they are told it no longer does.

        >>> who = WhoCounts(iter([0.0, 1.0, 2.0]).__next__)
        >>> who.tapped("m1", 0, "a"), who.left("a"), who.left("a")
        (True, {'m1': 0}, {})
        """
        now = self._clock()
        with self._lock:
            marks = {m: phones.pop(phone, None) for m, phones in self._taps.items()}
        return {
            match_id: mark[0]
            for match_id, mark in marks.items()
            if mark is not None and now - mark[1] <= FRESH
        }

    def done(self, match_id: str, phone: str) -> None:
        """``phone`` saved its hand or dropped its entry: it counts no more."""
        with self._lock:
            self._taps.get(match_id, {}).pop(phone, None)
