"""Browser tests of what a player sees of the hand entry and the scoreboard
on a 360x740 phone (issue 35): checked on the screen, where the controls are
drawn, not only in the control tree. The undo is in reach at the top,
a hand left half entered says it waits ("Riprendi la mano 1").

Every expected point total is worked out by hand from
``/work/shared/RULES.md`` in a comment next to it.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.count_hand import expect_totals, prepare_hand, save_button
from tests.e2e.entry_steps import new_match, open_hand_entry, taken
from tests.e2e.helpers import BACK, node, tap_until, tap_until_shown

pytestmark = pytest.mark.e2e

PHONE_HEIGHT = 740


@pytest.fixture
def page(fresh_server, new_phone, open_app):
    """A phone on a server of this test alone."""
    phone = new_phone(fresh_server.url)
    open_app(phone, fresh_server.url)
    return phone


def on_screen(page, identifier: str) -> dict[str, float]:
    """The box of ``identifier``, which must be drawn inside the window as it
    is (no scrolling)."""
    target = node(page, identifier)
    expect(target).to_be_visible()
    box = target.bounding_box()
    size = page.viewport_size
    assert box is not None, identifier
    inside = (
        box["x"] >= 0
        and box["y"] >= 0
        and box["x"] + box["width"] <= size["width"]
        and box["y"] + box["height"] <= size["height"]
    )
    assert inside, f"{identifier} at {box}, outside the {size} window"
    return box


def test_the_undo_is_at_the_top_of_the_scoreboard_in_reach_after_several_hands(
    page, shot
):
    new_match(page, ["Anna", "Bruno"])
    for hand in range(1, 4):
        prepare_hand(page, ("Anna", "Bruno"))  # 2 - 1 each (count_hand.py)
        tap_until_shown(save_button(page), node(page, "score-total-0"))
        expect_totals(page, (2 * hand, hand))
    box = on_screen(page, "score-undo")
    # beside the hand's number, over the buttons that open the entry
    number = on_screen(page, "score-hand-number")
    assert box["y"] < number["y"] + number["height"], (box, number)
    assert box["y"] + box["height"] < on_screen(page, "score-add-hand")["y"]
    shot(page, "undo-on-top")
    # a finger's tap where it is drawn: the last hand is undone
    node(page, "score-undo").get_by_role("button").click()
    expect_totals(page, (4, 2))


def test_a_hand_left_half_entered_is_offered_as_resume_on_the_scoreboard(page, shot):
    new_match(page, ["Anna", "Bruno"])
    add = node(page, "score-add-hand")
    expect(add).to_have_text("Segna la mano 1")
    open_hand_entry(page)
    chip = node(page, "entry-spade-A")
    tap_until(chip, chip, taken("A", "An"))
    tap_until_shown(page.get_by_role("button", name=BACK), add)
    expect(add).to_have_text("Riprendi la mano 1")
    shot(page, "resume")
    # it opens on what was typed, and once saved the next hand is new again
    open_hand_entry(page)
    expect(node(page, "entry-spade-A")).to_have_text(taken("A", "An"))
    tap_until_shown(page.get_by_role("button", name=BACK), add)
    prepare_hand(page, ("Anna", "Bruno"))
    tap_until_shown(save_button(page), node(page, "score-total-0"))
    expect_totals(page, (2, 1))
    expect(add).to_have_text("Segna la mano 2")
