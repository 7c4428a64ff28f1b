"""Browser tests of what a player sees of the hand entry and the scoreboard
on a 360x740 phone (issue 35): checked on the screen, where the controls are
drawn, not only in the control tree. Every item of a busy hand's points is
drawn, whole, and they add up to the total shown (read back from the
screenshot with tesseract); the bar over Save takes at most 35 % of the
window, with the keyboard up too, and the field typed in stays in sight; the
undo is in reach at the top. (That a hand left half entered says it waits,
"Riprendi la mano 1", is the server's: tests/unit/test_ui_match.py.)

Every expected point total is worked out by hand from
``/work/shared/RULES.md`` in a comment next to it.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
from PIL import Image
from playwright.sync_api import expect

from tests.e2e.count_hand import expect_totals, prepare_hand, save_button
from tests.e2e.entry_steps import enter_mazzo, new_match, open_hand_entry, taken
from tests.e2e.helpers import (
    node,
    painted,
    settled,
    tap_until,
    tap_until_shown,
    type_into,
)

pytestmark = pytest.mark.e2e

RANKS = ["A", "2", "3", "4", "5", "6", "7", "F", "C", "R"]
TITLE_BAR = 56
"""The height of Flutter's title bar (Material's toolbar)."""
FOOTER_SHARE = 0.35
"""The most of the window's height the bar over Save may take."""
KEYBOARD_UP = {"width": 360, "height": 420}
"""A 360x740 phone's window with its keyboard up."""

# A busy hand (Classico). The mazzo of entry_steps.enter_mazzo: Anna A-6 of
# spade (napola 6, due), the settebello, 22 cards; Bruno 7-R with the fante.
# Then Anna two piccole, spazzini of 3 and F, a bagari of 3; Bruno a piccola,
# a spazzino of R, a bagari of 4.
BUSY_PLAY = [
    ("entry-piccole-0-plus", "entry-piccole-0", "1"),
    ("entry-piccole-0-plus", "entry-piccole-0", "2"),
    ("entry-spazzino-0-3", "entry-spazzini-0", "3"),
    ("entry-spazzino-0-F", "entry-spazzini-0", "3, F"),
    ("entry-bagari-0-3", "entry-bagari-0", "3"),
    ("entry-piccole-1-plus", "entry-piccole-1", "1"),
    ("entry-spazzino-1-R", "entry-spazzini-1", "R"),
    ("entry-bagari-1-4", "entry-bagari-1", "4"),
]
# By hand (RULES.md 2-3, Classico: spazzino 3 = 3, F = 2, R = 4; a bagari
# is worth the cards in the capture):
#   Anna: carte 2 + spade 2 + settebello 1 + due 1 + napola 6 + piccole 2
#         + spazzini (3 + 2) + bagari 3 = 22
#   Bruno: fante 1 + piccola 1 + spazzino R 4 + bagari 4 = 10
BUSY_ITEMS = (
    {
        "Carte": 2,
        "Spade": 2,
        "Settebello": 1,
        "Due di spade": 1,
        "Napola": 6,
        "Piccole": 2,
        "Spazzini": 5,
        "Bagari": 3,
    },
    {"Fante di spade": 1, "Piccole": 1, "Spazzini": 4, "Bagari": 4},
)
BUSY_TOTALS = (22, 10)


@pytest.fixture
def page(fresh_server, new_phone, open_app):
    """A phone on a server of this test alone."""
    phone = new_phone(fresh_server.url)
    open_app(phone, fresh_server.url)
    return phone


def on_screen(page, identifier: str) -> dict[str, float]:
    """The box of ``identifier``, which must be drawn inside the window as it
    is (no scrolling)."""
    target = node(page, identifier)
    expect(target).to_be_visible()
    box = target.bounding_box()
    size = page.viewport_size
    assert box is not None, identifier
    inside = (
        box["x"] >= 0
        and box["y"] >= 0
        and box["x"] + box["width"] <= size["width"]
        and box["y"] + box["height"] <= size["height"]
    )
    assert inside, f"{identifier} at {box}, outside the {size} window"
    return box


def enter_busy_hand(page) -> None:
    new_match(page, ["Anna", "Bruno"])
    open_hand_entry(page)
    enter_mazzo(page)
    for identifier, echo, text in BUSY_PLAY:
        tap_until(node(page, identifier), node(page, echo), text)
    for side, total in enumerate(BUSY_TOTALS):
        name = ("Anna", "Bruno")[side]
        expect(node(page, f"entry-preview-{side}")).to_have_text(f"{name}: {total}")


def between(box: dict[str, float], top: float, bottom: float) -> bool:
    return box["y"] >= top and box["y"] + box["height"] <= bottom


def bar_top(page) -> float:
    """Where the bar over Save starts: its first line, the entry's status."""
    return on_screen(page, "entry-status")["y"]


def bar_height(page) -> float:
    """How much of the window the bar over Save takes (to its bottom)."""
    return page.viewport_size["height"] - bar_top(page)


def form_window(page) -> tuple[float, float]:
    """Where the form is seen: under the title bar, over the bar of Save."""
    return TITLE_BAR, bar_top(page)


def read_screen(path: Path, box: dict[str, float], scale: int = 2) -> str:
    """The words tesseract (Italian) reads in ``box`` of the screenshot."""
    assert shutil.which("tesseract"), "tesseract-ocr (with its Italian data)"
    crop = path.with_name(path.stem + "-crop.png")
    with Image.open(path) as image:
        image.crop(
            tuple(
                round(v * scale)
                for v in (
                    box["x"],
                    box["y"],
                    box["x"] + box["width"],
                    box["y"] + box["height"],
                )
            )
        ).save(crop)
    out = subprocess.run(
        ["tesseract", str(crop), "-", "-l", "ita", "--psm", "6"],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    ).stdout
    return re.sub(r"\s+", " ", out)


def test_every_item_of_a_busy_hand_is_on_the_screen_and_adds_up_to_its_total(
    page, shot
):
    enter_busy_hand(page)
    # the form's end, where the breakdown is: scrolled to as a finger does
    node(page, "entry-breakdown-1").scroll_into_view_if_needed()
    settled(page, node(page, "entry-breakdown-1").bounding_box)  # come to rest
    top, bottom = form_window(page)
    path = shot(page, "breakdown")
    for side in (0, 1):
        text = node(page, f"entry-breakdown-{side}")
        box = text.bounding_box()
        assert box is not None and between(box, top, bottom), (side, box, top, bottom)
        items = dict(BUSY_ITEMS[side])
        drawn = {
            label: int(points)
            for label, points in re.findall(
                r"([A-Za-z][A-Za-z ]*?) \+(\d+)",
                text.inner_text().replace("\u00a0", " "),
            )
        }
        assert drawn == items, drawn
        assert sum(drawn.values()) == BUSY_TOTALS[side]
        # and the screen shows each of them: read back from the picture
        seen = read_screen(path, box)
        missing = [f"{k} +{v}" for k, v in items.items() if f"{k} +{v}" not in seen]
        assert not missing, f"not on the screen: {missing}; read: {seen!r}"


def test_the_bar_over_save_takes_a_third_of_the_window_and_a_typed_field_stays_seen(
    page, shot
):
    enter_busy_hand(page)
    height = page.viewport_size["height"]
    assert bar_height(page) <= FOOTER_SHARE * height, bar_height(page)
    shot(page, "phone")

    # the keyboard up: the window is shorter, the bar no taller
    page.set_viewport_size(KEYBOARD_UP)
    settled(page, node(page, "entry-status").bounding_box)  # laid out again
    assert bar_height(page) <= FOOTER_SHARE * KEYBOARD_UP["height"], bar_height(page)
    # the cards brought into the short window and tapped there, then typed:
    # the field stays in sight over the bar. (A field focused before the
    # window shrinks is not scrolled by the app: Flutter does so for a
    # keyboard's insets, which desktop Chromium does not report.)
    type_into(
        page,
        re.compile("^Carte prese da"),
        "23",
        (node(page, "entry-cards-1-text"), ": 17 "),
        click=True,
    )
    field = node(page, "entry-cards-0")
    expect(field).to_be_visible()
    top, bottom = form_window(page)
    box = field.bounding_box()
    assert box is not None and between(box, top, bottom), (box, top, bottom)
    shot(page, "keyboard-up")


class Finger:
    """A finger on the phone: it taps where a control is drawn, and swipes
    first when the control is not in the form's window (counted). A tap
    whose echo does not come is tapped again, and counted again."""

    def __init__(self, page) -> None:
        self.page = page
        self.taps = 0
        self.swipes = 0

    def reach(self, target) -> dict[str, float]:
        top, bottom = form_window(self.page)
        box = target.bounding_box()
        if box is None or not between(box, top, bottom):
            self.swipes += 1
            target.scroll_into_view_if_needed()
            # come to rest: the semantics' box at once, the canvas that a
            # finger sees a moment later (it can lag the semantics' scroll)
            box = settled(self.page, target.bounding_box)
            painted(self.page)
        assert box is not None
        return box

    def tap(self, target, check) -> None:
        for _ in range(2):
            box = self.reach(target)
            self.taps += 1
            self.page.mouse.click(
                box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
            )
            try:
                check(3000)
                return
            except AssertionError:
                continue
        check(None)

    def type(self, field, text: str, check) -> None:
        """Tap a field and type ``text`` (its digits are not taps)."""
        self.tap(field, lambda timeout: expect(field).to_be_focused(timeout=timeout))
        # keys go to Flutter's editing element, made a moment after the
        # semantics node says focused: typed before it, the first digit was
        # lost ("1" of "21")
        self.page.wait_for_function(
            "() => ['INPUT', 'TEXTAREA'].includes(document.activeElement?.tagName)"
        )
        self.page.keyboard.type(text)
        check(None)


def shows(target, text):
    """A check that ``target`` shows ``text`` (a part, or a pattern)."""
    return lambda timeout: expect(target).to_contain_text(text, timeout=timeout)


def chosen(segment):
    """A check that the segment ``segment`` is drawn chosen."""
    return lambda timeout: expect(segment).to_have_attribute(
        "aria-current", "true", timeout=timeout
    )


# Hands with play points as the issue counted them (a piccola, a fante
# spazzino, a bagari, a 3 spazzino), entered with the chips: side 1's
# spades, who has the settebello, side 1's cards, the play points (side,
# control, what its list then shows), each side's points by hand.
PLAY_HANDS = [
    # Anna A-5 (napola 5, due), Bruno 6-R (fante); Bruno the settebello;
    # cards 21 - 19.
    # Anna: carte 2 + spade 0 (5 - 5) + due 1 + napola 5 + piccola 1
    #       + bagari 3 = 12
    # Bruno: settebello 1 + fante 1 + spazzino F 2 + spazzino 3 3 = 7
    (
        ["A", "2", "3", "4", "5"],
        "Bruno",
        21,
        [
            ("entry-piccole-0-plus", "entry-piccole-0", "1"),
            ("entry-spazzino-1-F", "entry-spazzini-1", "F"),
            ("entry-bagari-0-3", "entry-bagari-0", "3"),
            ("entry-spazzino-1-3", "entry-spazzini-1", "F, 3"),
        ],
        (12, 7),
    ),
    # Anna A-6 (napola 6, due), Bruno 7-R (fante): Bruno's four chips, his
    # side chosen first; Anna the settebello; cards 22 - 18.
    # Anna: carte 2 + spade 2 + settebello 1 + due 1 + napola 6
    #       + spazzino F 2 + spazzino 3 3 = 17
    # Bruno: fante 1 + piccola 1 + bagari 4 = 6
    (
        ["A", "2", "3", "4", "5", "6"],
        "Anna",
        22,
        [
            ("entry-piccole-1-plus", "entry-piccole-1", "1"),
            ("entry-spazzino-0-F", "entry-spazzini-0", "F"),
            ("entry-bagari-1-4", "entry-bagari-1", "4"),
            ("entry-spazzino-0-3", "entry-spazzini-0", "F, 3"),
        ],
        (17, 6),
    ),
]
MOST_TAPS = 12


def test_a_hand_with_play_points_takes_at_most_twelve_real_taps(page, shot):
    new_match(page, ["Anna", "Bruno"])
    counted = []
    for number, (first, settebello, cards, play, points) in enumerate(
        PLAY_HANDS, start=1
    ):
        open_hand_entry(page)
        finger = Finger(page)
        # the side with fewer spades: its chips (the first gives the others
        # to the other side)
        fewer = 0 if len(first) <= 5 else 1
        ranks = first if fewer == 0 else [r for r in RANKS if r not in first]
        marks = ("An", "Br")
        if fewer == 1:
            bruno = node(page, "entry-spade-to").get_by_role("button", name="Bruno")
            finger.tap(bruno, chosen(bruno))
        for rank in ranks:
            chip = node(page, f"entry-spade-{rank}")
            finger.tap(chip, shows(chip, taken(rank, marks[fewer])))
        # the others to the other side, if they are not yet
        last = [r for r in RANKS if r not in ranks][-1]
        other = node(page, f"entry-spade-{last}")
        if not taken(last).match(other.inner_text()):
            rest = node(page, f"entry-spade-rest-{1 - fewer}")
            finger.tap(rest, shows(other, taken(last, marks[1 - fewer])))
        seven = node(page, "entry-settebello").get_by_role("button", name=settebello)
        finger.tap(
            seven,
            lambda timeout: expect(node(page, "entry-hints-settebello")).to_have_count(
                0, timeout=timeout
            ),
        )
        finger.type(
            page.get_by_role("textbox", name=re.compile("^Carte prese da")),
            str(cards),
            shows(node(page, "entry-cards-1-text"), f": {40 - cards} "),
        )
        for identifier, echo, listed in play:
            finger.tap(node(page, identifier), shows(node(page, echo), listed))
        for side, total in enumerate(points):
            expect(node(page, f"entry-preview-{side}")).to_have_text(
                f"{('Anna', 'Bruno')[side]}: {total}"
            )
        shot(page, f"hand-{number}")
        finger.tap(
            node(page, "entry-save").get_by_role("button"),
            shows(node(page, "score-hand-number"), f"Mano {number + 1}"),
        )
        counted.append((finger.taps, finger.swipes))
    print("taps, swipes per hand:", counted)
    assert max(taps for taps, _ in counted) <= MOST_TAPS, counted
    expect(node(page, "score-total-0")).to_have_text(str(12 + 17))
    expect(node(page, "score-total-1")).to_have_text(str(7 + 6))


def test_the_undo_is_at_the_top_of_the_scoreboard_in_reach_after_several_hands(
    page, shot
):
    new_match(page, ["Anna", "Bruno"])
    for hand in range(1, 4):
        prepare_hand(page, ("Anna", "Bruno"))  # 2 - 1 each (count_hand.py)
        tap_until_shown(save_button(page), node(page, "score-total-0"))
        expect_totals(page, (2 * hand, hand))
    box = on_screen(page, "score-undo")
    # beside the hand's number, over the buttons that open the entry
    number = on_screen(page, "score-hand-number")
    assert box["y"] < number["y"] + number["height"], (box, number)
    assert box["y"] + box["height"] < on_screen(page, "score-add-hand")["y"]
    shot(page, "undo-on-top")
    # a finger's tap where it is drawn: the last hand is undone
    node(page, "score-undo").get_by_role("button").click()
    expect_totals(page, (4, 2))
