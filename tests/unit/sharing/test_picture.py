"""The picture of a match and of a record: decoded and read back by pixels.

Drawing is deterministic, so "the totals are drawn" is checked against a
rendering of the known text in the same font, size and place; other checks
compare regions of pictures that differ in one thing only.
"""

from __future__ import annotations

import doctest
import io
from datetime import date
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageDraw, ImageStat

from scorekeeper.core.engine import evaluate
from scorekeeper.core.stats import PlayedMatch, head_to_head, player_stats, team_stats
from scorekeeper.i18n import Translator
from scorekeeper.sharing import picture
from scorekeeper.sharing.picture import (
    DARK,
    HEIGHT,
    LIGHT,
    TOTAL_SIZE,
    WIDTH,
    Look,
    font,
    match_image,
    match_picture,
    outcome,
    panel_box,
    record_image,
    record_picture,
    rules_line,
    total_anchor,
)
from scorekeeper.ui.kit import palette
from tests.builders import declared_hand, match, plain_hand
from tests.long_match import long_match

DAY = date(2026, 12, 2)


def anna_wins():
    """Anna 39, Bruno 20 after three hands (won at the target)."""
    return evaluate(
        match(
            ("Anna", "Bruno"), [plain_hand(10, 3), plain_hand(3, 12), plain_hand(20, 2)]
        )
    )


def decoded(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    image.load()
    return image


def region(image: Image.Image, box) -> Image.Image:
    return image.crop(tuple(int(v) for v in box))


def same(a: Image.Image, b: Image.Image) -> bool:
    return ImageChops.difference(a.convert("RGB"), b.convert("RGB")).getbbox() is None


def drawn_alone(
    text: str, size: int, anchor_xy, fill: str, page: str, box
) -> Image.Image:
    """*text* drawn as the picture draws a bold text, on a plain *page*."""
    image = Image.new("RGB", (WIDTH, HEIGHT), page)
    ImageDraw.Draw(image).text(
        anchor_xy,
        text,
        font=font(size),
        fill=fill,
        anchor="md",
        stroke_width=max(1, size // 28),
        stroke_fill=fill,
    )
    return region(image, box)


def total_box(side: int, text: str):
    return font(TOTAL_SIZE).getbbox(text, anchor="md", stroke_width=5)


def test_the_docstring_examples_hold():
    assert doctest.testmod(picture).failed == 0


@pytest.mark.parametrize("dark", [False, True])
def test_a_match_picture_is_a_1080_px_png_that_is_not_blank(dark):
    image = decoded(match_picture(evaluate(long_match()), Look(dark=dark), played=DAY))
    assert image.format == "PNG" and image.size == (WIDTH, HEIGHT) == (1080, 1350)
    page = (DARK if dark else LIGHT).page
    assert image.convert("RGB").getpixel((2, 2)) == rgb(page)
    assert len(image.convert("RGB").getcolors(maxcolors=1 << 20)) > 50
    assert max(ImageStat.Stat(image.convert("L")).stddev) > 20


def rgb(hex_colour: str) -> tuple[int, int, int]:
    return tuple(int(hex_colour[i : i + 2], 16) for i in (1, 3, 5))


@pytest.mark.parametrize("dark", [False, True])
def test_each_total_is_drawn_as_the_known_text_in_its_panel(dark):
    state = anna_wins()
    look = Look(dark=dark)
    image = match_image(state, look, played=DAY)
    c = DARK if dark else LIGHT
    for side, (fill, ink) in enumerate(
        [(c.side_fill[0], c.on_fill), (c.panel, c.side_text[1])]
    ):
        text = str(state.totals[side])
        x, y = total_anchor(side)
        left, top, right, bottom = total_box(side, text)
        box = (x + left, y + top, x + right, y + bottom)
        assert same(
            region(image, box), drawn_alone(text, TOTAL_SIZE, (x, y), ink, fill, box)
        ), (side, text)
        wrong = str(state.totals[1 - side])
        assert not same(
            region(image, box), drawn_alone(wrong, TOTAL_SIZE, (x, y), ink, fill, box)
        )


def test_the_winners_panel_is_filled_with_its_colour_and_the_losers_is_not():
    state = anna_wins()
    image = match_image(state, Look(), played=DAY)
    x0, y0, _, _ = panel_box(0)
    assert image.getpixel((int(x0) + 30, int(y0) + 200)) == rgb(LIGHT.side_fill[0])
    x0, y0, _, _ = panel_box(1)
    assert image.getpixel((int(x0) + 30, int(y0) + 200)) == rgb(LIGHT.panel)


def test_different_totals_change_the_panels_and_the_chart_but_not_the_header():
    a = match_image(anna_wins(), Look(), played=DAY)
    b = match_image(
        evaluate(match(("Anna", "Bruno"), [plain_hand(30, 0)])), Look(), played=DAY
    )
    assert not same(region(a, panel_box(0)), region(b, panel_box(0)))
    assert not same(region(a, (48, 680, 1032, 990)), region(b, (48, 680, 1032, 990)))
    assert same(region(a, (0, 0, WIDTH, 100)), region(b, (0, 0, WIDTH, 100)))


def test_the_words_follow_the_phones_language_and_deck():
    state = anna_wins()
    it = match_image(state, Look(lang="it"), played=DAY)
    en = match_image(state, Look(lang="en"), played=DAY)
    fr = match_image(state, Look(lang="it", french_cards=True), played=DAY)
    items = (0, 1010, WIDTH, HEIGHT)
    assert not same(region(it, items), region(en, items))
    assert not same(region(it, items), region(fr, items))
    date_box = (540, 30, WIDTH, 100)
    assert not same(region(it, date_box), region(en, date_box))  # 02/12/2026, ISO


def test_the_colours_are_the_apps_in_both_themes():
    for look, mine in (("light", LIGHT), ("dark", DARK)):
        app = palette.PALETTES[look]
        assert mine.page == app.surface
        assert mine.panel == app.surface_container_high
        assert (mine.text, mine.muted) == (app.on_surface, app.on_surface_variant)
        assert mine.side_text == app.side_text
        assert mine.side_fill == palette.SIDE_FILL
        assert mine.on_fill == palette.ON_SIDE_FILL


def test_the_font_is_the_one_flet_web_ships_to_the_phones():
    import flet_web
    from PIL import ImageFont

    shipped = Path(flet_web.__file__).parent / "web/assets/fonts/roboto.woff2"
    sample = "Più àèéìòù ÀÈÌÒÙ 0123456789 – Anna & Bruno"

    def drawn(f) -> Image.Image:
        image = Image.new("L", (1400, 80), 0)
        ImageDraw.Draw(image).text((10, 10), sample, font=f, fill=255)
        return image

    assert font(48).getname() == ("Roboto", "Regular")
    assert same(drawn(font(48)), drawn(ImageFont.truetype(str(shipped), 48)))


@pytest.mark.parametrize(
    ("lang", "hands", "words"),
    [
        ("it", [plain_hand(30, 0)], ["Vince Anna", "traguardo di 31"]),
        ("en", [plain_hand(30, 0)], ["Anna wins", "target of 31"]),
        ("it", [plain_hand(29, 30), plain_hand(3, 0)], ["Vince Anna", "spareggio"]),
        ("it", [], ["In corso"]),
    ],
)
def test_the_outcome_says_the_winner_and_how(lang, hands, words):
    state = evaluate(match(("Anna", "Bruno"), hands))
    text = outcome(state, Translator(lang), abandoned=False)
    assert all(w in text for w in words), text


@pytest.mark.parametrize(
    ("lang", "said"), [("it", "Vincono Anna & Carla."), ("en", "Anna & Carla win.")]
)
def test_a_pair_that_wins_takes_the_plural_verb(lang, said):
    state = evaluate(
        match(("Anna", "Bruno", "Carla", "Dario"), [plain_hand(30, 0)], target=31)
    )
    assert outcome(state, Translator(lang), abandoned=False).startswith(said)
    single = evaluate(match(("Anna", "Bruno"), [plain_hand(30, 0)], target=31))
    assert outcome(single, Translator(lang), abandoned=False).startswith(
        "Vince Anna." if lang == "it" else "Anna wins."
    )


def test_the_rules_line_says_preset_target_declarations_and_hands():
    hands = [plain_hand(10, 3), plain_hand(3, 12)]
    plain = evaluate(match(("Anna", "Bruno"), hands))
    declaring = evaluate(match(("Anna", "Bruno"), hands, early_win=True))
    t = Translator("it")
    assert rules_line(plain, t) == "Classico, si gioca a 31 punti · 2 mani"
    assert rules_line(declaring, t) == (
        "Classico, si gioca a 31 punti · con dichiarazione · 2 mani"
    )


def test_a_declaration_is_said():
    state = evaluate(
        match(
            ("Anna", "Bruno"),
            [plain_hand(20, 0), declared_hand("Anna", 3, 9, 0)],
            early_win=True,
        )
    )
    text = outcome(state, Translator("it"), abandoned=False)
    assert "Dichiarazione di Anna nella tornata 3" in text, text


def test_an_abandoned_match_says_so():
    text = outcome(anna_wins(), Translator("en"), abandoned=True)
    assert text == "Abandoned"


def test_long_names_are_shortened_to_fit_their_panel():
    long_name = "Massimiliano Bartolomeo Giancarlo Rossi"  # 40 characters or so
    state = evaluate(match((long_name, "Bo"), [plain_hand(30, 0)]))
    image = match_image(state, Look(), played=DAY)
    x0, y0, x1, _ = panel_box(0)
    gap = region(image, (x1 + 2, y0, x1 + 22, y0 + 100))
    assert [c for _, c in gap.getcolors()] == [rgb(LIGHT.page)]  # nothing drawn past it


def test_a_match_without_hands_still_draws():
    state = evaluate(match(("Anna", "Bruno"), []))
    assert decoded(match_picture(state)).size == (WIDTH, HEIGHT)


def played(*docs):
    return [PlayedMatch(m) for m in docs]


def test_a_record_picture_shows_the_record_and_the_head_to_head():
    history = played(
        match(("Anna", "Bruno"), [plain_hand(30, 0)]),
        match(("Anna", "Carla"), [plain_hand(0, 35)]),
        match(("Bruno", "Anna"), [plain_hand(0, 35)]),
    )
    stats = player_stats(history, "Anna")
    image = decoded(record_picture(stats, Look(), today=DAY))
    assert image.size == (WIDTH, picture.RECORD_HEIGHT)
    versus = record_image(
        stats, Look(), versus=[head_to_head(history, "Anna", "Carla")]
    )
    rows = (0, 640, WIDTH, 1060)
    assert not same(region(image, rows), region(versus, rows))
    other = record_image(player_stats(history, "Bruno"), Look())
    assert not same(
        region(record_image(stats, Look()), (0, 240, WIDTH, 480)),
        region(other, (0, 240, WIDTH, 480)),
    )


def test_a_pairs_record_picture_draws_in_both_themes():
    history = played(long_match())
    stats = team_stats(history, "Anna", "Carla")
    light = record_image(stats, Look())
    dark = record_image(stats, Look(dark=True))
    assert light.getpixel((2, 2)) == rgb(LIGHT.page)
    assert dark.getpixel((2, 2)) == rgb(DARK.page)


@pytest.mark.parametrize("dark", [False, True])
def test_each_sides_item_column_is_headed_by_its_initials_not_told_by_colour_alone(
    dark,
):
    state = anna_wins()
    image = match_image(state, Look(dark=dark), played=DAY).convert("RGB")
    c = DARK if dark else LIGHT
    size = picture.ITEM_LABEL_SIZE
    for col in (0, 1):
        for side, right in enumerate(picture.item_columns(col)):
            label = picture.side_labels(state)[side]
            assert label == "AB"[side]
            x0, y0, x1, y1 = font(size).getbbox(label, anchor="rd", stroke_width=1)
            top = picture.ITEMS_TOP - 8
            box = (right + x0, top + y0, right + x1, top + y1)
            alone = Image.new("RGB", (WIDTH, HEIGHT), c.page)
            ImageDraw.Draw(alone).text(
                (right, top),
                label,
                font=font(size),
                fill=c.side_text[side],
                anchor="rd",
                stroke_width=max(1, size // 28),
                stroke_fill=c.side_text[side],
            )
            assert same(region(image, box), region(alone, box)), (col, side)


def test_sides_whose_initials_are_the_same_are_headed_by_their_first_letters():
    state = evaluate(match(("Marco", "Maria"), [plain_hand(10, 3)]))
    assert picture.side_labels(state) == ("Marc", "Mari")
    pairs = evaluate(match(("Anna", "Bruno", "Carla", "Dario"), [plain_hand(10, 3)]))
    assert picture.side_labels(pairs) == ("AC", "BD")
