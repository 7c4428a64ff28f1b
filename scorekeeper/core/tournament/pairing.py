"""Drawing a tournament's next round (round robin or Swiss).

Round robin ("girone all'italiana") follows the circle method: entrant 0
stays, the others turn one place a round, so every entrant meets every other
once in ``n - 1`` rounds (``n`` with an odd count, one bye a round). Swiss
("danese"): round 1 by lot; then the entrants in standings order, entrants
tied in the standings in an order drawn by lot, the first meeting the next
one it has not met (so the same wins meet), never twice, and with an odd
count the bye to the lowest-ranked entrant that has not had one. The lot
comes from the tournament's seed and the round's number (:func:`draw_of`),
so a draw can be shown and made again; a test may pass its own random
source. A Swiss round is drawn once every match of the rounds before it is
finished, among the entrants playing then (``Tournament.playing``: a late
entrant from its first round, a withdrawn one no more).

Tables are numbered from 1 in the order drawn; a bye comes last.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..engine import Status, evaluate
from .model import Round, System, Table, Tournament, TournamentError
from .standings import standings


class PairingError(TournamentError):
    """No next round can be drawn; ``str()`` says why, in one line."""


def circle_rounds(n: int) -> list[list[tuple[int, ...]]]:
    """Every round of a round robin of *n* entrants: pairs, and ``(i,)`` a bye.

    >>> circle_rounds(4)
    [[(0, 3), (1, 2)], [(2, 0), (3, 1)], [(0, 1), (2, 3)]]
    >>> circle_rounds(3)[0]
    [(1, 2), (0,)]
    """
    slots: list[int | None] = list(range(n))
    if n % 2:
        slots.append(None)
    m = len(slots)
    out: list[list[tuple[int, ...]]] = []
    for r in range(m - 1):
        pairs: list[tuple[int, ...]] = []
        bye: tuple[int, ...] | None = None
        for i in range(m // 2):
            a, b = slots[i], slots[m - 1 - i]
            if i == 0 and r % 2:  # entrant 0 is not side 1 every round
                a, b = b, a
            if a is None or b is None:
                bye = (b if a is None else a,)  # type: ignore[assignment]
            else:
                pairs.append((a, b))
        out.append(pairs + ([bye] if bye else []))
        slots = [slots[0], slots[-1], *slots[1:-1]]
    return out


def _tables(pairs: Sequence[tuple[int, ...]]) -> Round:
    ordered = [p for p in pairs if len(p) == 2] + [p for p in pairs if len(p) == 1]
    return tuple(Table(k, p) for k, p in enumerate(ordered, start=1))


def _met(t: Tournament) -> tuple[set[frozenset[int]], set[int]]:
    met: set[frozenset[int]] = set()
    byes: set[int] = set()
    for tables in t.rounds:
        for table in tables:
            if table.bye:
                byes.add(table.entrants[0])
            else:
                met.add(frozenset(table.entrants))
    return met, byes


def _pair_in_order(order: list[int], met: set[frozenset[int]]) -> list[tuple[int, ...]]:
    """*order* paired first with the next not met, backtracking when the rest
    cannot be paired; empty if no pairing avoids a rematch."""
    failed: set[frozenset[int]] = set()

    def go(rest: list[int]) -> list[tuple[int, ...]] | None:
        if not rest:
            return []
        key = frozenset(rest)
        if key in failed:
            return None
        first = rest[0]
        for j in range(1, len(rest)):
            other = rest[j]
            if frozenset((first, other)) in met:
                continue
            tail = go(rest[1:j] + rest[j + 1 :])
            if tail is not None:
                return [(first, other), *tail]
        failed.add(key)
        return None

    return go(order) or []


def draw_of(t: Tournament, round_number: int) -> random.Random:
    """The lot of *t*'s round *round_number*: the same seed and round give
    the same draw (a tournament without a seed, an older document's, draws
    by chance).

    >>> from scorekeeper.core import Rules
    >>> t = Tournament("C", Rules(), 1, (("A",), ("B",)), System.SWISS, seed=7)
    >>> draw_of(t, 2).random() == draw_of(t, 2).random() != draw_of(t, 3).random()
    True
    """
    if t.seed is None:
        return random.Random()
    return random.Random(f"spazzino-draw/{t.seed}/{round_number}")


def _by_lot_within_ties(t: Tournament, rng: random.Random) -> list[int]:
    """The entrants in standings order, those sharing a rank shuffled."""
    groups: dict[int, list[int]] = {}
    for s in standings(t):
        groups.setdefault(s.rank, []).append(s.entrant)
    order: list[int] = []
    for rank in sorted(groups):
        group = groups[rank]
        rng.shuffle(group)
        order += group
    return order


def swiss_pairs(
    t: Tournament, rng: random.Random | None = None
) -> list[tuple[int, ...]]:
    """The pairs (and the bye) of *t*'s next Swiss round: its entrants
    playing then (a late one from its round, a withdrawn one no more)."""
    number = len(t.rounds) + 1
    playing = t.playing(number)
    n = len(playing)
    if n < 2:
        raise PairingError(
            f"round {number}: {n} entrant{'s' if n != 1 else ''} left to pair"
        )
    rng = rng or draw_of(t, number)
    if not t.rounds:
        order = list(playing)
        rng.shuffle(order)
        pairs: list[tuple[int, ...]] = [
            (order[i], order[i + 1]) for i in range(0, n - 1, 2)
        ]
        return pairs + ([(order[-1],)] if n % 2 else [])
    for number, tables in enumerate(t.rounds, start=1):
        for table in tables:
            if not table.bye and (
                table.match is None or evaluate(table.match).status is not Status.WON
            ):
                raise PairingError(
                    f"round {number}, table {table.number}: the match is not "
                    "finished (a Swiss round is drawn on the results)"
                )
    here = set(playing)
    ranked = [e for e in _by_lot_within_ties(t, rng) if e in here]
    met, had_bye = _met(t)
    if n % 2 == 0:
        pairs = list(_pair_in_order(ranked, met))
        if pairs:
            return pairs
    else:
        for bye in reversed(ranked):  # the lowest-ranked without a bye first
            if bye in had_bye:
                continue
            pairs = list(_pair_in_order([e for e in ranked if e != bye], met))
            if pairs:
                return [*pairs, (bye,)]
    raise PairingError(
        f"round {len(t.rounds) + 1}: no pairing is left without a rematch "
        "or a second bye"
    )


def next_round(t: Tournament, rng: random.Random | None = None) -> Round:
    """The tables of *t*'s next round, numbered (no match started yet).

    >>> from scorekeeper.core import Rules
    >>> t = Tournament("C", Rules(), 1, (("A",), ("B",), ("C",), ("D",)),
    ...                System.ROUND_ROBIN)
    >>> [tb.entrants for tb in next_round(t)]
    [(0, 3), (1, 2)]
    """
    if t.system is System.ROUND_ROBIN:
        schedule = circle_rounds(len(t.entrants))
        if len(t.rounds) >= len(schedule):
            raise PairingError(
                f"all {len(schedule)} rounds of the round robin are drawn"
            )
        pairs = schedule[len(t.rounds)]
        met, had_bye = _met(t)
        for p in pairs:  # only a document drawn by hand can differ
            if frozenset(p) in met or (len(p) == 1 and p[0] in had_bye):
                raise PairingError(
                    f"round {len(t.rounds) + 1}: the earlier rounds are not "
                    "the round robin's own draw"
                )
        return _tables(pairs)
    return _tables(swiss_pairs(t, rng))
