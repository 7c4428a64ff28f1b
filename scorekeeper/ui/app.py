"""The Flet app: one ``TableApp`` per browser session, one ``SharedTable`` per server.

Architecture (Flet 1.0.5, imperative controls):

* ``SharedTable`` is the state every phone at the table shares. It lives once in
  the server process; a change is made under its lock (later: saved by storage)
  and then broadcast with ``page.pubsub.send_all_on_topic(TOPIC, ...)``.
* ``TableApp`` is one session (one phone). It keeps the session's language (a
  ``Translator``), builds the views for the current route and rebuilds them when
  the route changes or a pubsub message arrives. Screens are plain functions
  ``(app) -> ft.View`` registered in ``SCREENS``; navigation is by route
  (``page.navigate("/regole")``) so the browser's and the phone's back button
  work. The home view stays at the bottom of ``page.views`` and a screen is
  pushed on top of it, so its ``AppBar`` shows a back arrow.
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
from pathlib import Path

import flet as ft

from scorekeeper.i18n import LANGUAGES, Translator

TOPIC = "table"
"""The pubsub topic on which table changes are broadcast."""

TOUCH_TARGET = 56
"""Height of the main buttons in logical pixels (Material minimum: 48)."""

SEED_COLOR = ft.Colors.GREEN_800


@dataclass
class SharedTable:
    """State shared by every session of this server process."""

    data_dir: Path | None = None
    counter: int = 0
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    def increment(self) -> int:
        """Add one to the shared counter (prototype of a table change)."""
        with self._lock:
            self.counter += 1
            return self.counter


ScreenBuilder = Callable[["TableApp"], ft.View]


def _semantic(
    identifier: str, control: ft.Control, expand: bool = False
) -> ft.Semantics:
    """Give ``control`` a stable identifier for tests and accessibility tools.

    ``expand`` goes on the wrapper: in a ``Row`` it is the ``Semantics`` that
    must expand, not the control inside it.
    """
    return ft.Semantics(identifier=identifier, content=control, expand=expand)


def _nav_button(
    app: TableApp, key: str, icon: ft.IconData, route: str, identifier: str
) -> ft.Control:
    return _semantic(
        identifier,
        ft.Button(
            content=app.t(key),
            icon=icon,
            height=TOUCH_TARGET,
            on_click=lambda _: app.go(route),
        ),
        expand=True,
    )


def home_view(app: TableApp) -> ft.View:
    """The home screen: the four entries, the language switch, the shared counter."""
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
    counter = [
        _semantic(
            "home-counter", ft.Text(app.t("home.counter", count=app.shared.counter))
        ),
        ft.Row(
            controls=[
                _semantic(
                    "home-counter-add",
                    ft.OutlinedButton(
                        content=app.t("home.counter_add"),
                        icon=ft.Icons.ADD,
                        height=TOUCH_TARGET,
                        on_click=lambda _: app.increment_counter(),
                    ),
                    expand=True,
                )
            ]
        ),
    ]
    buttons = [
        ("home.new_match", ft.Icons.PLAY_ARROW, "/nuova", "home-new-match"),
        ("home.history", ft.Icons.HISTORY, "/storico", "home-history"),
        ("home.rules", ft.Icons.MENU_BOOK, "/regole", "home-rules"),
        ("home.settings", ft.Icons.SETTINGS, "/impostazioni", "home-settings"),
    ]
    return ft.View(
        route="/",
        padding=16,
        spacing=12,
        scroll=ft.ScrollMode.AUTO,
        appbar=ft.AppBar(title=ft.Text(app.t("app.title"))),
        controls=[
            *(
                ft.Row(controls=[_nav_button(app, key, icon, route, ident)])
                for key, icon, route, ident in buttons
            ),
            ft.Divider(),
            ft.Row(
                controls=[ft.Icon(ft.Icons.LANGUAGE), ft.Text(app.t("home.language"))]
            ),
            ft.Row(controls=[_semantic("home-language", language, expand=True)]),
            ft.Divider(),
            *counter,
        ],
    )


def placeholder_view(route: str, title_key: str) -> ScreenBuilder:
    """A screen not built yet: title, back arrow, one line of text."""

    def build(app: TableApp) -> ft.View:
        return ft.View(
            route=route,
            padding=16,
            appbar=ft.AppBar(title=ft.Text(app.t(title_key))),
            controls=[ft.Text(app.t("screen.coming_soon"))],
        )

    return build


SCREENS: dict[str, ScreenBuilder] = {
    "/nuova": placeholder_view("/nuova", "home.new_match"),
    "/storico": placeholder_view("/storico", "home.history"),
    "/regole": placeholder_view("/regole", "home.rules"),
    "/impostazioni": placeholder_view("/impostazioni", "home.settings"),
}


class TableApp:
    """One browser session (one phone) of the table."""

    def __init__(self, page: ft.Page, shared: SharedTable) -> None:
        self.page = page
        self.shared = shared
        self.translator = Translator()

    def t(self, key: str, **params: object) -> str:
        """Translate in this session's language."""
        return self.translator.t(key, **params)

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
        self.render()

    def render(self) -> None:
        """Rebuild the views of the current route and send them to the browser."""
        route = self.page.route or "/"
        views = [home_view(self)]
        if route in SCREENS:
            views.append(SCREENS[route](self))
        self.page.title = self.t("app.title")
        self.page.views[:] = views
        self.page.update()

    # -- navigation ------------------------------------------------------------
    def go(self, route: str) -> None:
        """Navigate to ``route`` (a browser history entry; fires route change)."""
        self.page.navigate(route)

    def _on_route_change(self, e: ft.RouteChangeEvent) -> None:
        self.render()

    def _on_view_pop(self, e: ft.ViewPopEvent) -> None:
        self.go("/")

    # -- actions ---------------------------------------------------------------
    def set_language(self, lang: str) -> None:
        """Switch this session (only this phone) to ``lang``."""
        self.translator.lang = lang
        self.render()

    def increment_counter(self) -> None:
        """Change the shared table, then tell every session (this one too)."""
        value = self.shared.increment()
        self.page.pubsub.send_all_on_topic(TOPIC, {"counter": value})

    async def _on_table_message(self, topic: str, message: object) -> None:
        # Runs on the event loop; pubsub handlers are not auto-updated.
        self.render()


def create_main(
    data_dir: Path | None = None, shared: SharedTable | None = None
) -> Callable[[ft.Page], None]:
    """Return the ``main(page)`` for ``ft.run``, bound to one shared table."""
    table = shared if shared is not None else SharedTable(data_dir=data_dir)

    def main(page: ft.Page) -> None:
        TableApp(page, table).start()

    return main


main = create_main()
"""``main(page)`` with a process-wide default table, for ``ft.run(main)``."""
