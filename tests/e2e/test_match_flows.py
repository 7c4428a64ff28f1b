"""Browser tests of the match flows: new match, hand entry (chips and count
form), edit/delete/undo, tie-break, declarations, 4 players, restart, English.

Tests that need an empty table start their own server (``fresh_server``);
helpers enter hands the way players do, by taps and typing.
"""

from __future__ import annotations

import re
from functools import partial

import pytest
from playwright.sync_api import expect

from tests.e2e import helpers
from tests.e2e.helpers import node

# This file taps and types where controls are drawn, as a finger does.
type_into = partial(helpers.type_into, click=True)
tap_until = partial(helpers.tap_until, by_position=True)
tap_until_shown = partial(helpers.tap_until_shown, by_position=True)
choose = partial(helpers.choose, by_position=True)
tap_until_gone = partial(helpers.tap_until_gone, by_position=True)

pytestmark = pytest.mark.e2e


RANKS = ["A", "2", "3", "4", "5", "6", "7", "F", "C", "R"]


def new_match(page, names, *, early_win=False, first_dealer=None, target=None):
    """From home: fill the new-match form and start the match."""
    open_new_match(page, "Nuova partita")
    if len(names) == 4:
        choose(node(page, "new-count"), "4 giocatori")
    for seat, name in enumerate(names, start=1):
        type_into(page, f"Giocatore {seat}", name, (node(page, "new-teams"), name))
    if first_dealer is not None:
        choose(node(page, "new-first-dealer"), first_dealer)
    if target is not None:
        type_into(page, "Punti per vincere", str(target))
        page.wait_for_timeout(300)
    if early_win:
        switch = page.get_by_role("switch", name="Dichiarazione di vittoria concordata")
        switch.click()
        expect(switch).to_be_checked()
    start_match(page)
    expect(node(page, "score-total-0")).to_have_text("0")


def open_new_match(page, label: str) -> None:
    tap_until_shown(page.get_by_role("button", name=label), node(page, "new-start"))


def start_match(page) -> None:
    tap_until_shown(
        node(page, "new-start").get_by_role("button"), node(page, "score-total-0")
    )


def tap_spades(page, side1_spades) -> None:
    """Tap each spade chip to its side (1 tap: side 1, 2 taps: side 2)."""
    for rank in RANKS:
        chip = node(page, f"entry-spade-{rank}")
        tap_until(chip, chip, f"{rank} 1")
        if rank not in side1_spades:
            tap_until(chip, chip, f"{rank} 2")


def pick_settebello(page, side) -> None:
    """Tap who has the settebello; its "nobody has it" problem goes away."""
    choose(node(page, "entry-settebello"), side)
    expect(node(page, "entry-problems-settebello")).to_have_count(0)


def enter_hand_by_chips(page, side1_spades, settebello, cards1):
    """Open the hand entry, tap the spades, the settebello, type the cards."""
    open_hand_entry(page)
    tap_spades(page, side1_spades)
    pick_settebello(page, settebello)
    type_into(
        page,
        re.compile("^Carte prese da"),
        str(cards1),
        (node(page, "entry-cards-1-text"), f": {40 - cards1} "),
    )


def open_hand_entry(page) -> None:
    tap_until_shown(
        node(page, "score-add-hand").get_by_role("button"), node(page, "entry-save")
    )


def save(page) -> None:
    """Save the hand; back on the scoreboard (or the match-over screen)."""
    button = node(page, "entry-save").get_by_role("button")
    expect(button).to_be_enabled()
    tap_until_shown(button, scoreboard_or_over(page))


def scoreboard_or_over(page):
    """The scoreboard's first total, or the winner of a match just ended."""
    return page.locator(
        "[flt-semantics-identifier='score-total-0'],"
        " [flt-semantics-identifier='over-winner']"
    ).first


def resume(page) -> None:
    tap_until_shown(
        node(page, "home-resume").get_by_role("button"), node(page, "score-total-0")
    )


def totals(page, first, second) -> None:
    expect(node(page, "score-total-0")).to_have_text(str(first))
    expect(node(page, "score-total-1")).to_have_text(str(second))


def declare(page, by, deal, side1_spades, settebello, cards):
    """Dichiaro vittoria: who, which deal, and the captures so far."""
    tap_until_shown(
        node(page, "score-declare").get_by_role("button"), node(page, "declare-by")
    )
    # Nothing is preselected. A segment is drawn selected by the browser at
    # once, before the server has the choice: wait for the server's redraw
    # (the hint of what is still to choose goes) before the next action.
    hints = node(page, "entry-hints-declaration")
    choose(node(page, "declare-by"), by)
    expect(hints).not_to_contain_text("Scegli chi")
    choose(node(page, "declare-deal"), str(deal))
    expect(hints).to_have_count(0)
    for rank in side1_spades:
        chip = node(page, f"entry-spade-{rank}")
        tap_until(chip, chip, f"{rank} 1")
    if settebello:
        choose(node(page, "entry-settebello"), settebello)
    names = [re.compile(f"^Carte prese da {n}") for n in by_sides(page)]
    confirm = node(page, "entry-save").get_by_role("button")
    type_counts(page, names, cards, confirm)
    tap_until_shown(confirm, node(page, "over-winner"))


def type_counts(page, names, counts, confirm) -> None:
    """Type the cards of both sides until the server has both: Confirm turns
    on only then.

    Why not just type: a count typed while a redraw of the previous tap is
    still on its way can be wiped by that redraw, and the server never hears
    it, although the box showed it for a moment (the browser's own echo is
    no proof). The declaration has no other server-drawn echo of one count.
    This is what failed this test now and then on a busy machine: with the
    server paused (SIGSTOP) right after the settebello, every step passed and
    afterwards the second count was empty and Confirm stayed off.
    """
    for _ in range(3):
        for name, count in zip(names, counts, strict=True):
            type_into(page, name, str(count))
        try:
            expect(confirm).to_be_enabled(timeout=3000)
            return
        except AssertionError:
            continue
    expect(confirm).to_be_enabled()


def by_sides(page) -> list[str]:
    return [node(page, f"entry-preview-{s}").inner_text().split(":")[0] for s in (0, 1)]


# Hand A: Anna takes A-6 of spade (napola 6, due), the settebello and 22
# cards: 2 + 2 + 1 + 1 + 6 = 12; Bruno has the fante: 1.
HAND_A = (["A", "2", "3", "4", "5", "6"], "Anna", 22)
# Hand B, the other way round: Bruno 12, Anna 1.
HAND_B = (["7", "F", "C", "R"], "Bruno", 18)
# Hand T: Anna A-2-3 (napola 3, due) + settebello = 5; Bruno 25 cards, 7
# spades and the fante = 5. Level.
HAND_T = (["A", "2", "3"], "Anna", 15)


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


def test_an_impossible_hand_shows_its_error_and_cannot_be_saved(
    fresh_server, phone_on, shot
):
    page = phone_on(fresh_server)
    new_match(page, ["Anna", "Bruno"])
    enter_hand_by_chips(
        page, ["A", "2", "3", "4", "5", "6", "7", "F", "C", "R"], "Anna", 8
    )

    expect(node(page, "entry-problems-cards")).to_contain_text(
        "10 spade + settebello non stanno in 8 carte prese"
    )
    expect(node(page, "entry-save").get_by_role("button")).to_be_disabled()
    shot(page, "error")

    type_into(page, re.compile("^Carte prese da"), "30")
    expect(node(page, "entry-problems-cards")).to_have_count(0)
    save(page)
    totals(page, 17, 0)  # 2 + 2 + 1 + 1 + 1 + napoleone 10


def test_editing_deleting_and_undoing_a_past_hand_change_the_totals(
    fresh_server, phone_on, shot
):
    page = phone_on(fresh_server)
    new_match(page, ["Anna", "Bruno"])
    enter_hand_by_chips(page, *HAND_A)
    save(page)
    totals(page, 12, 1)

    tap_until_shown(node(page, "hand-row-1"), node(page, "detail-edit"))
    expect(node(page, "detail-napola-0")).to_have_text("6")
    tap_until_shown(node(page, "detail-edit"), node(page, "entry-save"))
    choose(node(page, "entry-settebello"), "Bruno")
    save(page)
    totals(page, 11, 2)
    shot(page, "edited")

    tap_until_shown(node(page, "hand-row-1"), node(page, "detail-delete"))
    tap_until_shown(node(page, "detail-delete"), node(page, "confirm-delete"))
    tap_until_gone(node(page, "confirm-delete"))
    totals(page, 0, 0)
    node(page, "score-undo").get_by_role("button").click()
    totals(page, 11, 2)


def test_a_tie_past_the_target_shows_the_banner_and_the_next_hand_decides(
    fresh_server, phone_on, shot
):
    page = phone_on(fresh_server)
    new_match(page, ["Anna", "Bruno"], target=5)
    enter_hand_by_chips(page, *HAND_T)
    save(page)
    totals(page, 5, 5)
    expect(node(page, "score-tiebreak")).to_contain_text("Spareggio")
    shot(page, "tie-break")

    enter_hand_by_chips(page, *HAND_A)
    save(page)
    expect(node(page, "over-winner")).to_have_text("Vince Anna")
    expect(node(page, "over-ending")).to_contain_text("spareggio")
    shot(page, "won")


def test_a_right_declaration_wins_and_a_wrong_one_loses_after_a_rematch(
    fresh_server, phone_on, shot
):
    page = phone_on(fresh_server)
    new_match(page, ["Anna", "Bruno"], early_win=True, target=5)
    declare(page, "Anna", 2, ["A", "2", "3"], "Anna", (10, 5))
    expect(node(page, "over-winner")).to_have_text("Vince Anna")
    expect(node(page, "over-ending")).to_contain_text("dichiarazione giusta")
    shot(page, "right")

    tap_until_shown(
        node(page, "over-rematch").get_by_role("button"), node(page, "score-total-0")
    )
    totals(page, 0, 0)
    declare(page, "Anna", 3, ["A"], None, (3, 4))
    expect(node(page, "over-winner")).to_have_text("Vince Bruno")
    expect(node(page, "over-ending")).to_contain_text("dichiarazione sbagliata")
    shot(page, "wrong")


def test_a_four_player_match_moves_the_deal_counter_clockwise(
    fresh_server, phone_on, shot
):
    page = phone_on(fresh_server)
    open_new_match(page, "Nuova partita")
    choose(node(page, "new-count"), "4 giocatori")
    for seat, name in enumerate(["Anna", "Bruno", "Carla", "Dario"], start=1):
        type_into(page, f"Giocatore {seat}", name, (node(page, "new-teams"), name))
    expect(node(page, "new-teams")).to_have_text("Anna & Carla contro Bruno & Dario")
    expect(page.get_by_role("switch")).to_have_count(0)  # no early win with 4
    start_match(page)

    expect(node(page, "score-dealer")).to_have_text("Mescola e dà le carte: Anna")
    expect(node(page, "score-cutter")).to_have_text("Taglia: Dario")
    expect(node(page, "score-first")).to_have_text("Gioca per primo: Bruno")
    enter_hand_by_chips(page, *HAND_A)
    save(page)
    expect(node(page, "score-dealer")).to_have_text("Mescola e dà le carte: Bruno")
    expect(node(page, "score-cutter")).to_have_text("Taglia: Anna")
    expect(node(page, "score-first")).to_have_text("Gioca per primo: Carla")
    totals(page, 12, 1)
    shot(page)


def test_a_restarted_server_resumes_the_match_as_it_was(
    tmp_path, new_phone, open_app, harness, shot
):
    data = tmp_path / "data"
    server = harness.start_server(data, tmp_path)
    try:  # a failing test must not leave its server running
        page = new_phone(server.url)
        open_app(page, server.url)
        new_match(page, ["Anna", "Bruno"])
        enter_hand_by_chips(page, *HAND_A)
        save(page)
        totals(page, 12, 1)
    finally:
        server.stop()

    again = harness.start_server(data, tmp_path)
    try:
        page = new_phone(again.url)
        open_app(page, again.url)
        resume(page)
        totals(page, 12, 1)
        expect(node(page, "score-hand-number")).to_have_text("Mano 2")
        shot(page, "resumed")
    finally:
        again.stop()


def test_english_translates_the_scoreboard_and_the_hand_entry(
    fresh_server, phone_on, shot
):
    page = phone_on(fresh_server)
    choose(node(page, "home-language"), "English")
    open_new_match(page, "New match")
    type_into(page, "Player 1", "Anna", (node(page, "new-teams"), "Anna"))
    type_into(page, "Player 2", "Bruno", (node(page, "new-teams"), "Bruno"))
    start_match(page)
    expect(node(page, "score-missing-0")).to_have_text("31 to go")
    expect(node(page, "score-hand-number")).to_have_text("Hand 1")
    expect(node(page, "score-cutter")).to_have_text("Cuts: Bruno")
    shot(page, "scoreboard")

    open_hand_entry(page)
    tap_spades(page, RANKS)
    choose(node(page, "entry-settebello"), "Anna")
    type_into(page, re.compile("^Cards taken by"), "8")
    expect(node(page, "entry-problems-cards")).to_contain_text(
        "10 spades + settebello do not fit in 8 captured cards"
    )
    expect(page.get_by_text(re.compile("carte|Salva"))).to_have_count(0)
    shot(page, "hand-entry")


# -- servers of these tests ------------------------------------------------------
@pytest.fixture
def phone_on(new_phone, open_app):
    """``phone_on(server)``: a phone with the app of ``server`` open."""

    def make(server):
        page = new_phone(server.url)
        open_app(page, server.url)
        return page

    return make
