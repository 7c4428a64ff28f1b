"""Tests of the translation catalogs and the per-session translator."""

import string

import pytest

from scorekeeper.i18n import CATALOGS, DEFAULT_LANGUAGE, Translator, normalize_language


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_every_catalog_has_exactly_the_italian_keys():
    reference = set(CATALOGS[DEFAULT_LANGUAGE])
    for lang, catalog in CATALOGS.items():
        assert set(catalog) == reference, f"catalog {lang!r} differs"


def test_every_translation_uses_the_same_parameters_as_the_italian_one():
    for key, italian in CATALOGS["it"].items():
        for lang, catalog in CATALOGS.items():
            assert _fields(catalog[key]) == _fields(italian), (lang, key)


def test_no_translation_is_empty_or_has_emoji_or_suit_glyphs():
    for lang, catalog in CATALOGS.items():
        for key, text in catalog.items():
            assert text.strip(), (lang, key)
            # offline the browser has no emoji font: keep to Latin-1 + a few marks
            assert all(ord(ch) < 0x2000 for ch in text), (lang, key, text)


def test_italian_is_the_default_language():
    assert Translator().t("home.new_match") == "Nuova partita"
    assert Translator().lang == "it"


def test_english_translator_translates_the_home_buttons():
    tr = Translator("en")
    assert [tr.t(k) for k in ("home.new_match", "home.history")] == [
        "New match",
        "History",
    ]


def test_parameters_are_filled_in():
    assert Translator("it").t("home.counter", count=7) == "Contatore condiviso: 7"
    assert Translator("en")("home.counter", count=0) == "Shared counter: 0"


def test_two_translators_do_not_share_their_language():
    first, second = Translator("it"), Translator("it")
    second.lang = "en"
    assert first.t("home.rules") == "Regole"
    assert second.t("home.rules") == "Rules"


@pytest.mark.parametrize(
    ("given", "expected"),
    [
        ("en-GB", "en"),
        ("EN", "en"),
        ("it_IT", "it"),
        ("de", "it"),
        ("", "it"),
        (None, "it"),
    ],
)
def test_language_codes_are_normalized_with_italian_fallback(given, expected):
    assert normalize_language(given) == expected


def test_an_unknown_key_is_shown_as_is_and_a_missing_translation_falls_back():
    catalogs = {"it": {"a": "uno", "b": "due"}, "en": {"a": "one"}}
    tr = Translator("en", catalogs=catalogs)
    assert tr.t("a") == "one"
    assert tr.t("b") == "due"
    assert tr.t("zzz") == "zzz"


def test_a_catalog_split_in_modules_defines_each_key_once():
    """The tables' and sharing's words live beside each language's catalog: a
    key written in two parts would be taken silently from one of them."""
    from scorekeeper.i18n import en, en_sharing, en_tables, it, it_sharing, it_tables

    for parts in (
        (it._SCREENS, it_tables.TABLES, it_sharing.SHARING),
        (en._SCREENS, en_tables.TABLES, en_sharing.SHARING),
    ):
        keys = [key for part in parts for key in part]
        assert len(keys) == len(set(keys))


@pytest.mark.parametrize(
    ("lang", "others"),
    [
        ("it", ("punti per vincere", "punteggio da raggiungere", "obiettivo")),
        ("en", ("points to win", "target score", "goal")),
    ],
)
def test_the_target_has_one_name(lang, others):
    words = " ".join(CATALOGS[lang].values()).lower()
    assert not [w for w in others if w in words]
    name = {"it": "Traguardo", "en": "Target"}[lang]
    for key in ("new.target", "settings.target"):
        assert CATALOGS[lang][key] == name
