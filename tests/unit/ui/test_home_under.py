"""The home view under another screen: kept while the screen on top is
redrawn (every table event redraws every session), drawn afresh when it is
on top again."""

from __future__ import annotations

import pytest

from scorekeeper.ui import routes
from scorekeeper.ui.shell.session import TOPIC
from tests.builders import plain_hand
from tests.event_loops import run_coroutine
from tests.unit.fakes import find, make_session, texts

pytestmark = pytest.mark.usefixtures("playing")  # every test on a match being played


def test_a_table_event_redraws_the_scoreboard_and_keeps_the_same_home_under_it(
    table,
):
    session = make_session(table, routes.MATCH)
    home, board = session.page.views
    table.add_hand(table.current().id, plain_hand())
    run_coroutine(session._on_table_event(TOPIC, None))
    kept, redrawn = session.page.views
    assert kept is home
    assert redrawn is not board
    assert find(redrawn, "score-total-0") is not None
    assert "2" in texts(find(redrawn, "score-total-0"))


def test_home_on_top_again_is_drawn_afresh_with_the_new_totals(table):
    session = make_session(table, routes.MATCH)
    home, _ = session.page.views
    table.add_hand(table.current().id, plain_hand())
    run_coroutine(session._on_table_event(TOPIC, None))
    session.go(routes.HOME)
    [fresh] = session.page.views
    assert fresh is not home
    assert any("Anna 2 - Bruno 1" in t for t in texts(fresh))
    # and under the next screen, the fresh one (a kept home is only ever
    # the one the browser has)
    session.go(routes.MATCH)
    assert session.page.views[0] is not home
