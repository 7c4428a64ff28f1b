"""The Flet app: one ``TableApp`` per browser session, one ``SharedTable`` per server.

Architecture (Flet 1.0.5, imperative controls):

* ``SharedTable`` is the state every phone at the table shares. It lives once in
  the server process and owns the match repository (opened once, from the data
  folder). A change is made under its lock and saved by the repository (the
  write is the acknowledgement), THEN drawn on the phone that made it and
  broadcast to the others with ``page.pubsub.send_others_on_topic(TOPIC, ...)``.
* ``TableApp`` is one session (one phone). It keeps the session's language (a
  ``Translator``) and what this phone is entering (the hand draft, the new-match
  form), builds the views for the current route and rebuilds them when the
  route changes or a pubsub message arrives. Screens are plain functions
  ``(app) -> ft.View`` registered in ``SCREENS``; navigation is by route
  (``page.navigate("/regole")``) so the browser's and the phone's back button
  work. The home view stays at the bottom of ``page.views`` and a screen is
  pushed on top of it, so its ``AppBar`` shows a back arrow; ``PARENTS`` says
  where that arrow leads (home by default).
* Every view gets ``key=<route>``: flet then diffs a rebuilt view against the
  old one control by control instead of replacing it, so a text field being
  typed in keeps its focus when the screen is rebuilt on every keystroke.
* Pubsub handlers are ``async``: flet runs async subscribers on the event loop
  (sync ones go to a thread pool), and they must call ``page.update()``
  themselves.

Stable selectors for browser tests: controls that tests touch are wrapped in
``ft.Semantics(identifier=...)`` (``[flt-semantics-identifier='...']``).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

import flet as ft

from scorekeeper.core.model import Hand
from scorekeeper.core.problems import HandError
from scorekeeper.entry import HandDraft
from scorekeeper.i18n import LANGUAGES, Translator
from scorekeeper.storage import (
    MatchRepository,
    StorageError,
    StoredMatch,
    open_repository,
)
from scorekeeper.ui import screens_extra, screens_hand, screens_match
from scorekeeper.ui.live import LiveTallies
from scorekeeper.ui.screens_common import (
    big_button,
    error_text,
    full_width,
    screen,
)
from scorekeeper.ui.screens_history import HISTORY_PARENTS, HISTORY_SCREENS
from scorekeeper.ui.screens_match import NewMatchForm, resume_controls

TOPIC = "table"
"""The pubsub topic on which table changes are broadcast."""

SEED_COLOR = ft.Colors.GREEN_800


@dataclass
class SharedTable:
    """State shared by every session of this server process: the repository and
    which match the table is playing.

    ``change`` runs one repository call under the lock and remembers the match
    it returns, so a screen is drawn from memory, never from a disk read.
    """

    data_dir: Path | None = None
    repository: MatchRepository | None = None
    _current: StoredMatch | None = field(default=None, repr=False)
    _lock: threading.RLock = field(default_factory=threading.RLock, repr=False)
    # The live tally of the hand being played, per match (memory only).
    live_tallies: LiveTallies = field(default_factory=LiveTallies, repr=False)

    @classmethod
    def open(cls, data_dir: Path | None = None, recover: bool = False) -> SharedTable:
        """Open the repository on ``data_dir`` (storage errors propagate) and
        find the match left in progress, if any. ``recover`` moves a damaged
        data file aside instead of refusing to start."""
        on_damage = "move_aside" if recover else "refuse"
        table = cls(
            data_dir=data_dir, repository=open_repository(data_dir, on_damage=on_damage)
        )
        table._current = table._in_progress()
        return table

    @property
    def repo(self) -> MatchRepository:
        with self._lock:
            if self.repository is None:  # a table made without ``open``
                self.repository = open_repository(self.data_dir)
                self._current = self._in_progress()
            return self.repository

    def _in_progress(self) -> StoredMatch | None:
        assert self.repository is not None
        newest = None
        for status in ("in_progress", "tie_break"):
            page = self.repository.list_history(status=status, limit=1)
            if page.items and (
                newest is None or page.items[0].created > newest.created
            ):
                newest = page.items[0]
        return None if newest is None else self.repository.get_match(newest.id)

    def current(self) -> StoredMatch | None:
        """The match the table is on (in progress, or just won), or ``None``."""
        self.repo  # noqa: B018  (opens a lazily made table)
        return self._current

    def change(self, action: Callable[[MatchRepository], StoredMatch]) -> StoredMatch:
        """Run one saving repository call under the lock; the match it returns
        becomes the table's match. Errors propagate and change nothing."""
        with self._lock:
            stored = action(self.repo)
            self._current = stored
            return stored

    def close(self) -> None:
        with self._lock:
            if self.repository is not None:
                self.repository.close()


ScreenBuilder = Callable[["TableApp"], ft.View]


def home_view(app: TableApp) -> ft.View:
    """The home screen: resume the match in progress, the four entries, the
    language switch."""
    language = ft.SegmentedButton(
        segments=[
            ft.Segment(value=lang, label=app.t(f"language.{lang}"))
            for lang in LANGUAGES
        ],
        selected=[app.translator.lang],
        show_selected_icon=False,
        # a 40 px segment + 16 px of padding: a 56 px touch target
        style=ft.ButtonStyle(padding=ft.Padding.symmetric(vertical=16, horizontal=12)),
        on_change=lambda e: app.set_language(e.control.selected[0]),
    )
    buttons = [
        ("home.new_match", ft.Icons.PLAY_ARROW, "/nuova", "home-new-match"),
        ("home.history", ft.Icons.HISTORY, "/storico", "home-history"),
        ("home.rules", ft.Icons.MENU_BOOK, "/regole", "home-rules"),
        ("home.settings", ft.Icons.SETTINGS, "/impostazioni", "home-settings"),
    ]
    return screen(
        "/",
        app.t("app.title"),
        [
            *resume_controls(app),
            *(
                big_button(ident, app.t(key), partial(app.go, route), icon, "plain")
                for key, icon, route, ident in buttons
            ),
            ft.Divider(),
            ft.Row(
                controls=[ft.Icon(ft.Icons.LANGUAGE), ft.Text(app.t("home.language"))]
            ),
            full_width("home-language", language),
        ],
    )


SCREENS: dict[str, ScreenBuilder] = {
    "/nuova": screens_match.new_match_view,
    "/partita": screens_match.scoreboard_view,
    "/partita/mano": screens_hand.hand_entry_view,
    "/partita/dichiara": screens_hand.declaration_view,
    **HISTORY_SCREENS,  # /storico /storico/partita /statistiche
    **screens_extra.EXTRA_SCREENS,  # /regole /impostazioni /collega /live
}


PARENTS: dict[str, str] = {
    "/partita/mano": "/partita",
    "/partita/dichiara": "/partita",
    "/live": "/partita",
    "/collega": "/impostazioni",
    **HISTORY_PARENTS,
}
"""Where a screen's back arrow leads when it is not home."""


class TableApp:
    """One browser session (one phone) of the table."""

    def __init__(self, page: ft.Page, shared: SharedTable) -> None:
        self.page = page
        self.shared = shared
        self.translator = Translator()
        self.error: str | None = None
        # What this phone is entering; each phone has its own.
        self.draft: HandDraft | None = None
        self.edit_index: int | None = None  # None: a new hand
        self.edit_original: Hand | None = None  # the hand being corrected
        # Which match, hand and screen the draft belongs to: a draft left
        # behind (back arrow, another phone saved the hand) is not reused.
        self.draft_key: tuple[object, ...] | None = None
        self.new_match: NewMatchForm | None = None
        self.show_all_hands = False  # the scoreboard lists the recent hands only
        # The screen this phone shows. go() draws a screen before the browser
        # confirms the new address, so page.route can lag behind it.
        self.drawn_route: str | None = None

    @property
    def route(self) -> str:
        return self.drawn_route or self.page.route or "/"

    def t(self, key: str, **params: object) -> str:
        """Translate in this session's language."""
        return self.translator.t(key, **params)

    @property
    def lang(self) -> str:
        return self.translator.lang

    # -- lifecycle -------------------------------------------------------------
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
        page.pubsub.subscribe_topic(TOPIC, self._on_table_message)
        # stored language and theme; screen kept awake during a match
        screens_extra.start_extras(self)
        self.render()

    def render(self, route: str | None = None) -> None:
        """Rebuild the views of ``route`` (default: the screen shown) and send
        them to the browser."""
        route = route or self.route
        self.drawn_route = route
        views = [home_view(self)]
        if route in SCREENS:
            views.append(SCREENS[route](self))
        for view in views:
            # A keyed view is diffed against its previous build, not replaced.
            if view.key is None:
                view.key = view.route
        self.page.title = self.t("app.title")
        self.page.views[:] = views
        self.page.update()

    # -- navigation ------------------------------------------------------------
    def go(self, route: str) -> None:
        """Navigate to ``route`` (a browser history entry; fires route change)."""
        self.error = None
        if route == self.route:
            self.render()
            return
        # Draw the new screen now: the browser's answer to navigate() (a route
        # change) then finds it drawn, and a tap shows its result one round
        # trip sooner.
        self.render(route)
        self.page.navigate(route)

    def _on_route_change(self, e: ft.RouteChangeEvent) -> None:
        if e.route != self.route:  # the browser's back button, a typed address
            self.render(e.route)

    def _on_view_pop(self, e: ft.ViewPopEvent) -> None:
        self.go(PARENTS.get(self.route, "/"))

    # -- actions ---------------------------------------------------------------
    def set_language(self, lang: str) -> None:
        """Switch this session (only this phone) to ``lang``."""
        self.translator.lang = lang
        self.render()

    def current(self) -> StoredMatch | None:
        return self.shared.current()

    def apply(
        self,
        action: Callable[[MatchRepository], StoredMatch],
        go_to: str | None = None,
    ) -> StoredMatch | None:
        """Make one change to the table: saved first, then broadcast.

        Every other phone redraws from the broadcast; this one draws at once,
        on ``go_to`` when the change leads to another screen (not first on
        the screen it is leaving). A refused change (the core's
        ``HandError``/``MatchError``, a storage error such as a full disk)
        changes nothing: the message is shown on this phone, in its language,
        and ``None`` is returned.
        """
        try:
            stored = self.shared.change(action)
        except (HandError, StorageError) as error:
            self.error = error_text(self, error)
            self.render()
            return None
        self.error = None
        self.page.pubsub.send_others_on_topic(TOPIC, {"match": stored.id})
        if go_to is None:
            self.render()
        else:
            self.go(go_to)
        return stored

    async def _on_table_message(self, topic: str, message: object) -> None:
        # Runs on the event loop; pubsub handlers are not auto-updated.
        self.render()


def create_main(
    data_dir: Path | None = None, shared: SharedTable | None = None
) -> Callable[[ft.Page], None]:
    """Return the ``main(page)`` for ``ft.run``, bound to one shared table.

    Without ``shared`` the repository on ``data_dir`` is opened at the first
    session; ``serve`` opens it before serving, to report a storage error.
    """
    table = shared if shared is not None else SharedTable(data_dir=data_dir)

    def main(page: ft.Page) -> None:
        TableApp(page, table).start()

    return main


main = create_main()
"""``main(page)`` with a process-wide default table, for ``ft.run(main)``."""
