"""One phone's session: its connection, language, access and route trail,
and the one path by which it changes the table.

A :class:`Session` lives as long as one browser tab's connection. It holds
what one phone *is* (page, table, mode, translator, admission, route trail)
and the screens' states (:class:`ScreenStates`); drawing and navigation are
:class:`~.drawing.Drawing`'s, the put-off flushes
:class:`~.saving_soon.Keeping`'s. Every change goes through
:meth:`Session.apply`: the table service saves it, then the phone that made it
draws it at once and every *other* phone redraws from one broadcast
(:func:`broadcast`). That is the one rule of the broadcast. The session
imports no screen: the routes' registry comes from :mod:`scorekeeper.ui.app`.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from typing import TypeVar

import flet as ft

from scorekeeper.core.problems import HandError
from scorekeeper.i18n import Translator
from scorekeeper.i18n.sentences import Sides
from scorekeeper.storage import StorageError, StoredMatch
from scorekeeper.table import Change, Changed, Mode, TableEvent, TableService
from scorekeeper.ui import routes
from scorekeeper.ui.access.admission import Admission
from scorekeeper.ui.access.peer import current_peer
from scorekeeper.ui.access.table_code import Gate, path_of
from scorekeeper.ui.kit.theme import FIRST_THEME
from scorekeeper.ui.kit.theme import apply_theme as apply_theme
from scorekeeper.ui.shell.drawing import Drawing, Settle
from scorekeeper.ui.shell.drawing import ScreenBuilder as ScreenBuilder
from scorekeeper.ui.shell.event_values import ClientValues
from scorekeeper.ui.shell.put_off import Later, run_later
from scorekeeper.ui.shell.refusals import error_sentence
from scorekeeper.ui.shell.saving_soon import Keeping, tidy
from scorekeeper.ui.shell.screen_states import ScreenStates, Seating, Seen
from scorekeeper.ui.shell.trail import Trail
from scorekeeper.ui.shell.wakelock import ScreenAwake

log = logging.getLogger(__name__)

T = TypeVar("T")

SEAT_MATCH = (routes.MATCH, routes.HAND, routes.DECLARE, routes.LIVE)
"""A seated phone's screens of its table's match."""

TOPIC = "table"
"""The pubsub topic on which table changes are broadcast."""

ACCESS_CHANGED = "access-changed"
"""Sent on :data:`TOPIC` when the table code changed: every session checks
whether it is still admitted (``render`` draws the code screen if not)."""


def broadcast(page: ft.Page, event: TableEvent) -> None:
    """Tell every other phone of this server that the table changed."""
    page.pubsub.send_others_on_topic(TOPIC, event)


class Session:
    """One browser session (one phone) at the table. Its attributes are
    these (``__slots__``): a test cannot set one that no code reads."""

    __slots__ = (
        "page", "table", "mode", "translator", "french_cards", "error", "states",
        "admission", "drawn_views_key", "client_values", "awake", "keeping",
        "trail", "drawing", "seating", "__weakref__",
    )  # fmt: skip

    def __init__(
        self,
        page: ft.Page,
        table: TableService,
        mode: Mode,
        screens: Mapping[str, ScreenBuilder],
        home: ScreenBuilder,
        access: Gate | None = None,
        gate_screens: tuple[ScreenBuilder, ScreenBuilder] | None = None,
        settle: Mapping[str, Settle] | None = None,
        seating: Seating | None = None,
        vanished: Mapping[str, Callable[[Session], bool]] | None = None,
    ) -> None:
        self.page = page
        self.table = table
        self.mode = mode
        self.translator = Translator()
        self.french_cards = False  # French card names (read again on a change)
        self.error: str | None = None  # the last refused change, shown once
        self.states = ScreenStates()
        # where a phone sits at a club night (screens/club/state.py's answer)
        self.seating = seating
        # The table code: with a gate, nothing is shown until a code is given.
        self.admission = Admission(access, gate_screens)
        self.drawn_views_key: object = None  # the top view's key (event_guard)
        self.client_values = ClientValues()  # the newest values (event_values)
        self.client_values.install(page)
        self.awake: ScreenAwake | None = None
        self.keeping = Keeping(page, mode)
        # This phone's browser history, mirrored: Back skips finished screens.
        self.trail = Trail(page.route or routes.HOME)
        self.drawing = Drawing(self, screens, home, settle, vanished)

    # -- language -----------------------------------------------------------------
    def t(self, key: str, **params: object) -> str:
        """Translate in this session's language."""
        return self.translator.t(key, **params)

    @property
    def lang(self) -> str:
        return self.translator.lang

    def set_language(self, lang: str) -> None:
        """Switch this session (only this phone) to ``lang``."""
        self.translator.lang = lang
        self.drawing.changed()
        self.render()

    def refresh_settings(self) -> None:
        """Take the shared display settings again (French card names)."""
        self.french_cards = self.table.queries.settings().french_cards

    # -- lifecycle ----------------------------------------------------------------
    def start(self) -> None:
        """Set the page up and subscribe to table changes (the first view is
        drawn by :meth:`show_first`)."""
        page = self.page
        page.title = self.t("app.title")
        page.on_route_change = self.drawing.on_route_change
        page.on_view_pop = self.drawing.on_view_pop
        page.pubsub.subscribe_topic(TOPIC, self._on_table_event)
        self.french_cards = self.table.queries.settings().french_cards
        # The browser's theme until its own choice is known: the language
        # and the theme are the phone's, not the table's (ui/shell/phone_choice.py).
        apply_theme(page, FIRST_THEME)
        self.awake = ScreenAwake(page, self._awake_known)
        self.sync_awake()

    def show_first(self) -> None:
        """Draw the screen of the address this phone opened (once its language
        and theme are known, ``app.first_asks``)."""
        self.drawing.take_code(self.page.route)

    def current(self) -> StoredMatch | None:
        """The match this phone shows (from memory; a club table's if seated)."""
        if self.seating is not None:
            return self.seating.current(self.states, self.table)
        return self.table.current()

    def sync_awake(self) -> None:
        """Screen on while a match is being played, off otherwise."""
        if self.awake is not None:
            self.awake.want(self.table.playing() is not None)

    def _awake_known(self) -> None:
        # Only the live tally shows whether the screen stays on.
        if self.route == routes.LIVE:
            self.render()

    # -- drawing and navigation (ui/shell/drawing.py) -----------------------------
    @property
    def route(self) -> str:
        """The screen this phone shows."""
        return self.drawing.route

    def render(self, route: str | None = None) -> None:
        """Draw ``route`` (default: the screen shown) (``Drawing.render``)."""
        self.drawing.render(route)

    def go(self, route: str, *, finished: bool = False) -> None:
        """Navigate to ``route``; ``finished``: Back will not show the screen
        on display again (``Drawing.go``)."""
        self.drawing.go(route, finished=finished)

    def keep_soon(self) -> None:
        """Make what was stored unacknowledged durable soon
        (``ui/shell/saving_soon.py``)."""
        self.keeping.soon()

    # -- changing the table ---------------------------------------------------------
    def apply(
        self,
        use_case: Callable[[TableService], Changed[T]],
        go_to: str | None = None,
        *,
        finished: bool = False,
        done: Callable[[T], None] | None = None,
        failed: Callable[[Exception], None] | None = None,
    ) -> T | None:
        """Make one change to the table: saved first, then shown.

        ``use_case`` calls one method of the table service. When it is saved
        (and, where the mode asks for it, flushed to durable storage) this
        phone calls ``done`` and draws ``go_to`` (or the screen it is on), and
        every other phone redraws from the broadcast. ``finished``: the
        screen the change was made on has done its work (see :meth:`go`).
        A refused change (the core's ``HandError``, a storage error such as a
        full disk) changes nothing: ``failed`` gets the error, or the message
        is shown on this phone in its language; ``None`` is returned.
        """
        if not self.may_change:  # not admitted, or a spectator: nothing changes
            log.warning("a change from a session that may not change was refused")
            self.error = self.t("access.refused")
            self.render()
            return None
        try:
            changed = use_case(self.table)
        except (HandError, StorageError) as error:
            if failed is not None:
                failed(error)
            else:
                self.error = self.error_text(error)
            self.render()
            return None
        self.error = None

        def acknowledge() -> None:
            self.drawing.changed()
            self.sync_awake()
            try:
                if done is not None:
                    done(changed.value)
                if go_to is None:
                    self.render()
                else:
                    self.go(go_to, finished=finished)
            finally:
                # After this phone's answer is queued: every other phone
                # redraws in a task of the same event loop, and scheduled
                # before it they held it back (one redraw per phone).
                broadcast(self.page, changed.event)

        flush = self.mode.flush
        if flush is None or changed.event.change is Change.LIVE:
            acknowledge()
            # After this phone's answer is on its way: the upkeep (the saved
            # hand's draft cleared, a second write of the disk) made Save's
            # totals show ~1-2 ms later, up to 11 ms on a slow disk.
            self.keeping.tidy_soon(self.table)
            if changed.event.change is Change.LIVE:
                self.keep_soon()  # a step of the live tally: not awaited
        else:

            async def flushed() -> None:
                tidy(self.table)  # made durable with the change
                try:
                    await flush()
                except Exception as error:  # the data is saved in memory only
                    log.error("the change was not made durable: %r", error)
                    self.error = self.t("err.not_durable")
                acknowledge()

            run_later(self.page, Later.FLUSH, flushed)
        return changed.value

    async def _on_table_event(self, topic: str, event: object) -> None:
        # Runs on the event loop; pubsub handlers are not auto-updated.
        seating = self.seating
        seen = (
            seating.take(self.states, self.route, event, self.table)
            if seating
            else Seen.SHOWN
        )
        if seen is Seen.OTHER:
            return  # a club night's change of another table
        self.drawing.changed()
        if isinstance(event, TableEvent) and event.change is Change.SETTINGS:
            self.refresh_settings()
        self.sync_awake()
        if seen is Seen.MOVED and self.route in SEAT_MATCH:
            # a new round at this club table: its screen says who plays now
            # (the next match's hand 1 showed silently, issue 37)
            self.go(routes.HOME)
            return
        self.render()

    def report(self, text: str) -> None:
        """Show ``text`` as the screen's one error line, drawn at once."""
        self.error = text
        self.render()

    def error_text(self, error: Exception) -> str:
        """A refused change as one sentence in the session's language, a
        side named by the players of the match on screen."""
        unnamed = isinstance(error, HandError) and error.side_names is None
        stored = self.current() if unnamed else None
        sides = Sides.of(stored.match.setup) if stored is not None else None
        return error_sentence(error, self.translator, self.french_cards, sides)

    # -- the table code (ui/access/table_code.py, ui/access/admission.py) ---------
    @property
    def admitted(self) -> bool:
        """Whether this session may see the table's data."""
        return self.admission.admitted

    @property
    def may_change(self) -> bool:
        """Whether this session may change the table (a player, admitted)."""
        return self.admission.may_change

    def present_code(self, text: str, draw: bool = True) -> bool:
        """Present ``text`` from this connection's peer (not page.client_ip)."""
        seat = (  # a club night's code?
            self.seating.seat(self.states, self.table, text) if self.seating else None
        )
        admitted = self.admission.present(current_peer(), text, self.t, seat)
        if draw:  # the screen of the address the phone opened
            self.render(path_of(self.page.route))
        return admitted

    def renew_code(self) -> None:
        """A new table code ("Nuovo codice"): this phone keeps its place, every
        other player's session is sent back to the code screen."""
        if self.admission.renew():
            self.page.pubsub.send_others_on_topic(TOPIC, ACCESS_CHANGED)
            self.render()
