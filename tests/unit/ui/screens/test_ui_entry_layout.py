"""The hand entry's play-events area, the declaration and the hints of fresh
forms, without a browser: a real ``Session`` on a table service in a temporary
data folder and a fake page (``tests/unit/fakes.py``).

The browser tests of the same behaviour (what a finger does) are in
``tests/e2e/test_entry_in_place.py``.
"""

from __future__ import annotations

import flet as ft
import pytest

from scorekeeper.core.model import Rank
from scorekeeper.table.hand_draft import HandDraft
from scorekeeper.ui.kit.formatting import runs_text
from scorekeeper.ui.screens.hand_entry import actions as entry_actions
from scorekeeper.ui.screens.hand_entry import view as entry_screen
from scorekeeper.ui.screens.hand_entry.state import NO_DECLARER, EntryState
from scorekeeper.ui.screens.new_match.state import open_new_match
from scorekeeper.ui.screens.scoreboard import view as scoreboard
from scorekeeper.ui.shell.session import Session
from tests.unit.fakes import click, find, make_session, select, type_into, walk

pytestmark = pytest.mark.started_match(early_win=True)


def entry(session: Session) -> ft.View:
    scoreboard.start_hand(session)
    return session.page.views[-1]


def shape(view: ft.View) -> list[tuple[str, str | None]]:
    """The play-events area as a list of (control type, identifier), in order:
    the same shape means every control is where it was."""
    out = []
    for c in walk(view):
        ident = c.identifier if isinstance(c, ft.Semantics) else None
        if isinstance(c, ft.Semantics) and not c.visible:
            continue
        out.append((type(c).__name__, ident))
    return out


def test_five_taps_on_the_seven_drawn_once_record_five_sevens_on_the_button(session):
    view = entry(session)
    seven = find(view, "entry-spazzino-0-7")
    for _ in range(5):  # the handler of the screen drawn before the first tap
        click(seven)
    assert session.states.find(EntryState).draft.spazzini[0] == (Rank.SETTE,) * 5
    view = session.page.views[-1]
    assert find(view, "entry-spazzino-0-7").content == "7 ×5"
    assert find(view, "entry-spazzini-0").value == "Spazzini: 7 ×5"
    assert find(view, "entry-spazzino-0-remove-last").content == "Togli 7"


def test_two_taps_on_plus_three_record_two_bagari_and_the_buttons_stay(session):
    view = entry(session)
    before = shape(view)
    plus3 = find(view, "entry-bagari-0-3")
    click(plus3)
    click(plus3)
    assert session.states.find(EntryState).draft.bagari[0] == (3, 3)
    after = session.page.views[-1]
    assert shape(after) == before  # nothing added nor taken from the tree
    assert find(after, "entry-bagari-0-3").content == "+3 ×2"
    assert find(after, "entry-bagari-0").value == "Bagari: 3 ×2"


def test_the_remove_control_takes_back_the_last_one_entered(session):
    view = entry(session)
    for rank in ("5", "R", "7"):
        click(find(view, f"entry-spazzino-0-{rank}"))
    remove = find(session.page.views[-1], "entry-spazzino-0-remove-last")
    click(remove)
    click(remove)  # twice before the redraw: two taken back
    assert session.states.find(EntryState).draft.spazzini[0] == (Rank.CINQUE,)
    click(remove)
    click(remove)  # nothing left: nothing happens
    assert session.states.find(EntryState).draft.spazzini[0] == ()
    assert find(session.page.views[-1], "entry-spazzino-0-remove-last").disabled


def test_the_list_of_spazzini_groups_runs_in_the_order_entered():
    assert runs_text(["5", "7", "7", "7", "R", "7"]) == "5, 7 ×3, R, 7"
    assert runs_text([]) == ""


def test_the_declaration_preselects_nothing_and_confirm_waits_for_both_choices(
    session,
):
    scoreboard.start_declaration(session)
    view = session.page.views[-1]
    assert find(view, "declare-by").selected == []
    assert find(view, "declare-deal").selected == []
    assert find(view, "entry-save").disabled
    assert [t.value for t in find(view, "entry-hints-declaration").controls] == [
        "Scegli chi si dichiara vincente.",
        "Scegli la tornata.",
    ]
    assert not find(view, "entry-problems-declaration").controls  # no red error

    # the captures so far: Anna A of spade and 3 cards, Bruno 4 cards
    entry_actions.hold(
        session,
        session.states.find(EntryState)
        .draft.with_spade(Rank.ASSO, 0)
        .with_cards(0, "3")
        .with_cards(1, "4"),
    )
    session.render()
    select(find(session.page.views[-1], "declare-by"), "Anna")
    view = session.page.views[-1]
    assert find(view, "entry-save").disabled  # the deal is still to choose
    select(find(view, "declare-deal"), "2")
    view = session.page.views[-1]
    assert not find(view, "entry-save").disabled
    assert find(view, "declare-by").selected == ["Anna"]
    assert find(view, "entry-hints-declaration").controls == []


def test_a_tap_on_the_chosen_declarer_clears_the_choice_and_confirm(session):
    scoreboard.start_declaration(session)
    entry_actions.hold(
        session,
        session.states.find(EntryState).draft.with_cards(0, "3").with_cards(1, "4"),
    )
    select(find(session.page.views[-1], "declare-by"), "Bruno")
    select(find(session.page.views[-1], "declare-deal"), "1")
    assert not find(session.page.views[-1], "entry-save").disabled
    by = find(session.page.views[-1], "declare-by")
    by.selected = []  # what the browser sends when the chosen one is tapped
    by.on_change(type("E", (), {"control": by})())
    view = session.page.views[-1]
    assert session.states.find(EntryState).draft.declaration.by == NO_DECLARER
    assert find(view, "declare-by").selected == []
    assert find(view, "entry-save").disabled


def test_a_fresh_hand_entry_shows_what_is_missing_as_hints_not_errors(session):
    view = entry(session)
    for place in ("spades", "settebello", "cards", "play-0", "play-1"):
        assert not find(view, f"entry-problems-{place}").controls, place
    # what to do next, not what is wrong (issue 35 item 3)
    spades = [t.value for t in find(view, "entry-hints-spades").controls]
    assert spades == ["Segna chi ha le spade: tocca ogni carta."]
    hint = find(view, "entry-hints-settebello").controls[0]
    assert hint.value == "Chi ha il settebello? Tocca Anna o Bruno."
    assert hint.color == ft.Colors.ON_SURFACE_VARIANT  # neutral, not red
    assert find(view, "entry-status").value == "Mancano dei dati: completa la mano."


def test_the_first_spade_tapped_gives_the_others_to_the_other_side(session):
    """Issue 35: one tap less than "Tutte le altre a …" in every hand entered
    with the chips; the others' side is drawn at once, nothing is missing."""
    view = entry(session)
    click(find(view, "entry-spade-A"))
    assert session.states.find(EntryState).draft.spades == (0,) + (1,) * 9
    click(find(session.page.views[-1], "entry-spade-2"))
    click(find(session.page.views[-1], "entry-spade-2"))  # again: it stays
    assert session.states.find(EntryState).draft.spades == (0, 0) + (1,) * 8
    view = session.page.views[-1]
    assert not find(view, "entry-problems-spades").controls
    assert not find(view, "entry-hints-spades").controls
    assert find(view, "entry-spade-rest-1").disabled  # none left to give
    # the settebello, untouched, is still a hint
    assert find(view, "entry-hints-settebello").controls


def test_in_a_declaration_the_first_spade_tapped_gives_only_that_spade(session):
    """A stopped hand: the spades nobody has captured yet stay with nobody."""
    scoreboard.start_declaration(session)
    click(find(session.page.views[-1], "entry-spade-A"))
    assert session.states.find(EntryState).draft.spades == (0,) + (None,) * 9


def test_once_a_spade_is_someone_s_what_the_spades_miss_is_an_error(session):
    """A draft with one spade given (resumed; the first tap gives them all)."""
    entry(session)
    entry_actions.hold(session, HandDraft().with_spade(Rank("A"), 0))
    view = entry_screen.hand_entry_view(session)
    errors = [t.value for t in find(view, "entry-problems-spades").controls]
    assert errors == ["Mancano 2, 3, 4, 5, 6, 7, F, C, R di spade: di Anna o di Bruno?"]
    assert not find(view, "entry-hints-spades").controls


def test_a_full_hand_without_the_settebello_still_says_what_is_missing(session):
    entry(session)
    draft = HandDraft()
    for r in ["A", "2", "3", "4", "5", "6"]:
        draft = draft.with_spade(Rank(r), 0)
    for r in ["7", "F", "C", "R"]:
        draft = draft.with_spade(Rank(r), 1)
    entry_actions.hold(session, draft.with_cards(0, "22"))
    view = entry_screen.hand_entry_view(session)
    assert find(view, "entry-status").value == "Mancano dei dati: completa la mano."
    assert find(view, "entry-save").disabled


def test_a_fresh_new_match_form_hints_at_the_names_and_errs_once_typed_in(table):
    session = make_session(table)
    open_new_match(session)
    view = session.page.views[-1]
    assert not find(view, "new-problems").controls
    hints = [t.value for t in find(view, "new-hints").controls]
    assert hints == ["Scrivi i nomi dei giocatori 1 e 2."]
    assert find(view, "new-start").disabled

    type_into(find(view, "new-player-1"), "Anna")
    type_into(find(session.page.views[-1], "new-player-1"), "")  # rubbed out
    view = session.page.views[-1]
    errors = [t.value for t in find(view, "new-problems").controls]
    assert errors == ["Scrivi il nome del giocatore 1."]
    hints = [t.value for t in find(view, "new-hints").controls]
    assert hints == ["Scrivi il nome del giocatore 2."]
    assert find(view, "new-start").disabled


def test_a_duplicate_name_is_an_error_at_once(table):
    session = make_session(table)
    open_new_match(session)
    type_into(find(session.page.views[-1], "new-player-1"), "Anna")
    type_into(find(session.page.views[-1], "new-player-2"), "anna")
    view = session.page.views[-1]
    assert any(
        t.value == "Due giocatori si chiamano anna."
        for t in find(view, "new-problems").controls
    )


def test_switching_a_fresh_entry_to_the_count_form_keeps_the_hints(session):
    view = entry(session)
    switch = find(view, "entry-form-switch")
    switch.value = True
    switch.on_change(type("E", (), {"control": switch})())
    view = session.page.views[-1]
    assert session.states.find(EntryState).draft.spade_counts == (
        None,
        None,
    )  # nothing typed
    assert not find(view, "entry-problems-spades").controls
    assert find(view, "entry-hints-spades").controls
    # a count typed: the spades are touched, the honours nobody has are errors
    type_into(find(view, "entry-spade-count-0"), "7")
    view = session.page.views[-1]
    errors = [t.value for t in find(view, "entry-problems-spades").controls]
    assert any("due di spade" in e for e in errors)
