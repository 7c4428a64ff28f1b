"""What the entry's taps and buttons do: each makes a new :class:`EntryState`
from the one the session holds when the tap arrives, or makes one change
through ``Session.apply`` (save the hand, replace the hand another phone
saved); :func:`settle` is the step run before the entry is drawn (the view
draws what :func:`settled` gives, and changes nothing)."""

from __future__ import annotations

import logging
from dataclasses import replace

import flet as ft

from scorekeeper.core.model import Hand, Rank
from scorekeeper.storage import HandAlreadySavedError, StorageError, StoredMatch
from scorekeeper.table.events import Change, TableEvent
from scorekeeper.table.hand_draft import HandDraft
from scorekeeper.ui import routes
from scorekeeper.ui.parts.counting import phone_key
from scorekeeper.ui.screens.club.state import ClubState
from scorekeeper.ui.screens.hand_entry.state import (
    NO_DEAL,
    NO_DECLARER,
    Edit,
    EntryPage,
    EntryState,
)
from scorekeeper.ui.shell.session import Session, broadcast

log = logging.getLogger(__name__)


def entry_now(session: Session) -> EntryState:
    """The entry as it is when a tap arrives (not as drawn)."""
    entry = session.states.find(EntryState)
    assert entry is not None, "the entry screens always hold an entry"
    return entry


def draft_now(session: Session) -> HandDraft:
    """The draft being entered, as it is when a tap arrives (not as drawn)."""
    return entry_now(session).draft


def update(session: Session, draft: HandDraft) -> None:
    """A tap made ``draft``: hold it, store it, draw it."""
    entry = entry_now(session).tapped(draft)
    session.states.put(entry)
    session.error = None
    store_draft(session, entry)
    session.render()


def choose_spade_side(session: Session, side: int | None) -> None:
    """The side a tap on a spade chip gives the spade to (drawn, not stored:
    it is this phone's way of tapping, not part of the hand)."""
    session.states.put(entry_now(session).with_spade_side(side))
    session.render()


def tap_spade(session: Session, rank: Rank) -> None:
    """A tap on a spade chip: the spade to the chosen side (again: it stays).

    The first chip tapped in a hand played out, where each of the 10 spades
    is one side's or the other's, gives every other spade to the other side
    at once (the chips show it in its colour): the player then taps only
    the spades of the side chosen, and "Tutte le altre a …" is one tap less
    (issue 35: a hand with play points took 13-16 taps). Not in a stopped
    hand, where a spade may still be with nobody, nor once any spade is
    someone's (a draft resumed, a hand corrected).
    """
    entry = entry_now(session)
    side = entry.spade_side
    draft = entry.draft.give_spade(rank, side)
    first = all(s is None for s in entry.draft.spades)
    if first and side is not None and not entry.declaring:
        draft = draft.rest_of_spades_to(1 - side)
    update(session, draft)


def show_page(session: Session, page: EntryPage) -> None:
    """Show the entry's ``page`` (drawn, not stored: this phone's view)."""
    session.states.put(entry_now(session).on_page(page))
    session.render()


def choose_settebello(session: Session, side: int | None, spades_given: bool) -> None:
    """Who has the settebello; in a new hand, the first choice of a side,
    with every spade given (``spades_given``: the draft as drawn), turns the
    entry to its second page, the cards and the play: the settebello is the
    first page's last question, and a player then goes on without a tap on
    the page's tab (issue 35: a hand with play points in at most 12 taps).
    Not in a declaration, nor in a correction, nor when a side is chosen
    again (the player came back to change it)."""
    entry = entry_now(session)
    turn = (
        spades_given
        and side is not None
        and entry.draft.settebello is None
        and entry.new_index is not None
        and not entry.declaring
    )
    if turn:
        session.states.put(entry.on_page(EntryPage.GIOCO))
    update(session, draft_now(session).with_settebello(side))


def field_focused(session: Session, identifier: str) -> None:
    """A field of the entry took the focus (a finger tapped it to type)."""
    entry = session.states.find(EntryState)
    if entry is not None:
        session.states.put(entry.with_focus(identifier))


def field_left(session: Session, identifier: str) -> None:
    """A field of the entry lost the focus."""
    entry = session.states.find(EntryState)
    if entry is not None and entry.focused == identifier:
        session.states.put(entry.with_focus(None))


async def keep_typed_in_sight(session: Session, page: ft.Column, height: float) -> None:
    """The page of the entry was laid out ``height`` tall: when it is shorter
    than before, with a field being typed in (the phone's keyboard came up
    and took the lower part of the window), scroll that field into sight
    over the bar of Save (issue 35: at 360x420 the field typed was hidden
    behind it). Flutter does so by itself only for a keyboard's insets, which
    a browser that shrinks its window instead does not report."""
    entry = session.states.find(EntryState)
    if entry is None:
        return
    before = entry.page_height
    session.states.put(entry.laid_out(height))
    if entry.focused is not None and before is not None and height < before:
        await page.scroll_to(scroll_key=entry.focused, duration=150)


def rest_of_spades(session: Session, side: int) -> None:
    """ "Tutte le altre a …": the spades nobody has yet go to ``side``."""
    update(session, draft_now(session).rest_of_spades_to(side))


def hold(session: Session, draft: HandDraft) -> None:
    """Put ``draft`` in this phone's entry (neither stored nor drawn); with no
    entry open, in a new one of the current match's next hand."""
    entry = session.states.find(EntryState)
    stored = session.current()
    if entry is None and stored is not None:
        entry = EntryState.open_new(stored, draft.declaration is not None, draft)
    if entry is None:
        session.states.drop(EntryState)
    else:
        session.states.put(entry.tapped(draft))


def store_draft(session: Session, entry: EntryState) -> None:
    """Keep the new hand's entry in storage at every change, so the back
    arrow, a server restart or another phone opening the entry finds it.

    Written at once: one atomic write of a few hundred bytes, as cheap as a
    bare atomic write (``benchmarks/bench_draft.py``: under a
    millisecond on an idle disk), not worth the ordering risks of a
    write-behind. Not broadcast: the other phones
    read it when they open the entry. A failed write loses nothing on this
    phone (the draft is still on the screen) and says so. The browser build
    writes it to IndexedDB a second after the last tap (``keep_soon``).
    """
    index = entry.new_index
    if index is None or entry.taken is not None:
        return
    try:
        session.table.save_draft(entry.match_id, index, entry.draft)
    except StorageError as error:
        log.error("the hand entry's draft was not stored: %s", error)
        session.error = session.error_text(error)
        return
    session.keep_soon()
    if session.table.counting.tapped(entry.match_id, index, phone_key(session)):
        # the other phones say "un altro telefono sta contando la mano N"
        broadcast(session.page, TableEvent(Change.DRAFT, entry.match_id))


def stop_counting(session: Session) -> None:
    """Before the scoreboard is drawn (``app.SETTLE``): this phone left the
    entry (the back arrow, Back, Save), so it counts no hand now. Where the
    others were told it counts the match's next hand, they are told it no
    longer does (a broadcast; after a Save the saved hand's mark goes
    silently: the Save's own broadcast redraws them)."""
    dropped = session.table.counting.left(phone_key(session))
    stored = session.current()
    if stored is not None and dropped.get(stored.id) == len(stored.match.hands):
        broadcast(session.page, TableEvent(Change.DRAFT, stored.id))


def settled(
    session: Session, stored: StoredMatch, stopped: bool
) -> tuple[EntryState, str | None]:
    """This phone's entry for the screen (``stopped``: the declaration) as the
    match now is, and a notice for the player, or ``None``: a pure step (it
    reads the table, writes nothing); :func:`settle` keeps what it gives
    before the entry is drawn, and the view draws what it gives. Given the
    entry it gave, it gives that entry again and no notice.

    An entry is kept while it belongs to this match and screen
    (``EntryState.belongs_to``). When another phone saved the very hand this
    one is entering, the entry is kept too and the screen asks what to do
    (``EntryState.taken``, ``view.taken_panel``). Otherwise (first opening,
    the entry opened again after the back arrow, a restart, another phone
    changed the hand being corrected) the entry opens on the match's stored
    draft of its next hand (whichever phone typed it, with what the live
    tally recorded since), or on the live tally's pre-fill, or empty in the
    match's spade form. A draft dropped because another phone changed the
    hands says so; so does a draft the live tally added points to since it
    was typed (``TableService.entry_opening``).
    """
    entry = session.states.find(EntryState)
    notice = None
    if entry is not None and entry.belongs_to(stored, stopped):
        # (the other phone's hand was undone since)
        return entry.with_taken(None), None
    if entry is not None and entry.on_screen(stored, stopped):
        index = entry.new_index
        if index is not None and index < len(stored.match.hands):
            # another phone saved the hand this one is entering: keep the
            # entries and ask (taken_panel)
            return entry.with_taken(index), None
        # this screen's entry on this match: another phone changed the hands
        notice = session.t("entry.changed_elsewhere")
    # the stored draft of the match's next hand (any phone's, kept across the
    # back arrow and restarts), or the live tally's pre-fill, or a fresh one
    draft, live_added = session.table.entry_opening(stored.id)
    if stopped and draft.declaration is None:
        draft = draft.declared(NO_DECLARER, NO_DEAL)
    elif not stopped and draft.declaration is not None:
        draft = replace(draft, declaration=None)
    entry = EntryState.open_new(stored, stopped, draft)
    return replace(entry, live_added=live_added), notice


def settle(session: Session) -> None:
    """Before the entry is drawn (``Drawing.render``, at every draw of its
    routes): keep the entry :func:`settled` gives as this phone's entry, and
    its notice in the error line. The taps then act on the entry drawn."""
    stored = session.current()
    if stored is None:
        return
    entry, notice = settled(session, stored, session.route == routes.DECLARE)
    if entry != session.states.find(EntryState):
        session.states.put(entry)
    if notice is not None:
        session.error = notice


def save_hand(session: Session) -> None:
    stored = session.current()
    entry = session.states.find(EntryState)
    if entry is None:
        return
    hand = entry.draft.to_hand()
    target = entry.target
    # the player this phone said it is, at a club table (issue 37): the
    # edit log keeps who entered the result
    seat = session.states.of(ClubState).seat
    by = None if seat is None else seat.player
    # Saved, the entry has done its work: Back from the scoreboard leads to
    # the scoreboard's parent, never to an empty entry (Session.go).
    if isinstance(target, Edit):
        # the entry's match: the table's, or one corrected from the history
        match_id, index, original = entry.match_id, target.index, target.original
        done = session.apply(
            lambda table: table.correct_hand(
                match_id, index, hand, expected=original, by=by
            ),
            routes.parent(session.route),
            finished=True,
        )
    elif stored is None:
        return
    else:
        # the hand this phone is entering: refused if another phone saved it
        expected = entry.new_index
        if hand.declaration is not None:
            done = session.apply(
                lambda table: table.declare(
                    stored.id, hand, expected_index=expected, by=by
                ),
                routes.MATCH,
                failed=lambda error: _refused(session, error),
                finished=True,
            )
        else:
            done = session.apply(
                lambda table: table.add_hand(
                    stored.id, hand, expected_index=expected, by=by
                ),
                routes.MATCH,
                failed=lambda error: _refused(session, error),
                finished=True,
            )
    if done is not None:
        session.states.drop(EntryState)
        session.table.counting.done(entry.match_id, phone_key(session))


def _refused(session: Session, error: Exception) -> None:
    """A refused Save: the hand another phone saved first is asked about
    (the entries stay); anything else is one sentence in the banner."""
    if isinstance(error, HandAlreadySavedError):
        entry = session.states.find(EntryState)
        if entry is not None:
            session.states.put(entry.with_taken(error.index))
    else:
        session.error = session.error_text(error)


def replace_taken(
    session: Session, stored: StoredMatch, index: int, shown: Hand
) -> None:
    """Replace the hand another phone saved (if it is still ``shown``) with
    this phone's entries."""
    entry = session.states.find(EntryState)
    if entry is None:
        return
    hand = entry.draft.to_hand()
    seat = session.states.of(ClubState).seat
    by = None if seat is None else seat.player
    done = session.apply(
        lambda table: table.correct_hand(stored.id, index, hand, expected=shown, by=by),
        routes.MATCH,
    )
    if done is not None:
        session.states.drop(EntryState)


def drop_mine(session: Session) -> None:
    """Drop this phone's entries of the hand another phone saved."""
    entry = session.states.find(EntryState)
    if entry is not None:
        session.table.counting.done(entry.match_id, phone_key(session))
    session.states.drop(EntryState)
    session.go(routes.MATCH)
