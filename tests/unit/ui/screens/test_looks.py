"""How the screens read, without a browser: the score chart's scale and
target line, the hand-by-hand list, "mancano N" once the match is over, the
singular of counts ("1 mano", not "1 mani"), long names cut with an ellipsis,
"spareggio" where nothing is missing in a tie-break, the board on a TV.
"""

from __future__ import annotations

import doctest
from dataclasses import replace

import flet as ft
import flet_charts as fch
import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.core import MatchSetup, Rules
from scorekeeper.i18n import Translator
from scorekeeper.table import TableService
from scorekeeper.ui import routes
from scorekeeper.ui.kit import scales
from scorekeeper.ui.kit.scales import chart_scale
from scorekeeper.ui.screens.board import view as board
from scorekeeper.ui.screens.history import view as history
from scorekeeper.ui.screens.match_detail import view as match_detail
from scorekeeper.ui.screens.match_detail.state import MatchPage
from scorekeeper.ui.screens.scoreboard import hand_list
from scorekeeper.ui.screens.scoreboard import view as scoreboard
from tests.builders import ANNA_BRUNO, plain_hand, table_with
from tests.unit.fakes import find, make_session, texts, walk

LONG = "Massimiliano Bartolomeo Ferdinando WWWWW"


def won_match(table: TableService, names=("Anna", "Bruno"), target=31):
    """Four hands, Anna past the target: 12-3, 22-16, 30-26, 46-30."""
    setup = MatchSetup(names, names[0], Rules(target=target))
    stored = table.start_match(setup).value
    for extra in ((10, 2), (8, 12), (6, 9), (14, 3)):
        stored = table.add_hand(stored.id, plain_hand(*extra)).value
    return stored


def the_chart(view: object) -> fch.LineChart:
    return next(c for c in walk_all(view) if isinstance(c, fch.LineChart))


def walk_all(control: object):
    """Every control, chart included (``walk`` knows the layout fields only)."""
    yield from walk(control)
    for c in list(walk(control)):
        if isinstance(c, ft.Container) and isinstance(c.content, fch.LineChart):
            yield c.content


# -- the score chart ------------------------------------------------------------------
def test_the_chart_of_a_match_won_at_46_has_its_top_label_above_46(table):
    stored = won_match(table)
    session = make_session(table)
    session.states.put(replace(session.states.of(MatchPage), match_id=stored.id))
    chart = the_chart(match_detail.detail_view(session))
    step = chart.left_axis.label_spacing
    assert chart.max_y >= 46 + 1
    # the top of the axis is a labelled grid line: no label crowds the last one
    assert chart.max_y % step == 0
    assert chart.horizontal_grid_lines.interval == step
    assert chart.max_y // step <= 6


def test_the_chart_draws_the_target_across_every_hand(table):
    stored = won_match(table, target=31)
    session = make_session(table)
    session.states.put(replace(session.states.of(MatchPage), match_id=stored.id))
    chart = the_chart(match_detail.detail_view(session))
    flat = [
        s
        for s in chart.data_series
        if {p.y for p in s.points} == {31} and len(s.points) >= 2
    ]
    assert len(flat) == 1
    target = flat[0]
    assert (min(p.x for p in target.points), max(p.x for p in target.points)) == (
        0,
        chart.max_x,
    )
    assert chart.max_x == 4
    # drawn in the text colour, thicker than a grid line
    assert target.color == ft.Colors.ON_SURFACE and target.stroke_width >= 2


@given(
    st.integers(1, 300),
    st.lists(st.integers(0, 400), min_size=0, max_size=40),
)
def test_the_scale_is_above_every_total_and_the_target_in_whole_steps(target, totals):
    scale = chart_scale([target, *totals])
    assert scale.max_y > max([target, *totals])
    assert scale.max_y % scale.step == 0
    assert 2 <= scale.max_y // scale.step <= 6 or scale.max_y // scale.step == 1
    assert str(scale.step).strip("0") in ("1", "2", "5")


def test_the_scales_examples_hold():
    assert doctest.testmod(scales).failed == 0


# -- the hand-by-hand list ------------------------------------------------------------
def test_every_hand_is_a_block_of_rows_with_its_dealer_items_and_totals(table):
    stored = won_match(table)
    session = make_session(table)
    session.states.put(replace(session.states.of(MatchPage), match_id=stored.id))
    view = match_detail.detail_view(session)
    assert not any(isinstance(c, ft.DataTable) for c in walk(view))
    hand = texts(find(view, "detail-hand-4"))
    assert hand[0] == "Mano 4 · mazziere Bruno"
    assert "Settebello" in hand and "Spazzini" in hand
    # the running totals of hand 4, after "Totale"
    total = hand.index("Totale")
    assert hand[total + 1 : total + 3] == ["46", "30"]


# -- the match-over screen ------------------------------------------------------------
def test_the_match_over_screen_says_nothing_is_missing(table):
    won_match(table)
    session = make_session(table, routes.MATCH)
    view = scoreboard.scoreboard_view(session)
    assert find(view, "over-winner")
    for side in (0, 1):
        missing = next(
            c
            for c in walk(view)
            if isinstance(c, ft.Semantics) and c.identifier == f"score-missing-{side}"
        )
        assert missing.visible is False


def test_while_playing_one_point_to_go_is_singular(table):
    setup = MatchSetup(("Anna", "Bruno"), "Anna", Rules(target=3))
    stored = table.start_match(setup).value
    table.add_hand(stored.id, plain_hand())  # 2 - 1
    session = make_session(table, routes.MATCH)
    view = scoreboard.scoreboard_view(session)
    assert find(view, "score-missing-0").value == "manca 1"
    assert find(view, "score-missing-1").value == "mancano 2"


# -- counts ---------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("lang", "one", "three"),
    [("it", "1 mano", "3 mani"), ("en", "1 hand", "3 hands")],
)
def test_a_count_of_one_takes_the_singular(lang, one, three):
    t = Translator(lang)
    assert t.t("hist.hands", n=1) == one
    assert t.t("hist.hands", n=3) == three
    assert t.t("hist.hands", n=0) == three.replace("3", "0")
    assert t.count("hands", 1) == one


def test_the_history_row_of_a_one_hand_match_says_1_mano(table):
    stored = table.start_match(ANNA_BRUNO).value
    table.add_hand(stored.id, plain_hand())
    session = make_session(table, routes.HISTORY)
    summary = table.queries.summary(stored.id)
    line = texts(history.history_row(session, summary))[1]
    assert "1 mano" in line and "1 mani" not in line


def test_a_head_to_head_line_agrees_with_its_counts():
    t = Translator("it")
    line = t.t(
        "stats.versus",
        a="Anna",
        b="Bruno",
        won=1,
        lost=0,
        finished=t.count("finished_matches", 1),
        pa=12,
        pb=3,
        hands=t.count("hands", 1),
    )
    assert line == "Anna contro Bruno: 1-0 in 1 partita finita, punti 12-3 in 1 mano"


# -- long names -----------------------------------------------------------------------
def test_long_names_on_the_scoreboard_wrap_and_seat_lines_stay_bounded(table):
    setup = MatchSetup((LONG, "Bruno"), LONG, Rules())
    table.start_match(setup)
    session = make_session(table, routes.MATCH)
    view = scoreboard.scoreboard_view(session)
    name = find(view, "score-side-0")
    assert name.value == LONG  # over the total: wrapped whole, never cut
    assert name.overflow != ft.TextOverflow.ELLIPSIS and not name.max_lines
    for seat in ("score-dealer", "score-cutter", "score-first"):
        text = find(view, seat)
        assert text.overflow == ft.TextOverflow.ELLIPSIS and text.max_lines == 1
        wrapper = next(
            c
            for c in walk(view)
            if isinstance(c, ft.Semantics) and c.identifier == seat
        )
        assert wrapper.expand  # bounded by the row: the ellipsis can apply


def test_a_long_name_in_a_fixed_room_is_its_initials_never_cut():
    from scorekeeper.ui.kit.widgets import initials

    assert initials("Anna") == "Anna"
    assert initials(LONG) == "MBFW"
    assert initials(f"{LONG} & Anna & Carla") == "MBFW & A & C"


# -- "dichiara/zione" -----------------------------------------------------------------
def test_the_declaration_mark_has_its_own_line_in_a_column_wide_enough(table):
    """On a 360 px phone "1 (dichiarazione)" in the hand column broke
    mid-word: the mark is now a one-line text of its own under the number."""
    from tests.builders import declared_hand

    setup = MatchSetup(("Anna", "Bruno"), "Anna", Rules(target=10, early_win=True))
    stored = table.start_match(setup).value
    table.add_hand(stored.id, plain_hand(4, 0))  # Anna 6 - 1
    # Anna declares in deal 2 with 4 more points: 10, right
    table.declare(stored.id, declared_hand("Anna", 2, 4, 0))
    session = make_session(table, routes.MATCH)
    view = scoreboard.scoreboard_view(session)
    row = find(view, "hand-row-2")
    hand_cell = row.content.controls[0]
    assert hand_cell.width == hand_list.HAND_MARK_WIDTH
    number, mark = hand_cell.controls
    assert number.value == "2"
    assert mark.value == "dichiarazione"
    assert mark.max_lines == 1 and mark.overflow == ft.TextOverflow.ELLIPSIS
    # 13 letters at 12 px (Roboto's widest lower case is about 0.6 em)
    assert len(mark.value) * 12 * 0.6 <= hand_list.HAND_MARK_WIDTH


def test_the_resume_button_of_two_long_names_fits_its_two_lines(table):
    from scorekeeper.ui.screens.home import view as home

    table.start_match(MatchSetup((LONG, LONG[::-1]), LONG, Rules()))
    session = make_session(table)
    (button,) = home.resume_controls(session)
    label = find(button, "home-resume").content
    assert LONG not in label
    # "Continua: " + two 12-character names and two totals: two lines at most
    assert len(label) <= 45, label


def test_a_tie_break_says_so_instead_of_nothing_missing():
    session = make_session(table_with((29, 30)))  # 31 - 31
    assert session.current().state.totals == (31, 31)
    view = scoreboard.scoreboard_view(session)
    assert find(view, "score-missing-0").value == "spareggio"
    shown = texts(board.board_view(session))
    assert "spareggio" in shown and not any("manca" in t for t in shown)


def test_the_board_fills_a_tv_screen():
    session = make_session(table_with((3, 0)))
    phone = find(board.board_view(session), "board-total-1").size
    session.page.width, session.page.height = 1920, 1080
    view = board.board_view(session)
    assert find(view, "board-total-1").size >= 4 * phone
    assert view.scroll is None
    [row] = [c for c in view.controls if isinstance(c, ft.Row)]
    assert row.expand  # the two panels take the screen's height
