"""The table: the use cases every phone shares, with no UI (see ``service``)."""

from scorekeeper.table.events import Change, Changed, TableEvent
from scorekeeper.table.mode import Mode
from scorekeeper.table.service import TableQueries, TableService, newest_open

__all__ = [
    "Change",
    "Changed",
    "Mode",
    "TableEvent",
    "TableQueries",
    "TableService",
    "newest_open",
]
