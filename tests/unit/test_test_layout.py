"""The tests' own layout. The unit tests mirror the package: the tests of
``scorekeeper/core/`` are in ``tests/unit/core/``, of ``scorekeeper/ui/screens/``
in ``tests/unit/ui/screens/``, and every folder of ``tests/unit`` is named after
a folder of the package (the tests of the package as a whole, and of the modules
at its root, are in ``tests/unit`` itself).

The test folders have no __init__.py, so pytest imports test modules by their
file name: two test files with one name in different folders stop the whole run
at collection (seen in CI). Every test file's name is unique; no test module
imports another (shared helpers live in conftest.py or helper modules such as
``tests/unit/fakes.py``), and a fixture shared by a layer is defined once, in
its conftest.py."""

from __future__ import annotations

import ast
from collections import Counter
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parents[1]
UNIT = TESTS / "unit"
PACKAGE = TESTS.parent / "scorekeeper"


def _folders(root: Path) -> list[Path]:
    """The folders under ``root`` holding Python files, relative to it."""
    return sorted(
        p.relative_to(root)
        for p in root.rglob("*")
        if p.is_dir() and p.name != "__pycache__" and any(p.glob("*.py"))
    )


def test_every_folder_of_the_unit_tests_is_a_folder_of_the_package():
    assert _folders(UNIT)  # the tests are in folders, not flat
    assert [
        f for f in _folders(UNIT) if not (PACKAGE / f / "__init__.py").is_file()
    ] == []


def test_the_folder_reader_sees_a_folder_the_package_does_not_have(tmp_path):
    (tmp_path / "core" / "nowhere").mkdir(parents=True)
    (tmp_path / "core" / "nowhere" / "test_x.py").write_text("")
    (tmp_path / "empty").mkdir()
    assert _folders(tmp_path) == [Path("core/nowhere")]
    assert not (PACKAGE / "core" / "nowhere" / "__init__.py").is_file()


def test_no_two_test_files_share_a_name() -> None:
    names = Counter(p.name for p in TESTS.rglob("test_*.py"))
    assert [name for name, n in names.items() if n > 1] == []


def _imported(tree: ast.AST) -> list[str]:
    names: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.append(node.module)
            names += [f"{node.module}.{a.name}" for a in node.names]
    return names


def test_no_module_of_the_tests_imports_a_test_module():
    found = [
        f"{path.relative_to(TESTS)}: {name}"
        for path in sorted(TESTS.rglob("*.py"))
        for name in _imported(ast.parse(path.read_text(encoding="utf-8")))
        if name.startswith("tests.") and name.rsplit(".", 1)[-1].startswith("test_")
    ]
    assert found == []


def _is_fixture(node: ast.FunctionDef) -> bool:
    """Decorated ``@pytest.fixture`` or ``@pytest.fixture(...)``."""
    return any(
        ast.unparse(d.func if isinstance(d, ast.Call) else d) == "pytest.fixture"
        for d in node.decorator_list
    )


def _defined(root: Path, name: str) -> list[str]:
    """Where a fixture ``name`` is defined in the Python files under ``root``."""
    return [
        path.relative_to(root).as_posix()
        for path in sorted(root.rglob("*.py"))
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.FunctionDef) and node.name == name and _is_fixture(node)
    ]


@pytest.mark.parametrize(
    ("layer", "fixture"),
    [
        ("unit", "table"),
        ("unit", "session"),
        ("unit", "playing"),
        ("integration", "data"),
    ],
)
def test_a_shared_fixture_is_defined_once_in_its_layers_conftest(layer, fixture):
    assert _defined(TESTS / layer, fixture) == ["conftest.py"]


def test_the_definition_finder_sees_a_fixture_defined_again_in_a_subfolder(
    tmp_path,
):
    fixture = "@pytest.fixture{}\ndef session(table): ...\n"
    (tmp_path / "conftest.py").write_text(fixture.format(""))
    (tmp_path / "ui").mkdir()
    (tmp_path / "ui" / "test_x.py").write_text(fixture.format("(autouse=True)"))
    (tmp_path / "ui" / "test_y.py").write_text("def session(): ...\n")  # a helper
    assert _defined(tmp_path, "session") == ["conftest.py", "ui/test_x.py"]


RERUN = ("flaky", "reruns", "rerunfailures", "pytest_rerun")
"""What runs a failed test again (pytest-rerunfailures' marker, option and
plugin; the flaky plugin's marker)."""


def _asking_for_reruns(text: str) -> list[str]:
    return [word for word in RERUN if word in text]


def test_no_test_is_run_again_on_failure() -> None:
    """A test that passes on its second try may hide a bug a finger would hit:
    no test, conftest, setting or requirement asks for a rerun."""
    root = TESTS.parent
    sources = [*TESTS.rglob("*.py"), root / "pyproject.toml"]
    sources += [*root.glob("requirements*.txt"), root / ".ci" / "run"]
    asking = {
        str(path.relative_to(root)): found
        for path in sources
        if path != Path(__file__).resolve()
        and (found := _asking_for_reruns(path.read_text(encoding="utf-8")))
    }
    assert not asking, asking


def test_the_rerun_finder_sees_a_marker_and_an_option() -> None:
    assert _asking_for_reruns("@pytest.mark.flaky(reruns=1)") == ["flaky", "reruns"]
    assert _asking_for_reruns('addopts = "-p rerunfailures"') == ["rerunfailures"]


def _starting_loops(tree: ast.AST) -> int:
    """The calls of ``asyncio.run`` in a module's tree."""
    return sum(
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "run"
        and isinstance(node.func.value, ast.Name)
        and node.func.value.id == "asyncio"
        for node in ast.walk(tree)
    )


def test_no_test_starts_an_event_loop_in_its_own_thread() -> None:
    """Playwright's sync API keeps the main thread's loop running once a
    browser test ran in the process, and tests spread over workers may follow
    one: a coroutine runs through ``tests/event_loops.py`` (5 attacks on the
    server's doors failed with ``asyncio.run()`` when they did)."""
    own = TESTS / "event_loops.py"
    starting = [
        str(path.relative_to(TESTS))
        for path in TESTS.rglob("*.py")
        if path != own and _starting_loops(ast.parse(path.read_text("utf-8")))
    ]
    # the package's doctests run in the workers too (busy run 4: picture.py's)
    starting += [
        str(path.relative_to(PACKAGE))
        for path in PACKAGE.rglob("*.py")
        if ">>> asyncio.run(" in path.read_text("utf-8")
    ]
    assert not starting, starting


def test_the_loop_finder_sees_asyncio_run() -> None:
    assert _starting_loops(ast.parse("import asyncio\nasyncio.run(main())")) == 1
    assert _starting_loops(ast.parse("run_coroutine(main())")) == 0


def test_the_browser_tests_are_handed_out_first_and_the_tours_last() -> None:
    """The workers take the long browser modules first and the short unit
    tests last; the screen tour's tests, which wait for the tour, at the very
    end (handed out first, they kept a worker waiting 185 s)."""
    from tests.conftest import handing_order

    ids = [
        "tests/unit/core/test_scoring.py::test_a",
        "tests/e2e/test_screen_tour.py::test_stop[home]",
        "tests/integration/test_cli_score.py::test_b",
        "tests/e2e/test_home.py::test_c",
    ]
    assert sorted(ids, key=handing_order) == [ids[3], ids[2], ids[0], ids[1]]
    # and the workers keep that order (xdist's own put the modules with most
    # tests first, the web build's eight long ones last)
    pyproject = (TESTS.parent / "pyproject.toml").read_text(encoding="utf-8")
    assert "--dist=loadfile --no-loadscope-reorder" in pyproject
