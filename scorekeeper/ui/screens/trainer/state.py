"""Where a player is in the trainer's hand and what it answered: a frozen
value the screen's taps replace (nothing stored; a new hand is a new seed).

>>> s = TrainerState(seed=5)
>>> s = s.next()            # the first card is played
>>> (s.shown, s.phase)
(1, <Phase.WATCH: 'watch'>)
"""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass, field, replace
from enum import StrEnum

from scorekeeper.core.model import Rank
from scorekeeper.core.training import Drill, Level, new_drill


class Phase(StrEnum):
    WATCH = "watch"  # the cards are played one at a time
    ASK = "ask"  # a deal is over: the counters, please
    CHECKED = "checked"  # ... and the right ones shown
    ASK_LAST = "ask_last"  # before the last deal: the opponent's ranks
    CHECKED_LAST = "checked_last"
    DONE = "done"  # the hand is over


@functools.lru_cache(maxsize=8)
def drill_of(seed: int, level: Level) -> Drill:
    """The hand of *seed* (played once, kept: every draw of the screen asks)."""
    return new_drill(seed, level)


@dataclass(frozen=True)
class TrainerState:
    """The trainer on this phone: the hand (its seed), the level, how many
    cards have been shown, the deal under way (or just over), the answer
    being entered, and the score of the session."""

    seed: int
    level: Level = Level.COUNTERS
    shown: int = 0
    deal: int = 1
    phase: Phase = Phase.WATCH
    answer: tuple[int, ...] = ()
    guessed: frozenset[Rank] = frozenset()
    right: int = 0
    asked: int = 0

    @property
    def drill(self) -> Drill:
        return drill_of(self.seed, self.level)

    def next(self) -> TrainerState:
        """ "Avanti": the next card, or on from an answer checked."""
        drill = self.drill
        if self.phase is Phase.WATCH:
            shown = self.shown + 1
            if shown >= drill.deal_end(self.deal):
                zeros = (0,) * len(self.level.ranks)
                return replace(self, shown=shown, phase=Phase.ASK, answer=zeros)
            return replace(self, shown=shown)
        if self.phase is Phase.CHECKED:
            if self.deal >= drill.last_deal:
                return replace(self, phase=Phase.DONE)
            deal = self.deal + 1
            if deal == drill.last_deal:
                return replace(
                    self, deal=deal, phase=Phase.ASK_LAST, guessed=frozenset()
                )
            return replace(self, deal=deal, phase=Phase.WATCH)
        if self.phase is Phase.CHECKED_LAST:
            return replace(self, phase=Phase.WATCH)
        return self

    def flip(self, index: int) -> TrainerState:
        """A rank's button tapped while answering: a counter turns 0 <-> 1, a
        full count goes 0, 1, 2, 3, 4, 0."""
        if self.phase is not Phase.ASK:
            return self
        top = 2 if self.level is Level.COUNTERS else 5
        answer = list(self.answer)
        answer[index] = (answer[index] + 1) % top
        return replace(self, answer=tuple(answer))

    def guess(self, rank: Rank) -> TrainerState:
        """A rank the opponent may hold, chosen or taken back."""
        if self.phase is not Phase.ASK_LAST:
            return self
        return replace(self, guessed=self.guessed ^ {rank})

    def check(self) -> TrainerState:
        """ "Controlla": the answer compared with the cards gone by."""
        if self.phase is Phase.ASK:
            good = not self.drill.wrong_ranks(self.deal, self.answer)
            return replace(
                self,
                phase=Phase.CHECKED,
                right=self.right + good,
                asked=self.asked + 1,
            )
        if self.phase is Phase.ASK_LAST:
            good = self.guessed == self.drill.opponent_ranks()
            return replace(
                self,
                phase=Phase.CHECKED_LAST,
                right=self.right + good,
                asked=self.asked + 1,
            )
        return self

    def another(self, seed: int) -> TrainerState:
        """A new hand, the score kept."""
        return TrainerState(seed, self.level, right=self.right, asked=self.asked)


@dataclass(frozen=True)
class Progress:
    """The trainer's score over every session on this phone, by level: the
    answers right, the answers given, the hands played to the end.

    >>> p = Progress().counted(Level.FULL, right=True).counted(Level.FULL, False)
    >>> Progress.from_json(p.to_json()) == p, p.of(Level.FULL)
    (True, (1, 2, 0))
    >>> Progress.from_json('{"counters": "no"}') == Progress()
    True
    """

    scores: dict[str, tuple[int, int, int]] = field(default_factory=dict)

    def of(self, level: Level) -> tuple[int, int, int]:
        return self.scores.get(level.value, (0, 0, 0))

    def counted(self, level: Level, right: bool) -> Progress:
        good, asked, hands = self.of(level)
        return Progress({**self.scores, level.value: (good + right, asked + 1, hands)})

    def finished(self, level: Level) -> Progress:
        good, asked, hands = self.of(level)
        return Progress({**self.scores, level.value: (good, asked, hands + 1)})

    def plus(self, other: Progress) -> Progress:
        """Both added up (what was kept, and what was done while it was read)."""
        out = dict(self.scores)
        for level, (g, a, h) in other.scores.items():
            og, oa, oh = out.get(level, (0, 0, 0))
            out[level] = (og + g, oa + a, oh + h)
        return Progress(out)

    def to_json(self) -> str:
        return json.dumps({k: list(v) for k, v in self.scores.items()})

    @classmethod
    def from_json(cls, text: object) -> Progress:
        """What the phone kept; anything else (another app's value, damaged
        text) reads as nothing kept."""
        try:
            raw = json.loads(text) if isinstance(text, str) else None
        except ValueError:
            return cls()
        if not isinstance(raw, dict):
            return cls()
        scores: dict[str, tuple[int, int, int]] = {}
        for level in Level:
            v = raw.get(level.value)
            if (
                isinstance(v, list)
                and len(v) == 3
                and all(type(n) is int and 0 <= n < 10**9 for n in v)
                and v[0] <= v[1]
            ):
                scores[level.value] = (v[0], v[1], v[2])
        return cls(scores)
