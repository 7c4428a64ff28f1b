"""Rules, settings, connect-a-phone and live-tally screens, without a browser.

The screen builders run against a fake session (a page that records what is
sent) and the real ``SharedTable`` on an in-memory repository; handlers are
called the way flet calls them.
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
from scorekeeper.table.hand_draft import LiveTally
from scorekeeper.i18n import Translator
from scorekeeper.storage import open_repository
from scorekeeper.ui import lan, screens_extra
from scorekeeper.ui.app import SCREENS, TOPIC, SharedTable
from scorekeeper.table.live import LiveTallies, live_draft, tallies_of
from tests.builders import hand, side
from tests.unit.ui_fakes import FakePubSub

# -- fakes ------------------------------------------------------------------------


class FakePage:
    def __init__(self, route: str = "/", url: str = "http://127.0.0.1:8550") -> None:
        self.route = route
        self.url = url
        self.pubsub = FakePubSub()
        self.dialogs: list[object] = []
        self.tasks: list[object] = []
        self.theme = ft.Theme(color_scheme_seed=ft.Colors.GREEN_800)
        self.theme_mode = ft.ThemeMode.LIGHT
        self.dark_theme = None

    def show_dialog(self, dialog: object) -> None:
        self.dialogs.append(dialog)

    def pop_dialog(self) -> None:
        self.dialogs.pop()

    def run_task(self, handler, *args):
        self.tasks.append(handler)


class FakeApp:
    """The part of ``TableApp`` the secondary screens use."""

    def __init__(self, shared: SharedTable, route: str = "/", lang: str = "it"):
        self.page = FakePage(route)
        self.shared = shared
        self.translator = Translator(lang)
        self.renders = 0
        self.routes: list[str] = []

    def t(self, key: str, **params: object) -> str:
        return self.translator.t(key, **params)

    def render(self) -> None:
        self.renders += 1

    def go(self, route: str) -> None:
        self.routes.append(route)


def new_table() -> SharedTable:
    return SharedTable(repository=open_repository(memory=True))


def start_match(table: SharedTable, players=("Anna", "Bruno"), rules=None):
    setup = MatchSetup(tuple(players), players[0], rules or Rules())
    return table.change(lambda repo: repo.create_match(setup))


def walk(control: object):
    """Every control under ``control`` (views, rows, semantics, dialogs)."""
    if control is None:
        return
    yield control
    for name in ("appbar", "content", "title"):
        child = getattr(control, name, None)
        if isinstance(child, ft.Control):
            yield from walk(child)
    for name in ("controls", "actions"):
        for child in getattr(control, name, None) or []:
            yield from walk(child)


def by_id(root: object, identifier: str):
    found = [
        c.content
        for c in walk(root)
        if isinstance(c, ft.Semantics) and c.identifier == identifier
    ]
    assert found, f"no control with identifier {identifier!r}"
    return found[0]


def texts(root: object) -> list[str]:
    return [c.value for c in walk(root) if isinstance(c, ft.Text)]


def click(control: ft.Control) -> None:
    control.on_click(SimpleNamespace(control=control))


def select(segmented: ft.SegmentedButton, value: str) -> None:
    segmented.selected = [value]
    segmented.on_change(SimpleNamespace(control=segmented))


def type_into(field: ft.TextField, text: str) -> None:
    field.value = text
    field.on_change(SimpleNamespace(control=field, data=text))


# -- routes -----------------------------------------------------------------------


def test_the_app_routes_rules_settings_connect_and_live_to_these_screens():
    for route in ("/regole", "/impostazioni", "/collega", "/live"):
        assert SCREENS[route] is screens_extra.EXTRA_SCREENS[route]


# -- rules ------------------------------------------------------------------------


def test_without_a_match_the_rules_screen_shows_the_default_classico_rules():
    app = FakeApp(new_table())
    view = screens_extra.rules_view(app)
    shown = "\n".join(texts(view))
    assert view.route == "/regole"
    assert "Regole predefinite per le nuove partite" in shown
    assert "Classico, si gioca a 31 punti." in shown
    assert "5=5" in shown and "Scaluneddu" in shown


def test_the_rules_screen_speaks_english_in_an_english_session():
    app = FakeApp(new_table(), lang="en")
    shown = "\n".join(texts(screens_extra.rules_view(app)))
    assert "Default rules for new matches" in shown
    assert "Points during play" in shown
    assert "Punti durante il gioco" not in shown


def test_the_default_preset_and_target_of_the_settings_change_the_rules_text():
    table = new_table()
    table.repo.update_settings(preset="variante_nord", target=21)
    shown = "\n".join(texts(screens_extra.rules_view(FakeApp(table))))
    assert "Variante Nord, si gioca a 21 punti." in shown
    assert "5=1" in shown and "in parità 1 punto a testa" in shown
    assert "Scaluneddu" not in shown


def test_a_match_in_progress_shows_its_own_rules_not_the_defaults():
    table = new_table()
    start_match(table, rules=Rules.preset(Preset.VARIANTE_NORD, 41))
    shown = "\n".join(texts(screens_extra.rules_view(FakeApp(table))))
    assert "Regole della partita in corso: Anna - Bruno." in shown
    assert "Variante Nord, si gioca a 41 punti." in shown
    assert "5=1" in shown


# -- settings ---------------------------------------------------------------------


def test_choosing_english_switches_this_phone_and_stores_the_default():
    table = new_table()
    app = FakeApp(table, route="/impostazioni")
    view = screens_extra.settings_view(app)
    select(by_id(view, "settings-language"), "en")
    assert app.translator.lang == "en"
    assert table.repo.settings().language == "en"
    assert app.renders == 1
    assert ("others", TOPIC, {"settings": ["language"]}) in app.page.pubsub.sent


def test_choosing_the_dark_theme_darkens_this_phone_and_stores_the_default():
    table = new_table()
    app = FakeApp(table)
    select(by_id(screens_extra.settings_view(app), "settings-theme"), "dark")
    assert app.page.theme_mode == ft.ThemeMode.DARK
    assert app.page.dark_theme.visual_density == ft.VisualDensity.STANDARD
    assert table.repo.settings().theme == "dark"


def test_choosing_variante_nord_stores_it_as_the_default_preset():
    table = new_table()
    app = FakeApp(table)
    select(by_id(screens_extra.settings_view(app), "settings-preset"), "variante_nord")
    assert table.repo.settings().preset is Preset.VARIANTE_NORD


def target_field_after_typing(app: FakeApp, *typed: str) -> ft.TextField:
    """Type each text into the target field, the screen rebuilt each time."""
    for text in typed:
        type_into(by_id(screens_extra.settings_view(app), "settings-target"), text)
    return by_id(screens_extra.settings_view(app), "settings-target")


@pytest.mark.parametrize("typed", ["0", "501", "tre", "", "-4", "3.5"])
def test_a_target_outside_1_to_500_is_refused_with_a_message_and_not_saved(typed):
    table = new_table()
    app = FakeApp(table)
    field = target_field_after_typing(app, typed)
    assert field.error == "Scrivi un numero intero da 1 a 500."
    assert field.value == typed  # what was typed stays, to be corrected
    assert table.repo.settings().target == 31


def test_a_valid_target_is_saved_at_once_and_clears_the_message():
    table = new_table()
    app = FakeApp(table)
    field = target_field_after_typing(app, "0", " 500 ")
    assert field.error is None
    assert field.helper == "Salvato."
    assert table.repo.settings().target == 500


def test_the_settings_screen_shows_the_stored_defaults():
    table = new_table()
    table.repo.update_settings(theme="dark", preset="variante_nord", target=61)
    view = screens_extra.settings_view(FakeApp(table))
    assert by_id(view, "settings-theme").selected == ["dark"]
    assert by_id(view, "settings-preset").selected == ["variante_nord"]
    assert by_id(view, "settings-target").value == "61"


def test_a_failed_save_is_shown_on_the_phone_and_nothing_crashes():
    table = new_table()

    def broken(**changes):
        raise OSError("disk full")

    table.repo.update_settings = broken
    app = FakeApp(table)
    select(by_id(screens_extra.settings_view(app), "settings-theme"), "dark")
    (snack,) = app.page.dialogs
    assert snack.content.value == "Non salvato: disk full"


def test_a_new_session_takes_the_stored_language_and_theme():
    table = new_table()
    table.repo.update_settings(language="en", theme="dark")
    app = FakeApp(table)
    screens_extra.apply_session_settings(app)
    assert app.translator.lang == "en"
    assert app.page.theme_mode == ft.ThemeMode.DARK


def test_the_settings_lead_to_the_connect_screen():
    app = FakeApp(new_table())
    click(by_id(screens_extra.settings_view(app), "settings-connect"))
    assert app.routes == ["/collega"]


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
    monkeypatch.setattr(screens_extra, "lan_info", lambda url: info)
    view = screens_extra.connect_view(FakeApp(new_table()))
    assert by_id(view, "connect-url").value == "http://192.168.1.20:8550"
    image = by_id(view, "connect-qr")
    assert base64.b64decode(image.src).startswith(b"\x89PNG")
    assert image.width >= 200


def test_a_local_only_server_explains_how_to_start_it_for_the_lan(monkeypatch):
    info = lan.LanInfo("http://192.168.1.20:8550", False, "192.168.1.20", 8550)
    monkeypatch.setattr(screens_extra, "lan_info", lambda url: info)
    view = screens_extra.connect_view(FakeApp(new_table()))
    assert "python main.py --lan" in texts(view)
    assert not [c for c in walk(view) if isinstance(c, ft.Image)]


def test_without_a_network_the_connect_screen_says_so(monkeypatch):
    monkeypatch.setattr(
        screens_extra, "lan_info", lambda url: lan.LanInfo(None, False, None, 8550)
    )
    view = screens_extra.connect_view(FakeApp(new_table()))
    assert by_id(view, "connect-message").value.startswith("Questo dispositivo non")


# -- live tally -----------------------------------------------------------------------


def test_without_a_match_the_live_tally_offers_a_new_match():
    app = FakeApp(new_table())
    view = screens_extra.live_view(app)
    assert by_id(view, "live-no-match").value == "Nessuna partita in corso."
    click(by_id(view, "live-new-match"))
    assert app.routes == ["/nuova"]


def test_a_piccola_and_a_spazzino_di_cinque_show_as_running_points_and_broadcast():
    table = new_table()
    stored = start_match(table)
    app = FakeApp(table, route="/live")
    click(by_id(screens_extra.live_view(app), "live-piccola-0"))
    click(by_id(screens_extra.live_view(app), "live-spazzino-1"))
    (dialog,) = app.page.dialogs
    click(by_id(dialog, "live-rank-5"))
    assert app.page.dialogs == []
    view = screens_extra.live_view(app)
    assert by_id(view, "live-points-0").value == "1"
    assert by_id(view, "live-points-1").value == "5"
    assert by_id(view, "live-count-1-1").value == "Spazzini: 5"
    assert app.page.pubsub.sent.count(("all", TOPIC, {"live": stored.id})) == 2


def test_another_phone_sees_the_same_tally():
    table = new_table()
    start_match(table)
    first, second = FakeApp(table), FakeApp(table, lang="en")
    click(by_id(screens_extra.live_view(first), "live-bagari4-1"))
    view = screens_extra.live_view(second)
    assert by_id(view, "live-points-1").value == "4"
    assert by_id(view, "live-count-1-2").value == "Bagari: 4"


def test_the_running_points_follow_the_match_rules_spazzino_numeral_one():
    table = new_table()
    start_match(table, rules=Rules.preset(Preset.VARIANTE_NORD))
    app = FakeApp(table)
    click(by_id(screens_extra.live_view(app), "live-spazzino-0"))
    click(by_id(app.page.dialogs[0], "live-rank-7"))
    assert by_id(screens_extra.live_view(app), "live-points-0").value == "1"


def test_the_scaluneddu_button_is_there_only_when_the_rule_is_on():
    table = new_table()
    start_match(table)
    click(by_id(screens_extra.live_view(FakeApp(table)), "live-scaluneddu-0"))
    assert by_id(screens_extra.live_view(FakeApp(table)), "live-points-0").value == "3"

    other = new_table()
    start_match(other, rules=Rules.preset(Preset.VARIANTE_NORD))
    with pytest.raises(AssertionError):
        by_id(screens_extra.live_view(FakeApp(other)), "live-scaluneddu-0")


def test_the_deal_counter_runs_from_1_to_6_with_two_players():
    table = new_table()
    start_match(table)
    app = FakeApp(table)
    view = screens_extra.live_view(app)
    assert by_id(view, "live-deal").value == "Tornata 1 di 6"
    assert by_id(view, "live-deal-previous").disabled
    for _ in range(7):
        click(by_id(screens_extra.live_view(app), "live-deal-next"))
    view = screens_extra.live_view(app)
    assert by_id(view, "live-deal").value == "Tornata 6 di 6"
    assert by_id(view, "live-deal-next").disabled
    assert by_id(view, "live-last-deal").value.startswith("Ultima tornata")


def test_the_deal_counter_runs_from_1_to_3_with_four_players():
    table = new_table()
    start_match(table, players=("Anna", "Bruno", "Carla", "Dario"))
    app = FakeApp(table)
    for _ in range(5):
        click(by_id(screens_extra.live_view(app), "live-deal-next"))
    view = screens_extra.live_view(app)
    assert by_id(view, "live-deal").value == "Tornata 3 di 3"
    assert "Anna & Carla" in texts(view) and "Bruno & Dario" in texts(view)


def test_undo_names_and_takes_back_the_last_entry():
    table = new_table()
    start_match(table)
    app = FakeApp(table)
    assert by_id(screens_extra.live_view(app), "live-undo").disabled
    click(by_id(screens_extra.live_view(app), "live-piccola-0"))
    click(by_id(screens_extra.live_view(app), "live-bagari3-1"))
    undo = by_id(screens_extra.live_view(app), "live-undo")
    assert undo.content == "Annulla: Bagari 3 (Bruno)"
    click(undo)
    view = screens_extra.live_view(app)
    assert by_id(view, "live-points-1").value == "0"
    assert by_id(view, "live-points-0").value == "1"
    assert by_id(view, "live-undo").content == "Annulla: Piccola (Anna)"


def test_end_of_hand_leads_to_the_hand_entry():
    table = new_table()
    start_match(table)
    app = FakeApp(table)
    click(by_id(screens_extra.live_view(app), "live-to-hand-entry"))
    assert app.routes == ["/partita/mano"]


def test_live_draft_prefills_the_hand_entry_with_what_was_recorded():
    table = new_table()
    stored = start_match(table)
    assert live_draft(table, stored.id) is None  # nothing recorded yet
    app = FakeApp(table)
    click(by_id(screens_extra.live_view(app), "live-piccola-1"))
    click(by_id(screens_extra.live_view(app), "live-spazzino-0"))
    click(by_id(app.page.dialogs[0], "live-rank-R"))
    draft = live_draft(table, stored.id)
    assert draft.piccole == (0, 1)
    assert draft.spazzini == ((Rank.RE,), ())
    assert draft.cards == (None, None)  # the mazzo is still to be counted


def test_once_the_hand_is_saved_the_tally_starts_afresh_for_the_next_hand():
    table = new_table()
    stored = start_match(table)
    app = FakeApp(table)
    click(by_id(screens_extra.live_view(app), "live-piccola-0"))
    played = hand(side(20, "A23", True, pic=1), side(20, "4567FCR"))
    table.change(lambda repo: repo.add_hand(stored.id, played))
    view = screens_extra.live_view(app)
    assert by_id(view, "live-points-0").value == "0"
    assert "Mano 2" in texts(view)
    assert live_draft(table, stored.id) is None


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


def test_a_table_without_a_store_gets_one_on_first_use():
    shared = SimpleNamespace()
    assert tallies_of(shared) is tallies_of(shared)
    assert isinstance(shared.live_tallies, LiveTallies)
    assert tallies_of(new_table()).get("x", 0) == LiveTally()


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


def run_awake(wakelock: FakeWakelock, wishes: list[bool]) -> screens_extra.ScreenAwake:
    page = FakePage()
    changes: list[bool | None] = []
    awake = screens_extra.ScreenAwake(page, lambda: changes.append(awake.available))
    awake.wakelock = wakelock
    awake.TIMEOUT = 0.05

    async def scenario() -> None:
        for wish in wishes:
            awake.want(wish)
            while page.tasks:
                await page.tasks.pop(0)()

    # in a thread of its own: Playwright's sync API may hold a running loop
    # in this thread when browser tests ran first in the same session
    runner = threading.Thread(target=asyncio.run, args=(scenario(),))
    runner.start()
    runner.join()
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
    app = FakeApp(table)
    app.awake = SimpleNamespace(available=False)
    text = by_id(screens_extra.live_view(app), "live-awake").value
    assert text.startswith("Questo browser non tiene lo schermo acceso")
