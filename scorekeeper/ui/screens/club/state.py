"""What one phone keeps of the club night: frozen values, replaced by the
actions (``actions.py``), read by the views (``view.py``). No flet.

A phone *seated* at a table (it presented that table's code) sees only the
match played there: :func:`seat_match` is what ``Session.current`` gives it.
:func:`concerns` says whether a table event is one this phone shows, so a
Save at table 3 redraws table 3's phones, the boards and the organizer,
never the other tables' phones.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from scorekeeper.core.model import Preset, Rules
from scorekeeper.core.names import clean_name
from scorekeeper.core.tournament import System
from scorekeeper.storage import StorageError, StoredMatch
from scorekeeper.table import Change, TableEvent, TableService
from scorekeeper.table.hand_draft import parse_whole
from scorekeeper.ui import routes
from scorekeeper.ui.access.club_codes import Place, codes_of
from scorekeeper.ui.shell.screen_states import ScreenStates, Seen


@dataclass(frozen=True)
class TournamentForm:
    """The new tournament as typed so far: the entrants are the names
    picked, in order (with pairs, two by two)."""

    name: str = ""
    preset: Preset = Preset.CLASSICO
    pairs: bool = False
    picked: tuple[str, ...] = ()
    typed: str = ""  # a name being typed, not yet added
    system: System = System.ROUND_ROBIN
    target: str = "31"  # as typed ("Traguardo")
    season: str = ""  # the club's season the night counts in, as typed

    @property
    def size(self) -> int:
        return 2 if self.pairs else 1

    def entrants(self) -> tuple[tuple[str, ...], ...]:
        """The entrants formed so far (an unfinished pair left out)."""
        n = self.size
        whole = len(self.picked) - len(self.picked) % n
        return tuple(tuple(self.picked[i : i + n]) for i in range(0, whole, n))

    def with_name(self, name: str) -> TournamentForm:
        """*name* added to the entrants (a name already picked is not)."""
        name = clean_name(name)
        known = {clean_name(p).casefold() for p in self.picked}
        if not name or name.casefold() in known:
            return replace(self, typed="")
        return replace(self, picked=(*self.picked, name), typed="")

    def with_names(self, text: str) -> TournamentForm:
        r"""Each line of *text* added as :meth:`with_name` adds one (a list
        pasted, one name a line; blank lines and names already picked are
        passed over).

        >>> TournamentForm().with_names("Anna\n\n bruno \nAnna\r\nCarla").picked
        ('Anna', 'bruno', 'Carla')
        """
        form = self
        for line in text.splitlines():
            form = form.with_name(line)
        return replace(form, typed="")

    def without(self, index: int) -> TournamentForm:
        """Entrant *index* taken out (with pairs, both of its names)."""
        n = self.size
        picked = self.picked[: index * n] + self.picked[(index + 1) * n :]
        return replace(self, picked=picked)

    def rules(self) -> Rules:
        """The preset's rules to the target typed (an unreadable target is
        0, which the tournament's checks refuse)."""
        target = parse_whole(self.target)
        return Rules.preset(self.preset, target if isinstance(target, int) else 0)


@dataclass(frozen=True)
class Seat:
    """A phone at a table: where, and the match it showed last (resolved
    when it sat down and at each change of the tournament).

    What the phone must be told (issue 37, 8): ``before``, the round whose
    players it showed when a new round brought others to its table (the
    table's screen names them and offers to follow each to its new table);
    ``came_from``, the table it sat at before a code, a link or a follow
    moved it here."""

    place: Place
    match_id: str | None = None
    round: int = 0  # the round of that match (0: none yet)
    # the player this phone said it is ("Sono Anna"), one of the match's:
    # its hands are entered by that player, and only a player of the side
    # that did not win accepts the result (issue 37)
    player: str | None = None
    before: int = 0  # the round whose players this table showed, when new ones came
    came_from: int | None = None  # the table this phone was moved from


@dataclass(frozen=True)
class RosterEdit:
    """The organizer's "Arrivi e ritiri" (issue 37) as typed: a late
    arrival's name (with pairs, both), the entrant whose withdrawal is being
    asked to confirm, and what the last change did, in words."""

    first: str = ""
    second: str = ""
    withdrawing: int | None = None
    note: str | None = None


@dataclass(frozen=True)
class ClubState:
    """The club night as this phone has it."""

    form: TournamentForm = field(default_factory=TournamentForm)
    night: str | None = None  # the tournament the organizer's screen shows
    shown_round: int | None = None  # the round whose tables it shows (None: newest)
    seat: Seat | None = None  # this phone is at a table
    board: str | None = None  # this phone is the club's board (its tournament)
    typed_code: str = ""  # "Unisciti a un tavolo", as typed
    message: str | None = None  # a refusal to show on the club screens
    roster: RosterEdit = field(default_factory=RosterEdit)  # arrivals, withdrawals
    # the club's TV board (tv.py): the page it shows (counted on, taken
    # modulo the pages), the round it last drew, whether its pages turn
    board_page: int = 0
    board_round: int = -1
    board_turning: bool = False


CLUB_ROUTES = (
    routes.CLUB,
    routes.CLUB_NEW,
    routes.CLUB_NIGHT,
    routes.CLUB_CARDS,
    routes.CLUB_ROSTER,
)


def resolve(table: TableService, place: Place) -> Seat:
    """The seat at *place* now: the match of the newest round at that table
    number (none: the round has no such table, or it is a bye)."""
    try:
        stored = table.club.get(place.tournament_id)
    except StorageError:
        return Seat(place)
    number = len(stored.tournament.rounds)
    for tb in stored.tournament.rounds[-1] if number else ():
        if tb.number == place.table and not tb.bye:
            return Seat(place, stored.match_id(number, tb.number), number)
    return Seat(place, None, number)


def seat_match(table: TableService, seat: Seat) -> StoredMatch | None:
    """The match of *seat* (from memory), or None."""
    if seat.match_id is None:
        return None
    try:
        return table.queries.get_match(seat.match_id)
    except StorageError:
        return None


def current_of(state: ClubState, table: TableService) -> StoredMatch | None:
    """The match this phone shows: its table's when it is seated, else the
    match the table service is on."""
    if state.seat is not None:
        return seat_match(table, state.seat)
    return table.current()


def tournament_of(table: TableService, match_id: str | None) -> str | None:
    """The tournament a match is played in, or None."""
    if match_id is None:
        return None
    try:
        mark = table.queries.get_match(match_id, include_deleted=True).tournament
    except StorageError:
        return None
    return None if mark is None else mark.id


def concerns(state: ClubState, route: str, event: object, table: TableService) -> bool:
    """Whether *event* changes what this phone shows (a club phone, board or
    organizer's screen); every other phone redraws on every event, as ever."""
    if not isinstance(event, TableEvent):
        return True  # the table code changed: every phone checks it
    if event.change in (Change.SETTINGS, Change.ROSTER):
        return True
    if state.seat is not None:
        tid = state.seat.place.tournament_id
        if event.change is Change.TOURNAMENT:
            return event.tournament_id == tid
        return event.match_id is not None and event.match_id == state.seat.match_id
    watched = state.board if state.board is not None else None
    if watched is None and route in CLUB_ROUTES:
        watched = state.night
    if watched is None:
        return True
    if event.change is Change.TOURNAMENT:
        return event.tournament_id == watched
    if event.change in (Change.MATCH, Change.LIVE):
        return tournament_of(table, event.match_id) == watched
    return False


def reseated(state: ClubState, event: object, table: TableService) -> ClubState:
    """*state* with its seat resolved again after a change of its tournament
    (a new round moves the table to its next match)."""
    seat = state.seat
    if (
        seat is None
        or not isinstance(event, TableEvent)
        or event.change is not Change.TOURNAMENT
        or event.tournament_id != seat.place.tournament_id
    ):
        return state
    new = resolve(table, seat.place)
    if new.round == seat.round:
        kept = replace(new, before=seat.before, came_from=seat.came_from)
        return replace(state, seat=kept_player(table, kept, seat))
    # a new round at this table: the players it showed are named (before)
    moved = replace(new, before=seat.round)
    return replace(state, seat=kept_player(table, moved, seat))


def kept_player(table: TableService, seat: Seat, before: Seat) -> Seat:
    """*seat* (resolved again) still said to be *before*'s player when that
    player plays its match; else nobody said yet."""
    match = seat_match(table, seat)
    if before.player is None or match is None:
        return seat
    names = {clean_name(p).casefold() for p in match.match.setup.players}
    if clean_name(before.player).casefold() in names:
        return replace(seat, player=before.player)
    return seat


def seated(state: ClubState, table: TableService, place: Place) -> ClubState:
    """*state* at *place*: a table's seat, or the tournament's board; a
    phone moved from another table of the night says which (issue 37, 8)."""
    if place.board:
        return replace(state, board=place.tournament_id, seat=None, message=None)
    seat = resolve(table, place)
    old = state.seat
    if (
        old is not None
        and old.place != place
        and old.place.tournament_id == place.tournament_id
    ):
        seat = replace(seat, came_from=old.place.table)
    return replace(state, seat=seat, board=None, message=None)


def moved_on(before: Seat | None, after: Seat | None) -> bool:
    """Whether a new round just brought other players to this phone's
    table (its match screen then gives way to the table's screen, which
    says so, instead of showing the next match's hand 1 silently)."""
    return (
        before is not None
        and after is not None
        and before.place == after.place
        and after.round != before.round
        and before.round > 0
    )


class ClubSeating:
    """Where a phone sits at a club night, as the shell asks it
    (``shell.screen_states.Seating``; the route registry hands it in)."""

    def current(self, states: ScreenStates, table: TableService) -> StoredMatch | None:
        return current_of(states.of(ClubState), table)

    def take(
        self, states: ScreenStates, route: str, event: object, table: TableService
    ) -> Seen:
        before = states.of(ClubState).seat
        states.put(reseated(states.of(ClubState), event, table))
        after = states.of(ClubState)
        if not concerns(after, route, event, table):
            return Seen.OTHER
        return Seen.MOVED if moved_on(before, after.seat) else Seen.SHOWN

    def seat(
        self, states: ScreenStates, table: TableService, code: str
    ) -> Place | None:
        place = codes_of(table).find(code)
        if place is not None:
            states.put(seated(states.of(ClubState), table, place))
        return place

    def elsewhere(self, states: ScreenStates, table: TableService, code: str) -> bool:
        """Whether *code* is another table's of the night this phone sits at
        (a link to table 4 opened at table 3: it goes there and says so,
        issue 37)."""
        seat = states.of(ClubState).seat
        if seat is None:
            return False
        place = codes_of(table).find(code)
        return place is not None and place != seat.place and not place.board
