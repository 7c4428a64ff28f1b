"""Tests of the translation catalogs and the per-session translator."""

import ast
import re
import string
from collections import Counter
from pathlib import Path

import pytest

from scorekeeper.i18n import (
    CATALOGS,
    DEFAULT_LANGUAGE,
    LANGUAGES,
    Translator,
    catalogs,
    normalize_language,
)


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


def _written_keys(path: Path) -> list[str]:
    """The keys of a feature module's ``WORDS`` as written in its source (a
    dict drops a key written twice: only the source shows it)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    words = next(
        node.value
        for node in tree.body
        if isinstance(node, ast.AnnAssign)
        and isinstance(node.target, ast.Name)
        and node.target.id == "WORDS"
    )
    assert isinstance(words, ast.Dict)
    return [k.value for k in words.keys if isinstance(k, ast.Constant)]


FEATURE_FILES = sorted(
    p for p in Path(catalogs.__file__).parent.glob("*.py") if p.name != "__init__.py"
)


def test_no_key_is_written_twice_in_the_feature_modules():
    written = [key for path in FEATURE_FILES for key in _written_keys(path)]
    twice = sorted(k for k, n in Counter(written).items() if n > 1)
    assert not twice, twice
    assert set(written) == set(CATALOGS[DEFAULT_LANGUAGE])


def test_every_key_has_its_text_in_each_language():
    for module in catalogs.FEATURES:
        for key, texts in catalogs.words(module).items():
            assert isinstance(texts, tuple), key
            assert len(texts) == len(catalogs.LANGUAGES), key
            assert all(isinstance(t, str) and t.strip() for t in texts), key
    assert LANGUAGES == catalogs.LANGUAGES == ("it", "en")


def test_a_keys_first_word_names_its_one_module():
    """``home.*`` is in ``catalogs/home.py``, ``code.*`` in ``table_code.py``:
    one look at ``FEATURES`` (or the table above it) finds any key."""
    owners = Counter(p for prefixes in catalogs.FEATURES.values() for p in prefixes)
    assert [p for p, n in owners.items() if n > 1] == []
    for module, prefixes in catalogs.FEATURES.items():
        for key in catalogs.words(module):
            assert key.split(".", 1)[0] in prefixes, (module.__name__, key)
    assert {Path(str(m.__file__)) for m in catalogs.FEATURES} == set(FEATURE_FILES)


def test_the_table_in_the_catalogs_docstring_is_features():
    doc = catalogs.__doc__ or ""
    rows = re.findall(r"^``(\w+)``\s+(``.*)$", doc, re.MULTILINE)
    table = {name: tuple(re.findall(r"``(\w+)\.\*``", keys)) for name, keys in rows}
    assert table == {
        m.__name__.rsplit(".", 1)[1]: prefixes
        for m, prefixes in catalogs.FEATURES.items()
    }


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
