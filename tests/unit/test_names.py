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
