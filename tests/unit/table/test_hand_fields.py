"""A hand's fields are declared once (``table/hand_fields.py``): the draft,
the live tally, their documents, the core's side tally and the scoring of
play all follow that table, and what they do is what the code did when each
listed the fields by hand (``tests/unit/draft_v1.py``, the reference)."""

from __future__ import annotations

import inspect
import json
from dataclasses import fields

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.core.model import SideTally
from scorekeeper.core.scoring import play_points
from scorekeeper.table import draft_docs
from scorekeeper.table.draft_docs import DraftDocError
from scorekeeper.table.hand_draft import HandDraft, LiveTally
from scorekeeper.table.hand_fields import FIELDS, PLAY, field
from tests.builders import side
from tests.strategies import draft_st, hand_st, rules_st, tally_st
from tests.unit import draft_v1

NAMES = [f.name for f in FIELDS]
PLAY_NAMES = [f.name for f in PLAY]


def test_the_draft_has_one_attribute_per_field_of_the_table_in_its_order():
    assert [f.name for f in fields(HandDraft)] == NAMES


def test_what_is_made_during_play_is_the_tally_s_the_core_s_and_scoring_s():
    assert [f.name for f in fields(LiveTally)] == ["deal", *PLAY_NAMES, "log"]
    assert set(PLAY_NAMES) <= {f.name for f in fields(SideTally)}
    assert list(inspect.signature(play_points).parameters) == [*PLAY_NAMES, "rules"]
    assert len({f.log for f in PLAY}) == len({f.short for f in PLAY}) == len(PLAY)


def test_a_field_is_found_by_its_name_and_a_misspelt_one_is_not():
    assert field("scaluneddu").per_side and field("scaluneddu").play
    with pytest.raises(KeyError, match="scalunedu"):
        field("scalunedu")


def test_the_builders_take_the_play_fields_in_order_or_by_their_short_name():
    by_order = side(20, "A", True, 2, "RC", (3,), 1)
    by_name = side(20, "A", True, sca=1, bag=(3,), spz="RC", pic=2)
    assert by_order == by_name
    assert (by_order.piccole, by_order.bagari, by_order.scaluneddu) == (2, (3,), 1)
    with pytest.raises(TypeError):
        side(20, "", False, 0, "", (), 0, 9)


@settings(deadline=None)  # a loaded machine is slow, not wrong
@given(draft_st())
def test_a_draft_s_document_is_the_one_the_hand_copied_code_wrote(draft):
    doc = draft_docs.draft_doc(draft)
    old = draft_v1.draft_doc(draft)
    assert list(doc.items()) == list(old.items())  # same keys in the same order
    stored = json.loads(json.dumps(doc))
    assert draft_docs.draft_from_doc(stored) == draft_v1.draft_from_doc(stored)
    assert [draft.tally(s) for s in (0, 1)] == [
        draft_v1.tally(draft, s) for s in (0, 1)
    ]


@settings(deadline=None)
@given(
    tally_st(st.sampled_from(["piccola:0", "bagari:1", "spazzino:0", "x:1"])),
    rules_st(2),
)
def test_a_tally_s_document_undo_and_points_are_the_hand_copied_code_s(tally, rules):
    doc = draft_docs.tally_doc(tally)
    assert list(doc.items()) == list(draft_v1.tally_doc(tally).items())
    stored = json.loads(json.dumps(doc))
    assert draft_docs.tally_from_doc(stored) == draft_v1.tally_from_doc(stored)
    assert tally.undo() == draft_v1.undo(tally)  # "x": read as the last field's
    assert tally.to_draft() == draft_v1.to_draft(tally)
    assert tally.running_points(rules) == tuple(
        play_points(
            tally.piccole[s], tally.spazzini[s], tally.bagari[s], tally.scaluneddu[s],
            rules,
        )
        for s in (0, 1)
    )  # fmt: skip


@settings(deadline=None)
@given(st.data())
def test_a_saved_hand_opens_in_the_entry_as_the_hand_copied_code_opened_it(data):
    rules = data.draw(rules_st(2))
    hand = data.draw(hand_st(rules))
    assert HandDraft.from_hand(hand) == draft_v1.from_hand(hand)
    assert HandDraft.from_hand(hand).to_hand() == hand


@settings(deadline=None)
@given(draft_st(), st.sampled_from(NAMES), st.sampled_from([None, 2, "x", [1], {}]))
def test_a_damaged_draft_document_is_refused_where_the_old_code_refused_it(
    draft, name, junk
):
    doc = draft_docs.draft_doc(draft)
    doc[name] = junk
    try:
        expected: object = draft_v1.draft_from_doc(doc)
    except draft_v1.DraftDocError:
        expected = DraftDocError
    try:
        got: object = draft_docs.draft_from_doc(doc)
    except DraftDocError:
        got = DraftDocError
    assert got == expected
