"""Deleting a match: a tombstone that hides it, restore, and compaction for good.

Every test runs on a real folder and in memory (the ``store`` fixture).
"""

from __future__ import annotations

import dataclasses

import pytest

from scorekeeper.storage.errors import (
    EditRefusedError,
    ImportRefusedError,
    MatchNotFoundError,
    StorageWriteError,
)
from tests.integration.storage.helpers import (
    BIG,
    OTHER,
    SMALL,
    Store,
    fail_writes,
    setup,
)


def _won(repo, *players: str, notes: str = "") -> str:
    m = repo.create_match(setup(*players), notes=notes)
    repo.add_hand(m.id, SMALL)
    repo.add_hand(m.id, BIG)
    repo.add_hand(m.id, BIG)
    return m.id


def _open(repo, *players: str) -> str:
    m = repo.create_match(setup(*players))
    repo.add_hand(m.id, OTHER)
    return m.id


def _files(store: Store) -> str:
    return "".join(p.read_text() for p in sorted(store.folder.rglob("*.json")))


def _now_and_reopened(store: Store):
    """The open repository, then (lazily) the same data opened again."""
    yield store.repo
    yield store.open()


def _history_ids(repo) -> list[str]:
    return [s.id for s in repo.list_history(limit=100).items]


def test_a_deleted_match_leaves_the_history_the_statistics_the_export_and_the_count(
    store,
):
    repo = store.open()
    kept = _won(repo, "Anna", "Bruno")
    gone = _won(repo, "Anna", "Carla")
    assert repo.count() == 2

    deleted = repo.delete_match(gone, by="Anna")

    assert deleted.deleted and deleted.id == gone
    for r in _now_and_reopened(store):
        assert _history_ids(r) == [kept]
        assert [m.id for m in r.stored_matches("Anna")] == [kept]
        assert [m.id for m in r.stored_matches()] == [kept]
        assert [d["meta"]["id"] for d in r.export_all()] == [kept]
        assert r.count() == 1
        assert r.list_history(player="Carla").items == ()
        assert [s.id for s in r.deleted_matches()] == [gone]


def test_a_deleted_match_is_not_found_unless_asked_for_explicitly(store):
    repo = store.open()
    gone = _won(repo)
    repo.delete_match(gone)

    with pytest.raises(MatchNotFoundError) as e:
        repo.get_match(gone)
    assert "deleted" in str(e.value) and e.value.params["deleted"] is True
    with pytest.raises(MatchNotFoundError):
        repo.summary(gone)
    with pytest.raises(MatchNotFoundError):
        repo.export_match(gone)
    with pytest.raises(MatchNotFoundError):
        repo.set_notes(gone, "x")
    with pytest.raises(MatchNotFoundError):
        repo.delete_match(gone)
    seen = repo.get_match(gone, include_deleted=True)
    assert seen.deleted and seen.state.totals == (46, 3)
    assert repo.summary(gone, include_deleted=True).deleted


def test_restoring_a_deleted_match_gives_back_the_identical_match(store):
    repo = store.open()
    mid = _won(repo, "Anna", "Bruno", notes="al bar")
    before = repo.get_match(mid)
    line = repo.summary(mid)
    history = repo.edit_history(mid)

    repo.delete_match(mid, by="Bruno")
    restored = store.open().restore_match(mid, by="Anna")

    for m in (restored, store.open().get_match(mid)):
        assert not m.deleted
        assert dataclasses.replace(m, edit_count=before.edit_count) == before
        assert m.edit_count == before.edit_count + 2
    repo = store.repo
    assert repo.summary(mid) == line
    assert _history_ids(repo) == [mid]
    assert repo.deleted_matches() == ()
    assert repo.edit_history(mid)[: len(history)] == history


def test_deleting_and_restoring_is_logged_with_who_and_when_and_undo_skips_it(store):
    repo = store.open()
    mid = _open(repo)
    repo.delete_match(mid, by="Anna")
    repo.restore_match(mid, by="Bruno")

    *_, deleted, restored = repo.edit_history(mid)
    assert (deleted.action, deleted.by) == ("delete_match", "Anna")
    assert (restored.action, restored.by) == ("restore_match", "Bruno")
    assert deleted.at <= restored.at
    # undo reverts the last hand edit, not the deletion or the restore
    assert repo.undo(mid).match.hands == ()


def test_deleting_a_match_in_progress_moves_its_tombstone_out_of_the_live_file(
    store,
):
    repo = store.open()
    playing = _open(repo, "Carla", "Dario")
    repo.delete_match(playing)

    if store.kind == "file":
        assert playing not in (store.folder / "live.json").read_text()
    repo = store.open()
    assert _history_ids(repo) == []
    assert repo.list_history(status="in_progress").items == ()
    # restored, it is a match in progress again, and can be played on
    repo.restore_match(playing)
    assert repo.add_hand(playing, SMALL).match.hands == (OTHER, SMALL)
    assert [s.status for s in store.open().list_history().items] == ["in_progress"]


def test_a_restored_match_in_progress_then_won_is_archived_once(store):
    repo = store.open()
    mid = _open(repo)
    repo.delete_match(mid)
    repo.restore_match(mid)
    repo.add_hand(mid, BIG)
    repo.add_hand(mid, BIG)

    repo = store.open()
    assert [(s.id, s.status) for s in repo.list_history().items] == [(mid, "won")]
    assert repo.count() == 1 and repo.deleted_matches() == ()


def test_editing_or_resuming_a_deleted_match_is_refused_and_restore_needs_a_deletion(
    store,
):
    repo = store.open()
    mid = _open(repo)
    with pytest.raises(EditRefusedError) as e:
        repo.restore_match(mid)
    assert e.value.code == "not_deleted"
    repo.delete_match(mid)
    for edit in (
        lambda: repo.add_hand(mid, SMALL),
        lambda: repo.abandon_match(mid),
        lambda: repo.undo(mid),
        lambda: repo.create_match(setup(), rematch_of=mid),
    ):
        with pytest.raises(MatchNotFoundError):
            edit()
    assert repo.get_match(mid, include_deleted=True).match.hands == (OTHER,)


def test_compacting_removes_deleted_matches_for_good(store):
    repo = store.open()
    kept = _won(repo)
    gone = [_won(repo), _open(repo), _won(repo)]
    for mid in gone:
        repo.delete_match(mid)

    assert repo.compact_history() == 3

    for r in _now_and_reopened(store):
        assert r.deleted_matches() == ()
        assert _history_ids(r) == [kept]
        for mid in gone:
            with pytest.raises(MatchNotFoundError):
                r.get_match(mid, include_deleted=True)
            with pytest.raises(MatchNotFoundError):
                r.restore_match(mid)
    if store.kind == "file":
        text = _files(store)
        assert kept in text
        assert not any(mid in text for mid in gone)
    assert store.repo.compact_history() == 0


def test_tombstones_survive_a_reopen_while_the_archive_move_is_pending(store):
    repo = store.open()
    mid = _won(repo)
    fail_writes(
        repo,
        lambda name: name.startswith("archive/"),
        StorageWriteError("disk full", code="disk_full"),
    )
    repo.delete_match(mid)  # acknowledged in live.json; the move is pending
    assert repo.warnings[-1].code == "pending_move"
    assert _history_ids(repo) == [] and repo.count() == 0

    repo = store.open()  # as after a crash: the move is finished now
    assert _history_ids(repo) == []
    assert [s.id for s in repo.deleted_matches()] == [mid]
    if store.kind == "file":
        assert mid not in (store.folder / "live.json").read_text()
    assert repo.restore_match(mid).state.totals == (46, 3)


def test_a_compaction_cut_short_is_finished_at_the_next_open(store):
    repo = store.open()
    kept = _won(repo)
    gone = _won(repo)
    repo.delete_match(gone)
    fail_writes(
        repo,
        lambda name: name.startswith("archive/"),
        StorageWriteError("disk full", code="disk_full"),
    )
    assert repo.compact_history() == 1
    assert repo.warnings[-1].code == "pending_purge"
    assert repo.deleted_matches() == ()
    if store.kind == "file":
        assert gone in _files(store)  # still in the archive, listed to purge

    repo = store.open()
    assert repo.deleted_matches() == () and _history_ids(repo) == [kept]
    if store.kind == "file":
        assert gone not in _files(store)


def test_a_deleted_match_cannot_be_exported_nor_imported_over(store, tmp_path):
    repo = store.open()
    mid = _won(repo)
    doc = repo.export_match(mid)
    repo.delete_match(mid)

    assert repo.export_all() == []
    with pytest.raises(ImportRefusedError) as e:
        repo.import_documents([doc])
    assert e.value.code == "id_conflict" and "restore" in str(e.value)
    assert repo.count() == 0 and [s.id for s in repo.deleted_matches()] == [mid]


def test_a_restored_match_exports_with_its_deletion_in_the_edit_log_and_imports(
    store, tmp_path
):
    repo = store.open()
    mid = _won(repo)
    repo.delete_match(mid, by="Anna")
    repo.restore_match(mid)
    docs = repo.export_all()

    other = Store(store.kind, tmp_path / "other")
    try:
        assert [r.created for r in other.open().import_documents(docs)] == [True]
        assert [e.action for e in other.repo.edit_history(mid)][-2:] == [
            "delete_match",
            "restore_match",
        ]
        assert other.repo.get_match(mid).state == repo.get_match(mid).state
    finally:
        other.close()


def test_deleted_matches_lists_the_latest_deleted_first(store):
    repo = store.open()
    a, b, c = _won(repo), _open(repo), _won(repo)
    for mid in (b, a, c):
        repo.delete_match(mid)
    assert [s.id for s in store.open().deleted_matches()] == [c, a, b]
    assert all(s.deleted_at is not None for s in store.repo.deleted_matches())


def test_the_revision_changes_with_every_saved_change(store):
    repo = store.open()
    seen = {repo.revision()}
    mid = _won(repo)
    seen.add(repo.revision())
    repo.delete_match(mid)
    seen.add(repo.revision())
    repo.compact_history()
    seen.add(repo.revision())
    assert len(seen) == 4
