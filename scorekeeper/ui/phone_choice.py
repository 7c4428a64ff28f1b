"""What one phone chose for itself, its language and its theme, kept in its own
browser, never on the table.

A phone that chose nothing speaks the first of its browser's languages the app
knows (Italian when none) and follows its system's light or dark theme. A
choice is kept in Flutter's shared preferences, the page's ``localStorage``:
in server mode the browser of the phone that chose, in the browser build the
same: one phone's choice never changes another's (issue 35, item 11: a fresh
Italian phone opened in English and dark after another phone had chosen them,
when they were table settings). ``storage`` keeps ``Settings.language`` and
``Settings.theme`` only as the command line's defaults for a share picture.

The session draws its first screen at once, in its browser's theme
(``system``) and Italian; :func:`take_choices` then asks the browser (one
round trip) and redraws only when the phone's language or theme differs.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterable
from typing import TYPE_CHECKING

import flet as ft

from scorekeeper.i18n import DEFAULT_LANGUAGE, LANGUAGES
from scorekeeper.ui.context_page import on_page
from scorekeeper.ui.later import Later, run_later
from scorekeeper.ui.theme import FIRST_THEME, THEME_MODES, apply_theme

if TYPE_CHECKING:
    from scorekeeper.ui.session import Session

log = logging.getLogger(__name__)

LANGUAGE_KEY = "spazzino.language"
"""The shared-preferences key of the language this phone chose."""

THEME_KEY = "spazzino.theme"
"""The shared-preferences key of the theme this phone chose."""

THEMES = tuple(THEME_MODES)
"""The themes a phone may choose: ``system`` (its browser's), light, dark."""


def browser_language(languages: Iterable[str]) -> str:
    """The first of the browser's languages (most wanted first, "en-US",
    "fr") that the app speaks; Italian when it speaks none of them.

    >>> browser_language(["fr-FR", "en-GB"]), browser_language(["de"])
    ('en', 'it')
    """
    for code in languages:
        language = code.replace("_", "-").split("-", 1)[0].strip().lower()
        if language in LANGUAGES:
            return language
    return DEFAULT_LANGUAGE


def theme_of(page: ft.Page) -> str:
    """The theme this phone shows: chosen, or ``system``."""
    for name, mode in THEME_MODES.items():
        if page.theme_mode == mode:
            return name
    return FIRST_THEME


def _preferences(session: Session) -> ft.SharedPreferences:
    with on_page(session):
        return ft.SharedPreferences()


async def _browser_languages(page: ft.Page) -> list[str]:
    """The browser's languages, most wanted first (``navigator.languages``)."""
    info = await page.get_device_info()
    if isinstance(info, ft.WebDeviceInfo) and info.languages:
        return list(info.languages)
    if info is not None and info.locales:
        return [locale.language_code or "" for locale in info.locales]
    return []


async def take_choices(session: Session) -> None:
    """Show this phone in its own language and theme: those it chose, else
    its browser's. Redraws only when they differ from what is drawn; a
    browser that cannot answer leaves the phone as drawn (logged).

    The three questions go together: one round trip, not three, for the
    moment a phone whose language is not Italian shows home in Italian."""
    page = session.page
    prefs = _preferences(session)
    language, theme, languages = await asyncio.gather(
        prefs.get(LANGUAGE_KEY),
        prefs.get(THEME_KEY),
        _browser_languages(page),
        return_exceptions=True,
    )
    for answer, what in (
        (language, "this phone's language"),
        (theme, "this phone's theme"),
        (languages, "the browser's languages"),
    ):
        if isinstance(answer, Exception):  # the answers are a convenience
            log.warning("%s not read: %r", what, answer)
    if language not in LANGUAGES:
        if isinstance(languages, list):
            language = browser_language(languages)
        else:
            language = session.lang
    theme = theme if theme in THEMES else FIRST_THEME
    if language == session.lang and theme == theme_of(page):
        return
    session.translator.lang = str(language)
    apply_theme(page, str(theme))
    session.drawing.changed()
    session.render()


def remember(session: Session, key: str, value: str) -> None:
    """Keep ``value`` under ``key`` in this phone's browser (soon; a browser
    that refuses is logged: the phone shows the choice until it closes)."""
    prefs = _preferences(session)

    async def keep() -> None:
        try:
            await prefs.set(key, value)
        except Exception as error:
            log.warning("this phone's choice %s was not kept: %r", key, error)

    run_later(session.page, Later.CHOICE, keep)


def choose_language(session: Session, language: str) -> None:
    """This phone in ``language`` from now on (only this phone)."""
    session.set_language(language)
    remember(session, LANGUAGE_KEY, session.lang)


def choose_theme(session: Session, theme: str) -> None:
    """This phone in ``theme`` from now on (only this phone)."""
    if theme not in THEMES:
        raise ValueError(f"theme: {theme!r} is not one of {', '.join(THEMES)}")
    apply_theme(session.page, theme)
    session.render()
    remember(session, THEME_KEY, theme)
