"""The declaration says what it will decide before it ends the match, and
ends it only through one deliberate confirmation (issue 23, item 4): the
screen on a fake page, the verdict from the core."""

from __future__ import annotations

import pytest

from scorekeeper.core.engine import declaration_verdict, evaluate
from scorekeeper.core.model import Match, Rank
from scorekeeper.ui.screens.hand_entry import actions as entry_actions
from scorekeeper.ui.screens.hand_entry import view as entry_screen
from scorekeeper.ui.screens.hand_entry.state import EntryState
from scorekeeper.ui.screens.scoreboard import view as scoreboard
from scorekeeper.ui.shell.session import Session
from tests.builders import declared_hand, match, plain_hand
from tests.unit.fakes import click, find, select, start_from_form


def declaring(session: Session, by: str, target: str = "31") -> None:
    start_from_form(session, early_win=True, target=target)
    scoreboard.start_declaration(session)
    view = entry_screen.declaration_view(session)
    select(find(view, "declare-by"), by)
    select(find(view, "declare-deal"), "2")


def captures(session: Session, *spades: Rank, cards=("10", "5")) -> None:
    draft = session.states.find(EntryState).draft
    for rank in spades:
        draft = draft.with_spade(rank, 0)
    entry_actions.hold(
        session,
        draft.with_settebello(0).with_cards(0, cards[0]).with_cards(1, cards[1]),
    )


def verdict_line(session: Session) -> str:
    view = entry_screen.declaration_view(session)
    return find(view, "declare-verdict").value


def test_a_wrong_declaration_says_so_and_who_wins_before_confirming(session, table):
    declaring(session, "Anna")
    captures(session, Rank.ASSO)
    expected = declaration_verdict(
        table.current().match,
        session.states.find(EntryState).draft.to_hand(),
        table.current().state,
    )
    assert not expected.correct and expected.winner == 1
    assert verdict_line(session) == (
        f"Con questa mano Anna arriva a {expected.total} (ne servono 31): "
        "la dichiarazione è sbagliata, vince Bruno."
    )
    click(find(session.page.views[-1], "entry-save"))
    assert not table.current().state.decided  # one tap asks, it does not end
    ask = session.page.dialogs[-1]
    assert ask.content.value == verdict_line(session)
    click(find(ask, "declare-end"))
    state = table.current().state
    assert state.decided and state.winner == 1


def test_a_right_declaration_says_the_declarer_wins(session, table):
    declaring(session, "Anna", target="5")
    captures(session, Rank.ASSO, Rank.DUE, Rank.TRE)
    text = verdict_line(session)
    assert text.startswith("Con questa mano Anna arriva a ")
    assert text.endswith(": la dichiarazione è giusta, Anna vince.")
    click(find(session.page.views[-1], "entry-save"))
    click(find(session.page.dialogs[-1], "declare-back"))  # not yet
    assert not table.current().state.decided
    click(find(session.page.views[-1], "entry-save"))
    click(find(session.page.dialogs[-1], "declare-end"))
    assert table.current().state.winner == 0


def test_no_verdict_while_the_declaration_is_incomplete(session):
    declaring(session, "Bruno")
    view = entry_screen.declaration_view(session)
    assert find(view, "declare-verdict").value == ""
    click(find(view, "entry-save"))  # disabled in the browser: asks nothing
    assert session.page.dialogs == []


def test_the_core_s_verdict_is_what_saving_decides():
    played = match(target=5, early_win=True)
    for by, pts in (("Anna", (9, 2)), ("Anna", (2, 9)), ("Bruno", (1, 8))):
        hand = declared_hand(by, 1, *pts)
        verdict = declaration_verdict(played, hand)
        saved = evaluate(Match(played.setup, (hand,)))
        assert verdict.correct is saved.hands[-1].declaration.correct
        assert verdict.winner == saved.winner
        assert verdict.total == saved.totals[verdict.side]
        assert verdict.correct is (verdict.total >= 5)


def test_the_core_refuses_a_verdict_of_a_hand_without_a_declaration():
    with pytest.raises(ValueError, match="no declaration"):
        declaration_verdict(match(target=5, early_win=True), plain_hand())
