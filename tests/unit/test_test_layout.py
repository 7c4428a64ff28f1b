"""The tests' own layout. The test folders have no __init__.py, so pytest
imports test modules by their file name: two test files with one name in
different folders stop the whole run at collection (seen in CI). Every test
file's name is unique; no test module imports another (shared helpers live in
conftest.py or helper modules such as ``tests/unit/fakes.py``), and a fixture
shared by a layer is defined once, in its conftest.py."""

from __future__ import annotations

import ast
from collections import Counter
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]


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


def test_the_unit_tests_table_fixture_is_defined_once_in_their_conftest():
    defined = [
        path.name
        for path in sorted((TESTS / "unit").glob("*.py"))
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.FunctionDef) and node.name == "table"
    ]
    assert defined == ["conftest.py"]
