"""A hand played card by card (RULES.md section 7): the deck, the deal, the
captures a card may make, the points made in play, and the tally the scorer
takes.

Pure and deterministic: every choice a player makes (which card, which
capture, whether to declare) comes from a :class:`Chooser`, and the deck's
order from the caller. :func:`play_hand` turns one shuffled deck into a
:class:`PlayedHand`, whose ``hand`` is exactly what a table would enter.

>>> Card.parse("7d") == SETTEBELLO
True
>>> [" ".join(map(str, c)) for c in captures(Card.parse("7s"), cards("3c 4d 7b"))]
['7b', '3c 4d']
>>> captures(Card.parse("Fs"), cards("3c 5d"))
()
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from .model import (
    DECK_SIZE,
    RANKS,
    Declaration,
    Hand,
    MatchSetup,
    Rank,
    SideTally,
    SpadeList,
    Suit,
)

TABLE_CARDS = 4
CARDS_PER_DEAL = 3
NUMERAL_RANKS: tuple[Rank, ...] = RANKS[:7]
"""A to 7: the ranks that take a sum and that the contatori follow."""

SUIT_INITIALS: dict[Suit, str] = {
    Suit.SPADE: "s",
    Suit.COPPE: "c",
    Suit.DENARI: "d",
    Suit.BASTONI: "b",
}
_SUIT_OF_INITIAL = {v: k for k, v in SUIT_INITIALS.items()}


class CardError(ValueError):
    """A card spelled wrong: the message shows the spelling."""


@dataclass(frozen=True)
class Card:
    """One card of the 40: ``str(card)`` is its rank and its suit's initial
    (``"7d"``, ``"Fs"``, ``"Ab"``)."""

    rank: Rank
    suit: Suit

    @property
    def value(self) -> int:
        """What the card is worth in a sum: A = 1 … 7 = 7 (figures 8-10 never
        take a sum)."""
        return self.rank.number

    @classmethod
    def parse(cls, text: str) -> Card:
        """The card spelled *text* (``"7d"``); :class:`CardError` otherwise."""
        if not isinstance(text, str) or len(text) != 2:
            raise CardError(f"not a card: {text!r} (a rank and a suit, as '7d')")
        rank_text, suit_text = text[0], text[1]
        if suit_text not in _SUIT_OF_INITIAL:
            raise CardError(f"not a card: {text!r} (suits are s, c, d, b)")
        try:
            rank = Rank.parse(rank_text)
        except ValueError:
            raise CardError(f"not a card: {text!r} (ranks are A 2-7 F C R)") from None
        return cls(rank, _SUIT_OF_INITIAL[suit_text])

    def __str__(self) -> str:
        return f"{self.rank.value}{SUIT_INITIALS[self.suit]}"


def cards(text: str) -> tuple[Card, ...]:
    """Cards spelled with spaces between them: ``cards("7d Fs")``."""
    return tuple(Card.parse(t) for t in text.split())


DECK: tuple[Card, ...] = tuple(Card(r, s) for s in Suit for r in RANKS)
SETTEBELLO = Card(Rank.SETTE, Suit.DENARI)
assert len(DECK) == DECK_SIZE


def captures(card: Card, table: Sequence[Card]) -> tuple[tuple[Card, ...], ...]:
    """Every capture *card* can make from *table* (RULES §7), in table order:
    each table card of its rank, then, for a numeral, each set of two or more
    table cards whose values add up to its value. Empty: the card stays."""
    found: list[tuple[Card, ...]] = [(t,) for t in table if t.rank is card.rank]
    if card.rank.is_figure:
        return tuple(found)
    numerals = [t for t in table if not t.rank.is_figure and t.value < card.value]

    def sums(start: int, left: int, chosen: tuple[Card, ...]) -> None:
        for i in range(start, len(numerals)):
            t = numerals[i]
            if t.value == left and chosen:
                found.append((*chosen, t))
            elif t.value < left:
                sums(i + 1, left - t.value, (*chosen, t))

    sums(0, card.value, ())
    return tuple(found)


def contatori(taken: Iterable[Card]) -> tuple[int, ...]:
    """The seven counters of seed 000 (RULES §7) after *taken*: for A to 7,
    1 when that rank's captured cards are unpaired, else 0.

    The seed's example, with its second vector as RULES §7 corrects it:

    >>> contatori(cards("3c 4d 7b"))
    (0, 0, 1, 1, 0, 0, 1)
    >>> contatori(cards("3c 4d 7b Ad 3b 4s"))
    (1, 0, 0, 0, 0, 0, 1)
    """
    counted = full_count(taken)
    return tuple(n % 2 for n in counted[: len(NUMERAL_RANKS)])


def full_count(taken: Iterable[Card]) -> tuple[int, ...]:
    """How many cards of each rank, A to R, are in *taken* (the full-count
    variant of the contatori).

    >>> full_count(cards("Fs Fd 3c"))
    (0, 0, 1, 0, 0, 0, 0, 2, 0, 0)
    """
    counted = [0] * len(RANKS)
    for c in taken:
        counted[c.rank.number - 1] += 1
    return tuple(counted)


def is_scaluneddu(dealt: Sequence[Card]) -> bool:
    """Three cards of one suit in sequence (RULES §2), in the order A … R.

    >>> is_scaluneddu(cards("5d 7d 6d")), is_scaluneddu(cards("7c Fc Cc"))
    (True, True)
    >>> is_scaluneddu(cards("5d 6d 7c")), is_scaluneddu(cards("5d 6d Fd"))
    (False, False)
    """
    if len(dealt) != CARDS_PER_DEAL or len({c.suit for c in dealt}) != 1:
        return False
    numbers = sorted(c.rank.number for c in dealt)
    return numbers[1] == numbers[0] + 1 and numbers[2] == numbers[1] + 1


class Chooser(Protocol):
    """The players' choices: which card, which capture, whether to declare."""

    def card(self, seat: int, hand: Sequence[Card], table: Sequence[Card]) -> Card:
        """The card *seat* plays from *hand*."""
        ...

    def capture(
        self, seat: int, card: Card, options: Sequence[tuple[Card, ...]]
    ) -> tuple[Card, ...]:
        """Which of the (non-empty) *options* the card takes."""
        ...

    def declare(self, seat: int, deal: int, right: bool) -> bool:
        """Whether *seat* declares itself the winner before its play in *deal*
        (asked only where a declaration is allowed); *right* says whether the
        declaration would be right, which a player believes or not."""
        ...


@dataclass
class RandomChooser:
    """Legal choices drawn from *rng*; a declaration made when it would be
    right with probability *declare_right*, when wrong with *declare_wrong*."""

    rng: random.Random
    declare_right: float = 0.5
    declare_wrong: float = 0.0

    def card(self, seat: int, hand: Sequence[Card], table: Sequence[Card]) -> Card:
        return self.rng.choice(list(hand))

    def capture(
        self, seat: int, card: Card, options: Sequence[tuple[Card, ...]]
    ) -> tuple[Card, ...]:
        return self.rng.choice(list(options))

    def declare(self, seat: int, deal: int, right: bool) -> bool:
        chance = self.declare_right if right else self.declare_wrong
        return chance > 0 and self.rng.random() < chance


@dataclass(frozen=True)
class Play:
    """One card played: by *seat*, taking *took* (empty: it stayed)."""

    seat: int
    card: Card
    took: tuple[Card, ...] = ()


@dataclass(frozen=True)
class PlayedDeal:
    """One deal (tornata): the cards dealt to each seat, the plays, and the
    contatori and full count of the hand's captured cards after it."""

    dealt: tuple[tuple[Card, ...], ...]
    plays: tuple[Play, ...]
    counters: tuple[int, ...]
    counts: tuple[int, ...]


@dataclass(frozen=True)
class PlayedHand:
    """A hand as played, and the tally a table enters for it (``hand``)."""

    dealer: int
    table: tuple[Card, ...]
    deals: tuple[PlayedDeal, ...]
    last_taker: int | None
    hand: Hand


@dataclass
class _Side:
    """What one side has taken so far in a hand."""

    taken: list[Card] = field(default_factory=list)
    piccole: int = 0
    spazzini: list[Rank] = field(default_factory=list)
    bagari: list[int] = field(default_factory=list)
    scaluneddu: int = 0

    def tally(self) -> SideTally:
        spades = sorted(
            (c.rank for c in self.taken if c.suit is Suit.SPADE), key=RANKS.index
        )
        return SideTally(
            cards=len(self.taken),
            spades=SpadeList(tuple(spades)),
            settebello=SETTEBELLO in self.taken,
            piccole=self.piccole,
            spazzini=tuple(self.spazzini),
            bagari=tuple(self.bagari),
            scaluneddu=self.scaluneddu,
        )


DeclarationCheck = Callable[[Hand], bool]
"""Whether a hand stopped now by a declaration would be a right one."""


def play_hand(
    setup: MatchSetup,
    dealer: int,
    deck: Sequence[Card],
    chooser: Chooser,
    declaration_right: DeclarationCheck | None = None,
) -> PlayedHand:
    """Play one hand from *deck* (its order is the deal: the top 4 to the
    table, then 3 at a time to each seat from the dealer's right).

    With *declaration_right* (the match allows a declaration in this hand),
    each player is asked before each of its plays in deals 1 to the
    penultimate whether it declares; a declaration stops the hand there.
    """
    if sorted(map(str, deck)) != sorted(map(str, DECK)):
        raise CardError("a hand is played with the 40 cards, each once")
    seats = len(setup.players)
    deals = setup.deals_per_hand
    sides = (_Side(), _Side())
    table = list(deck[:TABLE_CARDS])
    rest = list(deck[TABLE_CARDS:])
    played_deals: list[PlayedDeal] = []
    last_taker: int | None = None
    last_card_left: Card | None = None  # the previous play's card, if it stayed
    plays_left = DECK_SIZE - TABLE_CARDS
    order = [(dealer + 1 + k) % seats for k in range(seats)]
    for deal in range(1, deals + 1):
        hands: dict[int, list[Card]] = {}
        for seat in order:
            hands[seat] = rest[:CARDS_PER_DEAL]
            rest = rest[CARDS_PER_DEAL:]
            if is_scaluneddu(hands[seat]) and setup.rules.scaluneddu:
                sides[seat % 2].scaluneddu += 1
        dealt = tuple(tuple(hands[s]) for s in range(seats))
        plays: list[Play] = []
        for _ in range(CARDS_PER_DEAL):
            for seat in order:
                if declaration_right is not None and deal < deals:
                    stopped = _stopped(setup, sides, seat, deal)
                    if chooser.declare(seat, deal, declaration_right(stopped)):
                        played_deals.append(_deal_record(dealt, plays, sides))
                        return PlayedHand(
                            dealer, tuple(deck[:TABLE_CARDS]), tuple(played_deals),
                            last_taker, stopped,
                        )  # fmt: skip
                card = chooser.card(seat, hands[seat], table)
                if card not in hands[seat]:
                    raise CardError(f"seat {seat} does not hold {card}")
                hands[seat].remove(card)
                plays_left -= 1
                options = captures(card, table)
                if not options:
                    table.append(card)
                    plays.append(Play(seat, card))
                    last_card_left = card
                    continue
                took = chooser.capture(seat, card, options)
                if took not in options:
                    raise CardError(f"{card} cannot take {' '.join(map(str, took))}")
                side = sides[seat % 2]
                for t in took:
                    table.remove(t)
                side.taken += [card, *took]
                if plays_left > 0:  # the last play of a hand makes none (§2)
                    if not table:
                        side.spazzini.append(card.rank)
                    if len(took) == 1 and took[0] == last_card_left:
                        side.piccole += 1
                    if len(took) >= 2 and all(t.suit is card.suit for t in took):
                        side.bagari.append(len(took) + 1)
                last_taker = seat
                last_card_left = None
                plays.append(Play(seat, card, tuple(took)))
        if deal == deals:
            # the cards left go to the side that captured last (§2); a hand with
            # no capture at all (never met at a table) leaves them to the dealer's
            left_to = last_taker if last_taker is not None else dealer
            sides[left_to % 2].taken += table
            table = []
        played_deals.append(_deal_record(dealt, plays, sides))
    hand = Hand((sides[0].tally(), sides[1].tally()))
    return PlayedHand(
        dealer, tuple(deck[:TABLE_CARDS]), tuple(played_deals), last_taker, hand
    )


def _deal_record(
    dealt: tuple[tuple[Card, ...], ...], plays: list[Play], sides: Sequence[_Side]
) -> PlayedDeal:
    taken = [*sides[0].taken, *sides[1].taken]
    return PlayedDeal(dealt, tuple(plays), contatori(taken), full_count(taken))


def _stopped(setup: MatchSetup, sides: Sequence[_Side], seat: int, deal: int) -> Hand:
    """The hand as it stands if *seat* declares now in *deal*."""
    return Hand(
        (sides[0].tally(), sides[1].tally()),
        Declaration(by=setup.players[seat], deal=deal),
    )


def shuffled_deck(rng: random.Random) -> tuple[Card, ...]:
    """The 40 cards in an order drawn from *rng*."""
    deck = list(DECK)
    rng.shuffle(deck)
    return tuple(deck)
