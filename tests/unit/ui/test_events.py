"""A change event is read as the newest value the phone sent
(``ui/shell/event_values.py``): on a busy server the control object a handler is called
on can still hold the value drawn before the tap (flet applied the browser's
property update to the object being replaced by a redraw), and the event's
own data can be older than the keys typed since. Each test hands a handler
such a stale control with what the browser sends, and checks the tap or the
typing counts."""

from __future__ import annotations

from types import SimpleNamespace

import flet as ft

from scorekeeper.core import MatchSetup, Rules
from scorekeeper.table import TableService
from scorekeeper.ui import routes
from scorekeeper.ui.access.event_guard import MAX_TEXT
from scorekeeper.ui.screens.hand_entry.state import EntryState
from scorekeeper.ui.screens.new_match.state import NewMatchForm, open_new_match
from scorekeeper.ui.screens.scoreboard import view as scoreboard
from scorekeeper.ui.shell.event_values import choice_of, flag_of, option_of, text_of
from scorekeeper.ui.shell.session import Session
from tests.unit.fakes import find, make_session


def stale_event(control: ft.Control, data: object) -> SimpleNamespace:
    """The browser's event for ``control``, whose Python object did not get
    the property update that went with it."""
    return SimpleNamespace(control=control, data=data, name="change")


def playing(table: TableService) -> Session:
    table.start_match(
        MatchSetup(("Anna", "Bruno"), "Anna", Rules(target=31, early_win=True))
    )
    return make_session(table, routes.MATCH)


def test_a_digit_typed_while_a_redraw_was_under_way_is_kept(table):
    session = playing(table)
    scoreboard.start_hand(session)
    field = find(session.page.views[-1], "entry-cards-0")
    assert field.value in (None, "")  # the object still holds the old text
    field.on_change(stale_event(field, "10"))
    assert session.states.find(EntryState) is not None
    assert session.states.find(EntryState).draft.cards[0] == 10
    assert find(session.page.views[-1], "entry-cards-0").value == "10"


def test_a_declarer_tapped_while_a_redraw_was_under_way_is_chosen(table):
    session = playing(table)
    scoreboard.start_declaration(session)
    by = find(session.page.views[-1], "declare-by")
    assert by.selected == []
    by.on_change(stale_event(by, ["Anna"]))
    deal = find(session.page.views[-1], "declare-deal")
    deal.on_change(stale_event(deal, ["2"]))
    assert session.states.find(EntryState) is not None
    declaration = session.states.find(EntryState).draft.declaration
    assert declaration is not None
    assert (declaration.by, declaration.deal) == ("Anna", 2)


def test_a_switch_and_a_name_changed_while_a_redraw_was_under_way_count(table):
    session = make_session(table)
    open_new_match(session)
    view = session.page.views[-1]
    name = find(view, "new-player-1")
    name.on_change(stale_event(name, "Anna"))
    early = find(session.page.views[-1], "new-early-win")
    assert early.value is False
    early.on_change(stale_event(early, True))
    form = session.states.find(NewMatchForm)
    assert form is not None
    assert (form.names[0], form.early_win) == ("Anna", True)


def test_the_guard_checks_the_value_the_event_carries_not_the_stale_one(table):
    session = playing(table)
    scoreboard.start_hand(session)
    field = find(session.page.views[-1], "entry-cards-0")
    field.on_change(stale_event(field, "9" * (MAX_TEXT + 1)))
    assert (
        session.states.find(EntryState) is None
        or session.states.find(EntryState).draft.cards[0] is None
    )
    segmented = find(session.page.views[-1], "entry-settebello")
    segmented.on_change(stale_event(segmented, ["7"]))  # no such side
    assert (
        session.states.find(EntryState) is None
        or session.states.find(EntryState).draft.settebello is None
    )
    # each refusal said so on the phone
    assert len(session.page.dialogs) == 2


def test_each_reader_falls_back_on_the_control_when_the_event_has_no_data():
    field = ft.TextField(value="12")
    segmented = ft.SegmentedButton(
        segments=[ft.Segment(value="a", label="A")], selected=["a"]
    )
    switch = ft.Switch(value=True)
    dropdown = ft.Dropdown(value="k", options=[ft.DropdownOption(key="k")])
    assert text_of(SimpleNamespace(control=field)) == "12"
    assert choice_of(SimpleNamespace(control=segmented, data=None)) == ["a"]
    assert flag_of(SimpleNamespace(control=switch)) is True
    assert option_of(SimpleNamespace(control=dropdown)) == "k"
    # and the event's data wins over the control's value
    assert text_of(SimpleNamespace(control=field, data="3")) == "3"
    assert choice_of(SimpleNamespace(control=segmented, data=[])) == []
    assert flag_of(SimpleNamespace(control=switch, data=False)) is False
    assert option_of(SimpleNamespace(control=dropdown, data="j")) == "j"


def test_the_newest_text_sent_wins_over_an_older_key_s_event(table):
    """Keys typed while the handler of an earlier key waits: the property
    updates of the later keys are in; the handler must store the newest text,
    or its redraw would put the older one back over what was typed since."""
    session = playing(table)
    scoreboard.start_hand(session)
    field = find(session.page.views[-1], "entry-cards-0")
    # the phone typed "1", "12"; flet gave both updates to an object that a
    # redraw has replaced since (``field`` is the new one, still empty)
    for text in ("1", "12"):
        session.page.session.apply_patch(field._i, {"value": text})
    field.on_change(stale_event(field, "1"))  # the first key's event
    assert session.states.find(EntryState) is not None
    assert session.states.find(EntryState).draft.cards[0] == 12
    # and flet still got every update
    assert session.page.session.patches[-1] == (field._i, {"value": "12"})


def test_a_segment_tap_whose_update_went_to_the_replaced_object_counts(table):
    session = playing(table)
    scoreboard.start_declaration(session)
    by = find(session.page.views[-1], "declare-by")
    session.page.session.apply_patch(by._i, {"selected": ["Anna"]})
    by.on_change(stale_event(by, None))  # an event without data of its own
    assert session.states.find(EntryState) is not None
    assert session.states.find(EntryState).draft.declaration is not None
    assert session.states.find(EntryState).draft.declaration.by == "Anna"
