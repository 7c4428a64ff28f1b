"""Where the data lives: ``--data DIR`` > ``$SPAZZINO_DATA`` > ``<project>/data``;
and how a message shows a path (:func:`shown_path`)."""

from __future__ import annotations

import os
import unicodedata
from collections.abc import Mapping
from pathlib import Path

ENV_VAR = "SPAZZINO_DATA"
PROJECT_ROOT = Path(__file__).resolve().parents[2]
DEFAULT_DATA_DIR = PROJECT_ROOT / "data"


def resolve_data_dir(
    explicit: str | os.PathLike[str] | None = None,
    env: Mapping[str, str] | None = None,
) -> Path:
    """The data folder: the explicit argument, else the environment, else default.

    An empty string counts as "not given". The folder is not created here;
    the repository creates it on first run.
    """
    env = os.environ if env is None else env
    if explicit:
        return Path(explicit).expanduser()
    from_env = env.get(ENV_VAR)
    if from_env:
        return Path(from_env).expanduser()
    return DEFAULT_DATA_DIR


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
