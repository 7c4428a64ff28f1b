"""Shared fixtures: the FORMAT.md example match file, as a fresh dict per test;
the Hypothesis profile every test runs with; the order the tests are handed
to the workers in."""

from __future__ import annotations

import copy

import pytest
from hypothesis import settings

# No per-example deadline: these machines are shared and a busy core made a
# 200 ms deadline fail property tests that were right (seen twice at load 25).
# Speed is measured in benchmarks/, never in a unit test.
settings.register_profile("spazzino", deadline=None)
settings.load_profile("spazzino")

FORMAT_EXAMPLE = {
    "format": "spazzino-match",
    "version": 1,
    "players": ["Anna", "Bruno"],
    "first_dealer": "Anna",
    "rules": {
        "target": 31,
        "spazzino_numeral": "face",
        "ties": "none",
        "scaluneddu": True,
        "early_win": False,
    },
    "hands": [
        {
            "sides": [
                {
                    "cards": 23,
                    "spades": ["A", "2", "3", "7", "R"],
                    "settebello": True,
                    "piccole": 2,
                    "spazzini": ["5", "R"],
                    "bagari": [3],
                    "scaluneddu": 0,
                },
                {
                    "cards": 17,
                    "spades": ["4", "5", "6", "F", "C"],
                    "settebello": False,
                    "piccole": 1,
                },
            ]
        }
    ],
}


FIRST = ("tests/e2e/", "tests/integration/", "tests/unit/")
"""The layers in the order their tests are handed to the workers: the browser
tests first (long modules, mostly waiting on the browser), the many short
unit tests last, where they fill the end of both workers evenly."""
LAST = ("tests/e2e/test_screen_tour.py",)
"""Modules handed out last: their tests read the screen tour, which runs
beside the workers from the start (``tests/e2e/ahead.py``); handed out
first, a worker would wait minutes for it."""


def handing_order(nodeid: str) -> tuple[int, int]:
    """Where a test goes in the order the workers take them (a stable sort
    keeps each module's order).

    >>> sorted(["tests/unit/a.py::t", "tests/e2e/test_screen_tour.py::s",
    ...         "tests/e2e/b.py::t"], key=handing_order)[0]
    'tests/e2e/b.py::t'
    """
    layer = next((i for i, f in enumerate(FIRST) if nodeid.startswith(f)), len(FIRST))
    return (int(nodeid.startswith(LAST)), layer)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    items.sort(key=lambda item: handing_order(item.nodeid))


@pytest.fixture
def format_example() -> dict:
    """The input document of FORMAT.md (hand 1: Anna 21, Bruno 2)."""
    return copy.deepcopy(FORMAT_EXAMPLE)
