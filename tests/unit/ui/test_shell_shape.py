"""The house's shape (issue 36): folders by concept, imports that point down,
and a shell that stays a shell.

Read from the source with :mod:`ast` (nothing imported): which module imports
which, what ``ui/``'s root holds, each package's docstring, the attributes a
``Session`` sets on itself. No line cap: a cap splits modules by length and
their names suffer; modules are split by concept.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import scorekeeper.ui.shell.session
from tests.unit.fakes import make_session

SESSION_FILE = Path(scorekeeper.ui.shell.session.__file__)
PACKAGE = SESSION_FILE.parents[2]  # scorekeeper/
UI = PACKAGE / "ui"
UI_ROOT_MODULES = {"__init__.py", "app.py", "routes.py"}
"""``ui/``'s root: the app's entry (``main(page)`` and the route registry) and
the routes; everything else lives in a folder that says what it holds."""

LAYERS = ("core", "table", "storage", "ui")
"""From the bottom up: a module imports only its own layer and those below
(``ratings``, ``sharing``, ``i18n`` and the CLI sit beside them)."""
MAX_SESSION_ATTRIBUTES = 15


def attributes_set(cls: ast.ClassDef) -> set[str]:
    """The ``self.x`` assigned in any method of ``cls``."""
    found = set()
    for node in ast.walk(cls):
        targets: list[ast.expr] = []
        if isinstance(node, ast.Assign):
            targets = node.targets
        elif isinstance(node, ast.AnnAssign | ast.AugAssign):
            targets = [node.target]
        for target in targets:
            for t in ast.walk(target):
                if (
                    isinstance(t, ast.Attribute)
                    and isinstance(t.value, ast.Name)
                    and t.value.id == "self"
                ):
                    found.add(t.attr)
    return found


def session_class() -> ast.ClassDef:
    tree = ast.parse(SESSION_FILE.read_text(encoding="utf-8"))
    return next(
        n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "Session"
    )


def test_the_reader_finds_every_attribute_a_class_sets_on_itself():
    tree = ast.parse(
        "class A:\n"
        "    def __init__(self):\n"
        "        self.a = 1\n"
        "        self.b: int = 2\n"
        "        self.c, self.d = 3, 4\n"
        "    def later(self):\n"
        "        self.e += 1\n"
        "        other.f = 5\n"
    )
    (cls,) = tree.body
    assert isinstance(cls, ast.ClassDef)
    assert attributes_set(cls) == {"a", "b", "c", "d", "e"}


def test_a_session_holds_at_most_fifteen_attributes():
    names = attributes_set(session_class())
    assert len(names) <= MAX_SESSION_ATTRIBUTES, sorted(names)


def test_a_session_refuses_an_attribute_it_does_not_have(table):
    """``__slots__``: a test (or a screen) setting a dead attribute fails at
    once instead of setting something no code reads."""
    session = make_session(table)
    session.error = "a message"  # one of its own
    with pytest.raises(AttributeError):
        session.draft = None  # type: ignore[attr-defined]
    with pytest.raises(AttributeError):
        session.edit_index = 2  # type: ignore[attr-defined]


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports_of(path: Path) -> set[str]:
    """The ``scorekeeper`` modules (and names) that ``path`` imports, at any
    depth of the file (a lazy import counts as much as a top one)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()
    package = module_name(path).rsplit(".", 0 if path.name == "__init__.py" else 1)[0]
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.split(".")
                parent = parent[: len(parent) - node.level + 1]
                base = ".".join([*parent, base] if base else parent)
            found.add(base)
            found.update(f"{base}.{a.name}" for a in node.names)
    return {name for name in found if name.startswith("scorekeeper")}


def sources(folder: Path) -> list[Path]:
    return sorted(folder.rglob("*.py"))


def screen_of(module: str) -> str | None:
    """``scorekeeper.ui.screens.history.view`` -> ``history``."""
    parts = module.split(".")
    return (
        parts[3]
        if parts[:3] == ["scorekeeper", "ui", "screens"] and len(parts) > 3
        else None
    )


def test_the_import_reader_resolves_relative_and_lazy_imports(tmp_path):
    folder = PACKAGE / "ui" / "screens" / "history"
    source = folder / "view.py"
    names = imports_of(source)
    assert "scorekeeper.ui.shell.session" in names
    assert screen_of("scorekeeper.ui.screens.history.view") == "history"
    assert screen_of("scorekeeper.ui.shell.session") is None


def test_ui_root_holds_the_entry_and_the_routes_only():
    modules = {p.name for p in UI.glob("*.py")}
    assert modules == UI_ROOT_MODULES


def test_every_package_says_what_it_holds():
    """Each folder of the package has a docstring in its ``__init__.py``."""
    for init in sorted(PACKAGE.rglob("__init__.py")):
        tree = ast.parse(init.read_text(encoding="utf-8"))
        assert ast.get_docstring(tree), init.relative_to(PACKAGE)


def test_every_screen_is_a_package():
    screens = UI / "screens"
    assert not [p.name for p in screens.glob("*.py") if p.name != "__init__.py"]
    for folder in screens.iterdir():
        if folder.is_dir() and folder.name != "__pycache__":
            assert (folder / "__init__.py").exists(), folder.name


def test_nothing_imports_a_screen_but_the_route_registry():
    """A screen's view and actions are its own: only ``ui/app.py`` imports
    them. Another screen or a part may import a screen's ``state`` module, to
    open that screen with something to show (a rematch's form, a match's
    page); the shell imports no screen at all."""
    wrong = []
    for path in sources(PACKAGE):
        me = module_name(path)
        if me == "scorekeeper.ui.app":
            continue
        for name in imports_of(path):
            screen = screen_of(name)
            if screen is None or screen == screen_of(me):
                continue
            parts = name.split(".")
            state_only = len(parts) >= 5 and parts[4] == "state"
            if me.startswith("scorekeeper.ui.shell") or not state_only:
                wrong.append(f"{me} imports {name}")
    assert not wrong


def test_imports_point_down_the_layers():
    """``core`` imports nothing of ours above it, ``table`` nothing of
    ``storage``'s callers, ``storage`` no ``table``/``ui``, and nothing below
    ``ui`` imports ``ui`` (the web build and the CLI may)."""
    above = {
        "core": ("scorekeeper.table", "scorekeeper.storage", "scorekeeper.ui"),
        "storage": ("scorekeeper.table", "scorekeeper.ui"),
        "table": ("scorekeeper.ui",),
        "ratings": ("scorekeeper.ui",),
        "sharing": ("scorekeeper.ui",),
        "i18n": ("scorekeeper.ui", "scorekeeper.table", "scorekeeper.storage"),
    }
    wrong = []
    for layer, forbidden in above.items():
        for path in sources(PACKAGE / layer):
            for name in imports_of(path):
                if name.startswith(forbidden):
                    wrong.append(f"{module_name(path)} imports {name}")
    assert not wrong


def test_nothing_the_server_runs_imports_the_web_build():
    wrong = [
        f"{module_name(p)} imports {n}"
        for p in sources(UI)
        for n in imports_of(p)
        if n.startswith("scorekeeper.webbuild")
    ]
    assert not wrong
