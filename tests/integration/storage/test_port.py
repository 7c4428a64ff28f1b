"""The repository implements every member of its port, so the two cannot drift."""

from __future__ import annotations

import inspect

import pytest

from scorekeeper.storage import (
    MatchQueries,
    MatchRepository,
    TinyDBRepository,
    open_repository,
)

#: the Protocol's own dunder members (the rest of its dunders are machinery)
PORT_DUNDERS = ("__enter__", "__exit__")


#: every member the port declares, its reads and its changes
PORT = {**vars(MatchQueries), **vars(MatchRepository)}


def port_members() -> list[str]:
    return sorted(
        name for name in PORT if not name.startswith("_") or name in PORT_DUNDERS
    )


def test_the_port_lists_what_the_ui_the_cli_and_the_commands_call():
    called = {
        "summary",
        "stored_matches",
        "count",
        "warnings",
        "location",
        "edit_history",
        "revision",
        "close",
    }
    assert called <= set(port_members())


@pytest.mark.parametrize("name", port_members())
def test_the_repository_has_every_member_of_the_port(name):
    with open_repository(memory=True) as repo:
        assert hasattr(repo, name), f"TinyDBRepository lacks {name}"
    if isinstance(PORT[name], property):
        # a read-only attribute: an instance attribute or a property will do
        assert not callable(getattr(TinyDBRepository, name, None))


def _methods() -> list[str]:
    return [n for n in port_members() if inspect.isfunction(PORT[n])]


@pytest.mark.parametrize("name", _methods())
def test_each_method_takes_what_the_port_promises(name):
    port = inspect.signature(PORT[name])
    impl = inspect.signature(getattr(TinyDBRepository, name))
    for p in list(port.parameters.values())[1:]:  # self aside
        assert p.name in impl.parameters, f"{name}: no parameter {p.name!r}"
        q = impl.parameters[p.name]
        assert (q.kind, q.default, q.annotation) == (p.kind, p.default, p.annotation), (
            f"{name}: parameter {p.name!r} is {q} in the repository, {p} in the port"
        )
    for q in impl.parameters.values():
        assert q.name in port.parameters or q.default is not q.empty, (
            f"{name}: the repository requires {q.name!r}, which the port does not"
        )
    if port.return_annotation != "MatchRepository":
        assert impl.return_annotation == port.return_annotation, name
