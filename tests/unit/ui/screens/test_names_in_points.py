"""Names are never cut where points are read (issue 23, item 8): with two
teams of five-letter names on a 360 px phone the preview said "Bruno &
Dar…: 9" and the detail's column said "Anna & C…"."""

from __future__ import annotations

import re
from dataclasses import replace

import flet as ft

from scorekeeper.core.model import MatchSetup, Rules
from scorekeeper.table import TableService
from scorekeeper.ui import routes
from scorekeeper.ui.screens.hand_entry import actions as entry_actions
from scorekeeper.ui.screens.hand_entry import view as entry_screen
from scorekeeper.ui.screens.match_detail import view as match_detail
from scorekeeper.ui.screens.match_detail.state import MatchPage
from scorekeeper.ui.screens.scoreboard import view as scoreboard
from tests.builders import memory_table, plain_hand
from tests.unit.fakes import make_session, walk
from tests.unit.hands import hand_a

SIDES = ("Anna & Carla", "Bruno & Dario")


def points_lines(view: object) -> list[ft.Text]:
    """The texts that hold a side's name alone (a column, a panel) or a side's
    name and a number (a points line)."""
    found = []
    for c in walk(view):
        value = getattr(c, "value", None)
        if not isinstance(c, ft.Text) or not isinstance(value, str):
            continue
        named = any(side in value or value == side for side in SIDES)
        if named and (value in SIDES or re.search(r"\d", value)):
            found.append(c)
    return found


def assert_whole(view: object) -> None:
    lines = points_lines(view)
    assert lines
    for text in lines:
        assert "…" not in text.value, text.value
        assert text.overflow != ft.TextOverflow.ELLIPSIS, text.value
        assert not text.no_wrap, text.value


def four_player_table() -> tuple[TableService, str]:
    table = memory_table()
    setup = MatchSetup(("Anna", "Bruno", "Carla", "Dario"), "Anna", Rules())
    stored = table.start_match(setup).value
    table.add_hand(stored.id, plain_hand(6, 8))
    return table, stored.id


def test_the_preview_of_the_entry_shows_both_teams_whole():
    table, _ = four_player_table()
    session = make_session(table, routes.MATCH)
    scoreboard.start_hand(session)
    entry_screen.hand_entry_view(session)
    entry_actions.hold(session, hand_a())
    view = entry_screen.hand_entry_view(session)
    assert_whole(view)
    shown = [t.value for t in points_lines(view)]
    assert "Bruno & Dario: 1" in shown


def test_the_scoreboard_and_the_detail_show_the_teams_whole():
    table, match_id = four_player_table()
    session = make_session(table, routes.MATCH)
    assert_whole(scoreboard.scoreboard_view(session))
    session.states.put(replace(session.states.of(MatchPage), match_id=match_id))
    assert_whole(match_detail.detail_view(session))
