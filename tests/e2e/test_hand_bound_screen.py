"""A hand past the bound (issue 34 item 4) is refused on the phone in words.

The data folder holds a match to 31 in a tie-break after 400 hands (imported:
it waits in the archive); the phone resumes it from home, enters a hand and
taps Save: the entry stays, saying that a match has at most 400 hands.
"""

from __future__ import annotations

from playwright.sync_api import expect

from scorekeeper.core import Match, MatchSetup, Rules
from scorekeeper.core.engine import MAX_HANDS
from scorekeeper.core.matchfile import dump_match
from scorekeeper.storage.repository import open_repository
from tests.builders import plain_hand
from tests.e2e.count_hand import prepare_hand, save_button
from tests.e2e.flows import resume
from tests.e2e.helpers import node, tap

#: 2 points a side: from 32-32 on, every hand is a tie-break hand
EVEN = plain_hand(0, 1)


def test_a_hand_past_the_bound_is_refused_with_a_sentence(
    harness, new_phone, open_app, shot, tmp_path
):
    data = tmp_path / "data"
    setup = MatchSetup(("Anna", "Bruno"), "Anna", Rules(target=31))
    with open_repository(data) as repo:
        repo.import_documents([dump_match(Match(setup, (EVEN,) * MAX_HANDS))])
    server = harness.start_server(data, tmp_path)
    try:
        phone = new_phone(server.url)
        open_app(phone, server.url)
        expect(node(phone, "home-resume")).to_contain_text("Anna 800 - Bruno 800")
        resume(phone)
        prepare_hand(phone, ("Anna", "Bruno"))
        tap(save_button(phone))
        refused = phone.get_by_text(
            "Una partita ha al massimo 400 mani: questa sarebbe"
        )
        expect(refused.first).to_be_visible()
        expect(save_button(phone)).to_be_visible()  # the entry stays, as typed
        shot(phone)
        phone.set_viewport_size({"width": 1280, "height": 720})  # a laptop
        expect(refused.first).to_be_visible()
        shot(phone, "laptop")
    finally:
        server.stop()
