"""The archive: the matches not being played in shards of 250, and their
history index.

Closed matches (won, abandoned, deleted) and unfinished ones resting there
(``storage/matches.py`` says which and when: an unfinished match comes back
to ``live.json`` at its next change).

``archive/matches-NNNN.json`` holds the records whose ``seq`` falls in shard
NNNN, ``archive/index-NNNN.json`` their summaries. :class:`Archive` owns both
and the in-memory index built from the summaries (by id, by ``seq``, and in
history order); :meth:`Archive._add_lines` and :meth:`Archive._forget` are the
only places that index changes, so its structures cannot drift apart.

At open every index shard is read, but each history line only for what
finding a match needs (its id, ``seq``, identical-match digest, status,
whether deleted); the line is made a :class:`MatchSummary` when first
asked for (one line by :meth:`Archive.get`, all of them for the history's
order). Opened ``lazy``, that is all an open reads, so a command that needs
one match (``import``) does not pay for the 10,000 others; otherwise every
line is made a summary at open and the matches shards changed outside the
app are looked for (what the app does at start). A line found damaged when
it is made a summary is handled as at open: refused, or (``--recover``) its
index file moved aside and rebuilt from its matches.
"""

from __future__ import annotations

import re
from collections.abc import (
    Callable,
    Collection,
    Iterable,
    Iterator,
    Mapping,
    Sequence,
)
from dataclasses import replace
from datetime import datetime
from typing import Any

from . import shards
from .documents import Records, document_id, in_memory
from .errors import DataFileError
from .files import INDEX_TABLE, MATCHES_TABLE, DataFiles
from .lines import as_lines
from .records import (
    Entry,
    SortKey,
    sort_key,
    summary,
    summary_doc,
)
from .shards import SHARD_SIZE as SHARD_SIZE
from .shards import Light, index_name, matches_name, shard_of_name
from .shards import shard_of as shard_of
from .types import MatchSummary

#: a history line not made a summary yet: its index file's name, its key there
#: and the line as stored, or, not decoded yet (opened from the file's lines
#: table, ``storage/lines.py``), its creation time (ISO text)
Raw = tuple[str, str, Mapping[str, Any] | str]
#: a creation time as the app writes it (seconds, maybe microseconds, offset)
_ISO = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d{6})?[+-]\d\d:\d\d")


class Archive:
    """The archive shards of one repository and their summary index."""

    def __init__(self, files: DataFiles, *, lazy: bool = False) -> None:
        self._files = files
        self._lazy = lazy
        self._seqs: dict[str, int] = {}
        self._deleted: set[str] = set()
        self._status: dict[str, str | None] = {}
        self._held: set[str | None] | None = None  # the statuses not deleted
        self._file_of: dict[str, str] = {}  # id -> its index file's name
        self._raw: dict[str, Raw] = {}  # lines not made summaries yet
        self._summaries: dict[str, MatchSummary] = {}  # lines made summaries
        self._order: list[tuple[SortKey, str]] | None = None  # oldest first
        # the identical-match index: a match's same_digest -> its ids; the
        # lines written before it have none (``undigested``)
        self._same: dict[str, set[str]] = {}
        self._digest: dict[str, str] = {}
        self.undigested: set[str] = set()
        #: matches whose record cannot be read (id -> the problem): found at
        #: start in a shard changed outside the app, or when read; their
        #: summaries say ``damaged``
        self.damage: dict[str, str] = {}
        self._live_ids: Collection[str] = ()

    # -- the index: the only two places it changes ----------------------
    def _add_lines(
        self, name: str, lines: Mapping[str, tuple[str, Mapping[str, Any] | str, Light]]
    ) -> None:
        """The history lines of index file *name* (by id: key, line, what
        was read of it at once) put in the index, each replacing the id's."""
        before: dict[str, MatchSummary | None] = {}
        seqs, statuses, file_of, raw = (
            self._seqs,
            self._status,
            self._file_of,
            self._raw,
        )
        same, digests = self._same, self._digest
        self._held = None
        for i, (key, doc, (seq, digest, status, deleted)) in lines.items():
            if i in seqs:  # a line replaced: what was known of it goes
                before[i] = self._summaries.pop(i, None)
                self.damage.pop(i, None)
                self._deleted.discard(i)
                self._set_digest(i, digest)
            else:  # a new one (every line at open): nothing to take back
                before[i] = None
                if digest is None:
                    self.undigested.add(i)
                else:
                    digests[i] = digest
                    same.setdefault(digest, set()).add(i)
            seqs[i] = seq
            statuses[i] = status
            if deleted:
                self._deleted.add(i)
            file_of[i] = name
            raw[i] = (name, key, doc)
        if self._order is None:
            return
        # the history's order is kept: these lines are made summaries now
        added = False
        for i, old in before.items():
            s = self.get(i)
            if s is None:  # its file was found damaged and rebuilt
                self._order = None
                return
            if old is None:
                self._order.append((sort_key(s), i))
                added = True
            elif sort_key(old) != sort_key(s):
                self._order = None
                return
        if added:  # nearly sorted already: the new ones are mostly the newest
            self._order.sort()

    def _set_digest(self, match_id: str, digest: str | None) -> None:
        old = self._digest.pop(match_id, None)
        if old is not None:
            self._same[old].discard(match_id)
        self.undigested.discard(match_id)
        if digest is None:
            self.undigested.add(match_id)
        else:
            self._digest[match_id] = digest
            self._same.setdefault(digest, set()).add(match_id)

    def _forget(self, ids: Collection[str]) -> None:
        self._held = None
        for i in ids:
            del self._seqs[i], self._status[i], self._file_of[i]
            self._summaries.pop(i, None)
            self._raw.pop(i, None)
            self._deleted.discard(i)
            self._set_digest(i, None)
            self.undigested.discard(i)
        if ids and self._order is not None:
            self._order = [x for x in self._order if x[1] in self._seqs]

    # -- summaries, made when asked for -----------------------------------
    def _summary(self, match_id: str) -> MatchSummary | None:
        """The summary of *match_id*'s line, made now if it was not; a line
        that cannot be read is handled as a damaged file (refused, or with
        --recover its index file moved aside and rebuilt: then the match's
        summary is the rebuilt one's, or None)."""
        s = self._summaries.get(match_id)
        if s is not None:
            return s
        raw = self._raw.get(match_id)
        if raw is None:
            return None
        name, key, doc = raw
        path = self._files.path_of(name)
        try:
            if isinstance(doc, str):  # not decoded yet: its file's lines now
                doc = self._decoded(name, key)
            s = summary(doc)
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as e:
            exc = (
                e
                if isinstance(e, DataFileError)
                else DataFileError(
                    f"{path}: history line {key} is damaged: {shards.line_fault(doc)}",
                    code="not_database",
                    path=path,
                )
            )
            self._files.damaged(exc, name)  # raises, unless --recover moved it
            self._forget([i for i, n in self._file_of.items() if n == name])
            self._rebuild_index(shard_of_name(name))
            # rebuilt: its line is back (made a summary already, if the
            # history's order is kept), or gone with its record
            return self._summary(match_id) if match_id in self._seqs else None
        del self._raw[match_id]
        if match_id in self.damage:
            s = replace(s, damaged=True)
        self._summaries[match_id] = s
        return s

    def _decoded(self, name: str, key: str) -> Mapping[str, Any]:
        """The line *key* of index file *name*, opened from its lines table:
        the file's summaries decoded now, each line of it not yet decoded
        given its line (so a page decodes each file once)."""
        raw = self._files.read_checked(name, "index") or {}
        lines = in_memory(raw).records(INDEX_TABLE)
        for line in lines.load(lambda doc: None):
            doc = line.doc
            entry = self._raw.get(str(doc.get("id"))) if isinstance(doc, dict) else None
            if entry is not None and entry[:2] == (name, line.key):
                self._raw[doc["id"]] = (name, line.key, doc)
        found = lines.get(doc_id=document_id(key))  # not a whole number: ValueError
        if not isinstance(found, dict):
            raise KeyError(key)  # not there, not a line: a damaged line
        return dict(found)

    def _found_damaged(self, match_id: str, problem: str) -> None:
        """*match_id*'s record cannot be read: its summary says so from now
        on (the history shows the match as damaged, not as a match to open)."""
        self.damage[match_id] = problem
        s = self._summaries.get(match_id)
        if s is not None:
            self._summaries[match_id] = replace(s, damaged=True)

    def _all_summaries(self) -> dict[str, MatchSummary]:
        """Every line made a summary (those not made yet are made now)."""
        while self._raw:  # a line rebuilt (--recover) comes back as raw
            # a list first: next(iter()) of a dict emptied from its front
            # walks every slot freed before (10,000 lines: 50 M steps)
            for i in list(self._raw):
                if i in self._raw:
                    self._summary(i)
        return self._summaries

    def _history_order(self) -> list[tuple[SortKey, str]]:
        """The ids in history order, oldest first (built when first needed),
        from each line's creation time: no line is made a summary for it (a
        first page of 10,000 lines makes the page's), but one whose time
        cannot be read is (damaged: refused, or its file rebuilt)."""
        while self._order is None:
            summaries, raw, when = self._summaries, self._raw, datetime.fromisoformat
            order = []
            try:
                for i in list(self._seqs):
                    # sort_key_of, inlined (10,000 calls cost 5 ms more)
                    s = summaries.get(i)
                    if s is not None:
                        order.append((sort_key(s), i))
                        continue
                    try:
                        doc: Any = raw[i][2]
                        created = doc if isinstance(doc, str) else doc["created"]
                        key = (when(created).timestamp(), i)
                    except (KeyError, TypeError, ValueError):
                        key = self.sort_key_of(i)  # a damaged line: handled there
                    order.append((key, i))
            except KeyError as exc:  # a line's file rebuilt (--recover): again
                gone = exc.args[0] if exc.args else None
                if gone in self._seqs and gone not in self._raw:
                    raise  # not a rebuild: never loop on it
                continue
            order.sort()
            self._order = order
        return self._order

    # -- opening ---------------------------------------------------------
    def file_names(self) -> tuple[list[str], list[str]]:
        """The index shards and the matches shards present."""
        return (
            self._files.names("archive/index-*.json"),
            self._files.names("archive/matches-*.json"),
        )

    def load(
        self,
        index_files: list[str],
        match_files: list[str],
        live: Collection[str] = (),
    ) -> None:
        """Read the index shards; one missing or moved aside is rebuilt from
        its matches shard (the index is derived data). Not ``lazy``: every
        line is made a summary and the matches shards changed outside the app
        are named (:meth:`_report_changed`)."""
        # the ids live.json holds: there the live record is the match (one
        # whose move a kill cut short is not damaged: the open finishes it)
        self._live_ids = live
        indexed = set()
        for name in index_files:
            rows = self._files.read_lines(name)
            if rows is not None:  # its summaries left undecoded (storage/lines.py)
                self._add_lines(name, as_lines(rows))
                indexed.add(shard_of_name(name))
                continue
            try:
                raw = self._files.read_checked(name, "index")
            except DataFileError as exc:
                if exc.code == "changed":  # derived data: made again below
                    self._files.warn(
                        "changed",
                        f"{exc}; it is rebuilt from its matches file (the file "
                        f"as found is kept as "
                        f"{self._files.backend.copy_aside(name, 'changed')})",
                        {"path": exc.path},
                    )
                    continue
                self._files.damaged(exc, name)
                raw = None
            if raw is None:
                continue
            try:
                lines = shards.read_lines(
                    raw.get(INDEX_TABLE, {}), self._files.path_of(name)
                )
            except DataFileError as exc:
                self._files.damaged(exc, name)
                continue
            self._add_lines(name, lines)
            indexed.add(shard_of_name(name))
        recovering = self._files.on_damage == "move_aside"
        for name in match_files:
            shard = shard_of_name(name)
            if (
                recovering
                and not self._lazy
                and shards.needs_rebuilding(self._files, shard)
            ):
                # --recover: a shard not as the app wrote it (changed, cut
                # short, not JSON, an older version's with a damaged record)
                # is written again with every match it still holds, the file
                # as found kept
                self._rebuild_shard(shard)
            elif shard not in indexed:
                self._rebuild_index(shard)
            elif not self._lazy and self._files.changed(name):
                self._report_changed(shard)
        # a matches file gone is told even lazy (its name is all it costs):
        # the history and an import said nothing while it listed lost matches
        for shard in sorted(indexed - {shard_of_name(n) for n in match_files}):
            # one of its matches in live.json: a move a kill cut short
            if recovering and not any(i in live for i in self._listed_in(shard)):
                self._drop_lost_shard(shard)
            else:
                self._report_changed(shard, gone=True)
        if self._lazy:
            return
        self._all_summaries()  # a damaged line refused (or rebuilt) at open

    def _report_changed(self, shard: int, gone: bool = False) -> None:
        """A matches shard changed outside the app (or gone), said at start:
        which of its matches can no longer be read (each read checks its
        record); those are shown as damaged from now on."""
        live = self._live_ids
        listed = [
            (i, self._seqs[i])
            for i in self._listed_in(shard)
            if not (i in self._deleted or i in live)
        ]
        bad = shards.unreadable(self._files, shard, listed)
        for i, problem in bad.items():
            self._found_damaged(i, problem)
        if gone and not bad:  # every match it was to hold is in live.json
            return
        path = self._files.path_of(matches_name(shard))
        self._files.warn(
            "missing_shard" if gone else "changed",
            f"{path}: {shards.changed_words(list(bad), gone)} (`check` says more)",
            {"path": path, "matches": list(bad)},
        )

    def _rebuild_index(self, shard: int, say: bool = True) -> None:
        raw = self._files.load(matches_name(shard), "archive")
        if raw is None:
            return
        docs = {}
        for key, record in raw.get(MATCHES_TABLE, {}).items():
            docs[key] = summary_doc(record, Entry.of(0, record).state)
        name = index_name(shard)
        self._files.new_file(name, "index", {INDEX_TABLE: docs})
        self._add_lines(name, shards.read_lines(docs, self._files.path_of(name)))
        path = self._files.path_of(name)
        if say:
            self._files.warn(
                "rebuilt_index",
                f"{path}: rebuilt from {self._files.path_of(matches_name(shard))}",
                {"path": path},
            )

    def _rebuild_shard(self, shard: int) -> None:
        """--recover on a matches shard not as the app wrote it: the file
        moved aside as found (nothing of it lost), a new one written with
        every record that can be read, its index made again from it."""
        name = matches_name(shard)
        path = self._files.path_of(name)
        records = shards.readable_records(self._files, shard)
        listed = {i for i, seq in self._seqs.items() if shard_of(seq) == shard}
        kept = {r["id"] for r in records.values()}
        lost = sorted(listed - kept - self._deleted - set(self._live_ids))
        moved = self._files.backend.move_aside(name, self._files.clock())
        self._files.new_file(name, "archive", {MATCHES_TABLE: records})
        self._forget(listed)
        for i in listed:
            self.damage.pop(i, None)
        self._rebuild_index(shard, say=False)
        which = shards.kept_words(lost)
        self._files.warn(
            "rebuilt_shard",
            f"{path}: damaged or changed outside the app; written again with "
            f"the {len(records)} matches it still holds; the file as found is "
            f"kept as {moved} ({which})",
            {"path": path, "moved_to": moved, "kept": len(records), "lost": lost},
        )

    def _listed_in(self, shard: int) -> list[str]:
        """The ids the index lists in *shard*, in ``seq`` order."""
        ids = [i for i, seq in self._seqs.items() if shard_of(seq) == shard]
        return sorted(ids, key=self._seqs.__getitem__)

    def _drop_lost_shard(self, shard: int) -> None:
        """--recover on an index whose matches file is gone: its matches are
        lost; the index file is moved aside as found (their only trace), its
        lines leave the history, and the lost matches are named."""
        lost = self._listed_in(shard)
        moved = self._files.backend.move_aside(index_name(shard), self._files.clock())
        self._forget(lost)
        for i in lost:
            self.damage.pop(i, None)
        path = self._files.path_of(matches_name(shard))
        self._files.warn(
            "lost_shard",
            f"{path}: missing: deleted outside the app; {shards.lost_words(lost)}; "
            f"their history lines are kept as {moved}",
            {"path": path, "moved_to": moved, "lost": lost},
        )

    # -- writing ---------------------------------------------------------
    def store(self, entries: Iterable[Entry]) -> None:
        """Write records (their ``seq`` set) to their shards, index first;
        raises on a failed write, the shards written before it kept."""
        by_shard: dict[int, list[Entry]] = {}
        for e in entries:
            by_shard.setdefault(shard_of(e.record["seq"]), []).append(e)
        for shard, group in sorted(by_shard.items()):
            # index first: a crash between the two writes leaves the record
            # pending in live.json, which overrides both until redone
            docs = {e.record["seq"] + 1: summary_doc(e.record, e.state) for e in group}
            name = index_name(shard)
            with self._files.change(name, "index") as db:
                db.records(INDEX_TABLE).put(docs)
            with self._files.change(matches_name(shard), "archive") as db:
                db.records(MATCHES_TABLE).put(
                    {e.record["seq"] + 1: e.record for e in group}
                )
            self._add_lines(name, shards.read_lines(docs, self._files.path_of(name)))

    def purge(
        self,
        items: Sequence[tuple[str, int | None]],
        is_deleted: Callable[[str], bool],
    ) -> None:
        """Remove tombstones for good: from the index at once (those still
        *is_deleted*), then from each shard, index first. A shard entry is
        dropped only if it still holds that id, deleted. Raises on a failed
        write (the caller keeps the list to finish it later)."""
        self._forget(
            [i for i, _ in dict(items).items() if i in self._seqs and is_deleted(i)]
        )
        by_shard: dict[int, set[tuple[str, int]]] = {}
        for i, seq in items:
            if seq is not None:
                by_shard.setdefault(shard_of(seq), set()).add((i, seq))
        for shard, group in sorted(by_shard.items()):
            for name, kind, table in (
                (index_name(shard), "index", INDEX_TABLE),
                (matches_name(shard), "archive", MATCHES_TABLE),
            ):
                if not self._files.exists(name):
                    continue
                # written only if a tombstone is there (Held: no write else)
                with self._files.change(name, kind) as db:
                    docs = db.records(table)
                    keys = shards.tombstones(docs, group)
                    if keys:
                        docs.remove(doc_ids=keys)

    # -- reading ---------------------------------------------------------
    def __contains__(self, match_id: object) -> bool:
        return match_id in self._seqs

    def get(self, match_id: str) -> MatchSummary | None:
        return self._summary(match_id)

    def same_as(self, digest: str) -> set[str]:
        """The archived matches whose identical-match digest is *digest*."""
        return self._same.get(digest, set())

    def seq(self, match_id: str) -> int | None:
        return self._seqs.get(match_id)

    def last_seq(self) -> int:
        """The highest ``seq`` in the archive, -1 if it is empty."""
        return max(self._seqs.values(), default=-1)

    def sort_key_of(self, match_id: str) -> SortKey:
        """*match_id*'s place in the history (its creation time, its id),
        read from its line without making its summary (a twin imported is
        compared with every identical match: thousands of lines)."""
        created = self._created_text(match_id)
        if created is not None:
            try:
                return (datetime.fromisoformat(created).timestamp(), match_id)
            except ValueError:
                pass  # made a summary: a damaged line is handled there
        s = self._summary(match_id)
        if s is None:
            raise KeyError(match_id)
        return sort_key(s)

    def newest_first_of(self, ids: Iterable[str]) -> list[str]:
        """*ids* newest first (:meth:`sort_key_of`); times of one form (length,
        offset) order as texts: an import's thousands of twins are not parsed."""
        texts = [(self._created_text(i) or "", i) for i in ids]
        # a text not an ISO time (a damaged line) is parsed: handled there
        forms = {(len(t), t[-6:]) if _ISO.fullmatch(t) else None for t, _ in texts}
        if len(forms) == 1 and None not in forms:
            return [i for _, i in sorted(texts, reverse=True)]
        return sorted((i for _, i in texts), key=self.sort_key_of, reverse=True)

    def _created_text(self, match_id: str) -> str | None:
        doc = self._raw.get(match_id, ("", "", {}))[2]
        created = doc if isinstance(doc, str) else doc.get("created")
        return created if isinstance(created, str) else None

    def is_deleted(self, match_id: str) -> bool:
        """Whether *match_id*'s line says it is deleted (no summary made)."""
        return match_id in self._deleted

    def is_open(self, match_id: str) -> bool:
        """Whether *match_id*'s line says it is unfinished (in progress or in
        a tie-break, not abandoned nor deleted; no summary made)."""
        return match_id not in self._deleted and self._status.get(match_id) in (
            "in_progress",
            "tie_break",
        )

    def holds_status(self, status: str) -> bool:
        """Whether a line not deleted has *status* (no summary made): a
        history filtered by a status no archived match has skips them all."""
        if self._held is None:  # once per change, not per page
            self._held = {
                st for i, st in self._status.items() if i not in self._deleted
            }
        return status in self._held

    def deleted(self, skip: Collection[str]) -> list[tuple[MatchSummary, int]]:
        """The deleted matches (and their ``seq``) whose id is not in *skip*."""
        ids = sorted(self._deleted - set(skip))
        return [(s, self._seqs[i]) for i in ids if (s := self.get(i)) is not None]

    def count(self, skip: Collection[str]) -> int:
        """How many matches not deleted, their id not in *skip*."""
        return sum(1 for i in self._seqs if i not in skip and i not in self._deleted)

    def newest_first(
        self, skip: Collection[str], status: str | None = None
    ) -> Iterator[MatchSummary]:
        """The summaries not deleted, their id not in *skip* (of *status*
        only, if given), newest first."""
        statuses = self._status
        if status is None or self._order is not None:
            order: Iterable[str] = (i for _, i in reversed(self._history_order()))
        else:  # the lines of that status alone are ordered (the table's match
            # in progress, looked for by `import`: 2,600 lines, not 10,000)
            order = self.newest_first_of(
                i for i, st in statuses.items() if st == status
            )
        for i in order:
            if i in skip or i in self._deleted:
                continue
            if status is not None and statuses.get(i) != status:
                continue
            s = self._summary(i)  # made now: a page makes only its own
            if s is not None:  # None: its damaged file rebuilt without it
                yield s

    def shards(self, wanted: Callable[[str, MatchSummary], bool]) -> list[int]:
        """The shards holding a *wanted* match (by id and summary), in order."""
        return sorted(
            {
                shard_of(self._seqs[i])
                for i, s in self._all_summaries().items()
                if wanted(i, s)
            }
        )

    def shard_records(self, shard: int) -> list[dict[str, Any]]:
        """The records of one matches shard, as stored (none if the file is
        missing; :class:`DataFileError` if it is damaged)."""
        if not self._files.exists(matches_name(shard)):
            return []
        loaded = shards.read_table(self._files, shard).load(lambda doc: None)
        return [r.doc for r in loaded if r.problem is None]

    def oldest_first(self, skip: Collection[str]) -> list[tuple[str, int]]:
        """The ids (and ``seq``) of the matches not deleted, their id not in
        *skip*, oldest first: a list of the index in memory, no file read."""
        return [
            (i, self._seqs[i])
            for _, i in self._history_order()
            if i not in skip and i not in self._deleted
        ]

    def shard_table(self, shard: int) -> Records:
        """The table of one matches shard's records (:func:`shards.read_table`)."""
        return shards.read_table(self._files, shard)

    def record_in(self, table: Records, match_id: str, seq: int) -> dict[str, Any]:
        """The checked record of *match_id* in *table* (:func:`shards.record_in`)."""
        return shards.record_in(self._files, table, match_id, seq)

    def record(self, match_id: str) -> dict[str, Any] | None:
        """The stored record of an archived match (None: not archived);
        :class:`DataFileError` naming the file if it cannot be read."""
        seq = self._seqs.get(match_id)
        if seq is None:
            return None
        try:
            return self.record_in(self.shard_table(shard_of(seq)), match_id, seq)
        except DataFileError as exc:
            self._found_damaged(match_id, str(exc))
            raise
