""" "Partita di prova" (issue 39): a simulated match shown hand by hand from
the rules screen, what each side entered and the points it made, the totals
as the engine gives them, to the winner."""

from __future__ import annotations

from scorekeeper.ui import routes
from scorekeeper.ui.screens.demo.state import DemoState
from tests.unit.fakes import click, find, make_session


def test_the_trial_shows_each_hand_entered_and_the_totals_to_the_end(table):
    session = make_session(table, routes.RULES)
    click(find(session.page.views[-1], "rules-demo"))
    assert session.route == routes.DEMO
    session.states.put(DemoState(seed=8))
    session.render(routes.DEMO)
    sim = session.states.find(DemoState).match
    for number, result in enumerate(sim.state.hands, start=1):
        click(find(session.page.views[-1], "demo-next"))
        view = session.page.views[-1]
        a, b = result.totals
        assert find(view, "demo-totals").value == f"Anna {a} - {b} Bruno"
        for side in (0, 1):
            points = find(view, f"demo-points-{side}").value
            assert points.endswith(f"= {result.points[side].total}")
            cards = sim.match.hands[number - 1].sides[side].cards
            assert f"{cards} carte" in find(view, f"demo-entered-{side}").value
    winner = sim.state.winner
    over = find(session.page.views[-1], "demo-over").value
    assert over.startswith(f"Vince {sim.match.setup.side_name(winner)},")
    click(find(session.page.views[-1], "demo-again"))
    assert session.states.find(DemoState).shown == 0
