"""Issue 37, items 3 to 5, below the browser: a result is accepted by a
named player of the side that did not win, or by the organizer for the
table, and the record keeps who entered it; a round waits for the tables
before it; the organizer opens any round's table, confirms or corrects it,
and hears when a correction would have changed a draw already made."""

from __future__ import annotations

from dataclasses import replace

import pytest

from scorekeeper.core import Match, Rules
from scorekeeper.core.tournament import (
    Acceptance,
    AcceptanceError,
    System,
    Table,
    accept,
    acceptors,
    next_round,
    redrawn_rounds,
    waiting_tables,
)
from scorekeeper.storage.errors import EditRefusedError
from scorekeeper.table import TableService
from scorekeeper.table.club import RoundWaitingError
from scorekeeper.ui import routes
from scorekeeper.ui.access.club_codes import Place, codes_of
from scorekeeper.ui.screens.club.state import ClubState
from scorekeeper.ui.screens.match_detail.state import MatchPage
from tests.tournament_builders import one_hand, tournament
from tests.unit.fakes import click, find, make_session, select, texts, type_into

pytestmark = pytest.mark.memory

FOUR = [["Anna"], ["Bruno"], ["Carla"], ["Dario"]]


def top(session):
    return session.page.views[-1]


def shown(session) -> str:
    return " ".join(texts(top(session)))


def decided(table: TableService, tid: str, number: int, scores) -> None:
    """Round *number*'s tables decided in one hand each, with *scores*."""
    stored = table.club.get(tid)
    for tb, totals in zip(stored.tournament.rounds[number - 1], scores, strict=True):
        if not tb.bye:
            table.add_hand(stored.match_id(number, tb.number), one_hand(*totals))


def names(table: TableService, tid: str, number: int, table_number: int):
    """The (winner, loser) entrants' names of a decided table."""
    t = table.club.get(tid).tournament
    tb = t.table(number, table_number)
    assert tb.match is not None
    from scorekeeper.core.engine import evaluate

    w = evaluate(tb.match).winner
    assert w is not None
    return t.entrant_name(tb.entrants[w]), t.entrant_name(tb.entrants[1 - w])


def organizer_of(table: TableService, tid: str):
    session = make_session(table, routes.CLUB)
    click(find(top(session), "club-night-1"))
    assert session.states.of(ClubState).night == tid
    return session


def seated(table: TableService, tid: str, number: int):
    phone = make_session(table, routes.CLUB)
    type_into(
        find(top(phone), "club-code-field"), codes_of(table).code(Place(tid, number))
    )
    click(find(top(phone), "club-join"))
    return phone


# -- the core -----------------------------------------------------------------------
def test_only_a_player_of_the_side_that_did_not_win_accepts():
    t = tournament(4, [[(0, 1, (31, 20)), (2, 3, (12, 31))]])
    assert acceptors(t, 1, 1) == ("Bruno",)
    assert acceptors(t, 1, 2) == ("Carla",)
    assert accept(t, 1, 1, " bruno ", "Anna") == Acceptance(2, "Bruno", "Anna")
    with pytest.raises(AcceptanceError, match="'Anna' cannot accept") as e:
        accept(t, 1, 1, "Anna")
    assert e.value.code == "not_acceptor"
    with pytest.raises(AcceptanceError, match="'Dario' cannot accept"):
        accept(t, 1, 1, "Dario")  # of another table
    organizer = accept(t, 1, 2, None)
    assert organizer.by_organizer and organizer.side == 1


def test_with_pairs_either_player_of_the_losing_pair_accepts():
    t = tournament([("Anna", "Carla"), ("Bruno", "Dario")], [[(0, 1, (20, 31))]])
    assert acceptors(t, 1, 1) == ("Anna", "Carla")
    assert accept(t, 1, 1, "Carla").accepted == "Carla"
    with pytest.raises(AcceptanceError):
        accept(t, 1, 1, "Dario")


def test_a_match_not_finished_or_a_bye_has_nothing_to_accept():
    t = tournament(3, [[(0, 1, "open"), (2,)]])
    with pytest.raises(AcceptanceError, match="not finished"):
        accept(t, 1, 1, "Bruno")
    with pytest.raises(AcceptanceError, match="a bye has no result"):
        accept(t, 1, 2, None)


def test_the_tables_that_wait_are_the_unfinished_and_the_unaccepted_of_any_round():
    t = tournament(
        5,
        [
            [(0, 1, (31, 20)), (2, 3, (31, 20)), (4,)],
            [(0, 2, "open"), (1, 4, None), (3,)],
        ],
    )
    waiting = waiting_tables(t, lambda r, n: (r, n) == (1, 1))
    assert [(w.round, w.table, w.finished) for w in waiting] == [
        (1, 2, True),
        (2, 1, False),
        (2, 2, False),
    ]


def swiss_of_four(seed: int = 5):
    t = replace(tournament(4, system=System.SWISS), seed=seed)
    first = next_round(t)
    played = tuple(
        replace(tb, match=Match(t.setup_for(tb), (one_hand(31, 20),))) for tb in first
    )
    t = t.with_round(played)
    return t.with_round(next_round(t))


def test_a_correction_that_would_have_paired_the_next_round_otherwise_is_found():
    t = swiss_of_four()
    assert redrawn_rounds(t, next_round) == []  # as drawn
    tb = t.rounds[0][0]
    flipped = Match(t.setup_for(tb), (one_hand(20, 31),))
    corrected = t.with_match(1, tb.number, flipped)
    assert redrawn_rounds(corrected, next_round) == [2]
    # a score corrected that keeps the winner keeps the draw
    same = Match(t.setup_for(tb), (one_hand(31, 2),))
    assert redrawn_rounds(t.with_match(1, tb.number, same), next_round) == []
    # a round robin, or a night with no seed, does not follow / repeat a lot
    assert redrawn_rounds(replace(corrected, seed=None), next_round) == []
    rr = replace(corrected, system=System.ROUND_ROBIN)
    assert redrawn_rounds(rr, lambda _: (Table(1, (0, 1)),)) == []


# -- the service --------------------------------------------------------------------
def test_the_record_keeps_who_accepted_and_who_entered(table):
    t = table.club.create("Circolo", Rules(), FOUR, System.ROUND_ROBIN).value
    stored = table.club.start_round(t.id).value
    mid = stored.match_id(1, 1)
    table.add_hand(mid, one_hand(31, 20), by="Anna")
    winner, loser = names(table, t.id, 1, 1)
    with pytest.raises(EditRefusedError) as e:
        table.club.confirm(t.id, 1, 1, winner)
    assert e.value.code == "not_acceptor"
    table.club.confirm(t.id, 1, 1, loser)
    who = table.club.get(t.id).acceptance(1, 1)
    assert who == Acceptance(2, loser, "Anna")
    # the organizer, for a table whose phone said no player: no one entered
    table.add_hand(stored.match_id(1, 2), one_hand(31, 20))
    table.club.confirm_for_table(t.id, 1, 2)
    who = table.club.get(t.id).acceptance(1, 2)
    assert who is not None and who.by_organizer and who.entered is None


def test_a_round_waits_for_every_table_before_it_and_may_confirm_them(table):
    t = table.club.create("Circolo", Rules(), FOUR, System.ROUND_ROBIN).value
    table.club.start_round(t.id)
    table.add_hand(table.club.get(t.id).match_id(1, 1), one_hand(31, 20))
    with pytest.raises(RoundWaitingError, match="round 1, table 2: the match") as e:
        table.club.start_round(t.id)
    assert [(w.round, w.table) for w in e.value.waiting] == [(1, 2)]
    table.add_hand(table.club.get(t.id).match_id(1, 2), one_hand(31, 20))
    assert [(w.round, w.table, w.finished) for w in table.club.waiting(t.id)] == [
        (1, 1, True),
        (1, 2, True),
    ]
    stored = table.club.start_round(t.id, accept_waiting=True).value
    assert len(stored.tournament.rounds) == 2
    for n in (1, 2):
        who = stored.acceptance(1, n)
        assert who is not None and who.by_organizer
    # a round started anyway leaves its results to confirm, by the organizer
    decided(table, t.id, 2, [(31, 20), (20, 31)])
    stored = table.club.start_round(t.id).value
    assert stored.confirmed[1] == (None, None)
    waiting = table.club.waiting(t.id)
    assert [(w.round, w.table) for w in waiting if w.finished] == [(2, 1), (2, 2)]
    assert [(w.round, w.table) for w in waiting if not w.finished] == [(3, 1), (3, 2)]


def test_a_director_s_correction_that_changes_a_swiss_draw_is_said(table):
    t = table.club.create("Circolo", Rules(), FOUR, System.SWISS, seed=5).value
    table.club.start_round(t.id)
    decided(table, t.id, 1, [(31, 20), (31, 20)])
    table.club.start_round(t.id, accept_waiting=True)
    assert table.club.redrawn(t.id) == []
    stored = table.club.get(t.id)
    mid = stored.match_id(1, 1)
    hand = table.queries.get_match(mid).match.hands[0]
    with pytest.raises(EditRefusedError):  # confirmed: locked
        table.correct_hand(mid, 0, one_hand(20, 31), expected=hand)
    table.club.unlock(t.id, 1, 1)
    table.correct_hand(mid, 0, one_hand(20, 31), expected=hand)
    assert table.club.redrawn(t.id) == [2]
    # the standings follow the correction
    from scorekeeper.core.tournament import standings

    t1 = table.club.get(t.id).tournament
    assert table.club.standings(t.id) == standings(t1)
    loser = t1.entrant_name(t1.rounds[0][0].entrants[0])
    assert loser not in [t1.entrant_name(s.entrant) for s in standings(t1)[:2]]


# -- the screens --------------------------------------------------------------------
def test_a_phone_that_said_it_is_the_winner_hands_the_phone_over(table):
    t = table.club.create("Circolo", Rules(), FOUR, System.ROUND_ROBIN).value
    stored = table.club.start_round(t.id).value
    phone = seated(table, t.id, 1)
    setup = table.queries.get_match(stored.match_id(1, 1)).match.setup
    first, second = setup.players
    click(find(top(phone), "seat-me-1"))  # "Di chi è questo telefono?" first
    assert find(top(phone), "seat-me").value == f"Telefono di {first}"
    phone.apply(
        lambda tb: tb.add_hand(stored.match_id(1, 1), one_hand(31, 20), by=first)
    )
    phone.render()
    assert find(top(phone), "seat-confirm-who").value == (
        f"Ha vinto {first}: passa il telefono a {second}, che conferma."
    )
    assert find(top(phone), "seat-confirm").content == f"Sono {second}: confermo"
    click(find(top(phone), "seat-confirm"))
    who = table.club.get(t.id).acceptance(1, 1)
    assert who == Acceptance(2, second, first)


def test_a_pairs_table_offers_each_player_of_the_losing_pair(table):
    pairs = [["Anna", "Carla"], ["Bruno", "Dario"]]
    t = table.club.create("Coppie", Rules(), pairs, System.ROUND_ROBIN).value
    stored = table.club.start_round(t.id).value
    table.add_hand(stored.match_id(1, 1), one_hand(20, 31))
    phone = seated(table, t.id, 1)
    assert find(top(phone), "seat-confirm").content == "Sono Anna: confermo"
    assert find(top(phone), "seat-confirm-2").content == "Sono Carla: confermo"
    # a phone that said it is Carla's offers Carla alone
    click(find(top(phone), "seat-me-3"))
    assert phone.states.of(ClubState).seat.player == "Carla"
    assert find(top(phone), "seat-confirm").content == "Sono Carla: confermo"
    with pytest.raises(LookupError):
        find(top(phone), "seat-confirm-2")
    click(find(top(phone), "seat-confirm"))
    assert table.club.get(t.id).acceptance(1, 1).accepted == "Carla"
    assert find(top(phone), "seat-confirmed").value.startswith(
        "Risultato confermato da Carla."
    )


def test_starting_a_round_names_the_tables_and_asks(table):
    t = table.club.create("Circolo", Rules(), FOUR, System.ROUND_ROBIN).value
    table.club.start_round(t.id)
    organizer = organizer_of(table, t.id)
    table.add_hand(table.club.get(t.id).match_id(1, 1), one_hand(31, 20))
    organizer.render()
    click(find(top(organizer), "club-start-round"))
    assert "Il turno 1 non è finito (tavoli 2)." in shown(organizer)
    assert organizer.page.dialogs == []
    table.add_hand(table.club.get(t.id).match_id(1, 2), one_hand(31, 20))
    organizer.render()
    click(find(top(organizer), "club-table-1-confirm"))  # for the table
    assert (
        "confermata dall'organizzatore"
        in find(top(organizer), "club-table-1-status").value
    )
    click(find(top(organizer), "club-start-round"))
    dialog = organizer.page.dialogs[-1]
    assert find(dialog, "club-wait-text").value == (
        "Non ancora confermati: tavolo 2 (turno 1)."
    )
    click(find(dialog, "club-wait-cancel"))
    assert len(table.club.get(t.id).tournament.rounds) == 1
    click(find(top(organizer), "club-start-round"))
    click(find(organizer.page.dialogs[-1], "club-wait-accept"))
    stored = table.club.get(t.id)
    assert len(stored.tournament.rounds) == 2
    assert stored.acceptance(1, 2).by_organizer


def test_the_organizer_opens_an_earlier_rounds_table_and_confirms_it(table):
    t = table.club.create("Circolo", Rules(), FOUR, System.SWISS, seed=5).value
    table.club.start_round(t.id)
    decided(table, t.id, 1, [(31, 20), (31, 20)])
    table.club.start_round(t.id)  # started anyway: round 1 to confirm
    organizer = organizer_of(table, t.id)
    assert find(top(organizer), "club-round").value == "Turno 2"
    select(find(top(organizer), "club-rounds"), "1")
    assert organizer.states.of(ClubState).shown_round == 1
    status = find(top(organizer), "club-table-2-status").value
    assert status.endswith("da confermare.")
    with pytest.raises(LookupError):  # an earlier round's card has no code
        find(top(organizer), "club-table-2-code")
    click(find(top(organizer), "club-table-2-confirm"))
    assert table.club.get(t.id).acceptance(1, 2).by_organizer
    # "Correggi una mano" opens the match on this screen; the correction
    # turns the draw of round 2, which the screen says
    click(find(top(organizer), "club-table-1-correct"))
    assert organizer.route == routes.DETAIL
    mid = table.club.get(t.id).match_id(1, 1)
    assert organizer.states.of(MatchPage).match_id == mid
    hand = table.queries.get_match(mid).match.hands[0]
    organizer.apply(lambda tb: tb.correct_hand(mid, 0, one_hand(20, 31), expected=hand))
    organizer.render()
    click(find(top(organizer), "detail-club-night"))  # "Torna al torneo"
    assert organizer.route == routes.CLUB_NIGHT
    assert find(top(organizer), "club-redrawn").value == (
        "Con i risultati corretti il turno 2 sarebbe stato abbinato "
        "diversamente: resta com'è stato sorteggiato."
    )


def test_a_hand_saved_in_the_newest_round_draws_no_round_again(table, monkeypatch):
    """The organizer's screen asks after every save whether a draw would be
    another (a draw of 16 tables is 0.2 s): only a change of a round before
    the newest draws again."""
    import scorekeeper.table.club as club_module

    drawn = []

    def counted(t, rng=None):
        drawn.append(len(t.rounds))
        return next_round(t, rng)

    t = table.club.create("Circolo", Rules(), FOUR, System.SWISS, seed=5).value
    table.club.start_round(t.id)
    decided(table, t.id, 1, [(31, 20), (31, 20)])
    table.club.start_round(t.id, accept_waiting=True)
    monkeypatch.setattr(club_module, "next_round", counted)
    assert table.club.redrawn(t.id) == []
    assert drawn == [1]  # round 2 drawn again on round 1, once
    table.add_hand(table.club.get(t.id).match_id(2, 1), one_hand(31, 20))
    assert table.club.redrawn(t.id) == []
    assert drawn == [1]
    stored = table.club.get(t.id)
    table.club.unlock(t.id, 1, 2)
    mid = stored.match_id(1, 2)
    hand = table.queries.get_match(mid).match.hands[0]
    table.correct_hand(mid, 0, one_hand(20, 31), expected=hand)
    assert table.club.redrawn(t.id) == [2]
    assert drawn == [1, 1]


def test_a_table_reopened_while_the_organizer_is_asked_stops_the_round(table):
    t = table.club.create("Circolo", Rules(), FOUR, System.ROUND_ROBIN).value
    table.club.start_round(t.id)
    decided(table, t.id, 1, [(31, 20), (31, 20)])
    organizer = organizer_of(table, t.id)
    click(find(top(organizer), "club-start-round"))
    dialog = organizer.page.dialogs[-1]
    # meanwhile table 2's hand is taken back: it is being played again
    mid = table.club.get(t.id).match_id(1, 2)
    table.undo(mid, expected=None)
    click(find(dialog, "club-wait-accept"))
    assert "Il turno 1 non è finito (tavoli 2)." in shown(organizer)
    stored = table.club.get(t.id)
    assert len(stored.tournament.rounds) == 1
    assert stored.acceptance(1, 1) is None  # nothing confirmed either


def test_a_result_is_accepted_once_the_first_acceptance_stands(table):
    pairs = [["Anna", "Carla"], ["Bruno", "Dario"]]
    t = table.club.create("Coppie", Rules(), pairs, System.ROUND_ROBIN).value
    stored = table.club.start_round(t.id).value
    table.add_hand(stored.match_id(1, 1), one_hand(20, 31))
    table.club.confirm(t.id, 1, 1, "Anna")
    with pytest.raises(EditRefusedError, match="confirmed already") as e:
        table.club.confirm(t.id, 1, 1, "Carla")
    assert e.value.code == "result_confirmed"
    with pytest.raises(EditRefusedError, match="confirmed already"):
        table.club.confirm_for_table(t.id, 1, 1)
    assert table.club.get(t.id).acceptance(1, 1).accepted == "Anna"


def test_a_stored_acceptance_is_checked_and_a_newer_apps_key_left_alone():
    from scorekeeper.core.tournament import acceptance_problem, parse_acceptance

    newer = {"side": 2, "accepted": "Dario", "entered": None, "organizer": False}
    newer["device"] = "telefono 3"  # a key of a newer app
    assert acceptance_problem(newer) is None
    assert parse_acceptance(newer) == Acceptance(2, "Dario")
    assert acceptance_problem({"side": True}) == "side: True is not 1 or 2"
    assert acceptance_problem({"side": 1, "accepted": 7}) == (
        "accepted: expected a name or null, found 7"
    )
    assert acceptance_problem([]) == "expected an object or null, found list"


def test_a_phone_keeps_its_player_into_the_next_round_only_if_still_there(table):
    """Round robin of four: Anna stays at table 1 (Anna - Dario, then Carla -
    Anna); Dario moves to table 2. A phone that said it is Anna's is still
    hers; one that said Dario's is nobody's at its table's next match."""
    from scorekeeper.table import Change, TableEvent
    from scorekeeper.ui.screens.club.state import reseated

    t = table.club.create("Circolo", Rules(), FOUR, System.ROUND_ROBIN).value
    table.club.start_round(t.id)
    anna, dario = seated(table, t.id, 1), seated(table, t.id, 1)
    click(find(top(anna), "seat-me-1"))
    click(find(top(dario), "seat-me-2"))
    assert (
        anna.states.of(ClubState).seat.player,
        dario.states.of(ClubState).seat.player,
    ) == (
        "Anna",
        "Dario",
    )
    decided(table, t.id, 1, [(31, 20), (31, 20)])
    table.club.start_round(t.id, accept_waiting=True)
    event = TableEvent(Change.TOURNAMENT, tournament_id=t.id)
    after = [reseated(p.states.of(ClubState), event, table).seat for p in (anna, dario)]
    assert [s.round for s in after] == [2, 2]
    assert [s.player for s in after] == ["Anna", None]
