"""History screen logic without a browser: filters, paging, import refusals,
deleting and restoring, statistics computed off the event loop."""

from __future__ import annotations

import asyncio
import json
import threading

import flet as ft
import pytest

from scorekeeper.core import MatchSetup, Rules
from scorekeeper.i18n import Translator
from scorekeeper.storage import open_repository
from scorekeeper.ui import screens_history as sh
from scorekeeper.ui import screens_stats as ss
from tests.builders import plain_hand


def run_coroutine(coroutine) -> None:
    """Run *coroutine* to the end on a loop of its own, in a thread: Playwright's
    sync API leaves an event loop running in the main thread when browser
    tests ran earlier in the same session, and asyncio.run() refuses then."""
    errors: list[BaseException] = []

    def target() -> None:
        try:
            asyncio.run(coroutine)
        except BaseException as error:  # handed to the test below
            errors.append(error)

    runner = threading.Thread(target=target)
    runner.start()
    runner.join()
    if errors:
        raise errors[0]


class FakePage:
    """What the screens use of an ``ft.Page``: dialogs and tasks are recorded."""

    pubsub = None

    def __init__(self) -> None:
        self.dialogs: list[object] = []
        self.tasks: list[tuple[object, tuple[object, ...]]] = []

    def show_dialog(self, dialog: object) -> None:
        self.dialogs.append(dialog)

    def pop_dialog(self) -> None:
        self.dialogs.pop()

    def run_task(self, handler, *args) -> None:
        self.tasks.append((handler, args))


class FakeApp:
    """What the history screens use of a ``TableApp``."""

    def __init__(self, repo) -> None:
        self.shared = type("Shared", (), {"repo": repo})()
        self.translator = Translator("it")
        self.page = FakePage()
        self.lang = "it"
        self.rendered = 0
        self.routes: list[str] = []

    def go(self, route: str) -> None:
        self.routes.append(route)

    def t(self, key: str, **params: object) -> str:
        return self.translator.t(key, **params)

    def render(self) -> None:
        self.rendered += 1


@pytest.fixture
def app(monkeypatch):
    repo = open_repository(memory=True)
    monkeypatch.setattr(sh, "_broadcast", lambda app: None)
    for players in [("Anna", "Bruno"), ("Anna", "Carla", "Bruno", "Dario")] * 15:
        m = repo.create_match(MatchSetup(players, players[0], Rules(target=10)))
        repo.add_hand(m.id, plain_hand(8))
    yield FakeApp(repo)
    repo.close()


def test_the_first_page_holds_twenty_matches_and_says_more_exist(app):
    items, more = sh.history_items(app)
    assert (len(items), more) == (20, True)
    sh.state_of(app).pages = 2
    items, more = sh.history_items(app)
    assert (len(items), more) == (30, False)


def test_an_opponent_filter_keeps_matches_where_the_two_sat_on_opposite_sides(app):
    st = sh.state_of(app)
    st.player, st.opponent = "Anna", "Bruno"
    items, _ = sh.history_items(app)
    assert len(items) == 15 and all(len(s.players) == 2 for s in items)
    st.opponent = "Carla"
    items, _ = sh.history_items(app)
    assert len(items) == 15 and all(len(s.players) == 4 for s in items)


def test_a_file_that_is_not_json_is_refused_and_changes_nothing(app):
    before = app.shared.repo.count()
    text = sh.import_bytes(app, b"\x00not json")
    assert text.startswith("File rifiutato, nulla è cambiato: non è un file JSON")
    assert app.shared.repo.count() == before


def test_a_match_file_with_a_bad_hand_is_refused_with_the_reason(app):
    doc = {
        "format": "spazzino-match",
        "version": 1,
        "players": ["Anna", "Bruno"],
        "hands": [{"sides": [{"cards": 30, "spades": 5, "settebello": True}]}],
    }
    text = sh.import_bytes(app, json.dumps(doc).encode())
    assert text.startswith("File rifiutato, nulla è cambiato: match: hand 1")
    assert app.shared.repo.count() == 30


def test_an_exported_match_imports_once_and_the_second_time_changes_nothing(app):
    repo = app.shared.repo
    doc = repo.export_match(repo.list_history(limit=1).items[0].id)
    doc["meta"]["id"] = "copied-1"
    assert sh.import_bytes(app, json.dumps(doc).encode()) == "Partita importata."
    assert sh.import_bytes(app, json.dumps(doc).encode()) == (
        "Partita già presente: niente di cambiato."
    )
    assert repo.count() == 31


# -- deleting, restoring, compacting ---------------------------------------------
def _texts(control) -> list[str]:
    """Every text in a control tree (Text values and button labels)."""
    out = []
    if isinstance(control, ft.Text):
        out.append(control.value)
    content = getattr(control, "content", None)
    if isinstance(content, str):
        out.append(content)
    elif content is not None:
        out += _texts(content)
    for child in getattr(control, "controls", None) or []:
        out += _texts(child)
    return out


def _click(dialog, label: str) -> None:
    [button] = [b for b in dialog.actions if b.content == label]
    button.on_click(None)


def test_deleting_from_the_detail_asks_first_then_undo_in_the_snackbar_restores(app):
    repo = app.shared.repo
    mid = repo.list_history(limit=1).items[0].id
    stored = repo.get_match(mid)
    assert "Elimina partita" in _texts(ft.Column(sh.lifecycle_buttons(app, stored)))

    sh.delete_button(app, mid).controls[0].content.on_click(None)
    [confirm] = app.page.dialogs
    assert "si può ripristinare" in confirm.content.value
    _click(confirm, "Sì")

    assert app.routes == [sh.HISTORY_ROUTE]
    [snack] = app.page.dialogs
    assert (snack.content.value, snack.action) == ("Partita eliminata.", "Annulla")
    assert mid not in [s.id for s in repo.list_history(limit=100).items]
    assert repo.count() == 29

    snack.on_action(None)
    assert sh.state_of(app).message == "Partita ripristinata."
    assert repo.list_history(limit=1).items[0].id == mid and repo.count() == 30
    snack.on_action(None)  # tapped again, or after "Ripristina": nothing to undo
    assert sh.state_of(app).message == "Partita ripristinata."


def test_saying_no_to_the_deletion_keeps_the_match(app):
    mid = app.shared.repo.list_history(limit=1).items[0].id
    sh.delete_button(app, mid).controls[0].content.on_click(None)
    _click(app.page.dialogs[0], "No")
    assert app.page.dialogs == [] and app.shared.repo.count() == 30


def test_the_deleted_screen_restores_one_and_compacting_erases_the_others(app):
    repo = app.shared.repo
    a, b, c = (s.id for s in repo.list_history(limit=3).items)
    for mid in (a, b, c):
        sh.delete_match(app, mid)
    assert _texts(sh.deleted_entry(app)) == ["Partite eliminate (3)"]
    texts = _texts(sh.deleted_view(app))
    assert texts.count("Ripristina") == 3 and "Compatta storico" in texts

    assert sh.restore_match(app, b) == "Partita ripristinata."
    assert sh.compact(app) == "Storico compattato: 2 partite cancellate per sempre."
    assert repo.deleted_matches() == () and repo.count() == 28
    texts = _texts(sh.deleted_view(app))
    assert "Nessuna partita eliminata." in texts and "Compatta storico" not in texts


# -- statistics off the event loop -------------------------------------------------
def _loading(view):
    return next(
        c for c in view.controls if getattr(c, "identifier", None) == "stats-loading"
    )


def test_statistics_are_computed_in_a_task_while_the_screen_shows_progress(app):
    st = sh.state_of(app)
    st.stats_player = "Anna"
    assert _loading(ss.stats_view(app)).visible
    ss.stats_view(app)  # drawn again while computing: not started twice
    [(handler, args)] = app.page.tasks

    run_coroutine(handler(*args))

    assert app.rendered == 1
    view = ss.stats_view(app)
    assert not _loading(view).visible
    assert "Partite: 30 (finite 30, in corso 0, abbandonate 0)" in _texts(view)
    assert len(app.page.tasks) == 1  # cached for this revision


def test_after_a_change_the_old_figures_stay_until_the_new_ones_are_ready(app):
    st = sh.state_of(app)
    st.stats_player = "Anna"
    ss.stats_view(app)
    handler, args = app.page.tasks[-1]
    run_coroutine(handler(*args))
    sh.delete_match(app, app.shared.repo.list_history(limit=1).items[0].id)

    view = ss.stats_view(app)
    assert "Partite: 30 (finite 30, in corso 0, abbandonate 0)" in _texts(view)
    assert _loading(view).visible
    handler, args = app.page.tasks[-1]
    run_coroutine(handler(*args))
    assert "Partite: 29 (finite 29, in corso 0, abbandonate 0)" in _texts(
        ss.stats_view(app)
    )


def test_team_statistics_are_offered_for_partners_of_four_player_matches(app):
    repo = app.shared.repo
    result = ss.compute(repo, "Anna", partner="Bruno")
    # Anna and Bruno sit on the same side (seats 1 and 3) in the 15 four-player
    # matches, and opposite in the 15 two-player ones
    assert list(result.player.partners) == ["Bruno"]
    assert result.team is not None and result.team.record.played == 15
    st = sh.state_of(app)
    st.stats_player, st.stats_partner = "Anna", "Bruno"
    ss.stats_view(app)
    handler, args = app.page.tasks[-1]
    run_coroutine(handler(*args))
    texts = _texts(ss.stats_view(app))
    assert "In coppia: Anna & Bruno" in texts
    assert "Partite: 15 (finite 15, in corso 0, abbandonate 0)" in texts
