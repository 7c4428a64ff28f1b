"""``python main.py share ID --link [--base URL]``.

``--link`` prints the link that carries the stored match (``core/sharelink``)
to the app's address (``--base``, default the address ``python main.py``
prints). Exit status as the data commands: 0 done, 2 refused (an unknown id,
no ``--link``), 1 the data folder could not be used.
"""

from __future__ import annotations

import argparse
from typing import Any, TextIO

from scorekeeper.core.sharelink import match_link
from scorekeeper.data_commands import (
    EXIT_OK,
    EXIT_REFUSED,
    _repository,
    _run,
)
from scorekeeper.storage.errors import MatchNotFoundError

DEFAULT_BASE = "http://127.0.0.1:8550/"
"""The address ``python main.py`` serves on by default (and prints)."""


def shared_document(exported: dict[str, Any]) -> dict[str, Any]:
    """The exported document a link carries: all of it but the edit log (the
    audit trail of the phone it was played on; the import needs none)."""
    doc = dict(exported)
    if isinstance(doc.get("meta"), dict):
        doc["meta"] = {k: v for k, v in doc["meta"].items() if k != "edits"}
    return doc


def run_share(args: argparse.Namespace, stdout: TextIO, stderr: TextIO) -> int:
    """Print the link of a stored match and/or write its picture."""

    def body() -> int:
        if not args.link:
            print("error: share: give --link", file=stderr)
            return EXIT_REFUSED
        with _repository(
            getattr(args, "data", None), stderr, getattr(args, "recover", False)
        ) as repo:
            try:
                doc = repo.export_match(args.id)
            except MatchNotFoundError as exc:
                print(f"error: {exc}", file=stderr)
                return EXIT_REFUSED
        if args.link:
            print(match_link(shared_document(doc), args.base), file=stdout)
        return EXIT_OK

    return _run(body)


def add_share_command(subparsers: Any) -> None:
    """Add ``share`` to an argparse sub-parser set (``args.run`` as the data
    commands); the caller adds ``--data`` and ``--recover``."""
    p = subparsers.add_parser(
        "share", help="print the link that carries a stored match"
    )
    p.add_argument("id", help="the match id (see history)")
    p.add_argument(
        "--link", action="store_true", help="print the link that carries the match"
    )
    p.add_argument(
        "--base",
        metavar="URL",
        default=DEFAULT_BASE,
        help=f"the app's address the link opens (default: {DEFAULT_BASE})",
    )
    p.set_defaults(run=run_share)
