"""The screen tour's checks of a screenshot (tests/e2e/screen_checks.py),
without a browser: the texts matched against what OCR read, and Flutter's
grey error box found on a picture."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image, ImageDraw

from tests.e2e.screen_checks import (
    PHONE_SCALE,
    error_box,
    missing_on,
    missing_texts,
    need_tesseract,
    phrase_shown,
    read_box,
    words,
)

BREAKDOWN = (
    "Carte\u00a0+2 · Spade\u00a0+2 · Settebello\u00a0+1"
    " · Due\u00a0di\u00a0spade\u00a0+1 · Fante\u00a0di\u00a0spade\u00a0+1"
    " · Napola\u00a0+10"
)


def test_a_breakdown_item_cut_off_the_screen_is_missing_and_the_others_are_not():
    read = (
        "Carte +2 - Spade +2 -\nSettebello +1 -\nDue di spade +1 -\nFante di spade +1 -"
    )
    missing = missing_texts([BREAKDOWN], read)
    assert [m.text for m in missing] == ["Napola +10"]


def test_every_item_read_leaves_nothing_missing():
    read = (
        "Carte +2 - Spade +2 - Settebello +1 - Due di spade +1 -\n"
        "Fante di spade +1 - Napola +10"
    )
    assert missing_texts([BREAKDOWN], read) == []


def test_a_number_must_be_read_exactly():
    assert not phrase_shown("Napola 10", words("Napola 1O Carte 2"))
    assert not phrase_shown("Anna & Carla: 17", words("Anna & Carla: 7"))


def test_words_joined_or_a_letter_misread_by_ocr_still_match():
    assert phrase_shown("Conta della mano 1", words("< — Conta dellamano 1"))
    assert phrase_shown("Stampa i codici QR", words("Stampai codici QR"))
    assert phrase_shown("Settebello", words("Settebcllo +1"))


def test_a_sentence_matches_when_most_of_its_words_are_read():
    sentence = "Un cartoncino per tavolo: i telefoni del tavolo inquadrano il QR"
    assert phrase_shown(sentence, words(sentence.replace("inquadrano", "inquadmno")))
    assert not phrase_shown(sentence, words("Un cartoncino per tavolo"))


def _screen(tmp_path: Path, grey_box: bool, scale: int = 2) -> Path:
    image = Image.new("RGB", (360 * scale, 740 * scale), (247, 249, 241))
    draw = ImageDraw.Draw(image)
    draw.rectangle(
        (16 * scale, 60 * scale, 344 * scale, 100 * scale), fill=(61, 106, 58)
    )
    draw.text((20 * scale, 20 * scale), "Stampa i codici QR", fill=(120, 120, 120))
    for i in range(0, 160, 8):  # a QR-like pattern of black and white squares
        draw.rectangle((100 + i * 2, 400, 104 + i * 2, 404), fill=(0, 0, 0))
    if grey_box:
        draw.rectangle(
            (16 * scale, 200 * scale, 344 * scale, 700 * scale), fill=(195, 195, 195)
        )
    path = tmp_path / f"screen-{grey_box}.png"
    image.save(path)
    return path


def test_flutters_grey_error_box_is_found_where_it_is_painted(tmp_path):
    where = error_box(_screen(tmp_path, grey_box=True), scale=2)
    assert where is not None
    x, y = where
    assert 16 <= x <= 344 and 200 <= y <= 700


def test_a_screen_without_the_grey_box_has_none(tmp_path):
    assert error_box(_screen(tmp_path, grey_box=False), scale=2) is None


def test_a_sentence_cut_at_the_footer_misses_its_end():
    hint = "settebello: nobody has the settebello: it must be with one side"
    cut = "settebello: nobody has the settebello: it must be"
    assert not phrase_shown(hint, words(cut))
    assert phrase_shown(hint, words(hint.replace("nobody", "nobady")))


def test_a_table_code_misread_at_half_size_is_read_at_the_shots_own_size():
    """The club's QR cards on a 1280x720 laptop, dark (a tour of stop 44):
    read at half size, "3PR9MN" was "3PROIMN"."""
    need_tesseract()
    shot = Path(__file__).parent / "pictures" / "club-qr-1280x720-dark.png"
    codes = ["3PR9MN", "YMFPFV", "DPDXYH", "HXYYDX"]
    assert missing_on(shot, "en", codes) == []


def _blank(tmp_path: Path, width: int, height: int) -> Path:
    path = tmp_path / f"blank-{width}x{height}.png"
    Image.new("RGB", (width, height), "white").save(path)
    return path


def test_a_phones_picture_at_one_pixel_per_css_pixel_is_refused_not_read(tmp_path):
    """A test that reads a phone's picture without the ``pixels`` mark took
    it at 360 px: its 14 px text would be read wrong, and a text missed
    would be blamed on the app. It is refused, saying what to do."""
    thin = _blank(tmp_path, 360, 740)
    with pytest.raises(ValueError, match=r"360 px wide.*mark the test pixels"):
        missing_on(thin, "it", ["Nuova partita"])


def test_a_box_past_the_pictures_edge_is_refused_not_read(tmp_path):
    """A box whose end is past a 360x740 picture read at a phone's density
    (the picture was taken at one pixel per CSS pixel): refused, naming the
    box, rather than cropped to a strip of white read as nothing."""
    thin = _blank(tmp_path, 360, 740)
    box = {"x": 16.0, "y": 500.0, "width": 300.0, "height": 40.0}
    with pytest.raises(ValueError, match=r"360x740 px, the box .* ends past it"):
        read_box(thin, box, scale=PHONE_SCALE)


def test_a_box_inside_a_phones_picture_is_read(tmp_path):
    """The guard refuses only what is past the edge: a box inside a picture
    at the phone's density is read."""
    path = tmp_path / "hello.png"
    image = Image.new("RGB", (360 * PHONE_SCALE, 740 * PHONE_SCALE), "white")
    ImageDraw.Draw(image).text((40, 1000), "Nuova partita", fill="black", font_size=40)
    image.save(path)
    box = {"x": 10.0, "y": 490.0, "width": 300.0, "height": 50.0}
    assert "partita" in read_box(path, box, scale=PHONE_SCALE).lower()
