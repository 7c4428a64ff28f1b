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

from scorekeeper.i18n import en, it

DEFAULT_LANGUAGE = "it"

CATALOGS: dict[str, dict[str, str]] = {"it": it.CATALOG, "en": en.CATALOG}
"""One catalog per language (``i18n/it.py``, ``i18n/en.py``); Italian first."""

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
