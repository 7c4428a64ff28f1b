"""A finished match corrected from the history's match detail (issue 23,
item 3): the same entry as during play, saved on that match; the edit log,
the winner, the statistics and the history row follow; the table stays on
the match being played. A real table service and session, a fake page."""

from __future__ import annotations

from dataclasses import replace

import pytest

from scorekeeper.table import TableService
from scorekeeper.ui import routes
from scorekeeper.ui.formatting import status_line
from scorekeeper.ui.forms import NewMatchForm
from scorekeeper.ui.screens import new_match, scoreboard, stats
from scorekeeper.ui.screens.hand_entry import actions as entry_actions
from scorekeeper.ui.screens.hand_entry import view as entry_screen
from scorekeeper.ui.session import Session
from tests.unit.fakes import click, find, make_session, texts
from tests.unit.hands import hand_a, hand_won_by


@pytest.fixture
def session(table: TableService) -> Session:
    return make_session(table)


def play(session: Session, target: str, *drafts) -> str:
    session.states.new_match = NewMatchForm(target=target).with_names("Anna", "Bruno")
    new_match.start_match(session)
    for draft in drafts:
        scoreboard.start_hand(session)
        entry_screen.hand_entry_view(session)
        entry_actions.hold(session, draft)
        entry_actions.save_hand(session)
    return session.table.current().id


def open_detail(session: Session, match_id: str) -> None:
    session.states.history = replace(session.states.history, match_id=match_id)
    session.go(routes.DETAIL)


def test_a_won_match_is_corrected_from_its_detail_and_everything_follows(
    session, table
):
    won = play(session, "10", hand_a())  # Anna 12 - 1: Anna wins
    assert table.queries.summary(won).winner == 0
    playing = play(session, "31", hand_a())  # the table plays on
    open_detail(session, won)

    click(find(session.page.views[-1], "detail-correct-1"))
    assert session.route == routes.CORRECT
    entry_actions.hold(session, hand_won_by(1))  # the hand was Bruno's
    click(find(session.page.views[-1], "entry-save"))

    assert session.route == routes.DETAIL
    summary = table.queries.summary(won)
    assert (summary.winner, summary.totals, summary.corrected) == (1, (1, 12), True)
    assert "Vince Bruno" in status_line(session, summary)
    assert status_line(session, summary).endswith(" · corretta")
    edits = table.queries.edit_history(won)
    assert edits[-1].action == "replace" and edits[-1].index == 0
    bruno = stats.compute(table.queries, "Bruno").player.record
    assert (bruno.won, bruno.lost) == (1, 0)  # this match, the other in progress
    assert table.current().id == playing  # the table was not taken away
    assert any("corretta" in t for t in texts(session.page.views[-1]))


def test_a_match_in_progress_corrected_is_not_marked_corrected(session, table):
    match_id = play(session, "31", hand_a())
    open_detail(session, match_id)
    click(find(session.page.views[-1], "detail-correct-1"))
    entry_actions.hold(session, hand_won_by(1))
    click(find(session.page.views[-1], "entry-save"))
    assert table.queries.summary(match_id).corrected is False
    assert table.current().state.totals == (1, 12)


def test_a_correction_left_open_while_the_hand_changed_elsewhere_saves_nothing(
    session, table
):
    won = play(session, "10", hand_a())
    open_detail(session, won)
    click(find(session.page.views[-1], "detail-correct-1"))
    other = make_session(table)
    other.states.history = replace(other.states.history, match_id=won)
    other.go(routes.DETAIL)
    click(find(other.page.views[-1], "detail-correct-1"))
    entry_actions.hold(other, hand_won_by(1))
    click(find(other.page.views[-1], "entry-save"))
    entry_actions.hold(session, hand_won_by(1).with_cards(0, "10"))
    entry_actions.save_hand(session)  # tapped before its redraw came
    assert table.queries.get_match(won).match.hands[0] == hand_won_by(1).to_hand()
    assert session.error.startswith("Intanto la partita era già cambiata")
    session.render()
    assert find(session.page.views[-1], "correct-gone").value.startswith("Non c")
