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

import logging
import random
from collections.abc import Callable, Mapping
from typing import TypeVar

import flet as ft

from scorekeeper.core.model import Hand
from scorekeeper.core.problems import HandError
from scorekeeper.i18n import Translator
from scorekeeper.storage import StorageError, StoredMatch
from scorekeeper.table import Change, Changed, Mode, TableEvent, TableService
from scorekeeper.table.hand_draft import HandDraft
from scorekeeper.ui import routes
from scorekeeper.ui.forms import HistoryState, NewMatchForm, TargetEntry
from scorekeeper.ui.wakelock import ScreenAwake

log = logging.getLogger(__name__)

T = TypeVar("T")

TOPIC = "table"
"""The pubsub topic on which table changes are broadcast."""

SEED_COLOR = ft.Colors.GREEN_800

THEME_MODES = {
    "system": ft.ThemeMode.SYSTEM,
    "light": ft.ThemeMode.LIGHT,
    "dark": ft.ThemeMode.DARK,
}

ScreenBuilder = Callable[["Session"], ft.View]


def broadcast(page: ft.Page, event: TableEvent) -> None:
    """Tell every other phone of this server that the table changed."""
    page.pubsub.send_others_on_topic(TOPIC, event)


def apply_theme(page: ft.Page, theme: str) -> None:
    """Set the page's theme mode; the dark theme gets the light one's seed and
    density (without it Flutter's default dark theme is compact on desktops)."""
    page.theme_mode = THEME_MODES.get(theme, ft.ThemeMode.SYSTEM)
    light = page.theme
    page.dark_theme = ft.Theme(
        color_scheme_seed=light.color_scheme_seed if light is not None else None,
        visual_density=ft.VisualDensity.STANDARD,
    )


class Session:
    """One browser session (one phone) at the table."""

    def __init__(
        self,
        page: ft.Page,
        table: TableService,
        mode: Mode,
        screens: Mapping[str, ScreenBuilder],
        home: ScreenBuilder,
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
        # What this phone is entering; each phone has its own.
        self.draft: HandDraft | None = None
        self.edit_index: int | None = None  # None: a new hand
        self.edit_original: Hand | None = None  # the hand being corrected
        # Which match, hand and screen the draft belongs to: a draft left
        # behind is not reused (the entry reads the match's stored draft).
        self.draft_key: tuple[object, ...] | None = None
        # The hand this phone was entering that another phone saved first
        # (its 0-based index): the entry keeps this phone's draft and asks.
        self.hand_taken: int | None = None
        self.new_match: NewMatchForm | None = None
        self.random: random.Random = random.Random()  # the first dealer's draw
        self.target_entry: TargetEntry | None = None
        self.history = HistoryState()
        self.show_all_hands = False  # the scoreboard lists the recent hands only
        self.awake: ScreenAwake | None = None
        # The screen this phone shows. go() draws a screen before the browser
        # confirms the new address, so page.route can lag behind it.
        self.drawn_route: str | None = None

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
        page.theme = ft.Theme(
            color_scheme_seed=SEED_COLOR, visual_density=ft.VisualDensity.STANDARD
        )
        page.on_route_change = self._on_route_change
        page.on_view_pop = self._on_view_pop
        page.pubsub.subscribe_topic(TOPIC, self._on_table_event)
        settings = self.table.queries.settings()
        self.translator.lang = settings.language
        self.french_cards = settings.french_cards
        apply_theme(page, settings.theme)
        self.awake = ScreenAwake(page, self._awake_known)
        self.sync_awake()
        self.render()

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
        them to the browser."""
        route = route or self.route
        self.drawn_route = route
        views = [self._home(self)]
        builder = self._screens.get(route)
        if builder is not None:
            views.append(builder(self))
        for view in views:
            # A keyed view is diffed against its previous build, not replaced:
            # a text field being typed in keeps its focus.
            if view.key is None:
                view.key = view.route
        self.page.title = self.t("app.title")
        self.page.views[:] = views
        self.page.update()

    def go(self, route: str) -> None:
        """Navigate to ``route`` (a browser history entry; fires route change)."""
        self.error = None
        if route == self.route:
            self.render()
            return
        # Draw the new screen now: the browser's answer to navigate() then
        # finds it drawn, and a tap shows its result one round trip sooner.
        self.render(route)
        self.page.navigate(route)

    def _on_route_change(self, e: ft.RouteChangeEvent) -> None:
        if e.route != self.route:  # the browser's back button, a typed address
            self.render(e.route)

    def _on_view_pop(self, e: ft.ViewPopEvent) -> None:
        self.go(routes.parent(self.route))

    # -- changing the table ---------------------------------------------------------
    def apply(
        self,
        use_case: Callable[[TableService], Changed[T]],
        go_to: str | None = None,
        *,
        done: Callable[[T], None] | None = None,
        failed: Callable[[Exception], None] | None = None,
    ) -> T | None:
        """Make one change to the table: saved first, then shown.

        ``use_case`` calls one method of the table service. When it is saved
        (and, where the mode asks for it, flushed to durable storage) this
        phone calls ``done`` and draws ``go_to`` (or the screen it is on), and
        every other phone redraws from the broadcast. A refused change (the
        core's ``HandError``, a storage error such as a full disk) changes
        nothing: ``failed`` gets the error, or the message is shown on this
        phone in its language; ``None`` is returned.
        """
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
            broadcast(self.page, changed.event)
            self.sync_awake()
            if done is not None:
                done(changed.value)
            if go_to is None:
                self.render()
            else:
                self.go(go_to)

        flush = self.mode.flush
        if flush is None or changed.event.change is Change.LIVE:
            acknowledge()
        else:

            async def flushed() -> None:
                try:
                    await flush()
                except Exception as error:  # the data is saved in memory only
                    log.error("the change was not made durable: %r", error)
                    self.error = self.t("err.not_durable")
                acknowledge()

            self.page.run_task(flushed)
        return changed.value

    async def _on_table_event(self, topic: str, event: object) -> None:
        # Runs on the event loop; pubsub handlers are not auto-updated.
        if isinstance(event, TableEvent) and event.change is Change.SETTINGS:
            self.refresh_settings()
        self.sync_awake()
        self.render()

    def error_text(self, error: Exception) -> str:
        """A refused change as one sentence in the session's language."""
        if isinstance(error, HandError):
            return self.t("err.refused", reason=error.message(self.lang))
        if isinstance(error, StorageError):
            key = f"err.storage.{error.code}"
            text = self.t(key)
            if text == key:  # a code without its own sentence
                text = self.t("err.storage.generic", code=error.code)
            return text
        return self.t("err.unexpected", kind=type(error).__name__)
