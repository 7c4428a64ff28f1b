"""History screen logic without a browser: filters, paging, import refusals."""

from __future__ import annotations

import json

import pytest

from scorekeeper.core import MatchSetup, Rules
from scorekeeper.i18n import Translator
from scorekeeper.storage import open_repository
from scorekeeper.ui import screens_history as sh
from tests.builders import plain_hand


class FakeApp:
    """What the history screens use of a ``TableApp``."""

    def __init__(self, repo) -> None:
        self.shared = type("Shared", (), {"repo": repo})()
        self.translator = Translator("it")
        self.page = type("Page", (), {"pubsub": None})()
        self.lang = "it"
        self.rendered = 0

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
