"""What a screenshot is checked for (the screen tour, ``screen_tour.py``):
the texts the screen says it shows are there (OCR by Debian's ``tesseract``
binary), no Flutter error box is painted, nothing failed in the browser's
console or on the server.

Why OCR: the accessibility tree holds a control's whole text even where the
screen cuts it (a breakdown clipped at four lines, a hint cut at a footer's
edge), and Flutter's error widget of the release build is a grey box that
logs nothing to the console. Only the pixels tell.
"""

from __future__ import annotations

import difflib
import os
import re
import shutil
import subprocess
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageOps

TESSERACT = shutil.which("tesseract") or "/usr/bin/tesseract"
OCR_LANGUAGES = {"it": "ita", "en": "eng"}

CONSOLE_FAILURES = re.compile(
    r"EXCEPTION CAUGHT|Another exception was thrown|overflowed", re.I
)
"""What Flutter prints to the browser's console when a layout or a build fails."""

SERVER_FAILURES = re.compile(r"Traceback \(most recent call last\)|^ERROR", re.M)

PHONE_SCALE = 2
"""A phone's device pixels per CSS pixel: the density of the pictures read
here (the phones of a test marked ``pixels``, ``conftest.new_phone``)."""

READABLE_WIDTH = 700
"""The narrowest picture :func:`readings` reads: about a phone's 360 CSS
pixels at :data:`PHONE_SCALE`; at one device pixel per CSS pixel its 14 px
text is too small to read for sure."""

ERROR_BOX_GREY = range(176, 204)
"""Flutter's release error widget paints 0xF0C0C0C0 (grey 192 at 94 %):
195 on the light theme's background, 182 on the dark one's."""
ERROR_BOX_MIN = 48
"""A grey box is reported when a square this many CSS pixels wide is all of it:
no text, divider or chip of the app is that big and neutral grey."""


@dataclass(frozen=True)
class Missing:
    """A text the accessibility tree says is on screen, not found on it."""

    text: str
    found: str  # what OCR read, for the report

    def __str__(self) -> str:
        return f"not on the screen: {self.text!r}"


def need_tesseract() -> None:
    """Fail the test at once without tesseract: CI installs it (``.ci/run``),
    and a picture's reading skipped would pass unseen."""
    if not Path(TESSERACT).exists():
        pytest.fail(
            f"tesseract not found at {TESSERACT}"
            " (apt-get install tesseract-ocr tesseract-ocr-ita)"
        )


def _tesseract(image: Image.Image, lang: str, where: Path, psm: str = "3") -> str:
    prepared = where.with_suffix(".ocr.png")
    image.save(prepared)
    try:
        done = subprocess.run(
            [TESSERACT, str(prepared), "stdout", "-l", OCR_LANGUAGES[lang]]
            + ["--psm", psm],
            # one thread: the tour runs two readings beside the browser, and
            # OpenMP's threads fighting for two cores took 4x the time
            env={**os.environ, "OMP_THREAD_LIMIT": "1"},
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
    finally:
        prepared.unlink(missing_ok=True)
    if done.returncode != 0:
        raise RuntimeError(f"tesseract failed on {where}: {done.stderr.strip()}")
    return done.stdout


def read_box(
    png: Path, box: dict[str, float], scale: int = PHONE_SCALE, lang: str = "it"
) -> str:
    """What tesseract reads in ``box`` (CSS pixels, as Playwright gives a
    control's bounding box) of a screenshot taken at ``scale`` device pixels
    per CSS pixel, its white space made single spaces."""
    need_tesseract()
    edges = (box["x"], box["y"], box["x"] + box["width"], box["y"] + box["height"])
    with Image.open(png) as image:
        right, bottom = round(edges[2] * scale), round(edges[3] * scale)
        if right > image.width or bottom > image.height:
            raise ValueError(
                f"{png}: {image.width}x{image.height} px, the box {box} ends past"
                f" it at {scale} px per CSS pixel: a picture taken at fewer"
                " (is the test marked pixels?)"
            )
        crop = image.crop(tuple(round(v * scale) for v in edges))
    return re.sub(r"\s+", " ", _tesseract(crop, lang, png, psm="6")).strip()


def readings(png: Path, lang: str) -> Iterator[str]:
    """What tesseract reads on ``png``, one way after another: grey, dark on
    light (a dark theme's picture inverted); then inverted (white on a side's
    colour); then as one block of text (a dialog over a dimmed screen, which
    the page layout analysis skipped); then each a third of the size (a
    board's 200 px digits are too big for it), a sixth, sparse, and the white
    alone at a quarter (a TV's 400 px digits on a side's colour). A laptop's
    or a TV's shot is read at half size: its text is 14 px or more, and
    tesseract takes a quarter of the time; at its own size last."""
    whole = Image.open(png).convert("RGB")
    if whole.width < READABLE_WIDTH:
        raise ValueError(
            f"{png}: {whole.width} px wide, too few for tesseract: a phone's"
            " picture is read at a phone's density (mark the test pixels)"
        )
    colour = whole
    if colour.width > 1500:
        colour = colour.resize((colour.width // 2, colour.height // 2), Image.LANCZOS)
    image = colour.convert("L")
    histogram = image.histogram()
    dark = sum(histogram[:96]) > sum(histogram) / 2
    if dark:
        image = ImageOps.invert(image)
    small = (image.width // 3, image.height // 3)
    smaller = (image.width // 6, image.height // 6)  # a TV's 400 px digits
    quarter = (colour.width // 4, colour.height // 4)
    for variant, psm in (
        (image, "3"),
        (ImageOps.invert(image), "3"),
        (image, "6"),
        (image.resize(small, Image.LANCZOS), "3"),
        (ImageOps.invert(image).resize(small, Image.LANCZOS), "3"),
        (ImageOps.invert(image).resize(smaller, Image.LANCZOS), "11"),
        (white_alone(colour.resize(quarter, Image.LANCZOS)), "3"),
    ):
        yield _tesseract(variant, lang, png, psm)
    if whole is not colour:
        # a laptop's shot at its own size: read at half size, a table code's
        # "3PR9MN" was "3PROIMN" (a tour of stop 44)
        grey = whole.convert("L")
        yield _tesseract(ImageOps.invert(grey) if dark else grey, lang, png, "3")


def white_alone(image: Image.Image) -> Image.Image:
    """Only the picture's white, black on white: a board's white digits on a
    side's colour, which tesseract misses when the colour stays (the page's
    own background is off-white, #F7FBF1: it goes)."""
    r, g, b = image.split()
    darkest = ImageChops.darker(r, ImageChops.darker(g, b))
    return darkest.point(lambda p: 0 if p > 250 else 255)


def ocr(png: Path, lang: str) -> str:
    """The first reading of ``png`` (:func:`readings`)."""
    return next(readings(png, lang))


def missing_on(png: Path, lang: str, texts: list[str]) -> list[Missing]:
    """The items of ``texts`` no reading of ``png`` finds; the later readings
    only while some item is still missing."""
    missing = [phrase for text in texts for phrase in phrases(text)]
    read_all = ""
    for read in readings(png, lang):
        read_all += read + "\n"
        missing = [p for p in missing if not phrase_shown(p, words(read))]
        if not missing:
            break
    return [Missing(phrase, read_all) for phrase in missing]


def words(text: str) -> list[str]:
    """Lower-case words without accents, as OCR and the app's text are compared
    ("Però" and "pero" are one word; "·" and punctuation are no words)."""
    plain = unicodedata.normalize("NFKD", text.lower())
    plain = "".join(c for c in plain if not unicodedata.combining(c))
    return re.findall(r"[a-z0-9]+", plain)


def _same(expected: str, read: str) -> bool:
    if expected == read:
        return True
    if expected.isdigit() or len(expected) < 4:
        return False
    # one misread letter in a long word ("Settebello" read "Settebcllo")
    return difflib.SequenceMatcher(None, expected, read).ratio() >= 0.8


def phrases(text: str) -> list[str]:
    """The items of a control's text, each checked on its own: a breakdown's
    "Carte 2 · Napola 10", a text's lines."""
    parts = re.split(r"\s*[·\n]\s*", text.replace("\u00a0", " "))
    return [p for p in parts if words(p)]


def phrase_shown(phrase: str, read: list[str]) -> bool:
    """Whether ``phrase`` is among the words read: its words in a row (an item
    of 1-4 words, "Napola 10"), or most of them and its last two in a row (a
    sentence, which OCR may read with a word or two wrong or wrapped around a
    column, and a cut sentence lacks the end of)."""
    wanted = [w for w in words(phrase) if len(w) > 1 or w.isdigit()]
    if not wanted:
        return True
    # a lone letter read is an icon or a "v" of "Anna v Bruno", as in wanted
    read = [r for r in read if len(r) > 1 or r.isdigit()]
    if len(wanted) <= 4:
        # OCR may join two words ("dellamano") or split one: compare letters
        if "".join(words(phrase)) in "".join(read):
            return True
        for start in range(len(read) - len(wanted) + 1):
            if all(_same(w, r) for w, r in zip(wanted, read[start:], strict=False)):
                return True
        return False
    found = sum(1 for w in wanted if any(_same(w, r) for r in read))
    # a text cut at a footer's edge or the bottom of its box loses its end:
    # its last two words must be read too, one after the other
    return found >= 0.8 * len(wanted) and phrase_shown(" ".join(wanted[-2:]), read)


def missing_texts(texts: list[str], read_text: str) -> list[Missing]:
    """Every item of ``texts`` not read on the screen."""
    read = words(read_text)
    return [
        Missing(phrase, read_text)
        for text in texts
        for phrase in phrases(text)
        if not phrase_shown(phrase, read)
    ]


def blank(png: bytes) -> bool:
    """Whether a screenshot is one colour (Flutter has not painted yet)."""
    import io

    image = Image.open(io.BytesIO(png)).convert("L")
    low, high = image.getextrema()
    return high - low < 8


FLET_LOADING = {(248, 249, 255), (17, 20, 24)}
"""The background of flet's own "Working..." page (its default blue-seeded
surface, light and dark): the app's is green-seeded. A page reattached by a
busy server showed it for seconds, its accessibility tree already the app's."""


def loading(png: bytes) -> bool:
    """Whether a screenshot is flet's "Working..." page: all four corners
    are its background."""
    import io

    image = Image.open(io.BytesIO(png)).convert("RGB")
    w, h = image.width - 1, image.height - 1
    corners = [image.getpixel(xy) for xy in ((0, 0), (w, 0), (0, h), (w, h))]
    return all(tuple(c)[:3] in FLET_LOADING for c in corners)


def error_box(png: Path, scale: int) -> tuple[int, int] | None:
    """Where Flutter's grey error box is painted on ``png`` (its top-left
    corner in CSS pixels), or None."""
    image = Image.open(png).convert("RGB")
    if scale > 1:
        image = image.resize((image.width // scale, image.height // scale))
    width, height = image.size
    data = image.load()
    assert data is not None
    side = ERROR_BOX_MIN
    # a grid of probes ``side`` apart: a box of 2 x side has a whole probe
    # square in it; a probe square of grey is checked whole.
    for y in range(0, height - side, side // 2):
        for x in range(0, width - side, side // 2):
            if _grey(data[x, y]) and _grey_square(data, x, y, side):
                return x, y
    return None


def _grey(pixel: tuple[int, int, int]) -> bool:
    r, g, b = pixel[:3]
    return r in ERROR_BOX_GREY and abs(r - g) <= 2 and abs(g - b) <= 2


def _grey_square(data, x: int, y: int, side: int) -> bool:
    first = data[x, y]
    return all(
        data[x + dx, y + dy] == first
        for dy in range(0, side, 4)
        for dx in range(0, side, 4)
    )
