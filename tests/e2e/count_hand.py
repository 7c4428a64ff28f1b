"""One hand worth 2 - 1, entered on the count form and saved, for the tests and
benchmarks that save many hands from several phones (tests/e2e/test_server_kill.py,
benchmarks/bench_table.py).

The hand: spades 5 - 5 and cards 20 - 20 tie; side 1 has the due and the
settebello (2 points), side 2 the fante (1 point). It never ends a match to
500, so any number of them can be saved. Each step repeats its tap until the
server's redraw shows it (a tap during a redraw can be lost, see helpers.py).
"""

from __future__ import annotations

from playwright.sync_api import expect

from tests.e2e.helpers import (
    SEMANTICS_TREE,
    node,
    settled,
    tap,
    tap_until_shown,
    type_into,
)

HAND_POINTS = (2, 1)
CARDS_PAGE = "Spade e settebello"
PLAY_PAGE = "Carte e gioco"
"""The two pages of the hand entry (their tabs' names)."""
SAVE_SHOWN_MS = 20_000


def prepare_hand(page, players: tuple[str, str]) -> None:
    """From the scoreboard: open the hand entry and enter the 2 - 1 hand with
    the count form, until Save is enabled."""
    first, second = players
    switch = node(page, "entry-form-switch").get_by_role("switch")
    tap_until_shown(node(page, "score-add-hand").get_by_role("button"), switch)
    spades = page.get_by_role("textbox", name=f"Spade di {first}")
    # A switch stays on its screen: tapped again while a slow server has not
    # redrawn yet, it would turn back. Tap only while it is drawn off.
    for _ in range(3):
        if switch.get_attribute("aria-checked") != "true":
            tap(switch)
        try:
            expect(spades).to_be_attached(timeout=5000)
            break
        except AssertionError:
            continue
    expect(spades).to_be_attached()
    type_into(
        page,
        f"Spade di {first}",
        "5",
        (node(page, "entry-spade-count-1-text"), f"{second}: 5 "),
    )
    # The segments have no echo of their own (a redraw of the server can undo
    # a selection the button already shows): tap those drawn unselected until
    # the preview is right. The settebello, the first page's last question,
    # turns to the second page, the cards' (a tap on its tab if it was
    # chosen already).
    segments = [
        node(page, identifier).get_by_role("button", name=name)
        for identifier, name in (
            ("entry-due", first),
            ("entry-fante", second),
            ("entry-settebello", first),
        )
    ]
    cards = page.get_by_role("textbox", name=f"Carte prese da {first}")
    previews = [
        (node(page, f"entry-preview-{s}"), f"{players[s]}: {HAND_POINTS[s]}")
        for s in (0, 1)
    ]
    for attempt in range(5):
        if not cards.is_visible():
            for segment in segments:
                if segment.get_attribute("aria-current") != "true":
                    tap(segment)
            if not cards.is_visible():
                tap(node(page, "entry-page").get_by_role("button", name=PLAY_PAGE))
            expect(cards).to_be_visible()
        type_into(
            page,
            f"Carte prese da {first}",
            "20",
            (node(page, "entry-cards-1-text"), f"{second}: 20 "),
        )
        try:
            for preview, text in previews:
                expect(preview).to_have_text(
                    text, timeout=1500 if attempt < 4 else None
                )
            break
        except AssertionError:
            if attempt == 4:
                raise
            tap(node(page, "entry-page").get_by_role("button", name=CARDS_PAGE))
            expect(segments[0]).to_be_visible()
    expect(node(page, "entry-save").get_by_role("button")).to_be_enabled()
    # the last redraw has landed (a tap during one can be lost): the
    # semantics tree the same three frames running
    settled(page, lambda: page.evaluate(SEMANTICS_TREE))


def save_button(page):
    return node(page, "entry-save").get_by_role("button")


def expect_totals(page, totals: tuple[int, int], timeout: float | None = None) -> None:
    """The scoreboard of ``page`` shows ``totals``."""
    for s in (0, 1):
        expect(node(page, f"score-total-{s}")).to_have_text(
            str(totals[s]), timeout=timeout
        )
