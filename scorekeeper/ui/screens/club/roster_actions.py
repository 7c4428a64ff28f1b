"""What "Arrivi e ritiri" (issue 37, 9) does: a late arrival entered, an
entrant withdrawn, each checked first in the organizer's words (the service
refuses the same in English), then one change of the table through
``Session.apply``; what the change did is said on the screen."""

from __future__ import annotations

from dataclasses import replace

from scorekeeper.core.engine import Status, evaluate
from scorekeeper.core.names import (
    MAX_NAME_LENGTH,
    clean_name,
    name_fault,
    name_key,
    undrawable,
)
from scorekeeper.core.tournament import System, Tournament, TournamentError
from scorekeeper.storage import StorageError
from scorekeeper.storage.tournaments import StoredTournament
from scorekeeper.ui.screens.club.state import ClubState, RosterEdit
from scorekeeper.ui.shell.session import Session


def _roster(session: Session, roster: RosterEdit, message: str | None = None) -> None:
    session.states.put(
        replace(session.states.of(ClubState), roster=roster, message=message)
    )
    session.render()


def _stored(session: Session) -> StoredTournament | None:
    tid = session.states.of(ClubState).night
    if tid is None:
        return None
    try:
        return session.table.club.get(tid)
    except StorageError as error:
        session.report(session.error_text(error))
        return None


def fixed(t: Tournament) -> bool:
    """Whether *t*'s entrants can no longer change (a round robin under way)."""
    return t.system is System.ROUND_ROBIN and bool(t.rounds)


def type_name(session: Session, which: str, text: str) -> None:
    """A late arrival's name (``first`` or ``second`` of a pair) as typed
    (not drawn again: the field holds it)."""
    roster = session.states.of(ClubState).roster
    roster = (
        replace(roster, first=text)
        if which == "first"
        else replace(roster, second=text)
    )
    session.states.put(replace(session.states.of(ClubState), roster=roster))


def late_problem(session: Session, t: Tournament, names: list[str]) -> str | None:
    """Why *names* cannot join *t* now, in the organizer's words."""
    if fixed(t):
        return session.t("club.err.roster_fixed")
    if any(not n for n in names):
        return session.t("club.err.no_late_name")
    entered = {name_key(p) for e in t.entrants for p in e}
    for name in names:
        fault = name_fault(name)
        if fault is not None and fault.code == "too_long":
            return session.t("club.err.long_name", name=name, n=MAX_NAME_LENGTH)
        if fault is not None:
            return session.t(
                "club.err.name_character", name=fault.shown, char=fault.char
            )
        bad = undrawable(name)
        if bad:
            return session.t("club.err.undrawable", name=name, chars=bad)
        if name_key(name) in entered:
            return session.t("club.err.entered", name=name)
        entered.add(name_key(name))
    return None


def add(session: Session) -> None:
    """ "Aggiungi dal turno N": the late arrival entered, paired from the
    next round; the screen says what the rounds missed count as."""
    stored = _stored(session)
    if stored is None:
        return
    t = stored.tournament
    roster = session.states.of(ClubState).roster
    typed = [roster.first] if t.players_per_side == 1 else [roster.first, roster.second]
    names = [clean_name(n) for n in typed]
    problem = late_problem(session, t, names)
    if problem is not None:
        _roster(session, roster, problem)
        return
    first = len(t.rounds) + 1
    name = " & ".join(names)
    note = (
        session.t("club.roster_added", name=name, round=first, n=first - 1)
        if first > 1
        else session.t("club.roster_added_first", name=name)
    )

    def done(_stored: StoredTournament) -> None:
        session.states.put(
            replace(
                session.states.of(ClubState), roster=RosterEdit(note=note), message=None
            )
        )

    try:
        session.apply(lambda table: table.club.add_entrant(stored.id, names), done=done)
    except TournamentError as error:  # a refusal the checks above missed
        _roster(session, roster, session.t("club.err.refused", reason=str(error)))


def ask_withdraw(session: Session, entrant: int | None) -> None:
    """ "Ritira" tapped (or "Annulla": None): the confirmation asked."""
    roster = replace(
        session.states.of(ClubState).roster, withdrawing=entrant, note=None
    )
    _roster(session, roster)


def withdraw_problem(session: Session, t: Tournament, entrant: int) -> str | None:
    """Why *entrant* cannot withdraw now, in the organizer's words."""
    if fixed(t):
        return session.t("club.err.roster_fixed")
    for tb in t.rounds[-1] if t.rounds else ():
        over = tb.match is not None and evaluate(tb.match).status is Status.WON
        if entrant in tb.entrants and not tb.bye and not over:
            return session.t(
                "club.err.still_playing", name=t.entrant_name(entrant), table=tb.number
            )
    if len([e for e in t.playing(len(t.rounds) + 1) if e != entrant]) < 2:
        return session.t("club.err.last_two")
    return None


def withdraw(session: Session, entrant: int) -> None:
    """ "Sì, ritira": the entrant is not paired again; its results stand."""
    stored = _stored(session)
    if stored is None:
        return
    t = stored.tournament
    problem = withdraw_problem(session, t, entrant)
    if problem is not None:
        _roster(session, RosterEdit(), problem)
        return
    name = t.entrant_name(entrant)
    note = (
        session.t("club.roster_gone", name=name, round=len(t.rounds))
        if t.rounds
        else session.t("club.roster_removed", name=name)  # off the list
    )

    def done(_stored: StoredTournament) -> None:
        session.states.put(
            replace(
                session.states.of(ClubState), roster=RosterEdit(note=note), message=None
            )
        )

    try:
        session.apply(lambda table: table.club.withdraw(stored.id, entrant), done=done)
    except TournamentError as error:
        _roster(session, RosterEdit(), session.t("club.err.refused", reason=str(error)))
