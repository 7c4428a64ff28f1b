"""``python main.py share ID --link [--base URL] | --png FILE``.

``--link`` prints the link that carries the stored match (``core/sharelink``)
to the app's address (``--base``, default the address ``python main.py``
prints); ``--png`` writes its picture (``sharing/picture``), in the stored
settings' language and deck unless ``--lang``/``--theme`` say otherwise.
Exit status as the data commands: 0 done, 2 refused (an unknown id, no
``--link`` nor ``--png``), 1 the data folder or the file could not be used.
"""

from __future__ import annotations

import argparse
from typing import Any, TextIO

from scorekeeper.core.sharelink import match_link
from scorekeeper.data_commands import (
    EXIT_OK,
    EXIT_REFUSED,
    EXIT_STORAGE,
    _repository,
    _run,
    output_failed,
    write_output,
)
from scorekeeper.i18n import LANGUAGES
from scorekeeper.storage.errors import MatchNotFoundError, StorageError

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
        if not args.link and args.png is None:
            print("error: share: give --link, --png FILE or both", file=stderr)
            return EXIT_REFUSED
        with _repository(
            getattr(args, "data", None),
            stderr,
            getattr(args, "recover", False),
            read_only=True,
        ) as repo:
            try:
                stored = repo.get_match(args.id)
                doc = repo.export_match(args.id)
            except MatchNotFoundError as exc:
                print(f"error: {exc}", file=stderr)
                return EXIT_REFUSED
            settings = repo.settings()
        if args.png is not None:
            from .picture import Look, match_picture

            look = Look(
                lang=args.lang or settings.language,
                dark=(args.theme or settings.theme) == "dark",
                french_cards=settings.french_cards,
            )
            png = match_picture(
                stored.state, look, played=stored.created, abandoned=stored.abandoned
            )
            try:
                write_output(args.png, (png,))
            except StorageError as exc:
                print(output_failed(args.png, exc), file=stderr)
                return EXIT_STORAGE
        if args.link:
            print(match_link(shared_document(doc), args.base), file=stdout)
        return EXIT_OK

    return _run(body)


def add_share_command(subparsers: Any) -> None:
    """Add ``share`` to an argparse sub-parser set (``args.run`` as the data
    commands); the caller adds ``--data`` and ``--recover``."""
    p = subparsers.add_parser(
        "share", help="print a stored match's link or write its picture (PNG)"
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
    p.add_argument("--png", metavar="FILE", help="write the match's picture to FILE")
    p.add_argument(
        "--lang", choices=LANGUAGES, help="the picture's language (default: settings)"
    )
    p.add_argument(
        "--theme",
        choices=("light", "dark"),
        help="the picture's colours (default: settings; light unless dark)",
    )
    p.set_defaults(run=run_share)
