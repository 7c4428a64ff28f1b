"""Browser test of a match played on two phones: a new match, two hands
entered by taps on the spade chips and typing, the totals on every phone.
The helpers enter hands the way players do, where the controls are drawn.

The rest of a match's flows (an impossible hand, a past hand edited,
deleted, undone; a tie-break; 4 players' seats; English) are decided on the
server and tested there by the same taps: tests/unit/test_match_by_taps.py;
declarations in tests/unit/test_declaration_verdict.py and
tests/unit/test_end_words.py; a restart in tests/e2e/test_server_kill.py.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.flows import (
    HAND_A,
    HAND_B,
    enter_hand_by_chips,
    new_match,
    resume,
    save,
    totals,
)
from tests.e2e.helpers import node

pytestmark = pytest.mark.e2e


def test_two_hands_entered_by_chips_add_up_on_every_phone(
    fresh_server, new_phone, open_app, shot
):
    phone, other = new_phone(fresh_server.url), new_phone(fresh_server.url)
    open_app(phone, fresh_server.url)
    open_app(other, fresh_server.url)
    new_match(phone, ["Anna", "Bruno"])
    expect(node(phone, "score-hand-number")).to_have_text("Mano 1")
    expect(node(phone, "score-dealer")).to_have_text("Mescola e dà le carte: Anna")

    enter_hand_by_chips(phone, *HAND_A)
    expect(node(phone, "entry-preview-0")).to_have_text("Anna: 12")
    expect(node(phone, "entry-preview-1")).to_have_text("Bruno: 1")
    shot(phone, "hand-entry")
    save(phone)
    totals(phone, 12, 1)
    expect(node(phone, "score-missing-0")).to_have_text("mancano 19")
    expect(node(phone, "score-hand-number")).to_have_text("Mano 2")
    expect(node(phone, "score-dealer")).to_have_text("Mescola e dà le carte: Bruno")

    enter_hand_by_chips(phone, *HAND_B)
    save(phone)
    totals(phone, 13, 13)
    expect(node(phone, "hand-row-2")).to_be_visible()
    shot(phone, "scoreboard")

    # The other phone was on home: it offers the match with its totals.
    expect(node(other, "home-resume")).to_contain_text("Anna 13 - Bruno 13")
    resume(other)
    totals(other, 13, 13)
