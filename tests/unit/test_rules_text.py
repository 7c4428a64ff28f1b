"""The rules screen's text: a card player's rule sheet, in both languages,
that follows the options the scorer uses (RULES §2, §3, §5)."""

import re

import pytest

from scorekeeper.core import Rules
from scorekeeper.core.model import MAX_PICCOLE, MAX_SPAZZINI
from scorekeeper.i18n import CATALOGS
from scorekeeper.rules_text import rules_sections


def text(rules, lang, french=False):
    return "\n".join(
        line for s in rules_sections(rules, lang, french) for line in s.lines
    )


def test_the_italian_sheet_says_what_a_card_player_says():
    t = text(Rules(), "it")
    assert "Vince la partita chi per primo raggiunge o supera 31 punti." in t
    assert "vince chi ha più punti" in t
    assert "punteggio più alto" not in t
    assert (
        "Bagari: prendere con una carta due o tre carte dello stesso seme: un punto "
        "per ogni carta, compresa quella giocata, quindi 3 o 4." in t
    )
    assert "la carta appena giocata dal giocatore precedente" in t
    assert "le carte rimaste in tavola vanno a chi ha fatto l'ultima presa" in t
    assert "Le figure (F, C, R) non prendono mai una somma" in t
    assert "Settebello (7 di denari), fante di spade e due di spade" in t
    assert "asso, due e tre di spade fa 3 punti" in t


def test_the_english_sheet_says_what_a_card_player_says():
    t = text(Rules(), "en")
    assert "The match is won by the first side to reach or pass 31 points." in t
    assert "the one with more points wins" in t
    assert "higher total" not in t
    assert (
        "Bagari: taking, with one card, two or three cards of the same suit: one "
        "point for each card, the played one included, so 3 or 4." in t
    )
    assert "the card the previous player just played" in t
    assert "the cards left on the table go to the side that made the last capture" in t
    assert "Face cards (F, C, R) never take a sum" in t
    assert "the ace, two and three of spades" in t
    assert "3 of spade" not in t and "three of spade " not in t


@pytest.mark.parametrize("lang", ["it", "en"])
def test_the_three_open_points_are_marked_as_the_apps_choice(lang):
    t = text(Rules(target=41), lang)
    choice = "Scelta di questa app:" if lang == "it" else "This app's choice:"
    lines = [line for line in t.splitlines() if line.startswith(choice)]
    assert len(lines) == 3
    threshold, stopped, tie_break = lines
    assert "41" in threshold
    assert ("0 a 0" if lang == "it" else "0-0") in stopped
    assert ("spareggio" if lang == "it" else "tie-break") in tie_break


@pytest.mark.parametrize("lang", ["it", "en"])
def test_no_validation_cap_is_shown_as_a_rule(lang):
    t = text(Rules(), lang)
    lines = t.splitlines()
    piccola = next(line for line in lines if line.startswith("Piccola"))
    spazzino = next(line for line in lines if line.startswith("Spazzino"))
    # read, not hard-coded: the caps change (RULES §4)
    assert not re.search(rf"\b{MAX_PICCOLE}\b", piccola)
    assert not re.search(rf"\b{MAX_SPAZZINI}\b", spazzino)
    assert "al massimo" not in t and "at most" not in t


def test_the_spazzino_value_follows_the_numeral_option():
    assert "un 5 vale 5 punti" in text(Rules(), "it")
    assert "a 5 is worth 5 points" in text(Rules(), "en")
    nord = Rules.preset("variante_nord", target=21)
    assert "dall'asso al 7 vale 1 punto" in text(nord, "it")
    assert "from the ace to the 7 it is worth 1 point" in text(nord, "en")
    for rules in (Rules(), nord):
        assert "F 2 punti, C 3, R 4" in text(rules, "it")
        assert "F 2 points, C 3, R 4" in text(rules, "en")


def test_the_ties_scaluneddu_and_target_follow_the_options():
    classico, nord = Rules(), Rules.preset("variante_nord", target=21)
    assert "a 20 pari nessuno li prende" in text(classico, "it")
    assert "a 20 pari 1 punto a testa" in text(nord, "it")
    assert "at 5-5 nobody scores them" in text(classico, "en")
    assert "at 5-5 1 point each" in text(nord, "en")
    assert "Scaluneddu" in text(classico, "it")
    assert "Scaluneddu" not in text(nord, "it")
    assert "raggiunge o supera 21 punti" in text(nord, "it")


def test_the_declaration_says_whether_it_was_agreed():
    assert "Concordato prima di questa partita." in text(Rules(early_win=True), "it")
    assert "Not agreed for this match" in text(Rules(), "en")


def test_french_cards_name_ranks_and_suits_the_french_way():
    it = text(Rules(), "it", french=True)
    assert "Settebello (7 di quadri), fante di picche e due di picche" in it
    assert "asso, due e tre di picche" in it
    assert "(J, Q, K)" in it and "J 2 punti, Q 3, K 4" in it
    assert "spade" not in it.replace("le picche sono le spade", "")
    en = text(Rules(), "en", french=True)
    assert "Settebello (seven of diamonds), jack of spades and two of spades" in en
    assert "J 2 points, Q 3, K 4" in en and "coins" not in en


def test_both_languages_have_the_same_sections():
    for rules in (Rules(), Rules.preset("variante_nord"), Rules(early_win=True)):
        for french in (False, True):
            it = rules_sections(rules, "it", french)
            en = rules_sections(rules, "en", french)
            assert [len(s.lines) for s in it] == [len(s.lines) for s in en]


def test_every_sentence_comes_from_the_catalogs():
    assert all(f"rules.{k}" in CATALOGS["en"] for k in ("bagari", "piccola", "both"))
