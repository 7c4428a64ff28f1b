"""The rules screen ("Regole") without a browser: the default rules for new
matches, or the match's own while one is played, in the phone's language.
A real ``Session`` on a fake page, the real table service on an in-memory
repository."""

from __future__ import annotations

from scorekeeper.core.model import Preset, Rules
from scorekeeper.ui.screens.rules import view as rules
from tests.builders import memory_table, start_match
from tests.unit.fakes import make_session, texts


def test_without_a_match_the_rules_screen_shows_the_default_classico_rules():
    session = make_session(memory_table())
    view = rules.rules_view(session)
    shown = "\n".join(texts(view))
    assert view.route == "/regole"
    assert "Regole predefinite per le nuove partite" in shown
    assert "Classico, si gioca a 31 punti." in shown
    assert "un 5 vale 5 punti" in shown and "Scaluneddu" in shown


def test_the_rules_screen_speaks_english_in_an_english_session():
    session = make_session(memory_table(), lang="en")
    shown = "\n".join(texts(rules.rules_view(session)))
    assert "Default rules for new matches" in shown
    assert "Points during play" in shown
    assert "Punti durante il gioco" not in shown


def test_the_default_preset_and_target_of_the_settings_change_the_rules_text():
    table = memory_table()
    table.update_settings(preset="variante_nord", target=21)
    shown = "\n".join(texts(rules.rules_view(make_session(table))))
    assert "Variante Nord, si gioca a 21 punti." in shown
    assert "vale 1 punto" in shown and "a 20 pari 1 punto a testa" in shown
    assert "Scaluneddu" not in shown


def test_a_match_in_progress_shows_its_own_rules_not_the_defaults():
    table = memory_table()
    start_match(table, rules=Rules.preset(Preset.VARIANTE_NORD, 41))
    shown = "\n".join(texts(rules.rules_view(make_session(table))))
    assert "Regole della partita in corso: Anna - Bruno." in shown
    assert "Variante Nord, si gioca a 41 punti." in shown
    assert "dall'asso al 7 vale 1 punto" in shown
