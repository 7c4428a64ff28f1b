"""tools/catalog_split.py carries a branch's catalog keys, written in the old
layout (one dict per language), into the feature modules: the lead re-runs it
when merging a branch that still edits ``i18n/it.py`` and ``en.py``."""

from __future__ import annotations

import ast
import shutil
from pathlib import Path

import pytest

from scorekeeper.i18n import catalogs
from tools import catalog_split

BASE = {
    "it.py": '_S = {\n    "score.undo_short": "Annulla",\n'
    '    "home.recent": "Ultime partite",\n    "board.won": "Ha vinto {side}!",\n}\n',
    "en.py": '_S = {\n    "score.undo_short": "Undo",\n'
    '    "home.recent": "Last matches",\n    "board.won": "{side} won!",\n}\n',
}
THEIRS = {
    "it.py": '_S = {\n    "score.undo_short": "Annulla",\n    # the redo\n'
    '    "score.redo_short": "Ripeti",\n    "home.recent": "Partite recenti",\n'
    '    "stats.won.one": "Vinta {won}",\n}\n',
    "en.py": '_S = {\n    "score.undo_short": "Undo",\n    # the redo\n'
    '    "score.redo_short": "Redo",\n    "home.recent": "Last matches",\n'
    '    "stats.won.one": "Won {won}",\n}\n',
}


@pytest.fixture
def modules(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of the feature modules the script edits."""
    folder = tmp_path / "catalogs"
    shutil.copytree(Path(catalogs.__file__).parent, folder)
    monkeypatch.setattr(catalog_split, "CATALOGS_DIR", folder)
    return folder


def words(path: Path) -> dict[str, tuple[str, str]]:
    space: dict[str, object] = {}
    exec(path.read_text(encoding="utf-8"), space)
    found = space["WORDS"]
    assert isinstance(found, dict)
    return found


def apply(modules: Path) -> list[str]:
    base = catalog_split.parse_old(BASE)
    theirs = catalog_split.parse_old(THEIRS)
    return catalog_split.apply(base, theirs, has_base=True)


def test_a_branchs_added_changed_and_removed_keys_reach_their_modules(modules):
    log = apply(modules)
    assert sorted(log) == [
        "added score.redo_short to scoreboard.py",
        "added stats.won.one to stats.py",
        "changed home.recent in home.py",
        "removed board.won from board.py",
    ]
    scoreboard = words(modules / "scoreboard.py")
    keys = list(scoreboard)
    assert keys[keys.index("score.undo_short") + 1] == "score.redo_short"
    assert scoreboard["score.redo_short"] == ("Ripeti", "Redo")
    source = (modules / "scoreboard.py").read_text(encoding="utf-8")
    assert '    # the redo\n    "score.redo_short"' in source
    stats = list(words(modules / "stats.py"))
    assert stats[stats.index("stats.won") + 1] == "stats.won.one"  # by its base
    assert words(modules / "home.py")["home.recent"] == (
        "Partite recenti",
        "Last matches",
    )
    assert "board.won" not in words(modules / "board.py")


def test_running_it_again_changes_nothing(modules):
    apply(modules)
    before = {p.name: p.read_text(encoding="utf-8") for p in modules.glob("*.py")}
    assert apply(modules) == []
    assert before == {
        p.name: p.read_text(encoding="utf-8") for p in modules.glob("*.py")
    }


def test_a_key_whose_first_word_no_module_holds_stops_it(modules):
    theirs = catalog_split.parse_old(
        {"it.py": '_S = {"zzz.new": "Nuovo"}\n', "en.py": '_S = {"zzz.new": "New"}\n'}
    )
    with pytest.raises(SystemExit, match="'zzz'"):
        catalog_split.apply(catalog_split.parse_old(BASE), theirs, has_base=True)


def test_a_long_text_is_wrapped_within_the_line_length():
    lines = catalog_split.entry_lines(
        "notice.x", ("parola " * 30 + "fine", 'a "quoted" word'), ()
    )
    assert all(len(line) <= catalog_split.WIDTH for line in lines)
    written = ast.literal_eval("{" + "\n".join(lines) + "}")
    assert written["notice.x"] == ("parola " * 30 + "fine", 'a "quoted" word')
