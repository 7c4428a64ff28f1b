"""What home keeps between draws on this phone."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class HomeState:
    """How many of the storage's notices (``TableService.warnings``) this
    phone dismissed: the others still show."""

    notices_seen: int = 0
