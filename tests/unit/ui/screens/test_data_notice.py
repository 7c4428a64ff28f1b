"""What the storage did on its own (a damaged file moved aside, drafts dropped)
is told on the home screen in the phone's language, until dismissed."""

from __future__ import annotations

import re
from pathlib import Path
from typing import cast

from scorekeeper import storage
from scorekeeper.i18n import CATALOGS, LANGUAGES
from scorekeeper.storage import StorageWarning
from scorekeeper.table import TableService
from scorekeeper.table.hand_draft import HandDraft
from scorekeeper.ui import routes
from scorekeeper.ui.screens.home import view as home
from tests.builders import ANNA_BRUNO
from tests.unit.fakes import click, find, make_session, texts

DROPPED_IT = (
    "Una mano in corso di inserimento non si è potuta rileggere (file "
    "danneggiato) ed è stata scartata: nessuna mano già salvata è stata toccata."
)


def a_table_whose_drafts_file_was_damaged(folder: Path) -> TableService:
    table = TableService.open(folder)
    stored = table.start_match(ANNA_BRUNO).value
    table.save_draft(stored.id, 0, HandDraft().with_settebello(0))
    table.close()
    (folder / "drafts.json").write_text("{not json")
    return TableService.open(folder)


def test_a_damaged_drafts_file_is_told_on_home_in_italian_until_dismissed(tmp_path):
    table = a_table_whose_drafts_file_was_damaged(tmp_path / "data")
    session = make_session(table, routes.HOME)
    shown = texts(session.page.views[-1])
    assert "Avviso sui dati salvati" in shown
    assert DROPPED_IT in shown
    click(find(session.page.views[-1], "home-data-notice-ok"))
    assert DROPPED_IT not in texts(session.page.views[-1])
    # another phone has not dismissed it
    other = make_session(table, routes.HOME)
    assert DROPPED_IT in texts(other.page.views[-1])
    table.close()


def test_the_notice_speaks_english_and_names_files_without_their_folders(tmp_path):
    table = a_table_whose_drafts_file_was_damaged(tmp_path / "data")
    session = make_session(table, routes.HOME)
    session.set_language("en")
    moved = StorageWarning(
        "moved_aside",
        "damaged",
        {"path": "/data/archive/matches-3.json", "moved_to": "/data/x.damaged-1"},
    )
    assert home.notice_text(session, moved) == (
        "A damaged data file (matches-3.json) was moved aside (x.damaged-1): "
        "what it held is not in the app."
    )
    assert "A hand being entered could not be read back" in " ".join(
        texts(session.page.views[-1])
    )
    table.close()


def test_a_notice_without_its_own_sentence_shows_the_storages_message(tmp_path):
    table = TableService.open(tmp_path / "data")
    session = make_session(table, routes.HOME)
    odd = StorageWarning("new_kind", "something the storage did", {})
    assert home.notice_text(session, odd) == (
        "Avviso sui dati (new_kind): something the storage did"
    )
    assert home.data_notice(session) == []  # a clean folder: no notice
    table.close()


def test_every_notice_the_storage_gives_has_a_sentence_in_both_languages():
    """The codes are read from the storage's source (``warn("code", ...)``,
    ``_postponed("code", ...)``)."""
    source = Path(storage.__file__).parent
    codes = {
        code
        for path in source.glob("*.py")
        for code in re.findall(
            r'(?:\.warn|_postponed)\(\s*"(\w+)"', path.read_text(encoding="utf-8")
        )
    }
    assert len(codes) >= 9
    for lang in LANGUAGES:
        catalog = CATALOGS[lang]
        assert {c for c in codes if f"notice.{c}" not in catalog} == set(), lang


def test_ho_capito_hides_what_was_shown_and_a_notice_that_came_meanwhile_stays(
    tmp_path,
):
    table = TableService.open(tmp_path / "data")
    notices = cast(list, table.warnings)  # what the repository noticed so far
    retry = StorageWarning("pending_move", "archive move postponed", {})
    notices.extend([retry, retry])  # two saves in a row failed to move it
    session = make_session(table, routes.HOME)
    shown = texts(session.page.views[-1])
    retry_it = home.notice_text(session, retry)
    assert shown.count(retry_it) == 1  # one sentence, not one per save
    ok = find(session.page.views[-1], "home-data-notice-ok")
    notices.append(StorageWarning("bad_settings", "defaults used", {}))
    click(ok)  # drawn before the settings notice came
    shown = texts(session.page.views[-1])
    assert retry_it not in shown
    assert (
        "Le impostazioni salvate non erano leggibili: si usano quelle "
        "predefinite." in shown
    )
    table.close()


def test_an_index_moved_aside_and_rebuilt_is_told_once_as_rebuilt(tmp_path):
    table = TableService.open(tmp_path / "data")
    path = "/data/archive/index-0.json"
    cast(list, table.warnings).extend(
        [
            StorageWarning("moved_aside", "damaged", {"path": path, "moved_to": "x"}),
            StorageWarning("rebuilt_index", "rebuilt", {"path": path}),
        ]
    )
    session = make_session(table, routes.HOME)
    shown = " ".join(texts(session.page.views[-1]))
    assert "L'indice dello storico (index-0.json) è stato ricostruito" in shown
    assert "messo da parte" not in shown  # "not in the app" would be untrue
    table.close()
