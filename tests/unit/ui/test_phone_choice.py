"""A phone's own language and theme (``ui/shell/phone_choice.py``), without a browser;
Flutter's own texts follow the session's language.

The browser's shared preferences and its languages are stood in for by a
dictionary and a list; the session is a real one on a fake page, started
as ``app.main`` starts one.
"""

from __future__ import annotations

import asyncio
import doctest
from typing import Any

import flet as ft
import pytest

from scorekeeper.ui import app, routes
from scorekeeper.ui.app import first_asks, new_session
from scorekeeper.ui.shell import phone_choice
from scorekeeper.ui.shell.phone_choice import (
    LANGUAGE_KEY,
    THEME_KEY,
    browser_language,
    take_choices,
)
from scorekeeper.ui.shell.session import Session
from tests.builders import memory_table, table_with
from tests.event_loops import run_coroutine
from tests.unit.fakes import FakePage, make_session, texts


class Preferences:
    """The browser's shared preferences: a dictionary (or a failing one, or
    one that never answers)."""

    def __init__(self, kept: dict[str, Any], fail: bool = False) -> None:
        self.kept = kept
        self.fail = fail
        self.silent = False

    async def get(self, key: str) -> Any:
        if self.silent:
            await asyncio.sleep(60)
        if self.fail:
            raise TimeoutError("the preferences did not answer")
        return self.kept.get(key)


def phone(
    monkeypatch: pytest.MonkeyPatch,
    kept: dict[str, Any],
    languages: list[str] | None,
    fail: bool = False,
) -> Session:
    """A session started as ``app.main`` starts it, nothing drawn yet, whose
    browser keeps ``kept`` and speaks ``languages`` (``None``: it does not
    tell)."""
    session = new_session(
        FakePage(),  # type: ignore[arg-type]
        memory_table(),
    )
    session.start()
    prefs = Preferences(kept, fail)
    monkeypatch.setattr(phone_choice, "_preferences", lambda _session: prefs)

    async def device_info() -> ft.WebDeviceInfo:
        if languages is None:
            raise TimeoutError("no device info")
        return ft.WebDeviceInfo(
            locales=[], browser_name=ft.WebBrowserName.CHROME, languages=languages
        )

    session.page.get_device_info = device_info  # type: ignore[method-assign]
    return session


def opened(session: Session) -> list[str]:
    """What the phone's first screen says, once its choices are taken."""
    run_coroutine(take_choices(session))
    session.show_first()
    return texts(session.page.views[-1])


@pytest.mark.parametrize(
    ("languages", "expected"),
    [
        (["en-US"], "en"),
        (["it-IT", "en"], "it"),
        (["fr-FR", "en-GB"], "en"),
        (["de-DE", "fr"], "it"),
        ([], "it"),
        (["EN_gb"], "en"),
    ],
)
def test_a_phone_speaks_the_first_of_its_browsers_languages_the_app_knows(
    languages, expected
):
    assert browser_language(languages) == expected


def test_a_phone_that_chose_nothing_opens_in_its_browsers_language(monkeypatch):
    session = phone(monkeypatch, {}, ["en-US", "it"])
    run_coroutine(take_choices(session))
    assert session.page.views == []  # nothing drawn before the answers
    assert session.lang == "en"
    assert session.page.theme_mode == ft.ThemeMode.SYSTEM
    assert "Spazzino scorekeeper" in opened(session)


def test_a_phones_own_choice_wins_over_its_browsers(monkeypatch):
    session = phone(monkeypatch, {LANGUAGE_KEY: "it", THEME_KEY: "dark"}, ["en-US"])
    assert "Spazzino segnapunti" in opened(session)
    assert session.page.theme_mode == ft.ThemeMode.DARK


def test_a_kept_value_the_app_does_not_know_is_left_for_the_browsers(monkeypatch):
    session = phone(monkeypatch, {LANGUAGE_KEY: "xx", THEME_KEY: 7}, ["en-GB"])
    run_coroutine(take_choices(session))
    assert session.lang == "en"
    assert session.page.theme_mode == ft.ThemeMode.SYSTEM


def test_preferences_that_do_not_answer_leave_the_browsers_language_and_say_so(
    monkeypatch, caplog
):
    session = phone(monkeypatch, {LANGUAGE_KEY: "it"}, ["en-US"], fail=True)
    run_coroutine(take_choices(session))
    assert session.lang == "en"
    assert "this phone's language not read" in caplog.text
    assert "did not answer" in caplog.text


def test_a_browser_that_does_not_tell_its_languages_keeps_the_phones_choice(
    monkeypatch, caplog
):
    session = phone(monkeypatch, {THEME_KEY: "dark"}, None)
    run_coroutine(take_choices(session))
    assert session.lang == "it"
    assert session.page.theme_mode == ft.ThemeMode.DARK
    assert "no device info" in caplog.text


def test_a_browser_that_never_answers_gets_its_first_screen_all_the_same(
    monkeypatch, caplog
):
    session = phone(monkeypatch, {LANGUAGE_KEY: "en"}, ["en-US"])
    phone_choice._preferences(session).silent = True  # type: ignore[attr-defined]
    monkeypatch.setattr(phone_choice, "ASK_TIMEOUT", 0.05)
    assert "Spazzino segnapunti" in opened(session)
    assert session.page.theme_mode == ft.ThemeMode.SYSTEM
    assert "this phone's language not read" in caplog.text


def test_the_first_screen_is_drawn_even_if_asking_fails(monkeypatch):
    session = phone(monkeypatch, {}, ["en-US"])

    async def broken(_session: Session) -> None:
        raise RuntimeError("a bug while asking")

    monkeypatch.setattr(app, "take_choices", broken)
    with pytest.raises(RuntimeError, match="a bug while asking"):
        run_coroutine(first_asks(session))
    assert "Spazzino segnapunti" in texts(session.page.views[-1])


def test_a_theme_that_was_not_offered_is_refused_with_its_value():
    session = make_session(memory_table())
    with pytest.raises(ValueError, match="'sepia'"):
        phone_choice.choose_theme(session, "sepia")
    assert session.page.tasks == []  # nothing kept in the browser


def test_the_modules_examples_hold():
    result = doctest.testmod(phone_choice)
    assert result.attempted > 0 and result.failed == 0


@pytest.mark.parametrize(("lang", "code"), [("it", "it"), ("en", "en")])
def test_flutters_own_texts_follow_the_session_language(lang, code):
    session = make_session(table_with(), routes.MATCH, lang=lang)
    session.render()
    assert session.page.locale_configuration.current_locale.language_code == code
    session.set_language("it" if lang == "en" else "en")
    locale = session.page.locale_configuration.current_locale
    assert locale.language_code != code
