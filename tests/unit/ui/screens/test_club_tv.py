"""The club's TV board below the browser (issue 37, item 7): its measures,
its lines poured into columns and pages, the pages turning (by
``tv.turn``, as the server's timer does), the tables first at a round's
start. The browser's side is tests/e2e/test_club_board.py."""

from __future__ import annotations

import re
from dataclasses import replace

import flet as ft
import pytest

from scorekeeper.core import Rules
from scorekeeper.core.tournament import System, acceptors
from scorekeeper.table import TableService
from scorekeeper.ui import routes
from scorekeeper.ui.access.club_codes import Place, codes_of
from scorekeeper.ui.screens.club import paging, tv
from scorekeeper.ui.screens.club.paging import Gap, Geometry, Item, Title
from scorekeeper.ui.screens.club.state import ClubState
from scorekeeper.ui.shell.session import Session
from tests.event_loops import run_coroutine
from tests.tournament_builders import NAMES, one_hand
from tests.unit.fakes import (
    click,
    find,
    make_session,
    type_into,
    walk,
)

pytestmark = pytest.mark.memory


def top(session: Session):
    return session.page.views[-1]


def ids(session: Session, prefix: str) -> list[str]:
    """The identifiers under the board that start with *prefix*."""
    return [
        c.identifier
        for c in walk(top(session))
        if isinstance(c, ft.Semantics) and (c.identifier or "").startswith(prefix)
    ]


def night(table: TableService, entrants: int = 32) -> str:
    """A Swiss night of *entrants* players, its first round drawn."""
    made = table.club.create(
        "Circolo", Rules(), [[n] for n in NAMES[:entrants]], System.SWISS, seed=3
    ).value
    table.club.start_round(made.id)
    return made.id


def board(table: TableService, tid: str) -> Session:
    """A phone that joined the night's board by its code (a 1280x720 TV:
    the fake page has not told its size)."""
    phone = make_session(table, routes.CLUB)
    type_into(find(top(phone), "club-code-field"), codes_of(table).code(Place(tid)))
    click(find(top(phone), "club-join"))
    assert phone.route == routes.BOARD
    return phone


def page_said(session: Session) -> str:
    return find(top(session), "club-board-page").value


def test_the_type_is_a_twentieth_of_the_screens_height_twelve_lines_a_column():
    for width, height, size in ((1280, 720, 36), (1920, 1080, 54)):
        g = Geometry.of(width, height)
        assert (g.type_size, g.rows, g.per_page) == (size, 12, 2)
        # what a column holds fits under the title bar and the round's line
        used = g.bar + 3 * g.padding + g.row * (g.rows + 1)
        assert used <= height
    phone = Geometry.of(360, 740)
    assert phone.per_page == 1 and 16 <= phone.type_size <= 22


def test_a_block_that_fits_goes_under_the_last_one_else_in_the_next_column():
    assert paging.columns_of([["x"], ["y"]], 6) == [
        [Title(0), Item(0, "x"), Gap(), Title(1), Item(1, "y")]
    ]
    cols = paging.columns_of([["t1", "t2"], ["s1", "s2", "s3"], list("abcdef")], 6)
    assert cols == [
        [Title(0), Item(0, "t1"), Item(0, "t2")],
        [Title(1), Item(1, "s1"), Item(1, "s2"), Item(1, "s3")],
        [Title(2), *(Item(2, v) for v in "abcde")],
        [Title(2, continued=True), Item(2, "f")],
    ]


def test_while_no_hand_is_in_only_the_tables_pages_are_turned():
    cols = paging.columns_of([list(range(15)), list(range(30))], 12)
    pages = paging.pages_of(cols, 2)
    assert paging.shown_pages(pages, first_only=True) == [0]
    assert paging.shown_pages(pages, first_only=False) == list(range(len(pages)))


def test_thirty_two_entrants_page_through_the_board_each_line_once(table):
    tid = night(table)
    stored = table.club.get(tid)
    for tb in stored.tournament.rounds[0][:3]:  # the round is under way
        table.add_hand(stored.match_id(1, tb.number), one_hand(31, 20))
    tv_phone = board(table, tid)
    assert page_said(tv_phone) == "1/3"
    seen: list[str] = []
    tables = ids(tv_phone, "club-board-table-")
    assert tables == [f"club-board-table-{n}" for n in range(1, 17)]
    for page in (2, 3, 1):
        seen += ids(tv_phone, "club-board-line-")
        assert len(ids(tv_phone, "club-board-line-")) <= 24  # two columns of 12
        assert tv.turn(tv_phone)
        assert page_said(tv_phone) == f"{page}/3"
    assert sorted(seen) == sorted(f"club-board-line-{k}" for k in range(1, 33))


def test_at_a_rounds_start_the_board_shows_the_tables_and_goes_back_to_them(table):
    tid = night(table)
    tv_phone = board(table, tid)
    assert ids(tv_phone, "club-board-table-")  # who plays where
    assert ids(tv_phone, "club-board-line-") == []
    assert tv.turn(tv_phone)
    assert ids(tv_phone, "club-board-line-") == []  # still the tables
    stored = table.club.get(tid)
    for tb in stored.tournament.rounds[0]:
        changed = table.add_hand(stored.match_id(1, tb.number), one_hand(31, 20))
    run_coroutine(tv_phone._on_table_event("t", changed.event))
    tv.turn(tv_phone)
    assert ids(tv_phone, "club-board-line-")  # the standings' page now
    changed = table.club.start_round(tid)
    run_coroutine(tv_phone._on_table_event("t", changed.event))
    assert find(top(tv_phone), "club-board-round").value == "Turno 2"
    assert ids(tv_phone, "club-board-line-") == []  # the new round's tables first


def test_the_pages_turn_at_each_wait_until_the_phone_leaves_the_board(table):
    tid = night(table, 8)
    tv_phone = board(table, tid)
    assert tv_phone.states.of(ClubState).board_turning  # its timer was started
    (task,) = [t for t, _ in tv_phone.page.tasks if t is tv.turn_pages]
    waits: list[int] = []

    async def a_wait() -> None:
        waits.append(len(waits))
        if len(waits) == 3:  # the phone left the board meanwhile
            tv_phone.states.put(replace(tv_phone.states.of(ClubState), board=None))

    old = tv.PAGE_TURN
    tv.PAGE_TURN = a_wait
    try:
        run_coroutine(task(tv_phone))
    finally:
        tv.PAGE_TURN = old
    assert len(waits) == 3  # two turns, then no board: the timer stops
    assert tv_phone.states.of(ClubState).board_page == 2
    assert not tv_phone.states.of(ClubState).board_turning


# -- the organizer's table monitor (issue 37, item 6) --
def test_sixteen_tiles_fit_a_laptops_screen_four_by_four():
    from scorekeeper.ui.screens.club.monitor import TILE_MIN_HEIGHT, Grid
    from scorekeeper.ui.screens.club.night import ABOVE_TILES

    grid = Grid.of(1280, 720, 16, ABOVE_TILES)
    assert grid.columns == 4 and grid.tile_height >= TILE_MIN_HEIGHT
    assert ABOVE_TILES + 4 * grid.tile_height + 3 * 8 <= 720
    assert Grid.of(360, 740, 16, ABOVE_TILES) == Grid(1, 0)  # a phone: a column
    big = Grid.of(1920, 1080, 16, ABOVE_TILES)
    assert big.columns == 4 and big.scale > 1  # bigger tiles, bigger type


def test_each_tile_is_named_by_its_table_and_players_and_says_how_it_stands(table):
    from scorekeeper.ui.app import new_session
    from tests.unit.fakes import FakePage

    tid = night(table)
    stored = table.club.get(tid)
    table.add_hand(stored.match_id(1, 1), one_hand(31, 20))
    table.add_hand(stored.match_id(1, 2), one_hand(10, 5))
    loser = acceptors(table.club.get(tid).tournament, 1, 1)[0]
    table.club.confirm(tid, 1, 1, loser)
    page = FakePage(routes.CLUB_NIGHT)
    page.width, page.height = 1280, 720
    organizer = new_session(page, table)  # type: ignore[arg-type]
    organizer.states.put(replace(organizer.states.of(ClubState), night=tid))
    organizer.render(routes.CLUB_NIGHT)
    t = table.club.get(tid).tournament
    for tb in t.rounds[0]:
        tile = next(
            c
            for c in walk(top(organizer))
            if isinstance(c, ft.Semantics) and c.identifier == f"club-table-{tb.number}"
        )
        a, b = (t.entrant_name(e) for e in tb.entrants)
        assert tile.label == f"Tavolo {tb.number}: {a} - {b}"
    kinds = [
        find(top(organizer), f"club-table-{n}-kind").content.value for n in (1, 2, 3)
    ]
    assert kinds == ["Confermata", "In corso", "Da iniziare"]
    desk = sorted(
        i for i in ids(organizer, "club-table-") if i.endswith(("-confirm", "-correct"))
    )  # confirmed and playing: a hand to correct; nothing to confirm
    assert desk == ["club-table-1-correct", "club-table-2-correct"]


def test_a_window_resized_draws_the_monitor_and_the_boards_again_only(table):
    from scorekeeper.ui.screens.board.view import resized

    tid = night(table, 8)
    tv_phone = board(table, tid)
    before = tv_phone.page.updates
    tv_phone.page.width, tv_phone.page.height = 1920, 1080
    tv_phone.page.on_resize(None)  # what flet calls on the browser's resize
    assert tv_phone.page.updates == before + 1
    assert find(top(tv_phone), "club-board-round").size == 54 * 1.1  # its new type
    history = make_session(table, routes.HISTORY)
    before = history.page.updates
    resized(history)
    assert history.page.updates == before


def test_a_board_whose_browser_went_stops_turning_and_its_next_draw_restarts(table):
    from datetime import UTC, datetime

    tid = night(table, 8)
    tv_phone = board(table, tid)
    tv_phone.page.session.expires_at = datetime.now(UTC)  # flet: disconnected
    updates = tv_phone.page.updates

    async def at_once() -> None:
        return None

    old = tv.PAGE_TURN
    tv.PAGE_TURN = at_once
    try:
        run_coroutine(tv.turn_pages(tv_phone))
    finally:
        tv.PAGE_TURN = old
    assert tv_phone.page.updates == updates  # nothing drawn for nobody
    assert not tv_phone.states.of(ClubState).board_turning
    tv_phone.page.tasks.clear()
    tv_phone.render()  # the browser back: its board drawn again
    assert [t for t, _ in tv_phone.page.tasks if t is tv.turn_pages]


def test_a_save_builds_again_only_the_tile_and_board_line_it_changes(table):
    from scorekeeper.ui.app import new_session
    from tests.unit.fakes import FakePage

    tid = night(table)
    stored = table.club.get(tid)
    table.add_hand(stored.match_id(1, 1), one_hand(10, 5))  # the round under way
    page = FakePage(routes.CLUB_NIGHT)
    page.width, page.height = 1280, 720
    organizer = new_session(page, table)  # type: ignore[arg-type]
    organizer.states.put(replace(organizer.states.of(ClubState), night=tid))
    organizer.render(routes.CLUB_NIGHT)
    tv_phone = board(table, tid)

    def parts() -> dict[str, object]:
        return {
            c.identifier: c
            for s in (organizer, tv_phone)
            for c in walk(top(s))
            if isinstance(c, ft.Semantics)
            and re.fullmatch(r"club-(board-)?table-\d+", c.identifier or "")
        }

    before = parts()
    changed = table.add_hand(stored.match_id(1, 2), one_hand(10, 5))
    for s in (organizer, tv_phone):
        run_coroutine(s._on_table_event("t", changed.event))
    after = parts()
    assert len(after) == 32  # 16 tiles, 16 board lines
    new = sorted(i for i in after if after[i] is not before[i])
    assert new == ["club-board-table-2", "club-table-2"]


def test_no_two_controls_side_by_side_on_the_board_share_a_key(table):
    # a title row keyed "club-board-season-1" next to the season's first
    # line, keyed the same: the browser drew nothing of that column
    made = table.club.create(
        "Circolo",
        Rules(),
        [[n] for n in NAMES[:32]],
        System.SWISS,
        seed=3,
        season="Inverno",
    ).value
    stored = table.club.start_round(made.id).value
    for tb in stored.tournament.rounds[0]:
        table.add_hand(stored.match_id(1, tb.number), one_hand(31, 20))
    tv_phone = board(table, made.id)
    pages = int(page_said(tv_phone).split("/")[1])
    assert pages > 2
    for _ in range(pages):
        for c in walk(top(tv_phone)):
            keys = [k.key for k in getattr(c, "controls", None) or [] if k.key]
            assert len(keys) == len(set(keys)), keys
        tv.turn(tv_phone)
