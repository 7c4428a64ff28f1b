"""Fixtures for the storage tests: a repository on a real folder or in memory.

``store`` is parametrized over both backends (like TinyDB's own tests run on
JSON and memory storages); ``store.open()`` opens the repository on the same
data again, closing the previous one, so a test can check what survives.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.integration.storage.helpers import Store


@pytest.fixture(params=["file", "memory"])
def store(request, tmp_path) -> Iterator[Store]:
    s = Store(request.param, tmp_path / "data")
    yield s
    s.close()


@pytest.fixture
def file_store(tmp_path) -> Iterator[Store]:
    s = Store("file", tmp_path / "data")
    yield s
    s.close()
