"""The organizer's table monitor in the browser (issue 37, item 6): a club
night of 32 entrants on 16 tables, on a 1280x720 laptop and a 1920x1080
screen. Every table's tile is on the screen without scrolling, each
saying how its table stands (not begun, playing with its hand and totals,
to confirm, confirmed) with its code; a tile's accessible name is its
table and players; the standings are beside the tiles, the last line a
scroll of their own column away."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from PIL import Image
from playwright.sync_api import expect

from scorekeeper.core import Rules
from scorekeeper.core.tournament import System, acceptors
from scorekeeper.sharing.night_picture import ROW, TOP, picture_height
from scorekeeper.sharing.picture import LIGHT, MARGIN, WIDTH
from scorekeeper.table import TableService
from scorekeeper.ui.access.club_codes import Place, codes_of
from tests.e2e.conftest import OUTPUT_DIR, _offline_only
from tests.e2e.helpers import button, next_frames, node, tap, tap_until_shown
from tests.e2e.picture_checks import RECORD_SHARE, decoded
from tests.e2e.screen_checks import (
    CONSOLE_FAILURES,
    error_box,
    missing_on,
    need_tesseract,
)
from tests.tournament_builders import NIGHT_NAMES as NAMES
from tests.tournament_builders import one_hand

pytestmark = pytest.mark.e2e

SIZES = [(1280, 720), (1920, 1080)]
KINDS = {
    1: ("Confermata", "confermata da"),
    2: ("Da confermare", "da confermare"),
    3: ("In corso", "dopo 1 mano"),
    4: ("Da iniziare", "Nessuna mano ancora"),
}


def open_monitor(browser, server, size: tuple[int, int], script: str = ""):
    """The organizer's laptop on the night's screen; its context, page and
    the Flutter failures its console printed."""
    width, height = size
    context = browser.new_context(
        viewport={"width": width, "height": height}, locale="it-IT"
    )
    context.route("**/*", _offline_only(server.url))
    failures: list[str] = []
    page = context.new_page()
    if script:
        page.add_init_script(script)
    page.on(
        "console",
        lambda m: failures.append(m.text) if CONSOLE_FAILURES.search(m.text) else None,
    )
    page.goto(server.printed_url(), wait_until="load")
    page.locator("flt-semantics-placeholder").dispatch_event("click")
    home_club = node(page, "home-club").get_by_role("button")
    tap_until_shown(home_club, node(page, "club-night-1"))
    tap_until_shown(
        node(page, "club-night-1").get_by_role("button"), node(page, "club-round")
    )
    return context, page, failures


def night(data) -> tuple[dict[int, str], dict[int, str], list[str]]:
    """A night of 32 entrants, round 1 drawn: table 1 confirmed, table 2
    won and not confirmed, table 3 playing, the others not begun; the
    tables' codes, their players ("Anna - Ugo") and the standings' names."""
    table = TableService.open(data)
    made = table.club.create(
        "Serata di dicembre", Rules(), [[n] for n in NAMES], System.SWISS, seed=8
    ).value
    stored = table.club.start_round(made.id).value
    table.add_hand(stored.match_id(1, 1), one_hand(31, 20))
    table.add_hand(stored.match_id(1, 2), one_hand(31, 25))
    table.add_hand(stored.match_id(1, 3), one_hand(12, 9))
    table.club.confirm(
        made.id, 1, 1, acceptors(table.club.get(made.id).tournament, 1, 1)[0]
    )
    codes = codes_of(table)
    found = {n: codes.code(Place(made.id, n)) for n in range(1, 17)}
    t = stored.tournament
    players = {
        tb.number: " - ".join(t.entrant_name(e) for e in tb.entrants)
        for tb in t.rounds[0]
    }
    ranking = [t.entrant_name(x.entrant) for x in table.club.standings(made.id)]
    table.close()
    return found, players, ranking


@pytest.fixture
def monitor_server(tmp_path, harness):
    codes, players, ranking = night(tmp_path / "data")
    server = harness.start_server(tmp_path / "data", tmp_path, require_code=True)
    yield server, codes, players, ranking
    server.stop()


def inside(page, identifier: str, size: tuple[int, int]) -> None:
    box = node(page, identifier).bounding_box()
    assert box is not None, identifier
    width, height = size
    assert box["x"] >= 0 and box["y"] >= 0, (identifier, box)
    assert box["x"] + box["width"] <= width + 0.5, (identifier, box)
    assert box["y"] + box["height"] <= height + 0.5, (identifier, box)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_monitor_shows_sixteen_tables_at_a_glance_with_the_standings(
    monitor_server, browser, size
):
    server, codes, players, _ = monitor_server
    width, height = size
    context, page, failures = open_monitor(browser, server, size)
    try:
        expect(node(page, "club-round")).to_have_text("Turno 1")
        for n in range(1, 17):
            tile = node(page, f"club-table-{n}")
            expect(tile).to_have_count(1)
            for part in ("", "-status", "-code", "-kind"):
                inside(page, f"club-table-{n}{part}", size)
            expect(node(page, f"club-table-{n}-code")).to_have_text(
                f"Codice: {codes[n]}"
            )
            # a screen reader names a tile by its table and its players
            expect(tile).to_have_accessible_name(f"Tavolo {n}: {players[n]}")
            kind, said = KINDS[min(n, 4)]
            expect(node(page, f"club-table-{n}-kind")).to_have_text(kind)
            expect(node(page, f"club-table-{n}-status")).to_contain_text(said)
        expect(node(page, "club-table-3-status")).to_have_text(
            "In corso: 12 - 9 dopo 1 mano."
        )
        for identifier in ("club-start-round", "club-cards", "club-line-1"):
            inside(page, identifier, size)
        # the director's desk, named for a screen reader, inside the screen
        expect(button(page, "club-table-1-correct")).to_have_accessible_name(
            "Correggi una mano del tavolo 1"
        )
        inside(page, "club-table-1-correct", size)
        expect(button(page, "club-table-2-confirm")).to_have_accessible_name(
            "Conferma per il tavolo 2"
        )
        inside(page, "club-table-2-confirm", size)
        expect(node(page, "club-table-1-confirm")).to_have_count(0)
        next_frames(page, 2)
        OUTPUT_DIR.mkdir(parents=True, exist_ok=True)
        shot = OUTPUT_DIR / f"club-monitor-{width}x{height}.png"
        page.screenshot(path=str(shot))
        assert error_box(shot, 1) is None
        # the last standings line: a scroll of the standings' column away
        last = node(page, "club-line-32")
        last.scroll_into_view_if_needed()
        inside(page, "club-line-32", size)
        inside(page, "club-table-1", size)  # the tiles did not move
        assert not failures, failures
        assert "Traceback" not in server.log()
    finally:
        context.close()


def test_the_nights_result_is_a_picture_and_a_page_to_print_while_it_runs(
    monitor_server, browser
):
    server, _, players, ranking = monitor_server
    size = SIZES[0]
    context, page, failures = open_monitor(browser, server, size, RECORD_SHARE)
    try:
        for identifier in ("club-result-share", "club-result-picture"):
            inside(page, identifier, size)
        # the phone's share sheet gets the picture, named, with the night's name
        tap(node(page, "club-result-share"))
        page.wait_for_function("window.__shared.length > 0")
        [shared] = page.evaluate("window.__shared")
        [file] = shared["files"]
        assert (file["name"], file["type"]) == (
            "spazzino-Serata_di_dicembre.png",
            "image/png",
        )
        assert shared["text"] == "Serata di dicembre"
        sent = decoded(file["b64"])
        assert sent.size == (WIDTH, picture_height(32))
        leader = sent.getpixel((MARGIN + 4, TOP + ROW + ROW // 2))
        assert leader == tuple(
            int(LIGHT.side_fill[0][i : i + 2], 16) for i in (1, 3, 5)
        )
        with page.expect_download() as download:
            tap(node(page, "club-result-picture"))
        name = download.value.suggested_filename
        assert name == "spazzino-Serata_di_dicembre.png"
        OUTPUT_DIR.mkdir(parents=True, exist_ok=True)
        png = OUTPUT_DIR / "club-result-picture.png"
        download.value.save_as(png)
        picture = Image.open(png)
        assert picture.size == (WIDTH, picture_height(32))
        # the night's name and its leaders, drawn (read by OCR, as CI installs)
        need_tesseract()
        assert not missing_on(png, "it", ["Serata di dicembre", *ranking[:2]])
        expect(node(page, "error-banner")).to_be_hidden()

        with page.expect_download() as download:
            tap(node(page, "club-result-print"))
        assert download.value.suggested_filename == "spazzino-Serata_di_dicembre.html"
        html = Path(download.value.path()).read_text(encoding="utf-8")
        rows = re.findall(r'<td class="name">([^<]*)</td>', html)
        assert rows == ranking  # as ``tournament standings`` orders them
        assert "<h3>Turno 1</h3>" in html
        assert f"<li>Tavolo 3 · {players[3]}: 12 - 9, non finita</li>" in html
        # the page as printed: a browser lays it out, on A4
        sheet = context.new_page()
        sheet.set_content(html)
        sheet.screenshot(path=str(OUTPUT_DIR / "club-result-page.png"), full_page=True)
        pdf = sheet.pdf(format="A4")
        pages = len(re.findall(rb"/Type\s*/Page\b(?!s)", pdf))
        assert pdf.startswith(b"%PDF") and 1 <= pages <= 2, pages
        assert not failures, failures
        assert "Traceback" not in server.log()
    finally:
        context.close()


SIDE_BY_SIDE = """() => {
    const [a, b] = [1, 2].map(n => document.querySelector(
        `[flt-semantics-identifier='club-table-${n}']`));
    if (!a || !b) return false;
    const [ra, rb] = [a, b].map(e => e.getBoundingClientRect());
    return Math.abs(ra.top - rb.top) < 1 && rb.left >= ra.right;
}"""
"""Tables 1 and 2 side by side: the grid of a laptop's monitor."""


def test_on_a_phone_the_tables_are_one_column_above_the_standings(
    monitor_server, browser
):
    server, codes, players, _ = monitor_server
    size = (360, 740)
    context, page, failures = open_monitor(browser, server, size)
    try:
        tile = node(page, "club-table-1")
        expect(tile).to_have_accessible_name(f"Tavolo 1: {players[1]}")
        for identifier in ("club-start-round", "club-table-1", "club-table-1-code"):
            inside(page, identifier, size)
        one, two = (node(page, f"club-table-{n}").bounding_box() for n in (1, 2))
        assert one and two and two["y"] >= one["y"] + one["height"]  # one column
        next_frames(page, 2)
        shot = OUTPUT_DIR / "club-monitor-360x740.png"
        page.screenshot(path=str(shot))
        assert error_box(shot, 1) is None
        # the window made a laptop's: the monitor is drawn again, a grid
        page.set_viewport_size({"width": 1280, "height": 720})
        page.wait_for_function(SIDE_BY_SIDE)
        for n in range(1, 17):
            inside(page, f"club-table-{n}", (1280, 720))
        assert not failures, failures
    finally:
        context.close()
