"""Browser tests of how the app looks on a 360 px phone: 40-character names
end in an ellipsis and never overlap the numbers, the score chart keeps the
totals and the target inside it, the hand table fits the width, and a lost
connection is told in the phone's language.

The server starts on a data folder seeded through the repository: a match
of two 40-character names, won past the target (31) after four hands, and an
open match of the same players.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import expect

from scorekeeper.core import MatchSetup, Rules
from scorekeeper.storage import open_repository
from tests.builders import plain_hand

pytestmark = pytest.mark.e2e

LONG_1 = "Massimiliano Bartolomeo Ferdinando WWWWW"
LONG_2 = "Wilhelmina Maximiliana Gwendolyn MMMMMMM"
assert len(LONG_1) == len(LONG_2) == 40


def seed(data_dir: Path) -> dict[str, str]:
    repo = open_repository(data_dir)
    try:
        setup = MatchSetup((LONG_1, LONG_2), LONG_1, Rules())
        won = repo.create_match(setup)
        for extra in ((10, 2), (8, 12), (6, 9), (14, 3)):
            repo.add_hand(won.id, plain_hand(*extra))
        playing = repo.create_match(setup)
        repo.add_hand(playing.id, plain_hand(5, 3))
        return {"won": won.id, "playing": playing.id}
    finally:
        repo.close()


@pytest.fixture(scope="module")
def seeded(tmp_path_factory):
    from tests.e2e.conftest import start_server

    base = tmp_path_factory.mktemp("looks")
    ids = seed(base / "data")
    server = start_server(base / "data", base)
    yield server, ids
    server.stop()


WIDTH = 360  # the phone of the browser tests (conftest PHONE_VIEWPORT)


def box(locator) -> dict[str, float]:
    found = locator.bounding_box()
    assert found is not None, locator
    return found


def overlap(a: dict[str, float], b: dict[str, float]) -> bool:
    return (
        a["x"] < b["x"] + b["width"]
        and b["x"] < a["x"] + a["width"]
        and a["y"] < b["y"] + b["height"]
        and b["y"] < a["y"] + a["height"]
    )


def inside_the_screen(b: dict[str, float]) -> bool:
    return b["x"] >= 0 and b["x"] + b["width"] <= WIDTH + 0.5


def test_forty_character_names_never_overlap_the_numbers_on_the_scoreboard(
    seeded, new_phone, open_app, by_id, shot
):
    server, _ = seeded
    page = new_phone(server.url)
    open_app(page, server.url)
    by_id(page, "home-resume").click()
    expect(by_id(page, "score-total-0")).to_have_text("7")
    shot(page)
    ids = [
        "score-side-0",
        "score-side-1",
        "score-total-0",
        "score-total-1",
        "score-missing-0",
        "score-missing-1",
        "score-hand-number",
        "score-dealer",
        "score-cutter",
        "score-first",
    ]
    boxes = {i: box(by_id(page, i)) for i in ids}
    outside = [i for i, b in boxes.items() if not inside_the_screen(b)]
    assert outside == []
    crossing = [
        (a, b)
        for n, a in enumerate(ids)
        for b in ids[n + 1 :]
        if overlap(boxes[a], boxes[b])
    ]
    assert crossing == []
    # the whole name is still what the phone says (and what a reader reads)
    expect(by_id(page, "score-side-0")).to_have_text(LONG_1)


def test_forty_character_names_stay_inside_the_hand_entry(
    seeded, new_phone, open_app, by_id, shot
):
    server, _ = seeded
    page = new_phone(server.url)
    open_app(page, server.url)
    by_id(page, "home-resume").click()
    by_id(page, "score-add-hand").click()
    expect(by_id(page, "entry-save")).to_be_attached()
    shot(page)
    previews = [box(by_id(page, f"entry-preview-{s}")) for s in (0, 1)]
    assert all(inside_the_screen(b) for b in previews)
    assert not overlap(*previews)
    # every text of the screen within the phone's width
    wide = page.evaluate(
        """(width) => Array.from(document.querySelectorAll('flt-semantics'))
            .map(e => [e.textContent, e.getBoundingClientRect()])
            .filter(([t, r]) => t && r.width > 0
                && (r.left < -0.5 || r.right > width + 0.5))
            .map(([t, r]) => t.slice(0, 40) + ' '
                + Math.round(r.left) + '..' + Math.round(r.right))""",
        WIDTH,
    )
    assert wide == []


def test_the_chart_and_the_hand_list_of_a_match_fit_a_360_px_phone(
    seeded, new_phone, open_app, by_id, shot
):
    server, ids = seeded
    page = new_phone(server.url)
    open_app(page, server.url + "/storico")
    by_id(page, f"history-row-{ids['won']}").click()
    chart = by_id(page, "detail-chart")
    expect(chart).to_be_visible()
    expect(chart).to_contain_text("Traguardo 31")
    assert inside_the_screen(box(chart))
    shot(page, "chart")
    for number in range(1, 5):
        hand = by_id(page, f"detail-hand-{number}")
        hand.scroll_into_view_if_needed()
        expect(hand).to_contain_text(f"Mano {number}")
        assert inside_the_screen(box(hand)), number
    expect(by_id(page, "detail-hand-4")).to_contain_text("46")
    shot(page, "hands")


def test_the_floating_labels_of_the_filters_are_whole(
    seeded, new_phone, open_app, by_id, shot
):
    server, _ = seeded
    page = new_phone(server.url)
    open_app(page, server.url + "/storico")
    first = by_id(page, "history-filter-player")
    expect(first).to_be_visible()
    shot(page, "history")
    # The label floats on the field's top border, half above it: the field
    # must start low enough below the app bar (56 px) and the screen's
    # padding (16 px) for that half to be drawn. The dropdown's semantics
    # node is its identifier's (one button): the field is its bottom 56 px.
    assert field_top(box(first)) >= 56 + 16 + 8
    open_app(page, server.url + "/statistiche")
    player = by_id(page, "stats-player")
    expect(player).to_be_visible()
    shot(page, "stats")
    assert field_top(box(player)) >= 56 + 16 + 8


def field_top(node: dict[str, float]) -> float:
    return node["y"] + node["height"] - 56


def test_a_lost_connection_is_told_in_the_phones_language_until_it_is_back(
    tmp_path, browser, new_phone, open_app, by_id, shot, monkeypatch
):
    from tests.e2e import conftest

    server = conftest.start_server(tmp_path / "data", tmp_path)
    italian = new_phone(server.url)
    context = browser.new_context(
        viewport=conftest.PHONE_VIEWPORT, device_scale_factor=2, locale="en-GB"
    )
    try:
        context.set_default_timeout(conftest.UI_TIMEOUT_MS)
        context.route("**/*", conftest._offline_only(server.url))
        english = context.new_page()
        for page in (italian, english):
            open_app(page, server.url)
            expect(by_id(page, "home-new-match")).to_be_visible()
            expect(page.get_by_role("alert")).to_have_count(0)
        server.stop()
        expect(italian.get_by_role("alert")).to_contain_text("Connessione persa")
        expect(italian.get_by_role("alert")).to_contain_text("riprovo da solo")
        expect(english.get_by_role("alert")).to_contain_text("Connection lost")
        expect(english.get_by_role("alert")).to_contain_text("trying again")
        shot(italian, "lost")
        # the server comes back on the same address: flet reconnects by itself
        port = int(server.url.rsplit(":", 1)[1])
        monkeypatch.setattr(conftest, "free_port", lambda: port)
        server = conftest.start_server(tmp_path / "data", tmp_path / "again")
        for page in (italian, english):
            expect(page.get_by_role("alert")).to_be_hidden(timeout=30_000)
        shot(italian, "back")
    finally:
        context.close()
        server.stop()
