"""What "Classifica" shows, worked out once per change of the matches: the
players by rating with a trend, each one's rating over time, and the pairs
of the 4-player game (a frozen snapshot a screen reads while the next one is
being worked out)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime

from openskill.models import PlackettLuceRating

from scorekeeper.core.names import name_key

from .rating import (
    DISPLAY_BASE,
    DISPLAY_SCALE,
    MODEL,
    PairRecord,
    PlayerRating,
    Ratings,
    Summary,
    pair_records,
    rated_matches,
)

TREND_MATCHES = 5
"""The trend is the change of the rating over a player's last five matches."""


def display(ordinal: float) -> int:
    """An ordinal as the number the app shows (``1000 + 20 × ordinal``)."""
    return round(DISPLAY_BASE + DISPLAY_SCALE * ordinal)


@dataclass(frozen=True)
class Board:
    """The leaderboard at one revision of the matches."""

    revision: int
    lines: tuple[PlayerRating, ...] = ()
    trends: Mapping[str, int] = field(default_factory=dict)
    histories: Mapping[str, tuple[tuple[datetime, int], ...]] = field(
        default_factory=dict
    )
    pairs: tuple[PairRecord, ...] = ()

    def trend(self, player: str) -> int:
        """The rating's change over the player's last matches (0 if new)."""
        return self.trends.get(name_key(player), 0)

    def history(self, player: str) -> tuple[tuple[datetime, int], ...]:
        """(creation time, rating after it) of each of the player's matches."""
        return self.histories.get(name_key(player), ())

    def chance(self, sides: Sequence[Sequence[str]]) -> tuple[float, float]:
        """Each side's chance to win a match between *sides* (OpenSkill's
        ``predict_win``); a player never rated has the starting rating."""
        known = {name_key(r.player): r for r in self.lines}

        def rating(name: str) -> PlackettLuceRating:
            line = known.get(name_key(name))
            if line is None:
                return MODEL.rating()
            return MODEL.rating(mu=line.mu, sigma=line.sigma)

        first, second = MODEL.predict_win([[rating(n) for n in s] for s in sides])
        return first, second


def update_board(
    ratings: Ratings, summaries: Iterable[Summary], revision: int
) -> Board:
    """*ratings* brought to exactly the won matches of *summaries* (rating only
    the new ones where it can), and the board they give."""
    matches = rated_matches(summaries)
    ratings.update(matches)
    lines = tuple(ratings.table())
    histories: dict[str, tuple[tuple[datetime, int], ...]] = {}
    trends: dict[str, int] = {}
    for line in lines:
        over_time = [(at, display(o)) for at, o in ratings.over_time(line.player)]
        key = name_key(line.player)
        histories[key] = tuple(over_time)
        before = (
            over_time[-TREND_MATCHES - 1][1]
            if len(over_time) > TREND_MATCHES
            else DISPLAY_BASE
        )
        trends[key] = line.display - before
    return Board(revision, lines, trends, histories, tuple(pair_records(matches)))
