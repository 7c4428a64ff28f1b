"""Cost must not grow with the history (issue 24 item 10).

An imported match without an id is looked up among the stored ones by the
identical-match digest the history index keeps (``same``): no archive shard
is read, however many matches look alike. Before, every stored match whose
history line looked alike was read (importing one match into 10,000 took
5-10 times as long as into an empty folder). The whole-process figures are
``benchmarks/bench_trust.py``'s.
"""

from __future__ import annotations

import json

from scorekeeper.core.matchfile import dump_match
from tests.integration.storage.helpers import BIG, Store, as_written, setup


def _won(repo, *players: str):
    m = repo.create_match(setup(*players))
    repo.add_hand(m.id, BIG)
    return repo.add_hand(m.id, BIG)


def _reads(repo) -> list[str]:
    """The data files *repo* reads from now on (names, in order)."""
    files = repo._files
    read = files.read_checked
    names: list[str] = []

    def counting(name, kind):
        names.append(name)
        return read(name, kind)

    files.read_checked = counting
    return names


def test_a_twin_is_found_without_reading_an_archive_shard(store: Store):
    repo = store.open()
    first = _won(repo, "Anna", "Bruno")
    for _ in range(3):  # look-alikes: the same players, totals and hands
        _won(repo, "anna", "BRUNO")
    _won(repo, "Carla", "Dario")
    reads = _reads(repo)
    twin = dump_match(first.match)  # no meta: no id
    results = repo.import_documents([twin, twin, twin, twin])
    assert reads == []  # nothing written, and nothing read
    # four stored (names compared as RULES §4 says), each taken once
    assert [r.created for r in results] == [False] * 4
    assert len({r.id for r in results}) == 4 and first.id in {r.id for r in results}
    # a fifth in the same file is new (its shard is written, so read)
    assert repo.import_documents([twin] * 5)[4].created is True
    store.open()  # the index (and the digests) survive a reopen
    assert store.repo is not None
    reads = _reads(store.repo)
    again = store.repo.import_documents([twin])
    assert again[0].created is False
    assert not [n for n in reads if n.startswith("archive/matches-")]


def test_history_lines_written_before_the_digest_are_still_searched(file_store):
    repo = file_store.open()
    first = _won(repo, "Anna", "Bruno")
    file_store.close()
    path = file_store.folder / "archive" / "index-0000.json"
    tables = json.loads(path.read_text())
    for line in tables["summaries"].values():
        del line["same"]  # as an older version wrote it
    path.write_text(as_written(tables))  # its checksum right: not rebuilt
    repo = file_store.open()
    assert repo.warnings == [] and repo._archive.undigested  # read, not rebuilt
    (result,) = repo.import_documents([dump_match(first.match)])
    assert (result.id, result.created) == (first.id, False)


def test_a_first_page_of_the_history_makes_only_its_own_lines(store: Store):
    """Before, the first page made every archived line a summary (the
    history's order was built from them: 45 ms of `history` at 10,000)."""
    repo = store.open()
    ids = [_won(repo, "Anna", "Bruno").id for _ in range(12)]
    store.open(lazy=True)  # as `history` opens it: the lines read, not made
    assert store.repo is not None
    archive = store.repo._archive
    assert all(i in archive for i in ids) and not archive._summaries
    page = store.repo.list_history(limit=3)
    assert [s.id for s in page.items] == ids[::-1][:3] and page.has_more
    assert len(archive._summaries) <= 4  # the page's three and the one after
    # the rest of the history, made as it is asked for, in the same order
    rest = store.repo.list_history(offset=3, limit=20).items
    assert [s.id for s in rest] == ids[::-1][3:]
