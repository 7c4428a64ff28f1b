"""Player names (RULES §4): stored cleaned, compared by key."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.core.names import clean_name, name_key, same_player


def test_runs_of_spaces_are_collapsed_and_the_ends_trimmed():
    assert clean_name("  Anna   Rossi ") == "Anna Rossi"


def test_case_and_spaces_do_not_make_another_player():
    assert same_player("Anna  Rossi", "anna rossi")
    assert not same_player("Anna Rossi", "Anna Russo")


def test_a_composed_and_a_decomposed_accent_are_the_same_player():
    assert same_player("Nicolò", "Nicolo\u0300")
    assert clean_name("Nicolo\u0300") == "Nicolò"


@given(st.text())
def test_the_key_of_a_cleaned_name_is_the_key_of_the_name(name):
    """For any text, cleaning it first does not change its key."""
    assert name_key(clean_name(name)) == name_key(name)


# -- "the same player" everywhere in the core (RULES §4) -----------------------
def test_a_new_match_refuses_two_names_that_are_the_same_player():
    from scorekeeper.core import Code, MatchSetup
    from scorekeeper.core.setup_checks import setup_problems

    setup = MatchSetup(("Anna  Rossi", "Bruno", "anna rossi", "Nicolò"))
    (problem,) = setup_problems(setup)
    assert (problem.code, problem.field, problem.side) == (
        Code.PLAYER_DUPLICATE,
        "players",
        None,
    )
    assert problem.text("en") == "players: 'anna rossi' is named twice"
    assert problem.text("it") == "giocatori: 'anna rossi' compare due volte"
    composed = MatchSetup(("Nicolò", "Nicolo\u0300"))
    assert [p.code for p in setup_problems(composed)] == [Code.PLAYER_DUPLICATE]


def test_the_first_dealer_and_the_declarer_are_found_by_name_key():
    from scorekeeper.core import MatchSetup

    setup = MatchSetup(("Anna Rossi", "Bruno"), "anna  rossi")
    assert setup.dealer_seat == 0 and setup.side_of("BRUNO") == 1
    assert setup.has_player(" bruno ") and not setup.has_player("Carla")
    assert not setup.has_player(None)


def test_statistics_fold_names_with_name_key():
    from scorekeeper.core.stats import fold

    assert fold("Anna  Rossi ") == fold("anna rossi") == name_key("Anna Rossi")
    assert fold("Nicolo\u0300") == fold("NICOLÒ")


def test_a_match_file_stores_names_cleaned():
    from scorekeeper.core.matchfile import parse_match
    from tests.conftest import FORMAT_EXAMPLE

    doc = {
        **FORMAT_EXAMPLE,
        "players": ["  Anna   Rossi ", "Nicolo\u0300"],
        "first_dealer": "Anna Rossi ",
        "rules": {**FORMAT_EXAMPLE["rules"], "early_win": True},
        "hands": [
            {
                "sides": [
                    {"cards": 4, "spades": [], "settebello": False},
                    {"cards": 4, "spades": [], "settebello": False},
                ],
                "declaration": {"by": "nicolò  ", "deal": 1},
            }
        ],
    }
    match = parse_match(doc).match
    assert match.setup.players == ("Anna Rossi", "Nicolò")
    assert match.setup.first_dealer == "Anna Rossi"
    assert match.hands[0].declaration.by == "nicolò"
    assert match.setup.side_of(match.hands[0].declaration.by) == 1


def test_the_new_match_form_gives_the_names_cleaned():
    from scorekeeper.ui.screens.new_match.state import NewMatchForm

    form = NewMatchForm(count=2, names=["  Anna   Rossi ", "Nicolo\u0300", "", ""])
    assert form.players() == ("Anna Rossi", "Nicolò")
    assert form.setup().players == ("Anna Rossi", "Nicolò")
