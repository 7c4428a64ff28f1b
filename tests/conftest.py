"""Shared fixtures: the FORMAT.md example match file, as a fresh dict per test."""

from __future__ import annotations

import copy

import pytest

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
