"""Browser tests of what a finger does on the hand entry, the declaration and
the new-match form, on a 360x740 phone: quick taps in place record what was
tapped (nothing tapped moves), the declaration preselects nothing, and a fresh
form shows what is missing as a hint, not as red errors.

Taps here are mouse clicks at a fixed point of the screen, as a finger that
does not look again between taps: a control that moves under it would record
something else. Every expected point total is worked out by hand from
``/work/shared/RULES.md`` in a comment next to it.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.entry_steps import enter_mazzo, new_match, open_hand_entry, taken
from tests.e2e.helpers import (
    choose,
    entry_page,
    node,
    tap_until,
    tap_until_shown,
    type_into,
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
    page.wait_for_timeout(500)  # the scroll has settled
    before = boxes(page)
    box = before[identifier]
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    for _ in range(times):
        page.mouse.click(x, y)
        page.wait_for_timeout(150)
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


def test_the_declaration_preselects_nothing_and_confirms_only_once_both_chosen(
    page, shot
):
    new_match(page, ["Anna", "Bruno"], early_win=True)
    tap_until_shown(
        node(page, "score-declare").get_by_role("button"), node(page, "declare-by")
    )
    for segment in ("Anna", "Bruno"):
        expect(
            node(page, "declare-by").get_by_role("button", name=segment)
        ).not_to_have_attribute("aria-current", "true")
    for deal in "12345":
        expect(
            node(page, "declare-deal").get_by_role("button", name=deal)
        ).not_to_have_attribute("aria-current", "true")
    confirm = node(page, "entry-save").get_by_role("button")
    expect(confirm).to_be_disabled()
    shot(page, "fresh")

    # The captures so far: Anna A, 2, 3 of spade (napola 3), the settebello,
    # 10 cards; Bruno 5 cards. Still no declarer nor deal: no confirm.
    for rank in ("A", "2", "3"):
        chip = node(page, f"entry-spade-{rank}")
        tap_until(chip, chip, taken(rank, "An"))
    choose(node(page, "entry-settebello"), "Anna")
    entry_page(page, 2)  # the cards (a declaration turns no page by itself)
    type_into(page, re.compile("^Carte prese da Anna"), "10")
    type_into(page, re.compile("^Carte prese da Bruno"), "5")
    expect(confirm).to_be_disabled()
    entry_page(page, 1)
    choose(node(page, "declare-by"), "Anna")
    expect(confirm).to_be_disabled()  # the deal is still to choose
    choose(node(page, "declare-deal"), "2")
    expect(confirm).to_be_enabled()


def test_a_fresh_hand_entry_and_new_match_form_show_hints_not_red_errors(page, shot):
    tap_until_shown(
        page.get_by_role("button", name="Nuova partita"), node(page, "new-start")
    )
    expect(node(page, "new-problems")).to_have_count(0)
    expect(node(page, "new-hints")).to_contain_text(
        "Scrivi i nomi dei giocatori 1 e 2."
    )
    expect(node(page, "new-start").get_by_role("button")).to_be_disabled()
    # a name typed and rubbed out again: now it is an error
    type_into(page, "Giocatore 1", "Anna", (node(page, "new-teams"), "Anna"))
    type_into(page, "Giocatore 1", "", (node(page, "new-teams"), "Giocatore 1 "))
    expect(node(page, "new-problems")).to_contain_text("nome del giocatore 1")
    expect(node(page, "new-hints")).to_contain_text("nome del giocatore 2")
    shot(page, "new-match")
    type_into(page, "Giocatore 1", "Anna", (node(page, "new-teams"), "Anna"))
    type_into(page, "Giocatore 2", "Bruno", (node(page, "new-teams"), "Bruno"))
    tap_until_shown(
        node(page, "new-start").get_by_role("button"), node(page, "score-total-0")
    )

    open_hand_entry(page)
    for place in ("spades", "settebello", "cards"):
        expect(node(page, f"entry-problems-{place}")).to_have_count(0)
    # what to do next, not what is wrong (issue 35 item 3)
    expect(node(page, "entry-hints-spades")).to_contain_text("Segna chi ha le spade")
    expect(node(page, "entry-hints-settebello")).to_contain_text(
        "Chi ha il settebello? Tocca Anna o Bruno."
    )
    shot(page, "hand-entry")
    # a spade tapped: the others go to the other side, nothing is missing
    chip = node(page, "entry-spade-A")
    tap_until(chip, chip, taken("A", "An"))
    expect(node(page, "entry-spade-2")).to_have_text(taken("2", "Br"))
    expect(node(page, "entry-problems-spades")).to_have_count(0)
    expect(node(page, "entry-hints-spades")).to_have_count(0)


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
    page.wait_for_timeout(500)  # the scroll has settled
    return {name: node(page, name).bounding_box() for name in LIVE_STILL}


def click_in_place(page, identifier: str, times: int) -> None:
    """Bring ``identifier`` into view, then click ``times`` at its centre."""
    node(page, identifier).scroll_into_view_if_needed()
    page.wait_for_timeout(500)  # the scroll has settled
    box = node(page, identifier).bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    for _ in range(times):
        page.mouse.click(x, y)
        page.wait_for_timeout(150)


def test_the_live_tally_keeps_its_buttons_in_place_as_the_counts_grow(page, shot):
    new_match(page, ["Anna", "Bruno"])  # Classico: a bagari of 3 is 3 points
    tap_until_shown(
        node(page, "score-live").get_by_role("button"), node(page, "live-piccola-0")
    )
    page.wait_for_timeout(500)
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
