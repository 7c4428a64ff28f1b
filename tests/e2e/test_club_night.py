"""A small club night in the browser (issue 26): one gated server, the
organizer's phone, two phones at two tables and the club's TV board.

The organizer makes a 4-entrant round robin (target 2, so one hand of 2 - 1
ends a match) and starts its 3 rounds of 2 tables; the two table phones,
seated by their table's code, enter a hand at once, each seeing only its
own match, and confirm the result ("Confermo il risultato"); the board's
standings are then those of ``tournament standings`` on the exported
tournament. Everything below the browser is in tests/unit/ui/screens/test_club_ui.py.
"""

from __future__ import annotations

import io
import json
import re

import pytest
from playwright.sync_api import expect

from scorekeeper.cli import main
from scorekeeper.storage import open_repository
from tests.e2e import count_hand, helpers
from tests.e2e.helpers import button, node, tap_until_shown
from tests.tournament_builders import standing_lines_of

pytestmark = pytest.mark.e2e

NAMES = ("Anna", "Bruno", "Carla", "Dario")
CODE = re.compile(r"Codice: (\w+)$")


@pytest.fixture
def night_server(tmp_path, harness):
    with open_repository(tmp_path / "data") as repo:
        for name in NAMES:
            repo.add_player(name)
    server = harness.start_server(tmp_path / "data", tmp_path, require_code=True)
    yield server, tmp_path / "data"
    server.stop()


def sides_of(page) -> tuple[str, str]:
    """The two sides a seated phone shows: "Anna 0 - 0 Dario"."""
    text = node(page, "seat-totals").inner_text()
    found = re.fullmatch(r"(.+) (\d+) - (\d+) (.+)", text)
    assert found, text
    return found.group(1), found.group(4)


def test_an_organizer_runs_a_round_robin_of_three_rounds_on_two_tables(
    night_server, new_phone, open_app, shot
):
    server, data = night_server
    organizer = new_phone(server.url)
    open_app(organizer, server.printed_url())
    tap_until_shown(button(organizer, "home-club"), node(organizer, "club-new"))
    tap_until_shown(button(organizer, "club-new"), node(organizer, "club-create"))
    helpers.type_into(organizer, "Nome del torneo", "Circolo", click=True)
    helpers.type_into(organizer, "Traguardo", "2", click=True)
    for i, name in enumerate(NAMES, start=1):
        tap_until_shown(
            node(organizer, f"club-roster-{name}").get_by_role("button"),
            node(organizer, f"club-entrant-{i}"),
        )
    tap_until_shown(button(organizer, "club-create"), node(organizer, "club-round"))
    helpers.tap_until(
        button(organizer, "club-start-round"), node(organizer, "club-round"), "Turno 1"
    )
    codes = [
        CODE.search(node(organizer, f"club-table-{n}-code").inner_text()).group(1)
        for n in (1, 2)
    ]
    board_code = node(organizer, "club-board-code").inner_text().split()[-1]
    phones = []
    for code in codes:
        page = new_phone(server.url)
        open_app(page, f"{server.url}/?t={code}")
        expect(node(page, "seat-where")).to_have_text(
            "Tavolo " + str(len(phones) + 1) + " · Turno 1"
        )
        phones.append(page)
    tv = new_phone(server.url)
    open_app(tv, f"{server.url}/tabellone?t={board_code}")
    expect(node(tv, "club-board-round")).to_have_text("Turno 1")

    for number in (1, 2, 3):
        seated = []
        for n, page in enumerate(phones, start=1):
            expect(node(page, "seat-where")).to_have_text(
                f"Tavolo {n} · Turno {number}"
            )
            players = sides_of(page)
            seated.append(players)
            tap_until_shown(button(page, "seat-match"), node(page, "score-total-0"))
            count_hand.prepare_hand(page, players)
        # both hands are saved at once, each on its own table's match
        for page in phones:
            helpers.tap(count_hand.save_button(page))
        for page, players, other in zip(phones, seated, reversed(seated), strict=True):
            winner = node(page, "over-winner")
            expect(winner).to_contain_text(players[0])
            expect(node(page, "over-rematch")).to_have_count(0)
            text = " ".join(page.locator("flt-semantics").all_inner_texts())
            assert not any(name in text for name in other), (players, other)
        expect(node(tv, "club-board-round")).to_have_text(f"Turno {number}")
        for page in phones:
            tap_until_shown(button(page, "over-home"), node(page, "seat-confirm"))
            tap_until_shown(button(page, "seat-confirm"), node(page, "seat-confirmed"))
        for n in (1, 2):
            expect(node(organizer, f"club-table-{n}-status")).to_contain_text(
                "confermata da"
            )
        if number < 3:
            helpers.tap_until(
                button(organizer, "club-start-round"),
                node(organizer, "club-round"),
                f"Turno {number + 1}",
            )
    shot(tv, "board")
    board = [node(tv, f"club-board-line-{i}").inner_text() for i in (1, 2, 3, 4)]
    server.stop()

    out, err = io.StringIO(), io.StringIO()
    assert main(["export", "--all", "--data", str(data)], None, out, err) == 0
    doc = json.loads(out.getvalue())[-1]
    assert doc["format"] == "spazzino-tournament"
    assert doc["meta"]["confirmed"] == [[2, 2]] * 3
    expected = standing_lines_of(doc)
    assert board == expected
