""" "Classifica" below the browser (issue 38): the board worked out off the
draw, the players in rating order with their records, a tap that shows a
player's chart, the pairs, and a board kept in step with a new match."""

from __future__ import annotations

from scorekeeper.core.matchfile import dump_match
from scorekeeper.ratings.rating import rate, rated_matches
from scorekeeper.ui import routes
from scorekeeper.ui.screens.leaderboard import view as leaderboard
from scorekeeper.ui.shell import rating_board
from tests.builders import match, plain_hand
from tests.event_loops import run_coroutine
from tests.unit.fakes import find, make_session, texts


def won(players, winner: int, day: int) -> dict:
    extra = (40, 0) if winner == 0 else (0, 40)
    m = match(tuple(players), [plain_hand(*extra)])
    return dump_match(
        m, {"id": f"m{day:02d}", "created": f"2026-11-{day:02d}T20:00:00+01:00"}
    )


def open_board(session):
    """The screen as a phone opens it: the draw starts the work; the work runs."""
    session.render(routes.LEADERBOARD)
    pending = [t for t in session.page.tasks if t[0] is rating_board.load]
    for handler, args in pending:
        session.page.tasks.remove((handler, args))
        run_coroutine(handler(*args))
    return leaderboard.leaderboard_view(session)


def test_an_empty_history_says_the_leaderboard_starts_with_the_first_match(table):
    session = make_session(table)
    view = open_board(session)
    assert any("Ancora nessuna partita finita" in t for t in texts(view))


def test_the_players_are_listed_by_rating_with_their_matches_and_wins(table):
    table.import_documents(
        [
            won(("Anna", "Bruno"), 0, 1),
            won(("Anna", "Carla"), 0, 2),
            won(("Bruno", "Carla"), 1, 3),
        ]
    )
    session = make_session(table)
    view = open_board(session)
    expected = rate(rated_matches(table.queries.list_history(limit=10).items))
    rows = [texts(find(view, f"ranking-{i}")) for i in (1, 2, 3)]
    assert rows[0][:4] == [
        "1.",
        "Anna",
        "2 partite · vinte 2",
        str(expected.table()[0].display),
    ]
    assert [r[1] for r in rows] == ["Anna", "Carla", "Bruno"]
    assert [int(r[3]) for r in rows] == [p.display for p in expected.table()]


def test_a_tap_on_a_player_shows_the_rating_over_time(table):
    table.import_documents([won(("Anna", "Bruno"), 0, 1), won(("Anna", "Bruno"), 1, 2)])
    session = make_session(table)
    view = open_board(session)
    find(view, "ranking-1").on_click(None)
    view = leaderboard.leaderboard_view(session)
    series = find(view, "ranking-chart").data_series[0]
    # the start (1000), then one point per match
    assert [p.y for p in series.points][0] == 1000
    assert len(series.points) == 3


def test_the_pairs_of_the_four_player_game_are_listed(table):
    table.import_documents([won(("Anna", "Bruno", "Carla", "Dario"), 0, 1)])
    view = open_board(make_session(table))
    assert "Anna e Carla: vinte 1, perse 0" in texts(find(view, "ranking-pair-1"))


def test_a_new_match_rates_only_itself_and_the_board_follows(table):
    table.import_documents([won(("Anna", "Bruno"), 0, 1)])
    session = make_session(table)
    open_board(session)
    kept = rating_board._kept(table.queries)
    table.import_documents([won(("Bruno", "Carla"), 0, 2)])
    view = open_board(session)
    assert kept.ratings.recomputed == 0
    names = {texts(find(view, f"ranking-{i}"))[1] for i in (1, 2, 3)}
    assert names == {"Anna", "Bruno", "Carla"}


def test_the_board_drawn_while_a_newer_one_is_worked_out_shows_progress(table):
    table.import_documents([won(("Anna", "Bruno"), 0, 1)])
    session = make_session(table)
    open_board(session)
    table.import_documents([won(("Bruno", "Carla"), 0, 2)])
    session.render(routes.LEADERBOARD)  # the work is started, not yet done
    view = leaderboard.leaderboard_view(session)
    assert find(view, "ranking-loading").visible
    assert find(view, "ranking-1")  # the last board stays on screen meanwhile


def test_a_new_match_shows_each_sides_chance_from_the_ratings(table):
    from dataclasses import replace

    from scorekeeper.ui.screens.new_match.view import form_now, new_match_view

    table.import_documents([won(("Anna", "Bruno"), 0, day) for day in (1, 2, 3)])
    session = make_session(table)
    open_board(session)
    session.render(routes.NEW_MATCH)
    form = form_now(session)
    session.states.put(replace(form, names=("Anna", "Bruno", "", "")))
    line = texts(find(new_match_view(session), "new-chance"))[0]
    board = rating_board.current_board(session)[0]
    anna, bruno = board.chance((("Anna",), ("Bruno",)))
    assert anna > 0.5 > bruno
    pa, pb = round(anna * 100), round(bruno * 100)
    assert line == f"Probabilità di vincere: Anna {pa}% · Bruno {pb}%"
    session.states.put(replace(form, names=("Anna", "", "", "")))
    try:
        find(new_match_view(session), "new-chance")
    except LookupError:
        pass
    else:
        raise AssertionError("a chance shown before every seat is named")
