"""The data commands of the CLI: ``import``, ``export``, ``history`` and ``check``.

Each ``run_*`` function opens the repository on the data folder (``--data``,
else ``$SPAZZINO_DATA``, else ``<project>/data``), writes results to
``stdout`` and one-line messages to ``stderr``, and returns the exit status:

* ``0`` success;
* ``2`` an input was refused (a match file, an unknown id, a bad option): the
  message names the file or the value and the problem; nothing was written;
* ``1`` the data folder could not be used (in use by another instance, a
  damaged data file, a full disk): the message says what and where.

:func:`run_check` reads every data file and changes none (exit 0 clean, 1 if
it found a problem; one line per problem, naming the file).

:func:`add_storage_commands` adds the four sub-commands (a change of data,
the import, goes through the table service, as the app's does) to an ``argparse``
sub-parser set; each parsed namespace gets ``run(args, stdout, stderr)``.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import re
import stat
import sys
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TextIO

from .core.sharelink import LinkError, looks_like_link
from .jsonfile import JsonFileError, decode, read_bytes, read_link
from .shown import shown_path
from .storage.atomic import atomic_write_chunks, write_error
from .storage.check import check_folder, folder_lock
from .storage.errors import (
    DataFileError,
    ImportRefusedError,
    MatchNotFoundError,
    StorageError,
    StorageWriteError,
)
from .storage.paths import resolve_data_dir
from .storage.repository import TinyDBRepository, open_repository
from .storage.types import STATUSES, MatchSummary
from .table import TableService

EXIT_OK, EXIT_STORAGE, EXIT_REFUSED = 0, 1, 2


class _Failed(Exception):
    def __init__(self, status: int) -> None:
        self.status = status


NO_FOLDER = "no data folder here"
"""What a command that only reads says of a ``--data`` that names no folder
(as ``check`` does): a mistyped folder is neither created nor taken for an
empty history."""


@contextmanager
def _repository(
    data_dir: str | None,
    stderr: TextIO,
    recover: bool = False,
    *,
    read_only: bool = False,
    lazy: bool = False,
) -> Iterator[TinyDBRepository]:
    folder = resolve_data_dir(data_dir)
    if read_only and not folder.is_dir():
        print(f"error: {shown_path(folder)}: {NO_FOLDER}", file=stderr)
        raise _Failed(EXIT_STORAGE)
    # the history index read (10,000 lines: 60,000 objects, kept to the
    # command's end) is left out of the collector's walks: without, each
    # cyclic collection the command's work set off walked it whole again
    # (history's first page: 38 of its 50 ms at 10,000 matches, import a
    # third of its work); unfrozen at the end, for a caller that goes on
    enabled = gc.isenabled()
    gc.disable()
    try:
        repo = open_repository(
            data_dir, on_damage="move_aside" if recover else "refuse", lazy=lazy
        )
    except (StorageError, OSError) as exc:
        print(in_words(f"error: {exc}", folder), file=stderr)
        raise _Failed(EXIT_STORAGE) from None
    finally:
        if enabled:
            gc.enable()
    gc.freeze()
    try:
        for w in repo.warnings:
            print(in_words(f"warning: {w.message}", folder), file=stderr)
        yield repo
    except (StorageError, OSError) as exc:
        if isinstance(exc, ImportRefusedError | MatchNotFoundError):
            raise
        print(in_words(f"error: {exc}", folder), file=stderr)
        raise _Failed(EXIT_STORAGE) from None
    finally:
        repo.close()
        gc.unfreeze()


def in_words(text: str, folder: Path) -> str:
    """*text* with the data folder's path as a message shows it
    (:func:`shown_path`: cut when long, escaped when not UTF-8): the
    storage's messages name their files whole."""
    raw, shown = str(folder), shown_path(folder)
    return text if raw == shown else text.replace(raw, shown)


def _run(body: Callable[[], int]) -> int:
    try:
        return body()
    except _Failed as f:
        return f.status


def _read_documents(path: str) -> list[object]:
    """The match documents in file *path* (``-``: stdin) or in the link *path*
    (``share --link``); refusals name the file."""
    # score's reader, with its rules (jsonfile), for a link's match too; its
    # message names the file, which run_import prints first
    name = _source(path)
    if looks_like_link(path):
        try:
            return [read_link(path, name)]
        except LinkError as exc:
            raise ImportRefusedError(str(exc), code="bad_link") from None
        except JsonFileError as exc:
            raise ImportRefusedError(_reason(exc, name), code="not_json") from None
    try:
        data = read_bytes(path)
    except JsonFileError as exc:
        raise ImportRefusedError(_reason(exc, name), code="unreadable") from None
    try:
        doc = decode(data, name)
    except JsonFileError as exc:
        raise ImportRefusedError(_reason(exc, name), code="not_json") from None
    docs = doc if isinstance(doc, list) else [doc]
    if not docs:
        raise ImportRefusedError("the file holds no match", code="bad_match")
    return docs


def _reason(error: JsonFileError, name: str) -> str:
    return str(error).removeprefix(f"{name}: ")


def run_import(
    paths: list[str],
    data_dir: str | None = None,
    stdout: TextIO = sys.stdout,
    stderr: TextIO = sys.stderr,
    recover: bool = False,
) -> int:
    """Import match files; each file all or nothing. 0 all imported, 2 any refused."""

    def body() -> int:
        refused = False
        # lazy: a match imported reads the history lines it is compared with
        with _repository(data_dir, stderr, recover, lazy=True) as repo:
            for path in paths:
                try:
                    docs = _read_documents(path)
                    results = TableService(repo).import_documents(docs).value
                except ImportRefusedError as exc:
                    print(f"{_source(path)}: {exc}", file=stderr)
                    refused = True
                    continue
                for r in results:
                    if r.created:
                        print(f"imported {r.id} from {_source(path)}", file=stdout)
                    else:
                        print(
                            f"already stored {r.id} from {_source(path)}", file=stdout
                        )
        return EXIT_REFUSED if refused else EXIT_OK

    return _run(body)


def _source(path: str) -> str:
    """A file's name (``stdin`` for ``-``) as a message shows it (escaped,
    cut: a name that is not UTF-8 still prints), or a link shortened to its
    address (a link is long)."""
    if path == "-":
        return "stdin"
    if not looks_like_link(path):
        return shown_path(path)
    address = path.split("#", 1)[0]
    return f"the link {shown_path(address)}#m=…" if address else "the link"


def _dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, indent=2) + "\n"


def run_export(
    match_id: str | None,
    all_matches: bool = False,
    output: str | None = None,
    data_dir: str | None = None,
    stdout: TextIO = sys.stdout,
    stderr: TextIO = sys.stderr,
    recover: bool = False,
) -> int:
    """Print one stored match (or ``--all``, a JSON array) as FORMAT.md JSON."""

    def body() -> int:
        if all_matches == (match_id is not None):
            print("error: give a match id or --all (not both)", file=stderr)
            return EXIT_REFUSED
        missing: list[DataFileError] = []
        with _repository(data_dir, stderr, recover, read_only=True) as repo:
            if match_id is not None:
                try:
                    chunks: Iterable[str] = [_dumps(repo.export_match(match_id))]
                except MatchNotFoundError as exc:
                    print(f"error: {exc}", file=stderr)
                    return EXIT_REFUSED
                except DataFileError as exc:
                    said = f"error: not exported: {exc}"
                    print(in_words(said, resolve_data_dir(data_dir)), file=stderr)
                    return EXIT_STORAGE
            else:
                # all_matches is True exactly when no id was given (checked
                # above); written as read, a shard at a time
                chunks = _json_array(repo.export_stream(missing))
            status = _write_out(chunks, output, stdout, stderr)
        for line in _not_exported_lines(missing):
            print(in_words(line, resolve_data_dir(data_dir)), file=stderr)
        if missing:
            n = len(missing)
            print(
                f"error: {n} match{'es' * (n != 1)} could not be read and "
                f"{'are' if n != 1 else 'is'} not in the export (named above); "
                "every other match is. `check` says what is wrong"
                # with --recover given, the note to use it is no help
                + ("" if recover else ", `--recover` moves a damaged file aside"),
                file=stderr,
            )
            return EXIT_STORAGE
        return status

    return _run(body)


def _json_array(docs: Iterable[Any]) -> Iterator[str]:
    """``json.dumps(list(docs), indent=2)`` and a newline, one document at a
    time (the same text, never the whole list in memory)."""
    first = True
    for doc in docs:
        text = json.dumps(doc, ensure_ascii=False, indent=2)
        yield ("[\n  " if first else ",\n  ") + text.replace("\n", "\n  ")
        first = False
    yield "[]\n" if first else "\n]\n"


def _write_out(
    chunks: Iterable[str], output: str | None, stdout: TextIO, stderr: TextIO
) -> int:
    """Write *chunks* to stdout or (atomically) to the file *output*."""
    if output is None:
        for chunk in chunks:
            stdout.write(chunk)
        return EXIT_OK
    try:
        write_output(output, (c.encode("utf-8") for c in chunks))
    except StorageWriteError as exc:
        print(output_failed(output, exc), file=stderr)
        return EXIT_STORAGE
    return EXIT_OK


def write_output(output: str, chunks: Iterable[bytes]) -> None:
    """Write *chunks* to the output file *output* (``export -o``, ``share
    --png``) as a user expects of a file name, as the shell's ``>`` does:

    * no file there, or a regular file: it is replaced atomically (a failed
      write leaves the old file whole);
    * a symbolic link: its target is written so, the link stays a link;
    * a FIFO, a terminal, a device (``/dev/null``), or a file the shell
      opened for us (``/dev/stdout``, ``/dev/fd/1``: appended, as ``>>``
      asks): written through, never replaced by a regular file (as root,
      renaming over ``/dev/full`` replaced the machine's device);
    * a folder: refused.

    :class:`StorageWriteError` (its ``reason`` a few words) when it cannot be
    written; ``params["through"]`` when bytes may have gone through already.
    """
    try:  # what is there, every link followed (/dev/stdout is one to a pipe)
        mode: int | None = os.stat(output).st_mode
    except FileNotFoundError:
        mode = None  # a new file (or a link to one not made yet)
    except OSError as exc:
        raise write_error(Path(output), exc) from exc
    opened = _an_open_file(output)
    if mode is None or (stat.S_ISREG(mode) and not opened):
        atomic_write_chunks(Path(os.path.realpath(output)), chunks)
        return
    if mode is not None and stat.S_ISDIR(mode):
        raise StorageWriteError(
            f"{output}: a folder", path=output, reason="it is a folder"
        )
    # appended: /dev/stdout sent to a file by the shell's >> must keep what
    # the file held (opened again, it would be written from its start)
    flags = os.O_WRONLY | getattr(os, "O_NOCTTY", 0) | (os.O_APPEND if opened else 0)
    try:
        fd = os.open(output, flags)
        with os.fdopen(fd, "wb") as f:
            for chunk in chunks:
                f.write(chunk)
    except OSError as exc:
        error = write_error(Path(output), exc)
        error.params["through"] = True
        raise error from exc


_FD_LINK = re.compile(r"/(proc/[^/]+|dev)/fd/")


def _an_open_file(output: str) -> bool:
    """Whether *output* leads through a process's open files (``/dev/stdout``
    is a link to ``/proc/self/fd/1``): the file the shell opened for us, to
    be written where it is, never replaced by another file."""
    path = os.path.abspath(output)
    for _ in range(40):  # the kernel's own limit of links followed
        if _FD_LINK.match(path):
            return True
        if not os.path.islink(path):
            return False
        path = os.path.normpath(os.path.join(os.path.dirname(path), os.readlink(path)))
    return False


def output_failed(output: str, error: StorageError) -> str:
    """The line of a command that reads the data and could not write its
    output file (``export -o``, ``share --png``): the storage's own sentence
    ("what was saved before is intact") speaks of a save, which a reading
    command never makes."""
    reason = error.params.get("reason") or str(error)
    if error.params.get("through"):  # a FIFO, a device: written through
        return f"error: could not write {shown_path(output)}: {reason}"
    return (
        f"error: could not write {shown_path(output)}: {reason}; nothing was "
        "written (a file there before is unchanged, the data folder too)"
    )


def _not_exported_lines(missing: list[DataFileError]) -> list[str]:
    """One line per reason, naming every match it kept out: a deleted shard
    of 250 matches made 250 lines of the same reason.

    >>> e = DataFileError("match 'a': f.json: missing", match_id="a")
    >>> _not_exported_lines([e, DataFileError("match 'b': f.json: missing",
    ...     match_id="b")])
    ['error: not exported: 2 matches (a, b): f.json: missing']
    >>> _not_exported_lines([e])
    ["error: not exported: match 'a': f.json: missing"]
    """
    groups: dict[str, list[str]] = {}
    for lost in missing:
        text, match_id = str(lost), lost.params.get("match_id")
        prefix = f"match {match_id!r}: "
        if isinstance(match_id, str) and text.startswith(prefix):
            groups.setdefault(text[len(prefix) :], []).append(match_id)
        else:  # a reason that names its match within: a line of its own
            groups.setdefault(text, [])
    lines = []
    for reason, ids in groups.items():
        if len(ids) > 1:
            lines.append(
                f"error: not exported: {len(ids)} matches ({', '.join(ids)}): {reason}"
            )
        else:
            said = f"match {ids[0]!r}: " if ids else ""
            lines.append(f"error: not exported: {said}{reason}")
    return lines


def summary_json(s: MatchSummary) -> dict[str, Any]:
    """A history line as JSON (``winner``: the side number 1 or 2, or null)."""
    return {
        "id": s.id,
        "date": s.created.date().isoformat(),
        "created": s.created.isoformat(),
        "updated": s.updated.isoformat(),
        "players": list(s.players),
        "sides": list(s.sides),
        "totals": list(s.totals),
        "status": s.status,
        "winner": None if s.winner is None else s.winner + 1,
        "winner_name": s.winner_name,
        "hands": s.hands,
        "damaged": s.damaged,
    }


def _table(items: list[MatchSummary]) -> str:
    if not items:
        return "no matches\n"
    rows = [("id", "date", "players", "totals", "status", "winner")]
    for s in items:
        rows.append(
            (
                s.id,
                s.created.date().isoformat(),
                f"{s.sides[0]} v {s.sides[1]}",
                f"{s.totals[0]}-{s.totals[1]}",
                f"{s.status} (damaged)" if s.damaged else s.status,
                s.winner_name or "-",
            )
        )
    widths = [max(map(len, column)) for column in zip(*rows, strict=True)]
    line = "  ".join(f"{{:<{w}}}" for w in widths)  # one format for every row
    return "".join(line.format(*r).rstrip() + "\n" for r in rows)


#: the matches ``history`` prints without ``--all`` (``--json`` prints every one)
HISTORY_PAGE = 20


def _more_line(shown: int, total: int) -> str:
    """What ``history`` says under a first page of *shown* of *total*."""
    rest = total - shown
    return (
        f"... and {rest} older match{'es' * (rest != 1)} "
        f"({total} in all): `history --all` lists every one\n"
    )


def run_history(
    as_json: bool = False,
    player: str | None = None,
    status: str | None = None,
    data_dir: str | None = None,
    stdout: TextIO = sys.stdout,
    stderr: TextIO = sys.stderr,
    recover: bool = False,
    *,
    all_matches: bool = False,
) -> int:
    """List the stored matches, newest first, optionally filtered: the
    newest :data:`HISTORY_PAGE` and a line saying how many more, or every
    one (*all_matches*, or *as_json*: a JSON array is always whole)."""

    def body() -> int:
        if status is not None and status not in STATUSES:
            print(
                f"error: --status: {status!r} is not one of {', '.join(STATUSES)}",
                file=stderr,
            )
            return EXIT_REFUSED
        whole = all_matches or as_json
        filtered = player is not None or status is not None
        # lazy: the history lines are all read; the first page makes only its
        # own lines summaries (no match file is read)
        with _repository(data_dir, stderr, recover, read_only=True, lazy=True) as repo:
            if whole or filtered:
                # one page of every match (pages of 500 walked the history
                # from its start each time: 21 walks of 10,000 matches)
                items = list(
                    repo.list_history(
                        limit=max(1, repo.count()), player=player, status=status
                    ).items
                )
                total = len(items)
            else:
                items = list(repo.list_history(limit=HISTORY_PAGE).items)
                total = repo.count()
        if as_json:
            stdout.write(_dumps([summary_json(s) for s in items]))
            return EXIT_OK
        shown = items if whole else items[:HISTORY_PAGE]
        stdout.write(_table(shown))
        if len(shown) < total:
            stdout.write(_more_line(len(shown), total))
        return EXIT_OK

    return _run(body)


#: how many times the data of a folder in use is read, at most, until two
#: readings in a row find the same problems
CHECK_READINGS = 5


def run_check(
    data_dir: str | None = None,
    stdout: TextIO = sys.stdout,
    stderr: TextIO = sys.stderr,
) -> int:
    """Check every data file of the folder; write nothing. 0 clean, 1 not.

    While the app runs on the folder (its lock is held) each file still reads
    whole (every write is atomic), but two files may be read on either side
    of one save: the folder is read again until two readings agree, so a
    save in flight is not reported as a disagreement.
    """
    folder = resolve_data_dir(data_dir)
    with folder_lock(folder) as in_use:
        report = check_folder(folder)
        if in_use:
            print(
                f"note: {shown_path(folder)} is in use by the running app; it was read "
                "while the app runs",
                file=stderr,
            )
            for _ in range(CHECK_READINGS - 1):
                again = check_folder(folder)
                if sorted(again.problems) == sorted(report.problems):
                    break
                time.sleep(0.2)
                report = again
    for note in report.notes:
        print(in_words(f"note: {note}", folder), file=stderr)
    for problem in sorted(report.problems):  # by file, then message
        print(in_words(str(problem), folder), file=stdout)
    if report.problems:
        files = len({p.path for p in report.problems})
        n = len(report.problems)
        print(
            f"check: {n} problem{'s' * (n != 1)} in {files} "
            f"file{'s' * (files != 1)} of {shown_path(folder)}",
            file=stderr,
        )
        return EXIT_STORAGE
    print(
        f"ok: {shown_path(folder)}: {report.files} "
        f"data file{'s' * (report.files != 1)}, "
        f"{report.live} match{'es' * (report.live != 1)} in live.json, "
        f"{report.archived} archived, {report.players} "
        f"player{'s' * (report.players != 1)}; every match re-scores to its "
        "stored totals",
        file=stdout,
    )
    return EXIT_OK


def add_storage_commands(subparsers: Any) -> None:
    """Add ``import``, ``export``, ``history``, ``check`` to an argparse
    sub-parser set.

    The main parser must define the global ``--data DIR`` option (``dest
    "data"``); each sub-command sets ``args.run(args, stdout, stderr) -> int``.
    """
    p = subparsers.add_parser("import", help="import match files (FORMAT.md)")
    p.add_argument(
        "files",
        nargs="+",
        metavar="FILE",
        help="match file, - for stdin, or a link made by share --link",
    )
    p.set_defaults(
        run=lambda a, out, err: run_import(a.files, _data(a), out, err, _recover(a))
    )

    p = subparsers.add_parser("export", help="print a stored match as a match file")
    p.add_argument("id", nargs="?", help="the match id (see history)")
    p.add_argument("--all", action="store_true", help="every match, as a JSON array")
    p.add_argument("-o", "--output", metavar="FILE", help="write to FILE")
    p.set_defaults(
        run=lambda a, out, err: run_export(
            a.id, a.all, a.output, _data(a), out, err, _recover(a)
        )
    )

    p = subparsers.add_parser(
        "history",
        help=f"list the stored matches, newest first (the newest {HISTORY_PAGE})",
    )
    p.add_argument(
        "--json", action="store_true", help="print every match as a JSON array"
    )
    p.add_argument(
        "--all",
        action="store_true",
        help=f"list every match, not only the newest {HISTORY_PAGE}",
    )
    p.add_argument("--player", metavar="NAME")
    p.add_argument("--status", choices=STATUSES)
    p.set_defaults(
        run=lambda a, out, err: run_history(
            a.json,
            a.player,
            a.status,
            _data(a),
            out,
            err,
            _recover(a),
            all_matches=a.all,
        )
    )

    p = subparsers.add_parser(
        "check",
        help="read every data file and report what is wrong (changes nothing)",
    )
    p.set_defaults(run=lambda a, out, err: run_check(_data(a), out, err))


def _data(args: argparse.Namespace) -> str | None:
    return getattr(args, "data", None)


def _recover(args: argparse.Namespace) -> bool:
    return bool(getattr(args, "recover", False))
