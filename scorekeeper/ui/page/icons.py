"""Draw the app icon (two playing cards on green) as PNG files, stdlib only.

The PNGs in ``assets/`` are committed; run ``python -m scorekeeper.ui.page.icons`` to
draw them again. Flet's web server looks files up in the app's assets folder
before its own, so ``favicon.png``, ``icons/icon-*.png`` and ``manifest.json``
there replace Flet's.
"""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

ASSETS_DIR = Path(__file__).resolve().parent / "assets"

GREEN = (27, 94, 32)
WHITE = (250, 250, 245)
OUTLINE = (20, 40, 20)
RED = (183, 28, 28)


def png_bytes(width: int, height: int, rows: list[bytes]) -> bytes:
    """Encode RGBA ``rows`` (``width * 4`` bytes each) as a PNG file."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    raw = b"".join(b"\x00" + row for row in rows)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(raw, 9))
        + chunk(b"IEND", b"")
    )


def _in_round_rect(x: float, y: float, box: tuple[float, ...], radius: float) -> bool:
    left, top, right, bottom = box
    if not (left <= x <= right and top <= y <= bottom):
        return False
    cx = min(max(x, left + radius), right - radius)
    cy = min(max(y, top + radius), bottom - radius)
    return (x - cx) ** 2 + (y - cy) ** 2 <= radius**2


def draw_icon(size: int, maskable: bool = False) -> bytes:
    """The icon at ``size`` pixels; ``maskable`` fills the square edge to edge."""
    s = float(size)
    background_radius = 0.0 if maskable else s * 0.18
    scale = 0.8 if maskable else 1.0  # keep the cards inside the maskable safe zone

    def card(dx: float) -> tuple[float, ...]:
        w, h = s * 0.34 * scale, s * 0.5 * scale
        cx, cy = s / 2 + dx * s * scale, s / 2
        return (cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)

    back, front = card(-0.1), card(0.1)
    line = max(1.0, s * 0.015)
    card_radius = s * 0.04 * scale
    pip = s * 0.07 * scale
    pip_cx, pip_cy = (front[0] + front[2]) / 2, (front[1] + front[3]) / 2

    def pixel(x: float, y: float) -> tuple[int, int, int, int]:
        if not _in_round_rect(x, y, (0, 0, s, s), background_radius):
            return (0, 0, 0, 0)
        for box in (front, back):
            if _in_round_rect(x, y, box, card_radius):
                inner = (box[0] + line, box[1] + line, box[2] - line, box[3] - line)
                if not _in_round_rect(x, y, inner, max(0.0, card_radius - line)):
                    return (*OUTLINE, 255)
                if box is front and abs(x - pip_cx) + abs(y - pip_cy) <= pip:
                    return (*RED, 255)
                return (*WHITE, 255)
        return (*GREEN, 255)

    rows = [
        b"".join(bytes(pixel(x + 0.5, y + 0.5)) for x in range(size))
        for y in range(size)
    ]
    return png_bytes(size, size, rows)


def write_icons(assets_dir: Path = ASSETS_DIR) -> list[Path]:
    """Write every icon file the web app uses; return their paths."""
    targets = {
        "favicon.png": (32, False),
        "icons/icon-192.png": (192, False),
        "icons/icon-512.png": (512, False),
        "icons/icon-maskable-192.png": (192, True),
        "icons/icon-maskable-512.png": (512, True),
        "icons/apple-touch-icon-192.png": (192, True),
    }
    written = []
    for name, (size, maskable) in targets.items():
        path = assets_dir / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(draw_icon(size, maskable))
        written.append(path)
    return written


if __name__ == "__main__":
    for written_path in write_icons():
        print(written_path)
