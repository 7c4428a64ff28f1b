"""One phone's session: what it shows, what it is entering, how it changes the table.

A :class:`Session` lives as long as one browser tab's connection. It holds
the phone's language and everything the phone is in the middle of (the hand
draft, the correction in progress, the new-match form, the history filters,
the wakelock), draws the screen of the current route, and makes every change
through :meth:`Session.apply`: the table service saves it, then the phone
that made it draws it at once and every *other* phone redraws from one
broadcast (:func:`broadcast`). That is the one rule of the broadcast.

Screens are plain functions ``(session) -> ft.View``; the registry of routes
is handed in by :mod:`scorekeeper.ui.app`, so this module imports no screen.
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
from collections.abc import Callable, Mapping
from typing import TypeVar

import flet as ft

from scorekeeper.core.problems import HandError
from scorekeeper.i18n import Translator
from scorekeeper.i18n.cards import problem_wording
from scorekeeper.storage import StorageError, StoredMatch
from scorekeeper.table import Change, Changed, Mode, TableEvent, TableService
from scorekeeper.ui import palette, routes
from scorekeeper.ui.access import Gate, Outcome, Role, code_in, path_of
from scorekeeper.ui.events import ClientValues
from scorekeeper.ui.forms import HistoryState, NewMatchForm, TargetEntry
from scorekeeper.ui.guard import guard_hidden, guard_views
from scorekeeper.ui.keeper import Keeper
from scorekeeper.ui.layers import Layers
from scorekeeper.ui.peer import current_peer
from scorekeeper.ui.screens.hand_entry.state import EntryState
from scorekeeper.ui.trail import Trail
from scorekeeper.ui.wakelock import ScreenAwake
from scorekeeper.ui.widgets import back_arrow, locale_of

log = logging.getLogger(__name__)

T = TypeVar("T")

TOPIC = "table"
"""The pubsub topic on which table changes are broadcast."""

SEED_COLOR = palette.SEED_COLOR
"""The seed of the Material scheme (kept here for the manifest's test)."""

THEME_MODES = {
    "system": ft.ThemeMode.SYSTEM,
    "light": ft.ThemeMode.LIGHT,
    "dark": ft.ThemeMode.DARK,
}

ScreenBuilder = Callable[["Session"], ft.View]

ADDRESS_DELAY_S = 0.05
"""How long after Save draws the scoreboard its address is pushed
(``Session._push_later``): past the browser's frame that shows it."""

UNCOVER_DELAY_S = 0.3
"""How long after Save (or the entry's back arrow) shows the scoreboard over
the entry the session draws again, removing the entry left built under it
(``ui/layers.py``, ``Layers.covered``): well past Save's frame, yet before a
player is likely to tap again."""

KEEP_DELAY_S = 1.0
"""How long after the last step of a hand's draft or of the live tally the
browser build writes its files to IndexedDB (``Session.keep_soon``): the taps
of a burst are one write."""

KEEP_MAX_S = 5.0
"""While the taps never pause for ``KEEP_DELAY_S``, a step is written with the
burst still going once it has waited this long (checked as each tap's delay
ends: a step waits under ``KEEP_MAX_S + KEEP_DELAY_S``, and the write)."""

ACCESS_CHANGED = "access-changed"
"""Sent on :data:`TOPIC` when the table code changed: every session checks
whether it is still admitted (``render`` draws the code screen if not)."""
_OFF = ft.PageTransitionTheme.NONE
NO_TRANSITIONS = ft.PageTransitionsTheme(
    android=_OFF, ios=_OFF, linux=_OFF, macos=_OFF, windows=_OFF
)
"""No page transition animation on any platform: a screen change (Save back
to the scoreboard) shows its result in the next frame, not after a 300 ms
zoom (tests/benchmarks/bench_save.py)."""


def broadcast(page: ft.Page, event: TableEvent) -> None:
    """Tell every other phone of this server that the table changed."""
    page.pubsub.send_others_on_topic(TOPIC, event)


def apply_theme(page: ft.Page, theme: str) -> None:
    """Set the page's theme mode and both themes of the palette (the phone
    picks one when the mode is "system")."""
    page.theme_mode = THEME_MODES.get(theme, ft.ThemeMode.SYSTEM)
    page.theme = app_theme(dark=False)
    page.dark_theme = app_theme(dark=True)


def app_theme(dark: bool) -> ft.Theme:
    """The palette's light or dark theme, without page transitions."""
    theme = palette.theme(dark)
    theme.page_transitions = NO_TRANSITIONS
    return theme


class Session:
    """One browser session (one phone) at the table."""

    def __init__(
        self,
        page: ft.Page,
        table: TableService,
        mode: Mode,
        screens: Mapping[str, ScreenBuilder],
        home: ScreenBuilder,
        access: Gate | None = None,
        gate_screens: tuple[ScreenBuilder, ScreenBuilder] | None = None,
    ) -> None:
        self.page = page
        self.table = table
        self.mode = mode
        self._screens = screens
        self._home = home
        self.translator = Translator()
        # Name the cards as in a French deck (Settings); read at start and
        # again whenever the settings change (refresh_settings).
        self.french_cards = False
        self.error: str | None = None  # the last refused change, shown once
        # What this phone is entering (hand_entry/state.py); each phone has
        # its own.
        self.entry: EntryState | None = None
        self.new_match: NewMatchForm | None = None
        self.random: random.Random = random.Random()  # the first dealer's draw
        self.target_entry: TargetEntry | None = None
        self.history = HistoryState()
        self.show_all_hands = False  # the scoreboard lists the recent hands only
        # The scoreboard's parts last built, by what they show: a part
        # unchanged is the same control at the next build (ui/keeper.py).
        self.board_parts = Keeper()
        # The back arrow of the layered view's title bar, by language and
        # screen, the same control at every draw (flet's diff skips it); one
        # screen of the view is shown at a time, so never in two places.
        self._arrows: dict[tuple[str, str], ft.Control] = {}
        self.awake: ScreenAwake | None = None
        # The screen this phone shows. go() draws a screen before the browser
        # confirms the new address, so page.route can lag behind it.
        self.drawn_route: str | None = None
        # The table code (ui/access.py): with a gate, nothing is shown or
        # changed until this session presents a code; gate_screens are the
        # code screen and the spectator board.
        self.access = access
        self._gate_screens = gate_screens
        self.role: Role | None = None if access is not None else Role.PLAYER
        self.admitted_at = 0  # the gate's generation when admitted
        self.code_typed = ""
        # how many of the storage's notices (TableService.warnings) this
        # phone has dismissed on home
        self.notices_seen = 0
        self.code_message: str | None = None
        self.drawn_views_key: object = None  # the top view's key (ui/guard.py)
        # The home view drawn under the screen on top, kept while that
        # screen is redrawn (see render).
        self._home_under: ft.View | None = None
        # The scoreboard and the screens drawn over it (ui/layers.py); the
        # scoreboard kept under the entry is built again only after a change
        # of the table (counted here), not at every tap on the entry.
        self.layers = Layers()
        self._changes = 0
        # The newest value the phone sent for each control (ui/events.py).
        self.client_values = ClientValues()
        self.client_values.install(page)
        # Bumped at every navigation and route change: an address push put
        # off (_push_later) is dropped when another came in between.
        self._address_turn = 0
        # Bumped at every draw: a draw put off (_uncover_later) is dropped
        # when another came in between.
        self._draw_turn = 0
        # Bumped at every keep_soon: the last of a burst flushes (or one
        # overdue, KEEP_MAX_S).
        self._keep_turn = 0
        # When the first step not flushed yet was kept (None: all flushed);
        # a list, so a step knows its own burst by identity.
        self._keep_burst: list[float] | None = None
        # This phone's browser history, mirrored: Back never reopens a
        # finished screen (a started match's form, a saved hand's entry).
        self.trail = Trail(page.route or routes.HOME)

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
        self.changed()
        self.render()

    def refresh_settings(self) -> None:
        """Take the shared display settings again (French card names)."""
        self.french_cards = self.table.queries.settings().french_cards

    # -- lifecycle ----------------------------------------------------------------
    def start(self) -> None:
        """Set the page up, subscribe to table changes and draw the first view."""
        page = self.page
        page.title = self.t("app.title")
        page.theme_mode = ft.ThemeMode.LIGHT
        # Browsers on a desktop get Flutter's compact density (32 px segmented
        # buttons); a phone-first app wants the standard one everywhere.
        page.theme = app_theme(dark=False)
        page.on_route_change = self._on_route_change
        page.on_view_pop = self._on_view_pop
        page.pubsub.subscribe_topic(TOPIC, self._on_table_event)
        settings = self.table.queries.settings()
        self.translator.lang = settings.language
        self.french_cards = settings.french_cards
        apply_theme(page, settings.theme)
        self.awake = ScreenAwake(page, self._awake_known)
        self.sync_awake()
        self.take_code(page.route)

    def current(self) -> StoredMatch | None:
        """The match the table is on (from memory, never a disk read)."""
        return self.table.current()

    def sync_awake(self) -> None:
        """Screen on while a match is being played, off otherwise."""
        if self.awake is not None:
            self.awake.want(self.table.playing() is not None)

    def _awake_known(self) -> None:
        # Only the live tally shows whether the screen stays on.
        if self.route == routes.LIVE:
            self.render()

    # -- drawing and navigation -----------------------------------------------------
    @property
    def route(self) -> str:
        return self.drawn_route or self.page.route or routes.HOME

    def render(self, route: str | None = None) -> None:
        """Rebuild the views of ``route`` (default: the screen shown) and send
        them to the browser: home, and the screen on top of it.

        Not a stack of the screen's parents: flet 1.0.5 keeps a popped view
        on screen for its route's 300 ms transition, whatever the page
        transition theme (``AnimatedTransitionPage``), so Save back to a
        scoreboard kept under the entry took 10 x a click round trip
        (``tests/benchmarks/bench_save.py``, the "pop" floor). Replacing the
        top view shows the new one in the next frame. The hand entry and the
        declaration (``routes.OVER``) are a layer over the scoreboard in one
        view (``ui/layers.py``): Save shows a scoreboard the browser holds.
        """
        route = route or self.route
        self.drawn_route = route
        self._draw_turn += 1
        gated = self._gated_views()
        kept = self._home_under
        self._home_under = None
        under = None
        if gated is not None:  # the code screen, or a spectator's board
            views = gated
        else:
            builder = self._screens.get(route)
            if builder is not None and kept is not None and self._on_page(kept):
                under = kept
            else:
                under = self._home(self)
            views = [under]
            if builder is not None:
                views.append(self._screen(route, builder))
                # Home under another screen is never seen (the screen on top
                # covers it; a Back draws home afresh, in the same update that
                # removes the top screen) and answers no event (ui/guard.py):
                # a redraw of the screen on top, as on every table event,
                # keeps the same view object, which flet diffs in no time,
                # instead of building and diffing a whole new home
                # (tests/benchmarks/bench_table.py).
                self._home_under = under
        for view in views:
            # A keyed view is diffed against its previous build, not replaced:
            # a text field being typed in keeps its focus.
            if view.key is None:
                view.key = view.route
        # every event passes ui/guard.py (a kept home is guarded already)
        layered = self.layers.drawn(views[-1])
        guard_views(self, views, top_key=route if layered else None)
        self.page.title = self.t("app.title")
        self.page.locale_configuration = locale_of(self.lang)
        self.page.views[:] = views
        self.page.update()
        if layered and self.layers.covered:
            self._uncover_later()

    def _screen(self, route: str, builder: ScreenBuilder) -> ft.View:
        """The view of the screen of ``route``: a layer of the scoreboard's
        view for the screens of ``routes.OVER`` and the scoreboard."""
        board_route = routes.OVER.get(route)
        if board_route is None and route not in routes.OVER.values():
            return builder(self)
        if not self._on_top(self.layers):
            self.layers.reset()  # the browser holds nothing of it
        label = self.t("nav.back")
        back = self._arrows.get((label, route))
        if back is None:
            back = back_arrow(label, lambda: self.go(routes.parent(route)))
            self._arrows[(label, route)] = back
        if board_route is None:
            return self.layers.draw(builder(self), None, self._changes, back)
        board = self.layers.board(self._changes)
        if board is None:
            board = self._screens[board_route](self)
            guard_hidden(self, board, board_route)
        return self.layers.draw(board, builder(self), self._changes, back)

    def changed(self) -> None:
        """The table (or how this phone shows it) changed: a screen kept
        unseen is built again when next drawn."""
        self._changes += 1

    def _on_top(self, layers: Layers) -> bool:
        """Whether the browser's top view is the layered view drawn last."""
        return bool(self.page.views) and layers.drawn(self.page.views[-1])

    def _on_page(self, view: ft.View) -> bool:
        """Whether ``view`` is the bottom view the browser has now."""
        return bool(self.page.views) and self.page.views[0] is view

    def go(self, route: str, *, finished: bool = False) -> None:
        """Navigate to ``route`` (a browser history entry; fires route change).

        ``finished``: the screen on display has done its work (the match it
        set up started, the hand it entered was saved): Back will not show
        it again but leads to the parent of ``route``. The address is
        pushed even for Save back to the scoreboard (once the scoreboard is
        drawn, :meth:`_push_later`): an address left on the entry made a
        reload, or a phone coming back by itself after a server restart,
        open a hand entry (with another phone's stored draft in it) instead
        of the scoreboard it showed (``tests/e2e/test_server_kill.py``).
        """
        self.error = None
        leaving = self.route
        if finished:
            self.trail.finish(back_to=route)
        if route == leaving:
            self.render()
            return
        # Draw the new screen now: the browser's answer to navigate() then
        # finds it drawn, and a tap shows its result one round trip sooner.
        self.render(route)
        self._address_turn += 1
        if finished and routes.OVER.get(leaving) == route:
            self._push_later(route)
        elif self.trail.push(route):
            self.page.navigate(route)

    def _push_later(self, route: str) -> None:
        """Push ``route`` to the browser's address once its screen is drawn.

        For Save, back to the scoreboard the browser holds under the entry
        (``ui/layers.py``): its frame is light, and a push in the same answer
        ran the browser's ``pushState`` before it, showing the totals ~5 ms
        later (an A/B of ``bench_save``, 14 samples each). The mirrored
        history (``Trail``) is pushed with the address, so it always holds
        what the browser holds: a Back before the push is a Back from the
        entry's address, whose entry is done (the scoreboard's parent
        shows). Dropped if this phone went elsewhere meanwhile (a tap, the
        browser's Back). A reload, or a phone back after a restart, before
        the push opens the entry's address, which shows the scoreboard when
        nothing of the next hand is stored (``_opening``).
        """
        turn = self._address_turn

        async def push() -> None:
            await asyncio.sleep(ADDRESS_DELAY_S)
            if (
                self._address_turn == turn
                and self.route == route
                and self.trail.push(route)
            ):
                self.page.navigate(route)

        self.page.run_task(push)

    def _uncover_later(self) -> None:
        """Draw again ``UNCOVER_DELAY_S`` after this draw, unless this phone
        drew meanwhile: the screen left built under the scoreboard goes
        (``ui/layers.py``). Covered, it was still painted under the
        scoreboard and read by a screen reader."""
        turn = self._draw_turn

        async def uncover() -> None:
            await asyncio.sleep(UNCOVER_DELAY_S)
            if self._draw_turn == turn:
                self.render()

        self.page.run_task(uncover)

    def keep_soon(self) -> None:
        """Make durable soon what is stored without being acknowledged (a
        hand's draft, a step of the live tally), where the mode flushes (the
        browser build writes its files to IndexedDB): one flush
        ``KEEP_DELAY_S`` after the last call, or, while the taps go on,
        once a step has waited ``KEEP_MAX_S`` (checked a delay after each
        tap: under ``KEEP_MAX_S + KEEP_DELAY_S``). Without it these reached
        IndexedDB only with the next saved change, and a tab the phone
        discarded (a locked phone, another app) lost the hand half entered.
        Not awaited: the screen shows the step at once, as in server mode
        (where the step was durable when the table returned)."""
        flush = self.mode.flush
        if flush is None:
            return
        self._keep_turn += 1
        turn = self._keep_turn
        if self._keep_burst is None:
            self._keep_burst = [time.monotonic()]
        burst = self._keep_burst

        async def keep() -> None:
            await asyncio.sleep(KEEP_DELAY_S)
            if burst is not self._keep_burst:
                return  # a flush started since this step: it holds it
            overdue = time.monotonic() - burst[0] >= KEEP_MAX_S
            if turn != self._keep_turn and not overdue:
                return  # a later step flushes
            self._keep_burst = None
            try:
                await flush()
            except Exception as error:  # still on the screen and in memory
                log.error("a draft or the live tally was not made durable: %r", error)

        self.page.run_task(keep)

    def _on_route_change(self, e: ft.RouteChangeEvent) -> None:
        if code_in(e.route) is not None:  # an address with ?t= typed in
            self._address_turn += 1
            self.take_code(e.route)
            return
        landing = self.trail.arrive(e.route)
        if landing is None:  # the echo of this phone's own navigate()
            return
        self._address_turn += 1  # the browser moved: a put-off push is stale
        # The browser's Back or Forward, a typed address. An entry of a
        # finished screen shows the parent of the screen on display instead.
        route = routes.parent(self.route) if landing.done else landing.route
        if route != self.route:
            self.error = None
            self.render(route)

    def _on_view_pop(self, e: ft.ViewPopEvent) -> None:
        # The app bar's back arrow. A pop of a screen no longer on top (a
        # second tap on the arrow, sent before the first was drawn) is not
        # one more Back.
        if e.route in (None, self.route):
            self.go(routes.parent(self.route))
        elif e.route == self.layers.route and self._on_top(self.layers):
            # The layered view popped whole while a screen over the
            # scoreboard showed (the system's Back of an installed app): the
            # browser hides that view now, so the scoreboard's parent it is.
            self.go(routes.parent(e.route))

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
            self.changed()
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
            self.page.run_task(self._tidy)
            if changed.event.change is Change.LIVE:
                self.keep_soon()  # a step of the live tally: not awaited
        else:

            async def flushed() -> None:
                self._tidy_now()  # made durable with the change
                try:
                    await flush()
                except Exception as error:  # the data is saved in memory only
                    log.error("the change was not made durable: %r", error)
                    self.error = self.t("err.not_durable")
                acknowledge()

            self.page.run_task(flushed)
        return changed.value

    async def _tidy(self) -> None:
        self._tidy_now()

    def _tidy_now(self) -> None:
        """The table's storage upkeep (``TableService.tidy``): a failure is
        logged, the change itself is saved already."""
        try:
            self.table.tidy()
        except Exception:
            log.exception("the storage upkeep after a change failed")

    async def _on_table_event(self, topic: str, event: object) -> None:
        # Runs on the event loop; pubsub handlers are not auto-updated.
        self.changed()
        if isinstance(event, TableEvent) and event.change is Change.SETTINGS:
            self.refresh_settings()
        self.sync_awake()
        self.render()

    def report(self, text: str) -> None:
        """Show ``text`` as the screen's one error line, drawn at once."""
        self.error = text
        self.render()

    def error_text(self, error: Exception) -> str:
        """A refused change as one sentence in the session's language."""
        if isinstance(error, HandError):
            wording = problem_wording(self.lang, self.french_cards)
            return self.t("err.refused", reason=error.message(self.lang, wording))
        if isinstance(error, StorageError):
            key = f"err.storage.{error.code}"
            text = self.t(key)
            if text == key:  # a code without its own sentence
                text = self.t("err.storage.generic", code=error.code)
            return text
        return self.t("err.unexpected", kind=type(error).__name__)

    # -- the table code (ui/access.py) ------------------------------------------------
    @property
    def admitted(self) -> bool:
        """Whether this session may see the table's data."""
        if self.access is None:
            return True
        return self.access.still_valid(self.role, self.admitted_at)

    @property
    def may_change(self) -> bool:
        """Whether this session may change the table (a player, admitted)."""
        return self.admitted and self.role is Role.PLAYER

    def _gated_views(self) -> list[ft.View] | None:
        if self.access is None or self._gate_screens is None:
            return None
        code_screen, board = self._gate_screens
        if not self.admitted:
            self.role = None
            while self.page.pop_dialog() is not None:  # a dialog left open
                pass
            return [code_screen(self)]
        if self.role is Role.SPECTATOR:
            return [board(self)]
        return None

    def take_code(self, route: str | None) -> None:
        """Draw ``route``; a code it carries (``?t=``) is presented first and
        taken out of the address the browser shows."""
        code = code_in(route)
        path = path_of(route)
        if code is not None and self.access is not None and not self.admitted:
            self.present_code(code, draw=False)
        opened = self._opening(path)
        if opened != path:
            self.trail.finish()  # Back never shows that empty entry again
        self.render(opened)
        # Through the trail, so the browser's echo of it is not taken for a Back.
        if (code is not None or opened != path) and self.trail.push(opened):
            self.page.navigate(opened)

    def _opening(self, path: str) -> str:
        """The screen a session opens on ``path`` with: the scoreboard instead
        of a hand entry (or declaration) of which nothing is stored.

        A reload, or a phone coming back by itself after a server restart,
        starts a new session on the address the browser shows: an entry with
        a stored draft (the hand half entered) opens again; an empty one, left
        open or reached by an old history entry, would be a hand entry nobody
        asked for (its hand may be saved already).
        """
        if path not in (routes.HAND, routes.DECLARE):
            return path
        stored = self.current()
        if stored is None:
            return path
        return path if self.table.has_draft(stored.id) else routes.MATCH

    def present_code(self, text: str, draw: bool = True) -> bool:
        """Present ``text`` as a code from this session's connection."""
        if self.access is None:
            return True
        # the connection's peer as the server saw it, never page.client_ip:
        # that is a page property one protocol message rewrites (issue 24)
        # (outside a served connection, a fake page in tests: one shared "?")
        peer = current_peer()
        verdict = self.access.check(
            peer.address if peer else None, text, peer.connection if peer else None
        )
        self.code_typed = ""
        if verdict.outcome is Outcome.ADMITTED:
            self.role = verdict.role
            self.admitted_at = verdict.generation
            self.code_message = None
        elif verdict.wait > 0:
            self.code_message = self.t("code.wait", seconds=round(verdict.wait))
        else:
            self.code_message = self.t("code.wrong")
        if draw:  # the screen of the address the phone opened
            self.render(path_of(self.page.route))
        return verdict.outcome is Outcome.ADMITTED

    def renew_code(self) -> None:
        """A new table code ("Nuovo codice"): this phone keeps its place, every
        other player's session is sent back to the code screen."""
        if self.access is None or not self.may_change:
            return
        self.access.renew_table_code()
        self.admitted_at = self.access.generation
        self.page.pubsub.send_others_on_topic(TOPIC, ACCESS_CHANGED)
        self.render()
