"""The archive's shards: their files' names, and what ``--recover`` reads of
a matches shard not as the app wrote it (``archive.Archive`` rebuilds it)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from tinydb import Query

from .documents import Records, in_memory
from .errors import DataFileError
from .files import MATCHES_TABLE, DataFiles, salvage_table
from .records import record_problem, summary, summary_fault

SHARD_SIZE = 250

#: a history line read at open: its ``seq``, identical-match digest, status
#: (as stored) and whether it is deleted
Light = tuple[int, str | None, str | None, bool]


def matches_name(shard: int) -> str:
    return f"archive/matches-{shard:04d}.json"


def index_name(shard: int) -> str:
    return f"archive/index-{shard:04d}.json"


def shard_of_name(name: str) -> int:
    return int(name.rsplit("-", 1)[1].split(".")[0])


def shard_of(seq: int) -> int:
    return seq // SHARD_SIZE


def needs_rebuilding(files: DataFiles, shard: int) -> bool:
    """Whether --recover writes a matches shard again: its checksum is
    wrong, or it has none (an older version's) and a record in it cannot
    be read."""
    name = matches_name(shard)
    state = files.sums_right(name)
    if state is not None:
        return not state
    try:
        raw = files.read_checked_as_found(name, "archive")
    except DataFileError:
        return True
    table = (raw or {}).get(MATCHES_TABLE, {})
    return len(readable_records(files, shard)) != len(table)


def readable_records(files: DataFiles, shard: int) -> dict[str, dict[str, Any]]:
    """The records of a matches shard that can be read, by key: the
    whole file read as it is, or, if it does not parse (cut short, a
    byte changed), each record that still parses on its own."""
    name = matches_name(shard)
    try:
        raw = files.read_checked_as_found(name, "archive")
        table: Mapping[str, Any] = (raw or {}).get(MATCHES_TABLE, {})
    except DataFileError:
        table = salvage_table(files.raw_bytes(name), MATCHES_TABLE)
    return {
        str(key): record
        for key, record in table.items()
        if isinstance(record, dict) and record_problem(record) is None
    }


def line_fault(doc: Any) -> str:
    """Why an index's history line cannot be read, in words."""
    if not isinstance(doc, Mapping):
        return summary_fault(doc)
    try:
        summary(doc)
    except (KeyError, TypeError, ValueError, IndexError, AttributeError):
        return summary_fault(doc)
    if "seq" not in doc:
        return "it has no 'seq'"
    same = doc.get("same")
    if same is not None and not isinstance(same, str):
        return f"'same' is {str(same)[:40]!r} (not a digest)"
    return f"'seq' is {str(doc['seq'])[:40]!r} (not a number)"


def kept_words(lost: list[str]) -> str:
    """What a rebuilt matches shard's warning says of the matches it lost."""
    if not lost:
        return "every match it listed was kept"
    shown = ", ".join(lost[:5]) + ", …" * (len(lost) > 5)
    return (
        f"{len(lost)} match{'es' * (len(lost) != 1)} could not be read "
        f"({shown}) and are only there"
    )


def read_table(files: DataFiles, shard: int) -> Records:
    """The table of the records of one matches shard (their ids: ``seq +
    1``), read once; :class:`DataFileError` if the file is damaged or
    missing."""
    name = matches_name(shard)
    # a shard changed outside the app is read as it is: each record is
    # checked (record_in), so one edited record leaves out only itself
    raw = files.read_checked(name, "archive", verify=False)
    if raw is None:
        path = files.path_of(name)
        raise DataFileError(
            f"{path}: missing, while {files.path_of(index_name(shard))} "
            "lists its matches",
            code="missing",
            path=path,
        )
    return in_memory(raw).records(MATCHES_TABLE)


def record_in(
    files: DataFiles, table: Records, match_id: str, seq: int
) -> dict[str, Any]:
    """The record of *match_id* in its shard's *table*, checked;
    :class:`DataFileError` (``missing``, ``damaged_record``) naming the
    file if it is not there or cannot be read."""
    path = files.path_of(matches_name(shard_of(seq)))
    record = table.get(doc_id=seq + 1)
    if not isinstance(record, dict) or record.get("id") != match_id:
        raise DataFileError(
            f"{path}: match {match_id!r} is listed in the history but missing "
            "from its archive file",
            code="missing",
            path=path,
            match_id=match_id,
        )
    problem = record_problem(record)
    if problem is not None:
        raise DataFileError(
            f"{path}: match {match_id!r} is damaged ({problem})",
            code="damaged_record",
            path=path,
            match_id=match_id,
            problem=problem,
        )
    return record


def lost_words(lost: list[str]) -> str:
    """What ``--recover`` says of the matches of a matches file gone.

    >>> lost_words(["a", "b"])
    'the 2 matches it held are lost (a, b)'
    """
    n = len(lost)
    return f"the {n} match{'es' * (n != 1)} it held are lost ({', '.join(lost)})"


def unreadable(
    files: DataFiles, shard: int, listed: list[tuple[str, int]]
) -> dict[str, str]:
    """Of the matches *listed* (id, ``seq``) in matches shard *shard*, those
    whose record cannot be read, each with why (in ``seq`` order)."""
    try:
        table: Records | DataFileError = read_table(files, shard)
    except DataFileError as exc:
        table = exc
    bad = {}
    for i, seq in listed:
        try:
            if isinstance(table, DataFileError):
                raise table
            record_in(files, table, i, seq)
        except DataFileError as exc:
            bad[i] = str(exc)
    return bad


def changed_words(bad: list[str], gone: bool) -> str:
    """What is said at start of a matches shard changed outside the app, or
    gone, of which *bad* matches cannot be read.

    >>> changed_words(["a"], gone=True)
    'missing: deleted outside the app; 1 match cannot be read (a): shown as \
damaged, left out of exports'
    """
    what = "missing: deleted" if gone else "damaged or changed"
    n = len(bad)
    which = (
        f"{n} match{'es' * (n != 1)} cannot be read "
        f"({', '.join(bad[:5])}{', …' * (n > 5)}): shown as damaged, "
        "left out of exports"
        if bad
        else "every match it lists still reads"
    )
    return f"{what} outside the app; {which}"


def read_lines(docs: Mapping[Any, Any], path: str) -> dict[str, tuple[str, Any, Light]]:
    """The lines of the index file at *path* by id, each with what finding a
    match needs read at once (:data:`Light`); a line without them raises
    :class:`DataFileError` naming it (the rest of a line is read when it
    is made a summary)."""
    out = {}
    for key, doc in docs.items():
        try:
            match_id = doc["id"]
            digest = doc.get("same")
            if not isinstance(match_id, str) or not (
                digest is None or isinstance(digest, str)
            ):
                raise TypeError(match_id, digest)
            status = doc.get("status")
            if not isinstance(status, str):
                status = None  # not a status: no filter finds it
            light = (int(doc["seq"]), digest, status)
            out[match_id] = (str(key), doc, (*light, bool(doc.get("deleted_at"))))
        except (KeyError, TypeError, ValueError, IndexError, AttributeError):
            raise DataFileError(
                f"{path}: history line {key} is damaged: {line_fault(doc)}",
                code="not_database",
                path=path,
            ) from None
    return out


def tombstones(docs: Records, group: Iterable[tuple[str, int]]) -> list[int]:
    """The ids of the documents of *docs* (a shard's table) still holding
    the deleted match of each (id, ``seq``) of *group*: those a purge
    removes."""
    deleted = Query().deleted_at.test(bool) | Query().deleted.test(bool)
    return [
        seq + 1
        for i, seq in group
        if (doc := docs.get(doc_id=seq + 1)) is not None
        and doc.get("id") == i
        and deleted(doc)
    ]
