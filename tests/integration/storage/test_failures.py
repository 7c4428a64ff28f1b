"""A full disk, a read-only folder, a second instance: clear errors, data intact."""

from __future__ import annotations

import errno
import os
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from scorekeeper.storage import atomic
from scorekeeper.storage.atomic import AtomicJSONStorage
from scorekeeper.storage.errors import DataInUseError, StorageWriteError
from tests.integration.storage.helpers import BIG, SMALL, Store, fail_writes, setup


class FullDiskStorage(AtomicJSONStorage):
    """Reads like the real storage; every write fails as on a full disk."""

    def write_bytes(self, data):
        raise atomic.write_error(self.path, OSError(errno.ENOSPC, "No space left"))


def _snapshot(folder):
    return {
        p.relative_to(folder).as_posix(): p.read_bytes()
        for p in folder.rglob("*")
        if p.is_file()
    }


def test_a_full_disk_refuses_the_save_and_keeps_what_was_saved(file_store: Store):
    repo = file_store.open()
    m = repo.create_match(setup())
    repo.add_hand(m.id, SMALL)
    file_store.close()
    before = _snapshot(file_store.folder)

    repo = file_store.open(storage_cls=FullDiskStorage)
    with pytest.raises(StorageWriteError) as e:
        repo.add_hand(m.id, SMALL)
    assert isinstance(e.value, OSError) and e.value.errno == errno.ENOSPC
    assert e.value.code == "disk_full"
    assert "disk is full" in str(e.value) and "live.json" in str(e.value)
    assert "intact" in str(e.value)
    # the repository in memory did not move on either
    assert repo.get_match(m.id).match.hands == (SMALL,)
    with pytest.raises(StorageWriteError):
        repo.create_match(setup())

    assert _snapshot(file_store.folder) == before
    assert file_store.open().get_match(m.id).match.hands == (SMALL,)


def test_a_full_disk_in_the_middle_of_a_write_leaves_no_half_file(
    file_store: Store, monkeypatch
):
    repo = file_store.open()
    m = repo.create_match(setup())
    repo.add_hand(m.id, SMALL)
    before = _snapshot(file_store.folder)

    def no_space(fd):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(atomic.os, "fsync", no_space)
    with pytest.raises(StorageWriteError) as e:
        repo.add_hand(m.id, BIG)
    assert e.value.code == "disk_full"
    monkeypatch.undo()

    assert _snapshot(file_store.folder) == before  # no temporary left behind
    assert file_store.open().get_match(m.id).match.hands == (SMALL,)


def test_a_full_disk_on_the_memory_storage_changes_nothing():
    from scorekeeper.storage.backends import MemoryBackend
    from scorekeeper.storage.repository import TinyDBRepository

    backend = MemoryBackend()
    repo = TinyDBRepository(backend)
    m = repo.create_match(setup())
    backend.fail_writes = OSError(errno.ENOSPC, "No space left on device")
    with pytest.raises(StorageWriteError):
        repo.add_hand(m.id, SMALL)
    backend.fail_writes = None
    assert TinyDBRepository(backend).get_match(m.id).match.hands == ()


def test_a_read_only_folder_fails_the_write_with_a_clear_message(
    file_store: Store, monkeypatch
):
    repo = file_store.open()
    m = repo.create_match(setup())

    def read_only(*args, **kwargs):
        raise OSError(errno.EROFS, "Read-only file system")

    monkeypatch.setattr(atomic.tempfile, "mkstemp", read_only)
    with pytest.raises(StorageWriteError) as e:
        repo.add_hand(m.id, SMALL)
    assert e.value.code == "read_only"
    assert "read-only" in str(e.value)
    monkeypatch.undo()
    assert repo.add_hand(m.id, SMALL).match.hands == (SMALL,)


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes in read-only folders")
def test_a_really_read_only_folder_keeps_the_data(file_store: Store):
    repo = file_store.open()
    m = repo.create_match(setup())
    file_store.folder.chmod(0o555)
    try:
        with pytest.raises(StorageWriteError) as e:
            repo.add_hand(m.id, SMALL)
        assert e.value.code == "read_only"
    finally:
        file_store.folder.chmod(0o755)


def test_a_finished_match_that_cannot_reach_the_archive_stays_saved(store):
    repo = store.open()
    m = repo.create_match(setup())
    repo.add_hand(m.id, BIG)
    fail_writes(
        repo,
        lambda name: name.startswith("archive/"),
        StorageWriteError("disk full", code="disk_full"),
    )
    won = repo.add_hand(m.id, BIG)  # acknowledged: it is in live.json
    assert won.status == "won"
    assert repo.warnings[-1].code == "pending_move"
    assert repo.list_history().items[0].status == "won"

    repo = store.open()  # the move is finished at the next start
    assert repo.get_match(m.id).match.hands == (BIG, BIG)
    if store.kind == "file":
        assert m.id not in (store.folder / "live.json").read_text()


ROOT = Path(__file__).resolve().parents[3]
HOLDER = textwrap.dedent(
    """
    import sys, time
    from scorekeeper.storage.repository import open_repository
    repo = open_repository(sys.argv[1])
    print("open", flush=True)
    time.sleep(60)
    """
)


@contextmanager
def held_by_another_process(folder: Path) -> Iterator[None]:
    """*folder* open in a real second process (:data:`HOLDER`) while the block
    runs; killed after, then the folder must open again."""
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(folder)],
        stdout=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )
    try:
        assert holder.stdout is not None
        assert holder.stdout.readline().strip() == "open"
        yield
    finally:
        holder.kill()
        holder.wait()
    from scorekeeper.storage.repository import open_repository

    open_repository(folder).close()  # once the other process is gone


def test_a_second_process_on_the_same_folder_is_told_it_is_in_use(tmp_path):
    folder = tmp_path / "data"
    with held_by_another_process(folder):
        from scorekeeper.storage.repository import open_repository

        with pytest.raises(DataInUseError) as e:
            open_repository(folder)
        assert "already in use by another instance" in str(e.value)
        assert str(folder) in str(e.value)
        assert e.value.code == "in_use"


def test_the_lock_is_no_file_and_a_second_process_is_refused(tmp_path):
    """Issue 24 item 5: with a lock file (``.lock``) deleted a second
    process shared the folder and a match was lost. The lock is an ``flock``
    on the folder itself, and no file: a second process (the command line, a
    real process) is refused, and nothing of the first is touched; a
    ``.lock`` an older version left is only a file."""
    folder = tmp_path / "data"
    with held_by_another_process(folder):
        assert not (folder / ".lock").exists()
        (folder / ".lock").write_text("")  # as an older version left it
        before = _snapshot(folder)
        done = subprocess.run(
            [sys.executable, "main.py", "--data", str(folder), "history"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert done.returncode == 1, done.stderr
        assert "already in use by another instance" in done.stderr
        assert "Traceback" not in done.stderr
        assert _snapshot(folder) == before
