"""A canvas's pixels as a PNG file: the format's container (signature,
``IHDR``, ``IDAT``, ``IEND``, each chunk with its CRC) around zlib's
deflate, for the pictures the browser draws (``sharing/canvas.py``)."""

from __future__ import annotations

import struct
import zlib


def png_from_rgba(width: int, height: int, rgba: bytes) -> bytes:
    """An opaque picture's RGBA pixels (row by row, as a canvas gives them)
    as an RGB PNG: the format's container around zlib's deflate."""
    if len(rgba) != width * height * 4:
        raise ValueError(
            f"png_from_rgba: {len(rgba)} bytes for {width}x{height} RGBA pixels"
        )
    rgb = bytearray(width * height * 3)
    for channel in range(3):  # drop the alpha: slices copy in C, not per pixel
        rgb[channel::3] = rgba[channel::4]
    stride = width * 3
    rows = bytearray()
    for y in range(height):  # each row after its filter type: 0, none
        rows += b"\x00"
        rows += rgb[y * stride : (y + 1) * stride]

    def chunk(kind: bytes, data: bytes) -> bytes:
        crc = zlib.crc32(kind + data) & 0xFFFFFFFF
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", crc)

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)  # 8-bit RGB
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(bytes(rows), 6))
        + chunk(b"IEND", b"")
    )
