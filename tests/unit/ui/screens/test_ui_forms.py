"""Regression tests of the hand-entry forms and the live tally's hand-off,
without a browser: a real ``Session`` on a table service in a temporary data
folder and a fake page (bugs found by ``tests/e2e/test_hand_entry_forms.py``)."""

from __future__ import annotations

from types import SimpleNamespace

import flet as ft
import pytest
from flet.controls.base_control import BaseControl
from flet.controls.object_patch import ObjectPatch

from scorekeeper.core.model import Rank
from scorekeeper.table.hand_draft import HandDraft
from scorekeeper.ui.screens.hand_entry import actions as entry_actions
from scorekeeper.ui.screens.hand_entry import view as entry_screen
from scorekeeper.ui.screens.hand_entry.state import EntryState
from scorekeeper.ui.screens.scoreboard import hand_list
from scorekeeper.ui.screens.scoreboard import view as scoreboard
from scorekeeper.ui.shell.session import Session
from tests.unit.fakes import find, start_from_form

pytestmark = pytest.mark.started_match()  # on a temporary data folder


RANKS_A = ["A", "2", "3", "4", "5", "6"]


def hand_a() -> HandDraft:
    """Anna A-6 of spade, settebello, 22 cards: Anna 12, Bruno 1."""
    draft = HandDraft()
    for r in RANKS_A:
        draft = draft.with_spade(Rank(r), 0)
    for r in ["7", "F", "C", "R"]:
        draft = draft.with_spade(Rank(r), 1)
    return draft.with_settebello(0).with_cards(0, "22")


def record_a_piccola_and_end_the_hand(session: Session) -> ft.View:
    """On the live tally: a piccola for Anna, then "Fine mano"."""
    session.go("/live")
    find(session.page.views[-1], "live-piccola-0").on_click(None)
    find(session.page.views[-1], "live-to-hand-entry").on_click(None)
    assert session.page.route == "/partita/mano"
    return session.page.views[-1]


def test_fine_mano_shows_the_live_tally_even_after_the_hand_entry_was_opened_early(
    session,
):
    scoreboard.start_hand(session)  # opened too early: an empty draft is kept
    session.go("/partita")

    view = record_a_piccola_and_end_the_hand(session)

    assert session.states.find(EntryState).draft.piccole == (1, 0)
    assert find(view, "entry-piccole-0").value == "1"


def test_fine_mano_opens_the_new_hand_not_a_past_hand_whose_correction_was_left(
    session,
):
    scoreboard.start_hand(session)
    entry_actions.hold(session, hand_a())
    entry_actions.save_hand(session)
    hand_list.edit_hand(session, 0)  # correcting hand 1, left without saving
    session.go("/partita")

    view = record_a_piccola_and_end_the_hand(session)

    assert session.states.find(EntryState).edit_index is None
    assert view.appbar.title.value == "Conta della mano 2"
    assert session.states.find(EntryState).draft.piccole == (
        1,
        0,
    ) and session.states.find(EntryState).draft.cards == (
        None,
        None,
    )


@pytest.mark.parametrize(
    "change",
    [
        lambda d: d.add_bagari(0, 3),
        lambda d: d.add_bagari(0, 3).add_bagari(0, 4).add_bagari(1, 4),
        lambda d: d.add_spazzino(1, Rank.RE).add_spazzino(1, Rank.ASSO),
        lambda d: d.remove_bagari(0, 0),
        lambda d: d.remove_spazzino(0, 1),
    ],
    ids=["first bagari", "more bagari", "spazzini", "bagari out", "spazzino out"],
)
def test_a_play_chip_added_or_removed_changes_no_identifier_in_place(session, change):
    """Regression: the rows of spazzini and bagari were matched by position,
    so flet patched the identifiers of the buttons that moved, and the
    browser kept the old ones (two nodes named ``entry-bagari-0-4``)."""
    scoreboard.start_hand(session)
    entry_actions.hold(
        session,
        HandDraft()
        .add_bagari(0, 4)
        .add_bagari(0, 3)
        .add_spazzino(0, Rank.CINQUE)
        .add_spazzino(0, Rank.FANTE),
    )
    before = entry_screen.hand_entry_view(session)
    entry_actions.hold(session, change(session.states.find(EntryState).draft))
    after = entry_screen.hand_entry_view(session)

    patch, _, _ = ObjectPatch.from_diff(
        before, after, control_cls=BaseControl, frozen=True
    )

    in_place = [op for op in patch.patch if op["path"][-1:] == ["identifier"]]
    assert in_place == []


def test_two_quick_taps_on_plus_before_the_redraw_count_two(session):
    """Regression: the stepper's + added one to the count it was drawn with,
    so a second tap arriving before the redraw counted the same piccola."""
    scoreboard.start_hand(session)
    plus = find(session.page.views[-1], "entry-piccole-0-plus")
    plus.on_click(None)
    plus.on_click(None)  # the handler of the screen drawn before the first tap
    assert session.states.find(EntryState).draft.piccole[0] == 2
    minus = find(session.page.views[-1], "entry-piccole-0-minus")
    for _ in range(3):
        minus.on_click(None)
    assert session.states.find(EntryState).draft.piccole[0] == 0  # never below zero


def test_choosing_the_declarer_then_the_deal_quickly_keeps_both(session):
    """Regression: each choice of the declaration rebuilt it from the other
    choice as drawn, so a deal picked before the redraw undid the declarer."""
    start_from_form(session, ("Carla", "Dario"), early_win=True)
    scoreboard.start_declaration(session)
    view = session.page.views[-1]
    by, deal = find(view, "declare-by"), find(view, "declare-deal")
    by.on_change(SimpleNamespace(control=SimpleNamespace(selected=["Dario"])))
    deal.on_change(SimpleNamespace(control=SimpleNamespace(selected=["3"])))
    assert (
        session.states.find(EntryState).draft.declaration.by,
        session.states.find(EntryState).draft.declaration.deal,
    ) == (
        "Dario",
        3,
    )
