"""Rules, settings, connect-a-phone and live-tally screens, without a browser.

The screen builders run in a real ``Session`` on a fake page (which records
what is sent) and the real ``TableService`` on an in-memory repository;
handlers are called the way flet calls them.
"""

from __future__ import annotations

import asyncio
import base64
import socket
import threading
from types import SimpleNamespace

import flet as ft
import pytest

from scorekeeper.core.model import MatchSetup, Preset, Rank, Rules
from scorekeeper.storage import open_repository
from scorekeeper.storage.errors import StorageWriteError
from scorekeeper.table import Change, TableEvent, TableService
from scorekeeper.table.hand_draft import LiveTally
from scorekeeper.table.live import LiveTallies
from scorekeeper.table.mode import browser_mode
from scorekeeper.ui.app import SCREENS, new_session
from scorekeeper.ui.hosting import lan
from scorekeeper.ui.screens.connect import view as connect
from scorekeeper.ui.screens.home import view as home
from scorekeeper.ui.screens.live_tally import view as live_tally
from scorekeeper.ui.screens.rules import view as rules
from scorekeeper.ui.screens.settings import view as settings
from scorekeeper.ui.shell.put_off import Later, kind_of
from scorekeeper.ui.shell.session import TOPIC, Session
from scorekeeper.ui.shell.wakelock import ScreenAwake
from tests.builders import hand, plain_hand, side
from tests.unit.fakes import (
    FakePage,
    click,
    find,
    make_session,
    run_coroutine,
    select,
    texts,
    type_into,
    walk,
)


def new_table() -> TableService:
    return TableService(open_repository(memory=True))


def start_match(table: TableService, players=("Anna", "Bruno"), rules=None):
    setup = MatchSetup(tuple(players), players[0], rules or Rules())
    return table.start_match(setup).value


# -- routes -----------------------------------------------------------------------


def test_the_app_routes_rules_settings_connect_and_live_to_these_screens():
    # app.Lazy: each screen's module is imported at its first draw
    assert SCREENS["/regole"].function() is rules.rules_view
    assert SCREENS["/impostazioni"].function() is settings.settings_view
    assert SCREENS["/collega"].function() is connect.connect_view
    assert SCREENS["/live"].function() is live_tally.live_view


# -- rules ------------------------------------------------------------------------


def test_without_a_match_the_rules_screen_shows_the_default_classico_rules():
    session = make_session(new_table())
    view = rules.rules_view(session)
    shown = "\n".join(texts(view))
    assert view.route == "/regole"
    assert "Regole predefinite per le nuove partite" in shown
    assert "Classico, si gioca a 31 punti." in shown
    assert "un 5 vale 5 punti" in shown and "Scaluneddu" in shown


def test_the_rules_screen_speaks_english_in_an_english_session():
    session = make_session(new_table(), lang="en")
    shown = "\n".join(texts(rules.rules_view(session)))
    assert "Default rules for new matches" in shown
    assert "Points during play" in shown
    assert "Punti durante il gioco" not in shown


def test_the_default_preset_and_target_of_the_settings_change_the_rules_text():
    table = new_table()
    table.update_settings(preset="variante_nord", target=21)
    shown = "\n".join(texts(rules.rules_view(make_session(table))))
    assert "Variante Nord, si gioca a 21 punti." in shown
    assert "vale 1 punto" in shown and "a 20 pari 1 punto a testa" in shown
    assert "Scaluneddu" not in shown


def test_a_match_in_progress_shows_its_own_rules_not_the_defaults():
    table = new_table()
    start_match(table, rules=Rules.preset(Preset.VARIANTE_NORD, 41))
    shown = "\n".join(texts(rules.rules_view(make_session(table))))
    assert "Regole della partita in corso: Anna - Bruno." in shown
    assert "Variante Nord, si gioca a 41 punti." in shown
    assert "dall'asso al 7 vale 1 punto" in shown


# -- settings ---------------------------------------------------------------------


def choices_kept(session: Session) -> list[object]:
    """The tasks that keep a choice in this phone's browser."""
    return [t for t, _ in session.page.tasks if kind_of(t) is Later.CHOICE]


def test_choosing_english_switches_this_phone_alone_and_keeps_it_in_its_browser():
    """This phone redraws once, at once; the table and the others are untouched."""
    table = new_table()
    session = make_session(table, route="/impostazioni")
    drawn = session.page.updates
    view = settings.settings_view(session)
    select(find(view, "settings-language"), "en")
    assert session.translator.lang == "en"
    assert table.queries.settings().language == "it"
    assert session.page.updates == drawn + 1
    assert session.page.pubsub.sent == []
    assert len(choices_kept(session)) == 1


def test_choosing_the_dark_theme_darkens_this_phone_alone():
    table = new_table()
    session = make_session(table)
    select(find(settings.settings_view(session), "settings-theme"), "dark")
    assert session.page.theme_mode == ft.ThemeMode.DARK
    assert session.page.dark_theme.visual_density == ft.VisualDensity.STANDARD
    assert find(settings.settings_view(session), "settings-theme").selected == ["dark"]
    assert table.queries.settings().theme == "system"
    assert session.page.pubsub.sent == []
    assert len(choices_kept(session)) == 1


def test_choosing_variante_nord_stores_it_as_the_default_preset():
    table = new_table()
    session = make_session(table)
    select(find(settings.settings_view(session), "settings-preset"), "variante_nord")
    assert table.queries.settings().preset is Preset.VARIANTE_NORD


def target_field_after_typing(session: Session, *typed: str) -> ft.TextField:
    """Type each text into the target field, the screen rebuilt each time."""
    for text in typed:
        type_into(find(settings.settings_view(session), "settings-target"), text)
    return find(settings.settings_view(session), "settings-target")


@pytest.mark.parametrize("typed", ["0", "501", "tre", "", "-4", "3.5"])
def test_a_target_outside_1_to_500_is_refused_with_a_message_and_not_saved(typed):
    table = new_table()
    session = make_session(table)
    field = target_field_after_typing(session, typed)
    assert field.error == "Scrivi un numero intero da 1 a 500."
    assert field.value == typed  # what was typed stays, to be corrected
    assert table.queries.settings().target == 31


def test_a_valid_target_is_saved_at_once_and_clears_the_message():
    table = new_table()
    session = make_session(table)
    field = target_field_after_typing(session, "0", " 500 ")
    assert field.error is None
    assert field.helper == "Salvato."
    assert table.queries.settings().target == 500


def test_the_settings_screen_shows_the_stored_defaults_and_this_phones_theme():
    table = new_table()
    table.update_settings(theme="dark", preset="variante_nord", target=61)
    session = make_session(table)
    session.start()
    view = settings.settings_view(session)
    assert find(view, "settings-theme").selected == ["system"]
    assert find(view, "settings-preset").selected == ["variante_nord"]
    assert find(view, "settings-target").value == "61"


def test_a_failed_save_is_shown_on_the_phone_and_nothing_crashes():
    """The repository reports a failed write as a ``StorageWriteError`` (an
    ``OSError``): the refused change ``Session.apply`` hands to the screen."""
    repository = open_repository(memory=True)

    def broken(**changes):
        raise StorageWriteError("disk full", code="disk_full")

    repository.update_settings = broken
    table = TableService(repository)
    session = make_session(table)
    select(find(settings.settings_view(session), "settings-preset"), "variante_nord")
    (snack,) = session.page.dialogs
    assert snack.content.value == "Non salvato: disk full"


def test_a_new_session_starts_in_italian_and_its_browsers_theme_not_the_tables():
    """The language and theme a data file holds are no phone's (issue 35,
    item 11): the phone's own are asked of its browser after home is drawn."""
    table = new_table()
    table.update_settings(language="en", theme="dark")
    session = make_session(table)
    session.start()
    assert session.translator.lang == "it"
    assert session.page.theme_mode == ft.ThemeMode.SYSTEM


def test_the_settings_lead_to_the_connect_screen():
    session = make_session(new_table())
    click(find(settings.settings_view(session), "settings-connect"))
    assert session.page.route == "/collega"


def browser_session(table: TableService) -> Session:
    """A session of the browser build (one phone, data the browser may evict)."""

    async def flush() -> None:
        return None

    session = new_session(FakePage(), table, browser_mode(flush, lambda: False))
    session.render()
    return session


def test_the_settings_of_the_browser_build_offer_backups_and_no_other_phone():
    table = new_table()
    shown = texts(settings.settings_view(browser_session(table)))
    assert "Copia di sicurezza" in shown
    assert (
        "Il browser non ha promesso di conservare i dati: esporta spesso una copia."
        in shown
    )
    assert "Partite finite dall'ultima copia: 0." in shown
    view = settings.settings_view(browser_session(table))
    for identifier in ("settings-export-json", "settings-import"):
        find(view, identifier)
    with pytest.raises(LookupError):
        find(view, "settings-connect")


def test_the_settings_of_the_server_offer_other_phones_and_no_backups():
    view = settings.settings_view(make_session(new_table()))
    find(view, "settings-connect")
    with pytest.raises(LookupError):
        find(view, "settings-export-json")


def test_the_browser_build_reminds_to_export_after_ten_finished_matches():
    table = new_table()
    for _ in range(10):
        stored = start_match(table, rules=Rules(target=10))
        table.add_hand(stored.id, plain_hand(8))  # 10 to 1: won
    reminder = "10 partite finite non sono in nessuna copia: esportale da Impostazioni."
    assert reminder in texts(home.home_view(browser_session(table)))
    assert reminder not in texts(home.home_view(make_session(table)))  # on disk
    table.exported_all()
    assert reminder not in texts(home.home_view(browser_session(table)))


# -- LAN address and QR code --------------------------------------------------------


def test_the_port_is_read_from_the_address_the_phone_opened():
    assert lan.port_of("http://127.0.0.1:8551/regole") == 8551
    assert lan.port_of("127.0.0.1:9000") == 9000
    assert lan.port_of("http://example") == 80
    assert lan.port_of(None) == 8550


def test_the_qr_code_is_a_png_image_in_base64():
    png = base64.b64decode(lan.qr_base64("http://192.168.1.20:8550"))
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    width = int.from_bytes(png[16:20], "big")
    assert width == (25 + 2 * 4) * 8  # version 2 QR, quiet zone 4, scale 8


def test_a_server_listening_on_the_lan_address_is_reported_reachable():
    with socket.socket() as server:
        server.bind(("127.0.0.1", 0))
        server.listen()
        port = server.getsockname()[1]
        info = lan.lan_info(f"http://127.0.0.1:{port}", lan_ip="127.0.0.1")
    assert info == lan.LanInfo(f"http://127.0.0.1:{port}", True, "127.0.0.1", port)


def test_a_server_not_listening_there_is_reported_unreachable():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]  # bound, not listening: refused
        info = lan.lan_info(f"http://127.0.0.1:{port}", lan_ip="127.0.0.1")
    assert not info.reachable


def test_the_connect_screen_shows_the_address_and_its_qr_code(monkeypatch):
    info = lan.LanInfo("http://192.168.1.20:8550", True, "192.168.1.20", 8550)
    monkeypatch.setattr(connect, "lan_info", lambda url: info)
    view = connect.connect_view(make_session(new_table()))
    assert find(view, "connect-url").value == "http://192.168.1.20:8550"
    image = find(view, "connect-qr")
    assert base64.b64decode(image.src).startswith(b"\x89PNG")
    assert image.width >= 200


def test_a_local_only_server_explains_how_to_start_it_for_the_lan(monkeypatch):
    info = lan.LanInfo("http://192.168.1.20:8550", False, "192.168.1.20", 8550)
    monkeypatch.setattr(connect, "lan_info", lambda url: info)
    view = connect.connect_view(make_session(new_table()))
    assert "python main.py --lan" in texts(view)
    assert not [c for c in walk(view) if isinstance(c, ft.Image)]


def test_without_a_network_the_connect_screen_says_so(monkeypatch):
    monkeypatch.setattr(
        connect, "lan_info", lambda url: lan.LanInfo(None, False, None, 8550)
    )
    view = connect.connect_view(make_session(new_table()))
    assert find(view, "connect-message").value.startswith("Questo dispositivo non")


# -- live tally -----------------------------------------------------------------------


def test_without_a_match_the_live_tally_offers_a_new_match():
    session = make_session(new_table())
    view = live_tally.live_view(session)
    assert find(view, "live-no-match").value == "Nessuna partita in corso."
    click(find(view, "live-new-match"))
    assert session.page.route == "/nuova"


def test_a_piccola_and_a_spazzino_di_cinque_show_as_running_points_and_broadcast():
    """Each tap is broadcast once, to the other phones (the one rule of
    ``Session.apply``: the tapping phone draws itself)."""
    table = new_table()
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
    table = new_table()
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
    table = new_table()
    start_match(table)
    first, second = make_session(table), make_session(table, lang="en")
    click(find(live_tally.live_view(first), "live-bagari4-1"))
    view = live_tally.live_view(second)
    assert find(view, "live-points-1").value == "4"
    assert find(view, "live-count-1-2").value == "Bagari: 4"


def test_the_running_points_follow_the_match_rules_spazzino_numeral_one():
    table = new_table()
    start_match(table, rules=Rules.preset(Preset.VARIANTE_NORD))
    session = make_session(table)
    click(find(live_tally.live_view(session), "live-spazzino-0"))
    click(find(session.page.dialogs[0], "live-rank-7"))
    assert find(live_tally.live_view(session), "live-points-0").value == "1"


def test_the_scaluneddu_button_is_there_only_when_the_rule_is_on():
    table = new_table()
    start_match(table)
    click(find(live_tally.live_view(make_session(table)), "live-scaluneddu-0"))
    assert find(live_tally.live_view(make_session(table)), "live-points-0").value == "3"

    other = new_table()
    start_match(other, rules=Rules.preset(Preset.VARIANTE_NORD))
    with pytest.raises(LookupError):
        find(live_tally.live_view(make_session(other)), "live-scaluneddu-0")


def test_the_deal_counter_runs_from_1_to_6_with_two_players():
    table = new_table()
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
    table = new_table()
    start_match(table, players=("Anna", "Bruno", "Carla", "Dario"))
    session = make_session(table)
    for _ in range(5):
        click(find(live_tally.live_view(session), "live-deal-next"))
    view = live_tally.live_view(session)
    assert find(view, "live-deal").value == "Tornata 3 di 3"
    assert "Anna & Carla" in texts(view) and "Bruno & Dario" in texts(view)


def test_undo_names_and_takes_back_the_last_entry():
    table = new_table()
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
    table = new_table()
    start_match(table)
    session = make_session(table)
    click(find(live_tally.live_view(session), "live-to-hand-entry"))
    assert session.page.route == "/partita/mano"


def test_live_draft_prefills_the_hand_entry_with_what_was_recorded():
    table = new_table()
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
    table = new_table()
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
    table = new_table()
    stored = start_match(table)
    session = make_session(table)
    click(find(live_tally.live_view(session), "live-piccola-0"))
    played = hand(side(20, "A23", True, pic=1), side(20, "4567FCR"))
    table.add_hand(stored.id, played)
    view = live_tally.live_view(session)
    assert find(view, "live-points-0").value == "0"
    assert "Mano 2" in texts(view)
    assert table.live_draft(stored.id) is None


def test_simultaneous_taps_from_many_phones_are_all_counted():
    store = LiveTallies()

    def tap() -> None:
        for _ in range(200):
            store.change("m", 0, lambda t: t.piccola(0))

    threads = [threading.Thread(target=tap) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert store.get("m", 0).piccole == (1600, 0)


def test_a_table_has_one_store_of_live_tallies_from_the_start():
    """(Was: a table without a store gets one on first use; the table service
    now makes its store when it is made.)"""
    table = new_table()
    assert isinstance(table.tallies, LiveTallies)
    assert table.tallies is table.tallies
    assert table.tallies.get("x", 0) == LiveTally()
    assert new_table().tallies is not table.tallies


# -- wakelock -------------------------------------------------------------------------


class FakeWakelock:
    def __init__(self, hang: bool = False) -> None:
        self.hang = hang
        self.calls: list[str] = []

    async def enable(self) -> None:
        self.calls.append("enable")
        if self.hang:
            await asyncio.sleep(3600)

    async def disable(self) -> None:
        self.calls.append("disable")


def run_awake(wakelock: FakeWakelock, wishes: list[bool]) -> ScreenAwake:
    page = FakePage()
    changes: list[bool | None] = []
    awake = ScreenAwake(page, lambda: changes.append(awake.available))  # type: ignore[arg-type]
    awake.wakelock = wakelock
    awake.TIMEOUT = 0.05

    async def scenario() -> None:
        for wish in wishes:
            awake.want(wish)
            while page.tasks:
                handler, args = page.tasks.pop(0)
                await handler(*args)

    run_coroutine(scenario())
    awake.changes = changes
    return awake


def test_the_screen_is_kept_awake_while_a_match_is_in_progress_and_released_after():
    wakelock = FakeWakelock()
    awake = run_awake(wakelock, [True, True, False])
    assert wakelock.calls == ["enable", "disable"]
    assert awake.available is True and awake.enabled is False
    assert awake.changes == [True, True]


def test_a_wakelock_that_never_answers_times_out_and_is_not_tried_again():
    wakelock = FakeWakelock(hang=True)
    awake = run_awake(wakelock, [True, False, True])
    assert wakelock.calls == ["enable"]
    assert awake.available is False
    assert awake.changes == [False]


def test_the_live_tally_says_whether_the_screen_stays_on():
    table = new_table()
    start_match(table)
    session = make_session(table)
    session.awake = SimpleNamespace(available=False)
    text = find(live_tally.live_view(session), "live-awake").value
    assert text.startswith("Questo browser non tiene lo schermo acceso")


def test_a_server_started_by_serve_knows_its_reach_without_probing_the_lan(
    monkeypatch,
):
    """Tests and the app send nothing to the machine's LAN address: serve()
    tells the connect screen whether it listens beyond loopback."""

    def no_probe(*args: object) -> bool:
        raise AssertionError("the LAN address was probed")

    monkeypatch.setattr(lan, "listening", no_probe)
    monkeypatch.setattr(lan, "SERVED_ON_ALL_INTERFACES", True)
    assert lan.lan_info("http://127.0.0.1:8550", lan_ip="192.0.2.7").reachable
    monkeypatch.setattr(lan, "SERVED_ON_ALL_INTERFACES", False)
    assert not lan.lan_info("http://127.0.0.1:8550", lan_ip="192.0.2.7").reachable
