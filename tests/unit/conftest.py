"""Shared fixtures of the unit tests (one place: a test module defines none of
these again).

``table``: a table service on a fresh data folder, closed after the test; in a
module marked ``pytest.mark.memory`` on an in-memory repository instead (the
same service, no file written: the service's own tests, a few hundred).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from scorekeeper.storage import open_repository
from scorekeeper.table import TableService


@pytest.fixture
def table(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[TableService]:
    if request.node.get_closest_marker("memory"):
        service = TableService(open_repository(memory=True))
    else:
        service = TableService.open(tmp_path / "data")
    yield service
    service.close()
