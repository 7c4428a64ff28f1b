"""The smaller words and looks of issue 23 (item 11): the target's one name,
a win at exactly the target, a tie-break that misses nothing, the board on a
TV, the connect screen with a table code, a new code asked first, Flutter's
own texts in the session's language, spade chips in the dark theme."""

from __future__ import annotations

import flet as ft
import pytest

from scorekeeper.core.model import MatchSetup, Rank, Rules
from scorekeeper.i18n import CATALOGS
from scorekeeper.storage import open_repository
from scorekeeper.table import TableService
from scorekeeper.table.hand_draft import HandDraft
from scorekeeper.ui import routes
from scorekeeper.ui.access.table_code import Gate
from scorekeeper.ui.hosting.lan import LanInfo
from scorekeeper.ui.kit import palette
from scorekeeper.ui.screens.board import view as board
from scorekeeper.ui.screens.connect import view as connect
from scorekeeper.ui.screens.hand_entry import spades
from scorekeeper.ui.screens.scoreboard import view as scoreboard
from tests.builders import plain_hand
from tests.unit.fakes import find, make_session, texts


def table_with(*extras: tuple[int, int], target: int = 31) -> TableService:
    """A match of Anna and Bruno with one plain hand per ``extras`` pair."""
    table = TableService(open_repository(memory=True))
    stored = table.start_match(
        MatchSetup(("Anna", "Bruno"), "Anna", Rules(target=target))
    ).value
    for a, b in extras:
        table.add_hand(stored.id, plain_hand(a, b))
    return table


@pytest.mark.parametrize(
    ("lang", "others"),
    [
        ("it", ("punti per vincere", "punteggio da raggiungere", "obiettivo")),
        ("en", ("points to win", "target score", "goal")),
    ],
)
def test_the_target_has_one_name(lang, others):
    words = " ".join(CATALOGS[lang].values()).lower()
    assert not [w for w in others if w in words]
    name = {"it": "Traguardo", "en": "Target"}[lang]
    for key in ("new.target", "settings.target"):
        assert CATALOGS[lang][key] == name


def test_a_win_at_exactly_the_target_reached_it_and_one_past_passed_it():
    exactly = make_session(table_with((29, 0)))  # 31 - 1
    assert exactly.current().state.totals == (31, 1)
    sentence = scoreboard.ending_sentence(exactly, exactly.current().state)
    assert sentence == "Raggiunto il traguardo di 31 punti."
    past = make_session(table_with((30, 0)))
    sentence = scoreboard.ending_sentence(past, past.current().state)
    assert sentence == "Superato il traguardo di 31 punti."


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


def test_with_a_table_code_connect_never_says_only_this_device(monkeypatch):
    monkeypatch.setattr(
        connect,
        "lan_info",
        lambda url: LanInfo("http://192.168.1.5:8550", False, "192.168.1.5", 8550),
    )
    session = make_session(table_with())
    session.admission.gate = Gate()
    shown = "\n".join(texts(connect.connect_view(session)))
    assert "solo questo dispositivo" not in shown
    assert "entrano con il codice del tavolo" in shown
    assert f"Codice del tavolo: {session.admission.gate.table_code}" in shown


@pytest.mark.parametrize(("lang", "code"), [("it", "it"), ("en", "en")])
def test_flutters_own_texts_follow_the_session_language(lang, code):
    session = make_session(table_with(), routes.MATCH, lang=lang)
    session.render()
    assert session.page.locale_configuration.current_locale.language_code == code
    session.set_language("it" if lang == "en" else "en")
    locale = session.page.locale_configuration.current_locale
    assert locale.language_code != code


def test_an_unassigned_spade_chip_takes_the_theme_not_white():
    session = make_session(table_with())
    chip = find(spades.spade_chip(session, HandDraft(), Rank.ASSO), "entry-spade-A")
    for dark in (False, True):
        colours = palette.DARK if dark else palette.LIGHT
        fill = colours.role(chip.style.bgcolor.value)
        text = colours.role(chip.style.color.value)
        assert fill is not None and text is not None  # theme roles, not fixed
    assert palette.DARK.role(chip.style.bgcolor.value) != "#FFFFFF"
