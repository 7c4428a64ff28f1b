"""Browser test of a match's end (issue 35, item 8): the rematch's
scoreboard, drawn over the match-over screen it leaves, reads its hand
list's header once. The server starts on a data folder seeded through the
repository with the match it needs; the hand is entered by taps.

What the end screens say and ask (a correction that changes the result, a
tie at the target, a wrong declaration, the "File pronto" message staying
on its screen) is decided on the server: tests/unit/test_history_correction.py,
test_end_words.py, test_declaration_verdict.py, test_share_ui.py."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import expect

from scorekeeper.core import MatchSetup, Rules
from scorekeeper.storage import open_repository
from tests.e2e.flows import (
    HAND_A,
    enter_hand_by_chips,
    resume,
    save,
    tap_until_shown,
    totals,
)
from tests.e2e.helpers import node

pytestmark = pytest.mark.e2e


def seeded_server(tmp_path: Path, *hands, target: int = 31, early_win=False):
    """A server with one match of Anna v Bruno, ``hands`` already saved (the
    table's match while it is being played), and the match's id."""
    from tests.e2e.conftest import start_server

    repo = open_repository(tmp_path / "data")
    try:
        rules = Rules(target, early_win=early_win)
        stored = repo.create_match(MatchSetup(("Anna", "Bruno"), "Anna", rules))
        for hand in hands:
            repo.add_hand(stored.id, hand)
    finally:
        repo.close()
    return start_server(tmp_path / "data", tmp_path), stored.id


@pytest.fixture
def server_of(tmp_path):
    """``server_of(*hands, **rules)``: a seeded server (stopped after the test)
    and its match's id."""
    servers = []

    def make(*hands, **options):
        server, match_id = seeded_server(tmp_path, *hands, **options)
        servers.append(server)
        return server, match_id

    yield make
    for server in servers:
        server.stop()


@pytest.fixture
def phone_at(new_phone, open_app):
    """A phone on ``server``'s match being played."""

    def make(server):
        page = new_phone(server.url)
        open_app(page, server.url)
        resume(page)
        return page

    return make


def test_the_rematch_shows_the_hand_list_header_once(server_of, phone_at, shot):
    page = phone_at(server_of(target=5)[0])
    enter_hand_by_chips(page, *HAND_A)
    save(page)
    expect(node(page, "over-winner")).to_have_text("Vince Anna")
    header = page.get_by_text("Mano", exact=True)
    expect(header).to_have_count(1)
    tap_until_shown(
        node(page, "over-rematch").get_by_role("button"), node(page, "score-add-hand")
    )
    totals(page, 0, 0)
    # the screen left under the new scoreboard goes (layers.py): the one
    # header read is the new scoreboard's
    expect(header).to_have_count(1)
    shot(page, "rematch")
