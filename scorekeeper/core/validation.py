"""Checks a hand against RULES.md section 4 and lists every problem found.

The checks take whatever a tally holds (a player may have typed anything) and
never raise on a wrong value: a wrong type is one more :class:`Problem`. A hand
stopped by an early-win declaration is checked with the section 4 relaxations
("at most 40", "at most 10", honours possibly with nobody).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .model import (
    DECK_SIZE,
    MAX_PICCOLE,
    MAX_SPAZZINI,
    SPADES_IN_DECK,
    Hand,
    MatchSetup,
    Rank,
    Rules,
    SideTally,
    SpadeCount,
    SpadeList,
)
from .names import shown_name
from .problems import Code, HandError, Problem

SCALUNEDDU_PER_SIDE = 6  # 6 deals × 1 player, or 3 deals × 2 players
TABLE_CARDS = 4  # put on the table before the first deal
CARDS_PER_DEAL = 3  # to every player
CARDS_PER_PICCOLA = 2  # the card played and the one it takes
CARDS_PER_SPAZZINO = 2  # at least: the card played and one on the table
BAGARI_VALUES = (3, 4)
NAPOLA_VALUES = (0, *range(3, 11))
NAPOLEONE = 10  # all ten spades


def is_whole(value: object) -> bool:
    """A whole number ≥ 0 (``True``/``False`` are not numbers here)."""
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def napola_of(ranks: Iterable[Rank]) -> int:
    """Length of the unbroken spade run from the ace; below 3 it is no napola."""
    held = set(ranks)
    run = 0
    for rank in Rank:
        if rank not in held:
            break
        run += 1
    return run if run >= 3 else 0


class _Checker:
    """Collects the problems of one hand; one instance per check."""

    def __init__(self, hand: Hand, players: int, rules: Rules) -> None:
        self.hand = hand
        self.players = players
        self.rules = rules
        self.stopped = hand.declaration is not None
        self.problems: list[Problem] = []

    def add(self, code: Code, field: str, side: int | None, **params: object) -> None:
        self.problems.append(Problem(code, field, side, params))

    def whole(self, side: int, field: str, value: object) -> bool:
        if is_whole(value):
            return True
        self.add(Code.NOT_WHOLE, field, side, value=value)
        return False

    def boolean(self, side: int, field: str, value: object) -> bool:
        if isinstance(value, bool):
            return True
        self.add(Code.NOT_BOOL, field, side, value=value)
        return False

    def items(self, side: int, field: str, value: object) -> tuple[object, ...] | None:
        if isinstance(value, (tuple, list)):
            return tuple(value)
        self.add(Code.NOT_A_LIST, field, side, value=value)
        return None

    def run(self) -> list[Problem]:
        sides = self.hand.sides
        if not isinstance(sides, (tuple, list)) or len(sides) != 2:
            raise TypeError(f"a hand has exactly two side tallies, got {sides!r}")
        tallies: tuple[SideTally, SideTally] = (sides[0], sides[1])
        cards = self.check_cards(tallies)
        spades = self.check_spades(tallies)
        self.check_settebello(tallies)
        for side in (0, 1):
            self.check_capacity(side, tallies[side], cards[side], spades[side])
        piccole = self.check_piccole(tallies)
        spazzini = self.check_spazzini(tallies)
        for side in (0, 1):
            bagari = self.check_bagari(side, tallies[side], cards[side])
            self.check_play_capacity(
                side, cards[side], piccole[side], spazzini[side], bagari
            )
        self.check_scaluneddu(tallies)
        return self.problems

    # -- cards ---------------------------------------------------------------
    def check_cards(self, t: tuple[SideTally, SideTally]) -> list[int | None]:
        cards: list[int | None] = [
            c if self.whole(s, "cards", c) else None
            for s, c in enumerate((t[0].cards, t[1].cards))
        ]
        over = False
        for s, c in enumerate(cards):
            if c is not None and c > DECK_SIZE:
                self.add(Code.CARDS_SIDE_OVER, "cards", s, value=c)
                over = True
        if cards[0] is not None and cards[1] is not None and not over:
            a, b = cards[0], cards[1]
            total = a + b
            dealt = self.dealt_cards()
            if self.stopped and total > DECK_SIZE:
                self.add(Code.CARDS_OVER, "cards", None, total=total, a=a, b=b)
            elif dealt is not None and total > dealt:
                self.add(
                    Code.CARDS_OVER_DEALT,
                    "cards",
                    None,
                    total=total,
                    a=a,
                    b=b,
                    max=dealt,
                    deal=self.deal,
                )
            elif not self.stopped and total != DECK_SIZE:
                self.add(Code.CARDS_SUM, "cards", None, total=total, a=a, b=b)
        return cards

    @property
    def deal(self) -> int | None:
        """The deal a declaration stopped the hand in, if it is a usable number."""
        d = self.hand.declaration
        if d is None or not is_whole(d.deal) or d.deal < 1:
            return None
        return d.deal

    def dealt_cards(self) -> int | None:
        """Cards put on the table up to the declaration's deal (RULES §4)."""
        if self.deal is None:
            return None
        return TABLE_CARDS + CARDS_PER_DEAL * self.players * self.deal

    # -- spades --------------------------------------------------------------
    def check_spades(self, t: tuple[SideTally, SideTally]) -> list[int | None]:
        """Check both sides' spades; return each side's spade count if known."""
        forms = [type(x.spades) for x in t]
        if any(f not in (SpadeList, SpadeCount) for f in forms):
            for s, x in enumerate(t):
                if type(x.spades) not in (SpadeList, SpadeCount):
                    self.add(Code.NOT_A_LIST, "spades", s, value=x.spades)
            return [None, None]
        if forms[0] is not forms[1]:
            self.add(Code.SPADE_FORMS_MIXED, "spades", None)
            return [None, None]
        # Both sides are now exactly SpadeList or exactly SpadeCount.
        first, second = t[0].spades, t[1].spades
        if isinstance(first, SpadeList) and isinstance(second, SpadeList):
            return self.check_spade_lists((first, second))
        if isinstance(first, SpadeCount) and isinstance(second, SpadeCount):
            return self.check_spade_counts((first, second))
        raise AssertionError(f"unreachable: spade forms {forms}")

    def check_spade_lists(self, sl: tuple[SpadeList, SpadeList]) -> list[int | None]:
        held: list[set[Rank]] = [set(), set()]
        counts: list[int | None] = [None, None]
        for side in (0, 1):
            items = self.items(side, "spades", sl[side].ranks)
            if items is None:
                continue
            ok = True
            for item in items:
                try:
                    rank = Rank.parse(item)
                except ValueError:
                    self.add(Code.SPADE_BAD_RANK, "spades", side, value=item)
                    ok = False
                    continue
                if rank in held[side]:
                    self.add(Code.SPADE_DUPLICATE, "spades", side, rank=rank.value)
                    ok = False
                held[side].add(rank)
            if ok:
                counts[side] = len(held[side])
        for rank in Rank:
            if rank in held[0] and rank in held[1]:
                self.add(Code.SPADE_BOTH, "spades", None, rank=rank.value)
        missing = [r.value for r in Rank if r not in held[0] and r not in held[1]]
        if (
            missing
            and not self.stopped
            and counts[0] is not None
            and counts[1] is not None
        ):
            self.add(Code.SPADE_MISSING, "spades", None, ranks=", ".join(missing))
        return counts

    def check_spade_counts(self, sc: tuple[SpadeCount, SpadeCount]) -> list[int | None]:
        counts: list[int | None] = [
            sc[s].count if self.whole(s, "spades", sc[s].count) else None
            for s in (0, 1)
        ]
        for s, c in enumerate(counts):
            if c is not None and c > SPADES_IN_DECK:  # on its side, not the sum
                self.add(Code.SPADE_COUNT_SIDE_OVER, "spades", s, value=c)
                counts[s] = None
        if counts[0] is not None and counts[1] is not None:
            total = counts[0] + counts[1]
            if self.stopped and total > SPADES_IN_DECK:
                self.add(
                    Code.SPADE_COUNT_OVER,
                    "spades",
                    None,
                    total=total,
                    a=counts[0],
                    b=counts[1],
                )
            elif not self.stopped and total != SPADES_IN_DECK:
                self.add(
                    Code.SPADE_COUNT_SUM,
                    "spades",
                    None,
                    total=total,
                    a=counts[0],
                    b=counts[1],
                )
        honours: dict[str, list[bool]] = {}
        for field in ("due_di_spade", "fante_di_spade"):
            values: list[object] = [getattr(sc[s], field) for s in (0, 1)]
            oks = [self.boolean(s, field, values[s]) for s in (0, 1)]
            honours[field] = [v is True for v in values]
            if all(oks):
                self.check_one_holder(
                    field, values, Code.HONOUR_BOTH, Code.HONOUR_NOBODY
                )
        napole: list[int] = [0, 0]
        napola_ok = [False, False]
        for s in (0, 1):
            value = sc[s].napola
            if not (is_whole(value) and value in NAPOLA_VALUES):
                self.add(Code.NAPOLA_BAD_VALUE, "napola", s, value=value)
                continue
            napole[s] = value
            napola_ok[s] = True
            if value == 0:
                continue
            count = counts[s]
            if count is not None and count < value:
                self.add(
                    Code.NAPOLA_TOO_FEW_SPADES,
                    "napola",
                    s,
                    napola=value,
                    spades=count,
                )
            if not honours["due_di_spade"][s]:
                self.add(Code.NAPOLA_WITHOUT_DUE, "napola", s, napola=value)
            if value >= 8 and not honours["fante_di_spade"][s]:
                self.add(Code.NAPOLA_WITHOUT_FANTE, "napola", s, napola=value)
            elif (
                count is not None
                and value < 8
                and honours["fante_di_spade"][s]
                and count < value + 1
                and count >= value
            ):
                self.add(
                    Code.NAPOLA_FANTE_TOO_FEW_SPADES,
                    "napola",
                    s,
                    napola=value,
                    needed=value + 1,
                    spades=count,
                )
        if napole[0] and napole[1]:
            self.add(Code.NAPOLA_BOTH, "napola", None)
        for s in (0, 1):
            count = counts[s]
            if count is None:
                continue
            held = honours["due_di_spade"][s] + honours["fante_di_spade"][s]
            if count < held:
                self.add(
                    Code.SPADES_FEWER_THAN_HONOURS,
                    "spades",
                    s,
                    spades=count,
                    honours=held,
                )
            most = SPADES_IN_DECK - 2 + held
            if count > most:
                self.add(
                    Code.SPADES_MORE_THAN_HONOURS_ALLOW,
                    "spades",
                    s,
                    spades=count,
                    max=most,
                    honours=held,
                )
            if count == SPADES_IN_DECK and napola_ok[s] and napole[s] != NAPOLEONE:
                self.add(Code.NAPOLEONE_NOT_TEN, "napola", s, napola=napole[s])
        return counts

    # -- honours and capacity ------------------------------------------------
    def check_one_holder(
        self, field: str, values: Sequence[object], both: Code, nobody: Code
    ) -> None:
        if values[0] and values[1]:
            self.add(both, field, None)
        elif not values[0] and not values[1] and not self.stopped:
            self.add(nobody, field, None)

    def check_settebello(self, t: tuple[SideTally, SideTally]) -> None:
        values = [t[0].settebello, t[1].settebello]
        if all([self.boolean(s, "settebello", values[s]) for s in (0, 1)]):
            self.check_one_holder(
                "settebello", values, Code.SETTEBELLO_BOTH, Code.SETTEBELLO_NOBODY
            )

    def check_capacity(
        self, side: int, tally: SideTally, cards: int | None, spades: int | None
    ) -> None:
        if cards is None or spades is None:
            return
        settebello = tally.settebello is True
        if spades + settebello > cards:
            plus = " + settebello" if settebello else ""
            self.add(
                Code.SPADES_EXCEED_CARDS,
                "cards",
                side,
                spades=spades,
                plus_settebello=plus,
                cards=cards,
            )

    # -- points made during play ---------------------------------------------
    def check_piccole(self, t: tuple[SideTally, SideTally]) -> list[int | None]:
        values: list[int | None] = [
            p if self.whole(s, "piccole", p) else None
            for s, p in enumerate((t[0].piccole, t[1].piccole))
        ]
        if values[0] is not None and values[1] is not None:
            total = values[0] + values[1]
            if total > MAX_PICCOLE:
                self.add(
                    Code.PICCOLE_TOO_MANY,
                    "piccole",
                    None,
                    total=total,
                    a=values[0],
                    b=values[1],
                    max=MAX_PICCOLE,
                )
        return values

    def check_spazzini(self, t: tuple[SideTally, SideTally]) -> list[int]:
        counts: list[int] = []
        for side in (0, 1):
            items = self.items(side, "spazzini", t[side].spazzini)
            if items is None:
                counts.append(0)
                continue
            counts.append(len(items))
            for item in items:
                try:
                    Rank.parse(item)
                except ValueError:
                    self.add(Code.SPAZZINO_BAD_RANK, "spazzini", side, value=item)
        if sum(counts) > MAX_SPAZZINI:
            self.add(
                Code.SPAZZINI_TOO_MANY,
                "spazzini",
                None,
                total=sum(counts),
                a=counts[0],
                b=counts[1],
                max=MAX_SPAZZINI,
            )
        return counts

    def check_bagari(
        self, side: int, tally: SideTally, cards: int | None
    ) -> int | None:
        """Check *side*'s bagari; return their cards if they fit, else ``None``."""
        items = self.items(side, "bagari", tally.bagari)
        if items is None:
            return None
        good: list[int] = []
        for item in items:
            if is_whole(item) and item in BAGARI_VALUES:
                good.append(item)
            else:
                self.add(Code.BAGARI_BAD_VALUE, "bagari", side, value=item)
        if cards is not None and sum(good) > cards:
            self.add(
                Code.BAGARI_EXCEED_CARDS,
                "bagari",
                side,
                bagari_cards=sum(good),
                cards=cards,
            )
            return None
        return sum(good)

    def check_play_capacity(
        self,
        side: int,
        cards: int | None,
        piccole: int | None,
        spazzini: int,
        bagari_cards: int | None,
    ) -> None:
        """A piccola takes 2 cards, a bagari 3 or 4, a spazzino 2 at least."""
        if cards is None:
            return
        if (
            piccole is not None
            and bagari_cards is not None
            and CARDS_PER_PICCOLA * piccole + bagari_cards > cards
        ):
            self.add(
                Code.PICCOLE_EXCEED_CARDS,
                "piccole",
                side,
                piccole=piccole,
                bagari_cards=bagari_cards,
                cards=cards,
            )
        if CARDS_PER_SPAZZINO * spazzini > cards:
            self.add(
                Code.SPAZZINI_EXCEED_CARDS,
                "spazzini",
                side,
                spazzini=spazzini,
                cards=cards,
            )

    def check_scaluneddu(self, t: tuple[SideTally, SideTally]) -> None:
        for side in (0, 1):
            value = t[side].scaluneddu
            if not self.whole(side, "scaluneddu", value):
                continue
            if value and not self.rules.scaluneddu:
                self.add(Code.SCALUNEDDU_OFF, "scaluneddu", side, value=value)
            elif value > SCALUNEDDU_PER_SIDE:
                self.add(
                    Code.SCALUNEDDU_TOO_MANY,
                    "scaluneddu",
                    side,
                    value=value,
                    max=SCALUNEDDU_PER_SIDE,
                )
            elif self.deal is not None and value > self.deal * self.side_players:
                self.add(
                    Code.SCALUNEDDU_OVER_DEALT,
                    "scaluneddu",
                    side,
                    value=value,
                    max=self.deal * self.side_players,
                    deal=self.deal,
                )

    @property
    def side_players(self) -> int:
        return max(1, self.players // 2)


def hand_problems(
    hand: Hand, rules: Rules | None = None, players: int = 2
) -> list[Problem]:
    """Every way *hand* breaks RULES.md section 4 (empty when it is valid).

    The declaration's own admissibility (agreement, players, deal) is a match
    matter: see :func:`declaration_problems`.
    """
    return _Checker(hand, players, rules or Rules()).run()


def declaration_problems(hand: Hand, setup: MatchSetup) -> list[Problem]:
    """Why the declaration that stopped *hand* was not allowed in this match."""
    d = hand.declaration
    if d is None:
        return []
    problems = []
    if not setup.rules.early_win:
        problems.append(Problem(Code.DECLARATION_NOT_AGREED, "declaration"))
    if len(setup.players) != 2:
        problems.append(Problem(Code.DECLARATION_FOUR_PLAYERS, "declaration"))
    last = setup.deals_per_hand
    if not (is_whole(d.deal) and 1 <= d.deal < last):
        problems.append(
            Problem(
                Code.DECLARATION_BAD_DEAL,
                "declaration",
                None,
                {"deal": d.deal, "last": last - 1},
            )
        )
    if not setup.has_player(d.by):
        problems.append(
            Problem(
                Code.DECLARATION_UNKNOWN_PLAYER,
                "declaration",
                None,
                {"by": shown_name(d.by) if isinstance(d.by, str) else d.by},
            )
        )
    return problems


def check_hand(hand: Hand, setup: MatchSetup, number: int | None = None) -> None:
    """Raise :class:`HandError` with every problem of *hand* in this match."""
    problems = declaration_problems(hand, setup) + hand_problems(
        hand, setup.rules, len(setup.players)
    )
    if problems:
        names = (setup.side_name(0), setup.side_name(1))
        raise HandError(tuple(problems), number, names)
