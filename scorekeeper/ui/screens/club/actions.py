"""What the club night's buttons do: a new state for this phone (the form,
the seat), or one change of the table through ``Session.apply`` (the
tournament created, a round drawn, a result confirmed or unlocked)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from scorekeeper.core.model import TARGET_MAX, TARGET_MIN
from scorekeeper.core.names import MAX_NAME_LENGTH, name_fault, undrawable
from scorekeeper.core.tournament import (
    PairingError,
    System,
    Tournament,
    TournamentFileError,
    Waiting,
    dump_tournament,
    next_round,
    parse_tournament,
)
from scorekeeper.core.tournament.document import MAX_TOURNAMENT_NAME
from scorekeeper.storage import StorageError
from scorekeeper.storage.tournaments import StoredTournament
from scorekeeper.table.club import RoundWaitingError
from scorekeeper.table.hand_draft import parse_whole
from scorekeeper.ui import routes
from scorekeeper.ui.screens.club.state import ClubSeating, ClubState, TournamentForm
from scorekeeper.ui.shell.session import Session


def _set(session: Session, state: ClubState, route: str | None = None) -> None:
    session.states.put(state)
    if route is None:
        session.render()
    else:
        session.go(route)


def edit_form(session: Session, form: TournamentForm) -> None:
    """This phone's new-tournament form is now *form* (nothing saved)."""
    _set(session, replace(session.states.of(ClubState), form=form, message=None))


def type_code(session: Session, text: str) -> None:
    """The table code being typed (not drawn again: the field holds it)."""
    session.states.put(replace(session.states.of(ClubState), typed_code=text))


def form_problem(session: Session, form: TournamentForm) -> str | None:
    """Why the form cannot make a tournament yet, in the phone's words."""
    if not form.name.strip():
        return session.t("club.err.no_name")
    # the tournament's name passes the players' one name rule (core/names.py)
    fault = name_fault(form.name, MAX_TOURNAMENT_NAME)
    if fault is not None and fault.code == "character":
        return session.t("club.err.name_character", name=fault.shown, char=fault.char)
    bad = undrawable(form.name)
    if bad:
        return session.t("club.err.undrawable", name=form.name, chars=bad)
    target = parse_whole(form.target)
    if not isinstance(target, int) or not TARGET_MIN <= target <= TARGET_MAX:
        return session.t("club.err.target", min=TARGET_MIN, max=TARGET_MAX)
    if len(form.picked) % form.size:
        return session.t("club.err.half_pair")
    if len(form.entrants()) < 2:
        return session.t("club.err.few")
    for name in form.picked:
        if len(name) > MAX_NAME_LENGTH:  # a line of a pasted list, say
            return session.t("club.err.long_name", name=name, n=MAX_NAME_LENGTH)
        bad = undrawable(name)
        if bad:
            return session.t("club.err.undrawable", name=name, chars=bad)
    t = Tournament(
        form.name,
        form.rules(),
        form.size,
        form.entrants(),
        form.system,
        season=form.season.strip() or None,
    )
    try:
        parse_tournament(dump_tournament(t))
    except TournamentFileError as error:
        return session.t("club.err.refused", reason=str(error))
    return None


def create(session: Session) -> None:
    """ "Crea il torneo": stored, and the organizer's screen shows it."""
    club = session.states.of(ClubState)
    form = club.form
    problem = form_problem(session, form)
    if problem is not None:
        _set(session, replace(club, message=problem))
        return

    def made(stored: StoredTournament) -> None:
        session.states.put(
            replace(
                session.states.of(ClubState),
                night=stored.id,
                form=TournamentForm(),
                message=None,
            )
        )

    session.apply(
        lambda table: table.club.create(
            form.name,
            form.rules(),
            form.entrants(),
            form.system,
            season=form.season.strip() or None,
        ),
        routes.CLUB_NIGHT,
        finished=True,
        done=made,
    )


def open_night(session: Session, tournament_id: str) -> None:
    """The organizer's screen of that tournament."""
    _set(
        session,
        replace(
            session.states.of(ClubState),
            night=tournament_id,
            shown_round=None,
            message=None,
        ),
        routes.CLUB_NIGHT,
    )


def playing_text(session: Session, playing: list[Waiting]) -> str:
    """The tables still being played, round by round, in the phone's words:
    "Il turno 1 non è finito (tavoli 1, 2)." """
    rounds: dict[int, list[int]] = {}
    for w in playing:
        rounds.setdefault(w.round, []).append(w.table)
    return " ".join(
        session.t("club.err.round_open", round=r, tables=", ".join(map(str, tables)))
        for r, tables in rounds.items()
    )


def round_problem(
    session: Session, stored: StoredTournament, waiting: list[Waiting]
) -> str | None:
    """Why no round can be drawn now, in the phone's words (None: it can):
    a table of a round drawn still being played, or no pairing left."""
    t = stored.tournament
    playing = [w for w in waiting if not w.finished]
    if playing:
        return playing_text(session, playing)
    try:
        next_round(t)
    except PairingError:
        if t.system is System.ROUND_ROBIN:
            return session.t("club.err.all_rounds")
        return session.t("club.err.no_pairing")
    return None


def start_round(
    session: Session, ask: Callable[[list[Waiting]], None] | None = None
) -> None:
    """ "Inizia il turno": the pairings drawn, each match at its table. A
    table still being played stops it (named); results finished and not
    confirmed are named and *ask* asks what to do (:func:`begin_round`)."""
    club = session.states.of(ClubState)
    if club.night is None:
        return
    try:
        stored = session.table.club.get(club.night)
        waiting = session.table.club.waiting(club.night)
    except StorageError as error:
        session.report(session.error_text(error))
        return
    problem = round_problem(session, stored, waiting)
    if problem is not None:
        _set(session, replace(club, message=problem))
        return
    if waiting and ask is not None:
        session.states.put(replace(club, message=None))
        ask(waiting)
        return
    begin_round(session, accept_waiting=False)


def begin_round(session: Session, *, accept_waiting: bool) -> None:
    """The next round drawn; with *accept_waiting* the organizer first
    confirms, for their tables, the results not confirmed yet."""
    club = session.states.of(ClubState)
    tid = club.night
    if tid is None:
        return
    session.states.put(replace(club, message=None, shown_round=None))
    try:
        session.apply(
            lambda table: table.club.start_round(tid, accept_waiting=accept_waiting)
        )
    except RoundWaitingError as error:  # a table reopened since the question
        message = playing_text(session, error.waiting)
        _set(session, replace(session.states.of(ClubState), message=message))
    except PairingError:  # no pairing left (round_problem said so before)
        message = session.t("club.err.no_pairing")
        _set(session, replace(session.states.of(ClubState), message=message))


def confirm(session: Session, round_number: int, table: int, player: str) -> None:
    """ "Sono Lino: confermo": *player*, of the side that did not win,
    accepts the result; the match is locked."""
    seat = session.states.of(ClubState).seat
    if seat is None:
        return
    tid = seat.place.tournament_id
    session.apply(lambda t: t.club.confirm(tid, round_number, table, player))


def say_player(session: Session, player: str | None) -> None:
    """ "Di chi è questo telefono?": the player this phone is (None: not
    said); the hands it saves are entered by that player."""
    seat = session.states.of(ClubState).seat
    if seat is not None:
        _set(
            session,
            replace(session.states.of(ClubState), seat=replace(seat, player=player)),
        )


def confirm_for_table(session: Session, round_number: int, table: int) -> None:
    """The organizer confirms a finished result for the table (recorded as
    the organizer's)."""
    tid = session.states.of(ClubState).night
    if tid is not None:
        session.apply(lambda t: t.club.confirm_for_table(tid, round_number, table))


def show_round(session: Session, round_number: int) -> None:
    """The organizer's screen shows that round's tables."""
    _set(session, replace(session.states.of(ClubState), shown_round=round_number))


def correct(session: Session, round_number: int, table: int) -> None:
    """ "Correggi una mano": the organizer opens that table's match on his
    own screen, unlocked first when its result was confirmed (it is to be
    confirmed again)."""
    from scorekeeper.ui.screens.match_detail.state import open_match

    tid = session.states.of(ClubState).night
    if tid is None:
        return
    try:
        stored = session.table.club.get(tid)
        match_id = stored.match_id(round_number, table)
    except StorageError as error:
        session.report(session.error_text(error))
        return
    if match_id is None:
        return
    if stored.confirmed_by(round_number, table) is not None:
        done = session.apply(lambda t: t.club.unlock(tid, round_number, table))
        if done is None:
            return
    open_match(session, match_id)


def join(session: Session) -> None:
    """ "Unisciti": this phone goes to the table (or the board) whose code
    was typed; a wrong code says so."""
    club = session.states.of(ClubState)
    place = ClubSeating().seat(session.states, session.table, club.typed_code)
    if place is None:
        _set(session, replace(club, message=session.t("club.err.code")))
        return
    session.states.put(replace(session.states.of(ClubState), typed_code=""))
    session.go(routes.BOARD if place.board else routes.HOME)


def leave(session: Session) -> None:
    """ "Lascia il tavolo": this phone is an ordinary phone again; one let in
    by the table's code alone is asked for a code (it was let in for that
    table only)."""
    session.admission.leave_seat()
    _set(
        session,
        replace(session.states.of(ClubState), seat=None, board=None),
        routes.HOME,
    )
