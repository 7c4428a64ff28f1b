"""The live tally ("/live") without a browser: the running points of what is
made during play, tap by tap, broadcast to the other phones, by the match's
rules; the deal counter; undo; the hand-off to the hand entry; whether the
screen stays on. A real ``Session`` on a fake page, the real table service
on an in-memory repository."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from scorekeeper.core.model import Preset, Rank, Rules
from scorekeeper.table import Change, TableEvent
from scorekeeper.ui.screens.live_tally import view as live_tally
from scorekeeper.ui.shell.session import TOPIC
from tests.builders import hand, memory_table, plain_hand, side, start_match
from tests.unit.fakes import click, find, make_session, texts


def test_without_a_match_the_live_tally_offers_a_new_match():
    session = make_session(memory_table())
    view = live_tally.live_view(session)
    assert find(view, "live-no-match").value == "Nessuna partita in corso."
    click(find(view, "live-new-match"))
    assert session.page.route == "/nuova"


def test_a_piccola_and_a_spazzino_di_cinque_show_as_running_points_and_broadcast():
    """Each tap is broadcast once, to the other phones (the one rule of
    ``Session.apply``: the tapping phone draws itself)."""
    table = memory_table()
    stored = start_match(table)
    session = make_session(table, route="/live")
    click(find(live_tally.live_view(session), "live-piccola-0"))
    click(find(live_tally.live_view(session), "live-spazzino-1"))
    (dialog,) = session.page.dialogs
    click(find(dialog, "live-rank-5"))
    assert session.page.dialogs == []
    view = live_tally.live_view(session)
    assert find(view, "live-points-0").value == "1"
    assert find(view, "live-points-1").value == "5"
    assert find(view, "live-count-1-1").value == "Spazzini: 5"
    assert (
        session.page.pubsub.sent
        == [("others", TOPIC, TableEvent(Change.LIVE, stored.id))] * 2
    )


def test_a_live_tally_tap_is_broadcast_to_the_others_and_redraws_the_tapping_phone():
    table = memory_table()
    stored = start_match(table)
    session = make_session(table, route="/live")
    drawn = session.page.updates

    click(find(session.page.views[-1], "live-piccola-0"))

    assert session.page.updates == drawn + 1
    assert find(session.page.views[-1], "live-points-0").value == "1"
    assert session.page.pubsub.sent == [
        ("others", TOPIC, TableEvent(Change.LIVE, stored.id))
    ]


def test_another_phone_sees_the_same_tally():
    table = memory_table()
    start_match(table)
    first, second = make_session(table), make_session(table, lang="en")
    click(find(live_tally.live_view(first), "live-bagari4-1"))
    view = live_tally.live_view(second)
    assert find(view, "live-points-1").value == "4"
    assert find(view, "live-count-1-2").value == "Bagari: 4"


def test_the_running_points_follow_the_match_rules_spazzino_numeral_one():
    table = memory_table()
    start_match(table, rules=Rules.preset(Preset.VARIANTE_NORD))
    session = make_session(table)
    click(find(live_tally.live_view(session), "live-spazzino-0"))
    click(find(session.page.dialogs[0], "live-rank-7"))
    assert find(live_tally.live_view(session), "live-points-0").value == "1"


def test_the_scaluneddu_button_is_there_only_when_the_rule_is_on():
    table = memory_table()
    start_match(table)
    click(find(live_tally.live_view(make_session(table)), "live-scaluneddu-0"))
    assert find(live_tally.live_view(make_session(table)), "live-points-0").value == "3"

    other = memory_table()
    start_match(other, rules=Rules.preset(Preset.VARIANTE_NORD))
    with pytest.raises(LookupError):
        find(live_tally.live_view(make_session(other)), "live-scaluneddu-0")


def test_the_deal_counter_runs_from_1_to_6_with_two_players():
    table = memory_table()
    start_match(table)
    session = make_session(table)
    view = live_tally.live_view(session)
    assert find(view, "live-deal").value == "Tornata 1 di 6"
    assert find(view, "live-deal-previous").disabled
    for _ in range(7):
        click(find(live_tally.live_view(session), "live-deal-next"))
    view = live_tally.live_view(session)
    assert find(view, "live-deal").value == "Tornata 6 di 6"
    assert find(view, "live-deal-next").disabled
    assert find(view, "live-last-deal").value.startswith("Ultima tornata")


def test_the_deal_counter_runs_from_1_to_3_with_four_players():
    table = memory_table()
    start_match(table, players=("Anna", "Bruno", "Carla", "Dario"))
    session = make_session(table)
    for _ in range(5):
        click(find(live_tally.live_view(session), "live-deal-next"))
    view = live_tally.live_view(session)
    assert find(view, "live-deal").value == "Tornata 3 di 3"
    assert "Anna & Carla" in texts(view) and "Bruno & Dario" in texts(view)


def test_undo_names_and_takes_back_the_last_entry():
    table = memory_table()
    start_match(table)
    session = make_session(table)
    assert find(live_tally.live_view(session), "live-undo").disabled
    click(find(live_tally.live_view(session), "live-piccola-0"))
    click(find(live_tally.live_view(session), "live-bagari3-1"))
    undo = find(live_tally.live_view(session), "live-undo")
    assert undo.content == "Annulla il bagari da 3 di Bruno"
    click(undo)
    view = live_tally.live_view(session)
    assert find(view, "live-points-1").value == "0"
    assert find(view, "live-points-0").value == "1"
    assert find(view, "live-undo").content == "Annulla la piccola di Anna"


def test_end_of_hand_leads_to_the_hand_entry():
    table = memory_table()
    start_match(table)
    session = make_session(table)
    click(find(live_tally.live_view(session), "live-to-hand-entry"))
    assert session.page.route == "/partita/mano"


def test_live_draft_prefills_the_hand_entry_with_what_was_recorded():
    table = memory_table()
    stored = start_match(table)
    assert table.live_draft(stored.id) is None  # nothing recorded yet
    session = make_session(table)
    click(find(live_tally.live_view(session), "live-piccola-1"))
    click(find(live_tally.live_view(session), "live-spazzino-0"))
    click(find(session.page.dialogs[0], "live-rank-R"))
    draft = table.live_draft(stored.id)
    assert draft.piccole == (0, 1)
    assert draft.spazzini == ((Rank.RE,), ())
    assert draft.cards == (None, None)  # the mazzo is still to be counted


def test_a_rank_picked_after_another_phone_saved_the_hand_is_refused_not_moved():
    """The card picker stays open across the redraw another phone's Save
    causes: a rank picked then was counted in the next hand."""
    table = memory_table()
    stored = start_match(table)
    session = make_session(table, route="/live")
    click(find(live_tally.live_view(session), "live-spazzino-0"))
    (picker,) = session.page.dialogs
    table.add_hand(stored.id, plain_hand())  # another phone saves the hand
    click(find(picker, "live-rank-7"))
    assert table.live_tally(stored.id).log == ()  # the next hand: nothing
    assert session.error == (
        "Intanto la partita era già cambiata (da un altro telefono, o da un "
        "tocco doppio): non è cambiato nulla, ricontrolla e riprova."
    )


def test_once_the_hand_is_saved_the_tally_starts_afresh_for_the_next_hand():
    table = memory_table()
    stored = start_match(table)
    session = make_session(table)
    click(find(live_tally.live_view(session), "live-piccola-0"))
    played = hand(side(20, "A23", True, pic=1), side(20, "4567FCR"))
    table.add_hand(stored.id, played)
    view = live_tally.live_view(session)
    assert find(view, "live-points-0").value == "0"
    assert "Mano 2" in texts(view)
    assert table.live_draft(stored.id) is None


def test_the_live_tally_says_whether_the_screen_stays_on():
    table = memory_table()
    start_match(table)
    session = make_session(table)
    session.awake = SimpleNamespace(available=False)
    text = find(live_tally.live_view(session), "live-awake").value
    assert text.startswith("Questo browser non tiene lo schermo acceso")
