"""Where the data lives: --data beats $SPAZZINO_DATA beats <project>/data."""

from __future__ import annotations

from pathlib import Path

from scorekeeper.storage.paths import DEFAULT_DATA_DIR, resolve_data_dir
from scorekeeper.storage.repository import open_repository


def test_the_explicit_folder_wins_over_the_environment(tmp_path):
    env = {"SPAZZINO_DATA": str(tmp_path / "env")}
    assert resolve_data_dir(str(tmp_path / "arg"), env) == tmp_path / "arg"
    assert resolve_data_dir(None, env) == tmp_path / "env"


def test_without_either_the_data_is_in_the_project_folder():
    assert resolve_data_dir(None, {}) == DEFAULT_DATA_DIR
    assert Path(__file__).resolve().parents[3] / "data" == DEFAULT_DATA_DIR
    assert resolve_data_dir("", {"SPAZZINO_DATA": ""}) == DEFAULT_DATA_DIR


def test_the_folder_is_created_on_first_run(tmp_path):
    folder = tmp_path / "a" / "b" / "data"
    with open_repository(folder) as repo:
        assert repo.list_history().items == ()
    assert sorted(p.name for p in folder.iterdir()) == [
        "archive",
        "live.json",
        "meta.json",
    ]
