"""How many taps a typical hand costs, counted as a finger enters it.

Five reference hands (cards, spades, the settebello, the due and the fante,
0-2 piccole, 0-1 spazzino), each entered through the hand entry's controls
twice: with the spade chips and with the count form. A finger is a real
``Session`` on a fake page (``tests/unit/fakes.py``): every tap is one call
of a control's handler, a typed number is one tap on its field plus its
digits. From the entry open to Save included, a hand takes at most 12 taps
(issue 23: "a typical hand ... takes at most 12 taps plus the digits with
either form"). Every point total is worked out by hand from
``/work/shared/RULES.md`` (Classico: ties score nothing) in the hand's
comment, never by the app's code. The browser walk that counts real taps is
``tests/e2e/test_entry_on_screen.py``.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import SimpleNamespace

import pytest

from scorekeeper.core.model import MatchSetup
from scorekeeper.core.validation import napola_of
from scorekeeper.ui.screens.hand_entry.spades import spade_marks
from scorekeeper.ui.screens.scoreboard import view as scoreboard
from scorekeeper.ui.shell.session import Session
from tests.unit.fakes import (
    click,
    find,
    make_session,
    select,
    start_from_form,
    type_into,
)

# a target no hand reaches: the five hands are played in one match
pytestmark = pytest.mark.started_match(target="500")

RANKS = ["A", "2", "3", "4", "5", "6", "7", "F", "C", "R"]
MOST_TAPS = 12


@dataclass(frozen=True)
class Reference:
    """A hand as the players know it at the end: side 1's spades, who has
    the settebello, side 1's cards, each side's piccole, the spazzino (side,
    rank) if any, and each side's points worked out by hand."""

    spades: str  # side 1's spades, ranks separated by spaces
    settebello: int
    cards: int
    piccole: tuple[int, int]
    spazzino: tuple[int, str] | None
    points: tuple[int, int]

    def side_of(self, rank: str) -> int:
        return 0 if rank in self.spades.split() else 1


HANDS = [
    # Anna A-6, settebello, 22 cards, a piccola each.
    # Anna: carte 2 + spade 2 + settebello 1 + due 1 + napola 6 + piccola 1 = 13
    # Bruno: fante 1 + piccola 1 = 2
    Reference("A 2 3 4 5 6", 0, 22, (1, 1), None, (13, 2)),
    # Anna 2, 7, F; Bruno the rest, the settebello, 25 cards, a spazzino of R.
    # Anna: due 1 + fante 1 = 2 (no napola: no A)
    # Bruno: carte 2 + spade 2 + settebello 1 + spazzino R 4 = 9 (no napola:
    # no 2)
    Reference("2 7 F", 1, 15, (0, 0), (1, "R"), (2, 9)),
    # Anna every spade (napoleone), the settebello, 30 cards, two piccole, a
    # spazzino of 7.
    # Anna: carte 2 + spade 2 + settebello 1 + due 1 + fante 1 + napola 10
    #       + piccole 2 + spazzino 7 = 26; Bruno 0
    Reference("A 2 3 4 5 6 7 F C R", 0, 30, (2, 0), (0, "7"), (26, 0)),
    # Five spades each (a tie: nothing), Bruno the settebello and 21 cards.
    # Anna: piccole 2 = 2
    # Bruno: carte 2 + settebello 1 + due 1 + fante 1 + spazzino F 2 = 7
    Reference("A 3 5 7 C", 1, 19, (2, 0), (1, "F"), (2, 7)),
    # Anna 4 spades, 20 cards (a tie: nothing), a piccola each, a
    # spazzino of 3 for Anna.
    # Anna: due 1 + napola 4 + piccola 1 + spazzino 3 = 9
    # Bruno: spade 2 + settebello 1 + fante 1 + piccola 1 = 5
    Reference("A 2 3 4", 1, 20, (1, 1), (0, "3"), (9, 5)),
]


class Finger:
    """Taps the entry drawn on the session's page and counts the taps."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self.taps = 0
        self.digits = 0

    def find(self, identifier: str):
        return find(self.session.page.views[-1], identifier)

    def tap(self, identifier: str) -> None:
        self.taps += 1
        click(self.find(identifier))

    def choose(self, identifier: str, value: str) -> None:
        self.taps += 1
        select(self.find(identifier), value)

    def type(self, identifier: str, text: str) -> None:
        self.taps += 1
        self.digits += len(text)
        type_into(self.find(identifier), text)

    def switch(self, on: bool) -> None:
        """The count form's switch to ``on``, tapped only if it is not."""
        switch = self.find("entry-form-switch")
        if bool(switch.value) != on:
            self.taps += 1
            switch.value = on
            switch.on_change(SimpleNamespace(control=switch, data=on))


def by_chips(finger: Finger, hand: Reference) -> None:
    """The spades with the chips: the side with fewer spades chosen, its
    chips tapped (the first gives the others to the other side), or with
    none, "tutte le altre" to the other side."""
    finger.switch(False)
    mine = [r for r in RANKS if hand.side_of(r) == 0]
    fewer = 0 if len(mine) <= 5 else 1
    tapped = any(hand.side_of(r) == fewer for r in RANKS)
    if tapped and finger.find("entry-spade-to").selected != [str(fewer)]:
        finger.choose("entry-spade-to", str(fewer))
    for rank in RANKS:
        if hand.side_of(rank) == fewer:
            finger.tap(f"entry-spade-{rank}")
    # the first chip tapped gave the others to the other side (issue 35)
    if not tapped:
        finger.tap(f"entry-spade-rest-{1 - fewer}")


def by_counts(finger: Finger, hand: Reference) -> None:
    """The spades by the count form: side 1's count, who has the due and
    the fante, a napola where there is one."""
    finger.switch(True)
    mine = [r for r in RANKS if hand.side_of(r) == 0]
    finger.type("entry-spade-count-0", str(len(mine)))
    finger.choose("entry-due", str(hand.side_of("2")))
    finger.choose("entry-fante", str(hand.side_of("F")))
    for side in (0, 1):
        napola = napola_of(r for r in RANKS if hand.side_of(r) == side)
        if napola:
            finger.type(f"entry-napola-{side}", str(napola))


def the_rest(finger: Finger, hand: Reference) -> None:
    """The settebello, the cards, the piccole, the spazzino, Save."""
    finger.choose("entry-settebello", str(hand.settebello))
    finger.type("entry-cards-0", str(hand.cards))
    for side in (0, 1):
        for _ in range(hand.piccole[side]):
            finger.tap(f"entry-piccole-{side}-plus")
    if hand.spazzino is not None:
        side, rank = hand.spazzino
        finger.tap(f"entry-spazzino-{side}-{rank}")
    finger.tap("entry-save")


@pytest.mark.parametrize("spades", [by_chips, by_counts], ids=["chips", "counts"])
def test_a_typical_hand_takes_at_most_twelve_taps_with_either_form(
    session, table, spades
):
    counted = []
    for number, hand in enumerate(HANDS, start=1):
        scoreboard.start_hand(session)
        finger = Finger(session)
        spades(finger, hand)
        the_rest(finger, hand)
        stored = table.current()
        assert len(stored.match.hands) == number, f"hand {number} was not saved"
        points = stored.state.hands[-1].points
        assert (points[0].total, points[1].total) == hand.points
        counted.append(finger.taps)
    assert max(counted) <= MOST_TAPS, counted


def test_the_rest_goes_to_a_side_named_as_an_italian_says_it(table):
    """ "Tutte le altre ad Anna", "… a Bruno" (the euphonic d before an a);
    English has one sentence."""
    words = {}
    for lang in ("it", "en"):
        session = make_session(table, lang=lang)
        start_from_form(session, target="500")
        scoreboard.start_hand(session)
        words[lang] = [
            find(session.page.views[-1], f"entry-spade-rest-{s}").content.value
            for s in (0, 1)
        ]
    assert words == {
        "it": ["Tutte le altre ad Anna", "Tutte le altre a Bruno"],
        "en": ["All the rest to Anna", "All the rest to Bruno"],
    }


@pytest.mark.parametrize(
    ("names", "marks"),
    [
        (("Anna", "Bruno"), ("An", "Br")),
        (("Marco", "Mario"), ("Marc", "Mari")),
        (("Anna", "Bruno", "Carla", "Dario"), ("AC", "BD")),
        (("Anna Maria", "Anna Lisa"), ("AM", "AL")),  # was "Anna" on both
    ],
)
def test_a_spade_chip_tells_the_sides_apart_by_letters(names, marks):
    assert spade_marks(MatchSetup(names)) == marks
