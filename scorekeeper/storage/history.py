"""The history queries: pages of summaries, one summary, whole matches.

The summaries come from memory (the live records and the archive's index,
merged newest first), so a page of the history costs O(page); whole matches
for statistics are read one archive shard at a time. A player filter finds a
player by any name they had (the roster knows them), names compared as RULES
§4 says (:func:`~scorekeeper.core.names.name_key`).
"""

from __future__ import annotations

import heapq
import itertools
import logging
from collections.abc import Callable, Iterable, Iterator
from contextlib import AbstractContextManager
from datetime import date

from scorekeeper.core.names import name_key

from .matches import MatchStore
from .meta import Roster
from .records import Entry, SortKey, live_summary, record_problem, sort_key, stored
from .types import STATUSES, HistoryPage, MatchSummary, StoredMatch

log = logging.getLogger(__name__)


class History:
    """The queries on the stored matches of a :class:`~.matches.MatchStore`.

    ``guard`` takes the repository's lock (refusing a closed repository):
    only :meth:`stored_matches` takes it itself, the rest run under the
    caller's.
    """

    def __init__(
        self,
        matches: MatchStore,
        roster: Roster,
        guard: Callable[[], AbstractContextManager[None]],
    ) -> None:
        self._matches = matches
        self._roster = roster
        self._guard = guard

    def _plays(self, player: str | None) -> Callable[[Iterable[str]], bool]:
        """Whether a match with these players involves *player* (by any of
        their names, compared by :func:`name_key`; None: everyone)."""
        if player is None:
            return lambda players: True
        names = self._roster.names_of(player)
        return lambda players: any(name_key(p) in names for p in players)

    def _newest_first(self, status: str | None) -> Iterator[MatchSummary]:
        """The matches newest first; with a *status* no archived match has,
        the live ones only, no archived line made a summary."""
        live = sorted(
            (live_summary(e) for e in self._matches.live.values() if not e.deleted),
            key=sort_key,
            reverse=True,
        )
        archive = self._matches.archive
        if status is not None and not archive.holds_status(status):
            return iter(live)
        archived = archive.newest_first(skip=self._matches.live, status=status)
        return heapq.merge(live, archived, key=sort_key, reverse=True)

    def page(
        self,
        *,
        offset: int,
        limit: int,
        player: str | None,
        status: str | None,
        since: date | None,
        until: date | None,
    ) -> HistoryPage:
        """Matches newest first; filters combine. Dates are local match dates."""
        if status is not None and status not in STATUSES:
            raise ValueError(f"status: {status!r} is not one of {', '.join(STATUSES)}")
        plays = self._plays(player)

        def wanted(s: MatchSummary) -> bool:
            if status is not None and s.status != status:
                return False
            if not plays(s.players):
                return False
            day = s.created.date()
            if since is not None and day < since:
                return False
            return until is None or day <= until

        found = itertools.islice(
            filter(wanted, self._newest_first(status)), offset, offset + limit + 1
        )
        items = tuple(found)
        return HistoryPage(items[:limit], offset, len(items) > limit)

    def summary(self, match_id: str, *, include_deleted: bool) -> MatchSummary:
        """The history line of one match, from memory (no file is read)."""
        matches = self._matches
        if not include_deleted and matches.is_deleted(match_id):
            raise matches.not_found(match_id, deleted=True)
        e = matches.live.get(match_id)
        if e is not None:
            return live_summary(e)
        s = matches.archive.get(match_id)
        if s is None:
            raise matches.not_found(match_id)
        return s

    def deleted(self) -> tuple[MatchSummary, ...]:
        """The deleted matches (until compaction), the latest deleted first."""
        live = self._matches.live
        found = [live_summary(e) for e in live.values() if e.deleted]
        found += [s for s, _ in self._matches.archive.deleted(skip=live)]
        found.sort(key=lambda s: (s.deleted_at, s.id), reverse=True)
        return tuple(found)

    def count(self) -> int:
        """How many matches are stored (deleted ones left out)."""
        live = self._matches.live
        return sum(not e.deleted for e in live.values()) + (
            self._matches.archive.count(skip=live)
        )

    def stored_matches(self, player: str | None) -> list[StoredMatch]:
        """Every stored match (of *player*, any of their names), oldest first;
        deleted matches are left out.

        Each archive shard is read once, and a shard none of whose matches
        involve *player* is not read. The lock is held only to take the live
        matches and to read one shard at a time; parsing and scoring (the
        cost) run without it, so other phones can save meanwhile. So the
        result is each shard as it was when read: a match archived during the
        call is counted once (by id).
        """
        archive = self._matches.archive
        with self._guard():
            plays = self._plays(player)
            out: list[tuple[SortKey, StoredMatch]] = [
                (sort_key(live_summary(e)), stored(e))
                for e in self._matches.live.values()
                if not e.deleted and plays(e.match.setup.players)
            ]
            # every id in live.json, deleted ones too: there the live record
            # is the match, whatever copy the archive still holds
            seen = set(self._matches.live)
            shards = archive.shards(
                lambda i, s: i not in seen and not s.deleted and plays(s.players)
            )
        for shard in shards:
            with self._guard():
                records = []
                for record in archive.shard_records(shard):
                    s = archive.get(record["id"])
                    if s is None or s.deleted or record["id"] in seen:
                        continue
                    if record.get("deleted") or not plays(s.players):
                        continue
                    problem = record_problem(record)
                    if problem is not None:  # reported at open and by check
                        log.warning("match %r left out: %s", record["id"], problem)
                        continue
                    records.append((sort_key(s), record))
                    seen.add(record["id"])
            out += [(key, stored(Entry.of(0, record))) for key, record in records]
        out.sort(key=lambda x: x[0])
        return [m for _, m in out]
