"""Browser tests of the home screen: Italian by default, English on request,
navigation by route, touch targets (a change broadcast to every phone is
tested with the match flows, tests/e2e/test_match_flows.py)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from scorekeeper.core.model import MatchSetup, Rules
from scorekeeper.table import TableService
from scorekeeper.table.hand_draft import HandDraft
from tests.e2e.helpers import node, tap

pytestmark = pytest.mark.e2e

HOME_BUTTONS_IT = ["Nuova partita", "Storico", "Regole", "Impostazioni"]
HOME_BUTTONS_EN = ["New match", "History", "Rules", "Settings"]


def test_home_shows_the_title_and_the_four_italian_buttons(phone, shot):
    expect(phone.get_by_role("heading", name="Spazzino segnapunti")).to_be_visible()
    for name in HOME_BUTTONS_IT:
        expect(phone.get_by_role("button", name=name)).to_be_visible()
    expect(phone).to_have_title("Spazzino segnapunti")
    shot(phone)


def test_switching_to_english_translates_the_home_of_this_phone_only(
    phone, new_phone, app_server, open_app, shot
):
    other = new_phone(app_server.url)
    open_app(other, app_server.url)

    phone.get_by_role("button", name="English").click()

    for name in HOME_BUTTONS_EN:
        expect(phone.get_by_role("button", name=name)).to_be_visible()
    expect(phone.get_by_role("heading", name="Spazzino scorekeeper")).to_be_visible()
    expect(phone.get_by_role("button", name="Nuova partita")).to_have_count(0)
    expect(other.get_by_role("button", name="Nuova partita")).to_be_visible()
    shot(phone, "english")

    phone.get_by_role("button", name="Italiano").click()
    expect(phone.get_by_role("button", name="Nuova partita")).to_be_visible()


def test_a_home_button_opens_its_screen_and_back_returns_home(phone, app_server):
    phone.get_by_role("button", name="Regole").click()

    expect(phone.get_by_text("Come si prende")).to_be_visible()
    expect(phone).to_have_url(re.compile(r"/regole$"))

    phone.go_back()
    expect(phone.get_by_role("button", name="Nuova partita")).to_be_visible()
    expect(phone).to_have_url(re.compile(r":\d+/?$"))


def test_home_touch_targets_are_at_least_48_pixels_high(phone):
    names = [*HOME_BUTTONS_IT, "Italiano", "English"]
    for name in names:
        box = phone.get_by_role("button", name=name).bounding_box()
        assert box is not None, name
        assert box["height"] >= 48, (name, box)


# The shared counter of the prototype became the real table: a match started
# on one phone shows on every phone (tests/e2e/test_match_flows.py).


def test_reloading_a_screen_address_shows_that_screen_again(phone, open_app):
    phone.get_by_role("button", name="Storico").click()
    expect(phone).to_have_url(re.compile(r"/storico$"))

    open_app(phone, phone.url)

    expect(phone.get_by_text("Nessuna partita trovata.")).to_be_visible()
    expect(phone.get_by_role("heading", name="Storico")).to_be_visible()


def test_a_damaged_drafts_file_is_told_on_home_until_the_phone_dismisses_it(
    tmp_path, harness, new_phone, open_app, shot
):
    data = tmp_path / "data"
    table = TableService.open(data)
    stored = table.start_match(MatchSetup(("Anna", "Bruno"), "Anna", Rules())).value
    table.save_draft(stored.id, 0, HandDraft().with_settebello(0))
    table.close()
    (data / "drafts.json").write_text("{not json")  # a damaged file
    server = harness.start_server(data, tmp_path)
    try:
        phone = new_phone(server.url)
        open_app(phone, server.url)
        notice = node(phone, "home-data-notice")
        expect(notice).to_contain_text("Avviso sui dati salvati")
        expect(notice).to_contain_text("nessuna mano già salvata è stata toccata")
        expect(node(phone, "home-resume")).to_contain_text("Anna 0 - Bruno 0")
        # the first paint of a page just opened can lag its semantics tree by
        # half a second (a blank or "Working..." picture): for the picture only
        phone.wait_for_timeout(700)
        shot(phone)
        tap(node(phone, "home-data-notice-ok").get_by_role("button"))
        expect(notice).to_have_count(0)
        expect(node(phone, "home-resume")).to_be_visible()
    finally:
        server.stop()
