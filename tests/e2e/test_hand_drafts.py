"""Browser tests of the work a table must never lose: the hand being entered
survives the app's back arrow, a server restart and a change of phone; two
phones saving the same hand end in a question, not in wiped entries.

Each test starts its own server on its own data folder, 360x740 phones.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.entry_steps import give_spades, taken
from tests.e2e.helpers import (
    BACK,
    choose,
    entry_page,
    node,
    settebello_to,
    tap_until,
    tap_until_shown,
    type_into,
)

pytestmark = pytest.mark.e2e


def new_match(page, names) -> None:
    tap_until_shown(
        page.get_by_role("button", name="Nuova partita"), node(page, "new-start")
    )
    for seat, name in enumerate(names, start=1):
        type_into(page, f"Giocatore {seat}", name, (node(page, "new-teams"), name))
    tap_until_shown(
        node(page, "new-start").get_by_role("button"), node(page, "score-total-0")
    )


def resume(page) -> None:
    tap_until_shown(
        node(page, "home-resume").get_by_role("button"), node(page, "score-total-0")
    )


def open_hand_entry(page) -> None:
    tap_until_shown(
        node(page, "score-add-hand").get_by_role("button"), node(page, "entry-save")
    )


MARKS = {1: "An", 2: "Br"}  # what a chip shows of Anna, of Bruno


def chip(page, rank: str, side: int) -> None:
    """Tap a spade chip until it shows ``side``: the side a tap gives it to
    chosen first (Anna or Bruno)."""
    choose(node(page, "entry-spade-to"), "Anna" if side == 1 else "Bruno")
    target = node(page, f"entry-spade-{rank}")
    tap_until(target, target, taken(rank, MARKS[side]))


def type_cards(page, cards1: int) -> None:
    type_into(
        page,
        re.compile("^Carte prese da"),
        str(cards1),
        (node(page, "entry-cards-1-text"), f": {40 - cards1} "),
    )


def settebello(page, name: str) -> None:
    """Choose who has the settebello until the server says so, and show the
    entry's second page: with every spade given it turns to it, drawn by
    the server (``helpers.settebello_to``)."""
    settebello_to(page, name)


def entries_are_there(page) -> None:
    """What ``enter_part_of_a_hand`` typed: A and 2 to Anna, 7 to Bruno,
    22 cards to Anna (so 18 to Bruno)."""
    entry_page(page, 1)
    expect(node(page, "entry-spade-A")).to_have_text(taken("A", "An"))
    expect(node(page, "entry-spade-2")).to_have_text(taken("2", "An"))
    expect(node(page, "entry-spade-7")).to_have_text(taken("7", "Br"))
    # the first chip tapped gave the others to Bruno
    expect(node(page, "entry-spade-3")).to_have_text(taken("3", "Br"))
    entry_page(page, 2)
    expect(node(page, "entry-cards-1-text")).to_contain_text(": 18 ")


def enter_part_of_a_hand(page) -> None:
    chip(page, "A", 1)
    chip(page, "2", 1)
    chip(page, "7", 2)
    entry_page(page, 2)  # the cards' page
    type_cards(page, 22)


def test_a_hand_partly_entered_survives_back_a_restart_and_another_phone(
    tmp_path, new_phone, open_app, harness, shot
):
    data = tmp_path / "data"
    server = harness.start_server(data, tmp_path)
    try:  # a failing test must not leave its server running
        page = new_phone(server.url)
        open_app(page, server.url)
        new_match(page, ["Anna", "Bruno"])
        open_hand_entry(page)
        enter_part_of_a_hand(page)

        # the app's back arrow, then the entry again: all still there
        tap_until_shown(
            page.get_by_role("button", name=BACK), node(page, "score-add-hand")
        )
        open_hand_entry(page)
        entries_are_there(page)

        # a second phone opening the hand entry of the match gets them too
        other = new_phone(server.url)
        open_app(other, server.url)
        resume(other)
        open_hand_entry(other)
        entries_are_there(other)
        shot(other, "second-phone")
    finally:
        server.stop()

    again = harness.start_server(data, tmp_path)
    try:
        page = new_phone(again.url)
        open_app(page, again.url)
        resume(page)
        open_hand_entry(page)
        entries_are_there(page)
        shot(page, "after-restart")
    finally:
        again.stop()


def test_the_live_tally_survives_a_server_restart(
    tmp_path, new_phone, open_app, harness
):
    data = tmp_path / "data"
    server = harness.start_server(data, tmp_path)
    try:
        page = new_phone(server.url)
        open_app(page, server.url)
        new_match(page, ["Anna", "Bruno"])
        tap_until_shown(
            node(page, "score-live").get_by_role("button"), node(page, "live-piccola-0")
        )
        tap_until(node(page, "live-piccola-0"), node(page, "live-points-0"), "1")
    finally:
        server.stop()

    again = harness.start_server(data, tmp_path)
    try:
        page = new_phone(again.url)
        open_app(page, again.url)
        resume(page)
        tap_until_shown(
            node(page, "score-live").get_by_role("button"), node(page, "live-points-0")
        )
        expect(node(page, "live-points-0")).to_have_text("1")
    finally:
        again.stop()


def test_the_slower_of_two_phones_saving_the_same_hand_keeps_its_entries_and_asks(
    fresh_server, new_phone, open_app, shot
):
    fast, slow = new_phone(fresh_server.url), new_phone(fresh_server.url)
    open_app(fast, fresh_server.url)
    open_app(slow, fresh_server.url)
    new_match(fast, ["Anna", "Bruno"])
    resume(slow)
    open_hand_entry(fast)
    open_hand_entry(slow)

    # the slow phone: A-6 to Anna, the rest to Bruno, settebello Anna, 22
    # cards: Anna carte 2 + spade 2 + settebello 1 + napola 6 + due 1 = 12,
    # Bruno fante 1 (RULES.md 3, Classico)
    give_spades(slow, ["A", "2", "3", "4", "5", "6"])
    settebello(slow, "Anna")
    type_cards(slow, 22)
    expect(node(slow, "entry-save").get_by_role("button")).to_be_enabled()
    # the fast phone is told another phone is counting this hand
    expect(node(fast, "entry-counting")).to_have_text(
        "Anche un altro telefono sta contando la mano 1: salvatela da un telefono solo."
    )

    # the fast phone saves the hand the other way round: Bruno 12, Anna 1
    give_spades(fast, ["7", "F", "C", "R"])
    settebello(fast, "Bruno")
    type_cards(fast, 18)
    tap_until_shown(
        node(fast, "entry-save").get_by_role("button"), node(fast, "score-total-0")
    )
    expect(node(fast, "score-total-1")).to_have_text("12")

    # the slow phone: one sentence, the saved hand, its own entries kept
    expect(node(slow, "entry-taken-text")).to_have_text(
        "L'altro telefono ha già salvato la mano 1"
    )
    expect(node(slow, "entry-taken-summary")).to_contain_text("Anna 1, Bruno 12")
    entry_page(slow, 1)
    expect(node(slow, "entry-spade-A")).to_have_text(taken("A", "An"))
    entry_page(slow, 2)
    expect(node(slow, "entry-cards-1-text")).to_contain_text(": 18 ")
    expect(node(slow, "error-banner")).to_have_count(0)
    # said beside the grey Save too, where the player scrolled to
    expect(node(slow, "entry-save-why")).to_contain_text(
        "Non salvata: l'altro telefono ha già salvato la mano 1."
    )
    shot(slow, "asked")

    # "replace it with mine": hand 1 becomes this phone's count
    tap_until_shown(
        node(slow, "entry-taken-replace").get_by_role("button"),
        node(slow, "score-total-0"),
    )
    for phone in (slow, fast):
        expect(node(phone, "score-total-0")).to_have_text("12")
        expect(node(phone, "score-total-1")).to_have_text("1")
    expect(node(slow, "score-hand-number")).to_have_text("Mano 2")


def test_the_slower_phone_can_drop_its_entries(fresh_server, new_phone, open_app):
    fast, slow = new_phone(fresh_server.url), new_phone(fresh_server.url)
    open_app(fast, fresh_server.url)
    open_app(slow, fresh_server.url)
    new_match(fast, ["Anna", "Bruno"])
    resume(slow)
    open_hand_entry(slow)
    open_hand_entry(fast)  # before the slow phone taps: no pre-filled chip
    chip(slow, "A", 1)
    give_spades(fast, ["A", "2", "3", "4", "5", "6"])
    settebello(fast, "Anna")
    type_cards(fast, 22)
    tap_until_shown(
        node(fast, "entry-save").get_by_role("button"), node(fast, "score-total-0")
    )

    expect(node(slow, "entry-taken-text")).to_be_visible()
    tap_until_shown(
        node(slow, "entry-taken-drop").get_by_role("button"),
        node(slow, "score-total-0"),
    )
    expect(node(slow, "score-total-0")).to_have_text("12")
    open_hand_entry(slow)
    expect(node(slow, "entry-spade-A")).to_have_text(re.compile(r"^A\s+-$"))
    expect(node(slow, "entry-taken-text")).to_have_count(0)


COUNT_FORM = "Contiamo solo il numero di spade"


def count_hand(page) -> None:
    """With the count form on: Anna 7 spades (Bruno 3), due Anna, fante
    Bruno, no napola, settebello Bruno, cards 22 / 18. By hand (RULES.md 3,
    Classico): Anna carte 2 + spade 2 + due 1 = 5; Bruno settebello 1 +
    fante 1 = 2."""
    expect(node(page, "entry-spade-A")).to_have_count(0)  # the chips are hidden
    type_into(
        page,
        "Spade di Anna",
        "7",
        (node(page, "entry-spade-count-1-text"), "Bruno: 3 "),
    )
    choices = (("entry-due", "Anna"), ("entry-fante", "Bruno"))
    for identifier, name in choices:
        choose(node(page, identifier), name)
    settebello(page, "Bruno")
    type_cards(page, 22)
    # The preview is the server's echo of the choices: a segment is drawn
    # selected at the tap, before the server hears of it, and now and then
    # (a loaded machine) it never does; choosing the other side and back
    # sends it again.
    for _ in range(3):
        try:
            expect(node(page, "entry-preview-0")).to_have_text("Anna: 5", timeout=2000)
            break
        except AssertionError:
            entry_page(page, 1)
            for identifier, name in choices:
                choose(node(page, identifier), "Anna" if name == "Bruno" else "Bruno")
                choose(node(page, identifier), name)
            entry_page(page, 2)
    expect(node(page, "entry-preview-0")).to_have_text("Anna: 5")
    tap_until_shown(
        node(page, "entry-save").get_by_role("button"), node(page, "score-total-0")
    )


def test_the_count_form_stays_on_for_the_next_hand_and_the_next_match(
    fresh_server, new_phone, open_app
):
    page = new_phone(fresh_server.url)
    open_app(page, fresh_server.url)
    tap_until_shown(
        page.get_by_role("button", name="Nuova partita"), node(page, "new-start")
    )
    for seat, name in enumerate(["Anna", "Bruno"], start=1):
        type_into(page, f"Giocatore {seat}", name, (node(page, "new-teams"), name))
    type_into(page, "Traguardo", "8")
    tap_until_shown(
        node(page, "new-start").get_by_role("button"), node(page, "score-total-0")
    )
    open_hand_entry(page)
    switch = page.get_by_role("switch", name=COUNT_FORM)
    expect(switch).not_to_be_checked()
    tap_until_shown(switch, node(page, "entry-spade-count-1-text"))
    count_hand(page)
    expect(node(page, "score-total-0")).to_have_text("5")

    open_hand_entry(page)  # hand 2 of the same match: still the count form
    expect(switch).to_be_checked()
    count_hand(page)  # Anna 10: the match is won

    tap_until_shown(
        node(page, "over-rematch").get_by_role("button"), node(page, "score-add-hand")
    )
    open_hand_entry(page)  # a new match: the last form chosen
    expect(switch).to_be_checked()
    expect(node(page, "entry-spade-count-1-text")).to_be_visible()
