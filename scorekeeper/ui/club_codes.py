"""The club night's codes (issue 26): one per table, one for the board.

Pure Python (no flet). A tournament's table *n* has one code for the whole
night (the QR card on the table stays the same from round to round: its
phones follow whatever match is played at table *n*), and the tournament
has one read-only board code for the club's TV. The codes use the table
code's alphabet (``ui/access.py``) and are kept in memory by the server, one
registry per table service (:func:`codes_of`): a server started again makes
new ones, and the organizer prints the sheet again.

A code found here seats a phone at its table or shows it the board; one not
found goes on to the gate, which counts the wrong guesses.
"""

from __future__ import annotations

import secrets
import threading
import weakref
from dataclasses import dataclass

from scorekeeper.ui.access import ALPHABET, CODE_LENGTH, normalize_code


@dataclass(frozen=True)
class Place:
    """Where a code leads: a tournament's table (``table`` from 1), or its
    board (``table`` None)."""

    tournament_id: str
    table: int | None = None

    @property
    def board(self) -> bool:
        return self.table is None


class ClubCodes:
    """The codes of the club nights served by one table service."""

    def __init__(self) -> None:
        self._by_place: dict[Place, str] = {}
        self._by_code: dict[str, Place] = {}
        self._lock = threading.Lock()

    def code(self, place: Place) -> str:
        """The code of *place*, made the first time it is asked for."""
        with self._lock:
            code = self._by_place.get(place)
            while code is None:
                fresh = "".join(secrets.choice(ALPHABET) for _ in range(CODE_LENGTH))
                if fresh not in self._by_code:
                    code = fresh
                    self._by_place[place] = code
                    self._by_code[code] = place
            return code

    def find(self, text: str) -> Place | None:
        """The place a typed code leads to (case, spaces and dashes aside),
        or None."""
        code = normalize_code(text)
        with self._lock:
            for known, place in self._by_code.items():
                if code and secrets.compare_digest(code, known):
                    return place
        return None

    def all_codes(self) -> tuple[str, ...]:
        """Every code handed out (kept out of the logs)."""
        with self._lock:
            return tuple(self._by_code)


_REGISTRY: weakref.WeakKeyDictionary[object, ClubCodes] = weakref.WeakKeyDictionary()
_REGISTRY_LOCK = threading.Lock()


def codes_of(table: object) -> ClubCodes:
    """The one registry of the server serving *table* (a TableService)."""
    with _REGISTRY_LOCK:
        codes = _REGISTRY.get(table)
        if codes is None:
            codes = _REGISTRY[table] = ClubCodes()
        return codes
