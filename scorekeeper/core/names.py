"""Player names: how they are stored and when two of them are the same player.

RULES §4: names are compared after Unicode normalisation (NFC), with runs of
spaces collapsed and case ignored, so "Anna  Rossi" and "anna rossi" are the
same player. A name is stored as typed, trimmed and with its runs of spaces
collapsed.
"""

from __future__ import annotations

import unicodedata


def clean_name(name: str) -> str:
    """``name`` as it is stored: NFC, trimmed, each run of spaces one space."""
    return " ".join(unicodedata.normalize("NFC", name).split())


def name_key(name: str) -> str:
    """What two names of the same player have in common (compare these)."""
    return unicodedata.normalize("NFC", clean_name(name).casefold())


def same_player(a: str, b: str) -> bool:
    """Whether ``a`` and ``b`` name the same player."""
    return name_key(a) == name_key(b)
