"""The drawing surfaces of a picture: Pillow here; the PNG writer the
browser's canvas uses, read back by Pillow."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image

from scorekeeper.sharing import picture
from scorekeeper.sharing.png import png_from_rgba


def test_pillow_draws_wherever_it_is_installed():
    assert picture.SURFACE.name == "pillow"


def test_canvas_pixels_come_back_as_the_same_rgb_png():
    rng = random.Random(7)
    width, height = 37, 11  # odd sizes: rows are not padded
    rgb = [tuple(rng.randrange(256) for _ in range(3)) for _ in range(width * height)]
    rgba = b"".join(bytes((*p, 255)) for p in rgb)
    image = Image.open(io.BytesIO(png_from_rgba(width, height, rgba)))
    assert (image.mode, image.size) == ("RGB", (width, height))
    assert [image.getpixel((i % width, i // width)) for i in range(len(rgb))] == rgb


def test_pixels_of_the_wrong_size_are_refused_with_the_sizes():
    with pytest.raises(ValueError, match="8 bytes for 3x1"):
        png_from_rgba(3, 1, bytes(8))
