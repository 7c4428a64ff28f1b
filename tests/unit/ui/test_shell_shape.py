"""The UI shell stays a shell: the session holds few things.

Read from the source with :mod:`ast` (nothing imported): the attributes a
``Session`` sets on itself anywhere in its class; and a session, made,
refuses an attribute it does not have. No line cap: a cap splits modules by
length and their names suffer (issue 36); modules are split by concept.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import scorekeeper.ui.session
from tests.unit.fakes import make_session

SESSION_FILE = Path(scorekeeper.ui.session.__file__)
MAX_SESSION_ATTRIBUTES = 15


def attributes_set(cls: ast.ClassDef) -> set[str]:
    """The ``self.x`` assigned in any method of ``cls``."""
    found = set()
    for node in ast.walk(cls):
        targets: list[ast.expr] = []
        if isinstance(node, ast.Assign):
            targets = node.targets
        elif isinstance(node, ast.AnnAssign | ast.AugAssign):
            targets = [node.target]
        for target in targets:
            for t in ast.walk(target):
                if (
                    isinstance(t, ast.Attribute)
                    and isinstance(t.value, ast.Name)
                    and t.value.id == "self"
                ):
                    found.add(t.attr)
    return found


def session_class() -> ast.ClassDef:
    tree = ast.parse(SESSION_FILE.read_text(encoding="utf-8"))
    return next(
        n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "Session"
    )


def test_the_reader_finds_every_attribute_a_class_sets_on_itself():
    tree = ast.parse(
        "class A:\n"
        "    def __init__(self):\n"
        "        self.a = 1\n"
        "        self.b: int = 2\n"
        "        self.c, self.d = 3, 4\n"
        "    def later(self):\n"
        "        self.e += 1\n"
        "        other.f = 5\n"
    )
    (cls,) = tree.body
    assert isinstance(cls, ast.ClassDef)
    assert attributes_set(cls) == {"a", "b", "c", "d", "e"}


def test_a_session_holds_at_most_fifteen_attributes():
    names = attributes_set(session_class())
    assert len(names) <= MAX_SESSION_ATTRIBUTES, sorted(names)


def test_a_session_refuses_an_attribute_it_does_not_have(table):
    """``__slots__``: a test (or a screen) setting a dead attribute fails at
    once instead of setting something no code reads."""
    session = make_session(table)
    session.error = "a message"  # one of its own
    with pytest.raises(AttributeError):
        session.draft = None  # type: ignore[attr-defined]
    with pytest.raises(AttributeError):
        session.edit_index = 2  # type: ignore[attr-defined]
