"""A screen's parts kept by what they show (``ui/keeper.py``): the same
control at the next build when its key is the same, never one control in two
places."""

from __future__ import annotations

from pathlib import Path

import flet as ft
import pytest

from scorekeeper.core import MatchSetup, Rules
from scorekeeper.table import TableService
from scorekeeper.ui import routes
from scorekeeper.ui.keeper import Keeper
from scorekeeper.ui.screens import hand_entry, scoreboard
from tests.unit.fakes import click, find, make_session
from tests.unit.test_ui_match import hand_a


def test_a_part_with_the_same_key_is_the_same_control_at_the_next_build():
    keep = Keeper()
    first = keep.start()(("total", "12"), lambda: ft.Text("12"))
    again = keep.start()(("total", "12"), lambda: ft.Text("12"))
    changed = keep.start()(("total", "14"), lambda: ft.Text("14"))
    assert again is first
    assert changed is not first and changed.value == "14"


def test_a_key_asked_twice_in_one_build_gets_two_controls():
    keep = Keeper().start()
    one = keep(("seat", "Anna"), lambda: ft.Text("Anna"))
    two = keep(("seat", "Anna"), lambda: ft.Text("Anna"))
    assert one is not two


def test_a_part_the_last_build_did_not_ask_for_is_let_go():
    keep = Keeper()
    first = keep.start()(("undo", 3), lambda: ft.Text("undo"))
    keep.start()  # a build without it
    assert keep.start()(("undo", 3), lambda: ft.Text("undo")) is not first


@pytest.fixture
def table(tmp_path: Path):
    table = TableService.open(tmp_path / "data")
    table.start_match(MatchSetup(("Anna", "Bruno"), "Anna", Rules(target=500)))
    yield table
    table.close()


def test_after_save_the_scoreboard_s_unchanged_parts_are_kept_and_still_answer(table):
    session = make_session(table, routes.MATCH)
    scoreboard.start_hand(session)
    session.draft = hand_a()
    hand_entry.save_hand(session)
    before = session.page.views[-1]
    live, name = find(before, "score-live"), find(before, "score-side-0")
    undo = find(before, "score-undo")

    scoreboard.start_hand(session)
    session.draft = hand_a()
    hand_entry.save_hand(session)
    after = session.page.views[-1]

    assert find(after, "score-live") is live
    assert find(after, "score-side-0") is name
    assert find(after, "score-total-0").value == "24"
    # the undo button undoes the edit it was drawn for: a new one each Save
    new_undo = find(after, "score-undo")
    assert new_undo is not undo
    click(new_undo)
    assert len(table.current().match.hands) == 1
    click(find(session.page.views[-1], "score-live"))
    assert session.route == routes.LIVE
