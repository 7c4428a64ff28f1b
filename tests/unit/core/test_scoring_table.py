"""Hand-computed hands: every scoring item, every option value, both spade forms.

Each row gives the two tallies, the rule options and, worked out by hand from
RULES.md sections 2 and 3, the items each side scores (items not named are 0).
"""

from __future__ import annotations

import pytest

from scorekeeper.core import Declaration, Rules, SpazzinoNumeral, Ties, score_hand
from scorekeeper.core.scoring import ITEMS
from tests.builders import count, hand, side

FACE, ONE = SpazzinoNumeral.FACE, SpazzinoNumeral.ONE
NONE, SPLIT = Ties.NONE, Ties.SPLIT
CLASSICO = Rules()
NORD = Rules.preset("variante_nord")
DECL = Declaration("Anna", 3)

# Base hand B: side 1 cards 2 + spades 2 (7 v 3) + settebello 1 + fante 1 = 6;
# side 2 due 1 + napola A-2-3 = 3, so 4.
B1 = dict(cards=21, spades="4567FCR", sb=True)
B2 = dict(cards=19, spades="A23")
B_PTS = (dict(cards=2, spades=2, settebello=1, fante_di_spade=1),
         dict(due_di_spade=1, napola=3))


def plus(base: dict, **items: int) -> dict:
    out = dict(base)
    for k, v in items.items():
        out[k] = out.get(k, 0) + v
    return out


CASES = [
    # id, rules, side 1, side 2, expected side 1, expected side 2
    ("format example", CLASSICO,
     side(23, "A237R", True, pic=2, spz="5R", bag=(3,)), side(17, "456FC", pic=1),
     dict(cards=2, settebello=1, due_di_spade=1, napola=3, piccole=2, spazzini=9,
          bagari=3), dict(fante_di_spade=1, piccole=1)),
    ("format example, ties split: 5-5 spades give 1 each", Rules(ties=SPLIT),
     side(23, "A237R", True, pic=2, spz="5R", bag=(3,)), side(17, "456FC", pic=1),
     dict(cards=2, spades=1, settebello=1, due_di_spade=1, napola=3, piccole=2,
          spazzini=9, bagari=3), dict(spades=1, fante_di_spade=1, piccole=1)),
    ("napoleone: all ten spades", CLASSICO,
     side(30, "A234567FCR", True), side(10, ""),
     dict(cards=2, spades=2, settebello=1, fante_di_spade=1, due_di_spade=1,
          napola=10), {}),
    ("a gap stops the run: A2346 is a napola of 4; 20-20 and 5-5 score nothing",
     CLASSICO, side(20, "A2346"), side(20, "57FCR", True),
     dict(due_di_spade=1, napola=4), dict(settebello=1, fante_di_spade=1)),
    ("the same hand with ties split", Rules(ties=SPLIT),
     side(20, "A2346"), side(20, "57FCR", True),
     dict(cards=1, spades=1, due_di_spade=1, napola=4),
     dict(cards=1, spades=1, settebello=1, fante_di_spade=1)),
    ("no ace, no napola", CLASSICO, side(25, "234567", True), side(15, "AFCR"),
     dict(cards=2, spades=2, settebello=1, due_di_spade=1), dict(fante_di_spade=1)),
    ("ties split changes nothing when nothing ties", Rules(ties=SPLIT),
     side(25, "234567", True), side(15, "AFCR"),
     dict(cards=2, spades=2, settebello=1, due_di_spade=1), dict(fante_di_spade=1)),
    ("ace and two only is no napola", CLASSICO, side(21, "A2"),
     side(19, "34567FCR", True), dict(cards=2, due_di_spade=1),
     dict(spades=2, settebello=1, fante_di_spade=1)),
    ("napola of 3 on side 2", CLASSICO, side(18, "4567FCR", True), side(22, "A23"),
     dict(spades=2, settebello=1, fante_di_spade=1),
     dict(cards=2, due_di_spade=1, napola=3)),
    ("napola of 5 with a spare re", CLASSICO, side(20, "A2345R"),
     side(20, "67FC", True), dict(spades=2, due_di_spade=1, napola=5),
     dict(settebello=1, fante_di_spade=1)),
    ("napola of 6", CLASSICO, side(24, "A23456"), side(16, "7FCR", True),
     dict(cards=2, spades=2, due_di_spade=1, napola=6),
     dict(settebello=1, fante_di_spade=1)),
    ("napola of 7", CLASSICO, side(22, "A234567"), side(18, "FCR", True),
     dict(cards=2, spades=2, due_di_spade=1, napola=7),
     dict(settebello=1, fante_di_spade=1)),
    ("napola of 8 through the fante", CLASSICO, side(24, "A234567F", True),
     side(16, "CR"), dict(cards=2, spades=2, settebello=1, fante_di_spade=1,
                          due_di_spade=1, napola=8), {}),
    ("napola of 9 through the cavallo", CLASSICO, side(26, "A234567FC"),
     side(14, "R", True), dict(cards=2, spades=2, fante_di_spade=1, due_di_spade=1,
                               napola=9), dict(settebello=1)),
    ("side 2 takes the most cards", CLASSICO, side(12, "A"),
     side(28, "234567FCR", True), {},
     dict(cards=2, spades=2, settebello=1, fante_di_spade=1, due_di_spade=1)),
    ("one side takes all forty cards", CLASSICO, side(40, "A234567FCR", True),
     side(0, ""), dict(cards=2, spades=2, settebello=1, fante_di_spade=1,
                       due_di_spade=1, napola=10), {}),
    ("numeral spazzini at face value: A..7 is 28", CLASSICO,
     side(**B1, spz="A234567"), side(**B2), plus(B_PTS[0], spazzini=28), B_PTS[1]),
    ("numeral spazzini worth one each", Rules(spazzino_numeral=ONE),
     side(**B1, spz="A234567"), side(**B2), plus(B_PTS[0], spazzini=7), B_PTS[1]),
    ("figure spazzini: F 2, C 3, R 4", CLASSICO, side(**B1, spz="FCR"), side(**B2),
     plus(B_PTS[0], spazzini=9), B_PTS[1]),
    ("figure spazzini keep their value when numerals are worth one",
     Rules(spazzino_numeral=ONE), side(**B1, spz="FCR"), side(**B2),
     plus(B_PTS[0], spazzini=9), B_PTS[1]),
    ("spazzini on side 2: 7, 7, R", CLASSICO, side(**B1), side(**B2, spz="77R"),
     B_PTS[0], plus(B_PTS[1], spazzini=18)),
    ("a spazzino d'asso at face value is 1", CLASSICO, side(**B1, spz="A"),
     side(**B2), plus(B_PTS[0], spazzini=1), B_PTS[1]),
    ("bagari of 3 and 4 cards", CLASSICO, side(**B1, bag=(3, 4, 4)),
     side(**B2, bag=(3,)), plus(B_PTS[0], bagari=11), plus(B_PTS[1], bagari=3)),
    ("piccole one point each", CLASSICO, side(**B1, pic=5), side(**B2, pic=7),
     plus(B_PTS[0], piccole=5), plus(B_PTS[1], piccole=7)),
    ("scaluneddu three points each", CLASSICO, side(**B1, sca=2),
     side(**B2, sca=1), plus(B_PTS[0], scaluneddu=6), plus(B_PTS[1], scaluneddu=3)),
    ("six scaluneddu, the most a side can declare", CLASSICO, side(**B1, sca=6),
     side(**B2), plus(B_PTS[0], scaluneddu=18), B_PTS[1]),
    ("count form of the format example", CLASSICO,
     side(23, count(5, due=True, napola=3), True, pic=2, spz="5R", bag=(3,)),
     side(17, count(5, fante=True), pic=1),
     dict(cards=2, settebello=1, due_di_spade=1, napola=3, piccole=2, spazzini=9,
          bagari=3), dict(fante_di_spade=1, piccole=1)),
    ("count form napoleone", CLASSICO,
     side(30, count(10, True, True, 10), True), side(10, count(0)),
     dict(cards=2, spades=2, settebello=1, fante_di_spade=1, due_di_spade=1,
          napola=10), {}),
    ("count form with ties split", Rules(ties=SPLIT),
     side(20, count(5, True, True)), side(20, count(5), True),
     dict(cards=1, spades=1, fante_di_spade=1, due_di_spade=1),
     dict(cards=1, spades=1, settebello=1)),
    ("variante nord: ties split, numeral spazzini one", NORD,
     side(23, "A237R", True, pic=2, spz="5R", bag=(3,)), side(17, "456FC", pic=1),
     dict(cards=2, spades=1, settebello=1, due_di_spade=1, napola=3, piccole=2,
          spazzini=5, bagari=3), dict(spades=1, fante_di_spade=1, piccole=1)),
    ("custom mix: numeral one, ties none, scaluneddu on, every item on side 2",
     Rules(spazzino_numeral=ONE, ties=NONE, scaluneddu=True),
     side(20, "A234", True),
     side(20, "567FCR", pic=3, spz="6C", bag=(4, 3), sca=1),
     dict(settebello=1, due_di_spade=1, napola=4),
     dict(spades=2, fante_di_spade=1, piccole=3, spazzini=4, bagari=7,
          scaluneddu=3)),
    ("declaration: captures so far are compared as they are", CLASSICO,
     side(10, "A2"), side(8, "3"), dict(cards=2, spades=2, due_di_spade=1), {},
     ),
    # RULES §5: a stopped hand gives carte and spade to a strict lead only
    ("declaration: 5-5 cards and 0-0 spades score nothing, ties split or not",
     Rules(ties=SPLIT), side(5, ""), side(5, ""), {}, {}),
    ("declaration, count form, due with nobody yet", CLASSICO,
     side(12, count(3, fante=True), True), side(6, count(1)),
     dict(cards=2, spades=2, settebello=1, fante_di_spade=1), {}),
]
DECLARED = {"declaration: captures so far are compared as they are",
            "declaration: 5-5 cards and 0-0 spades score nothing, ties split or not",
            "declaration, count form, due with nobody yet"}


@pytest.mark.parametrize(
    "rules,s1,s2,expect1,expect2",
    [pytest.param(*c[1:], id=c[0]) for c in CASES],
)
def test_hand_scores_as_computed_by_hand(request, rules, s1, s2, expect1, expect2):
    declared = request.node.callspec.id in DECLARED
    points = score_hand(hand(s1, s2, DECL if declared else None), rules)
    for got, expected in zip(points, (expect1, expect2), strict=True):
        full = {item: expected.get(item, 0) for item in ITEMS}
        assert got.as_dict() == {**full, "total": sum(full.values())}


def test_the_table_has_at_least_thirty_hands():
    assert len(CASES) >= 30
