"""The server leaves what it loaded at start out of later garbage collections
(``ui/server.settle_memory``): a full collection walked the whole stored
history, now and then in the middle of a Save."""

from __future__ import annotations

import gc
import weakref
from collections.abc import Iterator

import pytest

from scorekeeper.table import TableService
from scorekeeper.ui.hosting.server import settle_memory
from tests.builders import ANNA_BRUNO


@pytest.fixture
def unfrozen() -> Iterator[None]:
    gc.unfreeze()
    yield
    gc.unfreeze()


def test_the_matches_loaded_at_start_are_out_of_later_collections(tmp_path, unfrozen):
    first = TableService.open(tmp_path / "data")
    first.start_match(ANNA_BRUNO)
    first.close()
    table = TableService.open(tmp_path / "data")
    try:
        stored = table.current()  # loaded when the server opened the data
        assert stored is not None
        tracked = stored.match  # an object the collector walks
        assert gc.is_tracked(tracked)
        gc.collect()
        assert any(o is tracked for o in gc.get_objects(generation=2))

        settle_memory()

        assert gc.get_freeze_count() > 0
        assert not any(o is tracked for o in gc.get_objects(generation=2))
        assert not any(o is tracked for o in gc.get_objects())
    finally:
        table.close()


def test_what_is_made_after_start_is_collected_as_before(unfrozen):
    settle_memory()
    assert gc.isenabled()  # frozen, not switched off: new cycles still go

    class Cycle:
        me: object = None

    made = Cycle()
    made.me = made  # a cycle: only the collector frees it
    gone = weakref.ref(made)
    del made
    gc.collect()
    assert gone() is None
