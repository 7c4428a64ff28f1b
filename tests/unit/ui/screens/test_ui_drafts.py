"""The hand entry's stored draft, without a browser: taps reach storage, the
back arrow and another phone find them, Save clears them, the count form is
remembered (a real session on a table in a temporary data folder)."""

from __future__ import annotations

from types import SimpleNamespace

from scorekeeper.core.model import Rank
from scorekeeper.storage.errors import StorageWriteError
from scorekeeper.ui.screens.hand_entry import actions as entry_actions
from scorekeeper.ui.screens.hand_entry.state import EntryState
from scorekeeper.ui.screens.scoreboard import view as scoreboard
from tests.unit.fakes import (
    click,
    find,
    make_session,
    select,
    start_from_form,
    type_into,
)


def entry(session):
    return session.page.views[-1]


def type_some(session) -> None:
    scoreboard.start_hand(session)
    click(find(entry(session), "entry-spade-A"))
    type_into(find(entry(session), "entry-cards-0"), "22")


def test_the_back_arrow_and_the_entry_again_keep_what_was_typed(table):
    session = make_session(table)
    start_from_form(session)
    type_some(session)
    session.drawing.on_view_pop(
        SimpleNamespace(route=session.route)
    )  # the app's back arrow
    assert session.route == "/partita"

    scoreboard.start_hand(session)

    assert find(entry(session), "entry-spade-A").content == "A\nAn"
    assert session.states.find(EntryState).draft.cards == (22, 18)


def test_another_phone_opening_the_entry_gets_what_was_typed(table):
    session = make_session(table)
    start_from_form(session)
    type_some(session)

    other = make_session(table)
    scoreboard.start_hand(other)

    assert other.states.find(EntryState).draft == session.states.find(EntryState).draft


def type_a_whole_hand(session) -> None:
    """From the scoreboard: a hand entry complete enough to save."""
    type_some(session)
    for rank in "234567FCR":
        click(find(entry(session), f"entry-spade-{rank}"))
    select(find(entry(session), "entry-settebello"), "0")


def test_a_saved_hand_leaves_no_draft_for_the_next_one(table):
    session = make_session(table)
    start_from_form(session)
    type_a_whole_hand(session)
    entry_actions.save_hand(session)
    assert len(table.current().match.hands) == 1

    other = make_session(table)
    scoreboard.start_hand(other)
    assert other.states.find(EntryState).draft.cards == (None, None)
    assert find(entry(other), "entry-spade-A").content == "A\n-"


def test_the_saved_hand_s_draft_is_cleared_once_the_totals_are_sent(table):
    # A second write of the disk, which no screen waits for (Keeping.tidy_soon).
    session = make_session(table)
    start_from_form(session)
    type_a_whole_hand(session)
    match_id = table.current().id
    entry_actions.save_hand(session)
    assert session.route == "/partita"  # the totals are drawn first
    assert table.queries.get_draft(match_id).entry is not None

    session.page.settle()

    record = table.queries.get_draft(match_id)
    assert record.entry is None and record.hand_index == 1


def test_the_count_form_stays_on_for_the_next_hand_and_the_next_match(table):
    session = make_session(table)
    start_from_form(session)
    scoreboard.start_hand(session)
    switch = find(entry(session), "entry-form-switch")
    switch.value = True
    switch.on_change(SimpleNamespace(control=switch))
    session.drawing.on_view_pop(SimpleNamespace(route=session.route))

    other = make_session(table)
    start_from_form(other, ("Carla", "Dario"))
    scoreboard.start_hand(other)
    assert find(entry(other), "entry-form-switch").value is True


def test_a_draft_that_cannot_be_stored_stays_on_the_phone_and_says_why(
    table, monkeypatch
):
    session = make_session(table)
    start_from_form(session)
    scoreboard.start_hand(session)

    def full(*args, **kwargs):
        raise StorageWriteError("could not save: disk full", code="disk_full")

    monkeypatch.setattr(table, "save_draft", full)
    click(find(entry(session), "entry-spade-A"))

    assert (
        session.states.find(EntryState).draft.spade_side(Rank.ASSO) == 0
    )  # the tap still counts here
    assert find(entry(session), "entry-spade-A").content == "A\nAn"
    assert session.error == session.error_text(StorageWriteError("x", code="disk_full"))
    assert "disk" not in session.error  # in Italian, not the English message
