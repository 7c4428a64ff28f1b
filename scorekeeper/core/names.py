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

Every door a name comes in by (the app's forms, a match file read by ``score``
or ``import``, a shared link, a tournament document, the roster) applies the
one rule of :func:`name_fault` (issue 24), and so does every other name a
person reads (a tournament's, issue 34): printable letters, digits,
punctuation and spaces only, after NFC. No control character (an ANSI escape,
NUL), no format character (a right-to-left override, a zero-width joiner:
"An\u200dna" would look like "Anna" and be another player), no emoji or
symbol. A name refused is shown by :func:`shown_name`: cut, every refused
character written as its escape, so a message never carries it.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

MAX_NAME_LENGTH = 40
"""A player's name has at most this many characters (FORMAT.md)."""

SHOWN_LENGTH = 60
"""A name shown in a message is cut after this many characters."""

_ASCII_SYMBOLS = frozenset("$+<=>^`|~")
"""Printable ASCII that Unicode files under symbols: punctuation to a player."""


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


def allowed_character(char: str, previous: str | None = None) -> bool:
    """Whether ``char`` may be in a name (after ``previous``): a letter, a
    digit, punctuation (ASCII's ``$+<=>^`|~`` too), a space, or a combining
    mark that follows a letter (a letter no precomposed character has)."""
    group = unicodedata.category(char)[0]
    if group in "LNP" or char.isspace() or char in _ASCII_SYMBOLS:
        return True
    if group == "M" and previous is not None:
        return unicodedata.category(previous)[0] in "LM"
    return False


@dataclass(frozen=True)
class NameFault:
    """Why a text cannot be a player's name: ``code`` is ``"empty"``,
    ``"too_long"`` or ``"character"`` (``char``: the first one refused, as
    ``U+200D ZERO WIDTH JOINER``); ``shown``: the text as a message shows it
    (:func:`shown_name`)."""

    code: str
    shown: str
    char: str = ""


def character_label(char: str) -> str:
    """``U+200D ZERO WIDTH JOINER``: a character named so it can be read."""
    name = unicodedata.name(char, "")
    if not name and unicodedata.category(char) == "Cc":
        name = "(a control character)"
    return f"U+{ord(char):04X} {name}".rstrip()


def name_fault(name: str, max_length: int = MAX_NAME_LENGTH) -> NameFault | None:
    """Why ``name`` cannot be a player's name, or ``None`` when it can: the
    one rule every door applies (see the module's docstring). The name is
    judged as it would be stored (NFC, trimmed, spaces collapsed). Other
    names a person reads (a tournament's) pass the same rule with their own
    ``max_length``."""
    cleaned = clean_name(name)
    if not cleaned:
        return NameFault("empty", "")
    previous: str | None = None
    for char in unicodedata.normalize("NFC", name):
        if not allowed_character(char, previous):
            return NameFault("character", shown_name(name), character_label(char))
        previous = char
    if len(cleaned) > max_length:
        return NameFault("too_long", shown_name(cleaned))
    return None


def shown_name(name: str, limit: int = SHOWN_LENGTH) -> str:
    """``name`` as a message shows it: its first ``limit`` characters (then
    ``…``), every character the rule refuses written as its escape
    (``\\u200d``): a 1 MB name is never echoed whole, an invisible or a
    terminal-controlling character never printed."""
    text = unicodedata.normalize("NFC", name)
    out: list[str] = []
    previous: str | None = None
    for char in text[:limit]:
        ok = allowed_character(char, previous) and (char == " " or not char.isspace())
        out.append(char if ok else char.encode("unicode_escape").decode("ascii"))
        previous = char
    return "".join(out) + ("…" if len(text) > limit else "")
