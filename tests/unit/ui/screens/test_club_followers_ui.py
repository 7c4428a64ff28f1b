"""Phones follow their players, not only their table (issue 37, 8), below
the browser: a phone left on its finished match is taken to its table's
screen when the next round starts there, which says other players sit down
and where each of the last ones plays now ("Segui Anna al tavolo 2"); a
phone seated at table 1 that opens table 2's link goes there and says so."""

from __future__ import annotations

import pytest

from scorekeeper.core import Rules
from scorekeeper.core.tournament import System
from scorekeeper.table import TableService
from scorekeeper.ui import routes
from scorekeeper.ui.access.club_codes import Place, codes_of
from scorekeeper.ui.access.table_code import Gate
from scorekeeper.ui.app import new_session
from scorekeeper.ui.shell.session import TOPIC, Session
from tests.event_loops import run_coroutine
from tests.tournament_builders import one_hand
from tests.unit.fakes import FakePage, click, find, texts

pytestmark = pytest.mark.memory

ENTRANTS = [["Anna"], ["Bruno"], ["Carla"], ["Dario"]]


def top(session: Session):
    return session.page.views[-1]


def behind_the_gate(table: TableService, gate: Gate, route: str) -> Session:
    page = FakePage(route)
    session = new_session(page, table, access=gate)  # type: ignore[arg-type]
    session.drawing.take_code(route)
    return session


def event_to(session: Session, event: object) -> None:
    run_coroutine(session._on_table_event(TOPIC, event))


def swiss_round_played(table: TableService):
    """A Swiss night of four, round 1 played (side 1 wins each table)."""
    night = table.club.create("Circolo", Rules(), ENTRANTS, System.SWISS).value
    stored = table.club.start_round(night.id).value
    for tb in stored.tournament.rounds[0]:
        table.add_hand(stored.match_id(1, tb.number), one_hand(31, 20))
    return night.id, stored.tournament


def test_a_phone_on_its_finished_match_is_told_the_table_has_new_players(table):
    gate = Gate(report=lambda line: None)
    tid, t = swiss_round_played(table)
    code = codes_of(table).code(Place(tid, 1))
    phone = behind_the_gate(table, gate, f"/?t={code}")
    phone.render(routes.MATCH)  # the finished match's screen, left open
    assert phone.route == routes.MATCH
    changed = table.club.start_round(tid)
    event_to(phone, changed.event)
    # not round 2's match with "Segna la mano 1" in its place, silently
    assert phone.route == routes.HOME
    assert find(top(phone), "seat-where").value == "Tavolo 1 · Turno 2"
    assert find(top(phone), "seat-new-round").value == (
        "Turno 2: a questo tavolo ora giocano altri."
    )
    assert find(top(phone), "seat-before").value == "Nel turno 1 qui giocavano:"
    now = changed.value.tournament
    first, second = t.rounds[0][0].entrants
    for k, e in enumerate((first, second), start=1):
        number = next(tb.number for tb in now.rounds[1] if e in tb.entrants)
        shown = texts(find(top(phone), f"seat-follow-{k}"))
        name = t.entrant_name(e)
        if number == 1:
            assert shown == [f"{name}: ancora a questo tavolo."]
        else:
            assert shown == [f"Segui {name} al tavolo {number}"]


def test_a_phone_follows_its_player_to_the_next_table(table):
    gate = Gate(report=lambda line: None)
    tid, t = swiss_round_played(table)
    phone = behind_the_gate(table, gate, f"/?t={codes_of(table).code(Place(tid, 1))}")
    changed = table.club.start_round(tid)
    event_to(phone, changed.event)
    now = changed.value.tournament
    k, e, number = next(
        (k, e, tb.number)
        for k, e in enumerate(t.rounds[0][0].entrants, start=1)
        for tb in now.rounds[1]
        if e in tb.entrants and tb.number != 1
    )
    click(find(top(phone), f"seat-follow-{k}"))
    assert find(top(phone), "seat-where").value == f"Tavolo {number} · Turno 2"
    assert find(top(phone), "seat-moved").value == (
        f"Eri al tavolo 1: ora sei al tavolo {number}."
    )
    assert phone.current().id == table.club.get(tid).match_id(2, number)
    assert t.entrant_name(e) in find(top(phone), "seat-totals").value
    # still let in for its night's tables only
    phone.render(routes.SETTINGS)
    assert phone.route == routes.HOME


def test_a_seated_phone_that_opens_another_tables_link_goes_there_and_says_so(
    table,
):
    gate = Gate(report=lambda line: None)
    tid, _t = swiss_round_played(table)
    codes = codes_of(table)
    phone = behind_the_gate(table, gate, f"/?t={codes.code(Place(tid, 1))}")
    assert find(top(phone), "seat-where").value == "Tavolo 1 · Turno 1"
    phone.drawing.take_code(f"/?t={codes.code(Place(tid, 2))}")
    assert find(top(phone), "seat-where").value == "Tavolo 2 · Turno 1"
    assert find(top(phone), "seat-moved").value == (
        "Eri al tavolo 1: ora sei al tavolo 2."
    )
    assert phone.current().id == table.club.get(tid).match_id(1, 2)
    # its own table's link again, or the board's: it stays where it is
    phone.drawing.take_code(f"/?t={codes.code(Place(tid, 2))}")
    phone.drawing.take_code(f"/?t={codes.code(Place(tid))}")
    assert find(top(phone), "seat-where").value == "Tavolo 2 · Turno 1"
