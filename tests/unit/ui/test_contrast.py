"""Every text of the app is at least 4.5:1 against its background (WCAG AA),
in the light and in the dark theme.

The palette (``scorekeeper/ui/kit/palette.py``) is checked pair by pair, the
themes the app sets are checked to carry the palette, and every screen is
built (with a match being played, one won, an error shown) and each text
with a colour of its own is checked against the fill it sits on, in both
themes: a colour that is not the palette's fails the test.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from dataclasses import replace

import flet as ft
import pytest

from scorekeeper.core import MatchSetup, Rules
from scorekeeper.table import TableService
from scorekeeper.ui.app import SCREENS
from scorekeeper.ui.kit import palette
from scorekeeper.ui.screens.match_detail.state import MatchPage
from scorekeeper.ui.shell.session import apply_theme
from tests.builders import plain_hand
from tests.unit.fakes import make_session
from tests.wcag import contrast

AA = 4.5


def test_the_contrast_formula_gives_the_wcag_reference_values():
    assert contrast("#000000", "#FFFFFF") == pytest.approx(21)
    assert contrast("#777777", "#FFFFFF") == pytest.approx(4.48, abs=0.01)


THEMES = {"light": palette.LIGHT, "dark": palette.DARK}


@pytest.mark.parametrize("name", THEMES)
def test_every_text_role_of_the_palette_reads_on_every_surface(name):
    p = THEMES[name]
    texts = {
        "on_surface": p.on_surface,
        "on_surface_variant": p.on_surface_variant,
        "error": p.error,
        "side 1": p.side_text[0],
        "side 2": p.side_text[1],
    }
    low = [
        (t, bg, round(contrast(color, bg), 2))
        for t, color in texts.items()
        for bg in p.backgrounds()
        if contrast(color, bg) < AA
    ]
    assert low == []
    assert contrast(p.on_error_container, p.error_container) >= AA


@pytest.mark.parametrize("pair", palette.FIXED_PAIRS)
def test_every_fixed_text_on_its_fill_reads(pair):
    text, fill = palette.FIXED_PAIRS[pair]
    assert contrast(text, fill) >= AA


def test_the_dark_theme_of_yesterday_failed_this_test():
    """The values the issue measured: error text RED_900 and side-1 names
    BLUE_900 on the dark background."""
    assert contrast("#B71C1C", palette.DARK.surface) < AA
    assert contrast("#0D47A1", palette.DARK.surface) < AA


def test_the_page_gets_both_themes_of_the_palette():
    page = make_session_page()
    apply_theme(page, "system")
    for theme, p in ((page.theme, palette.LIGHT), (page.dark_theme, palette.DARK)):
        scheme = theme.color_scheme
        assert scheme.surface == p.surface
        assert scheme.on_surface == p.on_surface
        assert scheme.error == p.error
        assert (scheme.primary_fixed_dim, scheme.tertiary_fixed_dim) == p.side_text


def make_session_page():
    from tests.unit.fakes import FakePage

    return FakePage()


# -- every screen, every coloured text -------------------------------------------------
def children(control: object) -> Iterator[object]:
    if not dataclasses.is_dataclass(control):
        return
    for f in dataclasses.fields(control):
        if f.name.startswith("_") or f.name in ("parent", "page"):
            continue
        value = getattr(control, f.name, None)
        values = value if isinstance(value, list) else [value]
        for v in values:
            if isinstance(v, ft.BaseControl):
                yield v


def coloured_texts(
    control: object, fill: object = None
) -> Iterator[tuple[str, object, object]]:
    """``(text, colour, fill under it)`` of every text with its own colour."""
    if isinstance(control, ft.Container) and control.bgcolor is not None:
        fill = control.bgcolor
    if isinstance(control, ft.SegmentedButton):
        # the chosen segment is filled by the style's SELECTED colour
        chosen = control.style.bgcolor if control.style else None
        for segment in control.segments:
            under = fill
            if isinstance(chosen, dict) and segment.value in control.selected:
                under = chosen[ft.ControlState.SELECTED]
            yield from coloured_texts(segment.label, under)
        return
    style = getattr(control, "style", None)
    if isinstance(style, ft.ButtonStyle):
        bg = style.bgcolor
        fg = style.color
        if fg is not None:
            label = getattr(control, "content", "")
            yield (str(label), fg, bg if bg is not None else fill)
    if isinstance(control, ft.Text) and control.color is not None:
        yield (str(control.value), control.color, fill)
    for child in children(control):
        yield from coloured_texts(child, fill)


def resolve(color: object, p: palette.Palette) -> str:
    text = getattr(color, "value", color)
    assert isinstance(text, str), color
    if text.startswith("#"):
        return text
    role = p.role(text)
    assert role is not None, f"{text!r} is not a colour of the palette"
    return role


def sessions(table: TableService):
    """A won match and one being played (in a tie-break), with an error shown."""
    setup = MatchSetup(("Anna", "Bruno"), "Anna", Rules(target=10))
    won = table.start_match(setup).value
    table.add_hand(won.id, plain_hand(12, 0))
    for route in SCREENS:
        session = make_session(table, route)
        session.error = "Errore"
        session.states.put(replace(session.states.of(MatchPage), match_id=won.id))
        yield route, session
    playing = table.start_match(setup).value
    table.add_hand(playing.id, plain_hand(8, 9))  # 10 - 10: tie-break
    for route in SCREENS:
        session = make_session(table, route)
        session.error = "Errore"
        yield route, session


def test_every_coloured_text_of_every_screen_reads_in_both_themes(table):
    low = []
    seen = 0
    for route, session in sessions(table):
        view = SCREENS[route](session)
        for text, color, fill in coloured_texts(view):
            seen += 1
            for name, p in THEMES.items():
                fg = resolve(color, p)
                bgs = [resolve(fill, p)] if fill is not None else p.backgrounds()
                for bg in bgs:
                    ratio = contrast(fg, bg)
                    if ratio < AA:
                        low.append((route, name, text[:30], fg, bg, round(ratio, 2)))
    assert seen > 10  # the walk found the coloured texts
    assert low == []
