"""The organizer's "Arrivi e ritiri" below the browser (issue 37, 9): a late
arrival entered between rounds, the screen saying what the round missed
counts as; an entrant withdrawn after a confirmation; the refusals in the
organizer's words; the standings lines as ``tournament standings`` counts
them."""

from __future__ import annotations

import pytest

from scorekeeper.core.tournament import standings
from scorekeeper.table import TableService
from scorekeeper.ui import routes
from scorekeeper.ui.shell.session import Session
from tests.tournament_builders import one_hand
from tests.unit.fakes import click, find, make_session, select, texts, type_into

pytestmark = pytest.mark.memory


def top(session: Session):
    return session.page.views[-1]


def organize(table: TableService, system: str, names=("Anna", "Bruno", "Carla")):
    session = make_session(table, routes.CLUB_NEW)
    type_into(find(top(session), "club-name"), "Circolo")
    select(find(top(session), "club-system"), system)
    for name in names:
        type_into(find(top(session), "club-entrant-field"), name)
        click(find(top(session), "club-entrant-add"))
    click(find(top(session), "club-create"))
    return session


def roster(session: Session) -> None:
    click(find(top(session), "club-roster"))
    assert session.route == routes.CLUB_ROSTER


def test_a_late_arrival_plays_from_the_next_round_and_the_screen_says_the_cost(table):
    session = organize(table, "swiss", ("Anna", "Bruno", "Carla", "Dario"))
    (night,) = table.club.all()
    stored = table.club.start_round(night.id).value
    roster(session)
    # a round is being played: who arrives now joins round 2
    assert "dal prossimo turno, il 2" in find(top(session), "club-roster-help").value
    type_into(find(top(session), "club-roster-first"), " Elena ")
    click(find(top(session), "club-roster-add"))
    assert find(top(session), "club-roster-note").value == (
        "Elena: in gioco dal turno 2; il turno perso conta come partita persa, "
        "senza punti."
    )
    assert find(top(session), "club-roster-entrant-5").value == (
        "Elena: dal turno 2, 1 turno perso"
    )
    t = table.club.get(night.id).tournament
    assert t.joined == ((4, 2),)
    # the same name again is refused in the organizer's words
    type_into(find(top(session), "club-roster-first"), "elena")
    click(find(top(session), "club-roster-add"))
    assert "elena è già tra gli iscritti." in texts(top(session))
    assert len(table.club.get(night.id).tournament.entrants) == 5
    # the night's standings: Elena's missed round is a loss, as the command says
    for tb in stored.tournament.rounds[0]:
        table.add_hand(stored.match_id(1, tb.number), one_hand(31, 20))
    session.go(routes.CLUB_NIGHT)
    lines = [find(top(session), f"club-line-{i}").value for i in range(1, 6)]
    (elena,) = [line for line in lines if "Elena" in line]
    assert elena.startswith("3. Elena (dal turno 2): 0 V, 1 P, diff. +0, 0 punti")
    late = [s for s in standings(table.club.get(night.id).tournament) if s.missed]
    assert [(s.rank, s.lost) for s in late] == [(3, 1)]


def test_a_withdrawal_is_confirmed_first_and_waits_for_the_match(table):
    session = organize(table, "swiss")
    (night,) = table.club.all()
    stored = table.club.start_round(night.id).value
    playing, bye = stored.tournament.rounds[0]
    roster(session)
    e = playing.entrants[0]
    name = stored.tournament.entrant_name(e)
    click(find(top(session), f"club-roster-withdraw-{e + 1}"))
    assert "Ritirare " + name in " ".join(texts(top(session)))
    click(find(top(session), f"club-roster-yes-{e + 1}"))
    assert (
        f"Al tavolo {playing.number} si gioca ancora ({name}): il ritiro a "
        "partita finita."
    ) in texts(top(session))
    assert table.club.get(night.id).tournament.withdrawn == ()
    table.add_hand(stored.match_id(1, playing.number), one_hand(31, 20))
    click(find(top(session), f"club-roster-withdraw-{e + 1}"))
    click(find(top(session), f"club-roster-no-{e + 1}"))  # "Annulla"
    assert table.club.get(night.id).tournament.withdrawn == ()
    click(find(top(session), f"club-roster-withdraw-{e + 1}"))
    click(find(top(session), f"club-roster-yes-{e + 1}"))
    assert find(top(session), "club-roster-note").value == (
        f"{name}: ritiro dopo il turno 1; le partite giocate restano."
    )
    assert table.club.get(night.id).tournament.withdrawn == ((e, 1),)
    with pytest.raises(LookupError):  # no second withdrawal offered
        find(top(session), f"club-roster-withdraw-{e + 1}")
    # two left: withdrawing one more would leave one to draw
    other = next(x for x in range(3) if x != e)
    click(find(top(session), f"club-roster-withdraw-{other + 1}"))
    click(find(top(session), f"club-roster-yes-{other + 1}"))
    assert "Resterebbe un solo iscritto da sorteggiare." in texts(top(session))
    session.go(routes.CLUB_NIGHT)
    assert any(
        f"{name} (ritiro)" in find(top(session), f"club-line-{i}").value
        for i in (1, 2, 3)
    )
    assert bye.bye


def test_a_round_robin_under_way_offers_neither(table):
    session = organize(table, "round-robin")
    (night,) = table.club.all()
    table.club.start_round(night.id)
    roster(session)
    assert find(top(session), "club-roster-help").value.startswith(
        "Nel girone all'italiana il calendario è fatto per gli iscritti"
    )
    for identifier in (
        "club-roster-first",
        "club-roster-add",
        "club-roster-withdraw-1",
    ):
        with pytest.raises(LookupError):
            find(top(session), identifier)


def test_a_late_pair_needs_both_names(table):
    session = make_session(table, routes.CLUB_NEW)
    type_into(find(top(session), "club-name"), "Coppie")
    select(find(top(session), "club-kind"), "2")
    select(find(top(session), "club-system"), "swiss")
    for name in ("Anna", "Bruno", "Carla", "Dario"):
        type_into(find(top(session), "club-entrant-field"), name)
        click(find(top(session), "club-entrant-add"))
    click(find(top(session), "club-create"))
    (night,) = table.club.all()
    table.club.start_round(night.id)
    roster(session)
    type_into(find(top(session), "club-roster-first"), "Elena")
    click(find(top(session), "club-roster-add"))
    assert "Scrivi il nome di chi arriva." in texts(top(session))
    type_into(find(top(session), "club-roster-second"), "Franco")
    click(find(top(session), "club-roster-add"))
    assert find(top(session), "club-roster-note").value.startswith(
        "Elena & Franco: in gioco dal turno 2"
    )
    assert table.club.get(night.id).tournament.entrants[-1] == ("Elena", "Franco")


def test_before_round_one_an_arrival_is_an_entrant_and_a_withdrawal_leaves_the_list(
    table,
):
    session = organize(table, "round-robin")
    (night,) = table.club.all()
    roster(session)
    assert find(top(session), "club-roster-help").value.startswith(
        "Nessun turno ancora iniziato"
    )
    type_into(find(top(session), "club-roster-first"), "Elena")
    click(find(top(session), "club-roster-add"))
    assert find(top(session), "club-roster-note").value == (
        "Elena: in gioco dal turno 1."
    )
    click(find(top(session), "club-roster-withdraw-2"))
    click(find(top(session), "club-roster-yes-2"))
    assert find(top(session), "club-roster-note").value == (
        "Bruno non è più tra gli iscritti."
    )
    t = table.club.get(night.id).tournament
    assert t.entrants == (("Anna",), ("Carla",), ("Elena",))
    assert (t.joined, t.withdrawn) == ((), ())
