"""The test folders have no __init__.py, so pytest imports test modules by
their file name: two test files with one name in different folders stop the
whole run at collection (seen in CI). Every test file's name is unique."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]


def test_no_two_test_files_share_a_name() -> None:
    names = Counter(p.name for p in TESTS.rglob("test_*.py"))
    assert [name for name, n in names.items() if n > 1] == []
