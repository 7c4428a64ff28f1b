"""Browser tests of matches at the edges of what the doors accept (issue 34):
a match dated at the end of the calendar, and a long 4-player match whose
notes make its link too long for a QR code.

The server starts on a data folder where both were imported through the
match file's door, as ``import`` does. A screen that fails to draw says so
and leads home: decided on the server, tests/unit/test_draw_failure.py.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from scorekeeper.core.matchfile import dump_match
from scorekeeper.table import TableService
from tests.builders import notes_of
from tests.conftest import FORMAT_EXAMPLE
from tests.e2e.helpers import go_back, tap_until_shown
from tests.long_match import long_match

pytestmark = pytest.mark.e2e

END = "9999-12-31T23:59:59-14:00"


@pytest.fixture(scope="module")
def edges(tmp_path_factory):
    from tests.e2e.conftest import start_server

    base = tmp_path_factory.mktemp("edges")
    table = TableService.open(base / "data")
    try:
        dated = {**FORMAT_EXAMPLE, "meta": {"created": END, "updated": END}}
        noted = dump_match(
            long_match(17),
            {"created": "2026-11-29T15:00:00+01:00", "notes": notes_of(1995)},
        )
        ids = [r.id for r in table.import_documents([dated, noted]).value]
    finally:
        table.close()
    server = start_server(base / "data", base)
    yield server, ids
    server.stop()


@pytest.fixture
def history(edges, new_phone, open_app):
    server, ids = edges
    page = new_phone(server.url)
    open_app(page, server.url + "/storico")
    expect(page.get_by_role("heading", name="Storico")).to_be_visible()
    return page, ids


def test_a_match_dated_at_the_end_of_the_calendar_shows_and_opens(history, by_id, shot):
    page, (dated, _) = history
    row = by_id(page, f"history-row-{dated}")
    expect(row).to_contain_text("31/12/9999 23:59")
    tap_until_shown(row, by_id(page, "detail-score"))
    expect(page).to_have_url(re.compile(r"/storico/partita$"))
    expect(by_id(page, "detail-score")).to_have_text("Anna 21 - 2 Bruno")
    expect(page.get_by_text("31/12/9999 23:59", exact=False)).to_be_attached()
    shot(page, "detail")
    # the history again, drawn by now (a first load's semantics can be
    # there while Flutter still paints its start screen)
    go_back(page, row)
    expect(row).to_contain_text("31/12/9999 23:59")
    shot(page)


def test_a_long_match_with_long_notes_opens_without_its_qr_and_says_why(
    history, by_id, shot
):
    page, (_, noted) = history
    tap_until_shown(by_id(page, f"history-row-{noted}"), by_id(page, "detail-score"))
    expect(page).to_have_url(re.compile(r"/storico/partita$"))
    said = by_id(page, "detail-no-qr")
    expect(said).to_have_text(
        "Il link è troppo lungo per un codice QR: mandalo con «Condividi il link»."
    )
    expect(by_id(page, "detail-link-qr")).to_have_count(0)
    expect(by_id(page, "detail-share-link")).to_be_attached()
    said.scroll_into_view_if_needed()
    shot(page, "no-qr")
