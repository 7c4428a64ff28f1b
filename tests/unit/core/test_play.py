"""The play of a hand card by card (RULES §7, ``core/play.py``) and the
simulated match (``core/simulation.py``).

Every points figure here is counted by hand from RULES §2-3, or, in the
property test, by :func:`scored_from_the_cards`: a second scorer that reads
the plays and the cards left, not the tally the play made.
"""

from __future__ import annotations

import doctest
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.core import MatchSetup, Rank, Rules, score_hand
from scorekeeper.core import play as play_module
from scorekeeper.core import simulation as simulation_module
from scorekeeper.core.engine import evaluate
from scorekeeper.core.matchfile import parse_match
from scorekeeper.core.model import Suit
from scorekeeper.core.play import (
    DECK,
    SETTEBELLO,
    Card,
    CardError,
    PlayedHand,
    RandomChooser,
    captures,
    cards,
    contatori,
    full_count,
    play_hand,
    shuffled_deck,
)
from scorekeeper.core.simulation import simulate_match, simulation_document
from scorekeeper.core.validation import hand_problems, napola_of


def test_the_modules_doctests_pass():
    for module in (play_module, simulation_module):
        result = doctest.testmod(module)
        assert result.attempted > 0 and result.failed == 0


def test_a_card_is_spelled_by_its_rank_and_its_suits_initial():
    assert [str(c) for c in cards("7d Fs Ab Rc")] == ["7d", "Fs", "Ab", "Rc"]
    assert Card.parse("7d") == SETTEBELLO
    assert len(set(DECK)) == 40


@pytest.mark.parametrize("text", ["", "7", "7x", "9d", "10d", "7dd", " 7d"])
def test_a_card_spelled_wrong_is_refused_with_its_spelling(text):
    with pytest.raises(CardError, match="not a card") as e:
        Card.parse(text)
    assert repr(text) in str(e.value)
    assert isinstance(e.value, ValueError)


def test_a_card_takes_its_rank_or_a_sum_and_a_figure_only_its_rank():
    table = cards("3c 4d 7b Fs 2d 5c")
    taken = {" ".join(map(str, t)) for t in captures(Card.parse("7s"), table)}
    assert taken == {"7b", "3c 4d", "2d 5c"}
    assert captures(Card.parse("Fc"), table) == ((Card.parse("Fs"),),)
    assert captures(Card.parse("Cc"), table) == ()
    # a figure is never part of a sum, a sum is never of one card
    assert captures(Card.parse("Ad"), cards("Fs Cc")) == ()


def test_the_contatori_follow_the_seeds_example_with_the_corrected_vector():
    """Seed 000, "Contatori": a 3 and a 4 taken with a 7, then an ace and a 3
    taken with a 4; RULES §7 corrects the seed's second vector."""
    first = cards("3c 4d 7b")
    assert contatori(first) == (0, 0, 1, 1, 0, 0, 1)
    second = first + cards("Ad 3b 4s")
    assert contatori(second) == (1, 0, 0, 0, 0, 0, 1)
    assert contatori(second) != (0, 0, 1, 1, 0, 0, 1)  # the seed's slip
    assert full_count(second) == (1, 0, 2, 2, 0, 0, 1, 0, 0, 0)


class Scripted(RandomChooser):
    """Plays the cards and captures it is told, in order, then at random."""

    def __init__(self, plays: str, takes: dict[str, str]):
        super().__init__(random.Random(0))
        self.plays = list(cards(plays))
        self.takes = takes

    def card(self, seat, hand, table):
        if self.plays:
            assert self.plays[0] in hand, f"seat {seat} does not hold {self.plays[0]}"
            return self.plays.pop(0)
        return super().card(seat, hand, table)

    def capture(self, seat, card, options):
        want = self.takes.get(str(card))
        if want is None:
            return super().capture(seat, card, options)
        (chosen,) = [o for o in options if " ".join(map(str, o)) == want]
        return chosen

    def declare(self, seat, deal, right):
        return False


def test_a_piccola_a_bagari_and_a_spazzino_are_counted_as_played():
    """Two players, Anna deals, so Bruno plays first; on the table 3c 4c Rd 6b.
    Bruno 5s stays; Anna 5d takes it: a piccola. Bruno Rb takes Rd (not just
    played: no piccola). Anna 7c takes 3c 4c: a bagari of 3 (all coppe).
    Bruno 6s takes 6b, the last card on the table: a spazzino of 6."""
    first = cards("3c 4c Rd 6b") + cards("5s Rb 6s") + cards("5d 7c Cd")
    deck = first + tuple(c for c in DECK if c not in first)
    setup = MatchSetup(("Anna", "Bruno"))
    chooser = Scripted("5s 5d Rb 7c 6s Cd", {"7c": "3c 4c"})
    played = play_hand(setup, 0, deck, chooser)
    plays = played.deals[0].plays
    assert [(p.seat, str(p.card), " ".join(map(str, p.took))) for p in plays] == [
        (1, "5s", ""),
        (0, "5d", "5s"),
        (1, "Rb", "Rd"),
        (0, "7c", "3c 4c"),
        (1, "6s", "6b"),
        (0, "Cd", ""),
    ]
    anna, bruno = played.hand.sides
    assert anna.piccole >= 1 and 3 in anna.bagari
    assert Rank.SEI in bruno.spazzini
    # and the later deals' events as the plays show them
    events = scored_events(played, 2)
    assert (anna.piccole, bruno.piccole) == (events[0]["piccole"], events[1]["piccole"])
    assert [list(s.bagari) for s in (anna, bruno)] == [e["bagari"] for e in events]


def test_the_last_play_makes_nothing_and_the_cards_left_go_to_the_last_taker():
    rng = random.Random(11)
    setup = MatchSetup(("Anna", "Bruno"))
    for _ in range(200):
        played = play_hand(setup, 0, shuffled_deck(rng), RandomChooser(rng))
        last = played.deals[-1].plays[-1]
        counted = scored_events(played, 2, count_last=True)
        without = scored_events(played, 2)
        if counted != without:
            break
    else:
        pytest.fail("no hand in 200 whose last play would have scored")
    assert last.took  # the last play captured and would have made a point
    assert [s.cards for s in played.hand.sides] == [
        len(taken) for taken in piles(played, 2)
    ]


def piles(played: PlayedHand, seats: int) -> list[list[Card]]:
    """Each side's captured cards, read from the plays and the cards left."""
    taken: list[list[Card]] = [[], []]
    table = list(played.table)
    for deal in played.deals:
        for p in deal.plays:
            if p.took:
                taken[p.seat % 2] += [p.card, *p.took]
                for t in p.took:
                    table.remove(t)
            else:
                table.append(p.card)
    if played.hand.declaration is None and played.last_taker is not None:
        taken[played.last_taker % 2] += table
    return taken


def scored_events(
    played: PlayedHand, seats: int, count_last: bool = False
) -> list[dict[str, list[int] | int]]:
    """Piccole, spazzini and bagari read from the plays (RULES §2)."""
    out: list[dict[str, list[int] | int]] = [
        {"piccole": 0, "spazzini": [], "bagari": []} for _ in range(2)
    ]
    table = list(played.table)
    plays = [p for d in played.deals for p in d.plays]
    stopped = played.hand.declaration is not None
    for i, p in enumerate(plays):
        last = i == len(plays) - 1 and not stopped
        if p.took:
            for t in p.took:
                table.remove(t)
            if not last or count_last:
                side = out[p.seat % 2]
                previous = plays[i - 1] if i else None
                if (
                    len(p.took) == 1
                    and previous is not None
                    and not previous.took
                    and previous.card == p.took[0]
                ):
                    side["piccole"] += 1  # type: ignore[operator]
                if not table:
                    side["spazzini"].append(p.card.rank.number)  # type: ignore[union-attr]
                if len(p.took) >= 2 and {t.suit for t in p.took} == {p.card.suit}:
                    side["bagari"].append(len(p.took) + 1)  # type: ignore[union-attr]
        else:
            table.append(p.card)
    return out


def scored_from_the_cards(played: PlayedHand, rules: Rules, seats: int) -> list[int]:
    """Each side's hand points from the piles and the plays, not the tally."""
    taken = piles(played, seats)
    events = scored_events(played, seats)
    stopped = played.hand.declaration is not None
    totals = []
    spades = [[c.rank for c in t if c.suit is Suit.SPADE] for t in taken]
    for s in (0, 1):
        o = 1 - s
        points = 0
        for mine, theirs in (
            (len(taken[s]), len(taken[o])),
            (len(spades[s]), len(spades[o])),
        ):
            if mine > theirs:
                points += 2
            elif mine == theirs and rules.ties.value == "split" and not stopped:
                points += 1
        points += SETTEBELLO in taken[s]
        points += Rank.FANTE in spades[s]
        points += Rank.DUE in spades[s]
        points += napola_of(spades[s])
        points += events[s]["piccole"]  # type: ignore[operator]
        for number in events[s]["spazzini"]:  # type: ignore[union-attr]
            if number > 7:
                points += {8: 2, 9: 3, 10: 4}[number]
            else:
                points += number if rules.spazzino_numeral.value == "face" else 1
        points += sum(events[s]["bagari"])  # type: ignore[arg-type]
        points += 3 * played.hand.sides[s].scaluneddu
        totals.append(points)
    return totals


rules_options = st.builds(
    Rules,
    spazzino_numeral=st.sampled_from(["face", "one"]),
    ties=st.sampled_from(["none", "split"]),
    scaluneddu=st.booleans(),
    early_win=st.booleans(),
)


class Declaring(RandomChooser):
    """Random choices, and a declaration now and then, right or wrong."""

    def declare(self, seat, deal, right):
        return self.rng.random() < 0.05


@settings(max_examples=300, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    players=st.sampled_from([2, 4]),
    rules=rules_options,
)
def test_every_hand_played_is_accepted_and_scored_as_its_cards_say(
    seed, players, rules
):
    """RULES §7 → §4 and §2-3: a hand played with any legal choices (and, in a
    2-player match that allows it, a declaration's stop) is a valid tally, and
    its points are the ones its cards and plays give."""
    rng = random.Random(seed)
    setup = MatchSetup(("Anna", "Bruno", "Carla", "Dario")[:players], rules=rules)
    declares = rules.early_win and players == 2
    chooser = Declaring(rng) if declares else RandomChooser(rng)
    played = play_hand(
        setup,
        rng.randrange(players),
        shuffled_deck(rng),
        chooser,
        (lambda hand: True) if declares else None,
    )
    assert hand_problems(played.hand, rules, players) == []
    points = score_hand(played.hand, rules, players)
    assert [p.total for p in points] == scored_from_the_cards(played, rules, players)
    if played.hand.declaration is None:
        assert sum(s.cards for s in played.hand.sides) == 40
        assert played.deals[-1].counts == (4,) * 10
        assert played.deals[-1].counters == (0,) * 7


def test_the_same_seed_plays_the_same_match_and_another_seed_another():
    a, b, c = simulate_match(42, 4), simulate_match(42, 4), simulate_match(43, 4)
    assert simulation_document(a) == simulation_document(b)
    assert simulation_document(a) != simulation_document(c)


@pytest.mark.parametrize("players", [2, 4])
def test_a_simulated_match_is_a_match_file_that_scores_to_its_winner(players):
    sim = simulate_match(5, players)
    doc = simulation_document(sim)
    state = evaluate(parse_match(doc["match"]).match)
    assert state.decided and state.winner == sim.state.winner
    assert len(doc["hands"]) == len(doc["match"]["hands"])
    for hand in doc["hands"]:
        assert len(hand["table"]) == 4
        assert len(hand["deals"]) == (6 if players == 2 else 3)
        for deal in hand["deals"]:
            assert [len(d) for d in deal["dealt"]] == [3] * players
            assert len(deal["counters"]) == 7 and len(deal["counts"]) == 10


def test_a_simulated_match_with_the_declaration_agreed_can_end_on_one():
    ends = {
        simulate_match(seed, 2, Rules(early_win=True)).state.ending
        for seed in range(30)
    }
    assert any(e is not None and e.value.startswith("declaration") for e in ends)
