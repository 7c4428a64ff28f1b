"""The page's themes: the palette's light and dark schemes, without page
transitions."""

from __future__ import annotations

import flet as ft

from scorekeeper.ui.kit import palette

SEED_COLOR = palette.SEED_COLOR
"""The seed of the Material scheme (kept here for the manifest's test)."""

THEME_MODES = {
    "system": ft.ThemeMode.SYSTEM,
    "light": ft.ThemeMode.LIGHT,
    "dark": ft.ThemeMode.DARK,
}

FIRST_THEME = "system"
"""The theme of a phone that chose none: its browser's, known to Flutter at
once (``ui/shell/phone_choice.py``)."""

_OFF = ft.PageTransitionTheme.NONE
NO_TRANSITIONS = ft.PageTransitionsTheme(
    android=_OFF, ios=_OFF, linux=_OFF, macos=_OFF, windows=_OFF
)
"""No page transition animation on any platform: a screen change (Save back
to the scoreboard) shows its result in the next frame, not after a 300 ms
zoom (benchmarks/bench_save.py)."""


def apply_theme(page: ft.Page, theme: str) -> None:
    """Set the page's theme mode and both themes of the palette (the phone
    picks one when the mode is "system")."""
    page.theme_mode = THEME_MODES.get(theme, ft.ThemeMode.SYSTEM)
    page.theme = app_theme(dark=False)
    page.dark_theme = app_theme(dark=True)


def app_theme(dark: bool) -> ft.Theme:
    """The palette's light or dark theme, without page transitions."""
    theme = palette.theme(dark)
    theme.page_transitions = NO_TRANSITIONS
    return theme
