"""Two phones on one history: a match's notes and a compaction made on one
phone show on the other at once (both were silent before the table service:
issue 9).

Each test gets its own server on a data folder seeded through the repository.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from scorekeeper.core import MatchSetup, Rules
from scorekeeper.storage import open_repository
from tests.builders import plain_hand
from tests.e2e.helpers import tap

pytestmark = pytest.mark.e2e


def type_keys(page, box, text: str) -> None:
    """Type ``text`` key by key into ``box`` as a finger does (a ``fill`` is
    sometimes never sent to the server). The first key can land before
    Flutter has taken the focus: then select all and type again."""
    for _ in range(3):
        box.click()
        expect(box).to_be_focused()
        page.keyboard.press("Control+A")
        page.keyboard.type(text)
        try:
            expect(box).to_have_value(text, timeout=2000)
            return
        except AssertionError:
            continue
    expect(box).to_have_value(text)


@pytest.fixture
def two_phones(tmp_path, new_phone, open_app):
    from tests.e2e.conftest import start_server

    repo = open_repository(tmp_path / "data")
    try:
        kept = repo.create_match(MatchSetup(("Anna", "Bruno"), "Anna", Rules(10)))
        repo.add_hand(kept.id, plain_hand(20))  # Anna 22 - 1 Bruno, won
        gone = repo.create_match(MatchSetup(("Carla", "Dario"), "Carla", Rules()))
        repo.add_hand(gone.id, plain_hand(0, 8))  # in progress
        repo.delete_match(gone.id)
    finally:
        repo.close()
    server = start_server(tmp_path / "data", tmp_path)
    phones = []
    for _ in range(2):
        page = new_phone(server.url)
        open_app(page, server.url + "/storico")
        expect(page.get_by_role("heading", name="Storico")).to_be_visible()
        phones.append(page)
    yield phones, kept.id
    server.stop()


def test_notes_saved_on_one_phone_show_on_the_other_at_once(two_phones, by_id, shot):
    (first, second), kept = two_phones
    for page in (first, second):
        tap(by_id(page, f"history-row-{kept}"))
        expect(by_id(page, "detail-score")).to_have_text("Anna 22 - 1 Bruno")

    # Save turns on once the server has heard the text.
    type_keys(first, first.get_by_role("textbox", name="Note"), "rivincita domenica")
    save = by_id(first, "detail-notes-save").get_by_role("button")
    expect(save).to_be_enabled()
    tap(by_id(first, "detail-notes-save"))
    expect(by_id(first, "history-message")).to_have_text("Note salvate.")

    # No reload, no tap on a button: the other phone redraws from the
    # broadcast. Flutter fills an unfocused field's semantics text box only
    # when it is focused, so the player's tap into the field is what reads it.
    notes = second.get_by_role("textbox", name="Note")
    notes.click()
    expect(notes).to_have_value("rivincita domenica")
    shot(second, "notes-on-the-other-phone")


def test_compacting_on_one_phone_empties_the_deleted_list_on_the_other(
    two_phones, by_id
):
    (first, second), _ = two_phones
    for page in (first, second):
        expect(by_id(page, "history-deleted")).to_have_text("Partite eliminate (1)")
        tap(by_id(page, "history-deleted"))
        expect(page).to_have_url(re.compile(r"/storico/eliminate$"))
        expect(page.get_by_text("Nessuna partita eliminata.")).to_have_count(0)

    tap(by_id(first, "deleted-compact"))
    expect(first.get_by_text("Compattare lo storico?", exact=False)).to_be_visible()
    first.get_by_role("button", name="Sì").click()
    expect(by_id(first, "history-message")).to_have_text(
        "Storico compattato: 1 partita cancellata per sempre."
    )

    expect(second.get_by_text("Nessuna partita eliminata.")).to_be_visible()
    second.go_back()
    expect(by_id(second, "history-deleted")).to_have_text("Partite eliminate (0)")
