"""A choice between the sides shows the chosen one in that side's colour
(issue 23 item 5: "Anna | Bruno" looked the same whoever was chosen, while
the spade chips it gives and the columns are in the sides' colours). A
spade chip given to no side takes the theme's colours, never a fixed white."""

from __future__ import annotations

import flet as ft
import pytest

from scorekeeper.core.model import Rank
from scorekeeper.table.hand_draft import HandDraft
from scorekeeper.ui.kit import palette
from scorekeeper.ui.kit.widgets import ON_SIDE_COLOR, SIDE_COLORS, SIDE_TEXT_COLORS
from scorekeeper.ui.screens.hand_entry import spades
from scorekeeper.ui.screens.scoreboard import view as scoreboard
from scorekeeper.ui.shell.session import Session
from tests.builders import table_with
from tests.unit.fakes import find, make_session, select

pytestmark = pytest.mark.started_match()


def fill(session: Session, identifier: str) -> object:
    """The chosen segment's fill of the choice ``identifier`` (None: the
    theme's); each name is in its side's colour, white on the fill."""
    button = find(session.page.views[-1], identifier)
    assert isinstance(button, ft.SegmentedButton)
    for side, segment in enumerate(button.segments[:2]):
        chosen = button.selected == [segment.value]
        assert segment.label.color == (
            ON_SIDE_COLOR if chosen else SIDE_TEXT_COLORS[side]
        )
    bgcolor = button.style.bgcolor
    if bgcolor is None:
        return None
    assert isinstance(bgcolor, dict)
    return bgcolor[ft.ControlState.SELECTED]


@pytest.mark.parametrize("side", [0, 1])
def test_the_side_a_spade_tap_gives_to_is_shown_in_its_colour(session, side):
    scoreboard.start_hand(session)
    select(find(session.page.views[-1], "entry-spade-to"), str(side))
    assert fill(session, "entry-spade-to") == SIDE_COLORS[side]


@pytest.mark.parametrize("side", [0, 1])
def test_the_side_holding_an_honour_is_shown_in_its_colour(session, side):
    scoreboard.start_hand(session)
    assert fill(session, "entry-settebello") is None  # nobody chosen yet
    select(find(session.page.views[-1], "entry-settebello"), str(side))
    assert fill(session, "entry-settebello") == SIDE_COLORS[side]


@pytest.mark.started_match(early_win=True)
def test_the_declarer_is_shown_in_the_colour_of_his_side(session):
    scoreboard.start_declaration(session)
    assert fill(session, "declare-by") is None
    select(find(session.page.views[-1], "declare-by"), "Bruno")
    assert fill(session, "declare-by") == SIDE_COLORS[1]


def test_the_rest_of_the_spades_buttons_are_in_their_side_s_colour(session):
    scoreboard.start_hand(session)
    for side in (0, 1):
        rest = find(session.page.views[-1], f"entry-spade-rest-{side}")
        assert rest.style.color == SIDE_TEXT_COLORS[side]


def test_an_unassigned_spade_chip_takes_the_theme_not_white():
    session = make_session(table_with())
    chip = find(spades.spade_chip(session, HandDraft(), Rank.ASSO), "entry-spade-A")
    for dark in (False, True):
        colours = palette.DARK if dark else palette.LIGHT
        fill = colours.role(chip.style.bgcolor.value)
        text = colours.role(chip.style.color.value)
        assert fill is not None and text is not None  # theme roles, not fixed
    assert palette.DARK.role(chip.style.bgcolor.value) != "#FFFFFF"
