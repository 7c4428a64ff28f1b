"""Checks a match's setup (players, first dealer, target, rule options) before a
hand is played, and lists every problem found.

The hand checks are in :mod:`~scorekeeper.core.validation`; these are the ones
a match's start needs (RULES.md §1, §5, §6), shared by the engine, the match
file, storage and the new-match form.
"""

from __future__ import annotations

from collections.abc import Sequence

from .model import MAX_NAME_LENGTH, TARGET_MAX, TARGET_MIN, MatchSetup
from .names import clean_name, name_key, undrawable
from .problems import Code, Problem, SetupError
from .validation import is_whole


def setup_problems(setup: MatchSetup) -> list[Problem]:
    """Why *setup* cannot start a match (empty when it can)."""
    problems: list[Problem] = []
    players = setup.players
    if len(players) not in (2, 4):
        problems.append(
            Problem(Code.PLAYERS_COUNT, "players", None, {"count": len(players)})
        )
    seen: set[str] = set()
    for seat, name in enumerate(players, start=1):
        if not isinstance(name, str) or not clean_name(name):
            problems.append(
                Problem(Code.PLAYER_NAME_EMPTY, "players", None, {"seat": seat})
            )
            continue
        if len(name) > MAX_NAME_LENGTH:
            problems.append(
                Problem(
                    Code.PLAYER_NAME_TOO_LONG,
                    "players",
                    None,
                    {"name": name, "max": MAX_NAME_LENGTH},
                )
            )
        key = name_key(name)
        if key in seen:
            problems.append(
                Problem(Code.PLAYER_DUPLICATE, "players", None, {"name": name})
            )
        seen.add(key)
    if setup.first_dealer is not None and not setup.has_player(setup.first_dealer):
        problems.append(
            Problem(
                Code.FIRST_DEALER_UNKNOWN,
                "first_dealer",
                None,
                {"name": setup.first_dealer},
            )
        )
    rules = setup.rules
    if not (is_whole(rules.target) and TARGET_MIN <= rules.target <= TARGET_MAX):
        problems.append(
            Problem(
                Code.TARGET_RANGE,
                "target",
                None,
                {"value": rules.target, "min": TARGET_MIN, "max": TARGET_MAX},
            )
        )
    if rules.early_win and len(players) == 4:
        problems.append(Problem(Code.EARLY_WIN_FOUR_PLAYERS, "early_win"))
    return problems


def name_display_problems(players: Sequence[str]) -> list[Problem]:
    """The names the app cannot draw (emoji, symbols: see
    :func:`~scorekeeper.core.names.undrawable`).

    Not part of :func:`setup_problems`: a match file or the CLI follows
    FORMAT.md, where any name of up to 40 characters is valid; the app applies
    this where a name is *typed* (the new-match form, the roster).
    """
    return [
        Problem(Code.PLAYER_NAME_UNDRAWABLE, "players", None, {"seat": seat})
        for seat, name in enumerate(players, start=1)
        if isinstance(name, str) and undrawable(name)
    ]


def check_setup(setup: MatchSetup) -> None:
    """Raise :class:`SetupError` listing every problem of *setup*."""
    problems = setup_problems(setup)
    if problems:
        raise SetupError(tuple(problems))
