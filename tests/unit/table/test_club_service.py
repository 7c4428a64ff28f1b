"""The club night's use cases below the browser (issue 26): a 4-entrant round
robin, 3 rounds of 2 tables, played, confirmed, locked and unlocked; the
standings the service gives are what ``tournament standings`` prints for the
exported document."""

from __future__ import annotations

import io
import json
import random
from dataclasses import replace

import pytest

from scorekeeper.cli import main
from scorekeeper.core import Rules
from scorekeeper.core.tournament import (
    PairingError,
    System,
    acceptors,
    standings_document,
)
from scorekeeper.storage.errors import EditRefusedError
from scorekeeper.table import Change
from tests.tournament_builders import one_hand

ENTRANTS = [["Anna"], ["Bruno"], ["Carla"], ["Dario"]]


pytestmark = pytest.mark.memory  # conftest's table, on an in-memory repository


def night(table, system=System.ROUND_ROBIN, entrants=ENTRANTS):
    return table.club.create("Circolo", Rules(), entrants, system).value


def loser(table, tid, number, table_number):
    """The name of a player of the side that did not win that table."""
    return acceptors(table.club.get(tid).tournament, number, table_number)[0]


def play_round(table, stored, number, scores):
    """Each table of round *number* decided in one hand with its scores."""
    for tb, totals in zip(stored.tournament.rounds[number - 1], scores, strict=True):
        table.add_hand(stored.match_id(number, tb.number), one_hand(*totals))


def test_a_round_robin_night_played_confirmed_and_its_standings(table, tmp_path):
    t = night(table)
    scores = [[(31, 20), (25, 31)], [(31, 30), (31, 2)], [(12, 31), (31, 28)]]
    for number in (1, 2, 3):
        changed = table.club.start_round(t.id)
        assert changed.event.change is Change.TOURNAMENT
        assert changed.event.tournament_id == t.id
        stored = changed.value
        assert [tb.number for tb in stored.tournament.rounds[-1]] == [1, 2]
        play_round(table, stored, number, scores[number - 1])
        for tb in stored.tournament.rounds[-1]:
            table.club.confirm(
                t.id, number, tb.number, loser(table, t.id, number, tb.number)
            )
    with pytest.raises(PairingError, match="all 3 rounds"):
        table.club.start_round(t.id)
    final = table.club.get(t.id)
    # each result confirmed by the side that did not win it
    sides = [[2, 1], [2, 2], [1, 2]]
    assert [list(row) for row in final.confirmed] == sides
    # every entrant met every other once
    met = {frozenset(tb.entrants) for r in final.tournament.rounds for tb in r}
    assert len(met) == 6
    # the standings the service gives are the command's for the exported file
    doc = table.queries.export_all()[-1]
    path = tmp_path / "night.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    out = io.StringIO()
    assert main(["tournament", "standings", str(path), "--json"], None, out) == 0
    assert json.loads(out.getvalue()) == standings_document(final.tournament)
    lines = json.loads(out.getvalue())["standings"]
    names = [
        final.tournament.entrant_name(s.entrant) for s in table.club.standings(t.id)
    ]
    assert [x["entrant"] for x in lines] == names
    assert sum(x["won"] for x in lines) == 6 and lines[0]["won"] >= 2


def test_a_confirmed_result_locks_the_match_until_the_organizer_unlocks(table):
    t = night(table)
    stored = table.club.start_round(t.id).value
    mid = stored.match_id(1, 1)
    with pytest.raises(EditRefusedError, match="not finished"):
        table.club.confirm(t.id, 1, 1, "Anna")
    table.add_hand(mid, one_hand(31, 20))
    table.club.confirm(t.id, 1, 1, loser(table, t.id, 1, 1))
    hand = table.queries.get_match(mid).match.hands[0]
    for edit in (
        lambda: table.correct_hand(mid, 0, one_hand(20, 31), expected=hand),
        lambda: table.delete_hand(mid, 0, expected=hand),
        lambda: table.undo(mid, expected=None),
    ):
        with pytest.raises(EditRefusedError) as e:
            edit()
        assert e.value.code == "result_confirmed"
    assert table.queries.get_match(mid).match.hands == (hand,)
    table.club.unlock(t.id, 1, 1)
    table.correct_hand(mid, 0, one_hand(20, 31), expected=hand)
    assert table.queries.get_match(mid).state.winner == 1


def test_the_other_tables_match_is_not_locked(table):
    t = night(table)
    stored = table.club.start_round(t.id).value
    table.add_hand(stored.match_id(1, 1), one_hand(31, 20))
    table.club.confirm(t.id, 1, 1, loser(table, t.id, 1, 1))
    table.add_hand(stored.match_id(1, 2), one_hand(10, 5))  # still open: fine


def test_a_bye_has_nothing_to_confirm_and_the_winner_cannot_confirm(table):
    t = night(table, entrants=ENTRANTS[:3])
    stored = table.club.start_round(t.id).value
    bye = [tb for tb in stored.tournament.rounds[0] if tb.bye][0]
    with pytest.raises(EditRefusedError, match="a bye has no result"):
        table.club.confirm(t.id, 1, bye.number, "Anna")
    table.add_hand(stored.match_id(1, 1), one_hand(31, 20))
    winner = stored.tournament.entrant_name(stored.tournament.rounds[0][0].entrants[0])
    with pytest.raises(EditRefusedError, match="side that did not win") as e:
        table.club.confirm(t.id, 1, 1, winner)
    assert e.value.code == "not_acceptor"
    assert table.club.get(t.id).confirmed_by(1, 1) is None


def test_swiss_draws_round_one_with_the_source_given_and_waits_for_results(table):
    t = night(table, System.SWISS)
    a = table.club.start_round(t.id, random.Random(3)).value
    with pytest.raises(PairingError, match="not finished"):
        table.club.start_round(t.id)
    play_round(table, a, 1, [(31, 20), (20, 31)])
    b = table.club.start_round(t.id).value
    winners = {
        tb.entrants[0 if totals[0] > totals[1] else 1]
        for tb, totals in zip(a.tournament.rounds[0], [(31, 20), (20, 31)], strict=True)
    }
    assert set(b.tournament.rounds[1][0].entrants) == winners  # first meets second


def test_a_pairs_night_seats_each_pair_at_seats_1_and_3(table):
    t = night(table, entrants=[["Anna", "Carla"], ["Bruno", "Dario"]])
    stored = table.club.start_round(t.id).value
    m = table.queries.get_match(stored.match_id(1, 1))
    assert m.match.setup.players == ("Anna", "Bruno", "Carla", "Dario")


def test_mixed_entrants_are_refused(table):
    with pytest.raises(ValueError, match="every entrant is one player"):
        table.club.create("C", Rules(), [["Anna"], ["Bruno", "Dario"]], System.SWISS)
    with pytest.raises(ValueError, match="already entrant 1"):
        table.club.create("C", Rules(), [["Anna"], ["anna"]], System.SWISS)


def test_a_new_night_records_its_draws_seed_and_a_reopened_folder_keeps_it(
    tmp_path,
):
    """Issue 37, 10: the Swiss lot comes from a seed kept with the tournament,
    so the draw made after a restart is the one made before it."""
    from scorekeeper.table import TableService

    eight = [
        [n]
        for n in ["Anna", "Bruno", "Carla", "Dario", "Elena", "Fabio", "Gina", "Ugo"]
    ]
    first = TableService.open(tmp_path / "data")
    t = first.club.create("Circolo", Rules(), eight, System.SWISS).value
    assert t.tournament.seed is not None
    drawn = first.club.start_round(t.id).value.tournament.rounds[0]
    first.close()
    again = TableService.open(tmp_path / "data")
    stored = again.club.get(t.id)
    assert stored.tournament.seed == t.tournament.seed
    assert stored.tournament.rounds[0] == drawn
    from scorekeeper.core.tournament import next_round
    from scorekeeper.core.tournament.pairing import draw_of

    round_one = next_round(replace(stored.tournament, rounds=()))
    assert [tb.entrants for tb in round_one] == [tb.entrants for tb in drawn]
    assert draw_of(stored.tournament, 1).random() == draw_of(t.tournament, 1).random()
    again.close()


def test_two_nights_get_different_seeds_unless_one_is_given(table):
    a = table.club.create("A", Rules(), ENTRANTS, System.SWISS).value
    b = table.club.create("B", Rules(), ENTRANTS, System.SWISS).value
    c = table.club.create("C", Rules(), ENTRANTS, System.SWISS, seed=11).value
    assert a.tournament.seed != b.tournament.seed
    assert c.tournament.seed == 11


def test_a_season_adds_up_its_nights_standings_by_name(table):
    """Issue 38: two nights of the season "Inverno" (the second written
    "inverno"), one of none; each night decided in one round."""
    one = table.club.create(
        "Sera 1", Rules(), ENTRANTS, System.ROUND_ROBIN, season="Inverno"
    ).value
    two = table.club.create(
        "Sera 2", Rules(), ENTRANTS, System.ROUND_ROBIN, season=" inverno "
    ).value
    table.club.create("Amichevole", Rules(), ENTRANTS, System.ROUND_ROBIN)
    for night, scores in ((one, [(31, 20), (31, 25)]), (two, [(20, 31), (25, 31)])):
        stored = table.club.start_round(night.id).value
        play_round(table, stored, 1, scores)
    (season,) = table.club.seasons()  # one season, however it was written
    assert season.casefold() == "inverno"
    lines = table.club.season("INVERNO")
    nights = [table.club.get(n.id).tournament for n in (one, two)]
    from scorekeeper.core.tournament.season import season_standings

    assert lines == season_standings(nights)
    assert sum(s.nights for s in lines) == 8  # 4 entrants, 2 nights
    assert two.tournament.season == "inverno"


def test_a_season_counts_a_night_only_once_its_rounds_are_all_over(table):
    """Issue 38: a night of the season with a round drawn and not played
    gave its 4 entrants 4 points and a first place each; it counts for
    nobody until every match of its rounds is over."""
    one = table.club.create(
        "Sera 1", Rules(), ENTRANTS, System.ROUND_ROBIN, season="Inverno"
    ).value
    two = table.club.create(
        "Sera 2", Rules(), ENTRANTS, System.ROUND_ROBIN, season="Inverno"
    ).value
    assert table.club.season("Inverno") == []  # no round drawn anywhere
    play_round(table, table.club.start_round(one.id).value, 1, [(31, 20), (31, 25)])
    stored = table.club.start_round(two.id).value
    first = stored.tournament.rounds[0][0]
    table.add_hand(stored.match_id(1, first.number), one_hand(31, 20))
    lines = table.club.season("Inverno")
    # night 1 alone: +11, +6, -6, -11
    assert [(s.nights, s.points, s.first_places) for s in lines] == [
        (1, 4, 1),
        (1, 3, 0),
        (1, 2, 0),
        (1, 1, 0),
    ]
    last = stored.tournament.rounds[0][1]
    table.add_hand(stored.match_id(1, last.number), one_hand(31, 20))
    assert sum(s.nights for s in table.club.season("Inverno")) == 8


def test_a_late_entrant_and_a_withdrawal_between_rounds_of_a_swiss_night(table):
    """Issue 37, 9: after round 1 the organizer adds Elena and withdraws
    the entrant who lost table 1; round 2 pairs Elena and not him, his
    result stands, and the standings are the command's for the export."""
    t = night(table, System.SWISS)
    stored = table.club.start_round(t.id).value
    play_round(table, stored, 1, [(31, 20), (31, 25)])
    loser = stored.tournament.rounds[0][0].entrants[1]
    changed = table.club.add_entrant(t.id, ["Elena"])
    assert changed.event.tournament_id == t.id
    assert "Elena" in [p.name for p in table.queries.players()]  # in the roster
    withdrawn = table.club.withdraw(t.id, loser).value.tournament
    assert withdrawn.joined == ((4, 2),) and withdrawn.withdrawn == ((loser, 1),)
    second = table.club.start_round(t.id).value.tournament.rounds[1]
    assert sorted(e for tb in second for e in tb.entrants) == sorted(
        {0, 1, 2, 3, 4} - {loser}
    )
    lines = {s.entrant: s for s in table.club.standings(t.id)}
    assert (lines[loser].played, lines[loser].lost, lines[loser].points_for) == (
        1,
        1,
        20,
    )
    assert (lines[4].lost, lines[4].missed) == (1, 1)
    doc = table.queries.export_all()[-1]
    out = io.StringIO()
    main(["tournament", "standings", "-", "--json"], io.StringIO(json.dumps(doc)), out)
    final = table.club.get(t.id).tournament
    assert json.loads(out.getvalue()) == standings_document(final)


def test_a_withdrawal_waits_for_the_entrants_match_and_leaves_two_to_pair(table):
    t = night(table, System.SWISS, ENTRANTS[:3])
    stored = table.club.start_round(t.id).value
    (playing, bye) = stored.tournament.rounds[0]
    with pytest.raises(ValueError, match="is still playing; withdraw after"):
        table.club.withdraw(t.id, playing.entrants[0])
    table.club.withdraw(t.id, bye.entrants[0])  # a bye is no match to wait for
    table.add_hand(stored.match_id(1, playing.number), one_hand(31, 20))
    with pytest.raises(ValueError, match="1 entrant"):
        table.club.withdraw(t.id, playing.entrants[0])
    with pytest.raises(ValueError, match="2 name"):
        table.club.add_entrant(t.id, ["Elena", "Franco"])
    with pytest.raises(ValueError, match="already entrant 1"):  # Anna
        table.club.add_entrant(t.id, [" anna "])


def test_a_round_robin_under_way_refuses_a_late_entrant(table):
    t = night(table)
    table.club.start_round(t.id)
    with pytest.raises(ValueError, match="round robin"):
        table.club.add_entrant(t.id, ["Elena"])
    assert len(table.club.get(t.id).tournament.entrants) == 4
