"""The tournament document (``spazzino-tournament`` v1, docs/TOURNAMENT.md).

:func:`parse_tournament` turns a decoded JSON value into a
:class:`Tournament`, every match read and checked by the match file's own
reader (``core.matchfile``) and then against its round: the entrants' players
on the right sides, the tournament's rules, no rematch, no second bye.
:func:`dump_tournament` is the inverse. Every refusal is a
:class:`TournamentFileError` whose message is one line naming the place
(``round 2, table 1: hand 3, side 1 (Anna): cards: ...``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from ..matchfile import (
    FieldReader,
    MatchFileError,
    dump_match,
    dump_rules,
    parse_match,
    parse_rules,
)
from ..model import Match, MatchSetup
from ..names import clean_name, name_fault, name_key, shown_name
from ..problems import HandError
from ..setup_checks import check_setup, name_problem
from .model import Round, System, Table, Tournament

FORMAT_NAME = "spazzino-tournament"
FORMAT_VERSION = 1
MAX_TOURNAMENT_NAME = 80
TOP_KEYS = {
    "format",
    "version",
    "name",
    "rules",
    "players_per_side",
    "entrants",
    "system",
    "rounds",
    "seed",
    "season",
    "joined",
    "withdrawn",
    "meta",
}
REQUIRED_KEYS = ("name", "players_per_side", "entrants", "system", "rounds")
TABLE_KEYS = {"table", "entrants", "match"}


class TournamentFileError(MatchFileError):
    """A tournament document that cannot be read; ``str()`` is one line."""


@dataclass(frozen=True)
class TournamentDocument:
    tournament: Tournament
    meta: dict[str, Any] | None = None


class _Reader(FieldReader):
    def __init__(self, stored: bool = False) -> None:
        super().__init__()
        # a stored tournament made before its name passed the name rule
        # (issue 34) is read as it is, as a stored player's name is
        self.stored = stored

    def fail(self, where: str, what: str) -> TournamentFileError:
        text = f"{where}: {what}" if where else what
        return TournamentFileError(" ".join(text.split()))

    def document(self, doc: object) -> TournamentDocument:  # type: ignore[override]
        d = self.header(doc, "tournament", TOP_KEYS, FORMAT_NAME, FORMAT_VERSION)
        for key in REQUIRED_KEYS:
            self.required(d, key, "tournament")
        name = self.name(d["name"])
        pps = d["players_per_side"]
        if type(pps) is not int or pps not in (1, 2):
            raise self.fail("players_per_side", f"expected 1 or 2, found {pps!r}")
        try:
            rules = parse_rules(d.get("rules", {}))
        except MatchFileError as e:
            raise self.fail("", str(e)) from None
        entrants = self.entrants(d["entrants"], pps)
        try:  # the rules must make a match of these sides (early_win, target)
            check_setup(MatchSetup(tuple(f"{i}" for i in range(2 * pps)), None, rules))
        except HandError as e:
            raise self.fail("rules", e.message()) from None
        systems = [s.value for s in System]
        if d["system"] not in systems:
            raise self.fail(
                "system", f"{d['system']!r} is not one of {', '.join(systems)}"
            )
        seed = d.get("seed")
        if seed is not None and (type(seed) is not int or not 0 <= seed < 2**63):
            raise self.fail("seed", f"expected a whole number from 0, found {seed!r}")
        season = d.get("season")
        if season is not None:
            season = self.name(season, "season")
        raw_rounds = self.typed(d["rounds"], (list,), "rounds", "a list of rounds")
        t = Tournament(
            name, rules, pps, entrants, System(d["system"]), seed=seed, season=season
        )
        t = self.comings_and_goings(t, d, len(raw_rounds))
        for number, raw in enumerate(raw_rounds, start=1):
            t = t.with_round(self.round(t, raw, number))
        meta = d.get("meta")
        if meta is not None:
            meta = dict(self.obj(meta, "meta"))
        return TournamentDocument(t, meta)

    def name(self, value: object, key: str = "name") -> str:
        """The tournament's name (or its season's, *key*), under the players'
        one name rule (``core/names.py``): printed by ``tournament standings``
        and shown on every phone, it may hold no control or invisible
        character."""
        raw = self.typed(value, (str,), key, "a name")
        fault = name_fault(raw, MAX_TOURNAMENT_NAME)
        if fault is None or (fault.code == "character" and self.stored):
            return clean_name(raw)
        if fault.code == "empty":
            raise self.fail(
                key, f"the {'tournament' if key == 'name' else key} needs a name"
            )
        if fault.code == "too_long":
            raise self.fail(
                key,
                f"'{fault.shown}' is longer than {MAX_TOURNAMENT_NAME} characters",
            )
        raise self.fail(
            key,
            f"'{fault.shown}' has {fault.char}: a name has letters, digits, "
            "punctuation and spaces only (no emoji, symbols or control characters)",
        )

    def comings_and_goings(
        self, t: Tournament, d: Mapping[str, Any], rounds: int
    ) -> Tournament:
        """*t* with its late entrants (``joined``: ``{"entrant", "round"}``,
        the first round played, 2 to the round after the last drawn) and its
        withdrawals (``withdrawn``: ``{"entrant", "after_round"}``, 0 to the
        last round drawn); a round robin has none once a round is drawn."""
        lists: dict[str, list[tuple[int, int]]] = {}
        for key, field, low, high in (
            ("joined", "round", 2, rounds + 1),
            ("withdrawn", "after_round", 0, rounds),
        ):
            items = self.typed(d.get(key, []), (list,), key, "a list")
            seen: set[int] = set()
            pairs: list[tuple[int, int]] = []
            for k, item in enumerate(items, start=1):
                where = f"{key}, item {k}"
                obj = self.obj(item, where)
                self.keys(obj, {"entrant", field}, where)
                e = self.typed(
                    self.required(obj, "entrant", where),
                    (int,),
                    f"{where}: entrant",
                    "an entrant's index",
                )
                n = self.typed(
                    self.required(obj, field, where),
                    (int,),
                    f"{where}: {field}",
                    "a round's number",
                )
                if not 0 <= e < len(t.entrants):
                    raise self.fail(
                        f"{where}: entrant",
                        f"{e} is not an entrant (0 to {len(t.entrants) - 1})",
                    )
                if e in seen:
                    raise self.fail(where, f"entrant {e} is listed twice")
                if not low <= n <= high:
                    raise self.fail(
                        f"{where}: {field}",
                        f"{n} is not a round from {low} to {high}",
                    )
                seen.add(e)
                pairs.append((e, n))
            lists[key] = pairs
        if t.system is System.ROUND_ROBIN and rounds and any(lists.values()):
            raise self.fail(
                "joined" if lists["joined"] else "withdrawn",
                "a round robin's entrants are the same in every round",
            )
        t = replace(
            t, joined=tuple(lists["joined"]), withdrawn=tuple(lists["withdrawn"])
        )
        for e, after in t.withdrawn:
            if after < t.first_round(e) - 1:
                raise self.fail(
                    "withdrawn",
                    f"{t.entrant_name(e)} withdrew after round {after}, before "
                    f"joining in round {t.first_round(e)}",
                )
        return t

    def entrants(self, value: object, pps: int) -> tuple[tuple[str, ...], ...]:
        items: list[object] = self.typed(value, (list,), "entrants", "a list")
        if len(items) < 2:
            raise self.fail(
                "entrants", f"a tournament needs 2 entrants, found {len(items)}"
            )
        seen: dict[str, int] = {}
        out: list[tuple[str, ...]] = []
        for i, item in enumerate(items):
            where = f"entrants: entrant {i + 1}"
            if pps == 1:
                raw = [self.typed(item, (str,), where, "a player's name")]
            else:
                raw = self.typed(item, (list,), where, "a pair of names")
                if len(raw) != 2:
                    raise self.fail(where, f"expected 2 names, found {len(raw)}")
            names = tuple(self.player(n, where, seen, i) for n in raw)
            out.append(names)
        return tuple(out)

    def player(self, value: object, where: str, seen: dict[str, int], i: int) -> str:
        name = clean_name(self.typed(value, (str,), where, "a player's name"))
        try:
            name.encode("utf-8")
        except UnicodeEncodeError:
            raise self.fail(where, f"{name!r} is not valid Unicode text") from None
        problem = name_problem(name, 1)  # the one name rule (core/names.py)
        if problem is not None:
            raise self.fail(where, problem.text().removeprefix("players: "))
        key = name_key(name)
        if key in seen:
            raise self.fail(
                where,
                f"'{shown_name(name)}' is already entrant {seen[key] + 1}'s player",
            )
        seen[key] = i
        return name

    def round(self, t: Tournament, value: object, number: int) -> Round:
        where = f"round {number}"
        items: list[object] = self.typed(value, (list,), where, "a list of tables")
        tables: list[Table] = []
        placed: dict[int, int] = {}  # entrant -> table number in this round
        for k, item in enumerate(items, start=1):
            d = self.obj(item, f"{where}, item {k}")
            self.keys(d, TABLE_KEYS, f"{where}, item {k}")
            n = self.typed(
                self.required(d, "table", f"{where}, item {k}"),
                (int,),
                f"{where}, item {k}: table",
                "a table number",
            )
            at = f"{where}, table {n}"
            if n < 1:
                raise self.fail(at, "a table number is 1 or more")
            if any(tb.number == n for tb in tables):
                raise self.fail(at, "two tables of the round have this number")
            entrants = self.pair(t, self.required(d, "entrants", at), at)
            for e in entrants:
                self.paired_then(t, e, number, at)
                if e in placed:
                    raise self.fail(
                        at,
                        f"{t.entrant_name(e)} is already at table {placed[e]} "
                        "of this round",
                    )
                placed[e] = n
            table = Table(n, entrants)
            raw_match = self.required(d, "match", at)
            if raw_match is not None:
                if table.bye:
                    raise self.fail(at, "a bye has no match")
                try:
                    doc = parse_match(raw_match)
                except MatchFileError as e:
                    raise self.fail(at, str(e)) from None
                problem = table_match_problem(t, table, doc.match)
                if problem:
                    raise self.fail(at, problem)
                table = Table(n, entrants, doc.match, doc.meta)
            tables.append(table)
        missing = [e for e in t.playing(number) if e not in placed]
        if missing:
            raise self.fail(where, f"{t.entrant_name(missing[0])} is at no table")
        byes = [tb for tb in tables if tb.bye]
        if len(byes) > 1:
            raise self.fail(where, "a round has at most one bye")
        self.no_rematch(t, tables, number)
        return tuple(tables)

    def paired_then(self, t: Tournament, e: int, number: int, at: str) -> None:
        """Refuse entrant *e* at a table of round *number* when it had not
        come yet or had withdrawn."""
        if t.first_round(e) > number:
            raise self.fail(
                at, f"{t.entrant_name(e)} plays from round {t.first_round(e)}"
            )
        after = t.withdrawn_after(e)
        if after is not None and number > after:
            raise self.fail(at, f"{t.entrant_name(e)} withdrew after round {after}")

    def pair(self, t: Tournament, value: object, at: str) -> tuple[int, ...]:
        items: list[object] = self.typed(value, (list,), f"{at}: entrants", "a list")
        if len(items) not in (1, 2):
            raise self.fail(
                f"{at}: entrants",
                f"expected 2 entrants or 1 (a bye), found {len(items)}",
            )
        out: list[int] = []
        for item in items:
            i = self.typed(item, (int,), f"{at}: entrants", "an entrant's index")
            if not 0 <= i < len(t.entrants):
                raise self.fail(
                    f"{at}: entrants",
                    f"{i} is not an entrant (0 to {len(t.entrants) - 1})",
                )
            out.append(i)
        if len(out) == 2 and out[0] == out[1]:
            raise self.fail(f"{at}: entrants", "an entrant cannot meet itself")
        return tuple(out)

    def no_rematch(self, t: Tournament, tables: list[Table], number: int) -> None:
        for earlier, past in enumerate(t.rounds, start=1):
            for old in past:
                for new in tables:
                    if new.bye and old.bye and new.entrants == old.entrants:
                        raise self.fail(
                            f"round {number}, table {new.number}",
                            f"{t.entrant_name(new.entrants[0])} had a bye "
                            f"in round {earlier}",
                        )
                    if not new.bye and set(new.entrants) == set(old.entrants):
                        a, b = (t.entrant_name(e) for e in new.entrants)
                        raise self.fail(
                            f"round {number}, table {new.number}",
                            f"{a} and {b} already met in round {earlier}",
                        )


def table_match_problem(t: Tournament, table: Table, match: Match) -> str | None:
    """Why *match* cannot be the match of *table* (None when it can): its
    sides must be the table's entrants, side 1 the first (with pairs each
    side's two players in either seat), and its rules the tournament's."""
    want = t.setup_for(table)
    got = match.setup
    if len(got.players) != len(want.players):
        return (
            f"players: expected {len(want.players)} players "
            f"({want.side_name(0)} v {want.side_name(1)}), found {len(got.players)}"
        )
    for side in (0, 1):
        wanted = sorted(name_key(p) for p in want.side_players(side))
        if sorted(name_key(p) for p in got.side_players(side)) != wanted:
            return (
                f"players: side {side + 1} is {got.side_name(side)}, "
                f"the table's entrant is {want.side_name(side)}"
            )
    if got.rules != t.rules:
        ours, theirs = dump_rules(t.rules), dump_rules(got.rules)
        key = next(k for k in ours if ours[k] != theirs[k])
        return f"rules: {key} is {theirs[key]!r}, the tournament plays {ours[key]!r}"
    return None


def parse_tournament(doc: object, *, stored: bool = False) -> Tournament:
    """Read a decoded tournament document; :class:`TournamentFileError` if it
    is not valid. *stored*: a record of ``tournaments.json``, whose name may
    hold a character the name rule refuses since issue 34 (its length is
    still checked): a club night kept before stays readable.

    >>> t = parse_tournament({"format": "spazzino-tournament", "version": 1,
    ...     "name": "Circolo", "players_per_side": 1,
    ...     "entrants": ["Anna", "Bruno", "Carla"], "system": "round-robin",
    ...     "rounds": [[{"table": 1, "entrants": [0, 1], "match": None},
    ...                 {"table": 2, "entrants": [2], "match": None}]]})
    >>> t.rounds[0][1].bye
    True
    """
    return _Reader(stored).document(doc).tournament


def read_tournament_document(doc: object) -> TournamentDocument:
    """:func:`parse_tournament`, with the document's ``meta`` (id, dates)."""
    return _Reader().document(doc)


def _dump_table(table: Table) -> dict[str, Any]:
    match = None if table.match is None else dump_match(table.match, table.match_meta)
    return {"table": table.number, "entrants": list(table.entrants), "match": match}


def dump_tournament(
    t: Tournament, meta: Mapping[str, Any] | None = None
) -> dict[str, Any]:
    """The document of *t* (JSON-ready); the inverse of :func:`parse_tournament`."""
    doc: dict[str, Any] = {
        "format": FORMAT_NAME,
        "version": FORMAT_VERSION,
        "name": t.name,
        "rules": dump_rules(t.rules),
        "players_per_side": t.players_per_side,
        "entrants": [e[0] if t.players_per_side == 1 else list(e) for e in t.entrants],
        "system": t.system.value,
        "rounds": [[_dump_table(tb) for tb in r] for r in t.rounds],
    }
    if t.seed is not None:
        doc["seed"] = t.seed
    if t.season is not None:
        doc["season"] = t.season
    if t.joined:
        doc["joined"] = [{"entrant": e, "round": n} for e, n in t.joined]
    if t.withdrawn:
        doc["withdrawn"] = [{"entrant": e, "after_round": n} for e, n in t.withdrawn]
    if meta is not None:
        doc["meta"] = dict(meta)
    return doc
