"""The screens' states on a phone (``ui/shell/screen_states.py``): a store by
type that holds screens' states only."""

from __future__ import annotations

import doctest

from scorekeeper.table.hand_draft import HandDraft
from scorekeeper.ui.screens.hand_entry import actions
from scorekeeper.ui.screens.hand_entry.state import EntryState
from scorekeeper.ui.shell import screen_states
from tests.builders import plain_hand
from tests.unit.fakes import make_session


def test_the_stores_examples_hold():
    assert doctest.testmod(screen_states).failed == 0


def test_a_hand_held_with_no_match_leaves_the_store_empty(table):
    """No match and no entry: no entry is held, and no ``None`` (one was put
    in the store under its own type)."""
    session = make_session(table)
    actions.hold(session, HandDraft.from_hand(plain_hand(2, 1)))
    assert None not in session.states.held()
    assert session.states.find(EntryState) is None
