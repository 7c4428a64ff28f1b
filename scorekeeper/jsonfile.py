"""Reading a JSON file someone hands us: the one reader of ``score``, ``import``
and the app's import, with the same rules for all three, and of the match a
shared link carries (:func:`read_link`), so a link reads as its file would.

* The bytes are UTF-8; a byte-order mark at the start (Windows Notepad writes
  one) is skipped.
* The JSON is strict: a key twice in one object, ``NaN`` or ``Infinity``, an
  integer of more than :data:`MAX_INT_DIGITS` digits, nesting deeper than
  Python reads (about a thousand), or a string holding a lone surrogate
  (``"\\ud800"``, which no file can store as UTF-8) is refused, naming where.
* A path must be a regular file (a FIFO with no writer would block forever,
  a device never ends) of at most :data:`MAX_BYTES`; standard input is read
  up to that size too, and a closed standard input says so.

Each refusal is a :class:`JsonFileError` (a ``ValueError``) with a one-line
message that starts with the file's name (``stdin`` for ``-``):

>>> decode(b'{"a": 1, "a": 2}', "m.json")
Traceback (most recent call last):
...
scorekeeper.jsonfile.JsonFileError: m.json: the key 'a' appears twice in one object
>>> decode(b'\\xef\\xbb\\xbf[1, 2]', "m.json")
[1, 2]
"""

from __future__ import annotations

import json
import os
import re
import stat
import sys
from typing import Any, BinaryIO, TextIO

from .core.sharelink import link_json
from .shown import shown_path

MAX_BYTES = 256 * 2**20
"""The largest file read: a history of 10,000 matches exports to ~13 MB."""

MAX_INT_DIGITS = 20
"""No number of a match file needs more digits (a count of cards has 2)."""


class JsonFileError(ValueError):
    """A file that cannot be read as JSON; the message names it and where."""


def _name(path: str) -> str:
    """How messages name *path*: escaped and cut (a megabyte path, a name
    that is not UTF-8, never printed as it is)."""
    return "stdin" if path == "-" else shown_path(path)


def read_json(path: str, stdin: TextIO | BinaryIO | None = None) -> object:
    """The decoded JSON of *path* (``-``: standard input, or *stdin*)."""
    return decode(read_bytes(path, stdin), _name(path))


def read_link(link: str, name: str) -> dict[str, Any]:
    """The match document *link* carries, decoded as a file's bytes are
    (:func:`decode`: the same rules, the same messages, each starting with
    *name*); ``core.sharelink.LinkError`` if the link carries none."""
    doc = decode(link_json(link), name)
    if not isinstance(doc, dict):
        raise JsonFileError(f"{name}: not a match document (not an object)")
    return doc


def read_bytes(path: str, stdin: TextIO | BinaryIO | None = None) -> bytes:
    """The bytes of *path* (``-``: standard input); :class:`JsonFileError` if
    they cannot be read, are not a regular file or exceed :data:`MAX_BYTES`."""
    name = _name(path)
    try:
        if path == "-":
            return _read_stream(stdin if stdin is not None else sys.stdin, name)
        # O_NONBLOCK: opening a FIFO with no writer returns at once (then it is
        # refused as not a regular file) instead of waiting for a writer
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        try:
            info = os.fstat(fd)
            if not stat.S_ISREG(info.st_mode):
                raise JsonFileError(f"{name}: not a regular file")
            if info.st_size > MAX_BYTES:
                raise JsonFileError(f"{name}: {_too_big()}")
            with os.fdopen(fd, "rb", closefd=False) as f:
                data = f.read(MAX_BYTES + 1)
        finally:
            os.close(fd)
    except OSError as e:
        raise JsonFileError(f"{name}: cannot read the file: {e.strerror or e}") from e
    if len(data) > MAX_BYTES:
        raise JsonFileError(f"{name}: {_too_big()}")
    return data


def _too_big() -> str:
    return f"larger than {MAX_BYTES // 2**20} MB, more than any match file"


def _read_stream(stream: TextIO | BinaryIO | None, name: str) -> bytes:
    if stream is None or getattr(stream, "closed", False):
        raise JsonFileError(f"{name}: standard input is closed")
    buffer = getattr(stream, "buffer", stream)
    try:
        data = buffer.read(MAX_BYTES + 1)
    except ValueError as e:  # reading a closed file
        raise JsonFileError(f"{name}: standard input is closed") from e
    if isinstance(data, str):  # a text stream without a buffer (tests)
        data = data.encode("utf-8", "surrogatepass")
    if len(data) > MAX_BYTES:
        raise JsonFileError(f"{name}: {_too_big()}")
    return data


def _no_duplicate_keys(pairs: list[tuple[str, object]]) -> dict[str, object]:
    d: dict[str, object] = {}
    for key, value in pairs:
        if key in d:
            raise JsonFileError(f"the key {_cut(key)!r} appears twice in one object")
        d[key] = value
    return d


def _whole(text: str) -> int:
    if len(text.lstrip("-")) > MAX_INT_DIGITS:
        raise JsonFileError(
            f"not readable JSON: a number of {len(text.lstrip('-'))} digits "
            f"(at most {MAX_INT_DIGITS})"
        )
    return int(text)


def _constant(text: str) -> object:
    raise JsonFileError(f"{text} is not a JSON number")


def _cut(text: str, limit: int = 40) -> str:
    """*text* cut for a message: a megabyte of bad input is never echoed whole."""
    return text if len(text) <= limit else text[:limit] + "…"


def decode(data: bytes, name: str) -> object:
    """*data* as JSON under this module's rules; *name* starts each message."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise JsonFileError(
            f"{name}: not UTF-8 text ({e.reason} at byte {e.start})"
        ) from None
    try:
        value = json.loads(
            text,
            object_pairs_hook=_no_duplicate_keys,
            parse_int=_whole,
            parse_constant=_constant,
        )
    except JsonFileError as e:
        raise JsonFileError(f"{name}: {e}") from None
    except json.JSONDecodeError as e:
        raise JsonFileError(
            f"{name}: not valid JSON: {e.msg} at line {e.lineno}, column {e.colno}"
        ) from None
    except RecursionError:  # about a thousand deep: Python's own limit
        raise JsonFileError(f"{name}: not valid JSON: nested too deeply") from None
    if _SURROGATE_ESCAPE.search(text):  # the only way a lone surrogate gets in
        problem = _surrogate_in(value)
        if problem:
            raise JsonFileError(f"{name}: {problem}")
    return value


_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")


def _surrogate_in(value: object) -> str | None:
    """Where *value* holds a lone surrogate (a string or a key), and which."""
    stack: list[tuple[object, str]] = [(value, "")]
    while stack:
        item, where = stack.pop()
        if isinstance(item, str):
            bad = _surrogate(item)
            if bad:
                return f"{where or 'the document'}: {bad}"
        elif isinstance(item, dict):
            for key, child in item.items():
                here = f"{where}: {_cut(key)}" if where else _cut(key)
                bad = _surrogate(key)
                if bad:
                    return f"{here}: the key: {bad}"
                stack.append((child, here))
        elif isinstance(item, list):
            stack.extend(
                (child, f"{where}, item {i + 1}") for i, child in enumerate(item)
            )
    return None


def _surrogate(text: str) -> str | None:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as e:
        return f"a lone surrogate (U+{ord(text[e.start]):04X}) is not text"
    return None
