"""The stored match record, and how it turns into the values callers get.

A record is a plain dict (``id``, ``created``, ``updated``, ``abandoned``,
``notes``, ``seq``, ``match`` as a FORMAT.md document, ``edits``, and the
optional ``rematch_of`` and ``deleted``). :class:`Entry` is a record with its
parsed match and state; the functions here derive its history line
(summary), its :class:`~.types.StoredMatch` and its edit log.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from scorekeeper.core import engine
from scorekeeper.core.editlog import Action, LogEntry, last_undoable, undone_numbers
from scorekeeper.core.engine import MatchState, Status
from scorekeeper.core.matchfile import dump_hand, parse_match
from scorekeeper.core.model import Hand, Match

from .types import Edit, MatchSummary, StoredMatch

EDIT_ACTIONS = tuple(a.value for a in Action)


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
    return t if t.tzinfo is not None else t.astimezone()


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
        match = parse_match(record["match"]).match
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
        "ending": None if state.ending is None else state.ending.value,
        "deleted_at": _deleted_at(record),
    }


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
        ending=doc.get("ending"),
        deleted_at=(
            datetime.fromisoformat(doc["deleted_at"]) if doc.get("deleted_at") else None
        ),
    )


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
    return parse_match(doc).match.hands[0]


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
