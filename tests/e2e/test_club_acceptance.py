"""Issue 37, items 3 to 5, in the browser: a result accepted by a named
player of the side that did not win (a phone at a table, 360x740); a round
that waits and asks about results not confirmed, the organizer confirming
for a table of an earlier round and correcting a hand on his own screen
(1280x720), the standings following and the screen saying that the draw
of the round after it would have been another. Below the browser:
tests/unit/test_club_acceptance.py."""

from __future__ import annotations

import io
import json
import re

import pytest
from playwright.sync_api import expect

from scorekeeper.cli import main
from scorekeeper.core import Rules
from scorekeeper.core.model import Preset
from scorekeeper.core.tournament import Acceptance, System
from scorekeeper.storage import open_repository
from scorekeeper.table import TableService
from scorekeeper.ui.access.club_codes import Place, codes_of
from tests.e2e import count_hand, helpers
from tests.e2e.conftest import load_app
from tests.e2e.helpers import button, choose, node, tap_until_shown
from tests.tournament_builders import one_hand, standing_lines_of

pytestmark = pytest.mark.e2e

FOUR = [["Anna"], ["Bruno"], ["Carla"], ["Dario"]]
TARGET_2 = Rules.preset(Preset.CLASSICO, 2)  # one 2 - 1 hand ends a match


ONE_COLUMN = """() => {
    const box = (n) => document.querySelector(
        `[flt-semantics-identifier='club-table-${n}']`)?.getBoundingClientRect();
    const [a, b] = [box(1), box(2)];
    return !!a && !!b && Math.abs(a.left - b.left) < 2 && b.top > a.top;
}"""
"""Whether the organizer's tiles stand in one column (a phone's layout)."""


def a_night(folder, system: System, decided: bool):
    """A night of four with round 1 drawn (both tables won by side 1 when
    *decided*); its id and its table codes, kept with it."""
    table = TableService.open(folder)
    try:
        t = table.club.create("Circolo", TARGET_2, FOUR, system, seed=5).value
        stored = table.club.start_round(t.id).value
        if decided:
            for n in (1, 2):
                table.add_hand(stored.match_id(1, n), one_hand(2, 1))
        codes = codes_of(table)
        return t.id, [codes.code(Place(t.id, n)) for n in (1, 2)]
    finally:
        table.close()


@pytest.fixture
def server_of(tmp_path, harness):
    started = []

    def start():
        server = harness.start_server(tmp_path / "data", tmp_path, require_code=True)
        started.append(server)
        return server

    yield start
    for server in started:
        server.stop()


def test_the_side_that_lost_accepts_by_name_and_the_record_keeps_who(
    tmp_path, server_of, new_phone, open_app, shot
):
    tid, codes = a_night(tmp_path / "data", System.ROUND_ROBIN, decided=False)
    server = server_of()
    phone = new_phone(server.url)
    open_app(phone, f"{server.url}/?t={codes[0]}")
    expect(node(phone, "seat-where")).to_have_text("Tavolo 1 · Turno 1")
    found = re.fullmatch(
        r"(.+) (\d+) - (\d+) (.+)", node(phone, "seat-totals").inner_text()
    )
    assert found
    first, second = found.group(1), found.group(4)
    # "Di chi è questo telefono?": the first player's
    expect(node(phone, "seat-me-ask")).to_have_text("Di chi è questo telefono?")
    shot(phone, "whose-phone-ask")
    tap_until_shown(button(phone, "seat-me-1"), node(phone, "seat-me"))
    expect(node(phone, "seat-me")).to_have_text(f"Telefono di {first}")
    shot(phone, "whose-phone")
    # it enters the hand that wins the match for its player
    tap_until_shown(button(phone, "seat-match"), node(phone, "score-total-0"))
    count_hand.prepare_hand(phone, (first, second))
    helpers.tap(count_hand.save_button(phone))
    expect(node(phone, "over-winner")).to_contain_text(first)
    tap_until_shown(button(phone, "over-home"), node(phone, "seat-confirm"))
    # the winner's phone does not confirm for itself: it names who does
    expect(node(phone, "seat-confirm-who")).to_have_text(
        f"Ha vinto {first}: passa il telefono a {second}, che conferma."
    )
    expect(button(phone, "seat-confirm")).to_have_accessible_name(
        f"Sono {second}: confermo"
    )
    expect(node(phone, "seat-confirm-2")).to_have_count(0)
    shot(phone, "confirm")
    tap_until_shown(button(phone, "seat-confirm"), node(phone, "seat-confirmed"))
    expect(node(phone, "seat-confirmed")).to_contain_text(
        f"Risultato confermato da {second}."
    )
    shot(phone, "confirmed")
    server.stop()
    with open_repository(tmp_path / "data") as repo:
        stored = repo.tournaments.get(tid)
        assert stored.confirmed_by(1, 1) == 2
        assert stored.acceptance(1, 1) == Acceptance(2, second, first)


def test_the_organizer_is_asked_confirms_for_a_table_and_corrects_a_hand(
    tmp_path, server_of, browser, shot
):
    tid, _ = a_night(tmp_path / "data", System.SWISS, decided=True)
    server = server_of()
    context = browser.new_context(
        viewport={"width": 1280, "height": 720}, locale="it-IT"
    )
    try:
        page = context.new_page()
        load_app(page, server.printed_url())
        tap_until_shown(button(page, "home-club"), node(page, "club-night-1"))
        tap_until_shown(button(page, "club-night-1"), node(page, "club-round"))
        expect(node(page, "club-round")).to_have_text("Turno 1")
        # item 4: the round waits, names the tables and asks
        tap_until_shown(button(page, "club-start-round"), node(page, "club-wait-text"))
        expect(node(page, "club-wait-text")).to_have_text(
            "Non ancora confermati: tavolo 1 (turno 1), tavolo 2 (turno 1)."
        )
        shot(page, "ask")
        helpers.tap_until(
            button(page, "club-wait-start"), node(page, "club-round"), "Turno 2"
        )
        # item 5: round 1's tables, opened after round 2 started
        choose(node(page, "club-rounds"), "1")
        expect(node(page, "club-table-1-status")).to_contain_text("da confermare")
        status = node(page, "club-table-1-status").inner_text()
        tap_until_shown(
            button(page, "club-table-2-confirm"), node(page, "club-table-2-status")
        )
        expect(node(page, "club-table-2-status")).to_contain_text(
            "confermata dall'organizzatore"
        )
        expect(node(page, "club-table-2-confirm")).to_have_count(0)
        # "Correggi una mano": the match on this screen, its hand corrected
        tap_until_shown(
            button(page, "club-table-1-correct"), node(page, "detail-score")
        )
        score = node(page, "detail-score").inner_text()
        found = re.fullmatch(r"(.+) 2 - 1 (.+)", score)
        assert found, score
        first, second = found.groups()
        assert f"ha vinto {first}" in status  # the card's match
        tap_until_shown(button(page, "detail-correct-1"), node(page, "entry-save"))
        choose(node(page, "entry-settebello"), second)
        expect(node(page, "entry-preview-1")).to_have_text(f"{second}: 2")
        # the winner changes: the app asks first
        tap_until_shown(button(page, "entry-save"), node(page, "correct-result-save"))
        tap_until_shown(button(page, "correct-result-save"), node(page, "detail-score"))
        expect(node(page, "detail-score")).to_have_text(f"{first} 1 - 2 {second}")
        shot(page, "corrected")
        tap_until_shown(button(page, "detail-club-night"), node(page, "club-round"))
        expect(node(page, "club-table-1-status")).to_have_text(
            f"Finita 1 - 2: ha vinto {second}; da confermare."
        )
        expect(node(page, "club-redrawn")).to_have_text(
            "Con i risultati corretti il turno 2 sarebbe stato abbinato "
            "diversamente: resta com'è stato sorteggiato."
        )
        tap_until_shown(
            button(page, "club-table-1-confirm"), node(page, "club-table-1-status")
        )
        expect(node(page, "club-table-1-status")).to_contain_text(
            "confermata dall'organizzatore"
        )
        node(page, "club-round").scroll_into_view_if_needed()
        shot(page, "desk")
        # the same desk on an organizer's phone: the rounds and a table's card
        page.set_viewport_size({"width": 360, "height": 740})
        # the monitor drawn again for the phone: its tiles in one column
        page.wait_for_function(ONE_COLUMN)
        node(page, "club-rounds").scroll_into_view_if_needed()
        expect(node(page, "club-table-1-correct")).to_be_attached()
        shot(page, "desk-phone")
        lines = [node(page, f"club-line-{i}").inner_text() for i in (1, 2, 3, 4)]
    finally:
        context.close()
    server.stop()
    # the standings on the organizer's screen are the command's, corrected
    out = io.StringIO()
    assert (
        main(
            ["export", "--all", "--data", str(tmp_path / "data")],
            None,
            out,
            io.StringIO(),
        )
        == 0
    )
    doc = next(d for d in json.loads(out.getvalue()) if d["meta"]["id"] == tid)
    assert doc["meta"]["accepted"][0][0]["organizer"] is True
    expected = standing_lines_of(doc)
    assert lines == expected
    assert second in lines[0] or second in lines[1]  # the corrected winner leads
