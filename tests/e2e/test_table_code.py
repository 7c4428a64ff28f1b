"""A server that listens beyond loopback asks every browser for the table code.

The server here is gated as with ``--lan`` (``serve(require_code=True)``) but
listens on 127.0.0.1 only: tests send traffic to loopback, never to the LAN.
The codes are read from what the server prints, as a person would.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from scorekeeper.core.model import MatchSetup, Rules
from scorekeeper.storage import open_repository
from tests.e2e import flows, helpers
from tests.e2e.helpers import enter_code, node

pytestmark = pytest.mark.e2e

CODE = re.compile(r"\?t=(\w+)$")


@pytest.fixture
def gated_server(tmp_path, harness):
    """A gated server on 127.0.0.1 whose data holds a match being played."""
    with open_repository(tmp_path / "data") as repo:
        repo.create_match(MatchSetup(("Anna", "Bruno"), "Anna", Rules()))
    server = harness.start_server(tmp_path / "data", tmp_path, require_code=True)
    yield server
    server.stop()


def test_the_bare_address_shows_the_code_screen_and_no_match_data(
    gated_server, new_phone, open_app, shot
):
    page = new_phone(gated_server.url)
    open_app(page, gated_server.url)
    expect(node(page, "code-ask")).to_contain_text("Chiedi il codice")
    expect(page.get_by_text(re.compile("Anna|Bruno|Riprendi"))).to_have_count(0)
    shot(page)
    # a screen's own address shows the code screen too
    open_app(page, gated_server.url + "/partita")
    expect(node(page, "code-ask")).to_be_visible()
    expect(page.get_by_text(re.compile("Anna|Bruno"))).to_have_count(0)


def test_a_wrong_code_is_refused_and_the_sixth_waits(
    gated_server, new_phone, open_app, shot
):
    page = new_phone(gated_server.url)
    open_app(page, gated_server.url)
    code = CODE.search(gated_server.printed_url()).group(1)
    wrong = "AAAAAA" if code != "AAAAAA" else "CCCCCC"
    banner = node(page, "error-banner")
    for attempt in range(1, 6):
        enter_code(page, wrong)
        if attempt < 5:
            expect(banner).to_have_text("Codice errato.")
    expect(banner).to_contain_text("riprova tra 60 s")
    # the sixth, even the right one, waits
    enter_code(page, code)
    expect(banner).to_contain_text("riprova tra")
    expect(node(page, "code-ask")).to_be_visible()
    expect(page.get_by_text(re.compile("Anna|Bruno"))).to_have_count(0)
    shot(page)
    assert gated_server.log().count("wrong table codes from 127.0.0.1") == 1
    assert code not in gated_server.log().replace(gated_server.printed_url(), "")


def test_the_printed_address_opens_the_app_and_the_code_leaves_the_address_bar(
    gated_server, new_phone, open_app, shot
):
    url = gated_server.printed_url()
    page = new_phone(gated_server.url)
    open_app(page, url)
    expect(node(page, "home-resume")).to_contain_text("Anna 0 - Bruno 0")
    page.wait_for_function("() => !location.search.includes('t=')")
    # the session remembers it was let in: the bare address again, same tab
    open_app(page, gated_server.url)
    expect(node(page, "home-resume")).to_contain_text("Anna 0 - Bruno 0")
    shot(page)


def test_a_new_code_sends_the_other_phone_back_to_the_code_screen(
    gated_server, new_phone, open_app, shot
):
    url = gated_server.printed_url()
    first, second = new_phone(gated_server.url), new_phone(gated_server.url)
    open_app(first, url)
    open_app(second, url)
    expect(node(second, "home-resume")).to_be_visible()
    helpers.tap_until_shown(
        first.get_by_role("button", name="Impostazioni"),
        node(first, "settings-new-code"),
    )
    old = node(first, "settings-table-code").inner_text()
    helpers.tap(node(first, "settings-new-code").get_by_role("button"))
    # one unconfirmed tap logs nobody out: "No" keeps the code and the other phone
    confirm = first.get_by_role("alertdialog")
    expect(confirm).to_contain_text("Cambiare il codice?")
    helpers.tap(confirm.get_by_role("button", name="No"))
    expect(node(first, "settings-table-code")).to_have_text(old)
    expect(node(second, "home-resume")).to_be_visible()
    helpers.tap(node(first, "settings-new-code").get_by_role("button"))
    helpers.tap(first.get_by_role("alertdialog").get_by_role("button", name="Sì"))
    expect(node(first, "settings-table-code")).not_to_have_text(old)
    expect(node(second, "code-ask")).to_be_visible()
    expect(second.get_by_text(re.compile("Anna|Bruno"))).to_have_count(0)
    shot(second, "locked-out")
    # the old code no longer opens it; the new one does
    old_code = CODE.search(url).group(1)
    enter_code(second, old_code)
    expect(node(second, "error-banner")).to_have_text("Codice errato.")
    new_code = node(first, "settings-table-code").inner_text().rsplit(" ", 1)[1]
    enter_code(second, new_code)
    expect(node(second, "home-resume")).to_be_visible()


def test_the_spectator_board_follows_a_hand_saved_on_a_phone_and_changes_nothing(
    gated_server, new_phone, open_app, shot
):
    board = new_phone(gated_server.url)
    open_app(board, gated_server.printed_url(board=True))
    expect(node(board, "board-total-1")).to_have_text("0")
    expect(node(board, "board-name-1")).to_have_text("Anna")

    phone = new_phone(gated_server.url)
    open_app(phone, gated_server.printed_url())
    flows.resume(phone)
    flows.enter_hand_by_chips(phone, *flows.HAND_A)
    flows.save(phone)
    flows.totals(phone, 12, 1)

    expect(node(board, "board-total-1")).to_have_text("12")
    expect(node(board, "board-total-2")).to_have_text("1")
    # nothing on the board can be tapped, typed in or switched
    for role in ("button", "textbox", "checkbox", "switch", "slider", "link"):
        expect(board.get_by_role(role)).to_have_count(0)
    shot(board)
