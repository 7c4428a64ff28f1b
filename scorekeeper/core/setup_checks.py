"""Checks a match's setup (players, first dealer, target, rule options) before a
hand is played, and lists every problem found.

The hand checks are in :mod:`~scorekeeper.core.validation`; these are the ones
a match's start needs (RULES.md §1, §5, §6), shared by the engine, the match
file, storage and the new-match form.
"""

from __future__ import annotations

from collections.abc import Sequence

from .model import MAX_NAME_LENGTH, TARGET_MAX, TARGET_MIN, MatchSetup
from .names import NameFault, clean_name, name_fault, name_key, shown_name, undrawable
from .problems import Code, Problem, SetupError
from .validation import is_whole


def setup_problems(setup: MatchSetup, stored: bool = False) -> list[Problem]:
    """Why *setup* cannot start a match (empty when it can).

    Each name is judged by the one name rule (:func:`~scorekeeper.core.names.
    name_fault`). ``stored``: the setup of a match already stored, judged as
    it was when stored (empty, too long, twice), so a match stored before
    the rule (an emoji imported then) still opens; every door that takes a
    new setup (the app's form, a match file, the repository's new match)
    passes ``False``.
    """
    problems: list[Problem] = []
    players = setup.players
    if len(players) not in (2, 4):
        problems.append(
            Problem(Code.PLAYERS_COUNT, "players", None, {"count": len(players)})
        )
    seen: set[str] = set()
    for seat, name in enumerate(players, start=1):
        problem = name_problem(name, seat, stored)
        if problem is not None:
            problems.append(problem)
            if problem.code is Code.PLAYER_NAME_EMPTY:
                continue
        key = name_key(name)
        if key in seen:
            problems.append(
                Problem(
                    Code.PLAYER_DUPLICATE, "players", None, {"name": shown_name(name)}
                )
            )
        seen.add(key)
    if setup.first_dealer is not None and not setup.has_player(setup.first_dealer):
        problems.append(
            Problem(
                Code.FIRST_DEALER_UNKNOWN,
                "first_dealer",
                None,
                {"name": shown_name(setup.first_dealer)},
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


def name_problem(name: object, seat: int, stored: bool = False) -> Problem | None:
    """What the one name rule (:func:`~scorekeeper.core.names.name_fault`)
    says of the name of ``seat`` (from 1), as a problem told in either
    language; ``None``: a good name. ``stored``: see :func:`setup_problems`."""
    if not isinstance(name, str):
        return Problem(Code.PLAYER_NAME_EMPTY, "players", None, {"seat": seat})
    fault = name_fault(name)
    if fault is not None and fault.code == "character" and stored:
        cleaned = clean_name(name)
        long = len(cleaned) > MAX_NAME_LENGTH
        fault = NameFault("too_long", shown_name(cleaned)) if long else None
    if fault is None:
        return None
    if fault.code == "empty":
        return Problem(Code.PLAYER_NAME_EMPTY, "players", None, {"seat": seat})
    if fault.code == "character":
        params = {"seat": seat, "name": fault.shown, "char": fault.char}
        return Problem(Code.PLAYER_NAME_CHARACTER, "players", None, params)
    params = {"name": fault.shown, "max": MAX_NAME_LENGTH}
    return Problem(Code.PLAYER_NAME_TOO_LONG, "players", None, params)


def name_display_problems(players: Sequence[str]) -> list[Problem]:
    """The names the app cannot draw (emoji, symbols: see
    :func:`~scorekeeper.core.names.undrawable`).

    Not part of :func:`setup_problems`: a match file or the CLI may name a
    player in any script (the name rule's letters); the app applies this
    where a name is *typed* (the new-match form, the roster). A name the
    rule refuses is not told twice.
    """
    return [
        Problem(Code.PLAYER_NAME_UNDRAWABLE, "players", None, {"seat": seat})
        for seat, name in enumerate(players, start=1)
        if isinstance(name, str) and undrawable(name) and name_fault(name) is None
    ]


def check_setup(setup: MatchSetup, stored: bool = False) -> None:
    """Raise :class:`SetupError` listing every problem of *setup*
    (``stored``: see :func:`setup_problems`)."""
    problems = setup_problems(setup, stored)
    if problems:
        raise SetupError(tuple(problems))
