"""The one name rule (core/names.py, issue 24): printable letters, digits,
punctuation and spaces only, after NFC; applied by every door a name comes in
by (the app's new-match form and roster, a match file, a shared link, a
tournament document, the repository's new match), told in the phone's
language with the bad value shown escaped and cut."""

from __future__ import annotations

import copy

import pytest

from scorekeeper.core.engine import evaluate
from scorekeeper.core.matchfile import MatchFileError, dump_match, parse_match
from scorekeeper.core.model import Match, MatchSetup
from scorekeeper.core.names import name_fault, same_player, shown_name
from scorekeeper.core.problems import Code, SetupError
from scorekeeper.core.setup_checks import setup_problems
from scorekeeper.core.sharelink import link_document, match_link
from scorekeeper.core.tournament import TournamentFileError, parse_tournament
from scorekeeper.core.tournament.document import dump_tournament
from scorekeeper.storage.errors import RosterError
from scorekeeper.ui.screens.new_match import view as new_match
from scorekeeper.ui.screens.new_match.state import NewMatchForm
from tests.builders import match, plain_hand
from tests.tournament_builders import tournament
from tests.unit.fakes import find, make_session

BAD = {
    "ANSI escape": "\x1b[31mAnna\x1b[0m",
    "NUL": "An\x00na",
    "RTL override": "\u202eannA",
    "zero-width joiner": "An\u200dna",
    "zero-width space": "An\u200bna",
    "byte order mark": "\ufeffAnna",
    "bidi isolate": "Anna\u2066",
    "private use": "Anna\ue000",
    "emoji": "Anna 😀",
    "card suit": "Bruno ♠",
    "a mark on nothing": "\u0301Anna",
}
GOOD = [
    "Anna",
    "Niccolò",
    "Nicolo\u0300",  # decomposed: NFC makes it one letter
    "Zoë O'Neil-Ñúñez",
    "“Bibi” …",
    "Łukasz Żółć",
    "李小龍",
    "Ελένη",
    "Anna+Bruno",
    "  Anna   Rossi ",
    "Anna\tRossi\n",  # whitespace: stored as one space (clean_name)
    "J.R. (2)",
]


@pytest.mark.parametrize("name", list(BAD.values()), ids=list(BAD))
def test_the_rule_refuses_what_is_no_letter_digit_punctuation_or_space(name):
    fault = name_fault(name)
    assert fault is not None and fault.code == "character", fault
    assert fault.char.startswith("U+")
    # the name as shown carries no character the rule refuses
    assert name_fault(fault.shown.replace("\\", "")) is None


@pytest.mark.parametrize("name", GOOD)
def test_the_rule_takes_letters_of_any_script_digits_and_punctuation(name):
    assert name_fault(name) is None


def test_two_names_that_look_the_same_cannot_both_be_players():
    assert not same_player("Anna", "An\u200dna")  # two players ...
    assert name_fault("An\u200dna") is not None  # ... so one never gets in
    setup = MatchSetup(("Anna", "An\u200dna"))
    (problem,) = setup_problems(setup)
    assert problem.code is Code.PLAYER_NAME_CHARACTER
    assert problem.text("en") == (
        "players: 'An\\u200dna' has U+200D ZERO WIDTH JOINER: a name has "
        "letters, digits, punctuation and spaces only (no emoji, symbols or "
        "control characters)"
    )
    assert problem.text("it").startswith(
        "giocatori: 'An\\u200dna' ha U+200D ZERO WIDTH JOINER: un nome ha solo "
        "lettere, cifre, punteggiatura e spazi"
    )


def test_a_long_bad_value_is_cut_and_empty_and_long_names_keep_their_words():
    assert shown_name("A" * 1_000_000) == "A" * 60 + "…"
    assert name_fault("   ").code == "empty"  # type: ignore[union-attr]
    (problem,) = setup_problems(MatchSetup(("B" * 1_000_000, "Anna")))
    assert problem.code is Code.PLAYER_NAME_TOO_LONG
    assert len(problem.text("it")) < 120


def test_a_match_file_and_a_shared_link_refuse_a_bad_name():
    doc = dump_match(match(("Anna", "Bruno"), [plain_hand()]))
    link = match_link(doc, "http://127.0.0.1:8550/")
    bad = copy.deepcopy(doc)
    bad["players"] = ["Anna", "Bru\u202eno"]
    bad["first_dealer"] = "Anna"
    with pytest.raises(MatchFileError) as caught:
        parse_match(bad)
    assert "'Bru\\u202eno' has U+202E RIGHT-TO-LEFT OVERRIDE" in str(caught.value)
    assert parse_match(link_document(link)).match.setup.players == ("Anna", "Bruno")
    with pytest.raises(MatchFileError):
        parse_match(link_document(match_link(bad, "http://127.0.0.1:8550/")))


def test_a_stored_match_of_before_the_rule_still_scores():
    """The doors apply the rule; the engine scoring a stored match does not
    (a match imported with an emoji before the rule still opens)."""
    old = Match(MatchSetup(("Anna 😀", "Bruno")), ())
    assert evaluate(old).totals == (0, 0)
    with pytest.raises(SetupError):
        from scorekeeper.core.setup_checks import check_setup

        check_setup(old.setup)


def test_a_tournament_document_refuses_a_bad_entrant_name():
    doc = dump_tournament(tournament(4, []))
    entrants = doc["entrants"]
    first = entrants[0]
    entrants[0] = "An\x00na" if isinstance(first, str) else ["An\x00na"]
    with pytest.raises(TournamentFileError) as caught:
        parse_tournament(doc)
    message = str(caught.value)
    assert "entrant 1" in message and "'An\\x00na' has U+0000" in message, message


def test_the_new_match_form_refuses_a_bad_name_in_the_phones_language(table):
    session = make_session(table)
    session.states.put(NewMatchForm(names=["Anna", "An\u200dna", "", ""]))
    view = new_match.new_match_view(session)
    assert find(view, "new-start").disabled
    texts = [c.value for c in find(view, "new-problems").controls]
    assert any("«An\\u200dna» ha emoji o simboli" in t for t in texts), texts
    assert all("\u200d" not in t for t in texts)
    new_match.start_match(session)
    assert table.current() is None
    session.translator.lang = "en"
    view = new_match.new_match_view(session)
    texts = [c.value for c in find(view, "new-problems").controls]
    assert any('"An\\u200dna" has emoji or symbols' in t for t in texts), texts


def test_the_table_service_and_the_roster_refuse_a_bad_name(table):
    with pytest.raises(SetupError):
        table.start_match(MatchSetup(("Anna", "\x1b[2JBruno")))
    assert table.current() is None
    with pytest.raises(RosterError) as caught:
        table.add_player("An\x00na")
    assert caught.value.code == "name_invalid"
    assert str(caught.value).startswith("'An\\x00na' has U+0000")
    table.add_player("Anna")
    with pytest.raises(RosterError) as caught:
        table.rename_player("Anna", "\u202eAnna")
    assert str(caught.value).startswith("'\\u202eAnna' has U+202E")
    assert [p.name for p in table.queries.players()] == ["Anna"]
