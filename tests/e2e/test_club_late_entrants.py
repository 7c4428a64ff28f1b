"""A late arrival and a withdrawal in the browser (issue 37, 9): a gated
server, a Swiss night of four whose round 1 is over. The organizer
(1280x720) opens "Arrivi e ritiri", adds Elena (the screen says her missed
round counts as a lost match, without points) and withdraws Bruno; round 2
pairs Elena and not Bruno; the night's standings on the screen are those
``tournament standings`` prints for the exported night. The same screen on
an organizer's phone (360x740) is looked at too."""

from __future__ import annotations

import io
import json

import pytest
from playwright.sync_api import expect

from scorekeeper.cli import main
from scorekeeper.core import Rules
from scorekeeper.core.tournament import System
from scorekeeper.table import TableService
from tests.e2e.conftest import UI_TIMEOUT_MS, load_app
from tests.e2e.helpers import (
    button,
    go_back,
    node,
    tap_until,
    tap_until_shown,
    type_into,
)
from tests.tournament_builders import one_hand

pytestmark = pytest.mark.e2e

ENTRANTS = [["Anna"], ["Bruno"], ["Carla"], ["Dario"]]


@pytest.fixture
def night(tmp_path, harness):
    table = TableService.open(tmp_path / "data")
    stored = table.club.create("Circolo", Rules(), ENTRANTS, System.SWISS).value
    stored = table.club.start_round(stored.id).value
    for tb in stored.tournament.rounds[0]:
        table.add_hand(stored.match_id(1, tb.number), one_hand(31, 20))
    table.close()
    server = harness.start_server(tmp_path / "data", tmp_path, require_code=True)
    yield server, tmp_path / "data"
    server.stop()


def open_roster(page, url: str) -> None:
    load_app(page, url)
    tap_until_shown(button(page, "home-club"), node(page, "club-night-1"))
    tap_until_shown(button(page, "club-night-1"), node(page, "club-roster"))
    tap_until_shown(button(page, "club-roster"), node(page, "club-roster-help"))


def test_the_organizer_adds_a_late_arrival_and_withdraws_an_entrant(
    night, browser, new_phone, shot
):
    server, data = night
    laptop = browser.new_context(
        viewport={"width": 1280, "height": 720}, locale="it-IT"
    )
    laptop.set_default_timeout(UI_TIMEOUT_MS)
    try:
        organizer = laptop.new_page()
        open_roster(organizer, server.printed_url())
        expect(node(organizer, "club-roster-help")).to_contain_text(
            "ogni turno che ha perso conta come una partita persa, senza punti"
        )
        type_into(organizer, "Chi arriva tardi", "Elena", click=True)
        tap_until_shown(
            button(organizer, "club-roster-add"), node(organizer, "club-roster-note")
        )
        expect(node(organizer, "club-roster-note")).to_have_text(
            "Elena: in gioco dal turno 2; il turno perso conta come partita "
            "persa, senza punti."
        )
        expect(node(organizer, "club-roster-entrant-5")).to_have_text(
            "Elena: dal turno 2, 1 turno perso"
        )
        withdraw = node(organizer, "club-roster-withdraw-2")
        expect(withdraw).to_have_accessible_name("Ritira Bruno")
        tap_until_shown(
            withdraw, node(organizer, "club-roster-yes-2"), by_position=True
        )
        tap_until(
            button(organizer, "club-roster-yes-2"),
            node(organizer, "club-roster-note"),
            "Bruno: ritiro dopo il turno 1",
        )
        expect(node(organizer, "club-roster-entrant-2")).to_have_text(
            "Bruno: ritiro dopo il turno 1"
        )
        shot(organizer, "roster-laptop")

        phone = new_phone(server.url)
        open_roster(phone, server.printed_url())
        expect(node(phone, "club-roster-entrant-5")).to_have_text(
            "Elena: dal turno 2, 1 turno perso"
        )
        shot(phone, "roster-phone")

        go_back(organizer, node(organizer, "club-start-round"))
        # round 1's results are not confirmed: the organizer is asked first
        tap_until_shown(
            button(organizer, "club-start-round"), node(organizer, "club-wait-start")
        )
        tap_until(
            button(organizer, "club-wait-start"),
            node(organizer, "club-round"),
            "Turno 2",
        )
        expect(node(organizer, "club-table-2")).to_be_visible()
        lines = []
        for i in range(1, 6):
            line = node(organizer, f"club-line-{i}")
            line.scroll_into_view_if_needed()
            lines.append(line.inner_text().strip())
        shot(organizer, "night-laptop")
    finally:
        laptop.close()
    server.stop()

    out, err = io.StringIO(), io.StringIO()
    assert main(["export", "--all", "--data", str(data)], None, out, err) == 0
    doc = json.loads(out.getvalue())[-1]
    assert doc["joined"] == [{"entrant": 4, "round": 2}]
    assert doc["withdrawn"] == [{"entrant": 1, "after_round": 1}]
    # round 2 pairs Elena (4) and not Bruno (1): two tables
    paired = sorted(e for tb in doc["rounds"][1] for e in tb["entrants"])
    assert paired == [0, 2, 3, 4]
    out = io.StringIO()
    command = ["tournament", "standings", "-", "--json"]
    assert main(command, io.StringIO(json.dumps(doc)), out) == 0

    def named(s: dict) -> str:
        if s["withdrawn"]:
            return f"{s['entrant']} (ritiro)"
        return f"{s['entrant']} (dal turno 2)" if s["missed"] else s["entrant"]

    expected = [
        f"{s['rank']}. {named(s)}: {s['won']} V, {s['lost']} P, "
        f"diff. {s['difference']:+d}, {s['points_for']} punti"
        for s in json.loads(out.getvalue())["standings"]
    ]
    assert lines == expected
    elena = next(
        s for s in json.loads(out.getvalue())["standings"] if s["entrant"] == "Elena"
    )
    assert (elena["lost"], elena["missed"], elena["points_for"]) == (1, 1, 0)
