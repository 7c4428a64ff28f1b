"""The rules of writing a screen (ARCHITECTURE.md, "Writing a screen"),
checked: each test fails when a screen breaks one.

Read from the source with :mod:`ast` (the handlers' reads), or from the
screens drawn on a fake page (the keeper's parts, the hidden sections).
Each reader is tested on a small source or tree that breaks its rule, so a
reader that sees nothing cannot pass for a clean package.
"""

from __future__ import annotations

import ast
import dataclasses
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import flet as ft
import pytest

import scorekeeper.ui
from scorekeeper.core.model import MatchSetup, Rules
from scorekeeper.ui import routes
from scorekeeper.ui.screens.hand_entry import actions
from scorekeeper.ui.screens.scoreboard import view as scoreboard
from scorekeeper.ui.screens.scoreboard.state import ScoreboardState
from scorekeeper.ui.shell.kept_parts import Keeper
from tests.builders import ANNA_BRUNO, plain_hand
from tests.unit.fakes import make_session, walk
from tests.unit.hands import hand_a

UI_DIR = Path(scorekeeper.ui.__file__).parent
SCREENS_DIR = UI_DIR / "screens"
EVENTS = UI_DIR / "shell" / "event_values.py"

# -- rule: a value is read from the event (ui/shell/event_values.py), not the control
VALUE_PROPERTIES = {"value", "selected", "data"}


def _handler_parameters(tree: ast.AST) -> set[str]:
    """The names of the parameters of every function and lambda of ``tree``."""
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            args = node.args
            names |= {a.arg for a in [*args.posonlyargs, *args.args, *args.kwonlyargs]}
    return names


def _controls_made(tree: ast.AST) -> set[str]:
    """The names bound to a control made here: ``x = ft.TextField(...)``."""
    names = set()
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Assign)
            and isinstance(node.value, ast.Call)
            and isinstance(node.value.func, ast.Attribute)
            and isinstance(node.value.func.value, ast.Name)
            and node.value.func.value.id == "ft"
        ):
            names |= {t.id for t in node.targets if isinstance(t, ast.Name)}
    return names


def control_value_reads(source: str) -> list[str]:
    """Where ``source`` reads what the phone sent from a control or an event
    directly: ``e.control.value`` (or ``.selected``, ``.data``), ``e.data``
    of a handler's parameter, ``field.value`` of a control it made. Writes
    (drawing a value) are fine."""
    tree = ast.parse(source)
    parameters = _handler_parameters(tree)
    controls = _controls_made(tree)
    found = []
    for node in ast.walk(tree):
        if not (
            isinstance(node, ast.Attribute)
            and isinstance(node.ctx, ast.Load)
            and node.attr in VALUE_PROPERTIES
        ):
            continue
        base = node.value
        through_control = isinstance(base, ast.Attribute) and base.attr == "control"
        of_event = (
            isinstance(base, ast.Name) and base.id in parameters and node.attr == "data"
        )
        of_control = (
            isinstance(base, ast.Name) and base.id in controls and node.attr != "data"
        )
        if through_control or of_event or of_control:
            found.append(f"line {node.lineno}: {ast.unparse(node)}")
    return found


def screen_sources() -> Iterator[tuple[str, str]]:
    """Each module of the screens and the widget kit: (name, source)."""
    paths = [
        *sorted(SCREENS_DIR.rglob("*.py")),
        UI_DIR / "kit" / "widgets.py",
        *sorted((UI_DIR / "parts").rglob("*.py")),
    ]
    for path in paths:
        yield str(path.relative_to(UI_DIR)), path.read_text(encoding="utf-8")


def test_the_reader_finds_a_control_value_read_in_a_handler():
    source = """
import flet as ft
def view(session):
    field = ft.TextField(value="drawn")
    def typed(e):
        session.name = e.control.value
        session.other = field.value
        session.chosen = e.data
    def tapped(e):
        session.choice = e.control.selected
    field.value = "a write is fine"
    return ft.Text(session.name)
"""
    assert control_value_reads(source) == [
        "line 6: e.control.value",
        "line 7: field.value",
        "line 8: e.data",
        "line 10: e.control.selected",
    ]


def test_no_screen_reads_a_value_from_the_control_or_the_event_itself():
    """Through ``events.text_of``, ``choice_of``, ``flag_of``, ``option_of``:
    the guard puts there the newest value the phone sent."""
    found = [
        f"{name} {read}"
        for name, source in screen_sources()
        for read in control_value_reads(source)
    ]
    assert not found, "\n".join(found)


# -- rule: a handler reads the screen's state when the tap arrives --------------------
STATE_TYPES = {
    "HandDraft",
    "EntryState",
    "NewMatchForm",
    "HistoryState",
    "MatchPage",
    "StatsChoice",
    "Said",
    "TargetEntry",
    "ScreenStates",
}
"""A screen's state: what a tap replaces (a handler that took the one drawn
along would replace the state another tap made since)."""


def _state_read(expr: ast.AST) -> bool:
    """Whether ``expr`` reads a screen's state: ``session.states…``,
    ``session.states.find(EntryState)``, an entry's ``.draft``."""
    return any(
        isinstance(n, ast.Attribute) and n.attr in ("states", "entry", "draft")
        for n in ast.walk(expr)
    )


def _state_names(function: ast.FunctionDef | ast.AsyncFunctionDef) -> set[str]:
    """The names ``function`` binds to a screen's state: a parameter typed
    as one, a local read from the session's states."""
    args = function.args
    names = {
        a.arg
        for a in [*args.posonlyargs, *args.args, *args.kwonlyargs]
        if isinstance(a.annotation, ast.Name) and a.annotation.id in STATE_TYPES
    }
    for node in _own_nodes(function):
        if isinstance(node, ast.Assign) and _state_read(node.value):
            names |= {t.id for t in node.targets if isinstance(t, ast.Name)}
    return names


def _own_nodes(function: ast.AST) -> Iterator[ast.AST]:
    """The nodes of ``function``'s own body, not of the functions it makes."""
    for node in ast.iter_child_nodes(function):
        if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            yield node
            yield from _own_nodes(node)


def _handlers(function: ast.AST) -> Iterator[ast.AST]:
    """The functions and lambdas made inside ``function``, but for a use case
    handed to ``session.apply`` (it runs at once, not at a later tap)."""
    for node in ast.iter_child_nodes(function):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "apply"
        ):
            continue
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            yield node
        else:
            yield from _handlers(node)


def drawn_state_reads(source: str) -> list[str]:
    """Where a handler made by a module-level function of ``source`` reads
    the state that function drew from (not the state when the tap arrives)."""
    tree = ast.parse(source)
    found = []
    for function in tree.body:
        if not isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        names = _state_names(function)
        for handler in _handlers(function):
            own = _handler_parameters(handler)
            for node in ast.walk(handler):
                if (
                    isinstance(node, ast.Name)
                    and isinstance(node.ctx, ast.Load)
                    and node.id in names - own
                ):
                    found.append(f"line {node.lineno}: {function.name} {node.id}")
    return found


def test_the_reader_finds_a_handler_that_took_the_drawn_state_along():
    source = """
def view(session, draft: HandDraft):
    form = session.states.find(NewMatchForm)
    a = lambda _: update(session, draft.with_cards(0, "1"))
    def b(_):
        form.count = 4
    c = lambda _: update(session, draft_now(session).with_cards(0, "1"))
    session.apply(lambda table: table.save(form))
    def d(form):
        return form.count
"""
    assert drawn_state_reads(source) == ["line 4: view draft", "line 6: view form"]


def test_every_handler_reads_the_screens_state_when_the_tap_arrives():
    """``draft_now(session)``, ``form_now(session)``, ``session.states.x``:
    a second tap on the same drawing (a quick finger, a busy server) acts on
    what the first made, not on what was drawn."""
    found = [
        f"{name} {read}"
        for name, source in screen_sources()
        for read in drawn_state_reads(source)
    ]
    assert not found, "\n".join(found)


# -- rule: a part kept by the keeper has a key that holds all it shows ----------------
def shown(control: Any) -> Any:
    """All a control shows, comparable: its public properties, its children's
    in order, without its handlers (and flet's own bookkeeping); a hidden
    control shows nothing (what it holds may be old)."""
    if isinstance(control, ft.BaseControl) and control.visible is False:
        return (type(control).__name__, "hidden")
    if isinstance(control, ft.BaseControl) or (
        dataclasses.is_dataclass(control) and not isinstance(control, type)
    ):
        return (
            type(control).__name__,
            tuple(
                (f.name, shown(getattr(control, f.name)))
                for f in dataclasses.fields(control)
                if not f.name.startswith(("_", "on_")) and f.name != "data"
            ),
        )
    if isinstance(control, list | tuple):
        return tuple(shown(c) for c in control)
    if isinstance(control, dict):
        return tuple((k, shown(v)) for k, v in control.items())
    if callable(control):
        return "a handler"
    return control


def fresh_build(session: Any) -> ft.View:
    """The scoreboard built with a keeper that remembers nothing."""
    kept = session.states.of(ScoreboardState).parts
    session.states.of(ScoreboardState).parts = Keeper()
    try:
        return scoreboard.scoreboard_view(session)
    finally:
        session.states.of(ScoreboardState).parts = kept


def kept_parts_differ(session: Any) -> list[str]:
    """Where the scoreboard built through its keeper shows something else
    than one built afresh (a key that misses a shown fact)."""
    kept = shown(scoreboard.scoreboard_view(session))
    fresh = shown(fresh_build(session))
    return differences(kept, fresh)


def differences(kept: Any, fresh: Any, path: str = "") -> list[str]:
    """Where two :func:`shown` trees differ, as paths of property names."""
    if kept == fresh:
        return []
    if isinstance(kept, tuple) and isinstance(fresh, tuple) and len(kept) == len(fresh):
        found = []
        for i, (k, f) in enumerate(zip(kept, fresh, strict=True)):
            name = k[0] if isinstance(k, tuple) and k and isinstance(k[0], str) else i
            found += differences(k, f, f"{path}/{name}")
        return found
    return [f"{path}: kept {kept!r:.120}, fresh {fresh!r:.120}"]


SETUP_EARLY = MatchSetup(("Anna", "Bruno"), "Anna", Rules(early_win=True))


def test_the_comparison_finds_a_part_kept_under_a_key_that_misses_a_fact(
    table, monkeypatch
):
    """A hand row kept by its number alone shows the old points once the
    hand is corrected."""
    session = make_session(table)
    stored = table.start_match(ANNA_BRUNO).value
    table.add_hand(stored.id, plain_hand())
    real = Keeper.__call__

    def by_number_alone(self: Keeper, key: Any, build: Any) -> Any:
        if isinstance(key, tuple) and key[:1] == ("hand-row",):
            key = ("hand-row", key[2])  # the points left out
        return real(self, key, build)

    monkeypatch.setattr(Keeper, "__call__", by_number_alone)
    scoreboard.scoreboard_view(session)
    table.correct_hand(stored.id, 0, plain_hand(5, 0), expected=plain_hand())
    assert kept_parts_differ(session)


def scoreboard_steps(table: Any, session: Any) -> Iterator[str]:
    """A match played on ``session``'s scoreboard, one change at a time."""
    stored = table.start_match(ANNA_BRUNO).value
    yield "started"
    for extra in range(8):
        table.add_hand(stored.id, plain_hand(extra % 3, 0))
        yield f"hand {extra + 1}"
    session.translator.lang = "en"
    yield "in English"
    session.states.of(ScoreboardState).show_all_hands = True
    yield "all hands"
    table.undo(stored.id, expected=None)
    yield "undone"
    first = table.current().match.hands[0]
    table.correct_hand(stored.id, 0, plain_hand(5, 0), expected=first)
    yield "corrected"
    session.error = "Disco pieno"
    yield "an error"
    session.error = None
    session.translator.lang = "it"
    yield "in Italian"
    while not table.current().state.decided:
        table.add_hand(stored.id, plain_hand(0, 6))
        yield f"towards the end, {len(table.current().match.hands)} hands"
    yield "over"


def test_the_scoreboards_kept_parts_show_what_a_fresh_build_shows(table):
    session = make_session(table, routes.MATCH)
    for step in scoreboard_steps(table, session):
        session.drawing.changed()
        assert not kept_parts_differ(session), step


# -- rule: a section that comes and goes is hidden, not left out ----------------------
def identifiers(view: ft.View) -> list[str]:
    """Every semantics identifier of ``view``, hidden ones included, in order."""
    return [
        c.identifier
        for c in walk(view, unseen=True)
        if isinstance(c, ft.Semantics) and c.identifier
    ]


def test_the_semantics_wrapper_is_hidden_never_its_content(table):
    """Flutter refuses a ``Semantics`` whose content is not visible."""
    session = make_session(table)
    stored = table.start_match(ANNA_BRUNO).value
    table.add_hand(stored.id, plain_hand())
    for route in (routes.HOME, routes.MATCH, routes.HAND, routes.NEW_MATCH):
        session.render(route)
        bad = [
            c.identifier
            for c in walk(session.page.views[-1], unseen=True)
            if isinstance(c, ft.Semantics)
            and c.content is not None
            and not getattr(c.content, "visible", True)
        ]
        assert not bad, route


@pytest.mark.parametrize("route", [routes.HAND, routes.DECLARE])
def test_the_entry_keeps_every_part_whatever_is_typed(table, route):
    """Problems, hints, the taken panel, the live tally's parts come and go
    by ``visible``: the parts below keep their place (a finger tapping in
    place, tests/e2e/test_entry_in_place.py) and the field being typed in
    keeps its focus."""
    session = make_session(table)
    stored = table.start_match(SETUP_EARLY).value
    session.render(route)
    empty = identifiers(session.page.views[-1])
    drawn = actions.draft_now(session)
    filled = hand_a() if route == routes.HAND else drawn.with_settebello(0)
    actions.update(session, filled.with_cards(0, "99"))  # wrong
    wrong = identifiers(session.page.views[-1])
    actions.update(session, filled.with_cards(0, "12"))
    right = identifiers(session.page.views[-1])
    assert empty == wrong, set(empty) ^ set(wrong)
    assert wrong == right, set(wrong) ^ set(right)
    assert stored.match.hands == ()
