"""Where a picture is drawn: Pillow, or the browser's own canvas.

On the server (and anywhere Pillow is installed) a picture is a Pillow
image. The browser build runs on Pyodide, whose Pillow wheel is not on
PyPI: a build made without it (``webbuild/NOTES.md`` says why) draws the
same picture on the browser's ``OffscreenCanvas`` (``sharing/canvas.py``),
the same layout code calling the same few drawing operations. Either way
the result is PNG bytes.
"""

from __future__ import annotations

import io
import sys
from typing import Any, Protocol


class Surface(Protocol):
    """What ``picture.py`` draws with."""

    name: str

    def new(self, size: tuple[int, int], colour: str) -> Any:
        """A new picture of *size*, filled with *colour* (``#RRGGBB``)."""

    def draw(self, image: Any) -> Any:
        """The drawing object of *image* (Pillow's ``ImageDraw`` subset:
        ``text``, ``rounded_rectangle``, ``line``, ``ellipse``)."""

    def font(self, size: int) -> Any:
        """The app's font at *size* pixels (``getlength(text)``)."""

    def png(self, image: Any) -> bytes:
        """*image* as PNG bytes."""


class PillowSurface:
    """Pictures drawn by Pillow."""

    name = "pillow"

    def __init__(self, font_file: str) -> None:
        self.font_file = font_file

    def new(self, size: tuple[int, int], colour: str) -> Any:
        from PIL import Image

        return Image.new("RGB", size, colour)

    def draw(self, image: Any) -> Any:
        from PIL import ImageDraw

        return ImageDraw.Draw(image)

    def font(self, size: int) -> Any:
        from PIL import ImageFont

        return ImageFont.truetype(self.font_file, size)

    def png(self, image: Any) -> bytes:
        out = io.BytesIO()
        image.save(out, format="PNG", optimize=True)
        return out.getvalue()


def pick(font_file: str) -> Surface:
    """Pillow if it can be imported; in a browser build without it, the
    browser's canvas; elsewhere the ``ImportError`` (no picture)."""
    try:
        import PIL  # noqa: F401
    except ImportError:
        if sys.platform != "emscripten":
            raise
        from scorekeeper.sharing.canvas import CanvasSurface

        return CanvasSurface(font_file)
    return PillowSurface(font_file)
