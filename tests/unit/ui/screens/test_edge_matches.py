"""Matches at the edges of what the doors accept draw on every screen
(issue 34, items 1 and 2).

A match dated at the ends of the calendar (``9999-12-31T23:59:59-14:00`` is
in year 10000 in any zone east of UTC-14) and a long match whose notes make
its link longer than a QR code holds: the history, the match's page, the
deleted matches, the statistics, the match-over screen, the picture and the
exports show them.
"""

from __future__ import annotations

import time
from dataclasses import replace

import pytest

from scorekeeper.core.export import match_csv, summary_text
from scorekeeper.core.sharelink import link_document
from scorekeeper.sharing.picture import match_picture
from scorekeeper.storage import StorageError
from scorekeeper.ui import routes
from scorekeeper.ui.hosting.lan import qr_base64
from scorekeeper.ui.parts.share import share_controls
from scorekeeper.ui.screens.match_detail.state import MatchPage
from scorekeeper.ui.screens.stats.state import StatsChoice
from tests.builders import notes_of
from tests.event_loops import run_coroutine
from tests.long_match import long_match
from tests.unit.fakes import find, make_session, texts, walk

EDGES = {
    "9999-12-31T23:59:59-14:00": ("31/12/9999 23:59", "9999-12-31 23:59"),
    "0001-01-01T00:00:00+14:00": ("01/01/0001 00:00", "0001-01-01 00:00"),
}
"""A date at an end of the calendar, and how a phone shows it in Italian and
in English: as written, the phone's zone cannot hold it."""


@pytest.fixture(params=list(EDGES))
def edge(request, table, format_example):
    """A table holding the FORMAT example dated ``request.param``."""
    format_example["meta"] = {"created": request.param, "updated": request.param}
    [result] = table.import_documents([format_example]).value
    return table, result.id, request.param


def _everything(view) -> str:
    return " | ".join(texts(view))


@pytest.mark.parametrize("lang", ["it", "en"])
def test_a_match_dated_at_an_end_of_the_calendar_shows_in_the_history(edge, lang):
    table, _, created = edge
    session = make_session(table, routes.HISTORY, lang)
    shown = EDGES[created][0 if lang == "it" else 1]
    assert shown in _everything(session.page.views[-1])


def test_a_match_dated_at_an_end_of_the_calendar_opens_its_page(edge):
    table, match_id, created = edge
    session = make_session(table, routes.HISTORY)
    session.states.put(replace(session.states.of(MatchPage), match_id=match_id))
    session.go(routes.DETAIL)
    assert session.route == routes.DETAIL
    assert EDGES[created][0] in _everything(session.page.views[-1])


def test_a_deleted_match_dated_at_an_end_of_the_calendar_shows_in_the_bin(edge):
    table, match_id, created = edge
    table.delete_match(match_id)
    session = make_session(table, routes.DELETED)
    assert EDGES[created][0] in _everything(session.page.views[-1])


def test_the_statistics_show_a_match_dated_at_an_end_of_the_calendar(edge):
    table, _, created = edge
    session = make_session(table, routes.HISTORY)
    session.states.put(replace(session.states.of(StatsChoice), player="Anna"))
    session.go(routes.STATS)
    for handler, args in list(session.page.tasks):  # the figures, off the loop
        run_coroutine(handler(*args))
    session.render()
    # the longest match is this one, with its date
    assert EDGES[created][0] in _everything(session.page.views[-1])


def test_the_picture_and_the_exports_of_a_match_at_an_end_of_the_calendar(edge):
    table, match_id, created = edge
    stored = table.queries.get_match(match_id)
    assert stored.created.year in (1, 9999)
    png = match_picture(stored.state, _look(), played=stored.created)
    assert png is not None and png.startswith(b"\x89PNG")
    assert created[:10] in match_csv(stored.state, stored.id, stored.created)
    assert summary_text(stored.state, "it", played=stored.created)


def _look():
    from scorekeeper.sharing.picture import Look

    return Look("it")


# -- a link longer than a QR code holds ------------------------------------------------
LONG_NOTES = notes_of(1995)


def long_match_over(table):
    """A 4-player match of 17 hands with 1,995 characters of notes, its last
    hand saved as the table saves it (the notes written before)."""
    match = long_match(17)
    stored = table.start_match(match.setup).value
    for hand in match.hands[:-1]:
        table.add_hand(stored.id, hand)
    table.set_notes(stored.id, LONG_NOTES)
    return stored.id, match.hands[-1]


def test_a_link_longer_than_a_qr_code_holds_has_no_qr():
    assert qr_base64("x" * 3000) is None
    assert qr_base64("http://127.0.0.1:8550/") is not None


@pytest.mark.parametrize("lang", ["it", "en"])
def test_the_match_over_screen_of_a_long_match_with_long_notes_says_why_no_qr(
    table, lang
):
    match_id, last = long_match_over(table)
    session = make_session(table, routes.HAND, lang)
    session.apply(lambda t: t.add_hand(match_id, last), routes.MATCH, finished=True)
    view = session.page.views[-1]
    assert session.route == routes.MATCH
    assert session.error is None
    words = _everything(view)
    assert session.t("share.qr_too_long") in words
    assert session.t("share.qr") not in words
    with pytest.raises(LookupError):
        find(view, "over-link-qr")
    # the link still carries the match, notes and all
    link = find(view, "over-share-link").action.text
    assert link_document(link)["meta"]["notes"] == LONG_NOTES


def test_the_page_of_a_long_match_with_long_notes_opens_and_says_why_no_qr(table):
    match_id, last = long_match_over(table)
    table.add_hand(match_id, last)
    session = make_session(table, routes.HISTORY)
    session.states.put(replace(session.states.of(MatchPage), match_id=match_id))
    session.go(routes.DETAIL)
    view = session.page.views[-1]
    assert session.route == routes.DETAIL
    assert session.t("share.qr_too_long") in _everything(view)
    with pytest.raises(LookupError):
        find(view, "detail-link-qr")


def test_a_short_match_keeps_its_qr(table, format_example):
    [result] = table.import_documents([format_example]).value
    session = make_session(table, routes.HISTORY)
    stored = table.queries.get_match(result.id)
    controls = share_controls(session, stored)
    words = " | ".join(t for c in controls for t in texts(c))
    assert session.t("share.qr") in words
    assert session.t("share.qr_too_long") not in words


@pytest.mark.parametrize("zone", ["Etc/GMT+12", "Etc/GMT-14"])
@pytest.mark.parametrize("naive", ["9999-12-31T23:59:59", "0001-01-01T00:00:00"])
def test_a_date_without_offset_past_the_calendar_here_is_refused_in_one_line(
    table, format_example, monkeypatch, zone, naive
):
    """Without an offset a date is the server's local time, which may fall
    out of the calendar: the import says so, naming the field."""
    monkeypatch.setenv("TZ", zone)
    time.tzset()
    try:
        format_example["meta"] = {"created": naive}
        try:
            table.import_documents([format_example])
        except StorageError as error:
            assert "created" in str(error) and naive in str(error)
        else:  # this zone holds it: stored, and it draws
            session = make_session(table, routes.HISTORY)
            assert naive[:4] in _everything(session.page.views[-1])
    finally:
        monkeypatch.undo()
        time.tzset()


@pytest.mark.parametrize("lang", ["it", "en"])
def test_an_address_too_long_for_a_qr_is_told_in_words(table, lang):
    """The connect screen's and the club cards' QR (``connect.qr_image``)."""
    from scorekeeper.ui.screens.club.words import qr

    session = make_session(table, routes.HOME, lang)
    long_url = "http://127.0.0.1:8550/?t=" + "A" * 3000
    assert texts(qr(session, "card-qr", long_url, 160)) == [
        session.t("connect.qr_too_long")
    ]
    short = qr(session, "card-qr", "http://127.0.0.1:8550/?t=ABCD", 160)
    assert [type(c).__name__ for c in walk(short)][-1] == "Image"
