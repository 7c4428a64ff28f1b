"""The match engine: from a setup and its hands, derive everything else.

Totals, the status (in progress, tie-break, won), the winner and how the match
ended, the dealer, the cutter and the first player of every hand, and the
outcome of an early-win declaration are all recomputed from the hands, never
stored. Edits (:func:`add_hand`, :func:`replace_hand`, :func:`delete_hand`)
return a new :class:`Match` or raise :class:`MatchError` and change nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from .model import Hand, Match, MatchSetup
from .problems import Code, HandError, MatchError, Problem
from .scoring import SidePoints, score_valid_hand
from .setup_checks import check_setup
from .validation import check_hand

#: the most hands a match may have (README, "The bounds"): every complete
#: hand gives at least 3 points (settebello, fante and due di spade always go
#: to a side, RULES §3-4), so a side reaches the highest target (500) by
#: hand 333 at the latest; the rest is room for tie-break hands. Checked
#: where a hand comes in (a hand added, a match file or link read), not when
#: stored data is read: a longer match stored before keeps opening.
MAX_HANDS = 400


def too_many_hands(count: int) -> Problem:
    """The problem of a match of *count* hands, over :data:`MAX_HANDS`."""
    return Problem(
        Code.TOO_MANY_HANDS, "hands", None, {"max": MAX_HANDS, "count": count}
    )


class Status(StrEnum):
    IN_PROGRESS = "in_progress"
    TIE_BREAK = "tie_break"
    WON = "won"


class Ending(StrEnum):
    """How a won match ended."""

    TARGET = "target"  # one side passed the target with the higher total
    TIE_BREAK = "tie_break"  # decided by one or more spareggio hands
    DECLARATION_RIGHT = "declaration_right"
    DECLARATION_WRONG = "declaration_wrong"


@dataclass(frozen=True)
class Seats:
    """Who deals, who cuts and who plays first in one hand."""

    dealer: str
    cutter: str
    first_player: str


def seats_for(setup: MatchSetup, hand_index: int) -> Seats:
    """Seats of hand *hand_index* (0-based): the deal moves counter-clockwise.

    Players are listed counter-clockwise, so the dealer's right (who plays
    first) is the next seat in the list and the dealer's left (who cuts) the
    previous one.
    """
    n = len(setup.players)
    d = (setup.dealer_seat + hand_index) % n
    p = setup.players
    return Seats(dealer=p[d], cutter=p[(d - 1) % n], first_player=p[(d + 1) % n])


@dataclass(frozen=True)
class DeclarationOutcome:
    by: str
    deal: int
    side: int
    correct: bool


@dataclass(frozen=True)
class HandResult:
    """A scored hand with its place in the match."""

    number: int  # 1-based
    seats: Seats
    points: tuple[SidePoints, SidePoints]
    totals: tuple[int, int]  # running match totals after this hand
    declaration: DeclarationOutcome | None
    tie_break: bool  # played as a spareggio

    @property
    def dealer(self) -> str:
        return self.seats.dealer


@dataclass(frozen=True)
class MatchState:
    """Everything derived from a match.

    *setup* and *played* are what it was computed from (the match's setup and
    hands, as given): :func:`add_hand` builds on a state only for exactly that
    match.
    """

    setup: MatchSetup
    played: tuple[Hand, ...]
    hands: tuple[HandResult, ...]
    totals: tuple[int, int]
    status: Status
    winner: int | None  # side index 0 or 1
    ending: Ending | None
    next_seats: Seats | None  # None once won

    @property
    def decided(self) -> bool:
        return self.status is Status.WON

    @property
    def next_hand_number(self) -> int:
        return len(self.hands) + 1

    def missing(self, side: int) -> int:
        """Points side still needs to reach the target ("mancano N")."""
        return max(0, self.setup.rules.target - self.totals[side])

    @property
    def declaration_allowed(self) -> bool:
        """Whether the next hand may be stopped by a declaration (RULES §5)."""
        return declaration_allowed(self)


def declaration_allowed(state: MatchState, deal: int | None = None) -> bool:
    """Whether an early-win declaration may be made now (RULES.md 5).

    Only when it was agreed before the match, with 2 players, in an open match
    that is not in a tie-break (both sides are past the target already); with
    *deal*, only from deal 1 up to the penultimate deal.
    """
    allowed = (
        state.status is Status.IN_PROGRESS
        and state.setup.rules.early_win
        and len(state.setup.players) == 2
    )
    if deal is None:
        return allowed
    return allowed and 1 <= deal < state.setup.deals_per_hand


def _after_hand(totals: tuple[int, int], target: int) -> tuple[Status, int | None]:
    a, b = totals
    if a < target and b < target:
        return Status.IN_PROGRESS, None
    if a == b:
        return Status.TIE_BREAK, None
    return Status.WON, 0 if a > b else 1


_last: tuple[Match, MatchState] | None = None


def evaluate(match: Match) -> MatchState:
    """Score every hand in order; :class:`MatchError` names the first bad one.

    The state of the last match evaluated is kept (matches are immutable, so
    the same object always has the same state): an edit checks the new match
    and the caller's next ``evaluate`` of it costs nothing.
    """
    global _last
    last = _last
    if last is not None and last[0] is match:
        return last[1]
    state = _evaluate(match)
    _last = (match, state)
    return state


def _evaluate(match: Match, before: MatchState | None = None) -> MatchState:
    """The state of *match*. *before*: the state of the match made of its
    first hands (same setup); only the hands after those are checked and
    scored."""
    setup = match.setup
    target = setup.rules.target
    if before is None:
        check_setup(setup, stored=True)  # the doors applied the name rule
        totals = (0, 0)
        status, winner, ending = Status.IN_PROGRESS, None, None
        results: list[HandResult] = []
    else:
        totals = before.totals
        status, winner, ending = before.status, before.winner, before.ending
        results = list(before.hands)
    names = (setup.side_name(0), setup.side_name(1))
    start = len(results)
    for i, hand in enumerate(match.hands[start:], start):
        number = i + 1
        if status is Status.WON:
            problem = Problem(
                Code.MATCH_ALREADY_DECIDED, "hands", None, {"decided_after": i}
            )
            raise MatchError((problem,), number, names)
        if hand.declaration is not None and status is Status.TIE_BREAK:
            problem = Problem(Code.DECLARATION_TIE_BREAK, "declaration")
            raise MatchError((problem,), number, names)
        try:
            check_hand(hand, setup, number)
        except HandError as e:
            raise MatchError(e.problems, number, names) from None
        points = score_valid_hand(hand, setup.rules)
        was_tie_break = status is Status.TIE_BREAK
        totals = (totals[0] + points[0].total, totals[1] + points[1].total)
        outcome = None
        if hand.declaration is not None:
            side = setup.side_of(hand.declaration.by)
            correct = totals[side] >= target
            outcome = DeclarationOutcome(
                hand.declaration.by, hand.declaration.deal, side, correct
            )
            status = Status.WON
            winner = side if correct else 1 - side
            ending = Ending.DECLARATION_RIGHT if correct else Ending.DECLARATION_WRONG
        else:
            status, winner = _after_hand(totals, target)
            if status is Status.WON:
                ending = Ending.TIE_BREAK if was_tie_break else Ending.TARGET
        results.append(
            HandResult(
                number, seats_for(setup, i), points, totals, outcome, was_tie_break
            )
        )
    next_seats = None if status is Status.WON else seats_for(setup, len(match.hands))
    return MatchState(
        setup, match.hands, tuple(results), totals, status, winner, ending, next_seats
    )


def _index_problem(match: Match, index: int) -> None:
    if not 0 <= index < len(match.hands):
        problem = Problem(Code.HAND_INDEX, "hands", None, {"number": index + 1})
        raise MatchError((problem,))


def add_hand(match: Match, hand: Hand, state: MatchState | None = None) -> Match:
    """The match with *hand* played next; refused if invalid, already won or
    at :data:`MAX_HANDS`.

    *state*: ``evaluate(match)``, when the caller holds it (storage keeps each
    match with its state): then only *hand* is checked and scored, not every
    hand again (a Save's time grew with the match). A *state* computed from
    anything but exactly this match (its setup and its hands, compared by
    value: the same objects, as storage holds them, compare in no time) is not
    used: every hand is checked and scored again.
    """
    global _last
    if len(match.hands) >= MAX_HANDS:
        setup = match.setup
        names = (setup.side_name(0), setup.side_name(1))
        count = len(match.hands) + 1
        raise MatchError((too_many_hands(count),), count, names)
    new = Match(match.setup, (*match.hands, hand))
    if state is not None and state.setup == match.setup and state.played == match.hands:
        _last = (new, _evaluate(new, state))
    else:
        evaluate(new)
    return new


@dataclass(frozen=True)
class DeclarationVerdict:
    """What saving a declaration hand would decide, said before it is saved:
    the declaring side's total with this hand, whether that reaches the
    target, and the side that then wins."""

    by: str
    side: int
    total: int
    target: int
    correct: bool
    winner: int


def declaration_verdict(
    match: Match, hand: Hand, state: MatchState | None = None
) -> DeclarationVerdict:
    """The verdict of *hand* (a declaration) played next in *match*, scored
    here as saving it would (RULES §5). Refused like :func:`add_hand` if the
    hand is invalid; ``ValueError`` if it carries no declaration."""
    if hand.declaration is None:
        raise ValueError("declaration_verdict: the hand carries no declaration")
    result = evaluate(add_hand(match, hand, state)).hands[-1]
    outcome = result.declaration
    assert outcome is not None  # the engine scores every declaration
    return DeclarationVerdict(
        outcome.by,
        outcome.side,
        result.totals[outcome.side],
        match.setup.rules.target,
        outcome.correct,
        outcome.side if outcome.correct else 1 - outcome.side,
    )


def replace_hand(match: Match, index: int, hand: Hand) -> Match:
    """The match with hand *index* (0-based) corrected; later hands re-scored.

    Refused (nothing changes) if the new hand is invalid or if it would decide
    the match before a hand that was already played: the error names that hand.
    """
    _index_problem(match, index)
    hands = list(match.hands)
    hands[index] = hand
    new = Match(match.setup, tuple(hands))
    evaluate(new)
    return new


class ResultChange(StrEnum):
    """What a correction does to a match's result."""

    WINNER = "winner"  # won before and after, by the other side now
    ENDS = "ends"  # being played before, won after
    REOPENS = "reopens"  # won before, being played (or in a tie-break) after


@dataclass(frozen=True)
class CorrectionOutcome:
    """A correction that changes the result: how, and the match after it."""

    change: ResultChange
    after: MatchState


def correction_outcome(
    match: Match, index: int, hand: Hand, state: MatchState | None = None
) -> CorrectionOutcome | None:
    """What replacing hand *index* with *hand* does to the result, scored
    here and stored nowhere: ``None`` when the match stays as decided as it
    was, with the same winner (the totals may change). Refused like
    :func:`replace_hand`. *state*: ``evaluate(match)``, when the caller
    holds it."""
    before = state if state is not None and state.played == match.hands else None
    if before is None or before.setup != match.setup:
        before = evaluate(match)
    after = evaluate(replace_hand(match, index, hand))
    if before.decided and after.decided:
        change = ResultChange.WINNER if before.winner != after.winner else None
    elif after.decided:
        change = ResultChange.ENDS
    elif before.decided:
        change = ResultChange.REOPENS
    else:
        change = None
    return None if change is None else CorrectionOutcome(change, after)


def delete_hand(match: Match, index: int) -> Match:
    """The match without hand *index* (0-based); refused like :func:`replace_hand`."""
    _index_problem(match, index)
    new = Match(match.setup, match.hands[:index] + match.hands[index + 1 :])
    evaluate(new)
    return new
