"""Settings ("Impostazioni") without a browser: this phone's language and
theme, the table's default preset and target (a bad target refused with a
message), a failed save told, and the browser build's backups (their
reminder on home too). A real ``Session`` on a fake page, the real table
service on an in-memory repository; handlers called the way flet calls them."""

from __future__ import annotations

import flet as ft
import pytest

from scorekeeper.core.model import Preset, Rules
from scorekeeper.storage import open_repository
from scorekeeper.storage.errors import StorageWriteError
from scorekeeper.table import TableService
from scorekeeper.table.mode import browser_mode
from scorekeeper.ui.app import new_session
from scorekeeper.ui.screens.home import view as home
from scorekeeper.ui.screens.settings import view as settings
from scorekeeper.ui.shell.put_off import Later, kind_of
from scorekeeper.ui.shell.session import Session
from tests.builders import memory_table, plain_hand, start_match
from tests.unit.fakes import (
    FakePage,
    click,
    find,
    make_session,
    select,
    texts,
    type_into,
)


def choices_kept(session: Session) -> list[object]:
    """The tasks that keep a choice in this phone's browser."""
    return [t for t, _ in session.page.tasks if kind_of(t) is Later.CHOICE]


def test_choosing_english_switches_this_phone_alone_and_keeps_it_in_its_browser():
    """This phone redraws once, at once; the table and the others are untouched."""
    table = memory_table()
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
    table = memory_table()
    session = make_session(table)
    select(find(settings.settings_view(session), "settings-theme"), "dark")
    assert session.page.theme_mode == ft.ThemeMode.DARK
    assert session.page.dark_theme.visual_density == ft.VisualDensity.STANDARD
    assert find(settings.settings_view(session), "settings-theme").selected == ["dark"]
    assert table.queries.settings().theme == "system"
    assert session.page.pubsub.sent == []
    assert len(choices_kept(session)) == 1


def test_choosing_variante_nord_stores_it_as_the_default_preset():
    table = memory_table()
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
    table = memory_table()
    session = make_session(table)
    field = target_field_after_typing(session, typed)
    assert field.error == "Scrivi un numero intero da 1 a 500."
    assert field.value == typed  # what was typed stays, to be corrected
    assert table.queries.settings().target == 31


def test_a_valid_target_is_saved_at_once_and_clears_the_message():
    table = memory_table()
    session = make_session(table)
    field = target_field_after_typing(session, "0", " 500 ")
    assert field.error is None
    assert field.helper == "Salvato."
    assert table.queries.settings().target == 500


def test_the_settings_screen_shows_the_stored_defaults_and_this_phones_theme():
    table = memory_table()
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
    table = memory_table()
    table.update_settings(language="en", theme="dark")
    session = make_session(table)
    session.start()
    assert session.translator.lang == "it"
    assert session.page.theme_mode == ft.ThemeMode.SYSTEM


def test_the_settings_lead_to_the_connect_screen():
    session = make_session(memory_table())
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
    table = memory_table()
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
    view = settings.settings_view(make_session(memory_table()))
    find(view, "settings-connect")
    with pytest.raises(LookupError):
        find(view, "settings-export-json")


def test_the_browser_build_reminds_to_export_after_ten_finished_matches():
    table = memory_table()
    for _ in range(10):
        stored = start_match(table, rules=Rules(target=10))
        table.add_hand(stored.id, plain_hand(8))  # 10 to 1: won
    reminder = "10 partite finite non sono in nessuna copia: esportale da Impostazioni."
    assert reminder in texts(home.home_view(browser_session(table)))
    assert reminder not in texts(home.home_view(make_session(table)))  # on disk
    table.exported_all()
    assert reminder not in texts(home.home_view(browser_session(table)))
