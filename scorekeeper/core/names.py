"""Player names: how they are stored and when two of them are the same player.

RULES §4: names are compared after Unicode normalisation (NFC), with runs of
spaces collapsed and case ignored, so "Anna  Rossi" and "anna rossi" are the
same player. A name is stored as typed, trimmed and with its runs of spaces
collapsed.

A name typed in the app must also be *drawable*: the browser client draws
text with the one font flet-web ships offline (a Roboto subset: the Latin
alphabet, its accents and punctuation), and any other character (an emoji, a
card suit, CJK) draws as an empty box. :func:`undrawable` finds them, so the
app can refuse such a name with a clear message instead of showing boxes.
"""

from __future__ import annotations

import unicodedata


def clean_name(name: str) -> str:
    """``name`` as it is stored: NFC, trimmed, each run of spaces one space."""
    return " ".join(unicodedata.normalize("NFC", name).split())


# What the bundled Roboto subset draws: Basic Latin, Latin-1, Latin Extended-A
# and -B (every accented letter of the European languages), and the general
# punctuation players type (curly quotes, dashes, ellipsis).
_DRAWABLE_RANGES = (
    (0x20, 0x7E),
    (0xA0, 0x24F),
    (0x2010, 0x2027),
)


def _drawable(char: str) -> bool:
    code = ord(char)
    return any(low <= code <= high for low, high in _DRAWABLE_RANGES)


def undrawable(name: str) -> str:
    """The characters of ``name`` (as stored) the app cannot draw, in order,
    each once; empty when the whole name can be shown."""
    seen: dict[str, None] = {}
    for char in clean_name(name):
        if not _drawable(char):
            seen[char] = None
    return "".join(seen)


def name_key(name: str) -> str:
    """What two names of the same player have in common (compare these)."""
    return unicodedata.normalize("NFC", clean_name(name).casefold())


def same_player(a: str, b: str) -> bool:
    """Whether ``a`` and ``b`` name the same player."""
    return name_key(a) == name_key(b)
