"""The values the repository returns: frozen dataclasses, no TinyDB in sight.

Settings, roster players, edit-log entries, history lines (summaries), stored
matches, match drafts, history pages, import results and the warnings a repository gives
when it had to act on its own (a file moved aside, an index rebuilt).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from scorekeeper.core.engine import MatchState
from scorekeeper.core.model import Hand, Match, Preset

#: the status of a history line (``list_history(status=...)``)
STATUSES = ("in_progress", "tie_break", "won", "abandoned")


@dataclass(frozen=True)
class Settings:
    """The table's settings: the defaults of a new match, the card names.

    ``language`` and ``theme`` are no phone's any more (each phone keeps its
    own in its browser, ``ui/shell/phone_choice.py``): they stay, read and written
    as before, for the data files that hold them and as the command line's
    defaults for a share picture (``score share --png``)."""

    language: str = "it"
    theme: str = "system"
    preset: Preset = Preset.CLASSICO
    target: int = 31
    exported_finished: int = 0
    """How many finished matches there were at the last "export all" (the
    browser build reminds the players to export after ten more)."""
    french_cards: bool = False
    """Name the cards as in a French deck (J/Q/K, picche, quadri) on screen;
    a display choice only: the rules and the stored data do not change."""
    spade_form: str = "list"
    """How a new match's hand entry asks for the spades at first ("list":
    tap each card; "count": the count form): the last form chosen."""


@dataclass(frozen=True)
class Player:
    """A roster entry: the current name and the names it had before."""

    name: str
    former_names: tuple[str, ...] = ()
    created: datetime | None = None

    @property
    def all_names(self) -> tuple[str, ...]:
        return (self.name, *self.former_names)


@dataclass(frozen=True)
class Edit:
    """One entry of a match's edit log (``number`` counts from 1)."""

    number: int
    at: datetime
    by: str | None
    action: str  # a scorekeeper.core.editlog.Action value
    index: int | None  # 0-based hand index, for hand edits
    before: Hand | None  # the hand as it was (replace, delete, undo)
    after: Hand | None  # the new hand (replace)
    undoes: int | None  # for "undo": the number of the edit reverted
    undone: bool  # a later "undo" reverted this edit


@dataclass(frozen=True)
class TournamentMark:
    """Where a match was played in a tournament: its id and name, the round
    and the table (docs/TOURNAMENT.md)."""

    id: str
    name: str
    round: int
    table: int


@dataclass(frozen=True)
class MatchSummary:
    """One line of the history. ``winner`` is a side index (0 or 1) or None."""

    id: str
    created: datetime
    updated: datetime
    players: tuple[str, ...]
    totals: tuple[int, int]
    status: str  # in_progress, tie_break, won, abandoned
    winner: int | None
    hands: int
    target: int
    rematch_of: str | None = None  # the match this one is a rivincita of
    ending: str | None = None  # how a won match ended (engine.Ending values)
    deleted_at: datetime | None = None  # set while the match is deleted
    tournament: TournamentMark | None = None  # a tournament's table's match
    corrected: bool = False  # its hands were changed after it was won
    damaged: bool = False  # its stored record cannot be read (Archive.damage)

    @property
    def deleted(self) -> bool:
        return self.deleted_at is not None

    @property
    def sides(self) -> tuple[str, str]:
        return (
            " & ".join(self.players[0::2]),
            " & ".join(self.players[1::2]),
        )

    @property
    def winner_name(self) -> str | None:
        return None if self.winner is None else self.sides[self.winner]


@dataclass(frozen=True)
class StoredMatch:
    """A match as stored: the domain match, its derived state and its metadata."""

    id: str
    match: Match
    state: MatchState
    created: datetime
    updated: datetime
    abandoned: bool = False
    notes: str = ""
    edit_count: int = 0
    undo_target: int | None = None  # the edit "undo" would revert, if any
    rematch_of: str | None = None  # the match this one is a rivincita of
    deleted: bool = False  # only seen with ``include_deleted=True``
    tournament: TournamentMark | None = None  # a tournament's table's match

    @property
    def can_undo(self) -> bool:
        return self.undo_target is not None

    @property
    def status(self) -> str:
        return "abandoned" if self.abandoned else self.state.status.value

    @property
    def winner(self) -> int | None:
        return None if self.abandoned else self.state.winner


@dataclass(frozen=True)
class MatchDraft:
    """The one draft of a match: what was entered of hand ``hand_index``
    (0-based) before it was saved, and the spade form last used in the match.

    ``entry`` (the hand entry as typed) and ``tally`` (the live tally of the
    play) are JSON documents the table layer writes and reads
    (:mod:`scorekeeper.table.draft_docs`); storage keeps them as they are.
    ``form`` outlives the hand: a cleared draft keeps it.
    """

    match_id: str
    hand_index: int
    entry: Mapping[str, Any] | None = None
    tally: Mapping[str, Any] | None = None
    form: str | None = None
    updated: datetime | None = None


@dataclass(frozen=True)
class HistoryPage:
    items: tuple[MatchSummary, ...]
    offset: int
    has_more: bool


@dataclass(frozen=True)
class ImportResult:
    id: str
    created: bool  # False: an identical match with this id was already stored


@dataclass(frozen=True)
class Warning_:
    """Something the repository did on its own that the user should hear of."""

    # moved_aside, recreated, rebuilt_index, rebuilt_shard, missing_shard,
    # lost_shard, changed, migrated, bad_settings,
    # pending_move, pending_purge, roster_not_saved, drafts_reset
    code: str
    message: str
    params: Mapping[str, Any] = field(default_factory=dict)
