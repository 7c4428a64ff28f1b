"""How the app runs, as the screens need to know it: a small mode object.

The same screens run in two modes: **server** (``python main.py``: one process
holds the table, every phone's browser session draws from it) and
**browser** (the whole app inside one phone's browser, offline, its data in
IndexedDB). Screens ask the mode what it allows (``mode.other_phones``), never
which mode it is; adding a capability means adding a field here.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass


def _unknown() -> bool | None:
    return None


@dataclass(frozen=True)
class Mode:
    """What the running mode allows."""

    name: str
    """For logs and the settings screen; never for a screen to branch on."""
    other_phones: bool
    """Other phones can join this table (the LAN address, the QR code)."""
    backups_in_settings: bool = False
    """The storage may be evicted: offer export/import in Impostazioni and
    remind the players to export now and then."""
    flush: Callable[[], Awaitable[None]] | None = None
    """Make a saved change durable before the screen says it is saved (the
    browser writes its in-memory files to IndexedDB); ``None``: the save was
    durable when the repository returned."""
    persistent_storage: Callable[[], bool | None] = _unknown
    """Whether the browser agreed to keep the data (``None``: not asked)."""


SERVER = Mode(name="server", other_phones=True)
"""``python main.py``: the data is on the computer's disk; phones join by LAN."""


def browser_mode(
    flush: Callable[[], Awaitable[None]],
    persistent_storage: Callable[[], bool | None],
) -> Mode:
    """The app inside one phone's browser: one phone, data in IndexedDB."""
    return Mode(
        name="browser",
        other_phones=False,
        backups_in_settings=True,
        flush=flush,
        persistent_storage=persistent_storage,
    )
