"""The steps of a match in the browser, as players take them (shared by the
browser tests and bench_web): a new match, hands entered by chips or counts,
Save, a declaration, the totals read. They tap and type where controls are
drawn, as a finger does. Moved from ``test_match_flows.py``: no test module
imports another.
"""

from __future__ import annotations

import re
from functools import partial

from playwright.sync_api import expect

from tests.e2e import helpers
from tests.e2e.entry_steps import give_spades, taken
from tests.e2e.helpers import node

# This file taps and types where controls are drawn, as a finger does.
type_into = partial(helpers.type_into, click=True)
tap_until = partial(helpers.tap_until, by_position=True)
tap_until_shown = partial(helpers.tap_until_shown, by_position=True)
choose = partial(helpers.choose, by_position=True)
entry_page = partial(helpers.entry_page, by_position=True)
settebello_to = partial(helpers.settebello_to, by_position=True)
tap_until_gone = partial(helpers.tap_until_gone, by_position=True)

RANKS = ["A", "2", "3", "4", "5", "6", "7", "F", "C", "R"]


def new_match(page, names, *, early_win=False, first_dealer=None, target=None):
    """From home: fill the new-match form and start the match."""
    open_new_match(page, "Nuova partita")
    if len(names) == 4:
        choose(node(page, "new-count"), "4 giocatori")
    for seat, name in enumerate(names, start=1):
        type_into(page, f"Giocatore {seat}", name, (node(page, "new-teams"), name))
    if first_dealer is not None:
        choose(node(page, "new-first-dealer"), first_dealer)
    if target is not None:
        type_into(page, "Traguardo", str(target))
    if early_win:
        switch = page.get_by_role("switch", name="Dichiarazione di vittoria concordata")
        switch.click()
        expect(switch).to_be_checked()
    start_match(page)
    expect(node(page, "score-total-0")).to_have_text("0")
    if target is not None:  # the server had the target typed before Start
        expect(node(page, "score-missing-0")).to_have_text(f"mancano {target}")


def open_new_match(page, label: str) -> None:
    tap_until_shown(page.get_by_role("button", name=label), node(page, "new-start"))


def start_match(page) -> None:
    tap_until_shown(
        node(page, "new-start").get_by_role("button"), node(page, "score-total-0")
    )


def tap_spades(page, side1_spades) -> None:
    """Tap side 1's spade chips, then "Tutte le altre" to side 2."""
    give_spades(page, side1_spades, tap=tap_until)


def pick_settebello(page, side) -> None:
    """Tap who has the settebello; its "who has it?" hint goes away, and the
    entry shows its second page, the cards and the play."""
    settebello_to(page, side)
    expect(node(page, "entry-problems-settebello")).to_have_count(0)


def enter_hand_by_chips(page, side1_spades, settebello, cards1):
    """Open the hand entry, tap the spades, the settebello, type the cards."""
    open_hand_entry(page)
    tap_spades(page, side1_spades)
    pick_settebello(page, settebello)
    type_into(
        page,
        re.compile("^Carte prese da"),
        str(cards1),
        (node(page, "entry-cards-1-text"), f": {40 - cards1} "),
    )


def open_hand_entry(page) -> None:
    tap_until_shown(
        node(page, "score-add-hand").get_by_role("button"), node(page, "entry-save")
    )


def save(page) -> None:
    """Save the hand; back on the scoreboard (or the match-over screen)."""
    button = node(page, "entry-save").get_by_role("button")
    expect(button).to_be_enabled()
    tap_until_shown(button, scoreboard_or_over(page))


def scoreboard_or_over(page):
    """The scoreboard's first total, or the winner of a match just ended."""
    return page.locator(
        "[flt-semantics-identifier='score-total-0'],"
        " [flt-semantics-identifier='over-winner']"
    ).first


def resume(page) -> None:
    tap_until_shown(
        node(page, "home-resume").get_by_role("button"), node(page, "score-total-0")
    )


def totals(page, first, second) -> None:
    expect(node(page, "score-total-0")).to_have_text(str(first))
    expect(node(page, "score-total-1")).to_have_text(str(second))


def declare(page, by, deal, side1_spades, settebello, cards, verdict=None):
    """Dichiaro vittoria: who, which deal, and the captures so far; the
    screen's verdict (``verdict``: a text or pattern it must show) before
    the one confirmation that ends the match."""
    tap_until_shown(
        node(page, "score-declare").get_by_role("button"), node(page, "declare-by")
    )
    # Nothing is preselected. A segment is drawn selected by the browser at
    # once, before the server has the choice: wait for the server's redraw
    # (the hint of what is still to choose goes) before the next action.
    hints = node(page, "entry-hints-declaration")
    choose(node(page, "declare-by"), by)
    expect(hints).not_to_contain_text("Scegli chi")
    choose(node(page, "declare-deal"), str(deal))
    expect(hints).to_have_count(0)
    for rank in side1_spades:
        chip = node(page, f"entry-spade-{rank}")
        tap_until(chip, chip, taken(rank))
    if settebello:
        choose(node(page, "entry-settebello"), settebello)
    entry_page(page, 2)  # the cards: a declaration turns no page by itself
    names = [re.compile(f"^Carte prese da {n}") for n in by_sides(page)]
    confirm = node(page, "entry-save").get_by_role("button")
    type_counts(page, names, cards, confirm)
    said = node(page, "declare-verdict")
    expect(said).to_have_text(verdict if verdict is not None else re.compile(".+"))
    end = node(page, "declare-end")
    tap_until_shown(confirm, end)
    tap_until_shown(end.get_by_role("button"), node(page, "over-winner"))


def type_counts(page, names, counts, confirm) -> None:
    """Type the cards of both sides until the server has both: Confirm turns
    on only then.

    Why not just type: a count typed while a redraw of the previous tap is
    still on its way can be wiped by that redraw, and the server never hears
    it, although the box showed it for a moment (the browser's own echo is
    no proof). The declaration has no other server-drawn echo of one count.
    This is what failed this test now and then on a busy machine: with the
    server paused (SIGSTOP) right after the settebello, every step passed and
    afterwards the second count was empty and Confirm stayed off.
    """
    for _ in range(3):
        for name, count in zip(names, counts, strict=True):
            type_into(page, name, str(count))
        try:
            expect(confirm).to_be_enabled(timeout=3000)
            return
        except AssertionError:
            continue
    expect(confirm).to_be_enabled()


def by_sides(page) -> list[str]:
    return [node(page, f"entry-preview-{s}").inner_text().split(":")[0] for s in (0, 1)]


# Hand A: Anna takes A-6 of spade (napola 6, due), the settebello and 22
# cards: 2 + 2 + 1 + 1 + 6 = 12; Bruno has the fante: 1.
HAND_A = (["A", "2", "3", "4", "5", "6"], "Anna", 22)
# Hand B, the other way round: Bruno 12, Anna 1.
HAND_B = (["7", "F", "C", "R"], "Bruno", 18)
