"""A :class:`HandDraft` and a :class:`LiveTally` as JSON documents, and back.

Pure functions (no storage, no flet): the table service turns the draft of the
hand being entered and the live tally into plain documents for the
repository's ``MatchDraft`` and reads them back. Reading checks every value:
a document that is not one this module wrote raises :class:`DraftDocError`
(a ``ValueError``), and the caller starts the hand afresh rather than show
half of it.

Numbers typed in the entry can be text the core will refuse ("1O"): they are
kept as typed, so a reopened entry shows the same message.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import fields
from typing import Any, TypeVar, cast

from scorekeeper.core.model import RANKS, Declaration, Rank
from scorekeeper.table.hand_draft import HandDraft, LiveTally, SpadeForm
from scorekeeper.table.hand_fields import FIELDS, PLAY, HandField, Kind

VERSION = 1
_T = TypeVar("_T")

#: HandDraft fields written by :func:`draft_doc`: every field of the table
DRAFT_FIELDS = tuple(f.name for f in FIELDS)
#: LiveTally fields written by :func:`tally_doc`: the deal, those made during
#: play, the undo log
TALLY_FIELDS = ("deal", *(f.name for f in PLAY), "log")


class DraftDocError(ValueError):
    """A stored draft document this module cannot read back."""


# -- writing ---------------------------------------------------------------------
def _written(kind: Kind, value: Any) -> Any:
    """One side's value (or the hand's) of a field of *kind*, JSON-ready."""
    if kind is Kind.FORM:
        return value.value
    if kind is Kind.SPADES:
        return list(value)
    if kind is Kind.RANKS:
        return [Rank.parse(r).value for r in value]
    if kind is Kind.VALUES:
        return list(value)
    if kind is Kind.DECLARATION:
        return None if value is None else {"by": value.by, "deal": value.deal}
    return value


def _write(f: HandField, value: Any) -> Any:
    if f.per_side:
        return [_written(f.kind, v) for v in value]
    return _written(f.kind, value)


def draft_doc(draft: HandDraft) -> dict[str, Any]:
    """The draft as a JSON-ready document."""
    return {"v": VERSION} | {f.name: _write(f, getattr(draft, f.name)) for f in FIELDS}


def tally_doc(tally: LiveTally) -> dict[str, Any]:
    """The live tally as a JSON-ready document."""
    play = {f.name: _write(f, getattr(tally, f.name)) for f in PLAY}
    return {"v": VERSION, "deal": tally.deal} | play | {"log": list(tally.log)}


# -- reading ---------------------------------------------------------------------
def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _side(value: object) -> int | None:
    if value is None:
        return None
    if isinstance(value, int) and not isinstance(value, bool) and value in (0, 1):
        return value
    raise DraftDocError(f"not a side: {value!r}")


def _typed(value: object) -> int | str | None:
    """A number as typed: a whole number, text, or blank."""
    if value is None or _is_int(value) or isinstance(value, str):
        return cast("int | str | None", value)
    raise DraftDocError(f"not a typed number: {value!r}")


def _count(value: object) -> int:
    """A count the draft keeps as a number (text typed stays text: see
    ``hand_draft.as_entered``)."""
    if _is_int(value) or isinstance(value, str):
        return cast(int, value)
    raise DraftDocError(f"not a count: {value!r}")


def _pair(value: object, item: Callable[[object], _T]) -> tuple[_T, _T]:
    if not isinstance(value, list) or len(value) != 2:
        raise DraftDocError(f"not a pair: {value!r}")
    return (item(value[0]), item(value[1]))


def _ranks(value: object) -> tuple[Rank, ...]:
    if not isinstance(value, list):
        raise DraftDocError(f"not a list of ranks: {value!r}")
    try:
        return tuple(Rank.parse(r) for r in value)
    except (TypeError, ValueError) as exc:
        raise DraftDocError(f"not a list of ranks: {value!r}") from exc


def _bagari(value: object) -> tuple[int, ...]:
    if not isinstance(value, list) or not all(_is_int(v) for v in value):
        raise DraftDocError(f"not a list of bagari: {value!r}")
    return tuple(value)


def _fields(doc: object, names: tuple[str, ...]) -> Mapping[str, Any]:
    if not isinstance(doc, Mapping) or doc.get("v") != VERSION:
        raise DraftDocError(f"not a draft document of version {VERSION}: {doc!r}")
    missing = [n for n in names if n not in doc]
    if missing:
        raise DraftDocError(f"a draft document without {', '.join(missing)}")
    return doc


def _spades(value: object) -> tuple[int | None, ...]:
    if not isinstance(value, list) or len(value) != len(RANKS):
        raise DraftDocError(f"not a side per spade: {value!r}")
    return tuple(_side(s) for s in value)


def _form(value: object) -> SpadeForm:
    try:
        return SpadeForm(cast(str, value))
    except ValueError as exc:
        raise DraftDocError(f"not a spade form: {value!r}") from exc


def _declaration(value: object) -> Declaration | None:
    if value is None:
        return None
    if (
        not isinstance(value, Mapping)
        or not isinstance(value.get("by"), str)
        or not _is_int(value.get("deal"))
    ):
        raise DraftDocError(f"not a declaration: {value!r}")
    return Declaration(value["by"], value["deal"])


def _whole(value: object) -> int:
    if not _is_int(value):
        raise DraftDocError(f"not a whole number: {value!r}")
    return cast(int, value)


_Reads = Mapping[Kind, Callable[[object], Any]]

#: how the draft reads one value of each kind back
_DRAFT_READS: _Reads = {
    Kind.FORM: _form,
    Kind.SPADES: _spades,
    Kind.SIDE: _side,
    Kind.TYPED: _typed,
    Kind.COUNT: _count,
    Kind.RANKS: _ranks,
    Kind.VALUES: _bagari,
    Kind.DECLARATION: _declaration,
}
#: the live tally counts taps: its counts are whole numbers, never text
_TALLY_READS: _Reads = {**_DRAFT_READS, Kind.COUNT: _whole}


def _read(
    f: HandField, value: object, reads: Mapping[Kind, Callable[[object], Any]]
) -> Any:
    if f.per_side:
        return _pair(value, reads[f.kind])
    return reads[f.kind](value)


def draft_from_doc(doc: object) -> HandDraft:
    """The draft a document of :func:`draft_doc` holds (:class:`DraftDocError`)."""
    d = _fields(doc, DRAFT_FIELDS)
    return HandDraft(**{f.name: _read(f, d[f.name], _DRAFT_READS) for f in FIELDS})


def tally_from_doc(doc: object) -> LiveTally:
    """The tally a document of :func:`tally_doc` holds (:class:`DraftDocError`)."""
    d = _fields(doc, TALLY_FIELDS)
    deal, log = d["deal"], d["log"]
    if not _is_int(deal) or deal < 1:
        raise DraftDocError(f"not a deal: {deal!r}")
    if not isinstance(log, list) or not all(isinstance(x, str) for x in log):
        raise DraftDocError(f"not a log: {log!r}")
    play = {f.name: _read(f, d[f.name], _TALLY_READS) for f in PLAY}
    return LiveTally(deal=deal, **play, log=tuple(log))


def field_names(cls: type) -> tuple[str, ...]:
    """The dataclass fields of ``cls`` (the tests compare them with the above)."""
    return tuple(f.name for f in fields(cls))
