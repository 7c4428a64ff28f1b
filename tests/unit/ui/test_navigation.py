"""Back (the browser's and the app bar's) never reopens a finished screen, and
a new match while another is being played asks first: the browser history
mirror (:mod:`scorekeeper.ui.shell.trail`) on its own, then a real session on the
fake page of :mod:`tests.unit.fakes`, whose ``go_back`` is the browser's Back.
"""

from __future__ import annotations

from types import SimpleNamespace

import flet as ft

from scorekeeper.table.hand_draft import HandDraft
from scorekeeper.ui import routes
from scorekeeper.ui.parts.deleting import delete_match
from scorekeeper.ui.screens.hand_entry import actions as entry_actions
from scorekeeper.ui.screens.hand_entry import view as entry_screen
from scorekeeper.ui.screens.match_detail.state import open_match
from scorekeeper.ui.screens.new_match import view as new_match
from scorekeeper.ui.screens.new_match.state import NewMatchForm, open_new_match
from scorekeeper.ui.screens.scoreboard import view as scoreboard
from scorekeeper.ui.shell.put_off import Later, kind_of
from scorekeeper.ui.shell.session import Session
from scorekeeper.ui.shell.trail import Landing, Trail
from tests.unit.fakes import click, find, make_session, texts
from tests.unit.hands import hand_a


# -- the mirror of the browser's history -----------------------------------------
def test_the_echo_of_a_push_is_not_taken_for_a_move_of_the_browser():
    trail = Trail("/")
    assert trail.push("/nuova") is True
    assert trail.arrive("/nuova") is None
    assert trail.entries == ["/", "/nuova"]


def test_a_push_to_the_address_shown_does_not_touch_the_browser():
    trail = Trail("/partita")
    assert trail.push("/partita") is False
    assert trail.entries == ["/partita"]


def test_back_and_forward_move_along_the_entries():
    trail = Trail("/")
    for route in ("/storico", "/storico/partita"):
        trail.push(route)
        trail.arrive(route)
    assert trail.arrive("/storico") == Landing("/storico", done=False)
    assert trail.arrive("/storico/partita") == Landing("/storico/partita", done=False)
    assert trail.index == 2


def test_a_finished_screen_and_the_screen_it_returns_to_are_done():
    trail = Trail("/")
    for route in ("/partita", "/partita/mano"):
        trail.push(route)
        trail.arrive(route)
    trail.finish(back_to="/partita")
    trail.push("/partita")
    trail.arrive("/partita")
    assert trail.entries == ["/", "/partita", "/partita/mano", "/partita"]
    assert trail.done == [False, True, True, False]
    assert trail.arrive("/partita/mano") == Landing("/partita/mano", done=True)
    assert trail.arrive("/partita") == Landing("/partita", done=True)
    assert trail.arrive("/") == Landing("/", done=False)


def test_a_typed_address_drops_the_entries_ahead():
    trail = Trail("/")
    trail.push("/regole")
    trail.arrive("/regole")
    trail.arrive("/")  # Back
    assert trail.arrive("/storico") == Landing("/storico", done=False)
    assert trail.entries == ["/", "/storico"]


def test_a_lost_echo_does_not_swallow_the_next_move():
    trail = Trail("/")
    trail.push("/regole")  # its echo never comes
    assert trail.arrive("/") == Landing("/", done=False)
    assert trail.address == "/"


# -- a phone's session ----------------------------------------------------------
def shown(session: Session) -> list[str]:
    """The routes of the views the page holds; the top one as the screen
    it shows (a layered view keeps the scoreboard's route, ui/shell/layers.py)."""
    routes = [v.route for v in session.page.views]
    if routes and session.drawing.layers.drawn(session.page.views[-1]):
        routes[-1] = session.route
    return routes


def fill_and_start(session: Session, names=("Anna", "Bruno")) -> None:
    """From home, as a finger does: open the form, fill it, tap Start."""
    open_new_match(session)
    form = session.states.find(NewMatchForm)
    assert form is not None
    session.states.put(form.with_names(*names))
    view = new_match.new_match_view(session)
    click(find(view, "new-start"))


def save_a_hand(session: Session, draft: HandDraft) -> None:
    scoreboard.start_hand(session)
    entry_screen.hand_entry_view(session)
    entry_actions.hold(session, draft)
    entry_actions.save_hand(session)
    session.page.settle()  # the scoreboard's address, pushed once drawn


def test_browser_back_from_a_started_match_leads_home_not_to_its_form(session):
    fill_and_start(session)
    assert shown(session) == ["/", "/partita"]
    session.page.go_back()
    assert shown(session) == ["/"]
    assert session.route == routes.HOME


def test_the_back_arrow_of_a_started_match_leads_home(session):
    fill_and_start(session)
    session.drawing.on_view_pop(SimpleNamespace(route="/partita"))
    assert shown(session) == ["/"]


def test_browser_back_right_after_save_leads_home_not_to_an_empty_entry(session):
    fill_and_start(session)
    save_a_hand(session, hand_a())
    assert shown(session) == ["/", "/partita"]
    session.page.go_back()
    assert shown(session) == ["/"]
    # further Backs stay home: the scoreboard's old entry is spent too
    session.page.go_back()
    assert shown(session) == ["/"]


def test_after_each_save_the_address_is_the_scoreboards_and_back_still_leads_home(
    session,
):
    fill_and_start(session)
    save_a_hand(session, hand_a())
    assert session.page.route == "/partita"
    save_a_hand(session, hand_a())  # 24 - 2: a third would end the match
    assert session.page.route == "/partita"
    session.page.go_back()
    assert shown(session) == ["/"]


def test_a_phone_reopening_an_entry_address_with_nothing_stored_sees_the_scoreboard(
    session, table
):
    """A reload, or a phone back by itself after a server restart, on the
    entry's address once its hand was saved: the scoreboard, not an empty
    hand entry."""
    fill_and_start(session)
    save_a_hand(session, hand_a())
    again = make_session(table, route="/partita/mano")
    again.drawing.take_code(again.page.route)
    assert shown(again) == ["/", "/partita"]
    assert again.page.route == "/partita"
    again.page.go_back()
    assert shown(again) == ["/"]


def test_a_phone_reopening_an_entry_address_with_a_stored_draft_sees_the_entry(
    session, table
):
    fill_and_start(session)
    scoreboard.start_hand(session)
    stored = table.current()
    assert stored is not None
    table.save_draft(stored.id, 0, hand_a())
    again = make_session(table, route="/partita/mano")
    again.drawing.take_code(again.page.route)
    assert shown(again) == ["/", "/partita/mano"]


def test_browser_back_from_an_unsaved_hand_entry_leads_to_the_scoreboard(session):
    fill_and_start(session)
    scoreboard.start_hand(session)
    assert shown(session) == ["/", "/partita/mano"]
    session.page.go_back()
    assert shown(session) == ["/", "/partita"]


def test_browser_back_and_forward_in_the_history_screens_still_work(session):
    session.go(routes.HISTORY)
    session.go(routes.STATS)
    session.page.go_back()
    assert shown(session) == ["/", "/storico"]
    session.page.go_forward()
    assert shown(session) == ["/", "/statistiche"]


def start_plainly(session: Session, names: tuple[str, str]) -> None:
    session.states.put(NewMatchForm().with_names(*names))
    new_match.begin_match(session)


def test_a_new_match_while_one_is_played_asks_first_and_cancel_changes_nothing(
    session, table
):
    start_plainly(session, ("Anna", "Bruno"))
    first = table.current()
    session.go(routes.HOME)
    fill_and_start(session, ("Carla", "Dario"))
    (dialog,) = session.page.dialogs
    assert "Una partita è in corso" in texts(dialog.title)
    assert find(dialog, "new-in-progress-text").value == (
        "Anna 0 - Bruno 0 non è finita: "
        "riprenderla, abbandonarla o tenerle entrambe e iniziare la nuova?"
    )
    click(find(dialog, "new-in-progress-cancel"))
    assert session.page.dialogs == []
    assert table.current().id == first.id
    assert shown(session) == ["/", "/nuova"]
    assert table.queries.count() == 1


def test_resume_from_the_question_opens_the_match_being_played(session, table):
    start_plainly(session, ("Anna", "Bruno"))
    first = table.current()
    session.go(routes.HOME)
    fill_and_start(session, ("Carla", "Dario"))
    click(find(session.page.dialogs[0], "new-in-progress-resume"))
    assert table.current().id == first.id
    assert table.queries.count() == 1
    assert shown(session) == ["/", "/partita"]
    session.page.go_back()  # the form is behind: Back leads home
    assert shown(session) == ["/"]


def test_abandon_from_the_question_abandons_it_and_starts_the_new_one(session, table):
    start_plainly(session, ("Anna", "Bruno"))
    first = table.current()
    session.go(routes.HOME)
    fill_and_start(session, ("Carla", "Dario"))
    click(find(session.page.dialogs[0], "new-in-progress-abandon"))
    assert table.queries.get_match(first.id).abandoned
    assert table.current().match.setup.players == ("Carla", "Dario")
    assert shown(session) == ["/", "/partita"]


def test_keep_both_from_the_question_starts_the_new_one_and_keeps_the_old(
    session, table
):
    start_plainly(session, ("Anna", "Bruno"))
    first = table.current()
    session.go(routes.HOME)
    fill_and_start(session, ("Carla", "Dario"))
    click(find(session.page.dialogs[0], "new-in-progress-keep"))
    assert not table.queries.get_match(first.id).abandoned
    assert table.current().match.setup.players == ("Carla", "Dario")
    assert table.queries.count() == 2


def test_the_question_is_asked_in_english_too(table):
    session = make_session(table, lang="en")
    start_plainly(session, ("Anna", "Bruno"))
    session.go(routes.HOME)
    fill_and_start(session, ("Carla", "Dario"))
    dialog = session.page.dialogs[0]
    assert "A match is in progress" in texts(dialog.title)
    assert find(dialog, "new-in-progress-text").value == (
        "Anna 0 - Bruno 0 is not over: "
        "resume it, abandon it, or keep both and start the new one?"
    )
    assert find(dialog, "new-in-progress-keep").content == "Keep both"


def test_no_question_when_the_last_match_is_over(session, table):
    start_plainly(session, ("Anna", "Bruno"))
    table.abandon(table.current().id)
    session.go(routes.HOME)
    fill_and_start(session, ("Carla", "Dario"))
    assert session.page.dialogs == []
    assert table.current().match.setup.players == ("Carla", "Dario")


def test_a_second_tap_on_the_back_arrow_sent_before_the_first_was_drawn_is_ignored(
    session,
):
    fill_and_start(session)
    scoreboard.start_hand(session)
    session.drawing.on_view_pop(SimpleNamespace(route="/partita/mano"))
    session.drawing.on_view_pop(SimpleNamespace(route="/partita/mano"))  # late twin
    assert shown(session) == ["/", "/partita"]


def save_without_waiting(session: Session) -> None:
    """A match started and a hand saved, the address push not yet made."""
    fill_and_start(session)
    scoreboard.start_hand(session)
    entry_actions.hold(session, hand_a())
    entry_actions.save_hand(session)


def test_the_address_after_save_is_pushed_once_the_scoreboard_is_drawn(session):
    # A push in the same message as the scoreboard ran the browser's
    # pushState before the frame that shows it (bench_save: 6-9 ms later).
    save_without_waiting(session)
    assert shown(session) == ["/", "/partita"]
    assert session.page.route == "/partita/mano"  # not yet
    session.page.settle()
    assert session.page.route == "/partita"


def test_an_address_push_put_off_is_dropped_when_the_phone_went_elsewhere(session):
    save_without_waiting(session)
    session.go(routes.LIVE)  # a tap on "Conta dal vivo" before the push
    session.page.settle()
    assert session.page.route == routes.LIVE
    assert shown(session) == ["/", routes.LIVE]
    session.page.go_back()
    assert shown(session) == ["/", "/partita"]


def test_an_address_push_put_off_is_dropped_after_the_browser_s_back(session):
    save_without_waiting(session)
    session.page.go_back()  # Back before the push: from the entry's address
    session.page.settle()
    # as Back right after Save always does: the scoreboard's parent, and no
    # address pushed after it
    assert shown(session) == ["/"]
    assert session.page.history[session.page.history_index + 1 :] == ["/partita/mano"]


def test_a_started_match_s_address_is_pushed_with_its_scoreboard(session):
    # Only Save back to the scoreboard the browser holds puts its push off:
    # a new scoreboard is a heavy frame anyway.
    fill_and_start(session)
    assert session.page.route == "/partita"
    assert not [t for t in session.page.tasks if kind_of(t[0]) is Later.ADDRESS]


# -- Android's Back (issue 23 item 9) ---------------------------------------------
def test_going_home_makes_every_entry_behind_it_done():
    trail = Trail("/")
    for route in ("/partita", "/partita/mano"):
        trail.push(route)
        trail.arrive(route)
    trail.finish_all()
    trail.push("/")
    assert trail.done == [True, True, True, False]


def test_back_with_a_dialog_open_closes_the_dialog_and_keeps_the_screen(session, table):
    start_plainly(session, ("Anna", "Bruno"))
    session.go(routes.HOME)
    fill_and_start(session, ("Carla", "Dario"))
    assert len(session.page.dialogs) == 1  # "Una partita è in corso"
    session.page.go_back()
    assert session.page.dialogs == []
    assert shown(session) == ["/", "/nuova"]
    assert session.page.route == routes.NEW_MATCH  # the address pushed again
    assert table.queries.count() == 1  # nothing started, nothing abandoned
    session.page.go_back()  # no dialog now: Back leaves the form
    assert shown(session) == ["/"]


def test_back_with_only_a_snackbar_shown_is_an_ordinary_back(session):
    session.go(routes.HISTORY)
    session.page.show_dialog(ft.SnackBar(content=ft.Text("Partita eliminata")))
    session.page.go_back()
    assert shown(session) == ["/"]


def test_back_from_home_never_walks_into_old_scoreboards_and_entries(session):
    fill_and_start(session)
    save_a_hand(session, hand_a())
    scoreboard.start_hand(session)  # an entry left open
    session.drawing.on_view_pop(SimpleNamespace(route=routes.HAND))  # to the board
    session.drawing.on_view_pop(SimpleNamespace(route=routes.MATCH))  # home
    assert shown(session) == ["/"]
    while session.page.history_index > 0:  # Back, Back, ... out of the app
        session.page.go_back()
        assert shown(session) == ["/"], session.page.route
    # and Forward to home's own entry is home as well
    session.page.go_forward()
    assert shown(session) == ["/"]


def test_back_onto_the_detail_of_a_match_deleted_since_shows_the_parent(session, table):
    start_plainly(session, ("Anna", "Bruno"))
    stored = table.current()
    session.go(routes.HISTORY)
    open_match(session, stored.id)
    assert shown(session) == ["/", routes.DETAIL]
    delete_match(session, stored.id)  # back to the history
    assert session.route == routes.HISTORY
    session.page.go_back()  # the detail's entry: that match is gone
    assert session.route != routes.DETAIL
    assert "Partita non trovata" not in " ".join(texts(session.page.views[-1]))
