"""A hand-entry draft and a live tally as stored documents, and back: every
field comes back as typed, and a document that is not one of ours is refused
(so the entry starts afresh instead of showing half of it)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.core.model import RANKS, Declaration
from scorekeeper.table.draft_docs import (
    DRAFT_FIELDS,
    TALLY_FIELDS,
    DraftDocError,
    draft_doc,
    draft_from_doc,
    field_names,
    tally_doc,
    tally_from_doc,
)
from scorekeeper.table.hand_draft import HandDraft, LiveTally, SpadeForm

sides = st.sampled_from([None, 0, 1])
typed = st.one_of(st.none(), st.integers(0, 50), st.sampled_from(["", "1O", "x"]))
counts = st.one_of(st.integers(0, 12), st.sampled_from(["3a"]))
ranks = st.lists(st.sampled_from(RANKS), max_size=4).map(tuple)
bagari = st.lists(st.sampled_from([3, 4]), max_size=3).map(tuple)


def pair(s):
    return st.tuples(s, s)


drafts = st.builds(
    HandDraft,
    form=st.sampled_from(SpadeForm),
    spades=st.tuples(*([sides] * len(RANKS))),
    spade_counts=pair(typed),
    due_di_spade=sides,
    fante_di_spade=sides,
    napola=pair(st.integers(0, 10)),
    settebello=sides,
    cards=pair(typed),
    piccole=pair(counts),
    spazzini=pair(ranks),
    bagari=pair(bagari),
    scaluneddu=pair(counts),
    declaration=st.one_of(
        st.none(), st.builds(Declaration, st.sampled_from(["Anna"]), st.integers(1, 5))
    ),
)
tallies = st.builds(
    LiveTally,
    deal=st.integers(1, 6),
    piccole=pair(st.integers(0, 9)),
    spazzini=pair(ranks),
    bagari=pair(bagari),
    scaluneddu=pair(st.integers(0, 3)),
    log=st.lists(st.sampled_from(["piccola:0", "spazzino:1"])).map(tuple),
)


@settings(deadline=None)  # a loaded machine is slow, not wrong
@given(drafts)
def test_every_draft_comes_back_from_its_stored_document_as_it_was(draft):
    doc = json.loads(json.dumps(draft_doc(draft)))  # as the file holds it
    assert draft_from_doc(doc) == draft


@settings(deadline=None)
@given(tallies)
def test_every_live_tally_comes_back_from_its_stored_document_as_it_was(tally):
    assert tally_from_doc(json.loads(json.dumps(tally_doc(tally)))) == tally


def test_the_documents_hold_every_field_of_the_draft_and_of_the_tally():
    """A field added to HandDraft or LiveTally must be stored too (or it is
    lost after the back arrow): this test names the one to add."""
    assert set(DRAFT_FIELDS) == set(field_names(HandDraft))
    assert set(TALLY_FIELDS) == set(field_names(LiveTally))


def _broken(**change):
    doc = draft_doc(HandDraft())
    doc.update(change)
    return doc


@pytest.mark.parametrize(
    "doc",
    [
        None,
        [],
        {"v": 2},
        {"v": 1},
        _broken(spades=[None] * 9),
        _broken(spades=[2] + [None] * 9),
        _broken(settebello=True),
        _broken(cards=[1.5, None]),
        _broken(spazzini=[["Z"], []]),
        _broken(bagari=[["3"], []]),
        _broken(form="fogli"),
        _broken(declaration={"by": 3, "deal": 1}),
        _broken(napola=[0]),
    ],
)
def test_a_document_that_is_not_a_draft_is_refused(doc):
    with pytest.raises(DraftDocError):
        draft_from_doc(doc)
    assert issubclass(DraftDocError, ValueError)


def test_a_tally_document_with_a_bad_deal_or_log_is_refused():
    for change in ({"deal": 0}, {"log": [1]}, {"piccole": ["1", 0]}):
        doc = tally_doc(LiveTally())
        doc.update(change)
        with pytest.raises(DraftDocError):
            tally_from_doc(doc)
