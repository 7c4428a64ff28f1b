"""History screen logic without a browser: filters, paging, import refusals,
deleting and restoring, statistics computed off the event loop. A real
``Session`` on a table service over an in-memory repository, a fake page."""

from __future__ import annotations

import json
from dataclasses import replace

import flet as ft
import pytest

from scorekeeper.core import MatchSetup, Rules
from scorekeeper.core.model import Match
from scorekeeper.core.stats import PlayedMatch, player_stats
from scorekeeper.storage import open_repository
from scorekeeper.table import Change, TableEvent, TableService
from scorekeeper.ui import routes
from scorekeeper.ui.parts import files as sharing
from scorekeeper.ui.parts.deleting import delete_button, delete_match, restore_match
from scorekeeper.ui.parts.questions import Said
from scorekeeper.ui.screens.deleted import view as deleted
from scorekeeper.ui.screens.history import view as history
from scorekeeper.ui.screens.history.state import HistoryState
from scorekeeper.ui.screens.match_detail import view as match_detail
from scorekeeper.ui.screens.match_detail.state import MatchPage
from scorekeeper.ui.screens.stats import view as ss
from scorekeeper.ui.screens.stats.state import StatsChoice
from scorekeeper.ui.shell.session import TOPIC
from tests.builders import ANNA_BRUNO, hand, plain_hand, side
from tests.event_loops import run_coroutine
from tests.unit.fakes import click, find, make_session, texts, type_into

pytestmark = pytest.mark.memory


@pytest.fixture(autouse=True)
def thirty_matches(table: TableService) -> None:
    """30 finished matches, of two and of four players by turns."""
    for players in [("Anna", "Bruno"), ("Anna", "Carla", "Bruno", "Dario")] * 15:
        m = table.start_match(MatchSetup(players, players[0], Rules(target=10))).value
        table.add_hand(m.id, plain_hand(8))


def test_the_first_page_holds_twenty_matches_and_says_more_exist(session):
    items, more = history.history_items(session)
    assert (len(items), more) == (20, True)
    session.states.put(replace(session.states.of(HistoryState), pages=2))
    items, more = history.history_items(session)
    assert (len(items), more) == (30, False)


def test_an_opponent_filter_keeps_matches_where_the_two_sat_on_opposite_sides(session):
    st = session.states.of(HistoryState)
    session.states.put(replace(st, player="Anna", opponent="Bruno"))
    items, _ = history.history_items(session)
    assert len(items) == 15 and all(len(s.players) == 2 for s in items)
    session.states.put(replace(st, player="Anna", opponent="Carla"))
    items, _ = history.history_items(session)
    assert len(items) == 15 and all(len(s.players) == 4 for s in items)


def test_the_opponent_filter_finds_every_spelling_of_both_names(session):
    repo = session.table.queries
    setup = MatchSetup(("Anna Rossi", "Niccolo\u0300"), "Anna Rossi", Rules())
    mid = session.table.start_match(setup).value.id
    st = session.states.of(HistoryState)
    session.states.put(replace(st, player="anna  rossi", opponent="NICCOL\u00d2"))
    items, _ = history.history_items(session)
    assert [s.id for s in items] == [mid]
    assert history._opposed(repo.summary(mid), " ANNA ROSSI", "niccol\u00f2")


def test_a_file_that_is_not_json_is_refused_and_changes_nothing(session):
    before = session.table.queries.count()
    sharing.import_bytes(session, b"\x00not json")
    assert session.states.of(Said).text.startswith(
        "File rifiutato, nulla è cambiato: non è un file JSON"
    )
    assert session.table.queries.count() == before


def test_a_match_file_with_a_bad_hand_is_refused_with_the_reason(session):
    doc = {
        "format": "spazzino-match",
        "version": 1,
        "players": ["Anna", "Bruno"],
        "hands": [{"sides": [{"cards": 30, "spades": 5, "settebello": True}]}],
    }
    sharing.import_bytes(session, json.dumps(doc).encode())
    assert session.states.of(Said).text.startswith(
        "File rifiutato, nulla è cambiato: match: hand 1"
    )
    assert session.table.queries.count() == 30


def test_an_exported_match_imports_once_and_the_second_time_changes_nothing(session):
    repo = session.table.queries
    doc = repo.export_match(repo.list_history(limit=1).items[0].id)
    doc["meta"]["id"] = "copied-1"
    sharing.import_bytes(session, json.dumps(doc).encode())
    assert session.states.of(Said).text == "Partita importata."
    sharing.import_bytes(session, json.dumps(doc).encode())
    assert session.states.of(Said).text == "Partita già presente: niente di cambiato."
    assert repo.count() == 31


def test_a_file_without_ids_of_a_stored_match_says_it_is_already_there(session):
    repo = session.table.queries
    doc = repo.export_match(repo.list_history(limit=1).items[0].id)
    del doc["meta"]
    sharing.import_bytes(session, json.dumps(doc).encode())
    assert session.states.of(Said).text == "Partita già presente: niente di cambiato."
    assert repo.count() == 30


# -- deleting, restoring, compacting ---------------------------------------------
def _click(dialog, label: str) -> None:
    buttons = [b.content if isinstance(b, ft.Semantics) else b for b in dialog.actions]
    [button] = [b for b in buttons if b.content == label]
    button.on_click(None)


def test_deleting_from_the_detail_asks_first_then_undo_in_the_snackbar_restores(
    session,
):
    repo = session.table.queries
    mid = repo.list_history(limit=1).items[0].id
    stored = repo.get_match(mid)
    assert "Elimina partita" in texts(
        ft.Column(match_detail.lifecycle_buttons(session, stored))
    )

    find(delete_button(session, mid), "detail-delete").on_click(None)
    [confirm] = session.page.dialogs
    assert "si può ripristinare" in confirm.content.value
    _click(confirm, "Sì")

    assert session.page.route == routes.HISTORY
    [snack] = session.page.dialogs
    assert (snack.content.value, snack.action) == ("Partita eliminata.", "Annulla")
    assert mid not in [s.id for s in repo.list_history(limit=100).items]
    assert repo.count() == 29

    snack.on_action(None)
    assert session.states.of(Said).text == "Partita ripristinata."
    assert repo.list_history(limit=1).items[0].id == mid and repo.count() == 30
    snack.on_action(None)  # tapped again, or after "Ripristina": nothing to undo
    assert session.states.of(Said).text == "Partita ripristinata."


def test_saying_no_to_the_deletion_keeps_the_match(session):
    mid = session.table.queries.list_history(limit=1).items[0].id
    find(delete_button(session, mid), "detail-delete").on_click(None)
    _click(session.page.dialogs[0], "No")
    assert session.page.dialogs == [] and session.table.queries.count() == 30


def test_the_deleted_screen_restores_one_and_compacting_erases_the_others(session):
    repo = session.table.queries
    a, b, c = (s.id for s in repo.list_history(limit=3).items)
    for mid in (a, b, c):
        delete_match(session, mid)
    assert texts(history.deleted_entry(session)) == ["Partite eliminate (3)"]
    shown = texts(deleted.deleted_view(session))
    assert shown.count("Ripristina") == 3 and "Compatta storico" in shown

    restore_match(session, b)
    assert session.states.of(Said).text == "Partita ripristinata."
    deleted.compact(session)
    assert session.states.of(Said).text == (
        "Storico compattato: 2 partite cancellate per sempre."
    )
    assert repo.deleted_matches() == () and repo.count() == 28
    shown = texts(deleted.deleted_view(session))
    assert "Nessuna partita eliminata." in shown and "Compatta storico" not in shown


def test_compacting_the_deleted_matches_broadcasts_an_event_to_the_other_phones(
    session,
):
    """Regression (fixed by the table service): compacting changed the history
    on every phone but told none of the others to redraw."""
    mid = session.table.queries.list_history(limit=1).items[0].id
    delete_match(session, mid)
    session.go(routes.DELETED)
    session.page.pubsub.sent.clear()

    find(session.page.views[-1], "deleted-compact").on_click(None)
    _click(session.page.dialogs[-1], "Sì")

    assert session.table.queries.deleted_matches() == ()
    assert session.page.pubsub.sent == [("others", TOPIC, TableEvent(Change.HISTORY))]


def test_saving_a_match_s_notes_updates_the_table_s_match_and_tells_the_others(
    table: TableService,
):
    """Regression (fixed by the table service): notes were saved past the
    table, so the table's copy of its match kept the old notes, and no other
    phone was told to redraw."""
    stored = table.start_match(MatchSetup(("Anna", "Bruno"), "Anna")).value
    session = make_session(table)
    session.states.put(replace(session.states.of(MatchPage), match_id=stored.id))
    session.go(routes.DETAIL)
    type_into(find(session.page.views[-1], "detail-notes"), "al bar, con la nonna")

    click(find(session.page.views[-1], "detail-notes-save"))

    assert table.current().notes == "al bar, con la nonna"
    assert session.states.of(Said).text == "Note salvate."
    assert session.page.pubsub.sent == [
        ("others", TOPIC, TableEvent(Change.MATCH, stored.id))
    ]


def test_the_notes_save_button_is_on_only_once_the_typed_notes_differ(
    table: TableService,
):
    """What a phone typed is kept across a redraw (another phone's change),
    and Save is the sign that the server heard it."""
    stored = table.start_match(MatchSetup(("Anna", "Bruno"), "Anna")).value
    session = make_session(table)
    session.states.put(replace(session.states.of(MatchPage), match_id=stored.id))
    session.go(routes.DETAIL)
    assert find(session.page.views[-1], "detail-notes-save").disabled

    type_into(find(session.page.views[-1], "detail-notes"), "al bar")
    session.render()  # e.g. another phone saved a hand meanwhile
    assert find(session.page.views[-1], "detail-notes").value == "al bar"
    assert not find(session.page.views[-1], "detail-notes-save").disabled

    type_into(find(session.page.views[-1], "detail-notes"), "")
    assert find(session.page.views[-1], "detail-notes-save").disabled


# -- statistics off the event loop -------------------------------------------------
def _loading(view):
    return next(
        c for c in view.controls if getattr(c, "identifier", None) == "stats-loading"
    )


def draw_stats(session):
    """The statistics drawn as the session draws them (the settle step that
    starts the computation, then the view)."""
    session.render(routes.STATS)
    return session.page.views[-1]


def test_statistics_are_computed_in_a_task_while_the_screen_shows_progress(session):
    session.states.put(replace(session.states.of(StatsChoice), player="Anna"))
    assert _loading(draw_stats(session)).visible
    draw_stats(session)  # drawn again while computing: not started twice
    [(handler, args)] = session.page.tasks
    drawn = session.page.updates

    run_coroutine(handler(*args))

    assert session.page.updates == drawn + 1  # redrawn once, with the figures
    view = draw_stats(session)
    assert not _loading(view).visible
    assert "Partite: 30 (finite 30, in corso 0, abbandonate 0)" in texts(view)
    assert len(session.page.tasks) == 1  # cached for this revision


def test_after_a_change_the_old_figures_stay_until_the_new_ones_are_ready(session):
    session.states.put(replace(session.states.of(StatsChoice), player="Anna"))
    draw_stats(session)
    handler, args = session.page.tasks[-1]
    run_coroutine(handler(*args))
    delete_match(session, session.table.queries.list_history(limit=1).items[0].id)

    view = draw_stats(session)
    assert "Partite: 30 (finite 30, in corso 0, abbandonate 0)" in texts(view)
    assert _loading(view).visible
    handler, args = session.page.tasks[-1]
    run_coroutine(handler(*args))
    assert "Partite: 29 (finite 29, in corso 0, abbandonate 0)" in texts(
        draw_stats(session)
    )


def test_team_statistics_are_offered_for_partners_of_four_player_matches(session):
    repo = session.table.queries
    result = ss.compute(repo, "Anna", partner="Bruno")
    # Anna and Bruno sit on the same side (seats 1 and 3) in the 15 four-player
    # matches, and opposite in the 15 two-player ones
    assert list(result.player.partners) == ["Bruno"]
    assert result.team is not None and result.team.record.played == 15
    session.states.put(
        replace(session.states.of(StatsChoice), player="Anna", partner="Bruno")
    )
    draw_stats(session)
    handler, args = session.page.tasks[-1]
    run_coroutine(handler(*args))
    shown = texts(draw_stats(session))
    assert "In coppia: Anna & Bruno" in shown
    assert "Partite: 15 (finite 15, in corso 0, abbandonate 0)" in shown


def test_the_statistics_name_each_spazzino_by_its_card_in_the_phones_deck():
    repo = open_repository(memory=True)
    table = TableService(repo)
    try:
        session = make_session(table)
        worth_two = hand(side(20, "2567C", True, spz="2FF"), side(20, "A34FR"))
        setup = ANNA_BRUNO
        played = PlayedMatch(Match(setup, (worth_two,)), id="m")
        figures = player_stats([played], "Anna")
        shown = texts(ft.Column(ss.detail_lines(session, figures)))
        assert "Spazzini per carta: 2: 1, F: 2" in shown
        session.french_cards = True
        shown = texts(ft.Column(ss.detail_lines(session, figures)))
        assert "Spazzini per carta: 2: 1, J: 2" in shown
    finally:
        table.close()
