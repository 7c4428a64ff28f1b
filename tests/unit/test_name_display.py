"""Names the phones cannot draw (emoji, symbols) are refused where a name is
typed, with a clear message in the player's language, never shown as boxes;
a match file or the CLI still follows FORMAT.md (any name of up to 40
characters)."""

from __future__ import annotations

import pytest

from scorekeeper.core.model import MatchSetup, Rules
from scorekeeper.core.setup_checks import setup_problems
from scorekeeper.storage.errors import RosterError
from scorekeeper.ui.forms import NewMatchForm
from scorekeeper.ui.screens import new_match
from tests.unit.fakes import find, make_session

EMOJI_NAMES = ["Anna 😀", "🃏", "Bruno ♠", "Ca\u200dlo", "Dario 👍🏽", "李"]
DRAWABLE_NAMES = ["Anna", "Niccolò", "Zoë O'Neil-Ñúñez", "Łukasz Żółć", "“Bibi” …"]


@pytest.mark.parametrize("name", EMOJI_NAMES)
def test_an_emoji_or_symbol_in_a_name_is_found(name):
    from scorekeeper.core.names import undrawable

    assert undrawable(name)


@pytest.mark.parametrize("name", DRAWABLE_NAMES)
def test_letters_accents_and_punctuation_of_latin_names_are_drawable(name):
    from scorekeeper.core.names import undrawable

    assert undrawable(name) == ""


def test_the_problem_names_the_seat_in_both_languages_and_quotes_no_box():
    from scorekeeper.core.names import undrawable
    from scorekeeper.core.setup_checks import name_display_problems

    (problem,) = name_display_problems(["Anna", "Bruno 😀"])
    italian, english = problem.text("it"), problem.text("en")
    assert "giocatore 2" in italian and "emoji" in italian
    assert "player 2" in english and "emoji" in english
    # the message itself must not carry the glyph it says cannot be drawn
    assert undrawable(italian) == "" and undrawable(english) == ""


def test_a_match_file_setup_keeps_accepting_any_name_as_format_md_says():
    setup = MatchSetup(("Anna 😀", "Bruno"), "Bruno", Rules())
    assert setup_problems(setup) == []


def test_the_new_match_form_refuses_an_emoji_name_in_italian_and_disables_start(
    table,
):
    session = make_session(table)
    session.states.new_match = NewMatchForm(names=["Anna 😀", "Bruno", "", ""])
    view = new_match.new_match_view(session)
    assert find(view, "new-start").disabled
    texts = [c.value for c in find(view, "new-problems").controls]
    assert any("giocatore 1" in t and "emoji" in t for t in texts), texts
    new_match.start_match(session)
    assert table.current() is None


def test_the_new_match_form_says_it_in_english_too(table):
    session = make_session(table)
    session.translator.lang = "en"
    session.states.new_match = NewMatchForm(names=["Anna", "🃏", "", ""])
    view = new_match.new_match_view(session)
    texts = [c.value for c in find(view, "new-problems").controls]
    assert any("player 2" in t and "emoji" in t for t in texts), texts


def test_the_roster_refuses_adding_or_renaming_to_an_emoji_name(table):
    session = make_session(table)
    with pytest.raises(RosterError) as e:
        table.add_player("Anna 😀")
    assert e.value.code == "name_undrawable"
    table.add_player("Anna")
    with pytest.raises(RosterError) as e:
        table.rename_player("Anna", "Anna ♥")
    assert e.value.code == "name_undrawable"
    assert [p.name for p in table.queries.players()] == ["Anna"]
    assert "emoji" in session.error_text(e.value)
    session.translator.lang = "en"
    assert "emoji" in session.error_text(e.value)
