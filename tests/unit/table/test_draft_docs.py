"""A hand-entry draft and a live tally as stored documents, and back: every
field comes back as typed, and a document that is not one of ours is refused
(so the entry starts afresh instead of showing half of it)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings

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
from scorekeeper.table.hand_draft import HandDraft, LiveTally
from tests.strategies import draft_st, tally_st

drafts = draft_st()
tallies = tally_st()


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
