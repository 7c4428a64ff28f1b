"""The app's colours, in one place, for the light and the dark theme.

Every text colour a screen uses comes from here, and
``tests/unit/ui/test_contrast.py`` checks each against the background it sits on
(WCAG AA: at least 4.5:1) in both themes. Two kinds of colour:

* **theme roles** (``ft.Colors.ERROR``, ``ft.Colors.ON_SURFACE`` …): the
  browser picks the light or dark value itself, so a screen needs no idea of
  the phone's theme (with the "system" setting only the phone knows it). The
  values of the roles the app draws text with are set explicitly in both
  themes (:func:`color_scheme`) on top of the seed's scheme, so the test
  knows what the phone draws.
* **fixed pairs**: a text on its own fill (white on a side's colour, brown
  on amber), the same in both themes.

The two sides' *text* colours (a side's name in its colour, the chart's
lines) must differ between the themes: dark blue on a dark background is
2.2:1. They ride on two roles of the scheme that no Material widget draws
with by default, ``primary_fixed_dim`` and ``tertiary_fixed_dim`` (Flutter's
widgets use ``primary``, ``secondary``, ``surface*``, ``outline*``, never the
"fixed" roles), exposed as :data:`SIDE_TEXT`.
"""

from __future__ import annotations

from dataclasses import dataclass

import flet as ft

SEED_COLOR = ft.Colors.GREEN_800
"""The seed of the Material scheme (buttons, app bar tints)."""


@dataclass(frozen=True)
class Palette:
    """The colours (``#RRGGBB``) of the theme roles the app sets, one theme."""

    surface: str
    surface_container_lowest: str
    surface_container_low: str
    surface_container: str
    surface_container_high: str
    surface_container_highest: str
    on_surface: str
    on_surface_variant: str
    error: str
    error_container: str
    on_error_container: str
    side_text: tuple[str, str]

    def role(self, token: str) -> str | None:
        """The colour of the theme role ``token`` (an ``ft.Colors`` value such
        as ``"onsurface"``), or None if the palette does not set it."""
        return _roles(self).get(token)

    def backgrounds(self) -> tuple[str, ...]:
        """Every surface a text of the theme's colours may sit on (the page,
        the app bar, cards, dialogs, menus)."""
        return (
            self.surface,
            self.surface_container_lowest,
            self.surface_container_low,
            self.surface_container,
            self.surface_container_high,
            self.surface_container_highest,
        )


LIGHT = Palette(
    surface="#F7FBF1",
    surface_container_lowest="#FFFFFF",
    surface_container_low="#F1F5EB",
    surface_container="#EBEFE6",
    surface_container_high="#E6E9E0",
    surface_container_highest="#E0E4DA",
    on_surface="#181D17",
    on_surface_variant="#414940",
    error="#B71C1C",  # RED_900
    error_container="#FFEBEE",  # RED_50
    on_error_container="#B71C1C",
    side_text=("#0D47A1", "#A83008"),  # BLUE_900, a deeper DEEP_ORANGE_900
)

DARK = Palette(
    surface="#10140F",
    surface_container_lowest="#0B0F0A",
    surface_container_low="#181D17",
    surface_container="#1C211B",
    surface_container_high="#272B25",
    surface_container_highest="#323630",
    on_surface="#E0E4DA",
    on_surface_variant="#C1C9BD",
    error="#FFB4AB",
    error_container="#93000A",
    on_error_container="#FFDAD6",
    side_text=("#90CAF9", "#FFAB91"),  # BLUE_200, DEEP_ORANGE_200
)

PALETTES = {"light": LIGHT, "dark": DARK}

SIDE_TEXT = (ft.Colors.PRIMARY_FIXED_DIM, ft.Colors.TERTIARY_FIXED_DIM)
"""A side's colour for text and lines on the page's background (theme roles:
dark in the light theme, light in the dark one)."""

SIDE_FILL = ("#0D47A1", "#BF360C")  # BLUE_900, DEEP_ORANGE_900
"""A side's colour as a fill (scoreboard panels, chips) under ``ON_SIDE_FILL``."""

ON_SIDE_FILL = "#FFFFFF"

WARNING_FILL = "#FFECB3"  # AMBER_100
ON_WARNING_FILL = "#3E2723"  # BROWN_900

FIXED_PAIRS: dict[str, tuple[str, str]] = {
    "side 1 fill": (ON_SIDE_FILL, SIDE_FILL[0]),
    "side 2 fill": (ON_SIDE_FILL, SIDE_FILL[1]),
    "warning": (ON_WARNING_FILL, WARNING_FILL),
}
"""The fixed ``(text, fill)`` pairs, the same in both themes."""


def _roles(p: Palette) -> dict[str, str]:
    return {
        ft.Colors.SURFACE.value: p.surface,
        ft.Colors.SURFACE_CONTAINER_LOWEST.value: p.surface_container_lowest,
        ft.Colors.SURFACE_CONTAINER_LOW.value: p.surface_container_low,
        ft.Colors.SURFACE_CONTAINER.value: p.surface_container,
        ft.Colors.SURFACE_CONTAINER_HIGH.value: p.surface_container_high,
        ft.Colors.SURFACE_CONTAINER_HIGHEST.value: p.surface_container_highest,
        ft.Colors.ON_SURFACE.value: p.on_surface,
        ft.Colors.ON_SURFACE_VARIANT.value: p.on_surface_variant,
        ft.Colors.ERROR.value: p.error,
        ft.Colors.ERROR_CONTAINER.value: p.error_container,
        ft.Colors.ON_ERROR_CONTAINER.value: p.on_error_container,
        SIDE_TEXT[0].value: p.side_text[0],
        SIDE_TEXT[1].value: p.side_text[1],
    }


def color_scheme(p: Palette) -> ft.ColorScheme:
    """The scheme roles ``p`` sets (the seed fills in the others)."""
    return ft.ColorScheme(
        surface=p.surface,
        surface_container_lowest=p.surface_container_lowest,
        surface_container_low=p.surface_container_low,
        surface_container=p.surface_container,
        surface_container_high=p.surface_container_high,
        surface_container_highest=p.surface_container_highest,
        on_surface=p.on_surface,
        on_surface_variant=p.on_surface_variant,
        error=p.error,
        error_container=p.error_container,
        on_error_container=p.on_error_container,
        primary_fixed_dim=p.side_text[0],
        tertiary_fixed_dim=p.side_text[1],
    )


def theme(dark: bool) -> ft.Theme:
    """The app's light or dark theme: the seed, the palette's roles, and the
    standard density (a browser on a desktop gets Flutter's compact one)."""
    return ft.Theme(
        color_scheme_seed=SEED_COLOR,
        color_scheme=color_scheme(DARK if dark else LIGHT),
        visual_density=ft.VisualDensity.STANDARD,
    )
