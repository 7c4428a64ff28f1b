"""The contatori trainer (issue 39): the drill's answers against the cards
gone by, a whole hand walked on the screen answering right and wrong, both
levels, cards drawn with the deck the settings say."""

from __future__ import annotations

from dataclasses import replace

import pytest

from scorekeeper.core.play import contatori, full_count
from scorekeeper.core.training import OPPONENT, Level, new_drill
from scorekeeper.ui import routes
from scorekeeper.ui.screens.trainer import view
from scorekeeper.ui.screens.trainer.state import Phase, TrainerState
from tests.unit.fakes import click, find, make_session, texts, walk


@pytest.mark.parametrize("level", list(Level))
def test_the_drills_answers_are_the_counters_of_the_cards_captured(level):
    drill = new_drill(11, level)
    taken = []
    for deal in range(1, drill.last_deal + 1):
        for d, p in drill.plays:
            if d == deal and p.took:
                taken += [p.card, *p.took]
        if deal == drill.last_deal:  # the cards left go to the last taker
            taken += list(drill.table_after(drill.deal_end(deal)))
        want = contatori(taken) if level is Level.COUNTERS else full_count(taken)
        assert drill.answer_after(deal) == want


def test_the_opponents_ranks_are_those_it_is_dealt_last():
    drill = new_drill(3, Level.COUNTERS)
    last = drill.hand.deals[-1].dealt[OPPONENT]
    assert drill.opponent_ranks() == {c.rank for c in last}


def play_through(session, answer_right: bool) -> TrainerState:
    """Tap through the whole hand, answering right (or all zeros)."""
    for _ in range(200):
        st = session.states.find(TrainerState)
        if st.phase is Phase.DONE:
            return st
        page = session.page.views[-1]
        if st.phase is Phase.ASK:
            want = st.drill.answer_after(st.deal) if answer_right else st.answer
            for i, rank in enumerate(st.level.ranks):
                while session.states.find(TrainerState).answer[i] != want[i]:
                    click(find(session.page.views[-1], f"trainer-rank-{rank.value}"))
            click(find(session.page.views[-1], "trainer-check"))
        elif st.phase is Phase.ASK_LAST:
            if answer_right:
                for rank in st.drill.opponent_ranks():
                    click(find(session.page.views[-1], f"trainer-guess-{rank.value}"))
            click(find(session.page.views[-1], "trainer-check"))
        else:
            click(find(page, "trainer-next"))
    raise AssertionError("the hand never ended")


def semantics(root, identifier: str):
    """The ``ft.Semantics`` itself (its label), not its content."""
    import flet as ft

    for c in walk(root):
        if isinstance(c, ft.Semantics) and c.identifier == identifier:
            return c
    raise LookupError(identifier)


def trainer_session(table, level=Level.COUNTERS, seed=21):
    session = make_session(table)
    session.states.put(TrainerState(seed, level))
    session.render(routes.TRAINER)
    return session


@pytest.mark.parametrize("level", list(Level))
def test_a_hand_answered_right_scores_every_question(table, level):
    session = trainer_session(table, level)
    st = play_through(session, answer_right=True)
    asked = st.drill.last_deal + 1  # each deal's end and the last deal's guess
    assert (st.right, st.asked) == (asked, asked)
    words = texts(session.page.views[-1])
    assert f"Mano finita: giuste {asked} su {asked}." in words


def test_a_wrong_count_names_the_ranks_that_went_wrong(table):
    session = trainer_session(table)
    st = session.states.find(TrainerState)
    while st.phase is not Phase.ASK:
        click(find(session.page.views[-1], "trainer-next"))
        st = session.states.find(TrainerState)
    right = st.drill.answer_after(st.deal)
    if not any(right):  # make sure the zeros are wrong somewhere
        click(find(session.page.views[-1], "trainer-rank-A"))
    click(find(session.page.views[-1], "trainer-check"))
    st = session.states.find(TrainerState)
    wrong = st.drill.wrong_ranks(st.deal, st.answer)
    assert wrong and st.right == 0 and st.asked == 1
    verdict = find(session.page.views[-1], "trainer-verdict").value
    assert verdict.startswith("Sbagliati: " + ", ".join(r.value for r in wrong))


def test_the_cards_are_drawn_with_the_french_names_when_the_settings_say(table):
    session = trainer_session(table)
    table.update_settings(french_cards=True)
    session.french_cards = True  # as the session reads it again on the change
    session.render(routes.TRAINER)
    shown = semantics(session.page.views[-1], "trainer-table")
    drill = session.states.find(TrainerState).drill
    assert any(w in shown.label for w in ("picche", "cuori", "quadri", "fiori"))
    assert "spade" not in shown.label.replace("spades", "")
    assert len(shown.label.split(", ")) == len(drill.table_after(0))


def test_a_new_level_starts_a_new_hand_and_the_counts_go_to_four(table):
    session = trainer_session(table, Level.FULL)
    st = session.states.find(TrainerState)
    st = replace(st, phase=Phase.ASK, answer=(0,) * 10)
    for _ in range(6):
        st = st.flip(0)
    assert st.answer[0] == 1  # 0 1 2 3 4 0 1
    assert view.state_of(session).level is Level.FULL


def test_the_score_over_sessions_is_kept_on_the_phone_and_read_back(table):
    """Issue 39: progress over sessions. Kept in the phone's own browser
    (its shared preferences), read when the trainer opens; damaged text
    reads as nothing kept."""
    from scorekeeper.ui.screens.trainer.state import Progress
    from tests.event_loops import run_coroutine

    kept: dict[str, str] = {}

    def remember(session, key, value):
        kept[key] = value

    async def recall(session, key):
        return kept.get(key)

    session = trainer_session(table)
    view.settle(session)
    handler, args = session.page.tasks[-1]
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(view, "remember", remember)
        mp.setattr(view, "recall", recall)
        run_coroutine(handler(*args))  # nothing kept yet
        st = play_through(session, answer_right=True)
        saved = Progress.from_json(kept[view.PROGRESS_KEY])
        assert saved.of(Level.COUNTERS) == (st.right, st.asked, 1)
        again = make_session(table)  # the same phone, another day
        again.states.put(TrainerState(5))
        view.settle(again)
        handler, args = again.page.tasks[-1]
        run_coroutine(handler(*args))
        again.render(routes.TRAINER)
        line = find(again.page.views[-1], "trainer-progress").value
        said = f"Su questo telefono finora: giuste {st.right} su {st.asked} in 1 mano."
        assert line == said
    assert Progress.from_json("not json") == Progress()
