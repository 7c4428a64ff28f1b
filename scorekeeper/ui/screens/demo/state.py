"""Which simulated match the trial shows and how many of its hands (pure).

>>> DemoState(seed=3).next().shown
1
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, replace

from scorekeeper.core.simulation import SimulatedMatch, simulate_match


@functools.lru_cache(maxsize=4)
def simulated(seed: int) -> SimulatedMatch:
    """The match of *seed* (played once, kept: every draw asks)."""
    return simulate_match(seed, 2)


@dataclass(frozen=True)
class DemoState:
    seed: int
    shown: int = 0  # hands shown so far

    @property
    def match(self) -> SimulatedMatch:
        return simulated(self.seed)

    @property
    def over(self) -> bool:
        return self.shown >= len(self.match.played)

    def next(self) -> DemoState:
        """ "Mano successiva": one more hand (none past the last)."""
        return self if self.over else replace(self, shown=self.shown + 1)
