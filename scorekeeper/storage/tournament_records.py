"""A tournament record of ``tournaments.json``, checked: the one check of its
shape (opening, import and ``check``), and the small reads of a record that
the store and ``check`` share."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import replace
from typing import Any

from scorekeeper.core import engine
from scorekeeper.core.tournament import (
    Acceptance,
    Tournament,
    TournamentFileError,
    acceptance_problem,
    parse_acceptance,
    parse_tournament,
)

from .records import ID_PATTERN, parse_time


def bare(t: Tournament) -> Tournament:
    """*t* with every match taken out (the record keeps them by id)."""
    return replace(
        t,
        rounds=tuple(
            tuple(replace(tb, match=None, match_meta=None) for tb in r)
            for r in t.rounds
        ),
    )


def record_problem(record: object) -> str | None:
    """What is wrong with a tournament record, None if nothing (the one
    check: opening and ``check``)."""
    if not isinstance(record, dict):
        return "not an object"
    tid = record.get("id")
    if not isinstance(tid, str) or not ID_PATTERN.match(tid):
        return f"id: {tid!r} is not a tournament id"
    try:
        for key in ("created", "updated"):
            parse_time(record.get(key), key)
        t = parse_tournament(record.get("tournament"), stored=True)
    except TournamentFileError as exc:
        return f"tournament: {exc}"
    except ValueError as exc:
        return str(exc)
    if t != bare(t):
        return "tournament: a match is kept in the record, not by id"
    ids = record.get("match_ids")
    shape = [len(r) for r in t.rounds]
    if (
        not isinstance(ids, list)
        or [len(r) if isinstance(r, list) else -1 for r in ids] != shape
    ):
        return f"match_ids: expected {shape} ids round by round, found {ids!r}"
    seen: set[str] = set()
    for number, (tables, row) in enumerate(zip(t.rounds, ids, strict=True), start=1):
        for table, match_id in zip(tables, row, strict=True):
            where = f"match_ids: round {number}, table {table.number}"
            if table.bye:
                if match_id is not None:
                    return f"{where}: a bye has no match"
                continue
            if not isinstance(match_id, str) or not ID_PATTERN.match(match_id):
                return f"{where}: {match_id!r} is not a match id"
            if match_id in seen:
                return f"{where}: match {match_id!r} is at two tables"
            seen.add(match_id)
    confirmed = record.get("confirmed", open_rows(ids))
    if (
        not isinstance(confirmed, list)
        or [len(r) if isinstance(r, list) else -1 for r in confirmed] != shape
    ):
        return f"confirmed: expected {shape} entries round by round"
    for row_ids, row in zip(ids, confirmed, strict=True):
        for match_id, side in zip(row_ids, row, strict=True):
            if side is not None and (match_id is None or side not in (1, 2)):
                return f"confirmed: {side!r} is not a side (1 or 2) of a match"
    if "accepted" in record and (problem := accepted_problem(record, shape)):
        return f"accepted: {problem}"
    if "codes" in record and (problem := codes_problem(record["codes"])):
        return f"codes: {problem}"
    return None


def accepted_problem(record: Mapping[str, Any], shape: Sequence[int]) -> str | None:
    """What is wrong with a record's ``accepted`` (who accepted each table's
    result, issue 37), None if nothing. An older app's round started after
    it leaves the row out, and its unlock leaves the object in: both read
    as no acceptance (:func:`acceptances`), never as damage."""
    rows = record["accepted"]
    if not isinstance(rows, list) or len(rows) > len(shape):
        return f"expected at most {len(shape)} rows, one a round"
    for number, (row, size) in enumerate(zip(rows, shape, strict=False), start=1):
        if not isinstance(row, list) or len(row) != size:
            return f"round {number}: expected {size} entries, one a table"
        for k, value in enumerate(row, start=1):
            if value is not None and (problem := acceptance_problem(value)):
                return f"round {number}, entry {k}: {problem}"
    return None


def acceptances(
    record: Mapping[str, Any], confirmed: Sequence[Sequence[int | None]]
) -> tuple[tuple[Acceptance | None, ...], ...]:
    """Who accepted each table's result, round by round: the record's
    ``accepted`` where its side is the side that ``confirmed`` holds (the
    lock); a table confirmed by an older app, or whose ``accepted`` an older
    app left stale, gives only its side (no player named)."""
    rows = record.get("accepted", [])
    out: list[tuple[Acceptance | None, ...]] = []
    for number, sides in enumerate(confirmed):
        row = rows[number] if number < len(rows) else [None] * len(sides)
        line: list[Acceptance | None] = []
        for side, value in zip(sides, row, strict=True):
            if side is None:
                line.append(None)
            elif value is not None and value["side"] == side:
                line.append(parse_acceptance(value))
            else:
                line.append(Acceptance(side, None, None, known=False))
        out.append(tuple(line))
    return tuple(out)


def codes_problem(codes: object) -> str | None:
    """What is wrong with a record's club codes (``"board"`` or a table's
    number to a code of letters and digits), None if nothing."""
    if not isinstance(codes, dict):
        return f"expected an object, found {type(codes).__name__}"
    for place, code in codes.items():
        if not (place == "board" or (isinstance(place, str) and place.isdigit())):
            return f"{str(place)[:20]!r} is not 'board' or a table's number"
        if not (isinstance(code, str) and code.isalnum() and 4 <= len(code) <= 16):
            return f"{str(code)[:20]!r} is not a code"
    return None


def open_rows(ids: Sequence[Sequence[object]]) -> list[list[int | None]]:
    return [[None] * len(row) for row in ids]


def confirmed_unfinished(
    t: Tournament, confirmed: Sequence[Sequence[object]]
) -> str | None:
    """A result confirmed whose match is not finished (a lock on nothing)."""
    for number, (tables, row) in enumerate(zip(t.rounds, confirmed, strict=True), 1):
        for table, side in zip(tables, row, strict=True):
            if side is None:
                continue
            if table.match is None or (
                engine.evaluate(table.match).status is not engine.Status.WON
            ):
                return (
                    f"confirmed: round {number}, table {table.number}: the "
                    "match is not finished"
                )
    return None


def iter_match_ids(record: Mapping[str, Any]) -> Iterator[str]:
    """The match ids a tournament record names (for ``check``)."""
    for row in record.get("match_ids", []):
        yield from (m for m in row if m is not None)
