"""Transient offers: "Eliminata la mano 3 (…) · Annulla", "Partita
eliminata · Annulla", "Tolta la mano 2 (…) · Ripeti".

An offer belongs to its moment (issue 23): it lasts :data:`OFFER_SECONDS`,
it is withdrawn as soon as its phone draws another screen (so it never
covers the hand entry's "Salva la mano"), a new offer replaces the old one,
and its action does exactly what it offered or nothing: a tap on an offer
that is no longer this phone's open one (it ran out, the phone left its
screen, another offer came) changes nothing and says so. What the action
changes is checked again by the table service (``expected=``: the edit or
the hand it was offered for), so another phone's change in between is
refused too.

flet's snackbar with an action stays until tapped (``persist`` defaults to
true then): the offer sets ``persist=False`` and closes it itself when its
time is up (a put-off task of kind ``Later.OFFER``).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from dataclasses import dataclass

import flet as ft

from scorekeeper.ui.access.door import Door
from scorekeeper.ui.access.event_guard import show_dialog, tell
from scorekeeper.ui.shell.put_off import Later, run_later

OFFER_SECONDS = 8.0
"""How long an offer is shown (and taken): a few seconds."""

GRACE_S = 1.0
"""A tap this long after the offer's end still counts: the snackbar slides in
after the server made it, so the browser shows it a little longer."""


@dataclass(frozen=True)
class Offer:
    """One offer made: its number on this phone, the screen it belongs to,
    and when (on the offers' clock) it ends."""

    number: int
    route: str
    ends: float


class Offers:
    """The one open offer of a phone (at most one at a time)."""

    def __init__(
        self,
        door: Door,
        route: Callable[[], str],
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._door = door
        self._route = route
        self.clock = clock
        self._made = 0
        self._open: tuple[Offer, ft.SnackBar] | None = None

    @property
    def current(self) -> Offer | None:
        """The offer open on this phone, if any."""
        return None if self._open is None else self._open[0]

    def make(
        self,
        text: str,
        action: str,
        act: Callable[[], object],
        seconds: float = OFFER_SECONDS,
    ) -> Offer:
        """Show ``text`` with the action ``action`` on the screen shown now;
        a tap on it in time calls ``act`` (once)."""
        self.withdraw()
        self._made += 1
        offer = Offer(self._made, self._route(), self.clock() + seconds)
        snack = ft.SnackBar(
            content=ft.Text(text),
            action=action,
            on_action=lambda _: self.take(offer, act),
            duration=ft.Duration(milliseconds=round(seconds * 1000)),
            persist=False,
        )
        self._open = (offer, snack)
        show_dialog(self._door, snack)

        async def end() -> None:
            await asyncio.sleep(seconds)
            self.withdraw(offer)

        run_later(self._door.page, Later.OFFER, end)
        return offer

    def valid(self, offer: Offer) -> bool:
        """Whether a tap on ``offer`` now does what it offered."""
        return (
            self.current is offer
            and self._route() == offer.route
            and self.clock() <= offer.ends + GRACE_S
        )

    def take(self, offer: Offer, act: Callable[[], object]) -> None:
        """The offer's action tapped: ``act`` if the offer is still valid,
        otherwise nothing changes and the phone is told so."""
        if not self.valid(offer):
            self.withdraw(offer)
            tell(self._door, self._door.t("offer.stale"))
            return
        self.withdraw(offer)
        act()

    def withdraw(self, offer: Offer | None = None) -> None:
        """Close the open offer (only if it is ``offer``, when given)."""
        if self._open is None or (offer is not None and self._open[0] is not offer):
            return
        _, snack = self._open
        self._open = None
        snack.open = False
        # Still in the page's dialogs (flet removes it once the browser says
        # it went): the browser is told to close it.
        dialogs = snack.parent
        if dialogs is not None and snack in getattr(dialogs, "controls", ()):
            snack.update()

    def drawn(self, route: str) -> None:
        """The phone draws ``route``: an offer of another screen goes."""
        if self._open is not None and self._open[0].route != route:
            self.withdraw()
