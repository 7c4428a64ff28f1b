"""The import graph of ``scorekeeper``: no cycles, and a core that stays pure.

The graph is read from the source with :mod:`ast`, nothing is imported. An edge
``a -> b`` means that running module ``a`` may import module ``b``: every
``import``/``from … import`` statement counts, at module level or inside a
function, a class or a ``try``, and those under ``if TYPE_CHECKING:`` too:
they never run, but a module that names another's types only for the type
checker still depends on it (the guard once took ``Session`` that way while
the session imported the guard). Relative imports are resolved against the
importing module.
``from package import name`` leads to ``package`` and, when ``name`` is a
submodule, to ``package.name``; importing ``a.b.c`` also runs ``a`` and
``a.b``. The packages that contain the importing module are left out (they are
already being imported when it runs), so a package ``__init__`` that re-exports
its modules is not a cycle.

Dynamic imports (``importlib.import_module``) are not seen.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from itertools import pairwise
from pathlib import Path

import pytest

import scorekeeper

PACKAGE = "scorekeeper"
PACKAGE_DIR = Path(scorekeeper.__file__).parent
CORE = f"{PACKAGE}.core"
UI = f"{PACKAGE}.ui"
FORBIDDEN_IN_CORE = ("flet", "flet_charts", "tinydb", f"{PACKAGE}.storage", UI)


# -- reading the source ----------------------------------------------------------------
def package_modules(root: Path = PACKAGE_DIR, name: str = PACKAGE) -> dict[str, Path]:
    """Every module of the package by dotted name (a package is its __init__)."""
    modules = {}
    for path in sorted(root.rglob("*.py")):
        parts = [name, *path.relative_to(root).with_suffix("").parts]
        if parts[-1] == "__init__":
            parts.pop()
        modules[".".join(parts)] = path
    return modules


def _is_type_checking(test: ast.expr) -> bool:
    """``TYPE_CHECKING`` or ``typing.TYPE_CHECKING`` (or any ``x.TYPE_CHECKING``)."""
    if isinstance(test, ast.Name):
        return test.id == "TYPE_CHECKING"
    return isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"


def _statements(node: ast.AST, type_checking: bool) -> Iterator[ast.AST]:
    """All nodes under *node*, leaving out ``if TYPE_CHECKING:`` bodies unless
    *type_checking* (their ``else:`` runs, so it is always walked)."""
    for child in ast.iter_child_nodes(node):
        if isinstance(child, ast.If) and _is_type_checking(child.test):
            if type_checking:
                yield from _statements(child, type_checking)
            else:
                for stmt in child.orelse:
                    yield stmt
                    yield from _statements(stmt, type_checking)
            continue
        yield child
        yield from _statements(child, type_checking)


def imported_names(
    tree: ast.Module, module: str, is_package: bool, *, type_checking: bool = False
) -> set[str]:
    """Absolute names that *module* imports: modules, or ``module.name`` for a
    ``from module import name`` (the name may be a submodule or not)."""
    package = module if is_package else module.rpartition(".")[0]
    names: set[str] = set()
    for node in _statements(tree, type_checking):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base_parts = package.split(".")
                if node.level - 1 > len(base_parts) - 1:
                    raise ValueError(f"{module}: relative import beyond the package")
                base = ".".join(base_parts[: len(base_parts) - (node.level - 1)])
                source = f"{base}.{node.module}" if node.module else base
            else:
                source = node.module or ""
            names.add(source)
            names.update(f"{source}.{alias.name}" for alias in node.names)
    return names


def _prefixes(name: str) -> list[str]:
    parts = name.split(".")
    return [".".join(parts[:i]) for i in range(1, len(parts) + 1)]


def edges_of(module: str, names: set[str], known: set[str]) -> set[str]:
    """The package's modules that importing *names* runs, minus the packages
    that contain *module* (and *module* itself)."""
    running = set(_prefixes(module))
    return {
        prefix
        for name in names
        for prefix in _prefixes(name)
        if prefix in known and prefix not in running
    }


def import_graph(
    modules: dict[str, Path], *, type_checking: bool = True
) -> dict[str, set[str]]:
    """Each module's edges; ``type_checking``: counting the imports under
    ``if TYPE_CHECKING:``."""
    known = set(modules)
    graph = {}
    for module, path in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        names = imported_names(
            tree, module, path.name == "__init__.py", type_checking=type_checking
        )
        graph[module] = edges_of(module, names, known)
    return graph


# -- cycles ----------------------------------------------------------------------------
def strongly_connected(graph: dict[str, set[str]]) -> list[list[str]]:
    """Tarjan's components that hold a cycle (more than one module, or a
    module importing itself), each sorted, in sorted order."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1 or v in graph.get(v, ()):
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return sorted(found)


def a_cycle_through(
    start: str, component: list[str], graph: dict[str, set[str]]
) -> list[str]:
    """A shortest cycle from *start* back to it inside the component:
    ``[a, b, a]``."""
    members = set(component)
    paths = [[start]]
    seen = {start}
    while paths:  # breadth first, so the cycle named is a shortest one
        next_paths = []
        for path in paths:
            for w in sorted(graph[path[-1]] & members):
                if w == start:
                    return [*path, start]
                if w not in seen:
                    seen.add(w)
                    next_paths.append([*path, w])
        paths = next_paths
    raise AssertionError(f"no cycle through {start} in {component}")


def cycles_in(component: list[str], graph: dict[str, set[str]]) -> list[list[str]]:
    """A shortest cycle through each module of the component, each named once."""
    cycles: list[list[str]] = []
    named: set[frozenset[tuple[str, str]]] = set()
    for start in component:
        cycle = a_cycle_through(start, component, graph)
        edges = frozenset(pairwise(cycle))
        if edges not in named:
            named.add(edges)
            cycles.append(cycle)
    return cycles


def described(components: list[list[str]], graph: dict[str, set[str]]) -> str:
    lines = []
    for component in components:
        lines.append(f"cycles among {', '.join(component)}:")
        lines += [f"  {' -> '.join(c)}" for c in cycles_in(component, graph)]
    return "\n".join(lines)


@pytest.fixture(scope="module")
def graph() -> dict[str, set[str]]:
    return import_graph(package_modules())


# -- the reader itself -----------------------------------------------------------------
def test_the_reader_resolves_relative_imports_and_counts_function_level_ones():
    source = """
from __future__ import annotations
from typing import TYPE_CHECKING
from . import sibling
from .. import storage
from ..core.model import Rank
import scorekeeper.core.engine

if TYPE_CHECKING:
    from .only_for_types import Thing
else:
    from .at_run_time import other

def later():
    from .inside_a_function import x
"""
    known = {
        "scorekeeper",
        "scorekeeper.ui",
        "scorekeeper.ui.app",
        "scorekeeper.ui.sibling",
        "scorekeeper.ui.only_for_types",
        "scorekeeper.ui.at_run_time",
        "scorekeeper.ui.inside_a_function",
        "scorekeeper.storage",
        "scorekeeper.core",
        "scorekeeper.core.model",
        "scorekeeper.core.engine",
    }
    names = imported_names(ast.parse(source), "scorekeeper.ui.app", False)
    assert edges_of("scorekeeper.ui.app", names, known) == {
        "scorekeeper.ui.sibling",
        "scorekeeper.storage",
        "scorekeeper.core",
        "scorekeeper.core.model",
        "scorekeeper.core.engine",
        "scorekeeper.ui.at_run_time",
        "scorekeeper.ui.inside_a_function",
    }


def test_an_import_only_for_the_type_checker_is_an_edge_of_the_graph(tmp_path):
    (tmp_path / "__init__.py").write_text("")
    (tmp_path / "door.py").write_text("class Door: ...\n")
    (tmp_path / "guard.py").write_text(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n"
        "    from pkg.session import Session\n"
    )
    (tmp_path / "session.py").write_text("from pkg import guard\n")
    modules = package_modules(tmp_path, "pkg")
    counted = import_graph(modules)
    assert strongly_connected(counted) == [["pkg.guard", "pkg.session"]]
    assert not strongly_connected(import_graph(modules, type_checking=False))


def test_the_cycle_finder_names_each_cycle_and_ignores_a_chain():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": {"e"}, "f": set()}
    components = strongly_connected(graph)
    assert components == [["a", "b", "c"], ["e"]]
    assert described(components, graph).splitlines() == [
        "cycles among a, b, c:",
        "  a -> b -> c -> a",
        "cycles among e:",
        "  e -> e",
    ]


def test_the_graph_covers_every_module_of_the_package(graph):
    assert f"{CORE}.engine" in graph and f"{UI}.app" in graph
    assert f"{CORE}.model" in graph[f"{CORE}.engine"]

    # -- the package ---------------------------------------------------------------


def test_no_module_of_the_package_is_part_of_an_import_cycle(graph):
    """Counting the imports made only for the type checker."""
    components = strongly_connected(graph)
    assert not components, "import cycles:\n" + described(components, graph)


def test_no_import_cycle_touches_a_module_outside_the_ui(graph):
    outside = [
        c
        for c in strongly_connected(graph)
        if any(m != UI and not m.startswith(f"{UI}.") for m in c)
    ]
    assert not outside, "import cycles outside scorekeeper.ui:\n" + described(
        outside, graph
    )


def test_the_core_imports_neither_flet_nor_tinydb_nor_storage_nor_the_ui():
    """Every import of core/, even one only for type checking."""
    found = []
    for module, path in package_modules().items():
        if module != CORE and not module.startswith(f"{CORE}."):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        is_package = path.name == "__init__.py"
        for name in imported_names(tree, module, is_package, type_checking=True):
            for bad in FORBIDDEN_IN_CORE:
                if name == bad or name.startswith(f"{bad}."):
                    found.append(f"{module} imports {name}")
    assert not found, "\n".join(sorted(set(found)))


# -- the screens share through shared.py, not through each other's private names ----
SCREENS = f"{UI}.screens"


def private_names_taken(
    tree: ast.Module, module: str, is_package: bool, known: set[str]
) -> list[str]:
    """The private names (``_x``) of another module of the package that
    *module* imports (``from m import _x``) or reads (``m._x`` on a module
    it imported), as ``"m._x"``."""
    package = module if is_package else module.rpartition(".")[0]
    found: list[str] = []
    aliases: dict[str, str] = {}  # a local name -> the package module it is
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[: len(parts) - (node.level - 1)])
                source = f"{base}.{node.module}" if node.module else base
            else:
                source = node.module or ""
            for alias in node.names:
                full = f"{source}.{alias.name}"
                if full in known:
                    aliases[alias.asname or alias.name] = full
                elif (
                    source in known
                    and source != module
                    and alias.name.startswith("_")
                    and not alias.name.startswith("__")
                ):
                    found.append(full)
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.asname and alias.name in known:
                    aliases[alias.asname] = alias.name
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id in aliases
            and aliases[node.value.id] != module
            and node.attr.startswith("_")
            and not node.attr.startswith("__")
        ):
            found.append(f"{aliases[node.value.id]}.{node.attr}")
    return found


def test_the_private_name_finder_sees_imports_and_reads_through_a_module():
    source = """
from scorekeeper.ui.screens.alpha import _dropdown, open_match
from .beta import _confirm
from scorekeeper.ui.screens import gamma as stats
from flet.controls.context import _context_page
from . import _mine
stats._cache.clear()
"""
    known = {
        "scorekeeper.ui.screens",
        "scorekeeper.ui.screens.alpha",
        "scorekeeper.ui.screens.beta",
        "scorekeeper.ui.screens.gamma",
        "scorekeeper.ui.screens.x",
    }
    found = private_names_taken(
        ast.parse(source), "scorekeeper.ui.screens.x", False, known
    )
    assert sorted(found) == [
        "scorekeeper.ui.screens._mine",
        "scorekeeper.ui.screens.alpha._dropdown",
        "scorekeeper.ui.screens.beta._confirm",
        "scorekeeper.ui.screens.gamma._cache",
    ]


def test_no_screen_takes_a_private_name_of_another_module():
    """What screens share is public (``parts/questions.py``); a screen that
    needs another's ``_helper`` moves it there."""
    modules = package_modules()
    known = set(modules)
    found = []
    for module, path in modules.items():
        if module != SCREENS and not module.startswith(f"{SCREENS}."):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        is_package = path.name == "__init__.py"
        for name in private_names_taken(tree, module, is_package, known):
            found.append(f"{module} takes {name}")
    assert not found, "\n".join(sorted(found))
