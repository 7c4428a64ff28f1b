"""A damaged match in Storico (issue 24 item 4): an archived match whose
record cannot be read (its shard changed outside the app) is shown as a row
that says it is damaged and what ``--recover`` will do; tapped, its detail
says the same. Before, the row looked like any other and, tapped, the
detail said "Partita non trovata".
"""

from __future__ import annotations

import json

from scorekeeper.core import MatchSetup, Rules
from scorekeeper.storage import open_repository
from scorekeeper.table import TableService
from scorekeeper.ui import routes
from tests.builders import plain_hand
from tests.unit.fakes import click, find, make_session, texts


def _table_with_a_damaged_match(tmp_path, lang: str = "it"):
    folder = tmp_path / "data"
    with open_repository(folder) as repo:
        ids = []
        for players in (("Anna", "Bruno"), ("Carla", "Dario"), ("Elena", "Franco")):
            m = repo.create_match(MatchSetup(players, players[0], Rules(target=10)))
            ids.append(repo.add_hand(m.id, plain_hand(8)).id)
    shard = folder / "archive" / "matches-0000.json"
    tables = json.loads(shard.read_text())
    [key] = [k for k, r in tables["matches"].items() if r["id"] == ids[1]]
    del tables["matches"][key]["match"]  # a removed "match" key, as in the issue
    shard.write_text(json.dumps(tables))
    table = TableService(open_repository(folder))
    return table, ids, make_session(table, routes.HISTORY, lang=lang)


def test_the_row_of_a_damaged_match_says_so_and_what_recover_does(tmp_path):
    table, ids, session = _table_with_a_damaged_match(tmp_path)
    try:
        view = session.page.views[-1]
        damaged = texts(find(view, f"history-row-{ids[1]}"))
        assert any(t.startswith("Danneggiata: non si può aprire") for t in damaged)
        assert any("--recover" in t for t in damaged)
        for other in (ids[0], ids[2]):  # the others are rows as ever
            assert not any(
                "Danneggiata" in t for t in texts(find(view, f"history-row-{other}"))
            )
        assert [w.code for w in table.warnings] == ["changed"]  # said at start
    finally:
        table.close()


def test_tapped_its_detail_says_it_is_damaged_not_missing(tmp_path):
    table, ids, session = _table_with_a_damaged_match(tmp_path, lang="en")
    try:
        click(find(session.page.views[-1], f"history-row-{ids[1]}"))
        assert session.page.route == routes.DETAIL
        shown = texts(session.page.views[-1])
        assert any(t.startswith("This match is damaged") for t in shown), shown
        assert not any(t.startswith("Match not found") for t in shown)
    finally:
        table.close()
