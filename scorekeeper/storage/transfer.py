"""Import and export: stored matches to FORMAT.md documents and back.

A stored match is exported as the FORMAT.md document of its match plus a
``meta`` object (id, dates, notes, abandoned, rematch_of, the tournament
mark, the edit log).
Importing checks every document whole, against itself and against what is
stored, before the repository writes anything (all or nothing). A document
without an id whose match (players, first dealer, rules and hands; names
compared as RULES §4 says) is already stored counts as that stored match
(:class:`IdenticalMatches`), so importing the same file twice stores it once.
"""

from __future__ import annotations

import heapq
from collections import OrderedDict
from collections.abc import Callable, Collection, Iterator, Mapping
from contextlib import AbstractContextManager
from datetime import datetime
from typing import Any

from scorekeeper.core import engine
from scorekeeper.core.matchfile import MatchFileError, dump_match, parse_match
from scorekeeper.core.model import MAX_NOTES_LENGTH, Match
from scorekeeper.core.names import name_fault, name_key
from scorekeeper.core.problems import HandError
from scorekeeper.core.tournament.document import MAX_TOURNAMENT_NAME

from .archive import Archive, shard_of
from .documents import Records
from .errors import DataFileError, ImportRefusedError
from .records import (
    ID_PATTERN,
    META_KEYS,
    Entry,
    SortKey,
    edit_problem,
    iso,
    live_summary,
    mark_problem,
    match_digest,
    parse_time,
    record_problem,
    same_digest,
    sort_key,
    undo_problem,
)
from .types import ImportResult, MatchSummary


# -- export ------------------------------------------------------------------
def _meta_of(e: Entry) -> dict[str, Any]:
    r = e.record
    meta: dict[str, Any] = {
        "id": r["id"],
        "created": r["created"],
        "updated": r["updated"],
    }
    if r.get("notes"):
        meta["notes"] = r["notes"]
    if r["abandoned"]:
        meta["abandoned"] = True
    if r.get("rematch_of"):
        meta["rematch_of"] = r["rematch_of"]
    if r.get("tournament"):
        meta["tournament"] = r["tournament"]
    if r["edits"]:
        meta["edits"] = r["edits"]
    return meta


def export_document(e: Entry) -> dict[str, Any]:
    """The stored match as a FORMAT.md document with ``meta``."""
    return dump_match(e.match, _meta_of(e))


def export_stream(
    live: Mapping[str, Entry],
    archive: Archive,
    missing: list[DataFileError],
    guard: Callable[[], AbstractContextManager[None]],
) -> Iterator[dict[str, Any]]:
    """Every match not deleted, oldest first, one document at a time; a
    match in *live* is taken from there, whatever the archive holds.

    Memory stays bounded by the index in memory and two archive shards (a
    shard is read when its first match is due; the order of creation and
    the order of archiving nearly agree, so each shard is read about once).
    A match that cannot be read (its shard missing or damaged, its record
    lost or damaged) is left out and its error appended to *missing*: the
    others are exported. *guard* (the repository's lock) is held to take the
    matches and to read each shard, not while the caller writes.
    """
    with guard():
        mine = sorted(
            ((sort_key(live_summary(e)), e) for e in live.values() if not e.deleted),
            key=lambda x: x[0],
        )
        archived = [
            (sort_key(s), i, seq)
            for i, seq in archive.oldest_first(skip=live)
            if (s := archive.get(i)) is not None
        ]
    shards: OrderedDict[int, Records | DataFileError] = OrderedDict()

    def table_of(shard: int) -> Records | DataFileError:
        if shard not in shards:
            with guard():
                try:
                    shards[shard] = archive.shard_table(shard)
                except DataFileError as exc:
                    shards[shard] = exc
            if len(shards) > 2:
                shards.popitem(last=False)
        shards.move_to_end(shard)
        return shards[shard]

    def archived_docs() -> Iterator[tuple[SortKey, dict[str, Any]]]:
        for key, match_id, seq in archived:
            table = table_of(shard_of(seq))
            try:
                if isinstance(table, DataFileError):
                    raise table
                record = archive.record_in(table, match_id, seq)
            except DataFileError as exc:
                missing.append(_not_exported(exc, match_id))
                continue
            yield key, export_document(Entry.of(0, record))

    merged = heapq.merge(
        ((k, export_document(e)) for k, e in mine),
        archived_docs(),
        key=lambda x: x[0],
    )
    for _, doc in merged:
        yield doc


def _not_exported(exc: DataFileError, match_id: str) -> DataFileError:
    """*exc* said of *match_id* (a shard's error names no match)."""
    message = str(exc)
    if match_id not in message:
        message = f"match {match_id!r}: {message}"
    params = {k: v for k, v in exc.params.items() if k != "path"}
    params["match_id"] = match_id
    return DataFileError(message, code=exc.code, path=exc.path, **params)


# -- import ------------------------------------------------------------------
NewId = Callable[[datetime, Collection[str]], str]
"""Makes a match id for a time, not stored and not in the given ids."""

Fingerprint = tuple[tuple[str, ...], tuple[int, ...], int, int]
"""What a match's history line says of it (players by :func:`name_key`,
totals, hands, target): equal for identical matches, cheap to compare."""


def _fingerprint(
    players: Collection[str], totals: Any, hands: int, target: int
) -> Fingerprint:
    return (tuple(name_key(p) for p in players), tuple(totals), hands, target)


class IdenticalMatches:
    """The stored matches (not deleted) an imported match without an id may
    be: :meth:`take` finds one identical to it (the same players, first
    dealer, rules and hands) that no earlier document of the import took.

    Each archived match's :func:`~.records.same_digest` is kept in the
    history index (``same``), in memory by digest: finding a twin is one
    look-up, no file read, whatever the size of the history. Only history
    lines written before the digest existed are searched the old way
    (:class:`_LookAlike`: their lines narrow it, their records are read).
    """

    def __init__(self, live: Mapping[str, Entry], archive: Archive) -> None:
        self._live = live
        self._archive = archive
        self._live_digests: dict[str, list[str]] | None = None
        self._by_digest: dict[str, list[str]] = {}
        self._taken: set[str] = set()
        self._old = _LookAlike(live, archive) if archive.undigested else None

    def _candidates(self, digest: str) -> list[str]:
        if self._live_digests is None:
            by: dict[str, list[str]] = {}
            for e in self._live.values():
                if not e.deleted:
                    by.setdefault(same_digest(e.state), []).append(e.record["id"])
            self._live_digests = by
        found = self._by_digest.get(digest)
        if found is None:  # once per digest: a file of 500 twins sorted once
            archive = self._archive
            archived = archive.newest_first_of(
                i
                for i in archive.same_as(digest)
                if i not in self._live and not archive.is_deleted(i)
            )
            found = [*self._live_digests.get(digest, []), *archived]
            self._by_digest[digest] = found
        return found

    def take(self, e: Entry) -> str | None:
        """The id of a stored match identical to *e*'s, not taken before
        (then it is taken); None if there is none."""
        for match_id in self._candidates(same_digest(e.state)):
            if match_id not in self._taken:
                self._taken.add(match_id)
                return match_id
        old = None if self._old is None else self._old.take(e, self._taken)
        if old is not None:
            self._taken.add(old)
        return old


class _LookAlike:
    """The identical-match search over the archived matches whose history
    line has no digest (written before it): their lines narrow the search,
    the records that look alike are read (each shard at most once per
    import) and compared whole."""

    def __init__(self, live: Mapping[str, Entry], archive: Archive) -> None:
        self._live = live
        self._archive = archive
        self._lines: dict[Fingerprint, list[str]] | None = None
        self._groups: dict[Fingerprint, dict[str, list[str]]] = {}
        self._shards: dict[int, dict[str, dict[str, Any]]] = {}

    def _alike(self, fingerprint: Fingerprint) -> list[str]:
        if self._lines is None:
            lines: dict[Fingerprint, list[str]] = {}
            old = self._archive.undigested
            for s in self._archive.newest_first(skip=self._live):
                if s.id in old:
                    lines.setdefault(_summary_fingerprint(s), []).append(s.id)
            self._lines = lines
        return self._lines.get(fingerprint, [])

    def _group(self, fingerprint: Fingerprint) -> dict[str, list[str]]:
        group = self._groups.get(fingerprint)
        if group is None:
            group = {}
            for match_id in self._alike(fingerprint):
                match = self._match(match_id)
                if match is not None:
                    group.setdefault(match_digest(match), []).append(match_id)
            self._groups[fingerprint] = group
        return group

    def _match(self, match_id: str) -> Match | None:
        seq = self._archive.seq(match_id)
        if seq is None:
            return None
        shard = shard_of(seq)
        if shard not in self._shards:
            try:
                records = self._archive.shard_records(shard)
            except DataFileError:  # damaged: reported at open and by check
                records = []
            self._shards[shard] = {
                r["id"]: r for r in records if isinstance(r, dict) and "id" in r
            }
        record = self._shards[shard].get(match_id)
        if record is None or record_problem(record) is not None:
            return None
        return parse_match(record["match"], stored=True).match

    def take(self, e: Entry, taken: Collection[str]) -> str | None:
        fingerprint = _entry_fingerprint(e)
        if not self._alike(fingerprint):
            return None
        same = self._group(fingerprint).get(same_digest(e.state), [])
        return next((i for i in same if i not in taken), None)


def _entry_fingerprint(e: Entry) -> Fingerprint:
    state = e.state
    return _fingerprint(
        state.setup.players, state.totals, len(state.hands), state.setup.rules.target
    )


def _summary_fingerprint(s: MatchSummary) -> Fingerprint:
    return _fingerprint(s.players, s.totals, s.hands, s.target)


def _explicit_ids(docs: list[object]) -> set[str]:
    """The ids the documents give themselves (a new id must not be one)."""
    ids: set[str] = set()
    for doc in docs:
        meta = doc.get("meta") if isinstance(doc, dict) else None
        if isinstance(meta, dict) and isinstance(meta.get("id"), str):
            ids.add(meta["id"])
    return ids


def check_import(
    docs: list[object],
    *,
    first_key: int,
    clock: Callable[[], datetime],
    new_id: NewId,
    stored: Callable[[str], Entry | None],
    is_deleted: Callable[[str], bool],
    location: str,
    identical: Callable[[Entry], str | None] = lambda e: None,
) -> tuple[list[Entry], list[ImportResult]]:
    """The entries to store (live.json keys from *first_key*) and the result
    of each document; :class:`ImportRefusedError` for the first one refused.

    *stored* gives the match already stored under an id (None if there is
    none): one with the same match, dates and notes counts as imported
    (``created=False``); anything else is refused. A document without an id
    gets a new one from *new_id* (never one stored, given in the file or
    given before in this import), unless *identical* finds its match already
    stored (see :class:`IdenticalMatches`): then it counts as imported, with
    the stored match's id.
    """
    entries: list[Entry] = []
    results: list[ImportResult] = []
    seen: set[str] = set()
    reserved = _explicit_ids(docs)  # and every id given so far

    def fresh_id(at: datetime) -> str:
        return new_id(at, reserved)

    key = first_key
    for n, doc in enumerate(docs, start=1):
        where = f"match {n}" if len(docs) > 1 else "match"
        e, given = _imported_entry(doc, where, key, clock, fresh_id)
        mid = e.record["id"]
        reserved.add(mid)
        if not given:
            twin = identical(e)
            if twin is not None:
                results.append(ImportResult(twin, False))
                continue
        if mid in seen:
            raise ImportRefusedError(
                f"{where}: id {mid!r} appears twice in the file",
                code="duplicate_id",
                where=where,
                match_id=mid,
            )
        seen.add(mid)
        if is_deleted(mid):
            raise ImportRefusedError(
                f"{where}: a deleted match with id {mid!r} is kept in "
                f"{location}; restore it instead of importing it",
                code="id_conflict",
                where=where,
                match_id=mid,
                deleted=True,
            )
        old = stored(mid)
        if old is not None:
            # a document without its own date got the import's clock: that
            # is no difference from the match stored (imported before)
            meta = doc.get("meta") if isinstance(doc, dict) else None
            dated = isinstance(meta, dict) and "created" in meta
            same = all(
                old.record.get(k) == e.record.get(k)
                for k in ("match", "notes", "abandoned", "rematch_of")
            ) and (not dated or old.record.get("created") == e.record.get("created"))
            if not same:
                raise ImportRefusedError(
                    f"{where}: a different match with id {mid!r} is already "
                    f"stored in {location}",
                    code="id_conflict",
                    where=where,
                    match_id=mid,
                )
            results.append(ImportResult(mid, False))
            continue
        entries.append(e)
        results.append(ImportResult(mid, True))
        key += 1
    return entries, results


def _imported_entry(
    doc: object,
    where: str,
    key: int,
    clock: Callable[[], datetime],
    new_id: Callable[[datetime], str],
) -> tuple[Entry, bool]:
    """The entry of *doc*, and whether the document gave its id."""
    try:
        parsed = parse_match(doc)
    except (MatchFileError, HandError) as exc:
        raise ImportRefusedError(
            f"{where}: {exc}", code="bad_match", where=where, problem=str(exc)
        ) from None
    match, meta = parsed.match, dict(parsed.meta or {})

    def bad(problem: str) -> ImportRefusedError:
        return ImportRefusedError(
            f"{where}: meta: {problem}",
            code="bad_meta",
            where=where,
            problem=problem,
        )

    unknown = sorted(set(meta) - set(META_KEYS))
    if unknown:  # a typo ("note") must not lose what it holds
        raise bad(
            f"{_cut(unknown[0])!r} is not a meta key (known: {', '.join(META_KEYS)})"
        )
    now = clock()
    try:
        created = parse_time(meta.get("created", iso(now)), "created")
        updated = parse_time(meta.get("updated", iso(created)), "updated")
    except ValueError as exc:
        raise bad(str(exc)) from None
    match_id = meta.get("id")
    given = match_id is not None
    if match_id is None:
        match_id = new_id(created)
    elif not isinstance(match_id, str) or not ID_PATTERN.fullmatch(match_id):
        shown = _cut(match_id) if isinstance(match_id, str) else match_id
        raise bad(
            f"id: {shown!r} is not a match id (letters, digits, '.', '_', '-', "
            "at most 64)"
        )
    notes = meta.get("notes", "")
    if not isinstance(notes, str):
        raise bad(f"notes: expected text, found {type(notes).__name__}")
    if len(notes) > MAX_NOTES_LENGTH:
        raise bad(
            f"notes: {len(notes)} characters, at most {MAX_NOTES_LENGTH} "
            "(what the app's notes field takes)"
        )
    abandoned = meta.get("abandoned", False)
    if not isinstance(abandoned, bool):
        raise bad(f"abandoned: expected true or false, found {abandoned!r}")
    rematch_of = meta.get("rematch_of")
    if rematch_of is not None and (
        not isinstance(rematch_of, str) or not ID_PATTERN.fullmatch(rematch_of)
    ):
        raise bad(f"rematch_of: {_cut(str(rematch_of))!r} is not a match id")
    tournament = meta.get("tournament")
    if tournament is not None and mark_problem(tournament) is not None:
        raise bad(f"tournament: {_cut(mark_problem(tournament) or '', 200)}")
    if tournament is not None:  # a name a person reads: the one name rule
        fault = name_fault(tournament["name"], MAX_TOURNAMENT_NAME)
        if fault is not None:
            why = f"has {fault.char}" if fault.char else "is too long"
            raise bad(f"tournament: name: '{fault.shown}' {why}, unlike any name")
    edits = meta.get("edits", [])
    _check_edits(edits, doc, bad)
    undo = undo_problem(edits, match, dump_match(match), abandoned)
    if undo is not None:
        raise bad(f"edits: {undo}")
    record = {
        "id": match_id,
        "created": iso(created),
        "updated": iso(updated),
        "abandoned": abandoned,
        "notes": notes,
        "seq": None,
        "match": dump_match(match),
        "edits": edits,
    }
    if rematch_of is not None:
        record["rematch_of"] = rematch_of
    if tournament is not None:
        record["tournament"] = tournament
    return Entry(key, record, match, engine.evaluate(match)), given


def _cut(text: str, limit: int = 40) -> str:
    """*text* cut for a message: a megabyte of bad input is never echoed whole."""
    return text if len(text) <= limit else text[:limit] + "…"


def _check_edits(
    edits: object, doc: Any, bad: Callable[[str], ImportRefusedError]
) -> None:
    if not isinstance(edits, list):
        raise bad("edits: expected a list")
    for n, d in enumerate(edits, start=1):
        problem = edit_problem(d, n, doc)
        if problem is not None:
            raise bad(f"edits: {problem}")
