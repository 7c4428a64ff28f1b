"""Browser test of the hand entry drawn over the scoreboard in one view
(``widgets.layered``): the scoreboard kept under it, for a quick Save, is
neither read out nor tapped while the entry is shown, and comes back with the
new totals after Save. (Where the entry's back arrow leads is the server's:
tests/unit/test_layers.py.)"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.entry_steps import enter_mazzo, new_match, open_hand_entry
from tests.e2e.helpers import node, tap_until_shown

pytestmark = pytest.mark.e2e


@pytest.fixture
def page(fresh_server, new_phone, open_app):
    """A phone on a server of this test alone."""
    phone = new_phone(fresh_server.url)
    open_app(phone, fresh_server.url)
    return phone


def test_the_scoreboard_under_the_hand_entry_is_neither_read_nor_tapped(page, shot):
    new_match(page, ["Anna", "Bruno"])
    live = node(page, "score-live").bounding_box()
    assert live is not None
    open_hand_entry(page)

    # not in the tree a screen reader (and a test) reads
    expect(node(page, "score-total-0")).to_have_count(0)
    expect(node(page, "score-live")).to_have_count(0)
    # a finger where "Live" was on the scoreboard lands on the entry: the
    # mazzo entered after it, tap by tap with the server's echo of each, is
    # entered on the entry (a tap the scoreboard took would have left it)
    page.mouse.click(live["x"] + 8, live["y"] + live["height"] / 2)
    shot(page, "entry-over-scoreboard")
    enter_mazzo(page)  # Anna 12, Bruno 1 (worked out there)
    expect(node(page, "entry-save")).to_be_visible()
    expect(page.locator("[flt-semantics-identifier^='live-']")).to_have_count(0)
    tap_until_shown(
        node(page, "entry-save").get_by_role("button"), node(page, "score-live")
    )
    expect(node(page, "score-total-0")).to_contain_text("12")
    expect(node(page, "score-total-1")).to_contain_text("1")
    expect(node(page, "entry-save")).to_have_count(0)
    shot(page, "scoreboard-after-save")
