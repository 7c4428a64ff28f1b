"""What the hand entry tells before Save, without a browser (issue 23 item
10): each side's items under its total, a count form that never contradicts
itself when the chips are carried over, and the live tally's points added to
what the entry holds, said so, never put in their place.

Every point is worked out by hand from ``/work/shared/RULES.md`` (Classico).
"""

from __future__ import annotations

import pytest

from scorekeeper.core.model import Rank
from scorekeeper.table.hand_draft import HandDraft, LiveTally, merge_play
from scorekeeper.ui.screens.hand_entry.state import EntryState
from scorekeeper.ui.screens.scoreboard import view as scoreboard
from scorekeeper.ui.shell.session import Session
from tests.unit.fakes import (
    click,
    find,
    make_session,
    select,
    start_from_form,
    type_into,
)

pytestmark = pytest.mark.started_match()  # the session's Anna-Bruno match


def view(session: Session):
    return session.page.views[-1]


def breakdown(session: Session, side: int) -> str:
    """A side's breakdown as read (its items' spaces do not break)."""
    return find(view(session), f"entry-breakdown-{side}").value.replace("\u00a0", " ")


def tap(session: Session, identifier: str) -> None:
    click(find(view(session), identifier))


def test_the_preview_shows_each_side_s_items_before_save(session):
    scoreboard.start_hand(session)
    for rank in "A23456":
        tap(session, f"entry-spade-{rank}")
    tap(session, "entry-spade-rest-1")
    select(find(view(session), "entry-settebello"), "0")
    type_into(find(view(session), "entry-cards-0"), "22")
    tap(session, "entry-piccole-1-plus")
    tap(session, "entry-spazzino-1-R")
    # Anna A-6: carte 2 (22 > 18), spade 2 (6 > 4), settebello 1, due 1,
    # napola 6 = 12; Bruno: fante 1, piccola 1, spazzino R 4 = 6
    assert find(view(session), "entry-preview-0").value == "Anna: 12"
    assert breakdown(session, 0) == (
        "Carte +2 · Spade +2 · Settebello +1 · Due di spade +1 · Napola +6"
    )
    assert breakdown(session, 1) == "Fante di spade +1 · Piccole +1 · Spazzini +4"


def test_the_breakdown_is_in_english_and_with_french_cards_too(table):
    session = make_session(table, lang="en")
    session.french_cards = True
    start_from_form(session)
    scoreboard.start_hand(session)
    tap(session, "entry-spade-rest-0")
    select(find(view(session), "entry-settebello"), "0")
    type_into(find(view(session), "entry-cards-0"), "40")
    # Bruno has nothing: no item, said so
    assert breakdown(session, 1) == "no points"
    # every spade and all 40 cards: the French names, points marked "+"
    assert breakdown(session, 0) == (
        "Cards +2 · Spades +2 · Settebello +1 · Two of spades +1 · "
        "Jack of spades +1 · Napola +10"
    )


def test_chips_carried_to_the_count_form_never_contradict_its_words(session):
    scoreboard.start_hand(session)
    for rank in "A23":
        tap(session, f"entry-spade-{rank}")
    select(find(view(session), "entry-spade-to"), "1")
    tap(session, "entry-spade-R")
    switch = find(view(session), "entry-form-switch")
    switch.value = True
    switch.on_change(type("E", (), {"control": switch, "data": True})())
    # Anna 3 chips, Bruno 1, six with nobody: the count form says Bruno has
    # "the rest of 10", so 7, never "Bruno: 1 (il resto fino a 10)"
    assert find(view(session), "entry-spade-count-0").value == "3"
    other = find(view(session), "entry-spade-count-1-text").value
    assert other == "Bruno: 7 (il resto fino a 10)"
    assert session.states.find(EntryState).draft.spade_counts == (3, 7)


def test_a_declared_hand_carries_each_side_s_chips_as_they_are():
    draft = HandDraft().declared("Anna", 2).give_spade(Rank.ASSO, 0)
    draft = draft.give_spade(Rank.RE, 1).give_spade(Rank.DUE, 1)
    assert draft.with_form("count").spade_counts == (1, 2)  # at most 10


def test_the_live_tally_s_points_are_added_to_what_the_entry_holds(session, table):
    match_id = table.current().id
    scoreboard.start_hand(session)
    tap(session, "entry-piccole-0-plus")
    tap(session, "entry-piccole-0-plus")
    tap(session, "entry-spazzino-1-7")
    assert session.states.find(EntryState).draft.piccole == (2, 0)
    # meanwhile, on the live tally: a spazzino of R for Anna, a piccola for
    # Bruno
    table.record_live(match_id, lambda t: t.spazzino(0, Rank.RE))
    table.record_live(match_id, lambda t: t.piccola(1))

    other = make_session(table)
    scoreboard.start_hand(other)
    draft = other.states.find(EntryState).draft
    assert draft.piccole == (2, 1)  # typed 2, and the tally's 1
    assert draft.spazzini == ((Rank.RE,), (Rank.SETTE,))
    assert find(view(other), "entry-live-added").controls[0].value == other.t(
        "entry.live_added"
    )


def test_an_entry_the_live_tally_did_not_change_says_nothing(session):
    scoreboard.start_hand(session)
    tap(session, "entry-piccole-0-plus")
    scoreboard.start_hand(session)
    assert session.states.find(EntryState).draft.piccole == (1, 0)
    assert not find(view(session), "entry-live-added").controls


def test_a_tap_taken_back_on_the_tally_is_taken_out_of_the_entry_too():
    seen = LiveTally().spazzino(0, Rank.SETTE).spazzino(0, Rank.RE)
    typed = seen.to_draft().with_piccole(1, 3)
    now = seen.undo().bagari_of(1, 4)
    merged = merge_play(typed, seen, now)
    assert merged.spazzini == ((Rank.SETTE,), ())
    assert merged.piccole == (0, 3) and merged.bagari == ((), (4,))


def test_the_count_form_gives_side_two_the_rest_of_ten_of_partial_chips():
    draft = HandDraft().with_spade(Rank.ASSO, 0).with_spade(Rank.DUE, 0)
    draft = draft.with_spade(Rank.TRE, 0).with_spade(Rank.RE, 1)
    # six spades with nobody: "Bruno: 1 (il resto fino a 10)" was the old
    # contradiction; the rest of 10 is 7
    assert draft.with_form("count").spade_counts == (3, 7)
    assert HandDraft().with_form("count").spade_counts == (None, None)
