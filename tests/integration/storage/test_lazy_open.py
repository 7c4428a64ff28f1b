"""A repository opened ``lazy`` (``import``, ``history``) reads at open only
what finding a match needs of each history line; the rest of a line is read
when the line is first asked for (issue 24 item 10: importing one match into
10,000 took 2.18 times as long as into an empty folder, because every open
made 10,000 summaries, and ``TableService`` walked them all for a match in
progress the archive cannot hold).

What it gives is what a whole open gives, and a damaged line is refused,
or with ``--recover`` rebuilt, when it is found.
"""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from benchmarks.bench_storage import finished_match_docs
from scorekeeper import data_commands
from scorekeeper.core import Match, add_hand
from scorekeeper.core.matchfile import dump_match
from scorekeeper.storage import archive as archive_module
from scorekeeper.storage.errors import DataFileError
from scorekeeper.table.service import TableService
from tests.integration.storage.helpers import (
    BIG,
    OTHER,
    SMALL,
    Store,
    as_written,
    setup,
)


def _won(repo, *players: str):
    m = repo.create_match(setup(*players))
    repo.add_hand(m.id, BIG)
    return repo.add_hand(m.id, BIG)


def _fill(store: Store) -> list[str]:
    """Won, abandoned, deleted, reopened (live and archived) and live
    matches; the ids of the won ones, oldest first."""
    repo = store.open()
    won = [_won(repo, f"A{n}", f"B{n}").id for n in range(6)]
    repo.delete_match(won[1])
    repo.undo(won[2])  # reopened: live.json holds it, the archive its old copy
    gone = repo.create_match(setup("Carla", "Dario"))
    repo.add_hand(gone.id, OTHER)
    repo.abandon_match(gone.id)
    playing = repo.create_match(setup("Elena", "Franco"))
    repo.add_hand(playing.id, SMALL)
    store.close()
    return won


@pytest.fixture
def made(monkeypatch) -> list[str]:
    """The ids of the history lines made summaries from now on."""
    ids: list[str] = []
    real = archive_module.summary

    def counting(doc):
        ids.append(doc["id"])
        return real(doc)

    monkeypatch.setattr(archive_module, "summary", counting)
    return ids


def test_a_lazy_open_and_an_import_make_only_the_summaries_compared(store: Store, made):
    won = _fill(store)
    twin = dump_match(store.open().get_match(won[0]).match)  # no meta: no id
    new = dump_match(add_hand(Match(setup("Nadia", "Oreste")), SMALL))
    made.clear()
    repo = store.open(lazy=True)
    table = TableService(repo)  # its match in progress: no archived line read
    assert table.current() is not None and made == []
    (result,) = table.import_documents([new]).value
    assert result.created and made == []
    (again,) = table.import_documents([twin]).value
    assert (again.id, again.created) == (won[0], False)
    assert made == []  # its twins found by digest, ordered by their lines' dates
    # a whole open makes every archived line a summary, each once (the
    # unfinished match imported waits in the archive: 8 lines)
    made.clear()
    store.open()
    assert len(made) == len(set(made)) == 8
    assert result.id in made


def test_a_lazy_open_gives_what_a_whole_open_gives(store: Store):
    won = _fill(store)

    def seen(repo) -> tuple:
        return (
            repo.list_history(limit=100).items,
            repo.list_history(status="won", limit=2, offset=1),
            repo.list_history(status="in_progress", limit=5).items,
            repo.list_history(player="A3", limit=5).items,
            repo.count(),
            repo.deleted_matches(),
            [repo.summary(i, include_deleted=True) for i in won],
            repo.export_all(),
        )

    whole = seen(store.open())
    assert seen(store.open(lazy=True)) == whole
    repo = store.open(lazy=True)  # the same after changes made lazily
    repo.restore_match(won[1])
    _won(repo, "Gino", "Ivo")
    after = seen(repo)
    assert after == seen(store.open())
    assert after[4] == whole[4] + 2


def _damage_line(store: Store) -> str:
    path = store.folder / "archive" / "index-0000.json"
    tables = json.loads(path.read_text())
    # won[3]'s line: one a page of the history shows (a first page makes only
    # the lines it shows summaries: won[1]'s, deleted, is made when asked for)
    line = tables["summaries"]["4"]
    line["totals"] = []
    path.write_text(as_written(tables))  # as the app would have written it
    return str(path)


def test_a_damaged_line_is_refused_when_found_as_at_a_whole_open(file_store):
    won = _fill(file_store)
    path = _damage_line(file_store)
    with pytest.raises(DataFileError, match="history line 4 is damaged") as whole:
        file_store.open()
    file_store.repo = None
    repo = file_store.open(lazy=True)
    assert repo.summary(won[0]).id == won[0]  # another line reads
    with pytest.raises(DataFileError) as lazy:
        repo.list_history(limit=100)
    assert str(lazy.value) == str(whole.value)
    assert path in str(lazy.value) and "--recover" in str(lazy.value)
    with pytest.raises(DataFileError):  # refused again: nothing was changed
        repo.list_history(limit=100)


def test_with_recover_a_damaged_line_found_later_is_rebuilt_nothing_lost(
    file_store,
):
    _fill(file_store)
    whole = file_store.open().list_history(limit=100).items
    file_store.close()
    _damage_line(file_store)
    repo = file_store.open(lazy=True, on_damage="move_aside")
    assert repo.list_history(limit=100).items == whole
    assert [w.code for w in repo.warnings] == ["moved_aside", "rebuilt_index"]
    aside = repo.warnings[0].params["moved_to"]
    assert '"totals":[]' in Path(aside).read_text()  # kept as found
    file_store.close()
    assert file_store.open().list_history(limit=100).items == whole


def test_history_walks_the_history_once(file_store, monkeypatch):
    """``history`` asked for pages of 500, each walked from the newest match
    again (21 walks of 10,000 matches): now one walk."""
    file_store.open().import_documents(finished_match_docs(501))
    file_store.close()
    walks = []
    real = archive_module.Archive.newest_first

    def counting(self, skip, status=None):
        walks.append(1)
        return real(self, skip, status)

    monkeypatch.setattr(archive_module.Archive, "newest_first", counting)
    out, err = io.StringIO(), io.StringIO()
    status = data_commands.run_history(
        data_dir=str(file_store.folder), stdout=out, stderr=err, all_matches=True
    )
    assert (status, err.getvalue()) == (0, "")
    assert out.getvalue().count("\n") == 502 and len(walks) == 1
