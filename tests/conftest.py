"""Shared fixtures: the FORMAT.md example match file, as a fresh dict per test;
the Hypothesis profile every test runs with."""

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


@pytest.fixture
def format_example() -> dict:
    """The input document of FORMAT.md (hand 1: Anna 21, Bruno 2)."""
    return copy.deepcopy(FORMAT_EXAMPLE)
