"""The club night's codes (issue 26): one per table, one for the board.

Pure Python (no flet). A tournament's table *n* has one code for the whole
night (the QR card on the table stays the same from round to round: its
phones follow whatever match is played at table *n*), and the tournament
has one read-only board code for the club's TV. The codes use the table
code's alphabet (``ui/access/table_code.py``); one registry per table service
(:func:`codes_of`) holds them, and keeps each night's with its tournament
(``ClubService.keep_codes``): a server started again finds the same codes,
so the printed cards stay good all night (issue 37).

A code found here seats a phone at its table or shows it the board; one not
found goes on to the gate, which counts the wrong guesses.
"""

from __future__ import annotations

import logging
import secrets
import threading
import weakref
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Protocol

from scorekeeper.ui.access.table_code import ALPHABET, CODE_LENGTH, normalize_code

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Place:
    """Where a code leads: a tournament's table (``table`` from 1), or its
    board (``table`` None)."""

    tournament_id: str
    table: int | None = None

    @property
    def board(self) -> bool:
        return self.table is None


class CodeKeeper(Protocol):
    """Where a registry keeps its codes (``table.club``: with the
    tournaments), by tournament id, ``"board"`` or a table's number."""

    def codes(self) -> Mapping[str, Mapping[str, str]]: ...

    def keep_codes(self, tournament_id: str, codes: Mapping[str, str]) -> None: ...


def _slot(place: Place) -> str:
    return "board" if place.table is None else str(place.table)


class ClubCodes:
    """The codes of the club nights served by one table service."""

    def __init__(self, keeper: CodeKeeper | None = None) -> None:
        self._by_place: dict[Place, str] = {}
        self._by_code: dict[str, Place] = {}
        self._lock = threading.Lock()
        self._keeper = keeper
        if keeper is not None:
            for tid, codes in keeper.codes().items():
                for slot, code in codes.items():
                    table = None if slot == "board" else int(slot)
                    self._remember(Place(tid, table), code)

    def _remember(self, place: Place, code: str) -> None:
        self._by_place[place] = code
        self._by_code[code] = place

    def code(self, place: Place) -> str:
        """The code of *place*, made the first time it is asked for (and
        kept with its tournament)."""
        with self._lock:
            code = self._by_place.get(place)
            while code is None:
                fresh = "".join(secrets.choice(ALPHABET) for _ in range(CODE_LENGTH))
                if fresh not in self._by_code:
                    code = fresh
                    self._remember(place, code)
                    self._keep(place, code)
            return code

    def _keep(self, place: Place, code: str) -> None:
        if self._keeper is None:
            return
        try:
            self._keeper.keep_codes(place.tournament_id, {_slot(place): code})
        except (OSError, ValueError, LookupError) as error:
            # the code still works tonight; only a restart would change it
            log.warning("club code of %s not kept: %s", place, error)

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
    """The one registry of the server serving *table* (a TableService):
    the codes kept with its tournaments, and those made from now on."""
    with _REGISTRY_LOCK:
        codes = _REGISTRY.get(table)
        if codes is None:
            keeper = getattr(table, "club", None)
            codes = _REGISTRY[table] = ClubCodes(keeper)
        return codes
