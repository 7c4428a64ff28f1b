"""Statistics over played matches: per player, per team, head to head, series.

Pure functions over :class:`PlayedMatch` values: a domain :class:`Match` plus
the few plain facts storage keeps beside it (id, date, abandoned, the match it
is a rematch of). Nothing here imports flet or tinydb, and every figure the
statistics screens show is computed here.

Cost: each call scores every relevant match **once** (a state the caller
already holds, such as ``StoredMatch.state``, is reused and not scored
again), and gathers everything in that single pass. So the statistics of one
player over the whole history cost about one scoring pass of the matches they
played.

Conventions, and why:

* Wins, losses and win rates count only matches that were **won** and not
  abandoned; matches in progress and abandoned ones are counted apart, so an
  abandoned match can never lower (or raise) a win rate.
* Per-hand figures (points, how often an item is made) use **every hand
  played**, abandoned matches included: those points were really made at the
  table.
* An item is "made" in a hand when the side scored a point on it (a split
  tie on carte or spade, 1 point each, counts for both sides).
* Names are compared case-insensitively and without surrounding blanks;
  ``aliases`` maps a former name to the current one (storage knows renames).
* "Best comeback" is the largest deficit, after some hand, of a match the side
  then won by play: a win given by the other side's wrong declaration is no
  comeback. "Longest match" is the one with the most hands (the earliest on a
  tie).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime
from enum import StrEnum

from .engine import Ending, MatchState, Status, evaluate
from .model import Match, Rank
from .names import clean_name, name_key
from .scoring import ITEMS

__all__ = [
    "ITEMS",
    "Comeback",
    "HeadToHead",
    "ItemStats",
    "MatchRef",
    "Outcome",
    "PlayedMatch",
    "Record",
    "SeriesEntry",
    "SeriesScore",
    "SideStats",
    "all_player_stats",
    "head_to_head",
    "outcome_for",
    "player_stats",
    "players_of",
    "series_score",
    "series_scores",
    "side_stats",
    "team_stats",
]


def fold(name: str) -> str:
    """The form of a name used to compare names ("Anna  Rossi" == "anna rossi").

    RULES §4: :func:`scorekeeper.core.names.name_key`, the one definition of
    "the same player".
    """
    return name_key(name)


# -- input -------------------------------------------------------------------
@dataclass(frozen=True)
class PlayedMatch:
    """A match as the statistics see it.

    ``state`` may carry the match's already computed :class:`MatchState`
    (storage has it): it is then trusted and the match is not scored again.
    """

    match: Match
    id: str = ""
    played: datetime | date | None = None
    abandoned: bool = False
    rematch_of: str | None = None
    state: MatchState | None = None

    def evaluated(self) -> MatchState:
        return self.state if self.state is not None else evaluate(self.match)


class Outcome(StrEnum):
    """How a match went for one side."""

    WON = "won"
    LOST = "lost"
    IN_PROGRESS = "in_progress"
    ABANDONED = "abandoned"


def outcome_for(state: MatchState, side: int, abandoned: bool = False) -> Outcome:
    if abandoned:
        return Outcome.ABANDONED
    if state.status is not Status.WON:
        return Outcome.IN_PROGRESS
    return Outcome.WON if state.winner == side else Outcome.LOST


# -- results -----------------------------------------------------------------
@dataclass(frozen=True)
class Record:
    """Matches played and how they went, from one side's point of view."""

    won: int = 0
    lost: int = 0
    in_progress: int = 0
    abandoned: int = 0

    @property
    def played(self) -> int:
        return self.won + self.lost + self.in_progress + self.abandoned

    @property
    def finished(self) -> int:
        """Matches that count for the win rate (won by somebody, not abandoned)."""
        return self.won + self.lost

    @property
    def win_rate(self) -> float | None:
        """Won / finished, or ``None`` before any finished match."""
        return self.won / self.finished if self.finished else None

    def plus(self, outcome: Outcome) -> Record:
        key = outcome.value
        return Record(
            self.won + (key == "won"),
            self.lost + (key == "lost"),
            self.in_progress + (key == "in_progress"),
            self.abandoned + (key == "abandoned"),
        )


@dataclass(frozen=True)
class ItemStats:
    """One scoring item (FORMAT.md order) for one side over many hands."""

    item: str
    hands: int  # hands played: the denominator
    made: int  # hands in which the side scored on this item
    points: int

    @property
    def rate(self) -> float:
        """Share of hands in which the item was made (0 with no hands)."""
        return self.made / self.hands if self.hands else 0.0

    @property
    def average(self) -> float:
        """Points of this item per hand played (0 with no hands)."""
        return self.points / self.hands if self.hands else 0.0


@dataclass(frozen=True)
class MatchRef:
    """A match picked out by a statistic, and the figure that picked it."""

    match_id: str
    value: int  # hands, for the longest match
    played: datetime | date | None = None


@dataclass(frozen=True)
class Comeback:
    """The largest deficit overcome: behind by ``deficit`` after hand ``hand``."""

    match_id: str
    deficit: int
    hand: int
    played: datetime | date | None = None


@dataclass(frozen=True)
class SideStats:
    """Everything the statistics screen shows for one player or one team."""

    players: tuple[str, ...]
    record: Record
    hands: int
    points: int
    items: tuple[ItemStats, ...]  # in ITEMS order
    napola_lengths: Mapping[int, int]  # run length (3–10) -> hands
    spazzini: int  # number of spazzini made
    spazzini_by_rank: Mapping[Rank, int]  # the card of a spazzino -> how many
    bagari: int  # number of bagari made
    bagari_by_value: Mapping[int, int]  # 3 or 4 -> how many
    scaluneddu: int  # number declared
    best_comeback: Comeback | None
    longest_match: MatchRef | None
    as_first_dealer: Record  # matches where one of ``players`` dealt hand 1
    opponents: Mapping[str, Record]  # head to head with each opponent player
    partners: Mapping[str, Record] = field(default_factory=dict)  # 4 players

    @property
    def name(self) -> str:
        return " & ".join(self.players)

    @property
    def points_per_hand(self) -> float:
        return self.points / self.hands if self.hands else 0.0

    @property
    def napola(self) -> int:
        """Hands with a napola (any length)."""
        return sum(self.napola_lengths.values())

    def item(self, name: str) -> ItemStats:
        return self.items[ITEMS.index(name)]

    @property
    def breakdown(self) -> tuple[tuple[str, int], ...]:
        """(item, points) in ITEMS order: what the side's points are made of."""
        return tuple((i.item, i.points) for i in self.items)


@dataclass(frozen=True)
class HeadToHead:
    """Two players (or teams) on opposite sides; the record is ``first``'s."""

    first: tuple[str, ...]
    second: tuple[str, ...]
    record: Record
    hands: int
    points: tuple[int, int]  # points made in those hands, first then second

    @property
    def score(self) -> tuple[int, int]:
        """Finished matches won by first, by second."""
        return self.record.won, self.record.lost


# -- the accumulator (one pass) ---------------------------------------------
class _Acc:
    """Gathers one side's figures match by match; :meth:`result` freezes them."""

    def __init__(self, players: tuple[str, ...]) -> None:
        self.players = players
        self.record = Record()
        self.hands = 0
        self.made = dict.fromkeys(ITEMS, 0)
        self.points = dict.fromkeys(ITEMS, 0)
        self.napola: Counter[int] = Counter()
        self.spazzini: Counter[Rank] = Counter()
        self.bagari: Counter[int] = Counter()
        self.scaluneddu = 0
        self.comeback: Comeback | None = None
        self.longest: MatchRef | None = None
        self.first_dealer = Record()
        self.opponents: dict[str, Record] = {}
        self.partners: dict[str, Record] = {}

    def add(
        self,
        pm: PlayedMatch,
        state: MatchState,
        side: int,
        names: Callable[[str], str],
        me: frozenset[str],
    ) -> None:
        outcome = outcome_for(state, side, pm.abandoned)
        self.record = self.record.plus(outcome)
        setup = pm.match.setup
        if fold(names(setup.players[setup.dealer_seat])) in me:
            self.first_dealer = self.first_dealer.plus(outcome)
        for p in setup.side_players(1 - side):
            key = names(p)
            self.opponents[key] = self.opponents.get(key, Record()).plus(outcome)
        for p in setup.side_players(side):
            key = names(p)
            if fold(key) not in me:
                self.partners[key] = self.partners.get(key, Record()).plus(outcome)

        made, points = self.made, self.points
        worst = 0
        worst_hand = 0
        for h in state.hands:
            # vars() of the frozen dataclass: the item fields in ITEMS order,
            # read without building a tuple per hand (this loop is the cost).
            for item, value in vars(h.points[side]).items():
                if value:
                    made[item] += 1
                    points[item] += value
            napola = h.points[side].napola
            if napola:
                self.napola[napola] += 1
            behind = h.totals[1 - side] - h.totals[side]
            if behind > worst:
                worst, worst_hand = behind, h.number
        self.hands += len(state.hands)
        for hand in pm.match.hands:
            tally = hand.sides[side]
            # by the card, not its points: a fante and a 2 are worth 2 each
            self.spazzini.update(Rank.parse(rank) for rank in tally.spazzini)
            for value in tally.bagari:
                self.bagari[value] += 1
            self.scaluneddu += tally.scaluneddu
        if (
            outcome is Outcome.WON
            and state.ending is not Ending.DECLARATION_WRONG
            and worst > 0
            and (self.comeback is None or worst > self.comeback.deficit)
        ):
            self.comeback = Comeback(pm.id, worst, worst_hand, pm.played)
        n = len(state.hands)
        if n and (self.longest is None or n > self.longest.value):
            self.longest = MatchRef(pm.id, n, pm.played)

    def result(self) -> SideStats:
        items = tuple(
            ItemStats(i, self.hands, self.made[i], self.points[i]) for i in ITEMS
        )
        return SideStats(
            players=self.players,
            record=self.record,
            hands=self.hands,
            points=sum(self.points.values()),
            items=items,
            napola_lengths=dict(sorted(self.napola.items())),
            spazzini=sum(self.spazzini.values()),
            spazzini_by_rank=dict(
                sorted(self.spazzini.items(), key=lambda kv: kv[0].number)
            ),
            bagari=sum(self.bagari.values()),
            bagari_by_value=dict(sorted(self.bagari.items())),
            scaluneddu=self.scaluneddu,
            best_comeback=self.comeback,
            longest_match=self.longest,
            as_first_dealer=self.first_dealer,
            opponents=dict(sorted(self.opponents.items(), key=lambda kv: fold(kv[0]))),
            partners=dict(sorted(self.partners.items(), key=lambda kv: fold(kv[0]))),
        )


def _namer(aliases: Mapping[str, str] | None) -> Callable[[str], str]:
    """Name -> the name to report it under (aliases resolved, name cleaned)."""
    table = {fold(k): clean_name(v) for k, v in (aliases or {}).items()}

    def name(raw: str) -> str:
        return table.get(fold(raw), clean_name(raw))

    return name


def _side_holding(
    pm: PlayedMatch, me: frozenset[str], names: Callable[[str], str]
) -> int | None:
    """The side on which every name of *me* sits, or None."""
    players = pm.match.setup.players
    for side in (0, 1):
        seated = {fold(names(p)) for p in players[side::2]}
        if me <= seated:
            return side
    return None


# -- public functions --------------------------------------------------------
def side_stats(
    matches: Iterable[PlayedMatch],
    players: Sequence[str],
    *,
    aliases: Mapping[str, str] | None = None,
) -> SideStats:
    """Statistics of *players* (one player, or two teammates) over *matches*.

    Only the matches where all of *players* sit on the same side count.
    """
    names = _namer(aliases)
    shown = tuple(names(p) for p in players)
    me = frozenset(fold(p) for p in shown)
    acc = _Acc(shown)
    for pm in matches:
        side = _side_holding(pm, me, names)
        if side is not None:
            acc.add(pm, pm.evaluated(), side, names, me)
    return acc.result()


def player_stats(
    matches: Iterable[PlayedMatch],
    player: str,
    *,
    aliases: Mapping[str, str] | None = None,
) -> SideStats:
    """Statistics of one player over every match they played (on any side)."""
    return side_stats(matches, (player,), aliases=aliases)


def team_stats(
    matches: Iterable[PlayedMatch],
    first: str,
    second: str,
    *,
    aliases: Mapping[str, str] | None = None,
) -> SideStats:
    """Statistics of two players over the 4-player matches they played as a team."""
    return side_stats(matches, (first, second), aliases=aliases)


def head_to_head(
    matches: Iterable[PlayedMatch],
    first: str | Sequence[str],
    second: str | Sequence[str],
    *,
    aliases: Mapping[str, str] | None = None,
) -> HeadToHead:
    """*first* against *second* (players or teams): the matches where they sat
    on opposite sides, the record from *first*'s point of view."""
    names = _namer(aliases)
    a = (first,) if isinstance(first, str) else tuple(first)
    b = (second,) if isinstance(second, str) else tuple(second)
    a, b = tuple(names(p) for p in a), tuple(names(p) for p in b)
    me, them = frozenset(map(fold, a)), frozenset(map(fold, b))
    record, hands, pts = Record(), 0, [0, 0]
    for pm in matches:
        side = _side_holding(pm, me, names)
        if side is None or _side_holding(pm, them, names) != 1 - side:
            continue
        state = pm.evaluated()
        record = record.plus(outcome_for(state, side, pm.abandoned))
        hands += len(state.hands)
        for h in state.hands:
            pts[0] += h.points[side].total
            pts[1] += h.points[1 - side].total
    return HeadToHead(a, b, record, hands, (pts[0], pts[1]))


def all_player_stats(
    matches: Iterable[PlayedMatch], *, aliases: Mapping[str, str] | None = None
) -> dict[str, SideStats]:
    """Every player's statistics in one pass (each match scored once)."""
    names = _namer(aliases)
    accs: dict[str, tuple[_Acc, frozenset[str]]] = {}
    for pm in matches:
        state: MatchState | None = None
        for i, raw in enumerate(pm.match.setup.players):
            shown = names(raw)
            key = fold(shown)
            if key not in accs:
                accs[key] = (_Acc((shown,)), frozenset((key,)))
            acc, me = accs[key]
            state = state if state is not None else pm.evaluated()
            acc.add(pm, state, i % 2, names, me)
    out = {acc.players[0]: acc.result() for acc, _ in accs.values()}
    return dict(sorted(out.items(), key=lambda kv: fold(kv[0])))


def players_of(
    matches: Iterable[PlayedMatch], *, aliases: Mapping[str, str] | None = None
) -> tuple[str, ...]:
    """Every player who played, sorted; no match is scored."""
    names = _namer(aliases)
    seen: dict[str, str] = {}
    for pm in matches:
        for p in pm.match.setup.players:
            shown = names(p)
            seen.setdefault(fold(shown), shown)
    return tuple(sorted(seen.values(), key=fold))


# -- series: rivincita and bella --------------------------------------------
@dataclass(frozen=True)
class SeriesEntry:
    """What a series needs of one match (a history summary has all of it).

    ``winner`` is the winning side index (0 or 1), None unless the match was
    won (an abandoned or unfinished match scores nothing in the series).
    """

    id: str
    players: tuple[str, ...]
    winner: int | None
    rematch_of: str | None = None


@dataclass(frozen=True)
class SeriesScore:
    """The score of a series after one of its matches.

    ``sides`` are the sides of the series' first match and ``wins`` count
    their wins from the first match up to and including this one, whatever
    seats the players took in a rematch. ``position`` is 1 for the first
    match, 2 for the rivincita, 3 for the bella, and so on.
    """

    root: str
    sides: tuple[str, str]
    wins: tuple[int, int]
    position: int

    @property
    def is_bella(self) -> bool:
        """The third match after one win each: the decider."""
        return self.position == 3

    def text(self) -> str:
        return f"{self.wins[0]}–{self.wins[1]}"


def _side_sets(players: tuple[str, ...]) -> tuple[frozenset[str], frozenset[str]]:
    return (
        frozenset(fold(p) for p in players[0::2]),
        frozenset(fold(p) for p in players[1::2]),
    )


def series_score(
    entry: SeriesEntry, lookup: Callable[[str], SeriesEntry | None]
) -> SeriesScore | None:
    """The series score after *entry*, following ``rematch_of`` back to the
    first match with *lookup* (id -> entry, None if unknown).

    None when *entry* is no rematch, or when a link leads to a match with
    other players (not the same table: that link is ignored from there on).
    A cycle of links (a damaged file) stops the walk.
    """
    chain = [entry]
    seen = {entry.id}
    sides = _side_sets(entry.players)
    current = entry
    while current.rematch_of is not None and current.rematch_of not in seen:
        previous = lookup(current.rematch_of)
        if previous is None or set(_side_sets(previous.players)) != set(sides):
            break
        chain.append(previous)
        seen.add(previous.id)
        current = previous
    if len(chain) < 2:
        return None
    chain.reverse()
    root = chain[0]
    root_sides = _side_sets(root.players)
    wins = [0, 0]
    for m in chain:
        if m.winner is None:
            continue
        winning = _side_sets(m.players)[m.winner]
        wins[root_sides.index(winning)] += 1
    names = (" & ".join(root.players[0::2]), " & ".join(root.players[1::2]))
    return SeriesScore(root.id, names, (wins[0], wins[1]), len(chain))


def series_scores(entries: Iterable[SeriesEntry]) -> dict[str, SeriesScore]:
    """The series score after every match that belongs to a series.

    The first match of a series gets a score too once a rematch of it exists.
    """
    by_id = {e.id: e for e in entries}
    out: dict[str, SeriesScore] = {}
    for e in by_id.values():
        score = series_score(e, by_id.get)
        if score is None:
            continue
        out[e.id] = score
        root = by_id[score.root]
        if root.id not in out:
            out[root.id] = _first_of_series(root)
    return out


def _first_of_series(root: SeriesEntry) -> SeriesScore:
    wins = [0, 0]
    if root.winner is not None:
        wins[root.winner] += 1
    names = (" & ".join(root.players[0::2]), " & ".join(root.players[1::2]))
    return SeriesScore(root.id, names, (wins[0], wins[1]), 1)
