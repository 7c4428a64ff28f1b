"""Translation catalogs of the app's own strings, one ``Translator`` per session.

Pure Python, no flet import. Every phone at the table shares one server process,
so the language is a property of a session (a ``Translator`` instance), never a
process-wide setting such as ``gettext.install()``.

Keys are dotted English identifiers, each written once with its Italian and
English texts in the module of its feature (``i18n/catalogs/``: a key's first
word says the module, ``home.*`` in ``catalogs/home.py``). The Italian catalog
is the default and the reference: every catalog has exactly its keys (a unit
test checks it).
Parameters use ``str.format`` fields: ``t("home.counter", count=3)``.

Plurals: a key may have a singular form ``"<key>.one"``, used when its count
parameter (``n`` or ``count``) is 1 (Italian and English both say "0 mani",
"0 hands"). A sentence with several counts takes each as a phrase made by
:meth:`Translator.count` (``"count.hands"`` -> "1 mano", "3 mani").
"""

from __future__ import annotations

from collections.abc import Mapping

from scorekeeper.i18n import catalogs

DEFAULT_LANGUAGE = "it"

CATALOGS: dict[str, dict[str, str]] = {
    lang: catalogs.catalog(lang) for lang in catalogs.LANGUAGES
}
"""One catalog per language, gathered from ``i18n/catalogs/``; Italian first."""

LANGUAGES: tuple[str, ...] = tuple(CATALOGS)

PLURAL_PARAMS = ("n", "count")
"""The parameters that choose a key's singular form ``<key>.one``."""


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
        """Translate ``key`` and fill in ``params`` (the singular form
        ``key.one`` when the ``n`` or ``count`` parameter is 1)."""
        if any(params.get(name) == 1 for name in PLURAL_PARAMS):
            key = self._singular(key)
        text = self._catalogs.get(self._lang, {}).get(key)
        if text is None:
            text = self._catalogs.get(DEFAULT_LANGUAGE, {}).get(key, key)
        return text.format(**params) if params else text

    def count(self, noun: str, n: int) -> str:
        """``n`` and the noun ``count.<noun>`` agreeing with it: "1 mano"."""
        return self.t(f"count.{noun}", n=n)

    def _singular(self, key: str) -> str:
        one = f"{key}.one"
        for lang in (self._lang, DEFAULT_LANGUAGE):
            if one in self._catalogs.get(lang, {}):
                return one
        return key

    __call__ = t
