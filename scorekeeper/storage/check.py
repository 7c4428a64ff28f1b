"""The data check: every data file read, nothing written (``python main.py check``).

:func:`check_folder` reads ``meta.json``, ``live.json``, ``drafts.json``,
``tournaments.json`` and every archive shard and index shard of a data
folder, and returns one :class:`Problem` per thing wrong, each naming its
file: a file that does not parse or is not of this app's schema, a record or
a summary the app could not read, a match whose hands do not re-score
(through the core engine) to the totals its history line stores, an index
that disagrees with its shard, and a tournament naming a match that is not
stored.

It never writes: each file is read once through the app's storage stack
(``storage/documents.py``; its records by the app's one loader,
``Records.load``), no folder is created, no lock taken but a shared one, no
temporary file is cleaned, nothing is migrated or moved aside. It reads
``live.json`` before the archive, because the app moves a finished match
index first, then shard, then out of ``live.json``: read in that order, a move
half done is always seen as pending, never as a disagreement.

:func:`folder_lock` looks at the folder's lock the way the app takes it
(``flock`` on the folder itself), without creating or breaking it.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Collection, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from scorekeeper.core import engine
from scorekeeper.core.matchfile import parse_match
from scorekeeper.core.names import name_key, shown_name

from .archive import SHARD_SIZE, shard_of
from .atomic import AtomicJSONStorage
from .backends import data_file, lock_folder, unlock_folder
from .documents import DataFile
from .drafts import DRAFTS, DRAFTS_KIND, DRAFTS_TABLE, draft_problem
from .errors import DataFileError, SettingsError
from .files import (
    INDEX_TABLE,
    LIVE,
    MATCHES_TABLE,
    META,
    PLAYERS_TABLE,
    PURGE_TABLE,
    SETTINGS_TABLE,
    Tables,
    check_tables,
    first_start_cut_short,
    tables_if_whole,
)
from .lines import LINES_TABLE, with_lines
from .meta import make_settings, player_problem
from .records import record_problem, summary, summary_doc, summary_fault
from .tournament_records import iter_match_ids
from .tournament_records import record_problem as tournament_problem
from .tournaments import TOURNAMENTS, TOURNAMENTS_KIND, TOURNAMENTS_TABLE
from .types import Settings

#: the fields of a history line the engine computes from the hands
SCORED = ("totals", "status", "winner", "hands", "ending")


@dataclass(frozen=True, order=True)
class Problem:
    """One thing wrong, in the file ``path``; ``str()`` is the line printed."""

    path: str
    message: str

    def __str__(self) -> str:
        return f"{self.path}: {self.message}"


@dataclass
class Report:
    """What :func:`check_folder` found: the problems, and what it read."""

    problems: list[Problem] = field(default_factory=list)
    # what may be wrong or may not: told, the exit status left clean
    notes: list[Problem] = field(default_factory=list)
    files: int = 0
    live: int = 0
    archived: int = 0
    players: int = 0


class _Checker:
    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.report = Report()
        # deleted matches a compaction is removing (index first, then shard):
        # the app finishes it at the next open
        self.purging: set[str] = set()
        self.archived_ids: Collection[str] = ()
        # the club nights the matches say they were played at: tournament
        # id -> {match id: the night's name}
        self.marked: dict[str, dict[str, str]] = {}

    def problem(self, name: str, message: str) -> None:
        self.report.problems.append(Problem(str(self.folder / name), message))

    def mark(self, record: dict[str, Any]) -> None:
        """Note the club night a readable match record says it was played at."""
        mark = record.get("tournament")
        if isinstance(mark, dict):
            self.marked.setdefault(mark["id"], {})[record["id"]] = mark["name"]

    def read(self, name: str, kind: str) -> Tables | None:
        """The tables of *name*, schema checked; None (and a problem) if not."""
        path = self.folder / name
        try:
            # the app's storage stack, its checksum verified (no lock, nothing
            # created: the storage touches the file only to read it)
            raw = data_file(AtomicJSONStorage, path).storage.read()
            if raw is None:
                return None
            check_tables(raw, kind, str(path))
        except DataFileError as exc:
            # the storage's messages start with the path; print it once
            self.report.problems.append(
                Problem(str(path), str(exc).removeprefix(f"{path}: "))
            )
            return None
        self.report.files += 1
        return raw

    @contextlib.contextmanager
    def file(self, name: str, kind: str) -> Iterator[DataFile | None]:
        """File *name* read once (:meth:`read`), its tables through TinyDB's;
        None if it cannot be read (a problem said) or there is none."""
        raw = self.read(name, kind)
        if raw is None:
            yield None
            return
        db = data_file(AtomicJSONStorage, self.folder / name)
        with db.held.holding(raw):
            yield db

    # -- meta.json -------------------------------------------------------
    def meta(self) -> None:
        with self.file(META, "meta") as db:
            if db is None:
                return
            settings = db.records(SETTINGS_TABLE).get(doc_id=1)
            if settings:
                try:
                    make_settings(Settings(), settings)
                except SettingsError as exc:
                    self.problem(META, f"settings: {exc} (the app uses the defaults)")
            seen: dict[str, str] = {}
            for r in db.records(PLAYERS_TABLE).load(player_problem):
                key, p = r.key, r.doc
                if r.problem is not None:
                    self.problem(META, f"player {key}: {r.problem}")
                    continue
                for n in [p["name"], *p.get("former_names", [])]:
                    other = seen.setdefault(name_key(n), key)
                    if other != key:
                        self.problem(
                            META,
                            f"player {key}: the name {n!r} is also player {other}'s",
                        )
                self.report.players += 1

    # -- live.json -------------------------------------------------------
    def live(self) -> dict[str, dict[str, Any]]:
        """The readable records of ``live.json``, by id."""
        records: dict[str, dict[str, Any]] = {}
        with self.file(LIVE, "live") as db:
            if db is None:
                return records
            table = db.records(MATCHES_TABLE)
            for r in table.load(record_problem, unique="id", what="match"):
                if r.problem is not None:
                    self.problem(LIVE, f"match record {r.key}: {r.problem}")
                    continue
                records[r.doc["id"]] = r.doc
                self.mark(r.doc)
            self.report.live = len(records)
            purge: Mapping[str, Any] = db.records(PURGE_TABLE).get(doc_id=1) or {}
        try:
            items = purge.get("items", [])
            self.purging = {str(i) for i, seq in items if int(seq) >= 0}
        except (TypeError, ValueError) as exc:
            self.problem(LIVE, f"the list of deleted matches to remove: {exc}")
        return records

    # -- drafts.json -----------------------------------------------------
    def drafts(self) -> None:
        with self.file(DRAFTS, DRAFTS_KIND) as db:
            loaded = [] if db is None else db.records(DRAFTS_TABLE).load(draft_problem)
            for r in loaded:
                if r.problem is not None:
                    self.problem(
                        DRAFTS,
                        f"draft record {r.key}: {r.problem} (the app drops it; no "
                        "saved hand is affected)",
                    )

    # -- tournaments.json ------------------------------------------------
    def tournaments(self, stored: set[str]) -> None:
        held: set[str] = set()
        with self.file(TOURNAMENTS, TOURNAMENTS_KIND) as db:
            table = None if db is None else db.records(TOURNAMENTS_TABLE)
            loaded = (
                []
                if table is None
                else table.load(tournament_problem, unique="id", what="tournament")
            )
            for r in loaded:
                if r.problem is not None:
                    self.problem(TOURNAMENTS, f"tournament record {r.key}: {r.problem}")
                    continue
                record = r.doc
                held.add(record["id"])
                for match_id in iter_match_ids(record):
                    if match_id not in stored:
                        self.problem(
                            TOURNAMENTS,
                            f"tournament {record['id']!r}: match {match_id!r} is "
                            "not stored (a round started as the app stopped: the "
                            "app makes it when it opens this folder)",
                        )
        if db is not None or not (self.folder / TOURNAMENTS).exists():
            self.nights_gone(db is None, held)

    def nights_gone(self, missing: bool, held: set[str]) -> None:
        """Say which club nights the matches were played at that
        ``tournaments.json`` (*missing*: deleted) does not hold. Told as a
        note: a match imported alone from another phone's night is marked
        so too, and nothing in the folder tells the two apart."""
        gone = {t: m for t, m in self.marked.items() if t not in held}
        if not gone:
            return
        n = sum(len(m) for m in gone.values())
        nights = [
            f"'{shown_name(next(iter(m.values())))}' ({len(m)} "
            f"match{'es' * (len(m) != 1)})"
            for m in list(gone.values())[:3]
        ]
        listed = ", ".join(nights) + (", …" if len(gone) > 3 else "")
        said = (
            f"{n} match{'es are' if n != 1 else ' is'} marked as played at "
            f"club night{'s' * (len(gone) != 1)} {listed}"
        )
        if missing:
            text = (
                f"missing, while {said}: deleted outside the app? Their rounds "
                "and standings are gone; the matches stay in the history"
            )
        else:
            text = f"holds no such night, while {said}"
        self.report.notes.append(
            Problem(
                str(self.folder / TOURNAMENTS),
                text + " (a match imported alone from another phone's club "
                "night is marked so too)",
            )
        )

    # -- the archive -----------------------------------------------------
    def archive(self, live: dict[str, dict[str, Any]]) -> None:
        shards: dict[int, tuple[str | None, str | None]] = {}
        for path in sorted((self.folder / "archive").glob("*-*.json")):
            stem, _, number = path.stem.partition("-")
            if stem not in ("index", "matches") or not number.isdigit():
                continue
            index, matches = shards.get(int(number), (None, None))
            name = f"archive/{path.name}"
            if stem == "index":
                index = name
            else:
                matches = name
            shards[int(number)] = (index, matches)
        owner: dict[str, str] = {}  # id -> the matches shard holding it
        self.archived_ids = owner.keys()
        for shard, (index_name, matches_name) in sorted(shards.items()):
            records = self.shard(shard, matches_name, owner) if matches_name else None
            lines = self.index(shard, index_name) if index_name else None
            if records is None or lines is None:
                if matches_name and index_name is None:
                    self.problem(
                        matches_name,
                        f"has no index file (archive/index-{shard:04d}.json); "
                        "the app rebuilds it when it opens this folder",
                    )
                if (
                    index_name
                    and matches_name is None
                    and not (
                        lines is not None
                        and all(d["id"] in live for d in lines.values())
                    )
                ):
                    # (every match it lists in live.json: a kill cut short the
                    # first move to this shard, the index written; the app
                    # finishes it)
                    self.problem(
                        index_name,
                        f"has no matches file (archive/matches-{shard:04d}.json): "
                        "the matches it lists are lost",
                    )
                continue
            assert index_name is not None and matches_name is not None
            self.agree(index_name, matches_name, lines, records, live)

    def _seq(
        self, name: str, shard: int, key: str, doc: dict[str, Any], what: str
    ) -> int | None:
        """The ``seq`` of a shard's document, if it fits its key and shard."""
        seq = doc.get("seq")
        if not isinstance(seq, int) or isinstance(seq, bool) or str(seq + 1) != key:
            self.problem(name, f"{what} {key}: seq {seq!r} does not fit its key")
            return None
        if shard_of(seq) != shard:
            self.problem(
                name,
                f"{what} {key}: seq {seq} belongs in shard {shard_of(seq):04d} "
                f"(each holds {SHARD_SIZE})",
            )
            return None
        return seq

    def shard(
        self, shard: int, name: str, owner: dict[str, str]
    ) -> dict[int, dict[str, Any]] | None:
        """The readable records of a matches shard, by ``seq``."""
        raw = self.read(name, "archive")
        if raw is None:
            return None
        out: dict[int, dict[str, Any]] = {}
        for key, record in raw.get(MATCHES_TABLE, {}).items():
            trouble = record_problem(record)
            if trouble is not None:
                self.problem(name, f"match record {key}: {trouble}")
                continue
            seq = self._seq(name, shard, key, record, "match record")
            if seq is None:
                continue
            other = owner.setdefault(record["id"], name)
            if other != name:
                self.problem(name, f"match {record['id']!r} is also in {other}")
            out[seq] = record
            self.mark(record)
        self.report.archived += len(out)
        return out

    def index(self, shard: int, name: str) -> dict[int, dict[str, Any]] | None:
        """The readable history lines of an index shard, by ``seq``."""
        raw = self.read(name, "index")
        if raw is None:
            return None
        table, made = raw.get(LINES_TABLE), with_lines(raw)[LINES_TABLE]
        if _same_summaries(table, made) and table != made:
            # the app reads these rows at open instead of the lines, trusting
            # them while the CRC of the summaries is theirs (storage/lines.py);
            # rows of other summaries (an older version wrote them) it does not
            self.problem(
                name,
                "its lines table is not the one its history lines make (the "
                "app rewrites it at the next change of this file)",
            )
        out: dict[int, dict[str, Any]] = {}
        for key, doc in raw.get(INDEX_TABLE, {}).items():
            try:
                summary(doc)
            except (KeyError, TypeError, ValueError, IndexError):
                fault = summary_fault(doc)
                self.problem(name, f"history line {key} is damaged: {fault}")
                continue
            seq = self._seq(name, shard, key, doc, "history line")
            if seq is not None:
                out[seq] = doc
        return out

    def agree(
        self,
        index_name: str,
        matches_name: str,
        lines: dict[int, dict[str, Any]],
        records: dict[int, dict[str, Any]],
        live: dict[str, dict[str, Any]],
    ) -> None:
        """The index shard says of each match what its record re-scores to."""
        for seq in sorted(lines.keys() - records.keys()):
            match_id = lines[seq]["id"]
            if match_id not in live:  # in live.json: a move the app finishes
                self.problem(
                    index_name,
                    f"lists match {match_id!r} (seq {seq}), which {matches_name} "
                    "does not hold",
                )
        for seq in sorted(records.keys() - lines.keys()):
            match_id = records[seq]["id"]
            if match_id not in live and match_id not in self.purging:
                self.problem(
                    matches_name,
                    f"match {match_id!r} (seq {seq}) is missing from {index_name}",
                )
        for seq in sorted(lines.keys() & records.keys()):
            record, line = records[seq], lines[seq]
            if record["id"] in live:
                # live.json holds the match now; the app rewrites both copies
                continue
            # an unfinished match waits in the archive too (storage/matches.py)
            state = engine.evaluate(parse_match(record["match"], stored=True).match)
            expected = summary_doc(record, state)
            if line["id"] != record["id"]:
                self.problem(
                    index_name,
                    f"seq {seq}: lists match {line['id']!r}, {matches_name} holds "
                    f"{record['id']!r}",
                )
                continue
            if line.get("totals") != expected["totals"]:
                t, e = line.get("totals"), expected["totals"]
                self.problem(
                    index_name,
                    f"match {record['id']!r}: stored totals {_pair(t)}, its hands "
                    f"in {matches_name} score {_pair(e)}",
                )
            if "same" not in line:  # written before the identical-match index
                del expected["same"]
            wrong = [
                k
                for k in expected
                if k != "totals" and _norm(line.get(k)) != _norm(expected[k])
            ]
            if wrong:
                said = ", ".join(
                    f"{k} {line.get(k)!r} (its record: {expected[k]!r})" for k in wrong
                )
                self.problem(
                    index_name, f"match {record['id']!r}: the index says {said}"
                )


def _pair(value: object) -> str:
    if isinstance(value, list) and len(value) == 2:
        return f"{value[0]}-{value[1]}"
    return repr(value)


def _norm(value: object) -> object:
    """JSON turns tuples into lists; compare what the file can hold."""
    return list(value) if isinstance(value, tuple) else value


def check_folder(folder: str | os.PathLike[str]) -> Report:
    """Every problem of the data folder *folder* (read only; see module doc)."""
    checker = _Checker(Path(folder))
    if not checker.folder.is_dir():
        checker.problem("", "no data folder here")
        return checker.report
    present = [
        n for n in (META, LIVE, DRAFTS, TOURNAMENTS) if (checker.folder / n).exists()
    ]
    present += sorted(  # the archive's shards, as the app finds them
        f"archive/{p.name}"
        for pattern in ("index-*.json", "matches-*.json")
        for p in (checker.folder / "archive").glob(pattern)
    )
    meta = checker.folder / META
    cut_short = first_start_cut_short(
        present, lambda: tables_if_whole(data_file(AtomicJSONStorage, meta))
    )
    if present and not cut_short:
        for name in (META, LIVE):
            if not (checker.folder / name).exists():
                checker.problem(name, "missing, while other data files exist")
    checker.meta()
    live = checker.live()  # before the archive: see the module doc
    checker.drafts()
    checker.archive(live)
    checker.tournaments({*live, *checker.archived_ids})
    return checker.report


@contextlib.contextmanager
def folder_lock(folder: str | os.PathLike[str]) -> Iterator[bool | None]:
    """Whether the app holds *folder* now: False (then a shared lock on the
    folder keeps it from starting until the block ends), True (in use), None
    (no such folder, or no ``flock`` here). Creates, truncates and removes
    nothing."""
    try:
        fd = lock_folder(Path(folder), shared=True)
    except BlockingIOError:
        yield True
        return
    except OSError:
        yield None
        return
    if fd is None:
        yield None
        return
    try:
        yield False
    finally:
        unlock_folder(fd)


def _same_summaries(table: Any, made: dict[str, Any]) -> bool:
    """Whether an index file's lines *table* says it was made from the
    summaries the file holds (its CRC is the one *made* from them)."""
    doc = table.get("1") if isinstance(table, dict) else None
    return isinstance(doc, dict) and doc.get("of") == made["1"]["of"]
