""" "Classifica" on a phone (issue 38): reached from the history, the players
in rating order on the screen, a tap draws the player's chart, the pairs
below; no Flutter exception while it draws."""

from __future__ import annotations

import pytest

from scorekeeper.core.matchfile import dump_match
from scorekeeper.storage import open_repository
from tests.builders import match, plain_hand


def won(players, winner: int, day: int) -> dict:
    extra = (40, 0) if winner == 0 else (0, 40)
    m = match(tuple(players), [plain_hand(*extra)])
    return dump_match(
        m, {"id": f"m{day:02d}", "created": f"2026-11-{day:02d}T20:00:00+01:00"}
    )


@pytest.fixture(scope="module")
def club(tmp_path_factory):
    from tests.e2e.conftest import start_server

    base = tmp_path_factory.mktemp("leaderboard")
    repo = open_repository(base / "data")
    repo.import_documents(
        [
            won(("Anna", "Bruno"), 0, 1),
            won(("Anna", "Carla"), 0, 2),
            won(("Bruno", "Carla"), 1, 3),
            won(("Anna", "Bruno", "Carla", "Dario"), 0, 4),
            won(("Carla", "Bruno", "Dario", "Anna"), 1, 5),
        ]
    )
    repo.close()
    server = start_server(base / "data", base)
    yield server
    server.stop()


def test_the_leaderboard_lists_the_players_and_a_tap_draws_a_chart(
    new_phone, club, open_app, by_id, shot
):
    page = new_phone(club.url)
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text))
    open_app(page, club.url + "/storico")
    by_id(page, "history-ranking").click()
    first = by_id(page, "ranking-1")
    first.wait_for()
    # Anna won her three 2-player matches... and lost none: she leads
    assert "1. Anna" in (first.get_attribute("aria-label") or first.inner_text())
    for i in (2, 3, 4):
        row = by_id(page, f"ranking-{i}")
        box = row.bounding_box()
        assert box is not None and box["y"] + box["height"] <= 740, f"row {i} cut"
    shot(page, "list")
    first.click()
    chart = by_id(page, "ranking-chart")
    chart.wait_for()
    box = chart.bounding_box()
    assert box is not None and box["height"] > 100
    by_id(page, "ranking-pair-1").scroll_into_view_if_needed()
    shot(page, "chart")
    flutter_errors = [
        e for e in errors if "EXCEPTION CAUGHT" in e or "Another exception" in e
    ]
    assert not flutter_errors, flutter_errors
    server_log = club.log_path.read_text(encoding="utf-8", errors="replace")
    assert "Traceback" not in server_log


def test_a_new_match_of_rated_players_shows_each_sides_chance(
    new_phone, club, open_app, by_id, shot
):
    from playwright.sync_api import expect

    from tests.e2e.helpers import type_into

    page = new_phone(club.url)
    open_app(page, club.url + "/nuova")
    for seat, name in enumerate(("Anna", "Bruno"), start=1):
        type_into(page, f"Giocatore {seat}", name, (by_id(page, "new-teams"), name))
    chance = by_id(page, "new-chance")
    expect(chance).to_contain_text("Probabilità di vincere: Anna")
    text = chance.inner_text()
    first, second = (int(p.split("%")[0].split()[-1]) for p in text.split("·"))
    assert first > 50 > second and first + second in (99, 100, 101)
    shot(page, "chance")
