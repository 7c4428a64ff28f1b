"""Drawing changes nothing: every screen, drawn twice from the same state,
leaves the session, the page and the storage as they were.

Each screen's builder (``app.SCREENS``, home, the code screen and the
board) is called on a session that was never drawn, in a few tables (none,
a match being played with a stored draft, a match over, the history with a
deleted match), with the state a player could leave on it. What is
compared is everything a screen could change: the screens' states (but the
keeper's memo of controls, which a draw fills and a second draw finds
full), the session's error, entry and settings, its trail and admission,
the dialogs, the tasks and broadcasts of the page, and every byte of the
data folder.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from pathlib import Path
from typing import Any

import flet as ft
import pytest

from scorekeeper.table import TableService
from scorekeeper.ui import routes
from scorekeeper.ui.app import SCREENS, new_session
from scorekeeper.ui.screens.board import view as board
from scorekeeper.ui.screens.code import view as code
from scorekeeper.ui.screens.home import view as home
from scorekeeper.ui.screens.match_detail.state import MatchPage
from scorekeeper.ui.screens.stats.state import Figures, StatsChoice
from scorekeeper.ui.shell.kept_parts import Keeper
from scorekeeper.ui.shell.screen_states import ScreenStates, Services
from scorekeeper.ui.shell.session import Session
from tests.builders import ANNA_BRUNO, plain_hand
from tests.unit.fakes import FakePage
from tests.unit.hands import hand_a


def _as_made(state: object) -> bool:
    """Whether ``state`` is its type's state as ``ScreenStates.of`` makes it."""
    try:
        fresh = type(state)()
    except TypeError:  # a state with no default
        return False
    if not dataclasses.is_dataclass(state):
        return state == fresh
    return all(  # a memo of controls (the keeper's parts) is no state
        isinstance(getattr(state, f.name), Keeper | Services)
        or getattr(state, f.name) == getattr(fresh, f.name)
        for f in dataclasses.fields(state)
    )


def frozen(value: Any) -> Any:
    """``value`` as a comparable copy: containers copied, dataclasses field by
    field, a control by identity (a draw may not swap them); a memo of
    controls (the keeper's parts, the page's services made once) by
    identity too: a draw fills it, and finds it full the next time."""
    if isinstance(value, ft.BaseControl | Keeper | Services):
        return ("same object", id(value))
    if isinstance(value, ScreenStates):  # a state made at its first ask, as
        # its type makes it, is no change: the store holds it for later
        made = [v for v in value.held() if not _as_made(v)]
        return (
            "states",
            tuple(sorted(((type(v).__name__, frozen(v)) for v in made), key=repr)),
            frozen(value.random),
            frozen(value.services),
        )
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return (
            type(value).__name__,
            tuple(
                (f.name, frozen(getattr(value, f.name)))
                for f in dataclasses.fields(value)
            ),
        )
    if isinstance(value, dict):
        return ("dict", tuple((repr(k), frozen(v)) for k, v in value.items()))
    if isinstance(value, list | tuple):
        return (type(value).__name__, tuple(frozen(v) for v in value))
    if isinstance(value, set | frozenset):
        return ("set", tuple(sorted(repr(frozen(v)) for v in value)))
    if hasattr(value, "getstate"):  # a random source: no draw consumes it
        return ("random", value.getstate())
    return value


def folder(path: Path) -> dict[str, bytes]:
    """Every file of the data folder, by name."""
    return {
        str(p.relative_to(path)): p.read_bytes()
        for p in sorted(path.rglob("*"))
        if p.is_file()
    }


def facts(session: Session, data: Path) -> dict[str, Any]:
    """What a screen could change, as a comparable copy."""
    page: Any = session.page
    return {
        "states": frozen(session.states),
        "error": session.error,
        "french_cards": session.french_cards,
        "lang": session.lang,
        "trail": frozen(vars(session.trail)),
        "admission": frozen(vars(session.admission)),
        "drawn": session.drawing.drawn_route,
        "dialogs": list(page.dialogs),
        "tasks": list(page.tasks),
        "sent": list(page.pubsub.sent),
        "route": page.route,
        "views": list(page.views),
        "current": session.table.current(),
        "data": folder(data),
    }


def differences(before: Any, after: Any, path: str = "") -> list[str]:
    """Where two copies of :func:`frozen` differ, as readable paths."""
    if before == after:
        return []
    if isinstance(before, dict) and isinstance(after, dict):
        return [
            d
            for k in before.keys() | after.keys()
            for d in differences(before.get(k), after.get(k), f"{path}.{k}")
        ]
    if (
        isinstance(before, tuple)
        and isinstance(after, tuple)
        and len(before) == len(after)
    ):
        return [
            d
            for i, (b, a) in enumerate(zip(before, after, strict=True))
            for d in differences(b, a, f"{path}[{i}]")
        ]
    return [f"{path}: {before!r:.80} -> {after!r:.80}"]


Builder = Callable[[Session], ft.View]
BUILDERS: dict[str, Builder] = {
    **SCREENS,
    routes.HOME: home.home_view,
    "code": code.code_view,
    "board": board.board_view,
}


def empty(table: TableService) -> None:
    """No match at all."""


def playing(table: TableService) -> None:
    """A match being played: two hands saved, the third half entered."""
    stored = table.start_match(ANNA_BRUNO).value
    for _ in range(2):
        table.add_hand(stored.id, plain_hand())
    table.save_draft(stored.id, 2, hand_a())
    table.tidy()


def over(table: TableService) -> None:
    """A match won, and a deleted one in the history."""
    gone = table.start_match(ANNA_BRUNO).value
    table.add_hand(gone.id, plain_hand())
    table.delete_match(gone.id)
    stored = table.start_match(ANNA_BRUNO).value
    table.add_hand(stored.id, plain_hand(29, 0))
    table.tidy()


TABLES = {"empty": empty, "playing": playing, "over": over}


def fresh_session(table: TableService, route: str) -> Session:
    """A session of ``table`` that opened ``route`` and drew nothing yet."""
    page = FakePage(route)
    session = new_session(page, table)  # type: ignore[arg-type]
    page.on_route_change = session.drawing.on_route_change
    session.drawing.drawn_route = route
    stored = table.current()
    history = table.queries.list_history(limit=5)
    shown = history.items[0].id if history.items else stored and stored.id
    # the history's detail of a match of the history, the statistics of a
    # player (whose figures are computed in a task: never by a draw)
    session.states.put(MatchPage(shown))
    session.states.put(StatsChoice(player="Anna"))
    return session


@pytest.mark.parametrize("shown", [False, True], ids=["first", "shown"])
@pytest.mark.parametrize("tables", list(TABLES))
@pytest.mark.parametrize("route", list(BUILDERS))
def test_drawing_a_screen_twice_changes_nothing(table, tmp_path, tables, route, shown):
    """``shown``: the session drew the screen once already (its state as
    ``Drawing.render`` leaves it: the hand entry settled)."""
    TABLES[tables](table)
    session = fresh_session(table, route)
    if shown and route in SCREENS:
        session.render(route)
        session.page.settle()  # type: ignore[attr-defined]
    data = tmp_path / "data"
    before = facts(session, data)
    BUILDERS[route](session)
    BUILDERS[route](session)
    after = facts(session, data)
    changed = differences(before, after)
    assert not changed, f"drawing {route} changed " + "; ".join(changed)


def test_the_copy_sees_a_change_deep_in_a_screens_state(table):
    session = fresh_session(table, routes.HISTORY)
    before = frozen(session.states)
    session.states.of(Figures).loading.add(("x",))
    assert frozen(session.states) != before
    before = frozen(session.states)
    session.states.random.random()
    assert frozen(session.states) != before
