"""Browser tests of a match's end (issue 35, items 4, 5, 7, 8): a correction
that changes the result asks first, the end screens' words, the rematch's
scoreboard, a message that stays on its screen. Each test starts a server on
a data folder seeded through the repository with the match it needs (the
table's match: the newest one being played); hands are entered by taps."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import expect

from scorekeeper.core import MatchSetup, Rules
from scorekeeper.storage import open_repository
from tests.builders import plain_hand
from tests.e2e import helpers
from tests.e2e.flows import (
    HAND_A,
    choose,
    declare,
    enter_hand_by_chips,
    resume,
    save,
    tap_until,
    tap_until_gone,
    tap_until_shown,
    totals,
)
from tests.e2e.helpers import node, tap

pytestmark = pytest.mark.e2e


def seeded_server(tmp_path: Path, *hands, target: int = 31, early_win=False):
    """A server with one match of Anna v Bruno, ``hands`` already saved (the
    table's match while it is being played), and the match's id."""
    from tests.e2e.conftest import start_server

    repo = open_repository(tmp_path / "data")
    try:
        rules = Rules(target, early_win=early_win)
        stored = repo.create_match(MatchSetup(("Anna", "Bruno"), "Anna", rules))
        for hand in hands:
            repo.add_hand(stored.id, hand)
    finally:
        repo.close()
    return start_server(tmp_path / "data", tmp_path), stored.id


@pytest.fixture
def server_of(tmp_path):
    """``server_of(*hands, **rules)``: a seeded server (stopped after the test)
    and its match's id."""
    servers = []

    def make(*hands, **options):
        server, match_id = seeded_server(tmp_path, *hands, **options)
        servers.append(server)
        return server, match_id

    yield make
    for server in servers:
        server.stop()


@pytest.fixture
def phone_at(new_phone, open_app):
    """A phone on ``server``'s match being played."""

    def make(server):
        page = new_phone(server.url)
        open_app(page, server.url)
        resume(page)
        return page

    return make


def test_the_rematch_shows_the_hand_list_header_once(server_of, phone_at, shot):
    page = phone_at(server_of(target=5)[0])
    enter_hand_by_chips(page, *HAND_A)
    save(page)
    expect(node(page, "over-winner")).to_have_text("Vince Anna")
    header = page.get_by_text("Mano", exact=True)
    expect(header).to_have_count(1)
    tap_until_shown(
        node(page, "over-rematch").get_by_role("button"), node(page, "score-add-hand")
    )
    totals(page, 0, 0)
    page.wait_for_timeout(500)  # the screen left under it goes (layers.py)
    shot(page, "rematch")
    expect(header).to_have_count(1)


# Anna 12 - 21, then Anna 32 - 30: Anna wins. Hand 2 with the due di spade
# moved to Bruno is Anna 19 - 16 Bruno (the due, spades 6 - 4 and a napola
# A-2-3-4): 31 - 37.
WON_BY_ANNA = (plain_hand(10, 20), plain_hand(18, 8))


def test_a_correction_that_gives_the_match_to_the_other_side_asks_first(
    server_of, new_phone, open_app, shot
):
    server, match_id = server_of(*WON_BY_ANNA)
    page = new_phone(server.url)
    open_app(page, server.url + "/storico")
    row = node(page, f"history-row-{match_id}")
    expect(row).to_contain_text("Vince Anna")
    score = node(page, "detail-score")
    shot(page, "history")
    helpers.tap_until_shown(row, score)
    expect(score).to_have_text("Anna 32 - 30 Bruno")
    tap_until_shown(node(page, "detail-correct-2"), node(page, "entry-save"))
    choose(node(page, "entry-spade-to"), "Bruno")
    chip = node(page, "entry-spade-2")
    tap_until(chip, node(page, "entry-preview-1"), "Bruno: 16")
    expect(node(page, "entry-preview-0")).to_have_text("Anna: 19")

    save_button = node(page, "entry-save").get_by_role("button")
    said = node(page, "correct-result")
    tap_until_shown(save_button, said)
    expect(said).to_have_text("Con questa correzione vince Bruno, 37 a 31.")
    shot(page, "asked")
    tap_until_gone(node(page, "correct-result-cancel"))
    expect(node(page, "entry-preview-1")).to_have_text("Bruno: 16")  # as typed
    shot(page, "cancelled")

    tap_until_shown(save_button, said)
    tap_until_shown(node(page, "correct-result-save"), score)
    expect(score).to_have_text("Anna 31 - 37 Bruno")
    shot(page, "corrected")


def test_a_tie_at_the_target_is_said_at_it_and_the_tie_break_win_says_which(
    server_of, phone_at, shot
):
    server, _ = server_of(plain_hand(29, 30))  # 31 - 31
    page = phone_at(server)
    totals(page, 31, 31)
    expect(node(page, "score-tiebreak")).to_have_text(
        "Spareggio: pari a 31, traguardo raggiunto. Si gioca un'altra mano."
    )
    shot(page, "tie")
    enter_hand_by_chips(page, *HAND_A)
    save(page)
    expect(node(page, "over-winner")).to_have_text("Vince Anna")
    expect(node(page, "over-ending")).to_have_text(
        "Decisa allo spareggio, dopo il pari a 31."
    )
    shot(page, "won")

    # The picture's "File pronto" is said here, and nowhere else.
    with page.expect_download() as info:
        tap(node(page, "over-download-picture").get_by_role("button"))
    ready = f"File pronto: {info.value.suggested_filename}"
    expect(node(page, "history-message")).to_have_text(ready)
    shot(page, "downloaded")
    tap_until_shown(
        node(page, "over-home").get_by_role("button"), node(page, "home-history")
    )
    tap_until_shown(
        node(page, "home-history").get_by_role("button"),
        page.get_by_role("heading", name="Storico"),
    )
    rows = page.locator("[flt-semantics-identifier^='history-row-']")
    expect(rows.first).to_contain_text("Vince Anna")  # the history is drawn
    expect(node(page, "history-message")).to_have_count(0)
    expect(page.get_by_text(ready)).to_have_count(0)
    shot(page, "history")


def test_a_wrong_declaration_says_whose_it_was(server_of, phone_at, shot):
    server, _ = server_of(plain_hand(0, 10), early_win=True)  # Anna 2 - 11
    page = phone_at(server)
    # Bruno declares in deal 3: Anna has the ace and 3 cards, Bruno 4: 13 of 31
    wrong = (
        "Con questa mano Bruno arriva a 13 (ne servono 31): "
        "la dichiarazione è sbagliata, vince Anna."
    )
    declare(page, "Bruno", 3, ["A"], None, (3, 4), wrong)
    totals(page, 4, 13)
    expect(node(page, "over-winner")).to_have_text(
        "Bruno ha dichiarato a torto: vince Anna"
    )
    expect(node(page, "over-ending")).to_have_text(
        "Dichiarazione di Bruno nella tornata 3: 13 punti, ne servivano 31: "
        "dichiarazione sbagliata."
    )
    shot(page, "over")
