"""The words at a match's end (issue 35, item 8), on the screen and in the
share picture: a tie exactly at the target is "pari a 31", not past it
(RULES §5: both at or past the target with equal totals play a spareggio),
and a wrong declaration names who made it; a win at exactly the target
"reached" it, one past "passed" it."""

from __future__ import annotations

import pytest

from scorekeeper.core.model import MatchSetup, Rules
from scorekeeper.i18n import Translator
from scorekeeper.sharing.picture import outcome
from scorekeeper.table import TableService
from scorekeeper.ui.screens.scoreboard import view as scoreboard
from tests.builders import declared_hand, memory_table, plain_hand, table_with
from tests.unit.fakes import find, make_session, texts


def table_of(*hands, early_win: bool = False) -> TableService:
    table = memory_table()
    setup = MatchSetup(("Anna", "Bruno"), "Anna", Rules(early_win=early_win))
    stored = table.start_match(setup).value
    for hand in hands:
        table.add_hand(stored.id, hand)
    return table


TIED_AT_31 = (plain_hand(29, 30),)  # 31 - 31
WON_AFTER_THE_TIE = (*TIED_AT_31, plain_hand(4))  # 37 - 32
WRONG = (plain_hand(0, 10), declared_hand("Bruno", 3, 1, 1))  # Bruno 12 of 31


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("it", "Spareggio: pari a 31, traguardo raggiunto. Si gioca un'altra mano."),
        ("en", "Tie-break: level at 31, target reached. Play another hand."),
    ],
)
def test_a_tie_exactly_at_the_target_is_said_at_it_not_past_it(lang, said):
    session = make_session(table_of(*TIED_AT_31), lang=lang)
    assert session.current().state.totals == (31, 31)
    banner = find(scoreboard.scoreboard_view(session), "score-tiebreak")
    assert said in texts(banner)


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("it", "Decisa allo spareggio, dopo il pari a 31."),
        ("en", "Decided by a tie-break, after a tie at 31."),
    ],
)
def test_a_match_won_in_the_tie_break_says_the_tie_it_broke(lang, said):
    session = make_session(table_of(*WON_AFTER_THE_TIE), lang=lang)
    state = session.current().state
    assert state.totals == (37, 32) and state.winner == 0
    view = scoreboard.scoreboard_view(session)
    assert find(view, "over-ending").value == said
    assert outcome(state, Translator(lang), False).endswith(said)


@pytest.mark.parametrize(
    ("lang", "headline", "ending"),
    [
        (
            "it",
            "Bruno ha dichiarato a torto: vince Anna",
            "Dichiarazione di Bruno nella tornata 3: 12 punti, ne servivano 31: "
            "dichiarazione sbagliata.",
        ),
        (
            "en",
            "Bruno declared wrongly: Anna wins",
            "Bruno declared victory in deal 3 with 12 points, 31 needed: "
            "the declaration was wrong.",
        ),
    ],
)
def test_a_wrong_declaration_says_whose_it_was(lang, headline, ending):
    session = make_session(table_of(*WRONG, early_win=True), lang=lang)
    state = session.current().state
    assert state.totals == (3, 12) and state.winner == 0
    view = scoreboard.scoreboard_view(session)
    assert find(view, "over-winner").value == headline
    assert find(view, "over-ending").value == ending
    assert outcome(state, Translator(lang), False) == f"{headline}. {ending}"


def test_a_win_at_exactly_the_target_reached_it_and_one_past_passed_it():
    exactly = make_session(table_with((29, 0)))  # 31 - 1
    assert exactly.current().state.totals == (31, 1)
    sentence = scoreboard.ending_sentence(exactly, exactly.current().state)
    assert sentence == "Raggiunto il traguardo di 31 punti."
    past = make_session(table_with((30, 0)))
    sentence = scoreboard.ending_sentence(past, past.current().state)
    assert sentence == "Superato il traguardo di 31 punti."
