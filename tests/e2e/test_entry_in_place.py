"""Browser tests of what a finger does on the hand entry and the live tally,
on a 360x740 phone: quick taps in place record what was tapped (nothing
tapped moves). That the declaration preselects nothing and a fresh form
shows what is missing as a hint, not as red errors, is decided on the
server: tests/unit/test_hand_entry_by_taps.py, test_ui_entry_layout.py,
test_screen_sentences.py.

Taps here are mouse clicks at a fixed point of the screen, as a finger that
does not look again between taps: a control that moves under it would record
something else. Every expected point total is worked out by hand from
``/work/shared/RULES.md`` in a comment next to it.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.entry_steps import enter_mazzo, new_match, open_hand_entry
from tests.e2e.helpers import (
    node,
    painted,
    settled,
    tap_until,
    tap_until_shown,
)

pytestmark = pytest.mark.e2e

RANKS = ["A", "2", "3", "4", "5", "6", "7", "F", "C", "R"]

# The controls of the play-events area whose place must not change.
STILL = [
    *(f"entry-spazzino-0-{rank}" for rank in RANKS),
    "entry-bagari-0-3",
    "entry-bagari-0-4",
    "entry-spazzino-0-remove-last",
    "entry-bagari-0-remove-last",
    "entry-piccole-0-plus",
    "entry-spazzino-1-A",
    "entry-bagari-1-3",
    "entry-piccole-1-plus",
]


@pytest.fixture
def page(fresh_server, new_phone, open_app):
    """A phone on a server of this test alone."""
    phone = new_phone(fresh_server.url)
    open_app(phone, fresh_server.url)
    return phone


def boxes(page) -> dict[str, dict[str, float]]:
    """Where each control of ``STILL`` is drawn now."""
    return {name: node(page, name).bounding_box() for name in STILL}


def tap_in_place(page, identifier: str, times: int) -> dict[str, dict[str, float]]:
    """Bring ``identifier`` into view, then click ``times`` at its centre
    quickly, without looking again; return where ``STILL`` was before."""
    target = node(page, identifier)
    target.scroll_into_view_if_needed()
    # the scroll has come to rest: the semantics' boxes, then the canvas a
    # finger sees (it can lag the semantics' scroll)
    before = settled(page, lambda: boxes(page))
    painted(page)
    box = before[identifier]
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    for _ in range(times):  # as fast as a finger, faster
        page.mouse.click(x, y)
    return before


def test_five_quick_taps_in_place_on_seven_record_five_spazzini_of_seven(page, shot):
    new_match(page, ["Anna", "Bruno"])  # Classico: a spazzino of 7 is 7 points
    open_hand_entry(page)
    enter_mazzo(page)

    before = tap_in_place(page, "entry-spazzino-0-7", 5)

    # By hand: 12 + five spazzini of 7 (5 x 7 = 35) = 47; Bruno 1.
    expect(node(page, "entry-preview-0")).to_have_text("Anna: 47")
    expect(node(page, "entry-preview-1")).to_have_text("Bruno: 1")
    expect(node(page, "entry-spazzini-0")).to_contain_text("7 ×5")
    expect(node(page, "entry-spazzino-0-7")).to_contain_text("×5")
    assert boxes(page) == before
    shot(page, "five-sevens")


def test_two_taps_on_plus_three_record_two_bagari_of_three(page, shot):
    new_match(page, ["Anna", "Bruno"])  # Classico: a bagari of 3 is 3 points
    open_hand_entry(page)
    enter_mazzo(page)

    before = tap_in_place(page, "entry-bagari-0-3", 2)

    # By hand: 12 + two bagari of 3 (3 + 3) = 18; Bruno 1.
    expect(node(page, "entry-preview-0")).to_have_text("Anna: 18")
    expect(node(page, "entry-bagari-0")).to_contain_text("3 ×2")
    expect(node(page, "entry-bagari-0-3")).to_contain_text("×2")
    assert boxes(page) == before

    # Taking the last one back is a control of its own: +3 stays where it was.
    tap_until(
        node(page, "entry-bagari-0-remove-last"),
        node(page, "entry-preview-0"),
        "Anna: 15",
    )
    assert boxes(page) == before
    shot(page, "two-bagari")


LIVE_STILL = [
    "live-piccola-0",
    "live-bagari3-0",
    "live-bagari4-1",
    "live-undo",
    "live-to-hand-entry",
    "live-deal-next",
]


def live_boxes(page) -> dict[str, dict[str, float]]:
    """Where each of ``LIVE_STILL`` is drawn, the screen scrolled to its top."""
    page.mouse.move(180, 400)
    page.mouse.wheel(0, -3000)
    painted(page)  # the scroll has come to rest on the canvas
    return settled(
        page, lambda: {name: node(page, name).bounding_box() for name in LIVE_STILL}
    )


def click_in_place(page, identifier: str, times: int) -> None:
    """Bring ``identifier`` into view, then click ``times`` at its centre."""
    node(page, identifier).scroll_into_view_if_needed()
    box = settled(page, node(page, identifier).bounding_box)  # come to rest
    painted(page)  # and the canvas a finger sees
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    for _ in range(times):  # as fast as a finger, faster
        page.mouse.click(x, y)


def test_the_live_tally_keeps_its_buttons_in_place_as_the_counts_grow(page, shot):
    new_match(page, ["Anna", "Bruno"])  # Classico: a bagari of 3 is 3 points
    tap_until_shown(
        node(page, "score-live").get_by_role("button"), node(page, "live-piccola-0")
    )
    before = live_boxes(page)

    click_in_place(page, "live-bagari3-0", 8)
    # By hand: eight bagari of 3 = 24.
    expect(node(page, "live-points-0")).to_have_text("24")
    expect(node(page, "live-count-0-2")).to_have_text("Bagari: 3 ×8")
    click_in_place(page, "live-deal-next", 5)
    expect(node(page, "live-deal")).to_have_text("Tornata 6 di 6")
    expect(node(page, "live-last-deal")).to_be_visible()
    assert live_boxes(page) == before

    click_in_place(page, "live-undo", 2)
    # two bagari taken back: 24 - 3 - 3 = 18
    expect(node(page, "live-points-0")).to_have_text("18")
    assert live_boxes(page) == before
    shot(page, "live")
