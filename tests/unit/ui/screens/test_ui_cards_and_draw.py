"""The first dealer drawn by lot, and the French card names (Settings
``french_cards``): the helper, the stored setting, the screens in each mode."""

from __future__ import annotations

import random

import flet as ft
import pytest

from scorekeeper.core.model import Rank
from scorekeeper.i18n.cards import card_key, rank_label
from scorekeeper.storage.errors import SettingsError
from scorekeeper.storage.meta import make_settings
from scorekeeper.storage.types import Settings
from scorekeeper.table import Change, TableEvent
from scorekeeper.ui.kit.formatting import card_text, item_label, rank_text
from scorekeeper.ui.screens.hand_entry import actions as entry_actions
from scorekeeper.ui.screens.hand_entry import view as entry_screen
from scorekeeper.ui.screens.new_match import view as new_match
from scorekeeper.ui.screens.new_match.state import NewMatchForm
from scorekeeper.ui.screens.rules import view as rules
from scorekeeper.ui.screens.scoreboard import hand_list
from scorekeeper.ui.screens.scoreboard import view as scoreboard
from scorekeeper.ui.screens.settings import view as settings
from scorekeeper.ui.shell.session import TOPIC
from tests.builders import ANNA_BRUNO, memory_table
from tests.event_loops import run_coroutine
from tests.unit.fakes import (
    click,
    find,
    make_session,
    select,
    texts,
    walk,
)
from tests.unit.hands import hand_a


def shown(root: object, identifier: str) -> bool:
    """Whether the ``ft.Semantics`` wrapper called ``identifier`` is visible."""
    return next(
        c.visible
        for c in walk(root)
        if isinstance(c, ft.Semantics) and c.identifier == identifier
    )


# -- the first dealer by lot --------------------------------------------------------
class Fixed(random.Random):
    """A random source that always draws ``seat``."""

    def __init__(self, seat: int) -> None:
        super().__init__(0)
        self.seat = seat

    def randrange(self, *args: object, **kwargs: object) -> int:  # type: ignore[override]
        return self.seat


def test_the_draw_picks_a_seated_player_with_the_injected_random_source():
    for seed in range(20):
        form = NewMatchForm(count=4, names=["Anna", "Bruno", "Carla", "Dario"])
        drawn = form.drawn_first_dealer(random.Random(seed))
        seat = drawn.first_dealer
        assert seat == random.Random(seed).randrange(4)
        assert drawn.drawn and not form.drawn  # a new form, the old one kept
        assert drawn.setup().first_dealer == form.players()[seat]
    two = NewMatchForm(count=2)
    seats = {two.drawn_first_dealer(random.Random(s)).first_dealer for s in range(40)}
    assert seats == {0, 1}


def test_sorteggia_says_who_was_drawn_and_the_dealer_choice_shows_it():
    session = make_session(memory_table())
    session.states.put(NewMatchForm(names=["Anna", "Bruno", "", ""]))
    session.states.random = Fixed(1)
    view = new_match.new_match_view(session)
    assert find(view, "new-draw-dealer").content == "Sorteggia"
    click(find(view, "new-draw-dealer"))
    view = new_match.new_match_view(session)
    assert find(view, "new-drawn-dealer").value == "Mazziere sorteggiato: Bruno"
    assert shown(view, "new-drawn-dealer")
    assert find(view, "new-first-dealer").selected == ["1"]
    assert session.states.find(NewMatchForm).setup().first_dealer == "Bruno"
    # choosing by hand afterwards replaces the draw and its message
    select(find(view, "new-first-dealer"), "0")
    assert not shown(new_match.new_match_view(session), "new-drawn-dealer")
    assert session.states.find(NewMatchForm).setup().first_dealer == "Anna"


def test_sorteggia_in_english_with_a_seeded_source():
    session = make_session(memory_table(), lang="en")
    session.states.put(NewMatchForm(count=4, names=["Anna", "Bruno", "Carla", "Dario"]))
    session.states.random = random.Random(7)
    seat = random.Random(7).randrange(4)
    click(find(new_match.new_match_view(session), "new-draw-dealer"))
    view = new_match.new_match_view(session)
    name = ["Anna", "Bruno", "Carla", "Dario"][seat]
    assert find(view, "new-drawn-dealer").value == f"Dealer drawn by lot: {name}"
    assert find(view, "new-first-dealer").selected == [str(seat)]


# -- the helper ---------------------------------------------------------------------
def test_rank_label_names_the_figures_j_q_k_with_french_cards():
    italian = [rank_label(r, False) for r in Rank]
    french = [rank_label(r, True) for r in Rank]
    assert italian == ["A", "2", "3", "4", "5", "6", "7", "F", "C", "R"]
    assert french == ["A", "2", "3", "4", "5", "6", "7", "J", "Q", "K"]


def test_card_key_takes_the_french_twin_only_when_there_is_one():
    catalog = {"pts.spades": "Spade", "pts.spades.fr": "Picche", "pts.cards": "Carte"}
    assert card_key("pts.spades", True, catalog) == "pts.spades.fr"
    assert card_key("pts.spades", False, catalog) == "pts.spades"
    assert card_key("pts.cards", True, catalog) == "pts.cards"


@pytest.mark.parametrize(
    ("lang", "french", "expected"),
    [
        ("it", False, ["Spade", "Fante di spade", "Due di spade", "Settebello"]),
        ("it", True, ["Picche", "Fante di picche", "Due di picche", "Settebello"]),
        ("en", True, ["Spades", "Jack of spades", "Two of spades", "Settebello"]),
    ],
)
def test_the_session_names_the_cards_in_its_language_and_deck(lang, french, expected):
    session = make_session(memory_table(), lang=lang)
    session.french_cards = french
    items = ("spades", "fante_di_spade", "due_di_spade", "settebello")
    assert [item_label(session, i) for i in items] == expected
    assert rank_text(session, Rank.RE) == ("K" if french else "R")
    seven = "7 di quadri" if lang == "it" else "7 of diamonds"
    assert (seven in card_text(session, "entry.settebello")) is french


# -- the stored setting -------------------------------------------------------------
def test_french_cards_is_an_optional_setting_old_files_read_as_false():
    old = {"language": "it", "theme": "system", "preset": "classico", "target": 31}
    assert make_settings(Settings(), old).french_cards is False
    assert make_settings(Settings(), {**old, "french_cards": True}).french_cards
    with pytest.raises(SettingsError):
        make_settings(Settings(), {"french_cards": "yes"})


def test_the_switch_stores_the_setting_and_every_phone_takes_it():
    table = memory_table()
    session = make_session(table, route="/impostazioni")
    other = make_session(table)
    switch = find(settings.settings_view(session), "settings-french-cards")
    assert switch.value is False and switch.label == "Carte francesi"
    switch.value = True
    switch.on_change(type("E", (), {"control": switch})())
    assert table.queries.settings().french_cards is True
    assert session.french_cards is True
    assert ("others", TOPIC, TableEvent(Change.SETTINGS)) in session.page.pubsub.sent
    # the other phone redraws from the broadcast, with the new names
    run_coroutine(other._on_table_event(TOPIC, TableEvent(Change.SETTINGS)))
    assert other.french_cards is True
    assert find(settings.settings_view(other), "settings-french-cards").value is True


def test_a_new_session_reads_the_stored_setting_at_start():
    table = memory_table()
    table.update_settings(french_cards=True)
    session = make_session(table)
    session.start()
    assert session.french_cards is True


# -- the screens in each mode ---------------------------------------------------------
def _hand_entry_texts(french: bool) -> list[str]:
    table = memory_table()
    table.start_match(ANNA_BRUNO)
    session = make_session(table)
    session.french_cards = french
    scoreboard.start_hand(session)
    return texts(entry_screen.hand_entry_view(session))


def test_the_hand_entry_names_the_cards_the_italian_way_by_default():
    shown = _hand_entry_texts(False)
    assert "F\n-" in shown and "R\n-" in shown and "J\n-" not in shown
    assert {"Spade", "Fante di spade", "Due di spade", "Settebello"} <= set(shown)
    assert shown.count("R") == 2  # the spazzino button of each side


def test_the_hand_entry_names_the_cards_the_french_way():
    shown = _hand_entry_texts(True)
    assert "J\n-" in shown and "K\n-" in shown and "F\n-" not in shown
    assert {"Picche", "Fante di picche", "Due di picche"} <= set(shown)
    assert "Settebello (7 di quadri)" in shown
    assert shown.count("K") == 2 and "R" not in shown


def test_the_rules_screen_follows_the_french_cards_setting():
    session = make_session(memory_table())
    session.french_cards = True
    shown = "\n".join(texts(rules.rules_view(session)))
    assert "Settebello (7 di quadri), fante di picche e due di picche" in shown
    assert "Le figure (J, Q, K)" in shown


def test_the_hand_breakdown_names_the_french_cards():
    table = memory_table()
    table.start_match(ANNA_BRUNO)
    session = make_session(table)
    scoreboard.start_hand(session)
    entry_screen.hand_entry_view(session)
    entry_actions.hold(session, hand_a())
    entry_actions.save_hand(session)
    state = table.current().state
    session.french_cards = True
    breakdown = hand_list.breakdown_table(session, state.setup, state.hands[0])
    shown = [getattr(c, "value", None) for c in walk(breakdown)]
    assert "Fante di picche" in shown and "Picche" in shown and "Spade" not in shown
