"""Translation catalogs of the app's own strings, one ``Translator`` per session.

Pure Python, no flet import. Every phone at the table shares one server process,
so the language is a property of a session (a ``Translator`` instance), never a
process-wide setting such as ``gettext.install()``.

Keys are dotted English identifiers; the Italian catalog is the default and the
reference: every catalog must have exactly its keys (a unit test checks it).
Parameters use ``str.format`` fields: ``t("home.counter", count=3)``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol

DEFAULT_LANGUAGE = "it"

CATALOGS: dict[str, dict[str, str]] = {
    "it": {
        "app.title": "Spazzino segnapunti",
        "home.new_match": "Nuova partita",
        "home.history": "Storico",
        "home.rules": "Regole",
        "home.settings": "Impostazioni",
        "home.language": "Lingua",
        "home.counter": "Contatore condiviso: {count}",
        "home.counter_add": "Aggiungi al contatore",
        "language.it": "Italiano",
        "language.en": "English",
        "nav.back": "Indietro",
    },
    "en": {
        "app.title": "Spazzino scorekeeper",
        "home.new_match": "New match",
        "home.history": "History",
        "home.rules": "Rules",
        "home.settings": "Settings",
        "home.language": "Language",
        "home.counter": "Shared counter: {count}",
        "home.counter_add": "Add to counter",
        "language.it": "Italiano",
        "language.en": "English",
        "nav.back": "Back",
    },
}


class _StringsModule(Protocol):
    """A ``strings_*`` module: its Italian and English catalogs."""

    IT: dict[str, str]
    EN: dict[str, str]


def _merge(*modules: _StringsModule) -> None:
    """Add each screen group's strings (``IT`` and ``EN`` dicts) to the catalogs.

    Each group lives in its own module so that screens can be worked on apart;
    a key defined twice is a bug, not an override.
    """
    for module in modules:
        for lang, extra in (("it", module.IT), ("en", module.EN)):
            clash = set(extra) & set(CATALOGS[lang])
            if clash:
                raise ValueError(f"translation keys defined twice: {sorted(clash)}")
            CATALOGS[lang].update(extra)


from . import strings_extra, strings_history, strings_table  # noqa: E402

_merge(strings_table, strings_extra, strings_history)

LANGUAGES: tuple[str, ...] = tuple(CATALOGS)


def normalize_language(lang: str | None) -> str:
    """Return a supported language code for ``lang`` ("en-GB" -> "en").

    Anything unknown or empty falls back to Italian.
    """
    if not lang:
        return DEFAULT_LANGUAGE
    code = lang.replace("_", "-").split("-", 1)[0].strip().lower()
    return code if code in CATALOGS else DEFAULT_LANGUAGE


class Translator:
    """Looks strings up in one language's catalog, falling back to Italian.

    A key missing from every catalog is returned as is, so a forgotten key shows
    up on screen instead of crashing a session in the middle of a match.
    """

    def __init__(
        self,
        lang: str | None = DEFAULT_LANGUAGE,
        catalogs: Mapping[str, Mapping[str, str]] = CATALOGS,
    ) -> None:
        self._catalogs = catalogs
        self.lang = normalize_language(lang)

    @property
    def lang(self) -> str:
        """The current language code."""
        return self._lang

    @lang.setter
    def lang(self, value: str) -> None:
        self._lang = normalize_language(value)

    def t(self, key: str, **params: object) -> str:
        """Translate ``key`` and fill in ``params``."""
        text = self._catalogs.get(self._lang, {}).get(key)
        if text is None:
            text = self._catalogs.get(DEFAULT_LANGUAGE, {}).get(key, key)
        return text.format(**params) if params else text

    __call__ = t
