"""An index file's lines table: what opening the archive needs of each line.

Each ``archive/index-NNNN.json`` holds its history lines (the ``summaries``
table) and, before them, the ``lines`` table: for each line its key, id,
``seq``, creation time, status, whether it is deleted and its identical-match
digest, in one compact row. Opening the archive reads that table and stops
(:func:`read_rows`): the summaries are decoded only for the lines a caller
asks for. Decoding every summary was 30 of the 48 ms an open of a 10,000-match
archive took (``benchmarks/bench_trust.py``, issue 24 item 10).

The table is derived data, written with the summaries by every write of an
index file (:meth:`~.files.DataFiles.change`, :meth:`~.files.DataFiles.new_file`).
It records the CRC-32 of the summaries as written (``of``): a file whose
summaries a version of the app without the table wrote again (it keeps
tables it does not know as they were) is seen, and read the full way, as is
any file not exactly as this module wrote it.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from .atomic import compact_json
from .checksum import CHECKSUM_KEY, checksum_state, crc_hex

LINES_TABLE = "lines"
INDEX_TABLE = "summaries"  # as files.INDEX_TABLE (files imports this module)

#: a line's row: its key in the summaries table, its id, ``seq``, creation
#: time (ISO text), status, whether deleted, identical-match digest
Row = tuple[str, str, int, str, str | None, bool, str | None]

#: a line as the archive's index takes it (``Archive._add_lines``): its key,
#: its creation time (the summary not decoded) and ``shards.Light``
IndexLine = tuple[str, str, tuple[int, str | None, str | None, bool]]

_MARKER = f',"{INDEX_TABLE}":'.encode()


def with_lines(tables: Mapping[str, Any]) -> dict[str, Any]:
    """An index file's *tables* with its lines table made from its summaries,
    the summaries last (so :func:`read_rows` can stop before them).

    >>> t = with_lines({"_schema": {}, "summaries": {"1": {"id": "m1", "seq": 0,
    ...     "created": "2026-01-01T10:00:00+00:00", "status": "won"}}})
    >>> list(t)
    ['_schema', 'lines', 'summaries']
    >>> t["lines"]["1"]["rows"]
    [['1', 'm1', 0, '2026-01-01T10:00:00+00:00', 'won', False, None]]
    """
    docs = tables.get(INDEX_TABLE, {})
    rows = [
        [
            key,
            doc.get("id"),
            doc.get("seq"),
            doc.get("created"),
            doc.get("status"),
            bool(doc.get("deleted_at")),
            doc.get("same"),
        ]
        for key, doc in docs.items()
    ]
    out = {k: v for k, v in tables.items() if k not in (LINES_TABLE, INDEX_TABLE)}
    out[LINES_TABLE] = {"1": {"of": crc_hex(compact_json(docs)), "rows": rows}}
    out[INDEX_TABLE] = docs
    return out


def read_rows(raw: bytes) -> tuple[dict[str, Any], list[Row]] | None:
    """The tables before the summaries (the schema among them) and the rows
    of the lines table of an index file's bytes, its summaries not decoded;
    None if the file is not exactly as :func:`with_lines` and the app's
    writer made it (no checksum or a wrong one, no lines table, one not
    made from these summaries, a row not a row): read it the full way.

    >>> import json
    >>> from scorekeeper.storage.checksum import stamped
    >>> t = with_lines({"_schema": {"1": {}}, "summaries": {"1": {"id": "m1",
    ...     "seq": 0, "created": "2026-01-01T10:00:00+00:00"}}})
    >>> raw = stamped(json.dumps(t, separators=(",", ":")).encode())
    >>> read_rows(raw)[1]
    [['1', 'm1', 0, '2026-01-01T10:00:00+00:00', None, False, None]]
    >>> read_rows(raw.replace(b'"seq":0', b'"seq":1')) is None  # edited
    True
    """
    if checksum_state(raw) is not True:
        return None
    # where the summaries start: a quote inside a JSON string is escaped, so
    # these bytes are the member's own, and the part before them, closed,
    # is the object without its summaries (one C-speed decode)
    at = raw.find(_MARKER)
    if at < 0 or not raw.endswith(b"}"):
        return None
    try:
        tables = json.loads(raw[:at] + b"}")
    except ValueError:  # not as written: the full read says what is wrong
        return None
    if not isinstance(tables, dict):
        return None
    tables.pop(CHECKSUM_KEY, None)
    lines = tables.pop(LINES_TABLE, None)
    doc = lines.get("1") if isinstance(lines, dict) else None
    if not (
        isinstance(doc, dict)
        and isinstance(doc.get("rows"), list)
        and doc.get("of") == crc_hex(raw[at + len(_MARKER) : -1])
    ):
        return None
    rows = doc["rows"]
    try:  # each a Row (10,000 rows: the types checked in one plain loop)
        for key, match_id, seq, created, status, deleted, same in rows:
            if not (
                type(key) is str
                and type(match_id) is str
                and type(seq) is int
                and type(created) is str
                and (status is None or type(status) is str)
                and type(deleted) is bool
                and (same is None or type(same) is str)
            ):
                return None
    except (TypeError, ValueError):  # not a list of seven
        return None
    return tables, rows


def as_lines(
    rows: list[Row],
) -> dict[str, tuple[str, str, tuple[int, str | None, str | None, bool]]]:
    """*rows* as the archive's index takes an index file's lines: by id, the
    line's key, its creation time (its summary not decoded) and what finding
    a match needs (``shards.Light``: ``seq``, digest, status, deleted).

    >>> as_lines([["1", "m1", 0, "2026-01-01T10:00:00+00:00", "won", False, None]])
    {'m1': ('1', '2026-01-01T10:00:00+00:00', (0, None, 'won', False))}
    """
    return {
        match_id: (key, created, (seq, same, status, deleted))
        for key, match_id, seq, created, status, deleted, same in rows
    }
