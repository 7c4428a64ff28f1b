"""Every problem of a hand or a setup reads as words on a phone: no raw
identifier, and the card and suit names of the deck the table chose (issue 23
item 7), in hints and errors as on the buttons."""

from __future__ import annotations

import re
import string

import pytest

from scorekeeper.core.problems import MESSAGES, WORDING, Code, Field, HandError, Problem
from scorekeeper.i18n import CATALOGS, LANGUAGES
from scorekeeper.i18n.cards import problem_wording
from scorekeeper.table.hand_fields import FIELDS, Kind
from scorekeeper.ui.kit.formatting import problem_text
from scorekeeper.ui.screens.hand_entry import view as entry_screen
from scorekeeper.ui.screens.scoreboard import view as scoreboard
from tests.builders import ANNA_BRUNO, memory_table
from tests.unit.fakes import make_session, texts

RAW = re.compile(r"[a-z]+_[a-z]")
# what each parameter of a template may hold, as validation fills it in
SAMPLES: dict[str, object] = {
    "rank": "F",
    "ranks": "A, 2, F, C, R",
    "plus_settebello": " + settebello",
    "by": "Anna",
    "name": "Anna",
}
WORDS = {"suit", "due", "fante", "due_and_fante", "rank_list"}


def params_of(code: Code) -> dict[str, object]:
    """Sample values for every parameter either language's template uses."""
    names = {
        name
        for lang in MESSAGES
        for _, name, _, _ in string.Formatter().parse(MESSAGES[lang][code])
        if name and name not in WORDS
    }
    return {name: SAMPLES.get(name, 7) for name in names}


def every_problem() -> list[Problem]:
    """Every code, on every field a problem can be about."""
    return [
        Problem(code, field, side, params_of(code))
        for code in Code
        for field in Field
        for side in (None, 1)
    ]


def test_the_catalogs_name_every_field_a_problem_is_about_and_no_other():
    for lang in LANGUAGES:
        named = {
            key.removeprefix("problem.field.")
            for key in CATALOGS[lang]
            if key.startswith("problem.field.") and not key.endswith(".fr")
        }
        assert named == set(Field), lang


def test_a_fields_italian_word_on_a_screen_is_the_command_lines():
    """Written once, in the core (``WORDING["it"]``); the catalog takes it."""
    assert set(WORDING["it"].fields) == set(Field)
    for field in Field:
        assert CATALOGS["it"][f"problem.field.{field}"] == WORDING["it"].fields[field]


def test_the_hand_entrys_fields_are_the_fields_of_a_hand_a_problem_names():
    """``table/hand_fields.py`` declares a hand's fields once: the core's
    problems name the same ones (the entry's spade counts are ``spades``
    there; the spade form is the entry's own), besides the match's."""
    of_the_match = {
        Field.HANDS,
        Field.PLAYERS,
        Field.FIRST_DEALER,
        Field.TARGET,
        Field.EARLY_WIN,
    }
    entry = {
        "spades" if f.name == "spade_counts" else f.name
        for f in FIELDS
        if f.kind is not Kind.FORM
    }
    assert entry == set(Field) - of_the_match


@pytest.mark.parametrize("french", [False, True], ids=["italian deck", "french deck"])
@pytest.mark.parametrize("lang", ["it", "en"])
def test_no_problem_text_shows_a_raw_identifier(lang, french):
    session = make_session(memory_table(), lang=lang)
    session.french_cards = french
    for problem in every_problem():
        text = problem_text(session, problem)
        assert not RAW.search(text), (problem.code, problem.field, text)
        assert "{" not in text, text


def test_with_french_cards_no_problem_names_an_italian_card_or_figure():
    for lang, italian in (("it", r"\bspade\b"), ("en", r"\bdi spade\b")):
        wording = problem_wording(lang, french=True)
        for problem in every_problem():
            text = problem.text(lang, wording)
            assert not re.search(italian, text), text
            assert not re.search(r"\b[FCR]\b", text), text


def test_the_words_of_the_french_deck_in_both_languages():
    missing = Problem(Code.SPADE_MISSING, "spades", None, {"ranks": "F, C, R"})
    honour = Problem(Code.HONOUR_NOBODY, "due_di_spade")
    it, en = problem_wording("it", True), problem_wording("en", True)
    assert missing.text("it", it) == (
        "picche: nessuno ha J, Q, K: ognuna delle 10 picche va a una delle parti"
    )
    assert missing.text("en", en) == (
        "spades: nobody has J, Q, K: each of the 10 spades must be with one side"
    )
    assert (
        honour.text("en", en)
        == "two of spades: nobody has it: it must be with one side"
    )
    assert honour.text("en", problem_wording("en", False)) == (
        "due di spade: nobody has it: it must be with one side"
    )


def test_the_command_line_keeps_its_words():
    """FORMAT.md's messages: the field as the match file names it."""
    problem = Problem(
        Code.NAPOLA_TOO_FEW_SPADES, "napola", 1, {"napola": 5, "spades": 4}
    )
    assert problem.text() == "napola: a napola of 5 needs 5 spades, the side has 4"


def _fresh_entry(lang: str, french: bool) -> list[str]:
    table = memory_table()
    table.start_match(ANNA_BRUNO)
    session = make_session(table, lang=lang)
    session.french_cards = french
    scoreboard.start_hand(session)
    return texts(entry_screen.hand_entry_view(session))


def test_the_hint_of_a_fresh_entry_names_the_french_cards():
    shown = _fresh_entry("it", True)
    assert "Segna chi ha le picche: tocca ogni carta." in shown
    assert not any("F, C, R" in t or "spade" in t for t in shown)


def test_a_refused_save_in_english_names_the_honour_not_its_key():
    """An error without the sides' names (the engine's) names the players of
    the match on screen."""
    table = memory_table()
    table.start_match(ANNA_BRUNO)
    session = make_session(table, lang="en")
    error = HandError((Problem(Code.HONOUR_NOBODY, "due_di_spade"),), 1)
    assert "due_di_spade" not in session.error_text(error)
    assert "Who has the due di spade? Anna or Bruno?" in session.error_text(error)
    session.french_cards = True
    assert "Who has the two of spades? Anna or Bruno?" in session.error_text(error)
