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

A session asks its browser (:func:`take_choices`, one round trip) before it
draws its first screen (``app.first_asks``).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterable
from typing import TYPE_CHECKING

import flet as ft

from scorekeeper.i18n import DEFAULT_LANGUAGE, LANGUAGES
from scorekeeper.ui.kit.theme import FIRST_THEME, THEME_MODES, apply_theme
from scorekeeper.ui.shell.context_page import on_page
from scorekeeper.ui.shell.put_off import Later, run_later

if TYPE_CHECKING:
    from scorekeeper.ui.shell.session import Session

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


ASK_TIMEOUT = 3.0
"""Seconds the first screen waits for the browser's answers at most; then
it is drawn in Italian and the browser's theme (logged)."""


async def _answers(session: Session) -> list[object]:
    """This phone's kept language and theme and its browser's languages, asked
    together (one round trip); an answer that did not come is an exception."""
    prefs = _preferences(session)
    session.page.update()  # the preferences' service reaches the browser
    questions = (
        prefs.get(LANGUAGE_KEY),
        prefs.get(THEME_KEY),
        _browser_languages(session.page),
    )
    gathered = asyncio.gather(*questions, return_exceptions=True)
    try:
        return list(await asyncio.wait_for(gathered, ASK_TIMEOUT))
    except TimeoutError as error:
        return [error] * len(questions)


async def take_choices(session: Session) -> None:
    """Set this phone in its own language and theme, those it chose, else its
    browser's, before its first screen is drawn: a phone that is not Italian
    never shows a screen in Italian first. An answer that does not come
    leaves Italian and the browser's theme (logged)."""
    language, theme, languages = await _answers(session)
    for answer, what in (
        (language, "this phone's language"),
        (theme, "this phone's theme"),
        (languages, "the browser's languages"),
    ):
        if isinstance(answer, BaseException):  # the answers are a convenience
            log.warning("%s not read: %r", what, answer)
    if language not in LANGUAGES:
        if isinstance(languages, list):
            language = browser_language(languages)
        else:
            language = session.lang
    session.translator.lang = str(language)
    apply_theme(session.page, str(theme) if theme in THEMES else FIRST_THEME)


async def recall(session: Session, key: str) -> object:
    """What this phone's browser keeps under ``key`` (None if nothing; an
    answer that does not come in :data:`ASK_TIMEOUT` raises ``TimeoutError``)."""
    prefs = _preferences(session)
    session.page.update()
    return await asyncio.wait_for(prefs.get(key), ASK_TIMEOUT)


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
