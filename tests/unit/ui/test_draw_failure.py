"""A failure while drawing a screen is told, never swallowed (issue 34).

The phone shows one clear message in its language and a way home; the
screen that failed is not drawn again by the message (it was: the error line
redrew the same screen, which failed again, and the phone stayed on home
with no word); the server logs one traceback. The failure is made the way
the history once failed: its dates raised ``OverflowError``.
"""

from __future__ import annotations

import logging
from dataclasses import replace

import pytest

from scorekeeper.table import Change, TableEvent
from scorekeeper.ui import routes
from scorekeeper.ui.screens.history import view as history
from scorekeeper.ui.screens.match_detail import view as match_detail
from scorekeeper.ui.screens.match_detail.state import MatchPage
from scorekeeper.ui.shell.session import TOPIC
from tests.event_loops import run_coroutine
from tests.unit.fakes import click, find, make_session, texts

FAILURE = "drawing-failed"
HOME_BUTTON = "drawing-failed-home"


class Breaks:
    """A date formatter that raises as ``astimezone`` did, counting calls
    (one per history row: the number of draws of the history)."""

    def __init__(self) -> None:
        self.calls = 0
        self.broken = True

    def __call__(self, session, t):
        self.calls += 1
        if self.broken:
            raise OverflowError("date value out of range")
        return "ok"


@pytest.fixture
def breaks(monkeypatch, table, format_example):
    """A table with one match, whose history and page cannot be drawn."""
    table.import_documents([format_example])
    broken = Breaks()
    monkeypatch.setattr(history, "when", broken)
    monkeypatch.setattr(match_detail, "when", broken)
    return broken


def tracebacks(caplog) -> list[logging.LogRecord]:
    return [r for r in caplog.records if r.exc_info is not None]


@pytest.mark.parametrize("lang", ["it", "en"])
def test_a_screen_that_fails_shows_a_message_and_a_way_home(
    table, breaks, caplog, lang
):
    session = make_session(table, routes.HOME, lang)
    click(find(session.page.views[-1], "home-history"))
    view = session.page.views[-1]
    assert find(view, FAILURE).value == session.t(
        "err.draw_failed", kind="OverflowError"
    )
    assert find(view, HOME_BUTTON).content == session.t("err.draw_failed_home")
    assert breaks.calls == 1  # the message did not draw the history again
    assert len(tracebacks(caplog)) == 1
    assert "OverflowError" in caplog.text


def test_the_way_home_draws_home_and_the_screen_is_tried_again_when_asked(
    table, breaks, caplog
):
    session = make_session(table, routes.HOME)
    click(find(session.page.views[-1], "home-history"))
    click(find(session.page.views[-1], HOME_BUTTON))
    assert session.route == routes.HOME
    assert find(session.page.views[-1], "home-history")
    with pytest.raises(LookupError):
        find(session.page.views[-1], FAILURE)
    breaks.broken = False  # mended (another phone deleted the match...)
    click(find(session.page.views[-1], "home-history"))
    assert session.route == routes.HISTORY
    assert "ok · 1 mano · In corso" in " | ".join(texts(session.page.views[-1]))


def test_a_table_change_does_not_draw_the_failed_screen_again(table, breaks, caplog):
    session = make_session(table, routes.HOME)
    click(find(session.page.views[-1], "home-history"))
    run_coroutine(
        session._on_table_event(TOPIC, TableEvent(Change.HISTORY))  # noqa: SLF001
    )
    assert breaks.calls == 1
    assert find(session.page.views[-1], FAILURE)
    assert len(tracebacks(caplog)) == 1


def test_a_phone_opening_a_screen_that_fails_sees_the_message(table, breaks, caplog):
    """A reload, or a link to the screen: no handler around the draw."""
    session = make_session(table, routes.HISTORY)
    assert find(session.page.views[-1], FAILURE)
    assert len(tracebacks(caplog)) == 1


def test_the_browser_s_back_from_the_message_leaves_it(table, breaks):
    session = make_session(table, routes.HOME)
    session.states.put(replace(session.states.of(MatchPage), match_id=None))
    click(find(session.page.views[-1], "home-history"))
    session.page.go_back()  # type: ignore[attr-defined]
    assert session.route == routes.HOME
    with pytest.raises(LookupError):
        find(session.page.views[-1], FAILURE)


def test_home_that_fails_shows_the_message_and_its_button_tries_again(
    monkeypatch, table, caplog
):
    session = make_session(table, routes.RULES)
    drawn = session.drawing._home  # noqa: SLF001
    calls = []

    def failing(s):
        calls.append(1)
        raise RuntimeError("home broke")

    monkeypatch.setattr(session.drawing, "_home", failing)
    session.go(routes.HOME)
    assert find(session.page.views[-1], FAILURE)
    assert len(calls) == 1
    monkeypatch.setattr(session.drawing, "_home", drawn)
    click(find(session.page.views[-1], HOME_BUTTON))
    assert find(session.page.views[-1], "home-history")
    assert len(tracebacks(caplog)) == 1
