"""The match screens without a browser: screen functions built with a real
table service on a temporary folder and a real session on a fake page,
asserting on the controls."""

from __future__ import annotations

import ast
import logging
from pathlib import Path
from types import SimpleNamespace

import pytest

import scorekeeper
from scorekeeper.core.model import Hand, Rank, SideTally, SpadeList
from scorekeeper.storage.errors import StorageWriteError
from scorekeeper.table import Change, TableEvent, TableService
from scorekeeper.table.hand_draft import HandDraft
from scorekeeper.ui import routes
from scorekeeper.ui.hosting.server import serve
from scorekeeper.ui.screens.hand_entry import actions as entry_actions
from scorekeeper.ui.screens.hand_entry import view as entry_screen
from scorekeeper.ui.screens.hand_entry.state import EntryState
from scorekeeper.ui.screens.new_match import view as new_match
from scorekeeper.ui.screens.new_match.state import NewMatchForm
from scorekeeper.ui.screens.scoreboard import hand_list
from scorekeeper.ui.screens.scoreboard import view as scoreboard
from scorekeeper.ui.shell.session import TOPIC, Session
from tests.unit.fakes import click, find, make_session, select, start_from_form
from tests.unit.hands import hand_a, hand_won_by


def test_starting_a_match_saves_it_broadcasts_and_opens_the_scoreboard(session, table):
    start_from_form(session)
    assert session.page.route == "/partita"
    assert table.current().match.setup.players == ("Anna", "Bruno")
    # the changing phone draws itself: the broadcast goes to the others
    assert session.page.pubsub.sent == [
        ("others", TOPIC, TableEvent(Change.MATCH, table.current().id))
    ]


def test_duplicate_names_are_refused_in_italian_and_start_is_disabled(session):
    session.states.put(NewMatchForm(names=["Anna", "Anna", "", ""]))
    view = new_match.new_match_view(session)
    assert find(view, "new-start").disabled
    problems = find(view, "new-problems")
    assert problems.controls[0].value == "Due giocatori si chiamano Anna."


def test_early_win_is_only_kept_with_two_players():
    form = NewMatchForm(count=4, names=["A", "B", "C", "D"], early_win=True)
    assert form.setup().rules.early_win is False
    assert form.with_count(2).setup().rules.early_win is True


def test_four_players_show_the_teams_as_seats_one_three_against_two_four(session):
    session.states.put(NewMatchForm(count=4, names=["Anna", "Bruno", "Carla", "Dario"]))
    view = new_match.new_match_view(session)
    assert find(view, "new-teams").value == "Anna & Carla contro Bruno & Dario"


def enter(session: Session, draft: HandDraft) -> None:
    """Open the hand entry, put ``draft`` in it and save."""
    scoreboard.start_hand(session)
    entry_screen.hand_entry_view(session)
    entry_actions.hold(session, draft)
    entry_actions.save_hand(session)


def test_a_draft_left_behind_is_not_reused_for_the_next_hand(session):
    start_from_form(session)
    scoreboard.start_hand(session)
    entry_screen.hand_entry_view(session)
    entry_actions.hold(session, hand_a().with_cards(0, "5"))
    enter(session, hand_a())  # another phone saved hand 1 meanwhile
    scoreboard.start_hand(session)  # the next hand's entry
    view = entry_screen.hand_entry_view(session)
    assert session.states.find(EntryState).draft == HandDraft()
    assert find(view, "entry-save").disabled


def test_the_scoreboard_shows_the_core_totals_missing_points_and_seats(session):
    start_from_form(session)
    entry_actions.hold(session, hand_a())
    entry_actions.save_hand(session)
    view = scoreboard.scoreboard_view(session)
    assert find(view, "score-total-0").value == "12"
    assert find(view, "score-total-1").value == "1"
    assert find(view, "score-missing-0").value == "mancano 19"
    assert find(view, "score-hand-number").value == "Mano 2"
    assert find(view, "score-dealer").value.endswith("Bruno")
    assert find(view, "score-cutter").value.endswith("Anna")


def test_save_stays_disabled_until_the_core_accepts_the_hand(session):
    start_from_form(session)
    scoreboard.start_hand(session)
    view = entry_screen.hand_entry_view(session)
    assert find(view, "entry-save").disabled
    entry_actions.hold(session, hand_a())
    view = entry_screen.hand_entry_view(session)
    assert not find(view, "entry-save").disabled
    assert find(view, "entry-preview-0").value == "Anna: 12"


def test_a_problem_is_shown_under_its_field_in_the_session_language(session):
    start_from_form(session)
    session.translator.lang = "en"
    scoreboard.start_hand(session)
    entry_screen.hand_entry_view(session)
    entry_actions.hold(
        session, hand_a().with_cards(0, "5")
    )  # 6 spades + settebello in 5 cards
    view = entry_screen.hand_entry_view(session)
    texts = [t.value for t in find(view, "entry-problems-cards").controls]
    assert texts == ["Anna has 6 spades and the settebello but only 5 cards."]
    assert find(view, "entry-save").disabled


def test_a_refused_change_shows_the_core_message_and_changes_nothing(session, table):
    start_from_form(session)
    match_id = table.current().id
    bad = Hand((SideTally(cards=30, spades=SpadeList(("A",))), SideTally(cards=3)))
    assert session.apply(lambda table: table.add_hand(match_id, bad)) is None
    assert session.error.startswith("Modifica rifiutata, non è cambiato nulla")
    assert table.current().state.hands == ()
    assert table.queries.get_match(match_id).state.hands == ()


def test_storage_errors_are_told_in_the_session_language(session):
    error = StorageWriteError("No space left on device", code="disk_full")
    assert session.error_text(error).startswith("Disco pieno")
    session.translator.lang = "en"
    assert session.error_text(error).startswith("Disk full")


def test_deleting_a_hand_is_done_at_once_named_and_can_be_undone(session, table):
    start_from_form(session)
    entry_actions.hold(session, hand_a())
    entry_actions.save_hand(session)
    hand_list.show_hand_detail(session, 0)
    click(find(session.page.dialogs[-1], "detail-delete"))
    assert table.current().state.totals == (0, 0)
    snack = session.page.dialogs[-1]
    assert snack.content.value == "Eliminata la mano 1 (Anna 12 - Bruno 1)"
    assert snack.action == "Annulla"
    snack.on_action(None)
    assert table.current().state.totals == (12, 1)


def test_a_dialog_button_that_fails_leaves_a_message_not_a_traceback(
    session, table, monkeypatch, caplog
):
    """A dialog's handlers pass the guard as a screen's do: the dialogs were
    opened with ``page.show_dialog`` unguarded, and a handler that raised
    sent the phone flet's red traceback."""
    start_from_form(session)
    entry_actions.hold(session, hand_a())
    entry_actions.save_hand(session)
    hand_list.show_hand_detail(session, 0)

    def broken(*_: object) -> None:
        raise KeyError("boom")

    monkeypatch.setattr(hand_list, "edit_hand", broken)
    with caplog.at_level(logging.ERROR):
        click(find(session.page.dialogs[-1], "detail-edit"))
    assert session.error == "Errore inatteso (KeyError): non è cambiato nulla."
    assert "a handler failed" in caplog.text
    assert table.current().state.totals == (12, 1)


def test_a_dialog_left_open_after_the_phone_moved_on_answers_nothing(session):
    """A dialog answers while the screen it was opened on is drawn; an undo
    offer only there too: its "Annulla" tapped from home used to restore the
    hand (issue 23), now it changes nothing and says so."""
    start_from_form(session)
    entry_actions.hold(session, hand_a())
    entry_actions.save_hand(session)
    hand_list.show_hand_detail(session, 0)
    detail = session.page.dialogs[-1]
    session.go(routes.HOME)  # e.g. the match deleted from another phone
    click(find(detail, "detail-edit"))
    assert session.route == routes.HOME  # no correction opened
    session.go(routes.MATCH)
    hand_list.show_hand_detail(session, 0)
    click(find(session.page.dialogs[-1], "detail-delete"))
    snack = session.page.dialogs[-1]
    session.go(routes.HOME)
    assert session.drawing.offers.current is None  # withdrawn with its screen
    snack.on_action(None)  # "Annulla", from home
    assert session.table.current().state.totals == (0, 0)
    assert session.page.dialogs[-1].content.value.startswith("Troppo tardi")


def test_every_dialog_of_the_app_opens_through_the_guard():
    """No module but the guard calls ``show_dialog`` on a page (the test
    above shows what an unguarded dialog did)."""
    root = Path(scorekeeper.__file__).parent
    calls = [
        f"{path.relative_to(root)}:{node.lineno}"
        for path in sorted(root.rglob("*.py"))
        if path != root / "ui" / "access" / "event_guard.py"
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "show_dialog"
        and not (
            isinstance(node.func.value, ast.Name) and node.func.value.id == "guard"
        )
    ]
    assert calls == []


def two_hands_and_a_second_phone(session, table) -> Session:
    start_from_form(session)
    for draft in (hand_a(), hand_won_by(1)):
        entry_actions.hold(session, draft)
        entry_actions.save_hand(session)
    return make_session(table)


def test_a_delete_tapped_after_another_phone_changed_the_hands_is_refused(
    session, table
):
    """Phone 1 shows the breakdown of hand 2; phone 2 deletes hand 1
    meanwhile, so hand 2 is gone: phone 1's Elimina must not delete the hand
    that moved into its place."""
    other = two_hands_and_a_second_phone(session, table)
    hand_list.show_hand_detail(session, 1)  # hand 2: Bruno's 12
    hand_list.show_hand_detail(other, 0)
    click(find(other.page.dialogs[-1], "detail-delete"))
    assert table.current().state.totals == (1, 12)

    click(find(session.page.dialogs[-1], "detail-delete"))

    assert table.current().state.totals == (1, 12)  # nothing more deleted
    assert session.error.startswith("Intanto la partita era già cambiata")


def test_a_correction_saved_after_another_phone_changed_that_hand_is_refused(
    session, table
):
    other = two_hands_and_a_second_phone(session, table)
    hand_list.edit_hand(session, 0)
    entry_actions.hold(
        session, session.states.find(EntryState).draft.with_settebello(1)
    )  # phone 1 corrects hand 1
    hand_list.edit_hand(other, 0)
    entry_actions.hold(
        other, other.states.find(EntryState).draft.with_cards(0, "30")
    )  # phone 2 too, first
    entry_actions.save_hand(other)
    corrected = table.current().match.hands

    entry_actions.save_hand(session)

    assert table.current().match.hands == corrected
    # refused; the redraw then drops the stale correction and says why
    assert session.states.find(EntryState).edit_index is None
    assert session.error.startswith("Intanto un altro telefono ha cambiato le mani")


def test_a_correction_stays_open_while_another_phone_adds_a_hand(session, table):
    """Regression: any new hand from another phone silently turned a phone's
    open correction of a past hand into the entry of a new hand."""
    other = two_hands_and_a_second_phone(session, table)
    hand_list.edit_hand(session, 0)
    entry_actions.hold(
        session, session.states.find(EntryState).draft.with_cards(0, "30")
    )
    entry_actions.hold(other, hand_a())
    entry_actions.save_hand(other)  # hand 3, from the other phone
    session.render()  # what the broadcast does on this phone

    assert (
        session.states.find(EntryState).edit_index == 0
        and session.states.find(EntryState).draft.cards[0] == 30
    )
    entry_actions.save_hand(session)
    hands = table.current().match.hands
    assert len(hands) == 3 and hands[0].sides[0].cards == 30
    assert session.error is None


def test_a_correction_whose_hand_another_phone_changed_closes_and_says_so(
    session, table
):
    other = two_hands_and_a_second_phone(session, table)
    hand_list.edit_hand(session, 0)
    hand_list.edit_hand(other, 0)
    entry_actions.hold(other, other.states.find(EntryState).draft.with_cards(0, "30"))
    entry_actions.save_hand(other)
    session.render()

    assert (
        session.states.find(EntryState).edit_index is None
    )  # a new hand now, not a stale correction
    assert session.error.startswith("Intanto un altro telefono ha cambiato le mani")


def test_a_hand_being_counted_is_kept_and_asked_about_when_another_phone_saves_it(
    session, table
):
    """(Was: the entry started over, empty, saying the hands had changed.)"""
    other = two_hands_and_a_second_phone(session, table)
    scoreboard.start_hand(session)
    entry_actions.hold(
        session, session.states.find(EntryState).draft.with_cards(0, "25")
    )
    scoreboard.start_hand(other)
    entry_actions.hold(other, hand_a())
    entry_actions.save_hand(other)
    session.render()  # what the broadcast does on this phone

    assert session.states.find(EntryState).draft.cards == (
        25,
        15,
    )  # this phone's entries stay
    assert session.states.find(EntryState).taken == 2
    view = entry_screen.hand_entry_view(session)
    assert find(view, "entry-taken-text").value == (
        "L'altro telefono ha già salvato la mano 3"
    )
    assert find(view, "entry-taken-summary").value.startswith("Salvata: Anna 12,")
    assert find(view, "entry-save").disabled
    assert session.error is None

    click(find(view, "entry-taken-drop"))  # "drop mine"
    assert table.current().match.hands[2] == hand_a().to_hand()
    scoreboard.start_hand(session)
    entry_screen.hand_entry_view(session)
    assert (
        session.states.find(EntryState).draft.cards == (None, None)
        and session.states.find(EntryState).taken is None
    )


def test_the_slower_phone_replaces_the_hand_with_its_entries_when_asked(session, table):
    other = two_hands_and_a_second_phone(session, table)
    scoreboard.start_hand(session)
    entry_screen.hand_entry_view(session)
    mine = hand_won_by(1)
    entry_actions.hold(session, mine)
    scoreboard.start_hand(other)
    entry_actions.hold(other, hand_a())
    entry_actions.save_hand(other)

    entry_actions.save_hand(session)  # tapped before the broadcast arrived

    assert len(table.current().match.hands) == 3  # no duplicate
    assert (
        session.states.find(EntryState).taken == 2
        and session.states.find(EntryState).draft == mine
        and not session.error
    )
    click(find(entry_screen.hand_entry_view(session), "entry-taken-replace"))
    hands = table.current().match.hands
    assert len(hands) == 3 and hands[2] == mine.to_hand()
    assert session.states.find(EntryState) is None and session.route == "/partita"


def test_the_undo_of_a_deletion_undoes_nothing_else(session, table):
    """The snackbar's undo of a deleted hand, tapped after another phone has
    saved a hand, must not undo that other phone's hand instead."""
    other = two_hands_and_a_second_phone(session, table)
    hand_list.show_hand_detail(session, 1)
    click(find(session.page.dialogs[-1], "detail-delete"))
    snackbar = session.page.dialogs[-1]
    entry_actions.hold(other, hand_won_by(1))
    entry_actions.save_hand(other)
    hands = table.current().match.hands

    snackbar.on_action(None)

    assert table.current().match.hands == hands
    assert session.error.startswith("Intanto la partita era già cambiata")


def test_a_wrong_declaration_ends_the_match_for_the_other_side(session, table):
    start_from_form(session, early_win=True)
    scoreboard.start_declaration(session)
    view = entry_screen.declaration_view(session)  # opening it makes the draft
    select(find(view, "declare-by"), "Anna")  # nothing is preselected
    select(find(view, "declare-deal"), "1")
    entry_actions.hold(
        session,
        session.states.find(EntryState)
        .draft.with_spade(Rank.ASSO, 0)
        .with_cards(0, "3")
        .with_cards(1, "4"),
    )
    entry_actions.save_hand(session)
    state = table.current().state
    assert state.decided and state.winner == 1
    view = scoreboard.scoreboard_view(session)
    assert find(view, "over-winner").value == "Anna ha dichiarato a torto: vince Bruno"
    assert "dichiarazione sbagliata" in find(view, "over-ending").value


def test_a_restarted_table_finds_the_match_in_progress(tmp_path):
    first = TableService.open(tmp_path / "data")
    session = make_session(first)
    start_from_form(session)
    entry_actions.hold(session, hand_a())
    entry_actions.save_hand(session)
    first.close()
    again = TableService.open(tmp_path / "data")
    try:
        assert again.current().state.totals == (12, 1)
    finally:
        again.close()


def test_serve_prints_the_storage_error_and_returns_2_on_a_damaged_file(
    tmp_path, capsys
):
    TableService.open(tmp_path / "data").close()
    (tmp_path / "data" / "live.json").write_text("{not json", encoding="utf-8")
    assert serve(port=1, data_dir=tmp_path / "data", open_browser=False) == 2
    err = capsys.readouterr().err
    assert "cannot open the data" in err
    assert "live.json" in err


def test_serve_returns_2_when_another_instance_holds_the_data_folder(tmp_path, capsys):
    holder = TableService.open(tmp_path / "data")
    try:
        assert serve(port=1, data_dir=tmp_path / "data", open_browser=False) == 2
    finally:
        holder.close()
    assert "cannot open the data" in capsys.readouterr().err


def test_the_scoreboard_opens_the_live_tally_of_the_hand_being_played(session):
    start_from_form(session)
    view = scoreboard.scoreboard_view(session)
    button = find(view, "score-live")
    assert "Conta dal vivo" in str(button.content)
    button.on_click(None)
    assert session.page.route == "/live"


def test_a_rivincita_is_linked_to_the_match_it_follows(session, table):
    start_from_form(session, early_win=True)
    first = table.current()
    scoreboard.start_declaration(session)
    entry_screen.declaration_view(session)
    entry_actions.hold(
        session,
        session.states.find(EntryState)
        .draft.with_spade(Rank.ASSO, 0)
        .with_cards(0, "3")
        .with_cards(1, "4"),
    )
    entry_actions.save_hand(session)
    scoreboard.rematch(session)
    second = table.current()
    assert second.id != first.id and not second.state.decided
    assert second.rematch_of == first.id
    assert second.match.setup == first.match.setup


def test_a_route_change_from_the_browser_draws_its_screen_even_if_page_route_moved(
    session,
):
    """Regression: flet sets page.route before the route-change handler runs,
    so the handler must compare with the screen drawn, not with page.route."""
    assert session.drawing.drawn_route == "/"
    session.page.route = "/regole"
    session.drawing.on_route_change(SimpleNamespace(route="/regole"))
    assert session.drawing.drawn_route == "/regole"
    assert [v.route for v in session.page.views] == ["/", "/regole"]


def test_going_to_a_screen_draws_it_before_the_browser_confirms(session):
    start_from_form(session)
    session.go("/regole")
    assert [v.route for v in session.page.views][-1] == "/regole"


def test_the_scoreboard_lists_the_recent_hands_and_shows_all_on_request(session):
    start_from_form(session, target=200)
    for _ in range(hand_list.RECENT_HANDS + 2):
        entry_actions.hold(session, hand_a())
        entry_actions.save_hand(session)
    view = scoreboard.scoreboard_view(session)
    played = hand_list.RECENT_HANDS + 2
    find(view, f"hand-row-{played}")
    find(view, f"hand-row-{played - hand_list.RECENT_HANDS + 1}")
    with pytest.raises(LookupError):
        find(view, "hand-row-1")
    find(view, "score-all-hands").on_click(None)
    view = scoreboard.scoreboard_view(session)
    find(view, "hand-row-1")
    with pytest.raises(LookupError):
        find(view, "score-all-hands")


def test_the_scoreboard_offers_no_declaration_in_a_tie_break(session, table):
    from scorekeeper.core import Status
    from tests.builders import plain_hand

    start_from_form(session, early_win=True, target="5")
    assert find(scoreboard.scoreboard_view(session), "score-declare")
    table.add_hand(table.current().id, plain_hand(4, 5))  # 6 v 6, target 5
    assert table.current().state.status is Status.TIE_BREAK
    view = scoreboard.scoreboard_view(session)
    assert find(view, "score-add-hand")
    with pytest.raises(LookupError):
        find(view, "score-declare")


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("en", "Anna can't have 99 cards: there are 40 in all."),
        ("it", "Anna non può avere 99 carte: sono 40 in tutto."),
    ],
)
def test_too_many_cards_are_shown_on_the_side_that_typed_them(session, lang, expected):
    start_from_form(session)
    session.translator.lang = lang
    scoreboard.start_hand(session)
    entry_screen.hand_entry_view(session)
    entry_actions.hold(session, hand_a().with_cards(0, "99"))
    assert session.states.find(EntryState).draft.cards == (99, None)  # not "Bruno: -59"
    view = entry_screen.hand_entry_view(session)
    texts = [t.value for t in find(view, "entry-problems-cards").controls]
    assert texts == [expected]
    assert find(view, "entry-save").disabled


def test_an_untouched_settebello_asks_who_has_it_naming_both_sides(session):
    start_from_form(session)
    session.translator.lang = "en"
    scoreboard.start_hand(session)
    entry_screen.hand_entry_view(session)
    entry_actions.hold(session, hand_a().with_settebello(None))
    view = entry_screen.hand_entry_view(session)
    # nothing chosen for the settebello yet: what is missing is a hint
    texts = [t.value for t in find(view, "entry-hints-settebello").controls]
    assert texts == ["Who has the settebello? Tap Anna or Bruno."]


def test_once_the_other_phones_hand_is_undone_the_slower_phone_may_save_again(
    session, table
):
    other = two_hands_and_a_second_phone(session, table)
    scoreboard.start_hand(session)
    entry_screen.hand_entry_view(session)
    entry_actions.hold(session, hand_won_by(1))
    scoreboard.start_hand(other)
    entry_actions.hold(other, hand_a())
    entry_actions.save_hand(other)
    session.render()
    assert session.states.find(EntryState).taken == 2

    table.undo(table.current().id, expected=None)  # the other phone's Undo
    session.render()  # as the undo's broadcast makes it
    view = entry_screen.hand_entry_view(session)

    assert session.states.find(EntryState).taken is None
    assert not find(view, "entry-save").disabled
    with pytest.raises(LookupError):
        find(view, "entry-taken-text")


def test_replacing_the_hand_another_phone_saved_asks_when_it_changes_the_winner(
    session, table
):
    start_from_form(session, target="25")
    for draft in (hand_a(), hand_won_by(1)):  # 13 - 13
        entry_actions.hold(session, draft)
        entry_actions.save_hand(session)
    other = make_session(table)
    scoreboard.start_hand(session)
    entry_screen.hand_entry_view(session)
    entry_actions.hold(session, hand_won_by(1))
    scoreboard.start_hand(other)
    entry_actions.hold(other, hand_a())
    entry_actions.save_hand(other)  # Anna 25 - 14: Anna wins
    entry_actions.save_hand(session)  # refused: asked what to do
    click(find(entry_screen.hand_entry_view(session), "entry-taken-replace"))

    [ask] = session.page.dialogs
    assert find(ask, "correct-result").value == (
        "Con questa correzione vince Bruno, 25 a 14."
    )
    click(find(ask, "correct-result-cancel"))
    assert table.current().state.winner == 0  # nothing replaced
    click(find(entry_screen.hand_entry_view(session), "entry-taken-replace"))
    click(find(session.page.dialogs[-1], "correct-result-save"))
    assert table.current().state.winner == 1


@pytest.mark.parametrize(
    ("lang", "new", "waiting"),
    [
        ("it", "Segna la mano 1", "Riprendi la mano 1"),
        ("en", "Score hand 1", "Resume hand 1"),
    ],
)
def test_a_hand_left_half_entered_is_offered_to_resume_in_the_phones_language(
    table, lang, new, waiting
):
    session = make_session(table, lang=lang)
    start_from_form(session)
    assert find(session.page.views[-1], "score-add-hand").content == new
    scoreboard.start_hand(session)
    entry_actions.update(session, entry_actions.draft_now(session).with_cards(0, "22"))
    session.go(routes.MATCH)  # the back arrow: the entry is kept
    assert find(session.page.views[-1], "score-add-hand").content == waiting
    scoreboard.start_hand(session)
    entry_actions.hold(session, hand_a())
    entry_actions.save_hand(session)
    assert find(session.page.views[-1], "score-add-hand").content == new.replace(
        "1", "2"
    )
