"""Browser tests of the history screens: list and filter, a match's chart and
table, a player's statistics, export and import of a match file (a real
download and a real file chooser).

The server starts on a data folder seeded through the repository (three
matches: Anna beats Bruno twice, the second as a rivincita; Carla v Dario is
still being played), so the tests do not depend on the match-entry screens.
A refused file and a finished match corrected from its detail are decided
on the server: tests/unit/test_history_ui.py, test_history_correction.py.
"""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from playwright.sync_api import expect

from scorekeeper.core import MatchSetup, Rules
from scorekeeper.storage import open_repository
from tests.builders import plain_hand
from tests.e2e import screen_checks

pytestmark = pytest.mark.e2e


def seed(data_dir: Path) -> dict[str, str]:
    """Store the three matches; return their ids by name."""
    # one minute apart: the history orders by creation time
    ticks = iter(
        datetime(2026, 11, 29, 15, 0, tzinfo=UTC) + timedelta(minutes=i)
        for i in range(100)
    )
    repo = open_repository(data_dir, clock=lambda: next(ticks))
    try:
        ab = MatchSetup(("Anna", "Bruno"), "Anna", Rules(target=10))
        first = repo.create_match(ab)
        repo.add_hand(first.id, plain_hand(0, 8))
        repo.add_hand(first.id, plain_hand(8, 0))  # Anna 12 - 10 Bruno
        again = repo.create_match(ab, rematch_of=first.id)
        repo.add_hand(again.id, plain_hand(20))  # Anna 22 - 1 Bruno
        cd = repo.create_match(MatchSetup(("Carla", "Dario"), "Carla", Rules()))
        repo.add_hand(cd.id, plain_hand())
        return {"first": first.id, "again": again.id, "open": cd.id}
    finally:
        repo.close()


@pytest.fixture(scope="module")
def seeded(tmp_path_factory):
    from tests.e2e.conftest import start_server

    base = tmp_path_factory.mktemp("history")
    ids = seed(base / "data")
    server = start_server(base / "data", base)
    yield server, ids
    server.stop()


@pytest.fixture
def history(seeded, new_phone, open_app):
    server, ids = seeded
    page = new_phone(server.url)
    open_app(page, server.url + "/storico")
    expect(page.get_by_role("heading", name="Storico")).to_be_visible()
    return page, ids


def _choose(page, by_id, identifier: str, option: str) -> None:
    by_id(page, identifier).click()
    page.get_by_role("menuitem", name=option).or_(
        page.get_by_role("button", name=option)
    ).last.click()


def test_the_history_lists_every_match_newest_first_with_totals_and_series(
    history, by_id, shot
):
    page, ids = history
    rows = [by_id(page, f"history-row-{ids[k]}") for k in ("open", "again", "first")]
    for row in rows:
        expect(row).to_be_visible()
    expect(rows[1]).to_contain_text("Anna 22 - 1 Bruno")
    expect(rows[1]).to_contain_text("Vince Anna")
    expect(rows[1]).to_contain_text("Rivincita · Serie 2–0")
    expect(rows[0]).to_contain_text("In corso")
    boxes = [r.bounding_box()["y"] for r in rows]
    assert boxes == sorted(boxes)  # newest first
    shot(page)


def test_filtering_by_a_player_keeps_only_their_matches(history, by_id, shot):
    page, ids = history
    _choose(page, by_id, "history-filter-player", "Carla")
    expect(by_id(page, f"history-row-{ids['open']}")).to_be_visible()
    expect(by_id(page, f"history-row-{ids['first']}")).to_have_count(0)
    shot(page, "carla")


def test_opening_a_match_shows_its_chart_table_rules_and_edits(history, by_id, shot):
    page, ids = history
    by_id(page, f"history-row-{ids['first']}").click()
    expect(page).to_have_url(re.compile(r"/storico/partita$"))
    expect(by_id(page, "detail-score")).to_have_text("Anna 12 - 10 Bruno")
    expect(by_id(page, "detail-chart")).to_be_visible()
    expect(by_id(page, "detail-chart")).to_contain_text("Traguardo 10")
    # hand 2 as rows (a 360 px phone has no room for a column per item):
    # dealer Bruno; Anna settebello, due, 8 in spazzini, 10; 12 in all
    hand = by_id(page, "detail-hand-2")
    expect(hand).to_contain_text("Mano 2 · mazziere Bruno")
    expect(hand).to_contain_text("Settebello 1 0 Fante di spade 0 1 Due di spade 1 0")
    expect(hand).to_contain_text("Spazzini 8 0 Punti 10 1 Totale 12 10")
    expect(page.get_by_text("Traguardo: 10")).to_be_visible()
    expect(page.get_by_text("aggiunta la mano 2", exact=False)).to_be_attached()
    shot(page, "detail")


@pytest.mark.pixels
def test_the_statistics_of_a_player_show_record_rate_and_breakdown(
    history, by_id, shot
):
    page, _ = history
    by_id(page, "history-stats").click()
    expect(page).to_have_url(re.compile(r"/statistiche$"))
    _choose(page, by_id, "stats-player", "Anna")
    expect(by_id(page, "stats-record")).to_have_text(
        "Partite: 2 (finite 2, in corso 0, abbandonate 0)"
    )
    expect(page.get_by_text("Vittorie: 100%")).to_be_visible()
    expect(by_id(page, "stats-breakdown")).to_be_visible()
    expect(page.get_by_text("contro Bruno: 2-0")).to_be_attached()
    path = shot(page, "anna")
    # the points axis as drawn: round labels to just over the tallest bar
    # (Anna's 28 in spazzini), none over another ("30" was drawn on "28")
    chart = by_id(page, "stats-breakdown").bounding_box()
    assert chart is not None
    # the labels sit on their lines: the top one half over the chart's box
    axis = {**chart, "y": chart["y"] - 14, "width": 40, "height": chart["height"]}
    read = re.findall(r"\d+", screen_checks.read_box(path, axis))
    assert read == ["30", "25", "20", "15", "10", "5", "0"], read
    # spazzini by their card (issue 35): Anna's are seven re
    spazzini = page.get_by_text("Spazzini per carta: R: 7", exact=True)
    spazzini.scroll_into_view_if_needed()
    expect(spazzini).to_be_visible()
    shot(page, "anna-spazzini")


def test_a_match_exported_from_the_detail_imports_into_another_server(
    history, by_id, fresh_server, new_phone, open_app, tmp_path, shot
):
    page, ids = history
    by_id(page, f"history-row-{ids['first']}").click()
    with page.expect_download() as info:
        by_id(page, "detail-export-json").click()
    path = tmp_path / info.value.suggested_filename
    info.value.save_as(path)
    doc = json.loads(path.read_text(encoding="utf-8"))
    assert doc["format"] == "spazzino-match" and doc["meta"]["id"] == ids["first"]

    other = new_phone(fresh_server.url)
    open_app(other, fresh_server.url + "/storico")
    expect(other.get_by_text("Nessuna partita trovata.")).to_be_visible()
    with other.expect_file_chooser() as chooser:
        by_id(other, "history-import").click()
    chooser.value.set_files(str(path))
    expect(by_id(other, "history-message")).to_have_text("Partita importata.")
    expect(by_id(other, f"history-row-{ids['first']}")).to_contain_text(
        "Anna 12 - 10 Bruno"
    )
    shot(other, "imported")
