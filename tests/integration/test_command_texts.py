"""What the commands say when something is wrong (issue 24 item 8): a clear
line, the right exit code, and the reference's list of exit codes true.

Before: a mistyped ``--data`` made ``history`` and ``export --all`` create an
empty folder and answer "no matches" / ``[]``; a damaged history line was
``a summary is damaged (IndexError('string index out of range'))``; a shard
without its schema ``not a archive file … (found schema None, kind None)``;
an export that could not write its file said "what was saved before is
intact", a save's words, on a command that saves nothing.
"""

from __future__ import annotations

import ast
import errno
import json
import re
from pathlib import Path

import pytest

from scorekeeper.storage.repository import open_repository
from tests.integration.commands import run
from tests.integration.storage.helpers import BIG, SMALL, as_written, setup

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """A data folder with one archived (won) match and one in progress."""
    data = tmp_path / "data"
    repo = open_repository(data)
    won = repo.create_match(setup("Anna", "Bruno"))
    repo.add_hand(won.id, BIG)
    repo.add_hand(won.id, BIG)
    live = repo.create_match(setup("Carla", "Dario"))
    repo.add_hand(live.id, SMALL)
    repo.close()
    return data


@pytest.mark.parametrize(
    "argv",
    [
        ("history",),
        ("history", "--json"),
        ("export", "--all"),
        ("export", "20260101-abc"),
        ("share", "20260101-abc", "--link"),
    ],
    ids=lambda argv: " ".join(argv),
)
def test_a_mistyped_data_folder_is_said_and_not_created(tmp_path, argv):
    typo = tmp_path / "dta"
    status, out, err = run("--data", str(typo), *argv)
    assert (status, out) == (1, "")
    assert err == f"error: {typo}: no data folder here\n"
    assert not typo.exists()
    # as check says it
    status, out, _ = run("--data", str(typo), "check")
    assert status == 1 and f"{typo}: no data folder here" in out


def _edit(path: Path, change) -> None:
    doc = json.loads(path.read_text())
    change(doc)
    path.write_text(as_written(doc))  # as the app writes: its checksum right


def test_a_damaged_history_line_names_its_field_not_an_exception(folder):
    index = folder / "archive" / "index-0000.json"
    _edit(index, lambda d: d["summaries"]["1"].update(totals=[]))
    status, out, err = run("--data", str(folder), "history")
    assert status == 1 and out == ""
    assert f"{index}: history line 1 is damaged: 'totals' is [] (not two totals)" in err
    assert "Error" not in err
    status, out, _ = run("--data", str(folder), "check")
    assert f"{index}: history line 1 is damaged: 'totals' is []" in out
    assert "Error" not in out


def test_a_shard_without_its_schema_says_so_in_english(folder):
    shard = folder / "archive" / "matches-0000.json"
    _edit(shard, lambda d: d.pop("_schema"))
    status, out, _ = run("--data", str(folder), "check")
    assert status == 1
    assert (
        f"{shard}: not an archive file of this app (it has no _schema table)" in out
    ), out
    assert "None" not in out and "a archive" not in out
    _edit(shard, lambda d: d.update(_schema={"1": {"version": 1, "kind": "live"}}))
    status, out, _ = run("--data", str(folder), "check")
    assert "(its _schema says it is a 'live' file)" in out, out


def test_an_export_that_cannot_write_its_file_speaks_of_no_save(
    folder, tmp_path, monkeypatch
):
    missing = tmp_path / "no such folder" / "backup.json"
    status, out, err = run("--data", str(folder), "export", "--all", "-o", str(missing))
    assert status == 1 and out == ""
    assert err.startswith(f"error: could not write {missing}: ")
    assert "nothing was written" in err and "saved before" not in err
    assert err.count("\n") == 1

    import scorekeeper.storage.atomic as atomic

    def full(fd: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(atomic.os, "fsync", full)
    target = tmp_path / "backup.json"
    target.write_text("before")
    status, out, err = run("--data", str(folder), "export", "--all", "-o", str(target))
    assert status == 1
    assert err == (
        f"error: could not write {target}: the disk is full; nothing was written "
        "(a file there before is unchanged, the data folder too)\n"
    )
    assert target.read_text() == "before"


# -- the exit codes docs/REFERENCE.md lists ---------------------------------------
def _exit_constants() -> dict[str, int]:
    """Every ``EXIT_*`` constant of scorekeeper/, by name (tuple assignments
    too: ``EXIT_OK, EXIT_STORAGE, EXIT_REFUSED = 0, 1, 2``)."""
    found: dict[str, int] = {}
    for path in sorted((ROOT / "scorekeeper").rglob("*.py")):
        for node in ast.parse(path.read_text()).body:
            if not isinstance(node, ast.Assign):
                continue
            for target in node.targets:
                names = target.elts if isinstance(target, ast.Tuple) else [target]
                values = (
                    node.value.elts
                    if isinstance(node.value, ast.Tuple)
                    else [node.value]
                )
                for name, value in zip(names, values, strict=False):
                    if (
                        isinstance(name, ast.Name)
                        and name.id.startswith("EXIT_")
                        and isinstance(value, ast.Constant)
                    ):
                        found[f"{path.name}:{name.id}"] = value.value
    return found


def _listed_codes() -> list[int]:
    text = (ROOT / "docs" / "REFERENCE.md").read_text()
    section = text.split("## Exit codes", 1)[1].split("\n#", 1)[0]
    return [int(code) for code in re.findall(r"^- `(\d+)`:", section, re.M)]


def test_the_reference_lists_every_exit_code_the_commands_return():
    constants = _exit_constants()
    assert {"server.py:EXIT_CANNOT_LISTEN", "data_commands.py:EXIT_STORAGE"} <= set(
        constants
    )
    listed = _listed_codes()
    assert len(listed) == len(set(listed))
    assert set(listed) == set(constants.values()), (listed, constants)


def test_no_command_returns_a_bare_number():
    """A command's status is one of the named constants (docs/REFERENCE.md
    lists them), never a number written in place."""
    bare = []
    for path in sorted((ROOT / "scorekeeper").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if not isinstance(node, ast.FunctionDef):
                continue
            if not re.match(r"(run_|cmd_|serve$|main$|body$)", node.name):
                continue
            for inner in ast.walk(node):
                if (
                    isinstance(inner, ast.Return)
                    and isinstance(inner.value, ast.Constant)
                    and isinstance(inner.value.value, int)
                    and not isinstance(inner.value.value, bool)
                ):
                    bare.append(f"{path.name}:{node.name}:{inner.lineno}")
    assert bare == []


def test_a_damaged_record_is_named_once_and_recover_is_not_advised_to_recover(
    folder,
):
    shard = folder / "archive" / "matches-0000.json"
    _edit(shard, lambda d: d["matches"]["1"].update(match=None))
    status, out, _ = run("--data", str(folder), "check")
    assert "match: expected an object, found null" in out
    assert "match: match:" not in out
    status, _, err = run("--data", str(folder), "export", "--all")
    assert status == 1 and "match: match:" not in err
    assert err.count("--recover") == 1
    status, _, err = run("--data", str(folder), "export", "--all", "--recover")
    assert status == 1 and "--recover" not in err, err
