"""Browser tests of the home screen: Italian by default, English on request,
navigation by route, touch targets, the match being played and the last
results first (a change broadcast to every phone is tested with the match
flows, tests/e2e/test_match_flows.py)."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from playwright.sync_api import expect

from scorekeeper.core.model import MatchSetup, Rules
from scorekeeper.storage import open_repository
from tests.builders import plain_hand
from tests.e2e.helpers import BACK, node, settled, tap

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
    buttons = [phone.get_by_role("button", name=name) for name in names]
    # measured at rest: read while the first layout still ran (the app's font
    # not loaded yet, under load), "Italiano" was 46.7 px for a moment
    boxes = settled(phone, lambda: [b.bounding_box() for b in buttons])
    for name, box in zip(names, boxes, strict=True):
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


# -- the match being played and the last results (issue 35, item 13) --------------
LAPTOP = {"width": 1280, "height": 720}
PHONE = {"width": 360, "height": 740}

FINISHED = (
    # players, hands (plain_hand's extras): the newest last
    (("Carla", "Dario"), [(29, 0)]),  # Carla 31 - 1 Dario
    (("Anna", "Bruno", "Carla", "Dario"), [(10, 4), (20, 6)]),  # 34 - 12
    (("Anna", "Bruno"), [(0, 14), (4, 16)]),  # Anna 8 - 32 Bruno
    (("Anna", "Bruno"), [(16, 3), (14, 9)]),  # Anna 34 - 14 Bruno
)
SHOWN = (
    "Anna 34 - 14 Bruno",
    "Anna 8 - 32 Bruno",
    "Anna & Carla 34 - 12 Bruno & Dario",
)


def seed_home(data: Path, finished: int, playing: bool) -> list[str]:
    """The last ``finished`` matches of :data:`FINISHED`, then (``playing``)
    Anna 12 - Bruno 20 being played; the finished ones' ids, newest first."""
    ticks = iter(
        datetime(2026, 12, 1, 20, 0, tzinfo=UTC) + timedelta(minutes=i)
        for i in range(100)
    )
    repo = open_repository(data, clock=lambda: next(ticks))
    ids = []
    try:
        for players, hands in FINISHED[len(FINISHED) - finished :]:
            stored = repo.create_match(MatchSetup(players, players[0], Rules()))
            for extras in hands:
                stored = repo.add_hand(stored.id, plain_hand(*extras))
            assert stored.state.decided, players
            ids.insert(0, stored.id)
        if playing:
            stored = repo.create_match(MatchSetup(("Anna", "Bruno"), "Anna", Rules()))
            repo.add_hand(stored.id, plain_hand(10, 19))  # Anna 12 - Bruno 20
    finally:
        repo.close()
    return ids


def flutter_errors(page) -> list[str]:
    """What Flutter says on the console when a layout fails, collected."""
    said: list[str] = []
    failures = ("EXCEPTION CAUGHT", "Another exception was thrown", "overflowed")
    page.on(
        "console",
        lambda message: (
            said.append(message.text)
            if any(f in message.text for f in failures)
            else None
        ),
    )
    return said


def look_at_home(page, shot, name: str) -> None:
    """Screenshots of home on a phone and on a laptop, back to the phone
    (each once the canvas has painted it: ``shot``)."""
    shot(page, f"{name}-phone")
    page.set_viewport_size(LAPTOP)
    expect(page.get_by_role("button", name="Storico")).to_be_in_viewport()
    shot(page, f"{name}-laptop")
    page.set_viewport_size(PHONE)


def test_home_shows_the_match_being_played_and_the_last_results_each_a_tap_away(
    tmp_path, harness, new_phone, open_app, shot
):
    ids = seed_home(tmp_path / "data", finished=4, playing=True)
    server = harness.start_server(tmp_path / "data", tmp_path)
    try:
        page = new_phone(server.url)
        errors = flutter_errors(page)
        open_app(page, server.url)
        resume = node(page, "home-resume")
        expect(resume).to_have_text("Continua: Anna 12 - Bruno 20")
        expect(node(page, "home-recent")).to_have_text("Ultime partite")
        # the three newest finished matches, on the first screen with the
        # ways to every other screen: no swipe
        for match_id, score in zip(ids, SHOWN, strict=False):
            expect(node(page, f"home-recent-{match_id}")).to_contain_text(score)
        expect(node(page, f"home-recent-{ids[2]}")).to_contain_text(
            "Vince Anna & Carla"
        )
        expect(node(page, f"home-recent-{ids[3]}")).to_have_count(0)
        for name in ("Nuova partita", "Storico", "Regole", "Impostazioni"):
            expect(page.get_by_role("button", name=name)).to_be_in_viewport(ratio=1)
        for match_id in ids[:3]:
            expect(node(page, f"home-recent-{match_id}")).to_be_in_viewport(ratio=1)
        look_at_home(page, shot, "playing-and-finished")

        # a result opens its page; Back is home again
        tap(node(page, f"home-recent-{ids[1]}"))
        expect(node(page, "detail-score")).to_have_text("Anna 8 - 32 Bruno")
        expect(page).to_have_url(re.compile(r"/storico/partita$"))
        page.go_back()
        expect(resume).to_be_visible()
        tap(resume)
        expect(node(page, "score-total-1")).to_have_text("20")
        page.get_by_role("button", name=BACK).click()
        expect(node(page, "home-recent")).to_be_visible()
        assert errors == []
    finally:
        server.stop()


@pytest.mark.parametrize(
    ("finished", "playing"), [(0, False), (0, True), (4, False)], ids=str
)
def test_home_draws_well_with_no_match_one_being_played_or_several_finished(
    finished, playing, tmp_path, harness, new_phone, open_app, shot
):
    ids = seed_home(tmp_path / "data", finished=finished, playing=playing)
    server = harness.start_server(tmp_path / "data", tmp_path)
    try:
        page = new_phone(server.url)
        errors = flutter_errors(page)
        open_app(page, server.url)
        new_match = page.get_by_role("button", name="Nuova partita")
        expect(new_match).to_be_in_viewport(ratio=1)
        expect(node(page, "home-resume")).to_have_count(1 if playing else 0)
        expect(node(page, "home-recent")).to_have_count(1 if ids else 0)
        for match_id in ids[:3]:
            expect(node(page, f"home-recent-{match_id}")).to_be_in_viewport(ratio=1)
        for name in ("Storico", "Regole", "Impostazioni", "English"):
            expect(page.get_by_role("button", name=name)).to_be_in_viewport(ratio=1)
        look_at_home(
            page, shot, f"{finished}-finished-{'playing' if playing else 'idle'}"
        )
        assert errors == []
    finally:
        server.stop()
