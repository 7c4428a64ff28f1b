"""A match played by taps, without a browser: an impossible hand, a past
hand edited, deleted, undone and redone, a tie-break, a 4-player match's
seats and the match screens in English. The form is filled and the hands
entered by taps on the controls the browser tests reach by the same
identifiers (a real session on a table in a temporary folder, a fake page).

Moved from tests/e2e/test_match_flows.py: what these screens say and do is
decided on the server; the browser added only time. What a tap in the
browser does is tests/e2e/test_match_flows.py's two phones, and what the
screens look like the screen tour's.
"""

from __future__ import annotations

import re

import flet as ft

from scorekeeper.table import TableService
from scorekeeper.ui.screens.new_match.state import open_new_match
from scorekeeper.ui.screens.scoreboard import view as scoreboard
from scorekeeper.ui.shell.session import Session
from tests.unit import fakes
from tests.unit.fakes import click, find, make_session, select, texts, type_into, walk

RANKS = ["A", "2", "3", "4", "5", "6", "7", "F", "C", "R"]


def view(session: Session) -> ft.View:
    return session.page.views[-1]


def start_by_taps(session: Session, names: list[str]) -> None:
    """From home: open the form, choose the players' count, type the names,
    tap Start, as a finger does."""
    open_new_match(session)
    if len(names) == 4:
        select(find(view(session), "new-count"), "4")
    for seat, name in enumerate(names, start=1):
        type_into(find(view(session), f"new-player-{seat}"), name)
    click(find(view(session), "new-start"))


def enter_by_taps(session: Session, side1_spades: list[str], cards1: str) -> None:
    """Open the entry, tap side 1's spade chips (the first gives the others
    to side 2), the settebello to side 1, type side 1's cards."""
    scoreboard.start_hand(session)
    for rank in side1_spades:
        click(find(view(session), f"entry-spade-{rank}"))
    select(find(view(session), "entry-settebello"), "0")
    type_into(find(view(session), "entry-cards-0"), cards1)


def shown(session: Session, identifier: str) -> str:
    return find(view(session), identifier).value


def drawn(session: Session, identifier: str) -> bool:
    return fakes.drawn(view(session), identifier)


def totals(session: Session) -> tuple[str, str]:
    return shown(session, "score-total-0"), shown(session, "score-total-1")


def told(session: Session) -> str:
    """The snackbar's words (the last thing the page shows over the screen)."""
    return session.page.dialogs[-1].content.value


def test_an_impossible_hand_shows_its_error_and_cannot_be_saved(table: TableService):
    session = make_session(table)
    start_by_taps(session, ["Anna", "Bruno"])
    enter_by_taps(session, RANKS, "8")
    said = [t.value for t in find(view(session), "entry-problems-cards").controls]
    assert said == ["Anna ha 10 spade e il settebello ma solo 8 carte."]
    assert find(view(session), "entry-save").disabled
    click(find(view(session), "entry-save"))  # disabled in the browser: nothing
    assert table.current().match.hands == ()

    type_into(find(view(session), "entry-cards-0"), "30")
    assert not drawn(session, "entry-problems-cards")
    click(find(view(session), "entry-save"))
    assert totals(session) == ("17", "0")  # 2 + 2 + 1 + 1 + 1 + napoleone 10


def test_editing_deleting_and_undoing_a_past_hand_change_the_totals(
    table: TableService,
):
    session = make_session(table)
    start_by_taps(session, ["Anna", "Bruno"])
    enter_by_taps(session, ["A", "2", "3", "4", "5", "6"], "22")
    click(find(view(session), "entry-save"))
    assert totals(session) == ("12", "1")

    click(find(view(session), "hand-row-1"))
    click(find(session.page.dialogs[-1], "detail-edit"))
    select(find(view(session), "entry-settebello"), "1")
    click(find(view(session), "entry-save"))
    assert totals(session) == ("11", "2")

    # One model (issue 23): deleted at once and named, undone and named,
    # with Ripeti; the offer belongs to the scoreboard.
    click(find(view(session), "hand-row-1"))
    click(find(session.page.dialogs[-1], "detail-delete"))
    assert totals(session) == ("0", "0")
    named = "Eliminata la mano 1 (Anna 11 - Bruno 2)"
    assert told(session) == named
    click(find(view(session), "score-undo"))
    assert totals(session) == ("11", "2")
    assert told(session) == "Rimessa la mano 1 (Anna 11 - Bruno 2)"
    assert session.page.dialogs[-1].action == "Ripeti"
    session.page.dialogs[-1].on_action(None)
    assert totals(session) == ("0", "0")
    assert told(session) == named  # with its Annulla
    scoreboard.start_hand(session)
    assert session.drawing.offers.current is None  # never over "Salva la mano"


def test_a_tie_past_the_target_shows_the_banner_and_the_next_hand_decides(
    table: TableService,
):
    session = make_session(table)
    open_new_match(session)
    for seat, name in enumerate(["Anna", "Bruno"], start=1):
        type_into(find(view(session), f"new-player-{seat}"), name)
    type_into(find(view(session), "new-target"), "5")
    click(find(view(session), "new-start"))
    # Anna A-2-3 (napola 3, due) + settebello = 5; Bruno 25 cards, 7 spades
    # and the fante = 5
    enter_by_taps(session, ["A", "2", "3"], "15")
    click(find(view(session), "entry-save"))
    assert totals(session) == ("5", "5")
    assert drawn(session, "score-tiebreak")
    assert "Spareggio" in " ".join(texts(find(view(session), "score-tiebreak")))

    enter_by_taps(session, ["A", "2", "3", "4", "5", "6"], "22")
    click(find(view(session), "entry-save"))
    assert shown(session, "over-winner") == "Vince Anna"
    assert "spareggio" in shown(session, "over-ending")


def test_a_four_player_match_moves_the_deal_counter_clockwise(table: TableService):
    session = make_session(table)
    open_new_match(session)
    select(find(view(session), "new-count"), "4")
    for seat, name in enumerate(["Anna", "Bruno", "Carla", "Dario"], start=1):
        type_into(find(view(session), f"new-player-{seat}"), name)
    form = view(session)
    assert find(form, "new-teams").value == "Anna & Carla contro Bruno & Dario"
    # no early win with 4: its switch is not drawn
    [early] = [
        c
        for c in walk(form)
        if isinstance(c, ft.Semantics) and c.identifier == "new-early-win"
    ]
    assert early.visible is False
    click(find(form, "new-start"))

    assert shown(session, "score-dealer") == "Mescola e dà le carte: Anna"
    assert shown(session, "score-cutter") == "Taglia: Dario"
    assert shown(session, "score-first") == "Gioca per primo: Bruno"
    # Anna & Carla A-6 of spade, the settebello, 22 cards: 12 - 1
    enter_by_taps(session, ["A", "2", "3", "4", "5", "6"], "22")
    click(find(view(session), "entry-save"))
    assert shown(session, "score-dealer") == "Mescola e dà le carte: Bruno"
    assert shown(session, "score-cutter") == "Taglia: Anna"
    assert shown(session, "score-first") == "Gioca per primo: Carla"
    assert (shown(session, "score-total-0"), shown(session, "score-total-1")) == (
        "12",
        "1",
    )


def test_english_translates_the_scoreboard_and_the_hand_entry(table: TableService):
    session = make_session(table)
    select(find(view(session), "home-language"), "en")
    start_by_taps(session, ["Anna", "Bruno"])
    assert shown(session, "score-missing-0") == "31 to go"
    assert shown(session, "score-hand-number") == "Hand 1"
    assert shown(session, "score-cutter") == "Cuts: Bruno"

    # all ten spades and the settebello in 8 cards
    enter_by_taps(session, RANKS, "8")
    entry = view(session)
    said = [t.value for t in find(entry, "entry-problems-cards").controls]
    assert said == ["Anna has 10 spades and the settebello but only 8 cards."]
    italian = [t for t in texts(entry) if re.search("carte|Salva", t)]
    assert italian == []
