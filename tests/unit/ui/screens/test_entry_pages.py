"""The hand entry's two pages (issue 35 item 12: a hand with play points in
at most 12 taps and no swipe on a 360x740 phone) and the field typed in
kept in sight when the keyboard comes up (item 2), without a browser: a
real ``Session`` on a table service and a fake page
(``tests/unit/fakes.py``). The browser tests that count a finger's taps and
look at the screen are in ``tests/e2e/test_entry_on_screen.py``.
"""

from __future__ import annotations

from types import SimpleNamespace

import flet as ft
import pytest

from scorekeeper.ui.screens.hand_entry import actions
from scorekeeper.ui.screens.hand_entry.state import EntryPage, EntryState
from scorekeeper.ui.screens.scoreboard import view as scoreboard
from scorekeeper.ui.shell.session import Session
from tests.event_loops import run_coroutine
from tests.unit.fakes import (
    click,
    find,
    select,
    type_into,
    walk,
)

SIDE_1 = ["A", "2", "3", "4", "5", "6"]


pytestmark = pytest.mark.started_match(early_win=True)


def tap(session: Session, identifier: str) -> None:
    click(find(session.page.views[-1], identifier))


def choose(session: Session, identifier: str, value: str) -> None:
    select(find(session.page.views[-1], identifier), value)


def shown(session: Session) -> EntryPage:
    """The page drawn: the one of the two page columns that is visible (and
    the entry says so)."""
    pages = [
        EntryPage(c.key.removeprefix("entry-page-"))
        for c in walk(session.page.views[-1])
        if isinstance(getattr(c, "key", None), str)
        and c.key.startswith("entry-page-")
        and c.visible
    ]
    assert len(pages) == 1, pages
    assert (
        session.states.find(EntryState) is not None
        and session.states.find(EntryState).page is pages[0]
    )
    return pages[0]


def tabs(session: Session) -> list[str]:
    """The pages' tabs, as they read."""
    segments = find(session.page.views[-1], "entry-page").segments
    return [segment.label.value for segment in segments]


def count_form(session: Session) -> None:
    switch = find(session.page.views[-1], "entry-form-switch")
    switch.value = True
    switch.on_change(SimpleNamespace(control=switch, data=True))


def test_a_new_entry_opens_on_the_spades_and_the_settebello(session):
    scoreboard.start_hand(session)
    assert shown(session) is EntryPage.MAZZO
    labels = [
        s.label.value for s in find(session.page.views[-1], "entry-page").segments
    ]
    assert labels == ["Spade e settebello", "Carte e gioco"]


def test_the_settebello_chosen_with_every_spade_given_turns_to_the_cards_and_play(
    session,
):
    scoreboard.start_hand(session)
    for rank in SIDE_1:  # the first gives the others to Bruno
        tap(session, f"entry-spade-{rank}")
    assert shown(session) is EntryPage.MAZZO
    choose(session, "entry-settebello", "1")
    assert session.states.find(EntryState).draft.settebello == 1
    assert shown(session) is EntryPage.GIOCO
    # back to the first page by its tab, and the settebello chosen again:
    # the player came back to change it, the page stays
    choose(session, "entry-page", "mazzo")
    assert shown(session) is EntryPage.MAZZO
    choose(session, "entry-settebello", "0")
    assert session.states.find(EntryState).draft.settebello == 0
    assert shown(session) is EntryPage.MAZZO


def test_the_settebello_chosen_before_the_spades_turns_no_page(session):
    scoreboard.start_hand(session)
    choose(session, "entry-settebello", "0")
    assert shown(session) is EntryPage.MAZZO
    tap(session, "entry-spade-A")  # every spade given now: still no turn
    assert shown(session) is EntryPage.MAZZO


@pytest.mark.parametrize("fante", [True, False], ids=["answered", "missing"])
def test_the_count_form_turns_the_page_once_the_due_and_the_fante_are_answered(
    session, fante
):
    scoreboard.start_hand(session)
    count_form(session)
    type_into(find(session.page.views[-1], "entry-spade-count-0"), "6")
    choose(session, "entry-due", "0")
    if fante:
        choose(session, "entry-fante", "1")
    choose(session, "entry-settebello", "0")
    assert shown(session) is (EntryPage.GIOCO if fante else EntryPage.MAZZO)


def test_a_declaration_turns_no_page_by_itself(session):
    scoreboard.start_declaration(session)
    for rank in SIDE_1:
        tap(session, f"entry-spade-{rank}")
    choose(session, "entry-settebello", "0")
    assert shown(session) is EntryPage.MAZZO
    choose(session, "entry-page", "gioco")
    assert shown(session) is EntryPage.GIOCO
    find(session.page.views[-1], "entry-cards-1")  # both sides' cards typed


def test_a_page_with_something_to_correct_says_so_on_its_tab(session):
    scoreboard.start_hand(session)
    tap(session, "entry-spade-A")
    choose(session, "entry-settebello", "0")  # turned to the cards and play
    # Anna 1 spade and the settebello but 0 cards: the cards are wrong
    type_into(find(session.page.views[-1], "entry-cards-0"), "0")
    choose(session, "entry-page", "mazzo")
    labels = [
        s.label.value for s in find(session.page.views[-1], "entry-page").segments
    ]
    assert labels == ["Spade e settebello", "Carte e gioco (!)"]


class Page:
    """A page column's one act here: scrolling to a key (recorded)."""

    def __init__(self) -> None:
        self.scrolled: list[str] = []

    async def scroll_to(self, scroll_key: str, duration: int = 0) -> None:
        self.scrolled.append(scroll_key)


def test_a_page_laid_out_shorter_scrolls_to_the_field_typed_in(session):
    scoreboard.start_hand(session)
    column = Page()
    # first laid out: nothing to compare with
    run_coroutine(actions.keep_typed_in_sight(session, column, 600))
    actions.field_focused(session, "entry-napola-0")
    # taller (the keyboard went down): no scroll
    run_coroutine(actions.keep_typed_in_sight(session, column, 640))
    assert column.scrolled == []
    # shorter (the keyboard came up): the field typed in, into sight
    run_coroutine(actions.keep_typed_in_sight(session, column, 300))
    assert column.scrolled == ["entry-napola-0"]
    # no field typed in: nothing scrolls
    actions.field_left(session, "entry-napola-0")
    run_coroutine(actions.keep_typed_in_sight(session, column, 640))
    run_coroutine(actions.keep_typed_in_sight(session, column, 300))
    assert column.scrolled == ["entry-napola-0"]


def test_a_number_field_of_the_entry_says_when_it_is_typed_in(session):
    scoreboard.start_hand(session)
    field = find(session.page.views[-1], "entry-cards-0")
    field.on_focus(None)
    assert session.states.find(EntryState).focused == "entry-cards-0"
    field.on_blur(None)
    assert session.states.find(EntryState).focused is None


def test_no_field_of_the_entry_carries_the_key_its_page_scrolls_to(session):
    """flet 1.0.5 makes a new Flutter key for a ``ScrollKey`` at each build of
    its control: a text field under one was built anew whenever a control
    around it changed, its focus lost as a player typed (the browser's
    ``test_a_field_keeps_the_focus_when_the_form_answers_its_first_digit``).
    Each number field has its mark, over it, with nothing in it."""
    scoreboard.start_hand(session)
    for form in ("chips", "count"):
        if form == "count":
            count_form(session)
        controls = list(walk(session.page.views[-1]))
        marks = [c for c in controls if isinstance(c.key, ft.ScrollKey)]
        assert all(isinstance(m, ft.Container) and m.content is None for m in marks)
        fields = {
            c.identifier
            for c in controls
            if isinstance(c, ft.Semantics) and isinstance(c.content, ft.TextField)
        }
        assert fields and {m.key.value for m in marks} == fields, form
