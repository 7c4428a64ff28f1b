"""The hand entry's hints and errors as a player reads them on a 360x740
phone (issue 35 item 3): an untouched section says what to do next, a
problem is one sentence naming the players, and each is drawn whole. The
control tree holds a text even where the screen cuts it, so each sentence is
also read back from the screenshot (tesseract, Italian or English): a line
cut off or hidden behind the footer loses its words there.
"""

from __future__ import annotations

import io
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from PIL import Image
from playwright.sync_api import expect

from tests.e2e.flows import (
    choose,
    new_match,
    open_hand_entry,
    open_new_match,
    settebello_to,
    start_match,
    tap_spades,
    type_into,
)
from tests.e2e.helpers import node, painted, settled, tap

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.pixels,  # every test reads its hints back by OCR
    pytest.mark.skipif(shutil.which("tesseract") is None, reason="no tesseract"),
]

OUTPUT = Path(__file__).resolve().parent / "output"
VIEWPORT_HEIGHT = 740
FOOTER_ABOVE_STATUS = 9  # the footer's top border (1 px) and padding (8 px)
OCR_SCALE = 3  # tesseract reads 14 px text far better three times larger


def scroll_above_the_footer(page, identifier: str) -> dict[str, float]:
    """Scroll as a finger does until ``identifier`` is drawn whole between
    the top of the screen and the footer (the status line, the points and
    Save); return where it is drawn."""
    target = node(page, identifier)
    # the wheel, not scroll_into_view_if_needed: that scrolls the semantics'
    # DOM, which Flutter's canvas does not always follow (the box then says
    # "above the footer" while the screen still shows the top of the form)
    footer = node(page, "entry-status")
    for _ in range(20):
        # the scroll has come to rest: the boxes, and the canvas after them
        box, top = settled(page, lambda: (target.bounding_box(), footer.bounding_box()))
        painted(page)
        assert box is not None and top is not None, identifier
        # a node cut by the footer ends exactly at its edge, the footer's
        # border and padding above the status line: whole, it ends above it
        below = box["y"] + box["height"] - (top["y"] - FOOTER_ABOVE_STATUS)
        if below < -2 and box["y"] >= 0:
            return box
        page.mouse.move(180, 200)
        step = 120 if below > 120 else 60
        page.mouse.wheel(0, step if box["y"] > 60 else -120)
    raise AssertionError(f"{identifier} is never drawn whole above the footer")


def read_back(page, identifier: str, lang: str) -> str:
    """What the screen shows where ``identifier`` is drawn, read by OCR."""
    box = scroll_above_the_footer(page, identifier)
    shown = page.screenshot(clip=box)
    (OUTPUT / f"read-{identifier}.png").write_bytes(shown)  # to look at
    picture = Image.open(io.BytesIO(shown)).convert("L")
    picture = picture.resize(
        (picture.width * OCR_SCALE, picture.height * OCR_SCALE), Image.LANCZOS
    )
    png = io.BytesIO()
    picture.save(png, format="PNG")
    result = subprocess.run(
        ["tesseract", "-", "-", "-l", {"it": "ita", "en": "eng"}[lang], "--psm", "6"],
        input=png.getvalue(),
        capture_output=True,
        check=True,
        timeout=60,
    )
    return result.stdout.decode("utf-8", "replace")


def assert_drawn_whole(page, identifier: str, sentence: str, lang: str) -> None:
    """``sentence`` is in ``identifier``'s text and every word of it of 4
    letters or more is read on the screen (the names, the first and the last
    words included: nothing cut at either end)."""
    expect(node(page, identifier)).to_contain_text(sentence)
    seen = read_back(page, identifier, lang).lower()
    words = re.findall(r"\w{4,}", sentence.lower())
    missing = [w for w in words if w not in seen]
    # OCR may misread a word; a cut line loses all the words after the cut
    assert len(missing) <= 1, (sentence, seen, missing)
    assert words[-1] not in missing and words[0] not in missing, (sentence, seen)


def test_an_untouched_entry_and_its_errors_read_whole_in_italian(page_at, shot):
    page = page_at()
    new_match(page, ["Anna", "Bruno", "Carla", "Dario"])
    open_hand_entry(page)
    assert_drawn_whole(
        page, "entry-hints-spades", "Segna chi ha le spade: tocca ogni carta.", "it"
    )
    assert_drawn_whole(
        page,
        "entry-hints-settebello",
        "Chi ha il settebello? Tocca Anna & Carla o Bruno & Dario.",
        "it",
    )
    shot(page, "fresh")

    switch = node(page, "entry-form-switch").get_by_role("switch")
    tap(switch)
    assert_drawn_whole(
        page,
        "entry-hints-spades",
        "Scrivi quante spade hanno preso Anna & Carla.",
        "it",
    )
    shot(page, "count-fresh")

    type_into(
        page,
        "Spade di Anna & Carla",
        "3",
        (node(page, "entry-spade-count-1-text"), "Bruno & Dario: 7 "),
    )
    type_into(page, "Napola di Anna & Carla", "5")
    for sentence in (
        "Anna & Carla hanno 3 spade: una napola da 5 ne vuole almeno 5.",
        "Chi ha il due di spade? Anna & Carla o Bruno & Dario?",
    ):
        assert_drawn_whole(page, "entry-problems-spades", sentence, "it")
    shot(page, "count-errors")


def test_a_problem_reads_whole_in_english(page_at, shot):
    page = page_at()
    choose(node(page, "home-language"), "English")
    open_new_match(page, "New match")
    type_into(page, "Player 1", "Anna", (node(page, "new-teams"), "Anna"))
    type_into(page, "Player 2", "Bruno", (node(page, "new-teams"), "Bruno"))
    start_match(page)
    open_hand_entry(page)
    assert_drawn_whole(
        page,
        "entry-hints-settebello",
        "Who has the settebello? Tap Anna or Bruno.",
        "en",
    )
    tap_spades(page, ["A", "2", "3", "4", "5", "6", "7", "F", "C", "R"])
    settebello_to(page, "Anna", lang="en")  # and on to the cards' page
    type_into(page, re.compile("^Cards taken by"), "8")
    assert_drawn_whole(
        page,
        "entry-problems-cards",
        "Anna has 10 spades and the settebello but only 8 cards.",
        "en",
    )
    shot(page, "error")


@pytest.fixture
def page_at(fresh_server, new_phone, open_app):
    """A phone on a server of this test alone."""

    def make():
        phone = new_phone(fresh_server.url)
        open_app(phone, fresh_server.url)
        return phone

    return make
