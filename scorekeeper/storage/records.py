"""The stored match record, and how it turns into the values callers get.

A record is a plain dict (``id``, ``created``, ``updated``, ``abandoned``,
``notes``, ``seq``, ``match`` as a FORMAT.md document, ``edits``, and the
optional ``rematch_of`` and ``deleted``). :class:`Entry` is a record with its
parsed match and state; the functions here derive its history line
(summary), its :class:`~.types.StoredMatch` and its edit log.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from scorekeeper.core import engine
from scorekeeper.core.editlog import (
    Action,
    LogEntry,
    last_undoable,
    revert,
    undone_numbers,
)
from scorekeeper.core.engine import MatchState, Status
from scorekeeper.core.matchfile import (
    MatchFileError,
    dump_hand,
    dump_match,
    parse_match,
)
from scorekeeper.core.model import Hand, Match
from scorekeeper.core.names import name_key
from scorekeeper.core.problems import HandError

from .types import Edit, MatchSummary, StoredMatch, TournamentMark

EDIT_ACTIONS = tuple(a.value for a in Action)
META_KEYS = (
    "id",
    "created",
    "updated",
    "notes",
    "abandoned",
    "rematch_of",
    "tournament",
    "edits",
)
"""The keys of a match file's ``meta`` (FORMAT.md; ``tournament``: the
tournament, round and table it was played at); an import refuses any other."""
# \Z, not $: "$" also matches before a final newline ("20260101-ab\n")
ID_PATTERN = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,63}\Z")

#: what each logged action must carry for the log to be read back (undo needs
#: the hand an entry touched, and the hand as it was to put it back)
_EDIT_NEEDS: dict[str, tuple[str, ...]] = {
    Action.ADD: ("index",),
    Action.REPLACE: ("index", "before", "after"),
    Action.DELETE: ("index", "before"),
    Action.UNDO: ("undoes",),
}


def now() -> datetime:
    return datetime.now().astimezone()


def iso(t: datetime) -> str:
    return t.isoformat(timespec="seconds")


def parse_time(value: object, where: str) -> datetime:
    if not isinstance(value, str):
        raise ValueError(f"{where}: expected an ISO 8601 date-time, found {value!r}")
    try:
        t = datetime.fromisoformat(value)
    except ValueError:
        raise ValueError(f"{where}: {value!r} is not an ISO 8601 date-time") from None
    if t.tzinfo is not None:
        return t
    try:  # a time without its offset is this server's local time
        return t.astimezone()
    except (OverflowError, ValueError):  # at an end of the calendar, west or east
        raise ValueError(
            f"{where}: {value!r} has no UTC offset and this server's zone cannot "
            "hold it; give it one (+00:00)"
        ) from None


@dataclass
class Entry:
    """A record with its parsed match and state; ``key`` is its document id
    in ``live.json`` (a fresh one for a copy read from the archive)."""

    key: int
    record: dict[str, Any]
    match: Match
    state: MatchState

    @classmethod
    def of(cls, key: int, record: dict[str, Any]) -> Entry:
        match = parse_match(record["match"], stored=True).match
        return cls(key, record, match, engine.evaluate(match))

    def changed(
        self,
        match: Match,
        at: str,
        *,
        hand_docs: list[Any] | None = None,
        edit: dict[str, Any] | None = None,
        **fields: Any,
    ) -> Entry:
        """This entry with *match* (its stored hands *hand_docs*, by default
        dumped from it), changed at time *at*, *edit* logged and the record's
        *fields* set; the record is copied, not mutated."""
        state = engine.evaluate(match) if match is not self.match else self.state
        record = dict(self.record)
        if match is not self.match:
            doc = dict(record["match"])
            doc["hands"] = (
                hand_docs
                if hand_docs is not None
                else [dump_hand(h) for h in match.hands]
            )
            record["match"] = doc
        record["updated"] = at
        record.update(fields)
        if edit is not None:
            record["edits"] = [*record["edits"], {"at": at, **edit}]
        return Entry(self.key, record, match, state)

    @property
    def closed(self) -> bool:
        """Won, abandoned or deleted: its place is the archive."""
        return (
            self.deleted or self.record["abandoned"] or self.state.status is Status.WON
        )

    @property
    def deleted(self) -> bool:
        return bool(self.record.get("deleted", False))


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def edit_problem(d: object, n: int, match_doc: Any) -> str | None:
    """What is wrong with entry *n* (from 1) of an edit log, None if nothing:
    the fields its action needs, their types, and its hands read by the core
    against *match_doc*. An import and the data check refuse what this finds,
    so a log that is stored can always be read back and undone."""
    if not isinstance(d, dict) or d.get("action") not in EDIT_ACTIONS:
        return f"entry {n} is not an edit"
    try:
        parse_time(d.get("at"), "at")
        for k in ("before", "after"):
            if d.get(k) is not None:
                hand_from_doc(match_doc, d[k])
    except (ValueError, HandError) as exc:  # MatchFileError is a ValueError
        return f"entry {n}: {exc}"
    for k in ("index", "undoes"):
        v = d.get(k)
        if v is not None and not _whole(v):
            return f"entry {n}: {k}: {v!r} is not a whole number"
    by = d.get("by")
    if by is not None and not isinstance(by, str):
        return f"entry {n}: by: expected a name or null, found {type(by).__name__}"
    index, hands = d.get("index"), len(match_doc.get("hands") or ())
    if isinstance(index, int) and not 0 <= index <= hands + n:
        # never more hands than the match has plus one per entry before it
        return f"entry {n}: index: {index} is beyond the match ({hands} hands)"
    for k in _EDIT_NEEDS.get(d["action"], ()):
        if d.get(k) is None:
            return f"entry {n} ({d['action']}): {k!r} is missing"
    undoes = d.get("undoes")
    if d["action"] == Action.UNDO and isinstance(undoes, int) and not 0 < undoes < n:
        return f"entry {n}: undoes {undoes}, not an earlier entry"
    return None


def undo_problem(
    edits: Sequence[Mapping[str, Any]],
    match: Match,
    match_doc: Mapping[str, Any],
    abandoned: bool,
) -> str | None:
    """Why the edit an undo would revert next cannot be undone on *match*
    (the match the log ends at), None if it can or there is none: an import
    refuses a log whose next undo would fail."""
    log = edit_log(edits)
    number = last_undoable(log)
    if number is None:
        return None
    target, entry = edits[number - 1], log[number - 1]
    try:
        before = (
            hand_from_doc(match_doc, target["before"]) if entry.restores_hand else None
        )
        reversal = revert(match, abandoned, entry, before)
        reversal.replay(list(match_doc["hands"]), target.get("before"))
    except (ValueError, IndexError, OverflowError, KeyError) as exc:
        return f"entry {number} cannot be undone on this match ({exc})"
    return None


MARK_KEYS = ("id", "name", "round", "table")


def mark_problem(mark: object) -> str | None:
    """What is wrong with a match record's ``tournament`` mark (the
    tournament, round and table it was played at), None if nothing."""
    if not isinstance(mark, dict) or sorted(mark) != sorted(MARK_KEYS):
        return f"expected an object of {', '.join(MARK_KEYS)}, found {mark!r}"
    if not isinstance(mark["id"], str) or not ID_PATTERN.match(mark["id"]):
        return f"id: {mark['id']!r} is not a tournament id"
    if not isinstance(mark["name"], str) or not mark["name"]:
        return f"name: {mark['name']!r} is not a name"
    for key in ("round", "table"):
        value = mark[key]
        if not _whole(value) or value < 1:
            return f"{key}: {value!r} is not a whole number from 1"
    return None


def record_problem(record: object) -> str | None:
    """What is wrong with a stored match record, None if nothing: its fields
    and their types, its match read and scored by the core, its edit log."""
    if not isinstance(record, dict):
        return "not an object"
    rid = record.get("id")
    if not isinstance(rid, str) or not ID_PATTERN.match(rid):
        return f"id: {rid!r} is not a match id"
    try:
        for k in ("created", "updated"):
            parse_time(record.get(k), k)
        parse_match(record.get("match"), stored=True)
    except (MatchFileError, HandError) as exc:
        text = str(exc)  # "match: expected an object" names its place already
        return text if text.startswith("match: ") else f"match: {text}"
    except ValueError as exc:
        return str(exc)
    checks: dict[str, tuple[bool, Any, str]] = {
        # field: (required, its check, what it should be)
        "abandoned": (True, lambda v: isinstance(v, bool), "true or false"),
        "notes": (False, lambda v: isinstance(v, str), "text"),
        "seq": (False, lambda v: v is None or _whole(v), "a whole number or null"),
        "edits": (False, lambda v: isinstance(v, list), "a list"),
        "deleted": (False, lambda v: isinstance(v, bool), "true or false"),
        "corrected": (False, lambda v: isinstance(v, bool), "true or false"),
        "rematch_of": (
            False,
            lambda v: v is None or (isinstance(v, str) and ID_PATTERN.match(v)),
            "a match id",
        ),
    }
    for k, (required, ok, expected) in checks.items():
        if k not in record:
            if required:
                return f"{k}: missing"
        elif not ok(record[k]):
            return f"{k}: {record[k]!r} is not {expected}"
    if "tournament" in record:
        problem = mark_problem(record["tournament"])
        if problem is not None:
            return f"tournament: {problem}"
    for n, d in enumerate(record.get("edits", []), start=1):
        problem = edit_problem(d, n, record["match"])
        if problem is not None:
            return f"edits: {problem}"
    return None


def summary_doc(record: Mapping[str, Any], state: MatchState) -> dict[str, Any]:
    """The history line of a record, as stored in an index shard."""
    abandoned = record["abandoned"]
    return {
        "id": record["id"],
        "seq": record.get("seq"),
        "created": record["created"],
        "updated": record["updated"],
        "players": list(state.setup.players),
        "totals": list(state.totals),
        "status": "abandoned" if abandoned else state.status.value,
        "winner": None if abandoned else state.winner,
        "hands": len(state.hands),
        "target": state.setup.rules.target,
        "rematch_of": record.get("rematch_of"),
        "tournament": record.get("tournament"),
        "ending": None if state.ending is None else state.ending.value,
        "deleted_at": _deleted_at(record),
        "same": same_digest(state),
        # only when set: index lines written before the mark stay equal
        **({"corrected": True} if record.get("corrected") else {}),
    }


def same_digest(state: MatchState) -> str:
    """What an import compares to find an identical match (players, first
    dealer, rules and hands; each name by :func:`name_key`), as a digest
    kept in the history index: equal digests, identical matches."""
    return match_digest(Match(state.setup, state.played))


def match_digest(match: Match) -> str:
    """:func:`same_digest` of a match not evaluated (read from a record)."""
    doc = dump_match(match)
    doc["players"] = [name_key(p) for p in doc["players"]]
    doc["first_dealer"] = name_key(doc["first_dealer"])
    for hand in doc["hands"]:
        if hand.get("declaration") is not None:
            hand["declaration"] = dict(
                hand["declaration"], by=name_key(hand["declaration"]["by"])
            )
    text = json.dumps(doc, sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:32]


def _deleted_at(record: Mapping[str, Any]) -> str | None:
    """When a deleted record was deleted (its last ``delete_match`` edit)."""
    if not record.get("deleted", False):
        return None
    for edit in reversed(record["edits"]):
        if edit["action"] == "delete_match":
            return edit["at"]
    return record["updated"]


def summary(doc: Mapping[str, Any]) -> MatchSummary:
    return MatchSummary(
        id=doc["id"],
        created=datetime.fromisoformat(doc["created"]),
        updated=datetime.fromisoformat(doc["updated"]),
        players=tuple(doc["players"]),
        totals=(doc["totals"][0], doc["totals"][1]),
        status=doc["status"],
        winner=doc["winner"],
        hands=doc["hands"],
        target=doc["target"],
        rematch_of=doc.get("rematch_of"),
        tournament=_mark(doc.get("tournament")),
        ending=doc.get("ending"),
        deleted_at=(
            datetime.fromisoformat(doc["deleted_at"]) if doc.get("deleted_at") else None
        ),
        corrected=bool(doc.get("corrected", False)),
    )


_SUMMARY_FIELDS: tuple[tuple[str, str, Any], ...] = (
    ("id", "a match id", lambda v: isinstance(v, str)),
    ("created", "a time", lambda v: bool(datetime.fromisoformat(v))),
    ("updated", "a time", lambda v: bool(datetime.fromisoformat(v))),
    ("players", "a list of names", lambda v: isinstance(v, list)),
    ("totals", "two totals", lambda v: isinstance(v, list) and len(v) == 2),
    ("status", "a status", lambda v: isinstance(v, str)),
    ("winner", "a side or null", lambda v: v in (None, 0, 1)),
    ("hands", "a count of hands", lambda v: isinstance(v, int)),
    ("target", "a target", lambda v: isinstance(v, int)),
)


def summary_fault(doc: object) -> str:
    """Why *doc* cannot be read as a history line, in words a message shows
    (``'totals' is [] (not two totals)``), not an exception's repr; the
    first field found wrong, or the reason :func:`summary` gives."""
    if not isinstance(doc, Mapping):
        return f"it is {_cut_repr(doc)}, not an object"
    for key, what, ok in _SUMMARY_FIELDS:
        if key not in doc:
            return f"it has no {key!r}"
        try:
            good = ok(doc[key])
        except (TypeError, ValueError):
            good = False
        if not good:
            return f"{key!r} is {_cut_repr(doc[key])} (not {what})"
    try:
        summary(doc)
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        return f"it cannot be read ({type(exc).__name__}: {_cut_repr(exc.args)})"
    return "it cannot be read"


def _cut_repr(value: object, limit: int = 60) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[:limit] + "…"


def _mark(doc: object) -> TournamentMark | None:
    if not isinstance(doc, dict):
        return None
    return TournamentMark(doc["id"], doc["name"], doc["round"], doc["table"])


def live_summary(e: Entry) -> MatchSummary:
    return summary(summary_doc(e.record, e.state))


SortKey = tuple[float, str]


def sort_key(s: MatchSummary) -> SortKey:
    """History order: by creation time, the id breaking ties."""
    return (s.created.timestamp(), s.id)


def hand_from_doc(match_doc: Mapping[str, Any], hand_doc: object) -> Hand:
    """A stored hand (FORMAT.md) back as a :class:`Hand`, read by the core."""
    doc = dict(match_doc)
    doc["hands"] = [hand_doc]
    doc.pop("meta", None)
    return parse_match(doc, stored=True).match.hands[0]


def edit_log(edits: Sequence[Mapping[str, Any]]) -> list[LogEntry]:
    """A stored edit log as the core's undo rules read it."""
    return [
        LogEntry(
            Action(d["action"]) if d["action"] in EDIT_ACTIONS else None,
            d.get("index"),
            # an undo entry without "undoes" fails here (KeyError), as reading
            # the log always has: kept as it was, not silently skipped
            d["undoes"] if d["action"] == Action.UNDO else d.get("undoes"),
        )
        for d in edits
    ]


def stored(e: Entry) -> StoredMatch:
    r = e.record
    return StoredMatch(
        id=r["id"],
        match=e.match,
        state=e.state,
        created=datetime.fromisoformat(r["created"]),
        updated=datetime.fromisoformat(r["updated"]),
        abandoned=r["abandoned"],
        notes=r.get("notes", ""),
        edit_count=len(r["edits"]),
        undo_target=last_undoable(edit_log(r["edits"])),
        rematch_of=r.get("rematch_of"),
        tournament=_mark(r.get("tournament")),
        deleted=e.deleted,
    )


def edits(e: Entry) -> tuple[Edit, ...]:
    """The edit log of *e* as :class:`Edit` values, hands parsed."""
    docs = e.record["edits"]
    undone = undone_numbers(edit_log(docs))

    def hand(doc: object) -> Hand | None:
        return None if doc is None else hand_from_doc(e.record["match"], doc)

    return tuple(
        Edit(
            number=n,
            at=datetime.fromisoformat(d["at"]),
            by=d.get("by"),
            action=d["action"],
            index=d.get("index"),
            before=hand(d.get("before")),
            after=hand(d.get("after")),
            undoes=d.get("undoes"),
            undone=n in undone,
        )
        for n, d in enumerate(docs, start=1)
    )
