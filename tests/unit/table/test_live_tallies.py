"""The table's live tallies (``table/live.py``): one store for each table from
its start, and every tap counted when many phones tap at once."""

from __future__ import annotations

import threading

from scorekeeper.table.hand_draft import LiveTally
from scorekeeper.table.live import LiveTallies
from tests.builders import memory_table


def test_simultaneous_taps_from_many_phones_are_all_counted():
    store = LiveTallies()

    def tap() -> None:
        for _ in range(200):
            store.change("m", 0, lambda t: t.piccola(0))

    threads = [threading.Thread(target=tap) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert store.get("m", 0).piccole == (1600, 0)


def test_a_table_has_one_store_of_live_tallies_from_the_start():
    """(Was: a table without a store gets one on first use; the table service
    now makes its store when it is made.)"""
    table = memory_table()
    assert isinstance(table.tallies, LiveTallies)
    assert table.tallies is table.tallies
    assert table.tallies.get("x", 0) == LiveTally()
    assert memory_table().tallies is not table.tallies
