"""Names the phones cannot draw (emoji, symbols, other scripts) are refused
where a name is typed, with a clear message in the player's language, never
shown as boxes. An emoji or a symbol is refused at every door by the one name
rule (core/names.py, tests/unit/core/test_name_rule.py); a letter of another
script only where the phones draw it."""

from __future__ import annotations

import pytest

from scorekeeper.core.model import MatchSetup, Rules
from scorekeeper.core.names import undrawable
from scorekeeper.core.problems import Code
from scorekeeper.core.setup_checks import setup_problems
from scorekeeper.storage.errors import RosterError
from scorekeeper.ui.screens.new_match import view as new_match
from scorekeeper.ui.screens.new_match.state import NewMatchForm
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

    (problem,) = name_display_problems(["Anna", "Bruno Ω"])
    italian, english = problem.text("it"), problem.text("en")
    assert "giocatore 2" in italian and "emoji" in italian
    assert "player 2" in english and "emoji" in english
    assert undrawable("Bruno Ω") == "Ω"
    # the message itself must not carry the glyph it says cannot be drawn
    assert undrawable(italian) == "" and undrawable(english) == ""


def test_a_match_file_setup_takes_letters_of_any_script_but_no_emoji():
    setup = MatchSetup(("李", "Bruno Ω"), "Bruno Ω", Rules())
    assert setup_problems(setup) == []
    setup = MatchSetup(("Anna 😀", "Bruno"), "Bruno", Rules())
    assert [p.code for p in setup_problems(setup)] == [Code.PLAYER_NAME_CHARACTER]


def test_the_new_match_form_refuses_an_emoji_name_in_italian_and_disables_start(
    table,
):
    session = make_session(table)
    session.states.put(NewMatchForm(names=["Anna 😀", "Bruno", "", ""]))
    view = new_match.new_match_view(session)
    assert find(view, "new-start").disabled
    texts = [c.value for c in find(view, "new-problems").controls]
    # the name shown with the emoji escaped: no box in the message either
    assert any("«Anna \\U0001f600»" in t and "emoji" in t for t in texts), texts
    assert all(not undrawable(t) for t in texts), texts
    new_match.start_match(session)
    assert table.current() is None


def test_the_new_match_form_says_it_in_english_too(table):
    session = make_session(table)
    session.translator.lang = "en"
    session.states.put(NewMatchForm(names=["Anna", "🃏", "", ""]))
    view = new_match.new_match_view(session)
    texts = [c.value for c in find(view, "new-problems").controls]
    assert any('"\\U0001f0cf" has emoji or symbols' in t for t in texts), texts
    assert any("letters, digits and punctuation" in t for t in texts)


def test_the_roster_refuses_adding_or_renaming_to_an_emoji_name(table):
    session = make_session(table)
    with pytest.raises(RosterError) as e:
        table.add_player("Anna Ω")
    assert e.value.code == "name_undrawable"
    table.add_player("Anna")
    with pytest.raises(RosterError) as e:
        table.rename_player("Anna", "Anna ♥")
    assert e.value.code == "name_invalid"  # a symbol: the one name rule
    assert [p.name for p in table.queries.players()] == ["Anna"]
    italian = session.error_text(e.value)
    assert "«Anna \\u2665» ha emoji o simboli" in italian, italian
    session.translator.lang = "en"
    assert '"Anna \\u2665" has emoji or symbols' in session.error_text(e.value)
    with pytest.raises(RosterError) as e:
        table.rename_player("Anna", "Anna Ω")
    assert "emoji" in session.error_text(e.value)
