"""Reading a shared match's picture back in the browser tests.

The page's ``navigator.share`` is replaced (before the app loads) by a
recorder, so what the app hands the browser's share sheet can be read: the
PNG is decoded and its totals compared with the known text drawn alone, in
the same font, size and place. Pillow draws the server's pictures (pixel
for pixel the same rendering); a browser build without Pillow's Pyodide
wheel draws them on the browser's canvas (the same glyphs, rasterised by
another engine), so the comparison is of the ink: which pixels are the
text's, as a share of the pixels that either rendering inks.
"""

from __future__ import annotations

import base64
import io

from PIL import Image, ImageChops, ImageDraw

from scorekeeper.sharing.picture import TOTAL_SIZE, Colours, font, total_anchor

RECORD_SHARE = """
window.__shared = [];
navigator.canShare = (data) => true;
navigator.share = async (data) => {
  const files = [];
  for (const f of data.files || []) {
    const bytes = new Uint8Array(await f.arrayBuffer());
    let s = "";
    for (let i = 0; i < bytes.length; i++) s += String.fromCharCode(bytes[i]);
    files.push({name: f.name, type: f.type, b64: btoa(s)});
  }
  window.__shared.push({text: data.text || null, url: data.url || null, files});
};
"""
"""The recorder: every share the app asks for, its files base64-encoded."""


def decoded(b64: str) -> Image.Image:
    """A shared file's picture, as RGB."""
    return Image.open(io.BytesIO(base64.b64decode(b64))).convert("RGB")


def total_box(side: int, text: str) -> tuple[int, int, int, int]:
    """Where a side's total *text* is drawn (bold: stroked)."""
    x, y = total_anchor(side)
    left, top, right, bottom = font(TOTAL_SIZE).getbbox(
        text, anchor="md", stroke_width=5
    )
    return (int(x + left), int(y + top), int(x + right), int(y + bottom))


def drawn_alone(
    size: tuple[int, int], side: int, text: str, fill: str, ink: str
) -> Image.Image:
    """A side's total *text* drawn as the picture draws it, on *fill* alone."""
    alone = Image.new("RGB", size, fill)
    ImageDraw.Draw(alone).text(
        total_anchor(side),
        text,
        font=font(TOTAL_SIZE),
        fill=ink,
        anchor="md",
        stroke_width=max(1, TOTAL_SIZE // 28),
        stroke_fill=ink,
    )
    return alone


def side_colours(colours: Colours, side: int, won: bool) -> tuple[str, str]:
    """A side's panel fill and the ink of its total."""
    if won:
        return colours.side_fill[side], colours.on_fill
    return colours.panel, colours.side_text[side]


def _ink(region: Image.Image, fill: str, ink: str) -> Image.Image:
    """The pixels of *region* nearer to *ink* than to *fill* (mode ``1``)."""
    plain = Image.new("RGB", region.size, fill)
    full = ImageChops.difference(
        Image.new("RGB", (1, 1), ink), Image.new("RGB", (1, 1), fill)
    )
    half = max(full.convert("L").getpixel((0, 0)), 2) / 2
    distance = ImageChops.difference(region, plain).convert("L")
    return distance.point(lambda v: 255 if v > half else 0).convert("1")


def ink_overlap(
    picture: Image.Image, side: int, text: str, fill: str, ink: str
) -> float:
    """How much of the ink in a side's total region is *text* drawn alone:
    the pixels both ink over the pixels either inks (1.0: the same)."""
    box = total_box(side, text)
    known = drawn_alone(picture.size, side, text, fill, ink).crop(box)
    seen = picture.crop(box)
    a, b = _ink(seen, fill, ink), _ink(known, fill, ink)
    both = ImageChops.logical_and(a, b).histogram()[-1]
    either = ImageChops.logical_or(a, b).histogram()[-1]
    return both / either if either else 0.0


def other_digits(text: str) -> str:
    """A number of the same length made of other digits (each + 5)."""
    return "".join(str((int(c) + 5) % 10) for c in text)
