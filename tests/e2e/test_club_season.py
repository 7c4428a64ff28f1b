"""The club's season on the club's TV board (issue 38): a night of the
season "Inverno" played on a gated server, the board opened by its code at
1280x720 shows the season's standings under the night's, on the screen."""

from __future__ import annotations

from playwright.sync_api import expect

from scorekeeper.core import Rules
from scorekeeper.core.tournament import System
from scorekeeper.table import TableService
from scorekeeper.ui.access.club_codes import Place, codes_of
from tests.e2e.conftest import OUTPUT_DIR
from tests.e2e.helpers import next_frames, node
from tests.tournament_builders import one_hand


def test_the_board_shows_the_seasons_standings_on_a_tv(tmp_path, harness, browser):
    table = TableService.open(tmp_path / "data")
    entrants = [["Anna"], ["Bruno"], ["Carla"], ["Dario"]]
    night = table.club.create(
        "Sera 1", Rules(), entrants, System.ROUND_ROBIN, season="Inverno"
    ).value
    stored = table.club.start_round(night.id).value
    for tb, totals in zip(
        stored.tournament.rounds[0], [(31, 20), (31, 25)], strict=True
    ):
        table.add_hand(stored.match_id(1, tb.number), one_hand(*totals))
    board_code = codes_of(table).code(Place(night.id))  # kept with the night
    table.close()
    server = harness.start_server(tmp_path / "data", tmp_path, require_code=True)
    context = browser.new_context(
        viewport={"width": 1280, "height": 720}, locale="it-IT"
    )
    try:
        tv = context.new_page()
        tv.goto(f"{server.url}/tabellone?t={board_code}", wait_until="load")
        tv.locator("flt-semantics-placeholder").dispatch_event("click")
        title = node(tv, "club-board-season-title")
        expect(title).to_have_text("Stagione Inverno", timeout=20_000)
        first = node(tv, "club-board-season-1")
        expect(first).to_contain_text("4 punti in 1 serata")
        first.scroll_into_view_if_needed()
        box = first.bounding_box()
        assert box is not None and box["y"] + box["height"] <= 720
        # the canvas paints the frame the tree shows: two frames later
        next_frames(tv, 2)
        OUTPUT_DIR.mkdir(parents=True, exist_ok=True)
        tv.screenshot(path=str(OUTPUT_DIR / "club-season-board.png"))
    finally:
        context.close()
        server.stop()
