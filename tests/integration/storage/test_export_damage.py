"""A backup never silently lacks a match, and one damaged match never blocks
it (issue 24 items 2 and 4).

Before, ``export --all`` exited 0 with the matches of a deleted shard, of a
shard holding ``null`` or of a lost record simply left out, and a damaged
record (its ``match`` key removed) made ``export ID`` and ``export --all``
crash with a traceback. Now every readable match is exported, each one that
is not is named, and the exit status is 1. The repository tests run on
memory and on a real folder; the command-line ones on a real folder.
"""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.cli import main
from scorekeeper.storage import shards
from scorekeeper.storage.errors import DataFileError
from tests.integration.storage.helpers import BIG, SMALL, Store, setup

ROOT = Path(__file__).resolve().parents[3]
GONE = object()  # the file deleted


@pytest.fixture(autouse=True)
def small_shards(monkeypatch):
    """Shards of 2 matches: a few matches fill several shards."""
    monkeypatch.setattr(shards, "SHARD_SIZE", 2)  # where it is read


def _filled(store: Store, won: int = 5) -> tuple[list[str], str]:
    """*won* finished matches (archived, seq 0..won-1) and one in progress."""
    repo = store.open()
    ids = []
    for n in range(won):
        m = repo.create_match(setup(f"A{n}", f"B{n}"))
        repo.add_hand(m.id, BIG)
        repo.add_hand(m.id, BIG)
        ids.append(m.id)
    live = repo.create_match(setup("Carla", "Dario"))
    repo.add_hand(live.id, SMALL)
    store.close()
    return ids, live.id


def _change(store: Store, name: str, change: Callable[[Any], Any]) -> None:
    """Replace the content of data file *name* by ``change(content)``
    (``None``: JSON null; ``GONE``: the file deleted)."""
    if store.kind == "file":
        path = store.folder / name
        new = change(json.loads(path.read_text()))
        if new is GONE:
            path.unlink()
        else:
            path.write_text(json.dumps(new))
    else:
        new = change(json.loads(store.memory.files[name]))
        if new is GONE:
            del store.memory.files[name]
        else:
            store.memory.files[name] = json.dumps(new).encode()


def _drop_record(seq: int) -> Callable[[Any], Any]:
    def change(tables: Any) -> Any:
        del tables["matches"][str(seq + 1)]
        return tables

    return change


def _damage_record(seq: int) -> Callable[[Any], Any]:
    def change(tables: Any) -> Any:
        del tables["matches"][str(seq + 1)]["match"]
        return tables

    return change


def _exported_ids(docs: list[dict[str, Any]]) -> list[str]:
    return [d["meta"]["id"] for d in docs]


DAMAGE = {
    "null": ("archive/matches-0001.json", lambda tables: None, (2, 3)),
    "deleted": ("archive/matches-0001.json", lambda tables: GONE, (2, 3)),
    "lost record": ("archive/matches-0001.json", _drop_record(3), (3,)),
    "damaged record": ("archive/matches-0001.json", _damage_record(2), (2,)),
}


@pytest.mark.parametrize("kind", DAMAGE)
def test_export_all_gives_every_readable_match_and_names_the_others(store, kind):
    ids, live = _filled(store)
    name, change, lost = DAMAGE[kind]
    _change(store, name, change)
    repo = store.open()
    missing: list[DataFileError] = []
    docs = repo.export_all(missing)
    kept = [i for n, i in enumerate(ids) if n not in lost]
    assert _exported_ids(docs) == [*kept, live]  # oldest first, as before
    assert sorted(e.params["match_id"] for e in missing) == sorted(ids[n] for n in lost)
    for e in missing:
        assert "matches-0001.json" in str(e) and e.params["match_id"] in str(e)
    # without a list to name them in, a backup lacking a match is refused
    with pytest.raises(DataFileError) as e:
        repo.export_all()
    assert ids[lost[0]] in str(e.value)


def test_a_damaged_record_is_a_data_file_error_naming_it_not_a_crash(store):
    ids, _ = _filled(store)
    _change(store, "archive/matches-0001.json", _damage_record(2))
    repo = store.open()
    for read in (repo.export_match, repo.get_match, repo.edit_history):
        with pytest.raises(DataFileError) as e:
            read(ids[2])
        assert e.value.code == "damaged_record"
        assert ids[2] in str(e.value) and "expected an object" in str(e.value)
    assert repo.get_match(ids[3]).id == ids[3]  # its neighbour reads
    assert [m.id for m in repo.stored_matches()] == [i for i in ids if i != ids[2]] + [
        repo.list_history().items[0].id
    ]


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(list(argv), stdout=out, stderr=err)
    return status, out.getvalue(), err.getvalue()


@pytest.mark.parametrize("kind", DAMAGE)
def test_the_command_exports_the_others_names_the_missing_and_exits_1(
    file_store, tmp_path, kind
):
    ids, live = _filled(file_store)
    name, change, lost = DAMAGE[kind]
    _change(file_store, name, change)
    out = tmp_path / "b.json"
    status, _, err = run(
        "--data", str(file_store.folder), "export", "--all", "-o", str(out)
    )
    assert status == 1
    kept = [i for n, i in enumerate(ids) if n not in lost]
    assert _exported_ids(json.loads(out.read_text())) == [*kept, live]
    for n in lost:
        assert "error: not exported: " in err and ids[n] in err
    assert f"{len(lost)} match" in err.splitlines()[-1]
    # the same to stdout
    status, text, _ = run("--data", str(file_store.folder), "export", "--all")
    assert status == 1 and _exported_ids(json.loads(text)) == [*kept, live]


def test_export_of_a_damaged_match_says_so_in_one_line(file_store):
    ids, _ = _filled(file_store)
    _change(file_store, "archive/matches-0001.json", _damage_record(2))
    status, text, err = run("--data", str(file_store.folder), "export", ids[2])
    assert (status, text) == (1, "")
    # said at start (the shard was edited), then the one refusal
    warning, error = err.splitlines()
    assert warning.startswith("warning: ") and ids[2] in warning
    assert error.startswith("error: not exported: ")
    assert ids[2] in error and "damaged" in error
    status, text, _ = run("--data", str(file_store.folder), "export", ids[3])
    assert status == 0 and json.loads(text)["meta"]["id"] == ids[3]


def test_the_reported_case_as_a_process(tmp_path):
    """``echo null > D/archive/matches-0000.json; M export --all -o b.json``
    exited 0 with the shard's matches missing."""
    folder = tmp_path / "D"
    store = Store("file", folder)
    ids, live = _filled(store, won=3)
    (folder / "archive" / "matches-0000.json").write_text("null\n")
    done = subprocess.run(
        [sys.executable, "main.py", "export", "--all", "-o", str(tmp_path / "b.json")]
        + ["--data", str(folder)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        timeout=60,
    )
    assert done.returncode == 1, done.stderr
    assert "Traceback" not in done.stderr
    # shards of 250 in a process of its own: seq 0..2 all in shard 0
    assert _exported_ids(json.loads((tmp_path / "b.json").read_text())) == [live]
    for i in ids:
        assert i in done.stderr


def test_the_matches_one_reason_kept_out_are_named_in_one_line(file_store, tmp_path):
    """A deleted shard gave one line per match, each with the same reason
    (250 lines for a shard of 250): now one line names them all."""
    import doctest

    from scorekeeper import data_commands

    assert doctest.testmod(data_commands).failed == 0
    ids, _ = _filled(file_store)
    _change(file_store, "archive/matches-0001.json", lambda tables: GONE)
    out = tmp_path / "b.json"
    status, _, err = run(
        "--data", str(file_store.folder), "export", "--all", "-o", str(out)
    )
    assert status == 1
    errors = [line for line in err.splitlines() if line.startswith("error: ")]
    assert errors[0] == (
        f"error: not exported: 2 matches ({ids[2]}, {ids[3]}): "
        f"{file_store.folder / 'archive/matches-0001.json'}: missing, while "
        f"{file_store.folder / 'archive/index-0001.json'} lists its matches"
    )
    assert len(errors) == 2 and "2 matches could not be read" in errors[1]


def test_the_history_tells_a_deleted_shard_and_marks_its_matches_damaged(file_store):
    """The history (read lazily, no matches file opened) listed the matches
    of a deleted shard as if they were there, and said nothing."""
    ids, _ = _filled(file_store)
    _change(file_store, "archive/matches-0001.json", lambda tables: GONE)
    status, text, err = run("--data", str(file_store.folder), "history")
    assert status == 0
    (warning,) = err.splitlines()
    assert warning.startswith("warning: ")
    assert "matches-0001.json: missing: deleted" in warning
    assert ids[2] in warning and ids[3] in warning
    rows = {line.split()[0]: line for line in text.splitlines()[1:]}
    for n, match_id in enumerate(ids):
        assert ("(damaged)" in rows[match_id]) == (n in (2, 3)), rows[match_id]
    status, text, _ = run("--data", str(file_store.folder), "history", "--json")
    damaged = {d["id"] for d in json.loads(text) if d["damaged"]}
    assert damaged == {ids[2], ids[3]}


def test_recover_on_a_deleted_shard_moves_its_index_aside_and_names_the_lost(
    file_store,
):
    """README: ``--recover`` moves a damaged file aside and goes on. A matches
    file deleted left its index listing lost matches for ever (every
    command warned, every export exited 1); now the index file is kept
    aside as found, the lost matches are named once, and the rest is clean."""
    ids, live = _filled(file_store)
    _change(file_store, "archive/matches-0001.json", lambda tables: GONE)
    folder = str(file_store.folder)
    status, text, err = run("--data", folder, "--recover", "history", "--all")
    assert status == 0
    (warning,) = err.splitlines()
    assert "matches-0001.json: missing: deleted outside the app" in warning
    assert f"the 2 matches it held are lost ({ids[2]}, {ids[3]})" in warning
    assert ids[2] not in text and ids[3] not in text and ids[4] in text
    aside = list((file_store.folder / "archive").glob("index-0001.json.*"))
    assert len(aside) == 1 and ids[2] in aside[0].read_text()
    assert not (file_store.folder / "archive/index-0001.json").exists()
    status, out, err = run("--data", folder, "export", "--all")
    assert (status, err) == (0, "")
    kept = [i for n, i in enumerate(ids) if n not in (2, 3)]
    assert _exported_ids(json.loads(out)) == [*kept, live]
    assert run("--data", folder, "check")[0] == 0
