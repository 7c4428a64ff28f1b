"""The hand entry and the declaration drawn as a layer over the scoreboard in
one view (``ui/shell/layers.py``): the scoreboard kept built and unseen while the
entry shows, answering no event, built again only after a change of the
table; after Save the scoreboard shown over the entry, which stays built
under it until the next draw; the view's route always the scoreboard's."""

from __future__ import annotations

from types import SimpleNamespace

import flet as ft
import pytest

from scorekeeper.ui import routes
from scorekeeper.ui.screens.hand_entry import actions as entry_actions
from scorekeeper.ui.screens.scoreboard import view as scoreboard
from scorekeeper.ui.shell.layers import ASIDE, BOARD_KEY, SCREEN_KEY
from scorekeeper.ui.shell.session import TOPIC, Session
from tests.builders import plain_hand
from tests.event_loops import run_coroutine
from tests.unit.fakes import click, find, select, walk
from tests.unit.hands import hand_a

pytestmark = [
    pytest.mark.usefixtures("playing"),  # every test on a match being played
    pytest.mark.phone(route=routes.MATCH),
]


def layers(session: Session) -> tuple[ft.View, ft.Control, ft.Container]:
    """The top view, its scoreboard layer and the layer of the screen shown
    over the scoreboard (drawn under it in the stack, in that order always:
    a reordered stack is built again whole)."""
    view = session.page.views[-1]
    (stack,) = view.controls
    top, board = stack.controls
    assert (top.key, board.key) == (SCREEN_KEY, BOARD_KEY)
    return view, board, top


def test_the_hand_entry_is_a_layer_over_the_scoreboard_kept_unseen_and_dead(
    session, table
):
    scoreboard.start_hand(session)
    view, board, top = layers(session)
    # one view, whose route stays the scoreboard's: flet's client builds a
    # view whose route changed again whole
    assert (view.key, view.route, session.route) == (
        routes.MATCH,
        routes.MATCH,
        routes.HAND,
    )
    assert (board.opacity, top.visible) == (0, True)
    # moved aside, its width kept: a tap meant for the entry reaches it
    assert (board.left, board.right) == (ASIDE, -ASIDE)
    find(view, "entry-save")
    with pytest.raises(LookupError):  # not in what a user (or a test) reads
        find(view, "score-live")
    # a tap on the hidden scoreboard (sent before the entry was drawn) does
    # nothing: its handlers answer no event, as a view under the top one
    click(find(board, "score-live", unseen=True))
    assert session.route == routes.HAND

    entry_actions.hold(session, hand_a())
    entry_actions.save_hand(session)
    view, board, top = layers(session)
    assert (view.route, session.route) == (routes.MATCH, routes.MATCH)
    # the scoreboard shown over the entry, which Save leaves as it was:
    # its removal (server) and disposal (browser) cost Save's frame time
    assert (board.opacity, board.left, board.right) == (1, 0, 0)
    assert board.bgcolor == ft.Colors.SURFACE  # opaque: the entry unseen
    assert top.visible
    assert find(view, "score-total-0").value == "12"
    with pytest.raises(LookupError):  # covered: not what a user reads
        find(view, "entry-save")
    kept_save = find(top, "entry-save", unseen=True)
    click(kept_save)  # and it answers no event
    assert len(table.current().match.hands) == 1
    # soon after, drawn again: the covered entry goes (kept, it was painted
    # under the scoreboard and read out by a screen reader)
    session.page.settle()
    _, same_board, top = layers(session)
    assert (same_board.opacity, top.visible, top.content) == (1, False, None)
    click(find(session.page.views[-1], "score-live"))
    assert session.route == routes.LIVE


def test_a_draw_before_the_delay_uncovers_the_scoreboard_and_the_late_one_is_dropped(
    session, table
):
    scoreboard.start_hand(session)
    entry_actions.hold(session, hand_a())
    entry_actions.save_hand(session)
    session.render()  # a tap, another phone's change: the entry goes now
    _, _, top = layers(session)
    assert (top.visible, top.content) == (False, None)
    updates = session.page.updates
    session.page.settle()  # the draw put off at Save: dropped
    assert session.page.updates == updates  # nothing left to uncover


def test_a_tap_on_the_entry_keeps_the_scoreboard_under_it_a_table_change_rebuilds_it(
    session, table
):
    scoreboard.start_hand(session)
    _, board, _ = layers(session)
    select(find(session.page.views[-1], "entry-settebello"), "0")
    _, same, top = layers(session)
    assert same is board  # not built again at every tap on the entry
    assert top.visible
    # another phone saves a hand: the scoreboard under the entry is new
    table.add_hand(table.current().id, plain_hand())
    run_coroutine(session._on_table_event(TOPIC, None))
    _, rebuilt, _ = layers(session)
    assert rebuilt is not board
    assert find(rebuilt, "score-total-0", unseen=True).value == "2"


def test_save_changes_no_width_the_scoreboard_is_laid_out_in(session):
    """The view has no padding of its own whatever it shows; each layer has its
    screen's: with the view's padding taken from the screen shown, Save
    changed the scoreboard's width and the browser laid it all out again."""
    shown = layers(session)
    scoreboard.start_hand(session)
    under_entry = layers(session)
    entry_actions.hold(session, hand_a())
    entry_actions.save_hand(session)
    after_save = layers(session)
    board_padding = shown[1].padding
    entry_padding = under_entry[2].padding
    assert board_padding is not None and entry_padding is not None
    assert board_padding != entry_padding  # the screens' own, kept apart
    for view, board, _ in (shown, under_entry, after_save):
        assert view.padding == 0
        assert board.padding == board_padding


def test_an_entry_left_by_its_back_arrow_goes_at_the_next_draw(session, table):
    scoreboard.start_hand(session)
    view, _, _ = layers(session)
    click(find(view.appbar, "nav-back"))
    _, _, top = layers(session)
    assert top.visible and top.content is not None  # covered in that draw
    table.add_hand(table.current().id, plain_hand())  # another phone
    run_coroutine(session._on_table_event(TOPIC, None))
    _, _, top = layers(session)
    assert top.content is None


def test_the_back_arrow_of_the_entry_leads_to_the_scoreboard_and_a_late_twin_is_ignored(
    session,
):
    scoreboard.start_hand(session)
    view, _, _ = layers(session)
    assert isinstance(view.appbar, ft.AppBar)
    arrow = find(view.appbar, "nav-back")
    assert isinstance(arrow, ft.IconButton)
    click(arrow)
    assert session.route == routes.MATCH
    click(arrow)  # a second tap, sent before the first was drawn
    assert session.route == routes.MATCH
    assert [v.route for v in session.page.views] == [routes.HOME, routes.MATCH]


def test_the_back_arrows_are_buttons_named_in_the_phone_language(session):
    view, _, _ = layers(session)  # the scoreboard: its arrow leads home
    arrow = find(view.appbar, "nav-back")
    assert isinstance(arrow.icon, ft.Icon)
    assert arrow.icon.semantics_label == "Indietro"
    scoreboard.start_hand(session)
    view, _, _ = layers(session)
    assert find(view.appbar, "nav-back").icon.semantics_label == "Indietro"
    session.set_language("en")
    view, _, _ = layers(session)
    assert find(view.appbar, "nav-back").icon.semantics_label == "Back"
    click(find(view.appbar, "nav-back"))
    click(find(session.page.views[-1].appbar, "nav-back"))
    assert session.route == routes.HOME


def test_the_layered_view_popped_whole_while_the_entry_shows_leads_home(session):
    # The system's Back pops the top view by its route, the scoreboard's:
    # the browser then hides that view, so the app must show its parent.
    scoreboard.start_hand(session)
    session.drawing.on_view_pop(SimpleNamespace(route=routes.MATCH))
    assert session.route == routes.HOME
    assert [v.route for v in session.page.views] == [routes.HOME]


def test_the_declaration_is_a_layer_over_the_scoreboard_too(session):
    scoreboard.start_declaration(session)
    view, board, top = layers(session)
    assert (view.route, session.route) == (routes.MATCH, routes.DECLARE)
    assert (board.opacity, top.visible) == (0, True)
    find(view, "declare-by")


def test_an_unchanged_hand_row_is_the_same_control_after_save_and_opens_its_hand(
    session, table
):
    # flet's diff skips a control it already holds: Save builds and sends
    # one new row instead of comparing every row (bench_save.py)
    scoreboard.start_hand(session)
    entry_actions.hold(session, hand_a())
    entry_actions.save_hand(session)
    first = find(session.page.views[-1], "hand-row-1")

    scoreboard.start_hand(session)
    _, board, _ = layers(session)
    assert find(board, "hand-row-1", unseen=True) is first
    click(first)  # under the entry, the row answers no event
    assert session.page.dialogs == []

    entry_actions.hold(session, hand_a())
    entry_actions.save_hand(session)
    view = session.page.views[-1]
    assert find(view, "hand-row-1") is first
    assert find(view, "hand-row-2") is not first
    click(first)  # shown again, it opens its hand
    (dialog,) = session.page.dialogs
    assert "Mano 1" in dialog.title.value


def test_a_hand_row_is_drawn_again_in_the_phone_s_new_language(session, table):
    scoreboard.start_hand(session)
    entry_actions.hold(session, hand_a())
    entry_actions.save_hand(session)
    first = find(session.page.views[-1], "hand-row-1")
    session.set_language("en")
    assert find(session.page.views[-1], "hand-row-1") is not first


def test_save_answers_this_phone_before_telling_the_other_phones(session, table):
    # The other phones' redraws are tasks of the same event loop: told first,
    # they ran before this phone's answer was sent (one redraw per phone).
    order: list[str] = []
    page = session.page
    update, send = page.update, page.pubsub.send_others_on_topic

    def updated() -> None:
        order.append("update")
        update()

    def sent(topic: str, message: object) -> None:
        order.append("broadcast")
        send(topic, message)

    page.update, page.pubsub.send_others_on_topic = updated, sent
    scoreboard.start_hand(session)
    entry_actions.hold(session, hand_a())
    order.clear()
    entry_actions.save_hand(session)
    assert order == ["update", "broadcast"]
    assert page.pubsub.sent[-1][0] == "others"


SEATS = ("score-dealer", "score-cutter", "score-first")


def seat_icon(view: ft.View, seat: str) -> ft.Control:
    """The icon of the scoreboard's line ``seat`` (who deals, cuts, leads)."""
    for c in walk(view):
        if isinstance(c, ft.Row) and any(
            isinstance(x, ft.Semantics) and x.identifier == seat for x in c.controls
        ):
            return c.controls[0]
    raise LookupError(seat)


def test_after_save_the_scoreboard_s_unchanged_parts_are_kept_and_still_answer(
    session, table
):
    scoreboard.start_hand(session)
    entry_actions.hold(session, hand_a())
    entry_actions.save_hand(session)
    before = session.page.views[-1]
    live, name = find(before, "score-live"), find(before, "score-side-0")
    undo = find(before, "score-undo")
    icons = [seat_icon(before, seat) for seat in SEATS]
    dealer = find(before, "score-dealer").value

    scoreboard.start_hand(session)
    entry_actions.hold(session, hand_a())
    entry_actions.save_hand(session)
    after = session.page.views[-1]

    assert find(after, "score-live") is live
    assert find(after, "score-side-0") is name
    assert find(after, "score-total-0").value == "24"
    # who deals changed; the seat lines' icons did not
    assert find(after, "score-dealer").value != dealer
    assert all(
        seat_icon(after, seat) is icon for seat, icon in zip(SEATS, icons, strict=True)
    )
    # the undo button undoes the edit it was drawn for: a new one each Save
    new_undo = find(after, "score-undo")
    assert new_undo is not undo
    click(new_undo)
    assert len(table.current().match.hands) == 1
    click(find(session.page.views[-1], "score-live"))
    assert session.route == routes.LIVE
