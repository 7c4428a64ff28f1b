"""The match file (``spazzino-match`` v1) and the score document (FORMAT.md).

:func:`parse_match` turns a decoded JSON value into a :class:`Match` (checked
whole by the engine), :func:`dump_match` does the reverse, so export and
import are one pair of functions. :func:`score_document` and
:func:`score_table` render a :class:`MatchState` for ``python main.py score``.
Every refusal is a :class:`MatchFileError` whose message is one line naming
the place (``hand 2, side 2 (Bruno): spades: '7' is taken by both sides``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, TypeVar, cast

from .engine import MAX_HANDS, MatchState, evaluate, too_many_hands
from .model import (
    Declaration,
    Hand,
    Match,
    MatchSetup,
    Rank,
    Rules,
    SideTally,
    SpadeCount,
    SpadeList,
    SpazzinoNumeral,
    Ties,
)
from .names import clean_name
from .problems import HandError
from .scoring import ITEMS

_T = TypeVar("_T")

FORMAT_NAME = "spazzino-match"
FORMAT_VERSION = 1
SCORE_FORMAT_NAME = "spazzino-score"

TOP_KEYS = {"format", "version", "players", "first_dealer", "rules", "hands", "meta"}
RULE_KEYS = {"target", "spazzino_numeral", "ties", "scaluneddu", "early_win"}
HAND_KEYS = {"sides", "declaration"}
DECLARATION_KEYS = {"by", "deal"}
SIDE_KEYS = {
    "cards",
    "spades",
    "settebello",
    "piccole",
    "spazzini",
    "bagari",
    "scaluneddu",
}
COUNT_FORM_KEYS = {"due_di_spade", "fante_di_spade", "napola"}
META_KEYS = ("id", "created", "updated", "notes")


class MatchFileError(ValueError):
    """A match file that cannot be read as a match; ``str()`` is one line."""


@dataclass(frozen=True)
class MatchDocument:
    match: Match
    meta: dict[str, Any] | None = None


def _kind(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


class _Reader:
    """Reads one document, remembering where it is for error messages."""

    def __init__(self, stored: bool = False) -> None:
        self.side_names: tuple[str, str] | None = None
        self.stored = stored

    def fail(self, where: str, what: str) -> MatchFileError:
        text = f"{where}: {what}" if where else what
        # one line even when a player's name holds a line break
        return MatchFileError(" ".join(text.split()))

    def obj(self, value: object, where: str) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise self.fail(where, f"expected an object, found {_kind(value)}")
        return value

    def keys(self, d: Mapping[str, Any], allowed: set[str], where: str) -> None:
        unknown = sorted(set(d) - allowed)
        if unknown:
            raise self.fail(where, f"unknown key {unknown[0]!r}")

    def required(self, d: Mapping[str, Any], key: str, where: str) -> Any:
        if key not in d:
            raise self.fail(where, f"{key}: missing")
        return d[key]

    def typed(
        self, value: object, kinds: tuple[type[_T], ...], where: str, what: str
    ) -> _T:
        if isinstance(value, kinds) and not (
            isinstance(value, bool) and bool not in kinds
        ):
            return value
        shown = _kind(value) if value is None else f"{_kind(value)} {value!r}"
        raise self.fail(where, f"expected {what}, found {shown}")

    # -- top level -----------------------------------------------------------
    def header(
        self, doc: object, what: str, keys: set[str], name: str, version: int
    ) -> dict[str, Any]:
        """*doc* as an object of *keys* only, its format *name* v*version*."""
        d = self.obj(doc, what)
        self.keys(d, keys, what)
        fmt = self.required(d, "format", what)
        if fmt != name:
            raise self.fail("format", f"expected {name!r}, found {fmt!r}")
        found = self.required(d, "version", what)
        if type(found) is not int or found != version:
            raise self.fail(
                "version",
                f"version {found!r} is not supported (this program reads "
                f"version {version})",
            )
        return d

    def document(self, doc: object) -> MatchDocument:
        d = self.header(doc, "match", TOP_KEYS, FORMAT_NAME, FORMAT_VERSION)
        players = self.players(self.required(d, "players", "match"))
        first = d.get("first_dealer", players[0] if players else None)
        if first is not None:
            first = self.typed(first, (str,), "first_dealer", "a player's name")
            first = clean_name(first)
        rules = self.rules(d.get("rules", {}))
        setup = MatchSetup(tuple(players), first, rules)
        try:
            from .setup_checks import check_setup

            check_setup(setup)
        except HandError as e:
            raise self.fail("", e.message()) from None
        self.side_names = (setup.side_name(0), setup.side_name(1))
        hands_raw = self.typed(
            self.required(d, "hands", "match"), (list,), "hands", "a list"
        )
        if len(hands_raw) > MAX_HANDS and not self.stored:  # before reading them
            raise self.fail("", too_many_hands(len(hands_raw)).text())
        hands = tuple(self.hand(h, i + 1) for i, h in enumerate(hands_raw))
        meta = d.get("meta")
        if meta is not None:
            meta = dict(self.obj(meta, "meta"))
        match = Match(setup, hands)
        try:
            evaluate(match)
        except HandError as e:
            raise self.fail("", e.message()) from None
        return MatchDocument(match, meta)

    def players(self, value: object) -> list[str]:
        items: list[object] = self.typed(value, (list,), "players", "a list of names")
        names: list[str] = []
        for i, item in enumerate(items):
            name = self.typed(item, (str,), f"players: player {i + 1}", "a name")
            try:
                name.encode("utf-8")
            except UnicodeEncodeError:  # a lone surrogate: "\ud800" in the JSON
                raise self.fail(
                    f"players: player {i + 1}", f"{name!r} is not valid Unicode text"
                ) from None
            names.append(clean_name(name))  # RULES §4: stored trimmed, collapsed
        return names

    def rules(self, value: object) -> Rules:
        d = self.obj(value, "rules")
        self.keys(d, RULE_KEYS, "rules")
        kw: dict[str, Any] = {}
        if "target" in d:
            kw["target"] = self.typed(
                d["target"], (int,), "rules: target", "a whole number"
            )
        for key, enum in (("spazzino_numeral", SpazzinoNumeral), ("ties", Ties)):
            if key in d:
                choices = [e.value for e in enum]
                if d[key] not in choices:
                    raise self.fail(
                        f"rules: {key}",
                        f"{d[key]!r} is not one of {', '.join(choices)}",
                    )
                kw[key] = enum(d[key])
        for key in ("scaluneddu", "early_win"):
            if key in d:
                kw[key] = self.typed(d[key], (bool,), f"rules: {key}", "true or false")
        return Rules(**kw)

    # -- hands ---------------------------------------------------------------
    def hand(self, value: object, number: int) -> Hand:
        where = f"hand {number}"
        d = self.obj(value, where)
        self.keys(d, HAND_KEYS, where)
        sides = self.typed(
            self.required(d, "sides", where), (list,), f"{where}: sides", "a list"
        )
        if len(sides) != 2:
            raise self.fail(
                f"{where}: sides", f"expected 2 side tallies, found {len(sides)}"
            )
        tallies = (self.side(sides[0], number, 0), self.side(sides[1], number, 1))
        declaration = None
        if d.get("declaration") is not None:
            dd = self.obj(d["declaration"], f"{where}: declaration")
            self.keys(dd, DECLARATION_KEYS, f"{where}: declaration")
            by = self.typed(
                self.required(dd, "by", f"{where}: declaration"),
                (str,),
                f"{where}: declaration: by",
                "a player's name",
            )
            deal = self.typed(
                self.required(dd, "deal", f"{where}: declaration"),
                (int,),
                f"{where}: declaration: deal",
                "a whole number",
            )
            declaration = Declaration(clean_name(by), deal)
        return Hand(tallies, declaration)

    def side(self, value: object, number: int, side: int) -> SideTally:
        label = f"side {side + 1}"
        if self.side_names:
            label += f" ({self.side_names[side]})"
        where = f"hand {number}, {label}"
        d = self.obj(value, where)
        spades_raw = self.required(d, "spades", where)
        is_count = isinstance(spades_raw, (int, float)) and not isinstance(
            spades_raw, bool
        )
        self.keys(d, SIDE_KEYS | (COUNT_FORM_KEYS if is_count else set()), where)
        if is_count:
            spades: SpadeCount | SpadeList = SpadeCount(
                spades_raw,
                self.required(d, "due_di_spade", where),
                self.required(d, "fante_di_spade", where),
                self.required(d, "napola", where),
            )
        elif isinstance(spades_raw, list):
            spades = SpadeList(tuple(_rank_or_raw(r) for r in spades_raw))
        else:
            raise self.fail(
                f"{where}: spades",
                f"expected a list of ranks or a count, found {_kind(spades_raw)}",
            )
        return SideTally(
            cards=self.required(d, "cards", where),
            spades=spades,
            settebello=self.required(d, "settebello", where),
            piccole=d.get("piccole", 0),
            spazzini=tuple(
                _rank_or_raw(r)
                for r in self.typed(
                    d.get("spazzini", []), (list,), f"{where}: spazzini", "a list"
                )
            ),
            bagari=tuple(
                self.typed(d.get("bagari", []), (list,), f"{where}: bagari", "a list")
            ),
            scaluneddu=d.get("scaluneddu", 0),
        )


def _rank_or_raw(value: object) -> Rank | str:
    """The :class:`Rank` spelled by *value*, or *value* itself for the checks.

    Typed as ``Rank | str`` like the model's fields, but the raw value may be
    any JSON value: ``validation`` reports it as a problem (see ``model``).
    """
    try:
        return Rank.parse(value)
    except ValueError:
        return cast("Rank | str", value)


def parse_match(doc: object, *, stored: bool = False) -> MatchDocument:
    """Read a decoded match file; :class:`MatchFileError` if it is not valid.
    *stored*: a record the app stored (its hands not bounded: a match stored
    before the bound keeps opening)."""
    return _Reader(stored).document(doc)


def parse_rules(value: object) -> Rules:
    """Read a ``rules`` object of a match file (FORMAT.md), every key optional.

    >>> parse_rules({"target": 21}).target
    21
    """
    return _Reader().rules(value)


# The field reader, for documents that hold match files (the tournament): the
# same kinds named the same way in every message.
FieldReader = _Reader


# -- writing ------------------------------------------------------------------
def _dump_side(t: SideTally) -> dict[str, Any]:
    d: dict[str, Any] = {"cards": t.cards}
    if isinstance(t.spades, SpadeCount):
        d["spades"] = t.spades.count
        d["due_di_spade"] = t.spades.due_di_spade
        d["fante_di_spade"] = t.spades.fante_di_spade
        d["napola"] = t.spades.napola
    else:
        d["spades"] = [str(r) for r in t.spades.ranks]
    d["settebello"] = t.settebello
    d["piccole"] = t.piccole
    d["spazzini"] = [str(r) for r in t.spazzini]
    d["bagari"] = list(t.bagari)
    d["scaluneddu"] = t.scaluneddu
    return d


def dump_rules(rules: Rules) -> dict[str, Any]:
    return {
        "target": rules.target,
        "spazzino_numeral": rules.spazzino_numeral.value,
        "ties": rules.ties.value,
        "scaluneddu": rules.scaluneddu,
        "early_win": rules.early_win,
    }


def dump_hand(hand: Hand) -> dict[str, Any]:
    d: dict[str, Any] = {"sides": [_dump_side(t) for t in hand.sides]}
    if hand.declaration is not None:
        d["declaration"] = {"by": hand.declaration.by, "deal": hand.declaration.deal}
    return d


def dump_match(match: Match, meta: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The FORMAT.md document of *match* (JSON-ready); the inverse of parse."""
    setup = match.setup
    doc: dict[str, Any] = {
        "format": FORMAT_NAME,
        "version": FORMAT_VERSION,
        "players": list(setup.players),
        "first_dealer": setup.first_dealer or setup.players[0],
        "rules": dump_rules(setup.rules),
        "hands": [dump_hand(h) for h in match.hands],
    }
    if meta is not None:
        doc["meta"] = dict(meta)
    return doc


# -- the score document -------------------------------------------------------
def score_document(state: MatchState) -> dict[str, Any]:
    """The ``--json`` output of ``python main.py score`` (FORMAT.md)."""
    setup = state.setup
    hands = []
    for h in state.hands:
        decl = None
        if h.declaration is not None:
            decl = {
                "by": h.declaration.by,
                "deal": h.declaration.deal,
                "correct": h.declaration.correct,
            }
        hands.append(
            {
                "number": h.number,
                "dealer": h.seats.dealer,
                "points": [p.as_dict() for p in h.points],
                "totals": list(h.totals),
                "declaration": decl,
            }
        )
    return {
        "format": SCORE_FORMAT_NAME,
        "version": FORMAT_VERSION,
        "sides": [list(setup.side_players(0)), list(setup.side_players(1))],
        "hands": hands,
        "totals": list(state.totals),
        "status": state.status.value,
        "winner": None if state.winner is None else state.winner + 1,
        "next_dealer": None if state.next_seats is None else state.next_seats.dealer,
    }


SHORT_ITEM: dict[str, str] = {  # a breakdown item's column head, three letters
    "cards": "Car",
    "spades": "Spa",
    "settebello": "7b",
    "fante_di_spade": "FS",
    "due_di_spade": "2S",
    "napola": "Nap",
    "piccole": "Pic",
    "spazzini": "Spz",
    "bagari": "Bag",
    "scaluneddu": "Sca",
}


def score_table(state: MatchState) -> str:
    """A table a person can read in a terminal: one row per hand and side."""
    setup = state.setup
    names = [setup.side_name(0), setup.side_name(1)]
    width = max(8, *(len(n) for n in names))
    dealer_w = max(6, *(len(p) for p in setup.players))
    rules = setup.rules
    lines = [
        f"{names[0]} v {names[1]}",
        f"target {rules.target} · spazzino numeral: {rules.spazzino_numeral.value} · "
        f"ties: {rules.ties.value} · scaluneddu: {'on' if rules.scaluneddu else 'off'}"
        f" · early win: {'on' if rules.early_win else 'off'}",
        "",
    ]
    head = (
        f"{'Hand':>4}  {'Dealer':<{dealer_w}}  {'Side':<{width}} "
        + " ".join(f"{SHORT_ITEM[i]:>3}" for i in ITEMS)
        + f"  {'Pts':>4}  {'Total':>5}"
    )
    lines += [head, "-" * len(head)]
    for h in state.hands:
        for side in (0, 1):
            p = h.points[side]
            first = side == 0
            row = (
                f"{h.number if first else '':>4}  "
                f"{h.seats.dealer if first else '':<{dealer_w}}  "
                f"{names[side]:<{width}} "
                + " ".join(f"{getattr(p, i):>3}" for i in ITEMS)
                + f"  {p.total:>4}  {h.totals[side]:>5}"
            )
            lines.append(row)
        if h.declaration is not None:
            verdict = "right" if h.declaration.correct else "wrong"
            lines.append(
                f"      declaration by {h.declaration.by} in deal "
                f"{h.declaration.deal}: {verdict}"
            )
    lines.append("-" * len(head))
    lines.append(f"Totals: {names[0]} {state.totals[0]} – {names[1]} {state.totals[1]}")
    if state.winner is not None:
        assert state.ending is not None, "a won match has an ending"
        how = {
            "target": "reached the target",
            "tie_break": "after a tie-break",
            "declaration_right": "by a right declaration",
            "declaration_wrong": "the opponent's declaration was wrong",
        }[state.ending.value]
        lines.append(f"Won by {names[state.winner]} ({how})")
    elif state.status.value == "tie_break":
        assert state.next_seats is not None, "only a won match has no next dealer"
        lines.append(f"Tie at or past {rules.target}: a tie-break hand is due")
        lines.append(f"Next dealer: {state.next_seats.dealer}")
    else:
        assert state.next_seats is not None, "only a won match has no next dealer"
        lines.append(
            f"In progress: {names[0]} needs {state.missing(0)}, "
            f"{names[1]} needs {state.missing(1)}"
        )
        lines.append(f"Next dealer: {state.next_seats.dealer}")
    lines.append(
        "Columns: Car carte, Spa spade, 7b settebello, FS fante di spade, "
        "2S due di spade, Nap napola, Pic piccole, Spz spazzini, Bag bagari, "
        "Sca scaluneddu"
    )
    return "\n".join(lines)
