"""The hand draft's documents and conversions as written before the fields
table (``scorekeeper/table/hand_fields.py``, main at ``e3efb5c``), kept as the
reference ``test_hand_fields.py`` compares the table-driven code with: same
documents, key for key and in order, same drafts, tallies and hands back.

Copied, not imported: a test helper, not part of the package.
"""

# ruff: noqa: E501
from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypeVar, cast

from scorekeeper.core.model import (
    RANKS,
    Declaration,
    Hand,
    Rank,
    SideTally,
    SpadeCount,
    SpadeList,
)
from scorekeeper.table.hand_draft import HandDraft, LiveTally, SpadeForm

VERSION = 1
_T = TypeVar("_T")
DRAFT_FIELDS = (
    "form", "spades", "spade_counts", "due_di_spade", "fante_di_spade", "napola",
    "settebello", "cards", "piccole", "spazzini", "bagari", "scaluneddu",
    "declaration",
)  # fmt: skip
TALLY_FIELDS = ("deal", "piccole", "spazzini", "bagari", "scaluneddu", "log")


class DraftDocError(ValueError):  # the old module's own
    """A stored draft document this module cannot read back."""


# -- writing ---------------------------------------------------------------------
def draft_doc(draft: HandDraft) -> dict[str, Any]:
    """The draft as a JSON-ready document."""
    d = draft.declaration
    return {
        "v": VERSION,
        "form": draft.form.value,
        "spades": list(draft.spades),
        "spade_counts": list(draft.spade_counts),
        "due_di_spade": draft.due_di_spade,
        "fante_di_spade": draft.fante_di_spade,
        "napola": list(draft.napola),
        "settebello": draft.settebello,
        "cards": list(draft.cards),
        "piccole": list(draft.piccole),
        "spazzini": [[Rank.parse(r).value for r in s] for s in draft.spazzini],
        "bagari": [list(b) for b in draft.bagari],
        "scaluneddu": list(draft.scaluneddu),
        "declaration": None if d is None else {"by": d.by, "deal": d.deal},
    }


def tally_doc(tally: LiveTally) -> dict[str, Any]:
    """The live tally as a JSON-ready document."""
    return {
        "v": VERSION,
        "deal": tally.deal,
        "piccole": list(tally.piccole),
        "spazzini": [[Rank.parse(r).value for r in s] for s in tally.spazzini],
        "bagari": [list(b) for b in tally.bagari],
        "scaluneddu": list(tally.scaluneddu),
        "log": list(tally.log),
    }


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


def draft_from_doc(doc: object) -> HandDraft:
    """The draft a document of :func:`draft_doc` holds (:class:`DraftDocError`)."""
    d = _fields(doc, DRAFT_FIELDS)
    spades = d["spades"]
    if not isinstance(spades, list) or len(spades) != len(RANKS):
        raise DraftDocError(f"not a side per spade: {spades!r}")
    declaration = d["declaration"]
    if declaration is not None:
        if (
            not isinstance(declaration, Mapping)
            or not isinstance(declaration.get("by"), str)
            or not _is_int(declaration.get("deal"))
        ):
            raise DraftDocError(f"not a declaration: {declaration!r}")
        declaration = Declaration(declaration["by"], declaration["deal"])
    try:
        form = SpadeForm(d["form"])
    except ValueError as exc:
        raise DraftDocError(f"not a spade form: {d['form']!r}") from exc
    napola = _pair(d["napola"], _count)
    return HandDraft(
        form=form,
        spades=tuple(_side(s) for s in spades),
        spade_counts=_pair(d["spade_counts"], _typed),
        due_di_spade=_side(d["due_di_spade"]),
        fante_di_spade=_side(d["fante_di_spade"]),
        napola=napola,
        settebello=_side(d["settebello"]),
        cards=_pair(d["cards"], _typed),
        piccole=_pair(d["piccole"], _count),
        spazzini=_pair(d["spazzini"], _ranks),
        bagari=_pair(d["bagari"], _bagari),
        scaluneddu=_pair(d["scaluneddu"], _count),
        declaration=declaration,
    )


def tally_from_doc(doc: object) -> LiveTally:
    """The tally a document of :func:`tally_doc` holds (:class:`DraftDocError`)."""
    d = _fields(doc, TALLY_FIELDS)
    deal, log = d["deal"], d["log"]
    if not _is_int(deal) or deal < 1:
        raise DraftDocError(f"not a deal: {deal!r}")
    if not isinstance(log, list) or not all(isinstance(x, str) for x in log):
        raise DraftDocError(f"not a log: {log!r}")

    def whole(value: object) -> int:
        if not _is_int(value):
            raise DraftDocError(f"not a whole number: {value!r}")
        return cast(int, value)

    return LiveTally(
        deal=deal,
        piccole=_pair(d["piccole"], whole),
        spazzini=_pair(d["spazzini"], _ranks),
        bagari=_pair(d["bagari"], _bagari),
        scaluneddu=_pair(d["scaluneddu"], whole),
        log=tuple(log),
    )


def as_entered(value: int | str) -> int:
    return cast(int, value)


def tally(self: HandDraft, side: int) -> SideTally:
    if self.form is SpadeForm.LIST:
        spades: SpadeList | SpadeCount = SpadeList(
            tuple(r for r in RANKS if self.spade_side(r) == side)
        )
    else:
        count = self.spade_counts[side]
        spades = SpadeCount(
            as_entered(count) if count is not None else 0,
            self.due_di_spade == side,
            self.fante_di_spade == side,
            self.napola[side],
        )
    cards = self.cards[side]
    return SideTally(
        cards=as_entered(cards) if cards is not None else 0,
        spades=spades,
        settebello=self.settebello == side,
        piccole=self.piccole[side],
        spazzini=self.spazzini[side],
        bagari=self.bagari[side],
        scaluneddu=self.scaluneddu[side],
    )


def _saved_ranks(items: tuple[Rank | str, ...]) -> tuple[Rank, ...]:
    return tuple(Rank.parse(r) for r in items)


def from_hand(hand: Hand) -> HandDraft:
    """A draft showing a saved hand, for editing it."""
    t = hand.sides
    common: dict[str, Any] = dict(
        settebello=0 if t[0].settebello else 1 if t[1].settebello else None,
        cards=(t[0].cards, t[1].cards),
        piccole=(t[0].piccole, t[1].piccole),
        spazzini=(_saved_ranks(t[0].spazzini), _saved_ranks(t[1].spazzini)),
        bagari=(tuple(t[0].bagari), tuple(t[1].bagari)),
        scaluneddu=(t[0].scaluneddu, t[1].scaluneddu),
        declaration=hand.declaration,
    )
    s0, s1 = t[0].spades, t[1].spades
    if isinstance(s0, SpadeCount) and isinstance(s1, SpadeCount):
        return HandDraft(
            form=SpadeForm.COUNT,
            spade_counts=(s0.count, s1.count),
            due_di_spade=0 if s0.due_di_spade else 1 if s1.due_di_spade else None,
            fante_di_spade=(
                0 if s0.fante_di_spade else 1 if s1.fante_di_spade else None
            ),
            napola=(s0.napola, s1.napola),
            **common,
        )
    sides: list[int | None] = [None] * len(RANKS)
    for side, s in enumerate((s0, s1)):
        if not isinstance(s, SpadeList):  # a saved hand has one spade form
            raise TypeError(f"a hand mixes spade forms: {hand!r}")
        for r in s.ranks:
            sides[RANKS.index(Rank.parse(r))] = side
    return HandDraft(form=SpadeForm.LIST, spades=tuple(sides), **common)


def to_draft(tally: LiveTally, draft: HandDraft | None = None) -> HandDraft:
    from dataclasses import replace

    return replace(
        draft or HandDraft(),
        piccole=tally.piccole,
        spazzini=tally.spazzini,
        bagari=tally.bagari,
        scaluneddu=tally.scaluneddu,
    )


def undo(self: LiveTally) -> LiveTally:
    from dataclasses import replace

    from scorekeeper.table.hand_draft import _set

    if not self.log:
        return self
    kind, side_text = self.log[-1].split(":")
    side = int(side_text)
    rest = self.log[:-1]
    if kind == "piccola":
        return replace(
            self, piccole=_set(self.piccole, side, self.piccole[side] - 1), log=rest
        )
    if kind == "spazzino":
        return replace(
            self,
            spazzini=_set(self.spazzini, side, self.spazzini[side][:-1]),
            log=rest,
        )
    if kind == "bagari":
        return replace(
            self, bagari=_set(self.bagari, side, self.bagari[side][:-1]), log=rest
        )
    return replace(
        self,
        scaluneddu=_set(self.scaluneddu, side, self.scaluneddu[side] - 1),
        log=rest,
    )
