"""The club night's screens below the browser (issue 26): the new
tournament's form, the organizer's screen, a phone seated at a table (only
its match; "Confermo il risultato" locks it; the organizer unlocks), the
club's board, the codes, and which sessions a change redraws."""

from __future__ import annotations

import flet as ft
import pytest

from scorekeeper.core import MatchSetup, Rules
from scorekeeper.core.tournament import System, standings
from scorekeeper.table import TableService
from scorekeeper.table.mode import browser_mode
from scorekeeper.ui import routes
from scorekeeper.ui.access.club_codes import ClubCodes, Place, codes_of
from scorekeeper.ui.access.table_code import Gate
from scorekeeper.ui.app import new_session, screens_of
from scorekeeper.ui.screens.club.state import ClubState, TournamentForm
from scorekeeper.ui.shell.session import TOPIC, Session
from tests.event_loops import run_coroutine
from tests.tournament_builders import one_hand
from tests.unit.fakes import (
    FakePage,
    click,
    find,
    make_session,
    select,
    texts,
    type_into,
    walk,
)

pytestmark = pytest.mark.memory


def top(session: Session):
    return session.page.views[-1]


def shown(session: Session) -> list[str]:
    return texts(top(session))


def said(root: object, identifier: str) -> str:
    """The sentence a screen reader says for a line of the board (its
    ``Semantics`` label: the screen shows it in columns)."""
    for c in walk(root):
        if isinstance(c, ft.Semantics) and c.identifier == identifier:
            return c.label
    raise LookupError(identifier)


def button(session: Session, identifier: str):
    return find(top(session), identifier)


def organize(table: TableService, names=("Anna", "Bruno", "Carla", "Dario")):
    """The organizer's phone: a tournament made through its form."""
    session = make_session(table, routes.CLUB_NEW)
    type_into(find(top(session), "club-name"), "Circolo")
    for name in names:
        field = find(top(session), "club-entrant-field")
        type_into(field, name)
        click(button(session, "club-entrant-add"))
    click(button(session, "club-create"))
    return session


def event_to(session: Session, event: object) -> int:
    """Hand *event* to *session* as the broadcast does; the redraws it made."""
    before = session.page.updates
    run_coroutine(session._on_table_event(TOPIC, event))
    return session.page.updates - before


def seat(table: TableService, tid: str, number: int) -> Session:
    """A phone that typed table *number*'s code on "Torneo"."""
    phone = make_session(table, routes.CLUB)
    code = codes_of(table).code(Place(tid, number))
    type_into(find(top(phone), "club-code-field"), code)
    click(button(phone, "club-join"))
    return phone


def behind_the_gate(table: TableService, gate: Gate, route: str) -> Session:
    """A phone of a gated server that opened *route* (a code in it, maybe)."""
    page = FakePage(route)
    session = new_session(page, table, access=gate)  # type: ignore[arg-type]
    session.drawing.take_code(route)
    return session


def night_with_a_round(table: TableService) -> str:
    """A tournament whose first round is drawn; its id."""
    organizer = organize(table)
    click(button(organizer, "club-start-round"))
    return organizer.states.of(ClubState).night


# -- the form --
def test_the_form_makes_the_tournament_and_shows_the_organizers_screen(table):
    session = organize(table)
    (night,) = table.club.all()
    assert night.tournament.name == "Circolo"
    assert night.tournament.entrants == (("Anna",), ("Bruno",), ("Carla",), ("Dario",))
    assert session.route == routes.CLUB_NIGHT
    assert session.states.of(ClubState).night == night.id
    assert "Nessun turno ancora iniziato." in shown(session)
    assert (
        session.states.of(ClubState).form == TournamentForm()
    )  # the form starts afresh


def test_pairs_are_made_two_names_at_a_time_from_the_roster(table):
    for name in ("Anna", "Bruno", "Carla", "Dario"):
        table.add_player(name)
    session = make_session(table, routes.CLUB_NEW)
    select(find(top(session), "club-kind"), "2")
    select(find(top(session), "club-system"), "swiss")
    type_into(find(top(session), "club-name"), "Coppie")
    click(button(session, "club-roster-Anna"))
    assert "Anna: manca il compagno di coppia." in shown(session)
    click(button(session, "club-create"))
    assert "L'ultima coppia ha un solo giocatore." in shown(session)
    for name in ("Carla", "Bruno", "Dario"):
        click(button(session, f"club-roster-{name}"))
    with pytest.raises(LookupError):
        find(top(session), "club-roster-Anna")  # picked: not offered again
    click(button(session, "club-create"))
    (night,) = table.club.all()
    assert night.tournament.entrants == (("Anna", "Carla"), ("Bruno", "Dario"))
    assert night.tournament.players_per_side == 2
    assert night.tournament.system.value == "swiss"


def test_the_form_says_what_is_missing_in_the_phones_language(table):
    session = make_session(table, routes.CLUB_NEW, lang="en")
    click(button(session, "club-create"))
    assert "Give the tournament a name." in shown(session)
    type_into(find(top(session), "club-name"), "Night")
    field = find(top(session), "club-entrant-field")
    type_into(field, "Anna")
    click(button(session, "club-entrant-add"))
    click(button(session, "club-create"))
    assert "At least 2 entrants are needed." in shown(session)
    # the same name twice is one entrant ("anna " is Anna)
    field = find(top(session), "club-entrant-field")
    type_into(field, "anna ")
    click(button(session, "club-entrant-add"))
    assert session.states.of(ClubState).form.picked == ("Anna",)
    assert table.club.all() == []


def test_a_player_taken_out_of_the_form_is_offered_again(table):
    form = TournamentForm(picked=("Anna", "Bruno", "Carla"))
    assert form.without(1).picked == ("Anna", "Carla")
    pairs = TournamentForm(pairs=True, picked=("A", "B", "C", "D", "E"))
    assert pairs.entrants() == (("A", "B"), ("C", "D"))
    assert pairs.without(0).picked == ("C", "D", "E")


# -- the organizer's screen --
def test_a_round_draws_two_tables_each_with_its_code_and_the_standings(table):
    session = organize(table)
    click(button(session, "club-start-round"))
    night = table.club.get(session.states.of(ClubState).night)
    assert len(night.tournament.rounds) == 1
    assert find(top(session), "club-round").value == "Turno 1"
    codes = codes_of(table)
    for number in (1, 2):
        code = codes.code(Place(night.id, number))
        assert find(top(session), f"club-table-{number}-code").value == (
            f"Codice: {code}"
        )
        status = find(top(session), f"club-table-{number}-status").value
        assert status == "Nessuna mano ancora."
    assert codes.code(Place(night.id, 1)) != codes.code(Place(night.id, 2))
    # a round still being played: no next one, and the screen says why
    click(button(session, "club-start-round"))
    assert "Il turno 1 non è finito (tavoli 1, 2)." in shown(session)
    assert len(table.club.get(night.id).tournament.rounds) == 1


def test_the_standings_on_screen_follow_the_core(table):
    session = organize(table)
    click(button(session, "club-start-round"))
    night = table.club.get(session.states.of(ClubState).night)
    table.add_hand(night.match_id(1, 1), one_hand(31, 20))
    table.add_hand(night.match_id(1, 2), one_hand(12, 31))
    event_to(session, None)
    t = table.club.get(night.id).tournament
    lines = [find(top(session), f"club-line-{i}").value for i in (1, 2, 3, 4)]
    expected = [t.entrant_name(s.entrant) for s in standings(t)]
    assert [line.split(":")[0].split(". ")[1] for line in lines] == expected
    assert lines[0].endswith("1 V, 0 P, diff. +19, 31 punti")


def test_the_sheet_of_qr_cards_has_a_card_per_table_and_the_boards(table):
    session = organize(table)
    click(button(session, "club-cards"))
    assert session.route == routes.CLUB_CARDS
    night = session.states.of(ClubState).night
    for number in (1, 2):
        card = find(top(session), f"club-card-{number}")
        assert codes_of(table).code(Place(night, number)) in texts(card)
        assert find(card, f"club-card-{number}-qr").src  # a PNG
    assert codes_of(table).code(Place(night)) in texts(
        find(top(session), "club-card-board")
    )


# -- a phone at a table --
def test_a_seated_phone_sees_its_tables_match_only_and_confirms_it(table):
    organizer = organize(table)
    click(button(organizer, "club-start-round"))
    night = table.club.get(organizer.states.of(ClubState).night)
    one, two = seat(table, night.id, 1), seat(table, night.id, 2)
    assert one.route == routes.HOME
    assert find(top(one), "seat-where").value == "Tavolo 1 · Turno 1"
    assert one.current().id == night.match_id(1, 1)
    assert two.current().id == night.match_id(1, 2)
    t = night.tournament
    first = t.rounds[0][0]
    assert find(top(one), "seat-totals").value == (
        f"{t.entrant_name(first.entrants[0])} 0 - 0 {t.entrant_name(first.entrants[1])}"
    )
    # its scoreboard is its table's match
    click(button(one, "seat-match"))
    assert one.route == routes.MATCH
    assert t.entrant_name(first.entrants[0]) in " ".join(shown(one))
    # the match won: the other side confirms, by name, which locks it
    table.add_hand(night.match_id(1, 1), one_hand(31, 20))
    one.render()
    find(top(one), "over-winner")
    with pytest.raises(LookupError):  # no rivincita: the organizer draws
        find(top(one), "over-rematch")
    one.go(routes.HOME)
    who = find(top(one), "seat-confirm-who").value
    loser = t.entrant_name(first.entrants[1])
    assert who.endswith(f"{loser} conferma il risultato.")
    assert find(top(one), "seat-confirm").content == f"Sono {loser}: confermo"
    click(button(one, "seat-confirm"))
    assert table.club.get(night.id).confirmed_by(1, 1) == 2
    assert table.club.get(night.id).acceptance(1, 1).accepted == loser
    assert find(top(one), "seat-confirmed").value.startswith(
        f"Risultato confermato da {loser}."
    )
    # a hand of a locked match is refused, in the phone's words
    stored = one.current()
    hand = stored.match.hands[0]
    one.apply(lambda tb: tb.correct_hand(stored.id, 0, one_hand(20, 31), expected=hand))
    assert one.error is not None and "l'organizzatore la sblocca" in one.error
    # the organizer unlocks it ("Correggi una mano": his own screen)
    event_to(organizer, None)
    click(button(organizer, "club-table-1-correct"))
    assert organizer.route == routes.DETAIL
    assert table.club.get(night.id).confirmed_by(1, 1) is None
    one.apply(lambda tb: tb.correct_hand(stored.id, 0, one_hand(20, 31), expected=hand))
    assert one.current().state.winner == 1


def test_a_wrong_table_code_is_refused_and_leaving_makes_an_ordinary_phone(table):
    organizer = organize(table)
    click(button(organizer, "club-start-round"))
    phone = make_session(table, routes.CLUB)
    type_into(find(top(phone), "club-code-field"), "AAAAAA")
    click(button(phone, "club-join"))
    assert "Nessun tavolo ha questo codice." in shown(phone)
    assert phone.states.of(ClubState).seat is None
    seated = seat(table, organizer.states.of(ClubState).night, 2)
    click(button(seated, "seat-leave"))
    assert seated.states.of(ClubState).seat is None
    find(top(seated), "home-new-match")  # home again


def test_a_new_round_moves_the_seated_phone_to_its_tables_next_match(table):
    organizer = organize(table)
    click(button(organizer, "club-start-round"))
    tid = organizer.states.of(ClubState).night
    night = table.club.get(tid)
    phone = seat(table, tid, 1)
    for number in (1, 2):
        table.add_hand(night.match_id(1, number), one_hand(31, 20))
    event_to(organizer, None)
    click(button(organizer, "club-start-round"))
    click(find(organizer.page.dialogs[-1], "club-wait-start"))  # not confirmed
    night = table.club.get(tid)
    event = organizer.page.pubsub.sent[-1][2]
    assert event_to(phone, event) == 1
    assert phone.current().id == night.match_id(2, 1)
    assert find(top(phone), "seat-where").value == "Tavolo 1 · Turno 2"


# -- who is redrawn --
def test_a_save_at_one_table_redraws_its_phones_the_board_and_organizer_only(table):
    organizer = organize(table)
    click(button(organizer, "club-start-round"))
    tid = organizer.states.of(ClubState).night
    night = table.club.get(tid)
    one, two = seat(table, tid, 1), seat(table, tid, 2)
    board = make_session(table, routes.CLUB)
    type_into(
        find(top(board), "club-code-field"),
        codes_of(table).code(Place(tid)),
    )
    click(button(board, "club-join"))
    assert board.route == routes.BOARD
    elsewhere = make_session(table, routes.HISTORY)  # no club screen: as ever
    changed = table.add_hand(night.match_id(1, 2), one_hand(10, 5))
    assert event_to(two, changed.event) == 1
    assert event_to(one, changed.event) == 0
    assert event_to(board, changed.event) == 1
    assert event_to(organizer, changed.event) == 1
    assert event_to(elsewhere, changed.event) == 1
    line = said(top(board), "club-board-table-2")
    assert line.startswith("Tavolo 2: ") and line.endswith(" 10 - 5")
    assert find(top(organizer), "club-table-2-status").value == (
        "In corso: 10 - 5 dopo 1 mano."
    )
    # a match of no tournament does not redraw the club's phones
    other = table.start_match(one.current().match.setup)
    assert event_to(one, other.event) == 0
    assert event_to(organizer, other.event) == 0


# -- the table code's gate --
def test_behind_the_gate_a_table_code_seats_and_the_board_code_shows_the_board(
    table,
):
    organizer = organize(table)
    click(button(organizer, "club-start-round"))
    tid = organizer.states.of(ClubState).night
    gate = Gate(report=lambda line: None)
    codes = codes_of(table)

    def gated(route: str) -> Session:
        return behind_the_gate(table, gate, route)

    phone = gated(f"/?t={codes.code(Place(tid, 2)).lower()}")
    assert phone.may_change and phone.states.of(ClubState).seat is not None
    assert phone.current().id == table.club.get(tid).match_id(1, 2)
    find(top(phone), "seat-where")
    tv = gated(f"/tabellone?t={codes.code(Place(tid))}")
    assert tv.admitted and not tv.may_change
    assert find(top(tv), "club-board-round").value == "Turno 1"
    tv.render(routes.CLUB_NIGHT)  # a spectator stays on its board
    assert [v.route for v in tv.page.views] == [routes.BOARD]
    stranger = gated("/?t=AAAAAA")
    assert not stranger.admitted


def test_a_phone_let_in_by_a_table_code_sees_only_its_table_whatever_it_types(
    table,
):
    """A player at table 2 could type /impostazioni and tap "Nuovo codice"
    (every phone of the night logged out), or /torneo and unlock results:
    it is let in for its table, so every other address draws its table."""
    tid = night_with_a_round(table)
    gate = Gate(report=lambda line: None)
    phone = behind_the_gate(table, gate, f"/?t={codes_of(table).code(Place(tid, 2))}")
    page = phone.page
    for route in (routes.SETTINGS, routes.CLUB_NIGHT, routes.HISTORY, routes.NEW_MATCH):
        phone.render(route)
        assert phone.route == routes.HOME, route
        find(top(phone), "seat-where")
        assert page.route == routes.HOME  # the address too
    phone.render(routes.MATCH)  # its table's scoreboard it may open
    assert phone.route == routes.MATCH
    assert phone.current().id == table.club.get(tid).match_id(1, 2)
    # and the rules: its table's match's, not the match the server is on
    table.start_match(MatchSetup(("Ugo", "Zeno"), "Ugo", Rules(target=21)))
    phone.render(routes.RULES)
    sides = phone.current().match.setup
    intro = find(top(phone), "rules-intro").value
    assert f"{sides.side_name(0)} - {sides.side_name(1)}" in intro
    assert "Ugo" not in intro
    assert not phone.admission.renew()
    assert gate.generation == 0
    # the organizer renews the table code: the table's phone stays in
    gate.renew_table_code()
    phone.render(routes.HOME)
    find(top(phone), "seat-where")
    # leaving the table, it is asked for a code: it had none but the table's
    click(button(phone, "seat-leave"))
    assert not phone.admitted
    assert phone.states.of(ClubState).seat is None


def test_a_phone_let_in_by_the_servers_code_that_joins_a_table_may_leave_it(table):
    tid = night_with_a_round(table)
    gate = Gate(report=lambda line: None)
    phone = behind_the_gate(table, gate, f"/?t={gate.table_code}")
    phone.render(routes.CLUB)
    type_into(find(top(phone), "club-code-field"), codes_of(table).code(Place(tid, 1)))
    click(button(phone, "club-join"))
    find(top(phone), "seat-where")
    phone.render(routes.SETTINGS)  # the organizer's own phone roams
    assert phone.route == routes.SETTINGS
    phone.render(routes.HOME)
    click(button(phone, "seat-leave"))
    assert phone.admitted and phone.may_change
    find(top(phone), "home-new-match")


def test_club_codes_are_kept_per_place_and_read_as_typed():
    codes = ClubCodes()
    a, b = codes.code(Place("T1", 1)), codes.code(Place("T1"))
    assert codes.code(Place("T1", 1)) == a and a != b
    assert codes.find(f" {a[:3].lower()}-{a[3:]} ") == Place("T1", 1)
    assert codes.find(b) == Place("T1") and Place("T1").board
    assert codes.find("") is None and codes.find("X" * 100) is None
    assert set(codes.all_codes()) == {a, b}


async def _flushed() -> None:
    return None


def test_the_browser_build_one_phone_has_no_club_night(table):
    mode = browser_mode(_flushed, lambda: True)
    assert routes.CLUB not in screens_of(mode)
    session = new_session(FakePage(), table, mode)  # type: ignore[arg-type]
    session.render()
    with pytest.raises(LookupError):
        find(top(session), "home-club")


def test_home_offers_torneo_on_a_server(table):
    session = make_session(table)
    click(button(session, "home-club"))
    assert session.route == routes.CLUB
    assert "Nuovo torneo" in shown(session)


def test_the_target_typed_is_every_matchs_and_a_bad_one_is_refused(table):
    session = make_session(table, routes.CLUB_NEW)
    type_into(find(top(session), "club-name"), "Corta")
    type_into(find(top(session), "club-target"), "0")
    for name in ("Anna", "Bruno"):
        type_into(find(top(session), "club-entrant-field"), name)
        click(button(session, "club-entrant-add"))
    click(button(session, "club-create"))
    assert "Il traguardo è un numero intero da 1 a 500." in shown(session)
    type_into(find(top(session), "club-target"), "2")
    click(button(session, "club-create"))
    (night,) = table.club.all()
    assert night.tournament.rules.target == 2


def test_a_seated_phones_live_tally_is_its_tables_match(table):
    organizer = organize(table)
    click(button(organizer, "club-start-round"))
    tid = organizer.states.of(ClubState).night
    night = table.club.get(tid)
    table.add_hand(night.match_id(1, 1), one_hand(10, 5))  # the table's "current"
    assert table.current().id == night.match_id(1, 1)
    phone = seat(table, tid, 2)
    phone.go(routes.LIVE)
    t = night.tournament
    second = t.rounds[0][1]
    words = " ".join(shown(phone))
    assert t.entrant_name(second.entrants[0]) in words
    first = t.rounds[0][0]
    assert t.entrant_name(first.entrants[0]) not in words


def test_a_swiss_night_shows_the_number_its_draw_comes_from(table):
    """Issue 37, 10: the lot is recorded and shown, so it can be checked."""
    from dataclasses import replace

    from scorekeeper.core import Rules
    from scorekeeper.core.tournament import System

    swiss = table.club.create(
        "Circolo", Rules(), [["Anna"], ["Bruno"], ["Carla"], ["Dario"]], System.SWISS
    ).value
    session = make_session(table)
    session.states.put(replace(session.states.of(ClubState), night=swiss.id))
    session.render(routes.CLUB_NIGHT)
    line = find(top(session), "club-draw-seed").value
    assert line == (
        f"Sorteggio n. {swiss.tournament.seed}: con lo stesso numero, lo stesso "
        "abbinamento."
    )
    robin = organize(table)  # a round robin draws nothing by lot
    with pytest.raises(LookupError):
        find(top(robin), "club-draw-seed")


@pytest.mark.parametrize(
    ("name", "said"),
    [
        (
            "Circolo\u202e",
            "Il nome Circolo\\u202e ha U+202E RIGHT-TO-LEFT OVERRIDE: usa solo "
            "lettere, cifre, punteggiatura e spazi.",
        ),
        (
            "Circolo\x1b[2J",
            "Il nome Circolo\\x1b[2J ha U+001B (a control character): usa solo "
            "lettere, cifre, punteggiatura e spazi.",
        ),
        (
            "囲碁クラブ",
            "Il nome 囲碁クラブ ha caratteri che i telefoni non sanno mostrare "
            "(囲碁クラブ).",
        ),
    ],
    ids=["RTL override", "ANSI escape", "a script the phones cannot draw"],
)
def test_the_forms_tournament_name_passes_the_one_name_rule(table, name, said):
    session = make_session(table, routes.CLUB_NEW)
    type_into(find(top(session), "club-name"), name)
    for player in ("Anna", "Bruno"):
        type_into(find(top(session), "club-entrant-field"), player)
        click(button(session, "club-entrant-add"))
    click(button(session, "club-create"))
    assert said in shown(session)
    assert table.club.all() == []
    if "囲" not in name:  # a letter of any script passes the rule, not the form
        with pytest.raises(ValueError, match="name"):
            table.club.create(name, Rules(), [("Anna",), ("Bruno",)], System.SWISS)


def test_a_nights_season_is_chosen_in_the_form_and_its_standings_shown(table):
    """Issue 38: the organizer names the season; the night's screen and the
    board show the season's standings after the night's own."""
    from scorekeeper.ui.screens.club.tv import club_board_view

    session = make_session(table, routes.CLUB_NEW)
    type_into(find(top(session), "club-name"), "Sera 1")
    type_into(find(top(session), "club-season"), "Inverno")
    for name in ("Anna", "Bruno"):
        type_into(find(top(session), "club-entrant-field"), name)
        click(button(session, "club-entrant-add"))
    click(button(session, "club-create"))
    (night,) = table.club.all()
    assert night.tournament.season == "Inverno"
    assert find(top(session), "club-season-line-title").value == "Stagione Inverno"
    # nobody has played yet: the night counts for nobody (it gave both the
    # first rank and 2 points, issue 38)
    assert find(top(session), "club-season-line-none").value.startswith(
        "Nessuna serata conclusa"
    )
    with pytest.raises(LookupError):
        find(top(session), "club-season-line-1")
    table.club.start_round(night.id)
    stored = table.club.get(night.id)
    table.add_hand(stored.match_id(1, 1), one_hand(31, 20))
    session.render()
    first = stored.tournament.entrant_name(stored.tournament.rounds[0][0].entrants[0])
    assert find(top(session), "club-season-line-1").value == (
        f"1. {first}: 2 punti in 1 serata, vinte 1"
    )
    board = club_board_view(session, night.id)
    assert find(board, "club-board-season-title").value == "Stagione Inverno"
    # the next night offers the season a tap away
    other = make_session(table, routes.CLUB_NEW)
    click(find(top(other), "club-season-1"))
    assert find(top(other), "club-season").value == "Inverno"


def test_the_code_screen_at_a_club_night_says_to_scan_the_tables_card(table):
    """Issue 37, 2: its hint ("Impostazioni > Collega un telefono") was wrong
    at a club table; with a night being played it names the table's card."""
    from datetime import UTC, datetime, timedelta

    gate = Gate(report=lambda line: None)
    before = behind_the_gate(table, gate, "/")
    assert "Impostazioni > Collega un telefono" in find(top(before), "code-ask").value
    organizer = organize(table)
    assert not table.club.night_on()  # made, no round yet
    click(button(organizer, "club-start-round"))
    phone = behind_the_gate(table, gate, "/")
    assert find(top(phone), "code-ask").value.startswith("Torneo in corso: inquadra")
    tomorrow = datetime.now(UTC) + timedelta(hours=13)
    assert not table.club.night_on(tomorrow)


def test_a_nights_codes_are_the_same_after_the_server_starts_again(tmp_path):
    """Issue 37, 2: a restart changed every table's code and the board's; the
    printed cards were no good. The codes are kept with the tournament."""
    from scorekeeper.core import Rules
    from scorekeeper.core.tournament import System

    first = TableService.open(tmp_path / "data")
    night = first.club.create(
        "Circolo", Rules(), [["Anna"], ["Bruno"], ["Carla"], ["Dario"]], System.SWISS
    ).value
    before = codes_of(first)
    table_two, board = before.code(Place(night.id, 2)), before.code(Place(night.id))
    first.close()
    again = TableService.open(tmp_path / "data")
    after = codes_of(again)
    assert after.find(table_two.lower()) == Place(night.id, 2)  # before any ask
    assert after.code(Place(night.id, 2)) == table_two
    assert after.code(Place(night.id)) == board
    assert after.code(Place(night.id, 1)) not in (table_two, board)
    again.close()
