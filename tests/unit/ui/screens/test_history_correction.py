"""A finished match corrected from the history's match detail (issue 23,
item 3): the same entry as during play, saved on that match; the edit log,
the winner, the statistics and the history row follow; the table stays on
the match being played. A real table service and session, a fake page."""

from __future__ import annotations

from dataclasses import replace

from scorekeeper.core.model import Rank
from scorekeeper.table.hand_draft import HandDraft
from scorekeeper.ui import routes
from scorekeeper.ui.kit.formatting import status_line
from scorekeeper.ui.screens.hand_entry import actions as entry_actions
from scorekeeper.ui.screens.hand_entry import view as entry_screen
from scorekeeper.ui.screens.hand_entry.state import EntryState
from scorekeeper.ui.screens.match_detail.state import MatchPage
from scorekeeper.ui.screens.scoreboard import hand_list
from scorekeeper.ui.screens.scoreboard import view as scoreboard
from scorekeeper.ui.screens.stats import view as stats
from scorekeeper.ui.shell.session import Session
from tests.unit.fakes import click, find, make_session, start_from_form, texts
from tests.unit.hands import hand_a, hand_won_by


def play(session: Session, target: str, *drafts) -> str:
    start_from_form(session, target=target)
    for draft in drafts:
        scoreboard.start_hand(session)
        entry_screen.hand_entry_view(session)
        entry_actions.hold(session, draft)
        entry_actions.save_hand(session)
    return session.table.current().id


def open_detail(session: Session, match_id: str) -> None:
    session.states.put(replace(session.states.of(MatchPage), match_id=match_id))
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
    click(find(session.page.dialogs[-1], "correct-result-save"))  # asked first

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
    other.states.put(replace(other.states.of(MatchPage), match_id=won))
    other.go(routes.DETAIL)
    click(find(other.page.views[-1], "detail-correct-1"))
    entry_actions.hold(other, hand_won_by(1))
    click(find(other.page.views[-1], "entry-save"))
    click(find(other.page.dialogs[-1], "correct-result-save"))
    entry_actions.hold(session, hand_won_by(1).with_cards(0, "10"))
    entry_actions.save_hand(session)  # tapped before its redraw came
    assert table.queries.get_match(won).match.hands[0] == hand_won_by(1).to_hand()
    assert session.error.startswith("Intanto la partita era già cambiata")
    session.render()
    assert find(session.page.views[-1], "correct-gone").value.startswith("Non c")


# -- a correction that changes the result asks first (issue 35, item 4) --------
def correct_first_hand(session: Session, match_id: str, draft) -> None:
    """Open the match's detail, correct hand 1 to ``draft``, tap Save."""
    open_detail(session, match_id)
    click(find(session.page.views[-1], "detail-correct-1"))
    entry_actions.hold(session, draft)
    click(find(session.page.views[-1], "entry-save"))


def napoleone() -> HandDraft:
    """Anna takes every spade, the settebello and 30 cards: 17 to 0."""
    draft = HandDraft()
    for rank in Rank:
        draft = draft.with_spade(rank, 0)
    return draft.with_settebello(0).with_cards(0, "30")


def test_a_correction_that_changes_the_winner_says_the_new_result_and_asks_first(
    session, table
):
    won = play(session, "10", hand_a())  # Anna 12 - 1
    before = table.queries.get_match(won)
    correct_first_hand(session, won, hand_won_by(1))

    [ask] = session.page.dialogs
    assert find(ask, "correct-result").value == (
        "Con questa correzione vince Bruno, 12 a 1."
    )
    assert table.queries.get_match(won) == before  # nothing stored yet
    click(find(ask, "correct-result-cancel"))
    assert session.page.dialogs == []
    assert table.queries.get_match(won) == before  # cancel changed nothing
    assert session.route == routes.CORRECT  # the entry stays, as typed
    assert session.states.find(EntryState).draft == hand_won_by(1)

    click(find(session.page.views[-1], "entry-save"))
    click(find(session.page.dialogs[-1], "correct-result-save"))
    assert table.queries.summary(won).winner == 1
    assert session.route == routes.DETAIL


def test_a_correction_that_keeps_the_result_saves_at_once(session, table):
    won = play(session, "10", hand_a())  # Anna 12 - 1
    correct_first_hand(session, won, hand_a().with_settebello(1))  # 11 - 2
    assert session.page.dialogs == []
    assert table.queries.summary(won).totals == (11, 2)


def test_a_correction_during_the_match_that_ends_it_asks_first(session, table):
    playing = play(session, "15", hand_a())  # Anna 12 - 1 of 15
    correct_first_hand(session, playing, napoleone())
    [ask] = session.page.dialogs
    assert find(ask, "correct-result").value == (
        "Con questa correzione la partita finisce: vince Anna, 17 a 0."
    )
    click(find(ask, "correct-result-cancel"))
    assert table.queries.get_match(playing).state.totals == (12, 1)


def test_a_correction_that_reopens_a_won_match_into_a_tie_break_says_so_in_english(
    table,
):
    session = make_session(table, lang="en")
    won = play(session, "13", hand_a(), hand_a())  # Anna 24 - 2 of 13
    open_detail(session, won)
    click(find(session.page.views[-1], "detail-correct-2"))
    entry_actions.hold(session, hand_won_by(1))  # 13 - 13
    click(find(session.page.views[-1], "entry-save"))
    [ask] = session.page.dialogs
    assert find(ask, "correct-result").value == (
        "With this correction the match goes to a tie-break: level at 13."
    )
    click(find(ask, "correct-result-save"))
    assert table.queries.get_match(won).state.status.value == "tie_break"


def test_a_hand_corrected_from_the_match_over_screen_asks_too(session, table):
    won = play(session, "10", hand_a())  # Anna 12 - 1, the table's match
    session.go(routes.MATCH)
    hand_list.edit_hand(session, 0)
    assert session.route == routes.HAND
    entry_actions.hold(session, hand_won_by(1))
    click(find(session.page.views[-1], "entry-save"))
    [ask] = session.page.dialogs
    assert find(ask, "correct-result").value == (
        "Con questa correzione vince Bruno, 12 a 1."
    )
    click(find(ask, "correct-result-save"))
    assert table.queries.summary(won).winner == 1
    assert session.route == routes.MATCH
    assert find(session.page.views[-1], "over-winner").value == "Vince Bruno"
