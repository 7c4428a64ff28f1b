""" "Partita di prova" (``/prova``): a new player taps through a match
simulated card by card (``core/simulation.py``) and sees, hand by hand, what
a table enters at the end of a hand and how the points and the totals come
out of it, with the words of the hand entry."""

from __future__ import annotations

import secrets

import flet as ft

from scorekeeper.core.model import Rank, SideTally, SpadeList
from scorekeeper.core.scoring import ITEMS
from scorekeeper.ui import routes
from scorekeeper.ui.kit.formatting import card_text, item_label, rank_text
from scorekeeper.ui.kit.widgets import big_button, screen, section_title, semantic
from scorekeeper.ui.screens.demo.state import DemoState
from scorekeeper.ui.shell.session import Session


def state_of(session: Session) -> DemoState:
    """This phone's trial; before its first tap a match of its own (the same
    at every draw: drawing changes nothing)."""
    return session.states.find(DemoState) or DemoState(id(session) % 2**31)


def _go_on(session: Session, state: DemoState) -> None:
    session.states.put(state)
    session.render()


def entered(session: Session, tally: SideTally) -> str:
    """What the table enters for a side, in words."""
    spades = tally.spades
    ranks = spades.ranks if isinstance(spades, SpadeList) else ()
    parts = [
        session.t("demo.cards", n=tally.cards),
        session.t(
            "demo.spades",
            ranks=" ".join(rank_text(session, Rank.parse(r)) for r in ranks) or "-",
        ),
    ]
    if tally.settebello:
        parts.append(card_text(session, "pts.settebello"))
    if tally.piccole:
        parts.append(f"{item_label(session, 'piccole')} {tally.piccole}")
    if tally.spazzini:
        shown = " ".join(rank_text(session, Rank.parse(r)) for r in tally.spazzini)
        parts.append(f"{item_label(session, 'spazzini')} {shown}")
    if tally.bagari:
        parts.append(
            f"{item_label(session, 'bagari')} {' '.join(map(str, tally.bagari))}"
        )
    if tally.scaluneddu:
        parts.append(f"{item_label(session, 'scaluneddu')} {tally.scaluneddu}")
    return ", ".join(parts)


def hand_controls(session: Session, st: DemoState) -> list[ft.Control]:
    sim = st.match
    number = st.shown
    result = sim.state.hands[number - 1]
    hand = sim.match.hands[number - 1]
    setup = sim.match.setup
    out: list[ft.Control] = [
        section_title(
            session.t("demo.hand", number=number, dealer=result.seats.dealer),
            ft.Icons.STYLE,
        )
    ]
    for side in (0, 1):
        points = result.points[side]
        items = " · ".join(
            f"{item_label(session, i)} {getattr(points, i)}"
            for i in ITEMS
            if getattr(points, i)
        )
        out += [
            semantic(
                f"demo-entered-{side}",
                ft.Text(
                    f"{setup.side_name(side)}: {entered(session, hand.sides[side])}",
                    size=14,
                ),
            ),
            semantic(
                f"demo-points-{side}",
                ft.Text(
                    session.t("demo.points", items=items or "-", total=points.total),
                    size=14,
                    weight=ft.FontWeight.BOLD,
                ),
            ),
        ]
    return out


def demo_view(session: Session) -> ft.View:
    st = state_of(session)
    sim = st.match
    setup = sim.match.setup
    totals = sim.state.hands[st.shown - 1].totals if st.shown else (0, 0)
    controls: list[ft.Control] = [
        ft.Text(session.t("demo.how"), size=13),
        semantic(
            "demo-totals",
            ft.Text(
                f"{setup.side_name(0)} {totals[0]} - {totals[1]} {setup.side_name(1)}",
                size=24,
                weight=ft.FontWeight.BOLD,
            ),
        ),
    ]
    if st.shown:
        controls += hand_controls(session, st)
    if st.over:
        winner = sim.state.winner
        assert winner is not None  # a simulated match is played to its end
        controls += [
            semantic(
                "demo-over",
                ft.Text(
                    session.t(
                        "demo.over",
                        name=setup.side_name(winner),
                        won=sim.state.totals[winner],
                        lost=sim.state.totals[1 - winner],
                    ),
                    size=18,
                    weight=ft.FontWeight.BOLD,
                ),
            ),
            big_button(
                "demo-again",
                session.t("demo.again"),
                lambda: _go_on(session, DemoState(secrets.randbelow(2**31))),
                ft.Icons.REPLAY,
            ),
        ]
    else:
        controls.append(
            big_button(
                "demo-next",
                session.t("demo.next"),
                lambda: _go_on(session, st.next()),
                ft.Icons.ARROW_FORWARD,
            )
        )
    return screen(routes.DEMO, session.t("demo.title"), controls, spacing=8)
