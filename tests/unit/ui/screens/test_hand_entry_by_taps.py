"""The hand entry's count form and play-points controls, and the hand-off
from the live tally to the hand entry, without a browser: every control
tapped or typed in by the identifier the browser tests reach it by, on a
real session and table in a temporary folder (a fake page). Every expected
point total is worked out by hand from ``/work/shared/RULES.md`` in a
comment next to it, never by the app's code.

Moved from tests/e2e/test_hand_entry_forms.py: what a tap or a typed number
does to the hand is decided on the server; the browser added only time.
Where the controls are drawn and how many real taps a hand takes on the
screen is tests/e2e/test_entry_on_screen.py's and test_entry_in_place.py's.
"""

from __future__ import annotations

from types import SimpleNamespace

import flet as ft

from scorekeeper.table import TableService
from scorekeeper.ui import routes
from scorekeeper.ui.screens.new_match.state import open_new_match
from scorekeeper.ui.screens.scoreboard import view as scoreboard
from scorekeeper.ui.shell.session import Session
from tests.unit import fakes
from tests.unit.fakes import click, find, make_session, select, texts, type_into


def view(session: Session) -> ft.View:
    return session.page.views[-1]


def shown(session: Session, identifier: str) -> str:
    """What the control ``identifier`` reads: a text's value, a button's label."""
    control = find(view(session), identifier)
    value = getattr(control, "value", None)
    return value if value is not None else control.content


def drawn(session: Session, identifier: str) -> bool:
    return fakes.drawn(view(session), identifier)


def start(session: Session, preset: str | None = None) -> None:
    """From home: the new-match form filled for Anna v Bruno, then Start."""
    open_new_match(session)
    for seat, name in enumerate(["Anna", "Bruno"], start=1):
        type_into(find(view(session), f"new-player-{seat}"), name)
    if preset is not None:
        select(find(view(session), "new-preset"), preset)
    click(find(view(session), "new-start"))
    assert session.route == routes.MATCH


def tap(session: Session, identifier: str) -> None:
    click(find(view(session), identifier))


def step(session: Session, identifier: str, sign: str, expected: str) -> None:
    """Tap the + or - of a stepper; it then shows ``expected``."""
    tap(session, f"{identifier}-{sign}")
    assert shown(session, identifier) == expected


def listed(session: Session, identifier: str, tapped: str, text: str) -> None:
    """Tap ``tapped`` (a card that swept, a bagari, a remove-last); the
    side's list ``identifier`` then reads ``text``."""
    tap(session, tapped)
    assert shown(session, identifier) == text


def spaced(text: str) -> str:
    return text.replace("\u00a0", " ")


def previews(session: Session) -> tuple[str, str]:
    return shown(session, "entry-preview-0"), shown(session, "entry-preview-1")


def totals(session: Session) -> tuple[str, str]:
    return shown(session, "score-total-0"), shown(session, "score-total-1")


def test_a_hand_counted_by_spade_numbers_with_every_play_point_scores_as_the_rules(
    table: TableService,
):
    session = make_session(table)
    start(session)  # Classico
    scoreboard.start_hand(session)

    # -- the count form: Anna 7 spades (so Bruno 3), due to Anna, fante to
    # Bruno, napola 4 to Anna (A-2-3-4); settebello to Bruno; cards 22 / 18.
    switch = find(view(session), "entry-form-switch")
    switch.value = True
    switch.on_change(SimpleNamespace(control=switch, data="true"))
    assert not drawn(session, "entry-spade-A")  # the chips are hidden
    type_into(find(view(session), "entry-spade-count-0"), "7")
    assert shown(session, "entry-spade-count-1-text").startswith("Bruno: 3 ")
    select(find(view(session), "entry-due"), "0")
    select(find(view(session), "entry-fante"), "1")
    select(find(view(session), "entry-settebello"), "1")
    type_into(find(view(session), "entry-cards-0"), "22")
    type_into(find(view(session), "entry-napola-0"), "4")
    # Mazzo only (RULES.md 3, Classico):
    #   Anna: carte 2 (22 > 18) + spade 2 (7 > 3) + due di spade 1 + napola 4 = 9
    #   Bruno: settebello 1 + fante di spade 1 = 2
    assert previews(session) == ("Anna: 9", "Bruno: 2")
    assert not drawn(session, "entry-problems-spades")

    # -- play points, every control on both sides, with the undo of each.
    # Anna: piccole 3 then -1 = 2; spazzini 5, R and a 7 taken back; bagari
    # 3 and a 4 taken back; scaluneddu 2 then -1 = 1.
    for n in ("1", "2", "3"):
        step(session, "entry-piccole-0", "plus", n)
    step(session, "entry-piccole-0", "minus", "2")
    listed(session, "entry-spazzini-0", "entry-spazzino-0-5", "Spazzini: 5")
    listed(session, "entry-spazzini-0", "entry-spazzino-0-R", "Spazzini: 5, R")
    listed(session, "entry-spazzini-0", "entry-spazzino-0-7", "Spazzini: 5, R, 7")
    listed(
        session, "entry-spazzini-0", "entry-spazzino-0-remove-last", "Spazzini: 5, R"
    )
    listed(session, "entry-bagari-0", "entry-bagari-0-3", "Bagari: 3")
    listed(session, "entry-bagari-0", "entry-bagari-0-4", "Bagari: 3, 4")
    listed(session, "entry-bagari-0", "entry-bagari-0-remove-last", "Bagari: 3")
    step(session, "entry-scaluneddu-0", "plus", "1")
    step(session, "entry-scaluneddu-0", "plus", "2")
    step(session, "entry-scaluneddu-0", "minus", "1")
    # Bruno: piccola 1; spazzino F (the A taken back); bagari 4 and 3;
    # scaluneddu 1.
    step(session, "entry-piccole-1", "plus", "1")
    listed(session, "entry-spazzini-1", "entry-spazzino-1-A", "Spazzini: A")
    listed(session, "entry-spazzini-1", "entry-spazzino-1-remove-last", "Spazzini: -")
    listed(session, "entry-spazzini-1", "entry-spazzino-1-F", "Spazzini: F")
    listed(session, "entry-bagari-1", "entry-bagari-1-4", "Bagari: 4")
    listed(session, "entry-bagari-1", "entry-bagari-1-3", "Bagari: 4, 3")
    step(session, "entry-scaluneddu-1", "plus", "1")

    # By hand (RULES.md 2, Classico: numeral spazzino = face value, F 2, C 3,
    # R 4; bagari = cards in the capture; scaluneddu 3 each):
    #   Anna:  9 + piccole 2 + spazzini (5 + 4) + bagari 3 + scaluneddu 3 = 26
    #   Bruno: 2 + piccole 1 + spazzino F 2 + bagari (4 + 3) + scaluneddu 3 = 15
    assert previews(session) == ("Anna: 26", "Bruno: 15")
    assert not drawn(session, "entry-problems-play-0")
    assert not drawn(session, "entry-problems-play-1")

    tap(session, "entry-save")
    assert totals(session) == ("26", "15")
    assert shown(session, "score-hand-number") == "Mano 2"


def test_what_the_live_tally_recorded_is_prefilled_in_the_hand_entry_and_saved(
    table: TableService,
):
    session = make_session(table)
    start(session)  # Classico
    # The hand entry opened too early and left by the browser's Back: its
    # empty draft must not hide what the live tally records afterwards.
    scoreboard.start_hand(session)
    assert drawn(session, "entry-save")
    session.page.go_back()
    assert drawn(session, "score-live")

    tap(session, "score-live")
    assert shown(session, "live-points-0") == "0"
    # Anna: a piccola, then a bagari of 4; Bruno: a spazzino with the 7.
    tap(session, "live-piccola-0")
    assert shown(session, "live-points-0") == "1"
    tap(session, "live-spazzino-1")
    picker = session.page.dialogs[-1]
    assert "Spazzino di Bruno: con quale carta?" in texts(picker)
    click(find(picker, "live-rank-7"))
    assert shown(session, "live-points-1") == "7"
    tap(session, "live-bagari4-0")
    # Running points: Anna piccola 1 + bagari 4 = 5; Bruno spazzino 7 = 7.
    assert shown(session, "live-points-0") == "5"
    assert shown(session, "live-count-1-1") == "Spazzini: 7"

    tap(session, "live-to-hand-entry")
    assert session.route == routes.HAND
    assert "Conta della mano 1" in texts(view(session))
    assert shown(session, "entry-piccole-0") == "1"
    assert shown(session, "entry-piccole-1") == "0"
    assert shown(session, "entry-spazzini-1") == "Spazzini: 7"
    assert shown(session, "entry-spazzino-1-7") == "7 ×1"
    assert shown(session, "entry-spazzini-0") == "Spazzini: -"
    assert shown(session, "entry-bagari-0") == "Bagari: 4"
    assert shown(session, "entry-bagari-1") == "Bagari: -"

    # The mazzo: Anna A-6 of spade (napola 6, due), settebello, 22 cards;
    # Bruno 7, F, C, R (fante), 18 cards: the first chip tapped gives the
    # others to Bruno.
    for rank in ["A", "2", "3", "4", "5", "6"]:
        tap(session, f"entry-spade-{rank}")
    select(find(view(session), "entry-settebello"), "0")
    type_into(find(view(session), "entry-cards-0"), "22")
    # By hand: Anna carte 2 + spade 2 + settebello 1 + due 1 + napola 6 = 12,
    # + piccola 1 + bagari 4 = 17; Bruno fante 1 + spazzino 7 = 8.
    assert previews(session) == ("Anna: 17", "Bruno: 8")
    tap(session, "entry-save")
    assert totals(session) == ("17", "8")


class Finger:
    """Counts taps as a finger makes them: one per control, one for a text
    field (its digits are not taps)."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self.taps = 0

    def tap(self, identifier: str) -> None:
        self.taps += 1
        tap(self.session, identifier)

    def choose(self, identifier: str, value: str) -> None:
        self.taps += 1
        select(find(view(self.session), identifier), value)

    def type(self, identifier: str, text: str) -> None:
        self.taps += 1
        type_into(find(view(self.session), identifier), text)


def test_variante_nord_offers_no_scaluneddu_and_a_numeral_spazzino_counts_one(
    table: TableService,
):
    session = make_session(table)
    start(session, preset="variante_nord")
    tap(session, "score-live")
    assert drawn(session, "live-piccola-0")
    assert not drawn(session, "live-scaluneddu-0")
    session.page.go_back()

    scoreboard.start_hand(session)
    assert shown(session, "entry-piccole-0") == "0"
    for side in (0, 1):
        assert not drawn(session, f"entry-scaluneddu-{side}")
        assert not drawn(session, f"entry-scaluneddu-{side}-plus")
    assert not [
        c
        for c in fakes.walk(view(session), hidden=False)
        if isinstance(c, ft.Text) and "Scaluneddu" in (c.value or "")
    ]

    # The hand as a finger enters it, every tap counted (issue 23: at most
    # 12 plus the digits). Bruno has the fewer spades: his side chosen, his
    # four chips (the first gives the others to Anna).
    finger = Finger(session)
    finger.choose("entry-spade-to", "1")
    for rank in ["7", "F", "C", "R"]:
        finger.tap(f"entry-spade-{rank}")
        assert shown(session, f"entry-spade-{rank}") == f"{rank}\nBr"
    assert shown(session, "entry-spade-A") == "A\nAn"
    finger.choose("entry-settebello", "0")
    assert not drawn(session, "entry-hints-settebello")
    finger.type("entry-cards-0", "22")
    finger.tap("entry-spazzino-0-5")
    assert shown(session, "entry-spazzini-0") == "Spazzini: 5"
    finger.tap("entry-spazzino-1-F")
    assert shown(session, "entry-spazzini-1") == "Spazzini: F"
    # By hand (Variante Nord: numeral spazzino 1, figures still F 2, C 3, R 4):
    #   Anna: carte 2 + spade 2 + settebello 1 + due 1 + napola 6 = 12,
    #         + spazzino 5 counted 1 = 13
    #   Bruno: fante 1 + spazzino F 2 = 3
    assert previews(session) == ("Anna: 13", "Bruno: 3")
    # each side's items before Save, not only its total (issue 23 item 10),
    # each item kept whole on its line (a no-break space, as the browser
    # test read it with its spaces made plain)
    assert spaced(shown(session, "entry-breakdown-0")) == (
        "Carte +2 · Spade +2 · Settebello +1 · Due di spade +1 · Napola +6 · "
        "Spazzini +1"
    )
    assert (
        spaced(shown(session, "entry-breakdown-1")) == "Fante di spade +1 · Spazzini +2"
    )
    finger.tap("entry-save")
    assert finger.taps <= 12, finger.taps
    assert totals(session) == ("13", "3")


def test_the_declaration_preselects_nothing_and_confirms_only_once_both_chosen(
    table: TableService,
):
    """Moved from tests/e2e/test_entry_in_place.py."""
    session = make_session(table)
    open_new_match(session)
    for seat, name in enumerate(["Anna", "Bruno"], start=1):
        type_into(find(view(session), f"new-player-{seat}"), name)
    switch = find(view(session), "new-early-win")
    switch.value = True
    switch.on_change(SimpleNamespace(control=switch, data="true"))
    click(find(view(session), "new-start"))
    tap(session, "score-declare")
    assert session.route == routes.DECLARE
    # nothing chosen: neither who declares nor the deal
    assert not find(view(session), "declare-by").selected
    assert not find(view(session), "declare-deal").selected
    assert find(view(session), "entry-save").disabled

    # The captures so far: Anna A, 2, 3 of spade (napola 3), the settebello,
    # 10 cards; Bruno 5 cards. Still no declarer nor deal: no confirm.
    for rank in ("A", "2", "3"):
        tap(session, f"entry-spade-{rank}")
    select(find(view(session), "entry-settebello"), "0")
    type_into(find(view(session), "entry-cards-0"), "10")
    type_into(find(view(session), "entry-cards-1"), "5")
    assert find(view(session), "entry-save").disabled
    select(find(view(session), "declare-by"), "Anna")
    assert find(view(session), "entry-save").disabled  # the deal is still to choose
    select(find(view(session), "declare-deal"), "2")
    assert not find(view(session), "entry-save").disabled
