"""Every problem the core can find reads, on a screen, as one short sentence a
player at the table would say (issue 35 item 3): the side named by its
players ("Anna & Carla hanno 3 spade: ..."), never a field's key, "la parte"
or the command line's "place: problem" chain, and short enough for two lines
of a phone. The command line keeps FORMAT.md's one line (tests/integration).

The problems are made by the core itself (the validator, the engine, the
setup checks) from hands and setups that break each rule: a code the core
can produce and these tests cannot is a failure, so a new code comes with
its sentence."""

from __future__ import annotations

import re

import pytest

from scorekeeper.core.engine import MAX_HANDS, add_hand, evaluate, replace_hand
from scorekeeper.core.model import (
    Declaration,
    Hand,
    MatchSetup,
    Rank,
    Rules,
    SideTally,
    SpadeCount,
    SpadeList,
)
from scorekeeper.core.problems import Code, Field, HandError, Problem
from scorekeeper.core.setup_checks import name_display_problems, setup_problems
from scorekeeper.core.validation import declaration_problems, hand_problems
from scorekeeper.i18n import CATALOGS, Translator
from scorekeeper.i18n.cards import problem_wording
from scorekeeper.i18n.sentences import Sides, sentence
from scorekeeper.table.hand_draft import SpadeForm
from scorekeeper.ui.screens.hand_entry import actions as entry_actions
from scorekeeper.ui.screens.hand_entry import view as entry_screen
from scorekeeper.ui.screens.hand_entry.state import EntryState
from scorekeeper.ui.screens.new_match import view as new_match
from scorekeeper.ui.screens.new_match.state import NewMatchForm
from scorekeeper.ui.screens.scoreboard import view as scoreboard
from scorekeeper.ui.shell.refusals import error_sentence
from scorekeeper.ui.shell.session import Session
from tests.builders import (
    ANNA_BRUNO,
    count,
    declared_hand,
    match,
    memory_table,
    plain_hand,
)
from tests.unit.fakes import find, make_session

LONGEST = 88
"""The most characters a sentence may have: two lines of a 360 px phone.
The entry's text is 14 px Roboto in a column 336 px wide (360 less the
page's padding of 12 a side); the screenshots at 360x740
(tests/e2e/test_hint_sentences.py) show 46-48 characters on a line ("Chi ha
il fante di spade? Anna & Carla o Bruno &", "Anna has 10 spades and the
settebello but only 8"). A line breaks between words, so it may end up to
a word short: two lines hold 88 characters for sure."""

FOUR = MatchSetup(("Anna", "Bruno", "Carla", "Dario"), "Anna", Rules())
TWO = MatchSetup(("Anna", "Bruno"), "Anna", Rules(early_win=True))


def tally(cards: object = 20, spades: object = (), **rest: object) -> SideTally:
    """One side's captures; ``spades`` a tuple of ranks, or a SpadeCount."""
    listed = spades if isinstance(spades, SpadeCount) else SpadeList(spades)
    return SideTally(cards=cards, spades=listed, **rest)  # type: ignore[arg-type]


# Each hand breaks some of RULES §4, with the setup it is checked in.
HANDS: list[tuple[MatchSetup, Hand]] = [
    # whatever a match file may hold: text for numbers, a card that is none
    (
        FOUR,
        Hand(
            (
                SideTally(
                    cards="x",  # type: ignore[arg-type]
                    spades=SpadeList(("Z", "A", "A")),
                    settebello="y",  # type: ignore[arg-type]
                    piccole="p",  # type: ignore[arg-type]
                    spazzini="s",  # type: ignore[arg-type]
                    bagari="b",  # type: ignore[arg-type]
                    scaluneddu="q",  # type: ignore[arg-type]
                ),
                tally(3, ("A",)),
            )
        ),
    ),
    # spades missing, cards not 40, too many piccole and spazzini
    (
        FOUR,
        Hand(
            (
                tally(18, ("A", "2", "3", "4", "5"), piccole=9, spazzini=("R",) * 10),
                tally(20, ("6", "7"), piccole=9, spazzini=("R",) * 9, bagari=(5,)),
            )
        ),
    ),
    (FOUR, Hand((tally(36, ("A", "2", "3", "4", "5", "6", "7", "F", "C")), tally(4)))),
    (FOUR, Hand((tally(41, settebello=True, scaluneddu=7), tally(settebello=True)))),
    (FOUR, Hand((tally(spades=("A",)), tally(spades=count(9))))),
    # the count form
    (
        FOUR,
        Hand(
            (
                tally(spades=count(11, napola=2)),
                tally(spades=count(1, True, True, 5)),
            )
        ),
    ),
    (FOUR, Hand((tally(spades=count(3)), tally(spades=count(3))))),
    (
        FOUR,
        Hand(
            (
                tally(spades=count(10, True, True, 5)),
                tally(spades=count(0, True, False, 8)),
            )
        ),
    ),
    (FOUR, Hand((tally(spades=count(9)), tally(spades=count(1, True, True))))),
    (FOUR, Hand((tally(spades=count(10, True)), tally(spades=count(0, False, True))))),
    (
        FOUR,
        Hand(
            (
                tally(spades=count(5, False, True, 5)),
                tally(spades=count(5, True)),
            )
        ),
    ),
    # what the captured cards cannot hold
    (
        FOUR,
        Hand(
            (
                tally(5, ("A", "2", "3", "4", "5", "6"), settebello=True, piccole=3),
                tally(35, ("7", "F", "C", "R"), piccole=2, bagari=(4, 4)),
            )
        ),
    ),
    (FOUR, Hand((tally(3, bagari=(4,), spazzini=("Z", "R")), tally(37)))),
    (
        MatchSetup(FOUR.players, "Anna", Rules(scaluneddu=False)),
        Hand((tally(20, scaluneddu=1), tally(20))),
    ),
    # a hand stopped by a declaration (2 players)
    (
        TWO,
        Hand(
            (tally(20, spades=count(6)), tally(20, spades=count(6))),
            Declaration("Anna", 2),
        ),
    ),
    (TWO, Hand((tally(30), tally(20)), Declaration("Anna", 2))),
    (TWO, Hand((tally(4, scaluneddu=5), tally(4)), Declaration("Anna", 2))),
    (
        MatchSetup(FOUR.players, "Anna", Rules()),
        Hand((tally(4), tally(4)), Declaration("Zoe", 9)),
    ),
]


def engine_problems() -> list[tuple[MatchSetup, Problem]]:
    """What the engine refuses: a hand after the match is won, a declaration
    in a tie-break, a hand that is not there."""
    made: list[tuple[MatchSetup, Problem]] = []
    for build in (
        lambda: evaluate(match(hands=(plain_hand(35), plain_hand()))),
        lambda: evaluate(
            match(
                hands=(plain_hand(1, 2), declared_hand("Anna", 1, 1, 0)),
                target=3,
                early_win=True,
            )
        ),
        lambda: replace_hand(match(hands=(plain_hand(),)), 5, plain_hand()),
        # one hand past the bound (issue 34): refused before any is scored
        lambda: add_hand(match(hands=(plain_hand(),) * MAX_HANDS), plain_hand()),
    ):
        with pytest.raises(HandError) as refused:
            build()
        made += [(TWO, p) for p in refused.value.problems]
    return made


def setup_problems_made() -> list[tuple[MatchSetup, Problem]]:
    """What the new-match form refuses."""
    bad = MatchSetup(
        ("Anna", "", "anna", "x" * 50, "Zo\u200be"),
        "Zoe",
        Rules(target=0),
    )
    four = MatchSetup(FOUR.players, "Anna", Rules(early_win=True))
    problems = setup_problems(bad) + setup_problems(four)
    problems += name_display_problems(("Anna", "\u674e"))
    return [(TWO, p) for p in problems]


def every_problem() -> list[tuple[MatchSetup, Problem]]:
    made = [
        (setup, p)
        for setup, hand in HANDS
        for p in declaration_problems(hand, setup)
        + hand_problems(hand, setup.rules, len(setup.players))
    ]
    return made + engine_problems() + setup_problems_made()


def test_the_core_makes_every_problem_code_of_these_tests():
    assert {p.code for _, p in every_problem()} == set(Code)


def test_every_problem_the_core_makes_is_about_a_field_it_declares():
    assert {p.field for _, p in every_problem()} == set(Field)


HAND_FIELDS = set(Field) - {
    "players",
    "first_dealer",
    "target",
    "early_win",
}
RAW = re.compile(r"\b[a-z]+_[a-z_]+\b")
SIDE_WORDS = re.compile(r"\b(la|una|ogni) parte\b|\bparte \d|\bthe side\b|\bside \d")
# the command line's "hand 2, side 2 (Bruno): napola: ..." or any field word
# before a colon ("spade: ...", "due di spade: ...")
PLACE = re.compile(
    "|".join(
        [r"^(mano|hand) \d", r"\(\w+\):"]
        + [
            re.escape(word) + ":"
            for lang in ("it", "en")
            for french in (False, True)
            for word in (
                *problem_wording(lang, french).fields.values(),
                *Field,
            )
        ]
    ),
    re.IGNORECASE,
)
ABOUT_THE_MATCH = {
    Code.DECLARATION_NOT_AGREED,
    Code.DECLARATION_FOUR_PLAYERS,
    Code.DECLARATION_BAD_DEAL,
    Code.DECLARATION_TIE_BREAK,
    Code.MATCH_ALREADY_DECIDED,
    Code.HAND_INDEX,
    Code.TOO_MANY_HANDS,
    Code.DECLARATION_UNKNOWN_PLAYER,  # names who declared (below)
}


def rendered() -> list[tuple[str, bool, MatchSetup, Problem, str]]:
    return [
        (lang, french, setup, p, sentence(p, Translator(lang), Sides.of(setup), french))
        for lang in ("it", "en")
        for french in (False, True)
        for setup, p in every_problem()
    ]


@pytest.mark.parametrize("lang", ["it", "en"])
def test_every_problem_is_one_sentence_without_a_field_key_or_a_colon_chain(lang):
    for said, french, _, problem, text in rendered():
        if said != lang:
            continue
        where = (problem.code, problem.field, french, text)
        assert not RAW.search(text), where  # no due_di_spade, spade_count_sum
        assert "{" not in text, where
        # one colon at most ("Anna ha 2 spade: una napola ..."), never
        # "mano 2, parte 2 (Bruno): napola: ..."
        assert text.count(":") <= 1, where
        assert not PLACE.match(text), where
        assert not SIDE_WORDS.search(text), where
        assert text[0].isupper() or text[0] in '«"', where
        assert text.endswith((".", "?")), where


def test_every_problem_of_a_side_names_its_players_and_of_the_hand_both_sides():
    for _, _, setup, problem, text in rendered():
        if problem.field not in HAND_FIELDS or problem.code in ABOUT_THE_MATCH:
            continue
        if problem.side is not None:
            assert setup.side_name(problem.side) in text, (problem.code, text)
        else:
            names = (setup.side_name(0), setup.side_name(1))
            assert all(n in text for n in names), (problem.code, text)


def test_a_declaration_by_somebody_else_names_who_declared():
    texts = [
        text
        for _, _, _, p, text in rendered()
        if p.code is Code.DECLARATION_UNKNOWN_PLAYER
    ]
    assert texts and all(t.startswith("Zoe ") for t in texts)


def test_every_problem_fits_two_lines_of_a_phone():
    longest = max(rendered(), key=lambda r: len(r[4]))
    assert len(longest[4]) <= LONGEST, longest[4]


def test_a_count_of_one_reads_in_the_singular():
    one_spade = Problem(
        Code.NAPOLA_TOO_FEW_SPADES, "napola", 0, {"napola": 3, "spades": 1}
    )
    sides = Sides.of(TWO)
    assert sentence(one_spade, Translator("it"), sides) == (
        "Anna ha 1 spada: una napola da 3 ne vuole almeno 3."
    )
    assert sentence(one_spade, Translator("en"), sides, french=True) == (
        "Anna has 1 spade: a napola of 3 needs at least 3."
    )
    missing = Problem(Code.SPADE_MISSING, "spades", None, {"ranks": "F"})
    assert sentence(missing, Translator("it"), sides, french=True) == (
        "Manca il J di picche: di Anna o di Bruno?"
    )


def test_a_side_of_two_players_takes_the_plural_verb():
    problem = Problem(Code.NAPOLA_WITHOUT_DUE, "napola", 1, {"napola": 5})
    assert sentence(problem, Translator("it"), Sides.of(FOUR)) == (
        "Bruno & Dario non hanno il due di spade: senza, niente napola."
    )
    assert sentence(problem, Translator("en"), Sides.of(TWO), french=True) == (
        "Bruno has no two of spades: no napola without it."
    )


def test_a_long_typed_value_is_cut_so_the_sentence_stays_short():
    problem = Problem(Code.NOT_WHOLE, "cards", 0, {"value": "1" * 5000})
    text = sentence(problem, Translator("it"), Sides.of(TWO))
    assert text == "Scrivi in cifre le carte di Anna, non «111111111111111…»."


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        (
            "it",
            "Modifica rifiutata, non è cambiato nulla. Bruno ha 4 spade: una napola "
            "da 5 ne vuole almeno 5.",
        ),
        (
            "en",
            "Not accepted, nothing was changed. Bruno has 4 spades: a napola of 5 "
            "needs at least 5.",
        ),
    ],
)
def test_a_refused_save_says_the_problem_as_a_sentence_not_a_log_line(lang, expected):
    """Not "mano 2, parte 2 (Bruno): napola: una napola da 5 richiede 5
    spade, la parte ne ha 4" (the command line's words)."""
    problem = Problem(
        Code.NAPOLA_TOO_FEW_SPADES, "napola", 1, {"napola": 5, "spades": 4}
    )
    error = HandError((problem,), 2, ("Anna", "Bruno"))
    assert error_sentence(error, Translator(lang)) == expected
    session = make_session(memory_table(), lang=lang)
    assert session.error_text(error) == expected


# -- an entry nobody has touched: what to do next, never what is wrong ----------
NEXT_STEPS = {
    ("it", 2): (
        "Segna chi ha le spade: tocca ogni carta.",
        "Scrivi quante spade ha preso Anna.",
        "Chi ha il settebello? Tocca Anna o Bruno.",
    ),
    ("it", 4): (
        "Segna chi ha le spade: tocca ogni carta.",
        "Scrivi quante spade hanno preso Anna & Carla.",
        "Chi ha il settebello? Tocca Anna & Carla o Bruno & Dario.",
    ),
    ("en", 2): (
        "Mark who has the spades: tap each card.",
        "Type how many spades Anna took.",
        "Who has the settebello? Tap Anna or Bruno.",
    ),
    ("en", 4): (
        "Mark who has the spades: tap each card.",
        "Type how many spades Anna & Carla took.",
        "Who has the settebello? Tap Anna & Carla or Bruno & Dario.",
    ),
}


def fresh_entry(lang: str, players: int) -> Session:
    table = memory_table()
    setup = FOUR if players == 4 else ANNA_BRUNO
    table.start_match(setup)
    session = make_session(table, lang=lang)
    scoreboard.start_hand(session)
    return session


def said(session: Session, identifier: str) -> list[str]:
    view = entry_screen.hand_entry_view(session)
    return [t.value for t in find(view, identifier).controls]


@pytest.mark.parametrize(("lang", "players"), list(NEXT_STEPS))
def test_an_untouched_entry_says_what_to_do_next(lang, players):
    """Not "spade: nessuno ha A, 2, 3, 4, 5, 6, 7, F, C, R: ognuna delle 10
    spade va a una delle parti" before anything is typed."""
    session = fresh_entry(lang, players)
    spades, counts, settebello = NEXT_STEPS[lang, players]
    assert said(session, "entry-hints-spades") == [spades]
    assert said(session, "entry-hints-settebello") == [settebello]
    for place in ("spades", "settebello", "cards", "play-0", "play-1"):
        assert said(session, f"entry-problems-{place}") == [], place
    # the count form, nothing typed: the count to type, not "le spade delle
    # due parti fanno 0 (0 + 0), non 10"
    entry_actions.update(
        session, session.states.find(EntryState).draft.with_form(SpadeForm.COUNT)
    )
    assert said(session, "entry-hints-spades") == [counts]
    assert said(session, "entry-problems-spades") == []


def test_once_typed_the_entry_says_what_is_wrong_naming_the_side():
    session = fresh_entry("it", 4)
    draft = session.states.find(EntryState).draft.with_form(SpadeForm.COUNT)
    entry_actions.update(session, draft.with_spade_count(0, 3).with_napola(0, 5))
    errors = said(session, "entry-problems-spades")
    assert "Anna & Carla hanno 3 spade: una napola da 5 ne vuole almeno 5." in errors
    assert "Chi ha il due di spade? Anna & Carla o Bruno & Dario?" in errors
    assert said(session, "entry-hints-spades") == []


def test_the_count_form_says_the_other_side_has_the_rest_not_a_question_mark():
    session = fresh_entry("it", 2)
    entry_actions.update(
        session, session.states.find(EntryState).draft.with_form(SpadeForm.COUNT)
    )
    view = entry_screen.hand_entry_view(session)
    other = find(view, "entry-spade-count-1-text").value
    assert other == "Bruno: il resto fino a 10"  # not "Bruno: ? (il resto ...)"
    entry_actions.update(
        session, session.states.find(EntryState).draft.with_spade_count(0, 3)
    )
    view = entry_screen.hand_entry_view(session)
    other = find(view, "entry-spade-count-1-text").value
    assert other == "Bruno: 7 (il resto fino a 10)"


@pytest.mark.parametrize(
    ("lang", "one", "two"),
    [
        ("it", "Una cosa da correggere", "2 cose da correggere"),
        ("en", "One thing to fix", "2 things to fix"),
    ],
)
def test_the_status_line_counts_what_to_fix_in_words(lang, one, two):
    session = fresh_entry(lang, 2)
    draft = session.states.find(EntryState).draft.with_settebello(0)
    for rank in ("A", "2", "3", "4", "5", "6", "7", "F", "C", "R"):
        draft = draft.with_spade(Rank(rank), 0)
    # 10 spades and the settebello in 5 cards
    entry_actions.update(session, draft.with_cards(0, "5"))
    assert find(entry_screen.hand_entry_view(session), "entry-status").value == one
    entry_actions.update(
        session, session.states.find(EntryState).draft.with_scaluneddu(1, 9)
    )
    assert find(entry_screen.hand_entry_view(session), "entry-status").value == two


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("it", ["Scrivi i nomi dei giocatori 1, 2, 3 e 4."]),
        ("en", ["Type the names of players 1, 2, 3 and 4."]),
    ],
)
def test_a_fresh_new_match_form_asks_for_the_names_in_one_sentence(lang, expected):
    """Not four lines of "Scrivi il nome del giocatore N."."""
    session = make_session(memory_table(), lang=lang)
    errors, hints = new_match.errors_and_hints(session, NewMatchForm(count=4))
    assert (errors, hints) == ([], expected)
    # one name typed: the others one by one would be as long, still one line
    form = NewMatchForm(count=4).with_names("Anna")
    assert new_match.errors_and_hints(session, form)[1] == [
        expected[0].replace("1, 2, 3", "2, 3")
    ]


def test_no_screen_sentence_names_a_side_without_its_players():
    """ "la parte", "tutte e due le parti", "the side": a side is named by its
    players (the rules screen speaks of sides in general, and may)."""
    sides = re.compile(
        r"\b(la|una|ogni|l'altra) parte\b|\bparti\b|\bthe side\b|\bboth sides\b",
        re.IGNORECASE,
    )
    for lang, catalog in CATALOGS.items():
        for key, text in catalog.items():
            if not key.startswith("rules."):
                assert not sides.search(text), (lang, key, text)
