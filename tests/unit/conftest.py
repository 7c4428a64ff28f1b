"""Shared fixtures of the unit tests (one place: a test module defines none of
these again; ``tests/unit/test_test_layout.py`` checks it).

``table``: a table service on a fresh data folder, closed after the test; in a
module marked ``pytest.mark.memory`` on an in-memory repository instead (the
same service, no file written: the service's own tests, a few hundred).

``playing``: an Anna-Bruno match to 500 (no hand ends it) being played on
``table``, started by the service (``pytest.mark.usefixtures("playing")``).

``session``: a phone's real session of ``table`` on a fake page
(``fakes.make_session``: Italian, home drawn). Marked
``pytest.mark.phone(route=..., lang=...)``, it opened that route in that
language. Marked ``pytest.mark.started_match(**form)``, an Anna-Bruno match
was started from its new-match form (``fakes.start_from_form``: the form's
fields, e.g. ``target="500"``), the scoreboard shown. A marker on a module
(``pytestmark``) holds for each of its tests; only a test that asks for
``session`` gets one.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from scorekeeper.core import MatchSetup, Rules
from scorekeeper.storage import StoredMatch, open_repository
from scorekeeper.table import TableService
from scorekeeper.ui.shell.session import Session
from tests.unit.fakes import make_session, start_from_form


@pytest.fixture
def table(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[TableService]:
    if request.node.get_closest_marker("memory"):
        service = TableService(open_repository(memory=True))
    else:
        service = TableService.open(tmp_path / "data")
    yield service
    service.close()


@pytest.fixture
def playing(table: TableService) -> StoredMatch:
    setup = MatchSetup(("Anna", "Bruno"), "Anna", Rules(target=500))
    return table.start_match(setup).value


@pytest.fixture
def session(request: pytest.FixtureRequest, table: TableService) -> Session:
    phone = request.node.get_closest_marker("phone")
    session = make_session(table, **(phone.kwargs if phone else {}))
    started = request.node.get_closest_marker("started_match")
    if started:
        start_from_form(session, **started.kwargs)
    return session
