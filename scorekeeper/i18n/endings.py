"""How a match's end is said, the same on the match-over screen, in the
share picture and in a correction's question (RULES §5): who won, and how
(at the target, after a tie-break, by a declaration, right or wrong).

A wrong declaration names who made it ("Bruno ha dichiarato a torto: vince
Anna"): a winner with fewer points than the loser reads as a mistake
otherwise. A tie-break is said with the totals that tied, which are at the
target or past it ("pari a 31"), never "oltre" when they sat on it.

Pure words over the core's ``MatchState``: nothing is added up here.
"""

from __future__ import annotations

from collections.abc import Callable

from scorekeeper.core.engine import Ending, HandResult, MatchState

Say = Callable[..., str]
"""A translator: ``t(key, **params)``."""


def winner_words(state: MatchState, t: Say, side: int, name: str | None = None) -> str:
    """ "Vince Anna", or for a pair "Vincono Anna & Carla" (the verb agrees)."""
    if name is None:
        name = state.setup.side_name(side)
    pair = len(state.setup.side_players(side)) > 1
    return t("share.winners" if pair else "over.winner", name=name)


def headline(state: MatchState, t: Say) -> str:
    """The winner, and after a wrong declaration whose declaration lost it."""
    winner = state.winner
    assert winner is not None, "only a won match has a headline"
    last = state.hands[-1]
    if state.ending is Ending.DECLARATION_WRONG and last.declaration is not None:
        return t(
            "over.declared_wrongly",
            by=last.declaration.by,
            name=state.setup.side_name(winner),
        )
    return winner_words(state, t, winner)


def tie_level(state: MatchState) -> int:
    """The total both sides had when the tie-break began (the totals after
    the last hand before the first spareggio hand)."""
    for before, result in zip(state.hands, state.hands[1:], strict=False):
        if result.tie_break:
            return before.totals[0]
    return state.totals[0]  # the tie-break is the next hand


def how_it_ended(state: MatchState, t: Say) -> str:
    """How the match was won, in one sentence."""
    target = state.setup.rules.target
    if state.ending in (Ending.DECLARATION_RIGHT, Ending.DECLARATION_WRONG):
        return declaration_words(state, state.hands[-1], t)
    if state.ending is Ending.TIE_BREAK:
        return t("over.tie_break", level=tie_level(state))
    assert state.winner is not None, "only a won match ended"
    # at exactly the target the winner reached it, it did not pass it
    exactly = state.totals[state.winner] == target
    return t("over.target_reached" if exactly else "over.target", target=target)


def declaration_words(state: MatchState, result: HandResult, t: Say) -> str:
    """What a declaration hand decided: who declared, in which deal, with
    how many points, and whether that was enough."""
    outcome = result.declaration
    assert outcome is not None, "a hand without a declaration"
    key = "over.declaration_right" if outcome.correct else "over.declaration_wrong"
    return t(
        key,
        by=outcome.by,
        deal=outcome.deal,
        total=result.totals[outcome.side],
        target=state.setup.rules.target,
    )
