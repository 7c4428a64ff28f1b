"""The app's words, one module per feature, each key once with its Italian and
English texts side by side: ``"act.edit": ("Modifica", "Edit")``.

A key's first word says its module (:data:`FEATURES`, one module per first
word; a unit test keeps every key in its module):

==================  ===============================================
module              keys
==================  ===============================================
``home``            ``app.*``, ``home.*``, ``language.*``, ``nav.*``
``common``          ``act.*``, ``count.*``, ``field.*``
``game_words``      ``card.*``, ``pts.*``
``new_match``       ``new.*``, ``opt.*``
``scoreboard``      ``score.*``, ``hand.*``, ``change.*``, ``offer.*``
``hand_entry``      ``entry.*``
``declaration``     ``declare.*``
``match_over``      ``over.*``
``correction``      ``correct.*``
``errors``          ``err.*``, ``notice.*``
``rules``           ``rules.*``
``problems``        ``say.*``, ``problem.*``
``settings``        ``settings.*``
``connect``         ``connect.*``
``live_tally``      ``live.*``
``history``         ``hist.*``
``match_detail``    ``detail.*``
``stats``           ``stats.*``
``demo``            ``demo.*``
``trainer``         ``trainer.*``
``ranking``         ``ranking.*``
``table_code``      ``code.*``, ``access.*``
``board``           ``board.*``
``share``           ``share.*``
``club``            ``club.*``, ``night.*``
``web_page``        ``web.*``, ``conn.*``
==================  ===============================================

A new key goes next to its related keys in its module, with both texts.
``tools/catalog_split.py`` moves keys written in the old layout (one dict per
language, ``i18n/it.py``, ``en.py``, ``it_*.py``, ``en_*.py``) into these
modules.
"""

from __future__ import annotations

from types import ModuleType

from scorekeeper.i18n.catalogs import (
    board,
    club,
    common,
    connect,
    correction,
    declaration,
    demo,
    errors,
    game_words,
    hand_entry,
    history,
    home,
    live_tally,
    match_detail,
    match_over,
    new_match,
    problems,
    ranking,
    rules,
    scoreboard,
    settings,
    share,
    stats,
    table_code,
    trainer,
    web_page,
)

LANGUAGES: tuple[str, ...] = ("it", "en")
"""The order of each key's texts: Italian (the default, the reference), English."""

FEATURES: dict[ModuleType, tuple[str, ...]] = {
    home: ("app", "home", "language", "nav"),
    common: ("act", "count", "field"),
    game_words: ("card", "pts"),
    new_match: ("new", "opt"),
    scoreboard: ("score", "hand", "change", "offer"),
    hand_entry: ("entry",),
    declaration: ("declare",),
    match_over: ("over",),
    correction: ("correct",),
    errors: ("err", "notice"),
    rules: ("rules",),
    problems: ("say", "problem"),
    settings: ("settings",),
    connect: ("connect",),
    live_tally: ("live",),
    history: ("hist",),
    match_detail: ("detail",),
    stats: ("stats",),
    demo: ("demo",),
    trainer: ("trainer",),
    ranking: ("ranking",),
    table_code: ("code", "access"),
    board: ("board",),
    share: ("share",),
    club: ("club", "night"),
    web_page: ("web", "conn"),
}
"""Each feature's module and the first words of its keys."""


def words(module: ModuleType) -> dict[str, tuple[str, str]]:
    """A feature module's keys and their texts (Italian, English)."""
    found: dict[str, tuple[str, str]] = module.WORDS
    return found


def catalog(lang: str) -> dict[str, str]:
    """Every key's text in ``lang`` (one of :data:`LANGUAGES`)."""
    index = LANGUAGES.index(lang)
    return {
        key: texts[index] for module in FEATURES for key, texts in words(module).items()
    }
