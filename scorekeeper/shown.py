"""How a message shows a path someone gave (a file to import, ``--data``,
``-o``): escaped and cut, as names are (``core.names.shown_name``). A leaf
module: ``score`` (``jsonfile``), the data commands and the server use it."""

from __future__ import annotations

import os
import unicodedata

SHOWN_PATH_LENGTH = 120
"""A path shown in a message is cut to about this many characters."""


def shown_path(path: str | os.PathLike[str], limit: int = SHOWN_PATH_LENGTH) -> str:
    r"""*path* as a message shows it, as names are (``core.names.shown_name``):
    a byte that is not UTF-8 (a name made on another system) written as its
    escape, a control or invisible character too (never printed to a
    terminal), and a path longer than *limit* cut in its middle, its start and
    its file name kept.

    >>> shown_path(os.fsdecode(b"partita-Nicol\xf2.json"))
    'partita-Nicol\\xf2.json'
    >>> shown_path("/tmp/" + "a" * 5000 + "/data", limit=20)
    '/tmp/aaaaa…aaaa/data'
    """
    text = os.fspath(path)
    # what the file system holds: bytes; those that are not UTF-8 as \xNN
    text = text.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")
    text = "".join(
        c.encode("unicode_escape").decode("ascii")
        if unicodedata.category(c) in ("Cc", "Cf", "Cs", "Zl", "Zp")
        else c
        for c in text
    )
    if len(text) <= limit:
        return text
    head = limit // 2
    return text[:head] + "…" + text[-(limit - head - 1) :]
