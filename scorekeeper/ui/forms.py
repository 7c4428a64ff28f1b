"""What one phone has typed or chosen on a screen, kept on its session.

A screen is rebuilt from these on every change (state in, view out): once
flet has diffed a rebuilt view its controls are frozen, so what a player
types lives here, not in the controls.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from random import Random
from typing import TYPE_CHECKING, Any, TypeVar, cast

import flet as ft

from scorekeeper.core.model import MatchSetup, Preset, Rules, SpazzinoNumeral, Ties
from scorekeeper.core.names import clean_name
from scorekeeper.storage import StoredMatch
from scorekeeper.table import TableService
from scorekeeper.table.hand_draft import as_entered, parse_whole
from scorekeeper.ui.club_codes import Place, codes_of
from scorekeeper.ui.keeper import Keeper
from scorekeeper.ui.screens.club import state as club
from scorekeeper.ui.screens.hand_entry.state import EntryState

if TYPE_CHECKING:  # the screens' states, imported with their screens only
    from scorekeeper.ui.screens.demo.state import DemoState
    from scorekeeper.ui.screens.trainer.state import Progress, TrainerState

S = TypeVar("S", bound=ft.BaseControl)


@dataclass(frozen=True)
class NewMatchForm:
    """What one phone has filled in on the new-match screen so far (frozen:
    each tap makes the next form)."""

    count: int = 2
    names: tuple[str, ...] = ("", "", "", "")  # four seats, the first count shown
    first_dealer: int = 0  # seat index
    preset: Preset = Preset.CLASSICO
    spazzino_numeral: SpazzinoNumeral = SpazzinoNumeral.FACE
    ties: Ties = Ties.NONE
    scaluneddu: bool = True
    target: str = "31"
    early_win: bool = False
    drawn: bool = False  # first_dealer was drawn by lot, not chosen
    # seats (0-based) whose name field was typed in: an empty name there is
    # an error, elsewhere only a hint of what is still missing
    touched: frozenset[int] = frozenset()

    def __post_init__(self) -> None:
        # four seats whatever was given (a list, fewer names)
        names = (*self.names, "", "", "", "")[:4]
        object.__setattr__(self, "names", tuple(names))
        object.__setattr__(self, "touched", frozenset(self.touched))

    @classmethod
    def from_setup(cls, setup: MatchSetup) -> NewMatchForm:
        rules = setup.rules
        return cls(
            count=len(setup.players),
            names=tuple(setup.players),
            first_dealer=setup.dealer_seat,
            preset=rules.preset_name,
            spazzino_numeral=rules.spazzino_numeral,
            ties=rules.ties,
            scaluneddu=rules.scaluneddu,
            target=str(rules.target),
            early_win=rules.early_win,
        )

    def players(self) -> tuple[str, ...]:
        """The names as stored (RULES §4): trimmed, runs of spaces collapsed, NFC."""
        return tuple(clean_name(n) for n in self.names[: self.count])

    def rules(self) -> Rules:
        target = parse_whole(self.target)
        early_win = self.early_win and self.count == 2
        if self.preset is Preset.CUSTOM:
            return Rules(
                target=as_entered(target or 0),
                spazzino_numeral=self.spazzino_numeral,
                ties=self.ties,
                scaluneddu=self.scaluneddu,
                early_win=early_win,
            )
        rules = Rules.preset(self.preset, as_entered(target or 0))
        return Rules(
            target=rules.target,
            spazzino_numeral=rules.spazzino_numeral,
            ties=rules.ties,
            scaluneddu=rules.scaluneddu,
            early_win=early_win,
        )

    def setup(self) -> MatchSetup:
        players = self.players()
        dealer = players[min(self.first_dealer, self.count - 1)]
        return MatchSetup(players, dealer, self.rules())

    def drawn_first_dealer(self, source: Random) -> NewMatchForm:
        """The first dealer by lot ("per sorteggio", RULES §1): any seated
        player, each as likely. ``source`` is the session's random source (a
        test injects a seeded one)."""
        return replace(self, first_dealer=source.randrange(self.count), drawn=True)

    def with_first_dealer(self, seat: int) -> NewMatchForm:
        """The first dealer chosen by the players."""
        return replace(self, first_dealer=seat, drawn=False)

    def with_count(self, count: int) -> NewMatchForm:
        """Two or four players; a first dealer beyond them is the last seat."""
        dealer = min(self.first_dealer, count - 1)
        return replace(self, count=count, first_dealer=dealer, drawn=False)

    def with_name(self, seat: int, name: str, touched: bool = True) -> NewMatchForm:
        """``name`` in ``seat`` (0-based); ``touched``: typed there."""
        names = (*self.names[:seat], name, *self.names[seat + 1 :])
        seats = self.touched | {seat} if touched else self.touched
        return replace(self, names=names, touched=seats)

    def with_names(self, *names: str) -> NewMatchForm:
        """The first seats filled with ``names`` (untouched)."""
        return replace(self, names=(*names, *self.names[len(names) :]))

    def filled_next(self, name: str) -> NewMatchForm:
        """A roster name in the first empty seat (not twice)."""
        if name in self.players():
            return self
        for i in range(self.count):
            if not self.names[i].strip():
                return self.with_name(i, name, touched=False)
        return self


@dataclass(frozen=True)
class TargetEntry:
    """What this phone typed in the target field, and what came of it.

    Kept on the session (``Session.target_entry``) because the screen is rebuilt
    on every change: once flet has diffed a rebuilt view, its controls are
    frozen and a handler may not set their properties (verified: "Frozen
    controls cannot be updated"). State in, view out, as in the match screens.
    """

    text: str
    valid: bool
    saved: bool


@dataclass(frozen=True)
class HistoryState:
    """What one phone chose on the history screens (frozen: each choice
    makes the next state, ``dataclasses.replace``)."""

    player: str | None = None
    opponent: str | None = None
    status: str | None = None
    period: str = "all"
    pages: int = 1
    match_id: str | None = None
    stats_player: str | None = None
    stats_opponent: str | None = None
    stats_partner: str | None = None
    message: str | None = None
    # the screen (route) that said the message: shown there only, never
    # lingering on the next screen ("File pronto" on the history)
    message_on: str | None = None
    notes: tuple[str, str] | None = None  # (match id, notes typed, not saved)

    def saying(self, text: str, on: str) -> HistoryState:
        """The state with ``text`` said on the screen of route ``on``."""
        return replace(self, message=text, message_on=on)

    def said_on(self, route: str) -> str | None:
        """The message to show on the screen of ``route``, if it said one."""
        return self.message if self.message_on == route else None


@dataclass
class Figures:
    """The statistics computed for this phone (screens/stats.py): the last
    result by (choice, revision), and the computations running off the event
    loop. Filled by the screen's settle step and the computation, never by
    a draw."""

    results: dict[tuple[Any, ...], Any] = field(default_factory=dict)
    loading: set[tuple[Any, ...]] = field(default_factory=set)


class Services:
    """The page's services a screen made (the file picker), each made once,
    by name, the first time a screen offers it: a memo of the connection,
    the same object at every later draw, not a screen's state."""

    def __init__(self) -> None:
        self._made: dict[str, ft.BaseControl] = {}

    def get(self, name: str, make: Callable[[], S]) -> S:
        """The service ``name``, made by ``make`` if it is not yet."""
        made = self._made.get(name)
        if made is None:
            made = self._made[name] = make()
        return cast(S, made)


@dataclass
class ScreenStates:
    """What each screen keeps between draws on this phone (each value a
    screen's own state; the screen's actions replace it)."""

    entry: EntryState | None = None  # the hand entry (hand_entry/state.py)
    new_match: NewMatchForm | None = None
    target_entry: TargetEntry | None = None  # the settings' target field
    history: HistoryState = field(default_factory=HistoryState)
    figures: Figures = field(default_factory=Figures)  # the statistics computed
    show_all_hands: bool = False  # the scoreboard lists the recent hands only
    ranking_player: str | None = None  # whose chart "Classifica" shows
    trainer: TrainerState | None = None  # "Allenamento: contatori" (issue 39)
    trainer_progress: Progress | None = None  # its score kept on this phone
    demo: DemoState | None = None  # "Partita di prova" (issue 39)
    # how many of the storage's notices (TableService.warnings) home dismissed
    notices_seen: int = 0
    # The scoreboard's parts last built, by what they show: a part
    # unchanged is the same control at the next build (ui/keeper.py).
    board_parts: Keeper = field(default_factory=Keeper)
    random: Random = field(default_factory=Random)  # the first dealer's draw
    club: club.ClubState = field(default_factory=club.ClubState)  # issue 26
    services: Services = field(default_factory=Services)  # the file picker

    def current(self, table: TableService) -> StoredMatch | None:
        """The match this phone shows: its club table's when it sits at one."""
        return club.current_of(self.club, table)

    def club_shows(self, route: str, event: object, table: TableService) -> bool:
        """Take a table *event* in (a new round moves a seated phone to its
        next match); whether this phone shows what it changed."""
        self.club = club.reseated(self.club, event, table)
        return club.concerns(self.club, route, event, table)

    def club_elsewhere(self, table: TableService, code: str) -> bool:
        """Whether *code* is another table's of the night this phone sits at
        (a link to table 4 opened at table 3: it goes there and says so,
        issue 37)."""
        seat = self.club.seat
        if seat is None:
            return False
        place = codes_of(table).find(code)
        return place is not None and place != seat.place and not place.board

    def club_seat(self, table: TableService, code: str) -> Place | None:
        """A club night's code (a table's or a board's): this phone goes
        there; None when *code* is none of them."""
        place = codes_of(table).find(code)
        if place is not None:
            self.club = club.seated(self.club, table, place)
        return place
