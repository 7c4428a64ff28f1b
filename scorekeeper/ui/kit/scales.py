"""The points scale of a chart: round steps, its top a step above every value.

The chart library labels the top of its axis besides every step: a top just
past a step's label drew the two over each other ("30" on "28" in the
statistics' bars at 360x740), so the top is always a whole number of steps.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(frozen=True)
class ChartScale:
    """From 0 to ``max_y`` in steps of ``step`` (one grid line and one label
    per step)."""

    max_y: int
    step: int


def chart_scale(values: Iterable[int]) -> ChartScale:
    """A scale whose top line is *above* every one of *values*.

    The step is 1, 2 or 5 times a power of ten, at most six steps high, and
    ``max_y`` is a whole number of steps: the labels never crowd at the top
    and the last one is never below the highest value.

    >>> chart_scale([28, 3])
    ChartScale(max_y=30, step=5)
    >>> chart_scale([31, 12, 40])
    ChartScale(max_y=50, step=10)
    >>> chart_scale([])
    ChartScale(max_y=2, step=1)
    """
    top = max([*values, 1])
    step = 1
    while True:
        for factor in (1, 2, 5):
            candidate = factor * step
            if top // candidate + 1 <= 6:
                return ChartScale((top // candidate + 1) * candidate, candidate)
        step *= 10
