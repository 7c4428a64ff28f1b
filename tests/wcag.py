"""The WCAG 2 contrast ratio of two colours, for the unit and browser tests."""

from __future__ import annotations


def luminance(hex_color: str) -> float:
    """WCAG relative luminance of ``#RRGGBB``."""
    value = hex_color.lstrip("#")[-6:]
    channels = [int(value[i : i + 2], 16) / 255 for i in (0, 2, 4)]
    r, g, b = (
        c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels
    )
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    """The contrast ratio of ``a`` and ``b``, from 1 to 21."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)
