"""Home without a browser: the match being played and the last results first
(issue 35, item 13), the ways to every other screen after them.

A real session on a fake page and the real table service on an in-memory
repository; the layout on a phone and on a laptop is looked at in the browser
(``tests/e2e/test_home.py``).
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from itertools import count

import flet as ft

from scorekeeper.core.model import MatchSetup, Rules
from scorekeeper.storage import open_repository
from scorekeeper.table import TableService
from scorekeeper.ui import routes
from scorekeeper.ui.screens.home import view as home
from scorekeeper.ui.screens.match_detail.state import MatchPage
from tests.builders import ANNA_BRUNO, plain_hand
from tests.unit.fakes import click, find, make_session, texts, walk


def table_with(finished: int, playing: bool) -> tuple[TableService, list[str]]:
    """``finished`` matches won by Anna (31 - 1), then Carla 12 - Dario 20
    being played; the finished ids, newest first."""
    # a minute apart: the history orders by creation time
    ticks = (
        datetime(2026, 12, 1, 20, 0, tzinfo=UTC) + timedelta(minutes=i) for i in count()
    )
    table = TableService(open_repository(memory=True, clock=lambda: next(ticks)))
    ids: list[str] = []
    for _ in range(finished):
        stored = table.start_match(ANNA_BRUNO).value
        table.add_hand(stored.id, plain_hand(29, 0))
        ids.insert(0, stored.id)
    if playing:
        stored = table.start_match(
            MatchSetup(("Carla", "Dario"), "Carla", Rules())
        ).value
        table.add_hand(stored.id, plain_hand(10, 19))
    return table, ids


def home_ids(view: ft.View) -> list[str]:
    """The matches home lists, top to bottom."""
    prefix = "home-recent-"
    return [
        c.identifier.removeprefix(prefix)
        for c in walk(view)
        if isinstance(c, ft.Semantics)
        and isinstance(c.identifier, str)
        and c.identifier.startswith(prefix)
    ]


def test_home_puts_the_match_being_played_first_and_leaves_it_out_of_the_results():
    table, ids = table_with(finished=2, playing=True)
    view = home.home_view(make_session(table))
    assert find(view, "home-resume").content == "Continua: Carla 12 - Dario 20"
    assert home_ids(view) == ids
    shown = texts(view)
    assert shown.index("Continua: Carla 12 - Dario 20") < shown.index("Ultime partite")
    assert shown.index("Ultime partite") < shown.index("Nuova partita")
    assert "Anna 31 - 1 Bruno" in shown


def test_home_shows_the_three_newest_results_each_opening_its_page():
    table, ids = table_with(finished=5, playing=False)
    session = make_session(table)
    view = home.home_view(session)
    assert home_ids(view) == ids[:3]
    row = find(view, f"home-recent-{ids[1]}")
    assert [t.value for t in row.content.controls][1].endswith("· Vince Anna")
    click(row)
    assert session.route == routes.DETAIL
    assert session.states.of(MatchPage).match_id == ids[1]


def test_a_new_match_is_homes_main_action_only_when_none_is_being_played():
    idle = home.home_view(make_session(table_with(0, playing=False)[0]))
    playing = home.home_view(make_session(table_with(0, playing=True)[0]))
    assert isinstance(find(idle, "home-new-match"), ft.FilledButton)
    assert isinstance(find(playing, "home-new-match"), ft.OutlinedButton)
    for view in (idle, playing):
        assert home_ids(view) == []
        for ident in ("home-history", "home-rules", "home-settings", "home-language"):
            find(view, ident)
    assert "Ultime partite" not in texts(idle)


def test_every_way_from_home_leads_to_its_screen():
    for ident, route in (
        ("home-new-match", routes.NEW_MATCH),
        ("home-history", routes.HISTORY),
        ("home-rules", routes.RULES),
        ("home-settings", routes.SETTINGS),
        ("home-club", routes.CLUB),
    ):
        session = make_session(table_with(1, playing=True)[0])
        click(find(home.home_view(session), ident))
        assert session.route == route, ident
