"""The rules text follows the options the scorer uses."""

from scorekeeper.core import Rules
from scorekeeper.rules_text import rules_sections


def text(rules, lang):
    return "\n".join(line for s in rules_sections(rules, lang) for line in s.lines)


def test_the_classico_text_gives_numeral_spazzini_their_face_value():
    t = text(Rules(), "en")
    assert "5=5" in t and "7=7" in t and "F=2" in t and "R=4" in t
    assert "Scaluneddu" in t and "nobody scores them" in t and "reach 31" in t


def test_the_variante_nord_text_follows_its_options():
    t = text(Rules.preset("variante_nord", target=21), "it")
    assert "5=1" in t and "F=2" in t
    assert "Scaluneddu" not in t
    assert "1 punto a testa" in t and "21 punti" in t


def test_the_declaration_paragraph_appears_only_when_agreed():
    assert "Right, they win" in text(Rules(early_win=True), "en")
    assert "not agreed" in text(Rules(), "en")


def test_both_languages_have_the_same_sections():
    for rules in (Rules(), Rules.preset("variante_nord")):
        it, en = rules_sections(rules, "it"), rules_sections(rules, "en")
        assert [len(s.lines) for s in it] == [len(s.lines) for s in en]
