"""Pictures drawn on the browser's ``OffscreenCanvas`` (Pyodide only).

The browser build's Python runs in a Web Worker, where ``OffscreenCanvas``
and its 2D context draw text, rounded rectangles, lines and ellipses as
Chromium, Firefox and Safari draw every web page. This module gives that
context the few Pillow calls ``picture.py`` makes (same arguments, same
anchors), so one layout draws on the server and in the browser. The app's
font is registered with the worker once (:func:`ready`, a ``FontFace`` made
from the shipped ``Roboto-Regular.ttf``); the pixels come back with
``getImageData`` and are written as PNG by ``sharing/png.py``.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import js

from scorekeeper.sharing.png import png_from_rgba

FAMILY = "SpazzinoPicture"
"""The name the app's font is registered under in the worker."""

_ALIGN = {"l": "left", "m": "center", "r": "right"}
_loaded: list[bool] = []


async def ready(font_file: str) -> None:
    """Register the app's font with the worker (once; drawing before that
    would use the browser's default sans-serif)."""
    if _loaded:
        return
    from pyodide.ffi import to_js

    face = js.FontFace.new(FAMILY, to_js(Path(font_file).read_bytes()))
    await face.load()
    fonts = getattr(js, "fonts", None)  # a worker's FontFaceSet (self.fonts)
    if fonts is None:
        fonts = js.document.fonts
    fonts.add(face)
    _loaded.append(True)


class CanvasFont:
    """The app's font at a size, measured by a canvas."""

    def __init__(self, size: int, measure: Any) -> None:
        self.size = size
        self.css = f"{size}px {FAMILY}"
        self._measure = measure

    def getlength(self, text: str) -> float:
        self._measure.font = self.css
        return float(self._measure.measureText(text).width)


class CanvasImage:
    """A picture being drawn: an ``OffscreenCanvas`` and its 2D context."""

    def __init__(self, size: tuple[int, int], colour: str) -> None:
        self.size = size
        self.canvas = js.OffscreenCanvas.new(*size)
        self.ctx = self.canvas.getContext("2d")
        self.ctx.fillStyle = colour
        self.ctx.fillRect(0, 0, *size)


class CanvasDraw:
    """Pillow's ``ImageDraw`` calls that ``picture.py`` makes, on a canvas."""

    def __init__(self, image: CanvasImage) -> None:
        self.ctx = image.ctx

    def text(
        self,
        xy: tuple[float, float],
        text: str,
        font: CanvasFont,
        fill: str,
        anchor: str = "la",
        stroke_width: int = 0,
        stroke_fill: str | None = None,
    ) -> None:
        """*text* placed as Pillow places it: ``anchor``'s first letter the
        left, middle or right; its second the ascender, middle, baseline or
        descender line (Pillow's ``a``, ``m``, ``s``, ``d``)."""
        ctx = self.ctx
        x, y = xy
        ctx.font = font.css
        ctx.textAlign = _ALIGN[anchor[0]]
        ctx.textBaseline = "alphabetic"
        m = ctx.measureText(text)
        ascent, descent = m.fontBoundingBoxAscent, m.fontBoundingBoxDescent
        baseline = {
            "a": y + ascent,
            "m": y + (ascent - descent) / 2,
            "s": y,
            "d": y - descent,
        }[anchor[1]]
        if stroke_width:
            ctx.lineWidth = 2 * stroke_width
            ctx.lineJoin = "round"
            ctx.strokeStyle = stroke_fill or fill
            ctx.strokeText(text, x, baseline)
        ctx.fillStyle = fill
        ctx.fillText(text, x, baseline)

    def rounded_rectangle(
        self, box: tuple[float, float, float, float], radius: float, fill: str
    ) -> None:
        x0, y0, x1, y1 = box
        self.ctx.beginPath()
        self.ctx.roundRect(x0, y0, x1 - x0 + 1, y1 - y0 + 1, radius)
        self.ctx.fillStyle = fill
        self.ctx.fill()

    def line(
        self,
        xy: Any,
        fill: str,
        width: int = 1,
        joint: str | None = None,
    ) -> None:
        """A line through the points *xy*: ``(x0, y0, x1, y1)`` or a list of
        ``(x, y)``."""
        points = list(xy)
        if points and not isinstance(points[0], tuple | list):
            points = list(zip(points[0::2], points[1::2], strict=True))
        ctx = self.ctx
        ctx.beginPath()
        ctx.moveTo(*points[0])
        for point in points[1:]:
            ctx.lineTo(*point)
        ctx.lineWidth = width
        ctx.lineCap = "butt"
        ctx.lineJoin = "round" if joint == "curve" else "miter"
        ctx.strokeStyle = fill
        ctx.stroke()

    def ellipse(self, box: tuple[float, float, float, float], fill: str) -> None:
        x0, y0, x1, y1 = box
        self.ctx.beginPath()
        self.ctx.ellipse(
            (x0 + x1) / 2, (y0 + y1) / 2, (x1 - x0) / 2, (y1 - y0) / 2, 0, 0, math.tau
        )
        self.ctx.fillStyle = fill
        self.ctx.fill()


class CanvasSurface:
    """Pictures drawn by the browser (see the module's docstring)."""

    name = "canvas"

    def __init__(self, font_file: str) -> None:
        self.font_file = font_file
        self._measure = js.OffscreenCanvas.new(1, 1).getContext("2d")

    def new(self, size: tuple[int, int], colour: str) -> CanvasImage:
        return CanvasImage(size, colour)

    def draw(self, image: CanvasImage) -> CanvasDraw:
        return CanvasDraw(image)

    def font(self, size: int) -> CanvasFont:
        return CanvasFont(size, self._measure)

    def png(self, image: CanvasImage) -> bytes:
        width, height = image.size
        pixels = image.ctx.getImageData(0, 0, width, height).data.to_bytes()
        return png_from_rgba(width, height, pixels)
