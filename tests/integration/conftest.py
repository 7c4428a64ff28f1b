"""Shared fixtures of the integration tests outside ``storage/`` (which has
its own conftest): ``data``, a data folder's path not made yet, for a command
run as a subprocess (``--data``)."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture
def data(tmp_path: Path) -> str:
    return str(tmp_path / "data")
