"""The steps the in-place entry tests share (a match started by its form,
the hand entry opened, the mazzo entered by taps at fixed points), moved from
``test_entry_in_place.py``: no test module imports another.
"""

from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.e2e.helpers import (
    node,
    settebello_to,
    tap_until,
    tap_until_shown,
    type_into,
)

RANKS = ["A", "2", "3", "4", "5", "6", "7", "F", "C", "R"]


def taken(rank: str, mark: str | None = None):
    """What a spade chip shows once a side has it: the rank, and under it the
    side's letters (``mark``), or any letters but the "-" of nobody."""
    letters = re.escape(mark) if mark is not None else r"[^-\s]"
    return re.compile(rf"^{re.escape(rank)}\s+{letters}")


def changed(rank: str, mark: str):
    """What a spade chip shows once given to the side that is not ``mark``."""
    return re.compile(rf"^{re.escape(rank)}\s+(?!{re.escape(mark)}\b)[^-\s]")


def chips_to_side_1(page, ranks, tap=tap_until) -> None:
    """Each of ``ranks``' chips tapped once, to side 1, waiting for its echo
    (the first chip of a hand also gives the others to side 2)."""
    for rank in ranks:
        chip = node(page, f"entry-spade-{rank}")
        # once the first chip gave it to side 2, its echo is a change of side
        # (a tap not waited for: the next click, placed by a semantics tree
        # being redrawn, gave side 1 another chip under load)
        now = re.match(rf"^{re.escape(rank)}\s+([^-\s]+)", chip.inner_text())
        tap(chip, chip, taken(rank) if now is None else changed(rank, now.group(1)))


def give_spades(page, first, tap=tap_until) -> None:
    """Side 1's spades ``first`` tapped on their chips (a chip tapped goes to
    side 1 as the entry opens; the first one tapped gives the others to
    side 2), or, with none, "Tutte le altre" to side 2, until the last of
    them shows a side. ``tap``: ``tap_until`` or one that clicks where the
    control is drawn."""
    chips_to_side_1(page, first, tap)
    rest = [rank for rank in RANKS if rank not in first]
    if rest:
        last = node(page, f"entry-spade-{rest[-1]}")
        if first:
            expect(last).to_have_text(taken(rest[-1]))
        else:
            tap(node(page, "entry-spade-rest-1"), last, taken(rest[-1]))


def new_match(page, names, early_win: bool = False) -> None:
    tap_until_shown(
        page.get_by_role("button", name="Nuova partita"), node(page, "new-start")
    )
    for seat, name in enumerate(names, start=1):
        type_into(page, f"Giocatore {seat}", name, (node(page, "new-teams"), name))
    if early_win:
        switch = page.get_by_role("switch", name="Dichiarazione di vittoria concordata")
        switch.click()
        expect(switch).to_be_checked()
    tap_until_shown(
        node(page, "new-start").get_by_role("button"), node(page, "score-total-0")
    )


def open_hand_entry(page) -> None:
    tap_until_shown(
        node(page, "score-add-hand").get_by_role("button"), node(page, "entry-save")
    )


def enter_mazzo(page) -> None:
    """Anna A-6 of spade (napola 6, due), the settebello and 22 cards:
    carte 2 + spade 2 + settebello 1 + due 1 + napola 6 = 12; Bruno 7-R with
    the fante = 1."""
    give_spades(page, ["A", "2", "3", "4", "5", "6"])
    settebello_to(page, "Anna")  # and the second page, the cards' and play's
    type_into(
        page,
        re.compile("^Carte prese da"),
        "22",
        (node(page, "entry-cards-1-text"), ": 18 "),
    )
    expect(node(page, "entry-preview-0")).to_have_text("Anna: 12")
