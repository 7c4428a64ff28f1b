"""The hand-entry draft and the live tally: taps become a core hand."""

from __future__ import annotations

from scorekeeper.core import Code, Rank, Rules, score_hand
from scorekeeper.table.hand_draft import HandDraft, LiveTally, SpadeForm, parse_whole
from tests.builders import ANNA_BRUNO, hand, side


def format_example_draft() -> HandDraft:
    d = HandDraft()
    for r in "A237R":
        d = d.with_spade(Rank(r), 0)
    for r in "456FC":
        d = d.with_spade(Rank(r), 1)
    d = d.with_settebello(0).with_cards(0, "23").with_piccole(0, 2).with_piccole(1, 1)
    d = d.add_spazzino(0, Rank("5")).add_spazzino(0, Rank.RE).add_bagari(0, 3)
    return d


def test_the_format_example_entered_by_taps_scores_like_the_core_says():
    d = format_example_draft()
    assert d.cards == (23, 17)  # side 2 shown as 40 - x
    assert d.problems(ANNA_BRUNO) == []
    points = d.preview(ANNA_BRUNO)
    expected = score_hand(
        hand(
            side(23, "A237R", True, pic=2, spz="5R", bag=(3,)),
            side(17, "456FC", pic=1),
        )
    )
    assert points == expected
    assert [p.total for p in points] == [21, 2]


def test_a_spade_chip_cycles_nobody_side_one_side_two_nobody():
    d = HandDraft()
    seen = []
    for _ in range(4):
        d = d.cycle_spade(Rank.SETTE)
        seen.append(d.spade_side(Rank.SETTE))
    assert seen == [0, 1, None, 0]


def test_an_incomplete_draft_shows_the_problems_by_field_and_no_preview():
    d = HandDraft().with_cards(0, "23")
    problems = d.problems(ANNA_BRUNO)
    fields = {p.field for p in problems}
    assert {"spades", "settebello"} <= fields
    assert d.preview(ANNA_BRUNO) is None


def test_typed_text_that_is_not_a_number_is_reported_as_typed():
    d = format_example_draft().with_cards(0, "2x")
    bad = [p for p in d.problems(ANNA_BRUNO) if p.code is Code.NOT_WHOLE]
    assert bad[0].field == "cards" and "'2x'" in bad[0].text()
    assert parse_whole("  ") is None and parse_whole(" 7 ") == 7


def test_switching_to_the_count_form_carries_over_the_chips():
    d = format_example_draft().with_form(SpadeForm.COUNT)
    assert d.spade_counts == (5, 5)
    assert (d.due_di_spade, d.fante_di_spade, d.napola) == (0, 1, (3, 0))
    assert [p.total for p in d.preview(ANNA_BRUNO)] == [21, 2]


def test_a_saved_hand_comes_back_into_the_draft_unchanged():
    d = format_example_draft()
    assert HandDraft.from_hand(d.to_hand()).to_hand() == d.to_hand()
    c = d.with_form(SpadeForm.COUNT)
    assert HandDraft.from_hand(c.to_hand()).to_hand() == c.to_hand()


def test_a_declared_draft_does_not_fill_in_forty_minus_x():
    d = HandDraft().declared("Anna", 3).with_cards(0, "12")
    assert d.cards == (12, None)


def test_the_live_tally_counts_running_points_and_prefills_the_draft():
    t = LiveTally().piccola(0).spazzino(1, Rank.RE).bagari_of(0, 4).scaluneddu_for(1)
    assert t.running_points(Rules()) == (5, 7)
    assert t.running_points(Rules.preset("variante_nord")) == (5, 7)
    t = t.spazzino(0, Rank("6"))
    assert t.running_points(Rules(spazzino_numeral="one")) == (6, 7)
    d = t.to_draft()
    assert d.piccole == (1, 0) and d.spazzini == ((Rank("6"),), (Rank.RE,))
    assert d.bagari == ((4,), ()) and d.scaluneddu == (0, 1)


def test_the_live_tally_undoes_the_last_thing_recorded():
    t = LiveTally().piccola(0).spazzino(1, Rank.RE)
    assert t.undo() == LiveTally().piccola(0)
    assert t.undo().undo() == LiveTally()
    assert LiveTally().undo() == LiveTally()


def test_the_deal_counter_stays_within_the_hand():
    t = LiveTally()
    for _ in range(9):
        t = t.next_deal(6)
    assert t.deal == 6
    assert LiveTally().previous_deal().deal == 1


def test_more_than_ten_spades_leave_the_other_side_blank_not_negative():
    d = HandDraft().with_spade_count(0, "11")
    assert d.spade_counts == (11, None)
    assert HandDraft().with_spade_count(0, "4").spade_counts == (4, 6)


def test_more_than_forty_cards_leave_the_other_side_blank_not_negative():
    assert HandDraft().with_cards(0, "99").cards == (99, None)
    assert HandDraft().with_cards(1, "12").cards == (28, 12)
