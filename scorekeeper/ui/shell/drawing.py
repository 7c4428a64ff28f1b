"""What one phone shows and how it moves between screens: the views drawn
(home under the screen on top, the layered scoreboard of ``ui/shell/layers.py``),
the back arrow, the browser's address and its Back and Forward.

Screens are plain functions ``(session) -> ft.View``; the registry of routes
is handed in by :mod:`scorekeeper.ui.app`, so this module imports no screen.
The session owns one :class:`Drawing`; the guard (``ui/access/event_guard.py``) wraps
every handler of what it draws.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Mapping
from typing import Any, Protocol

import flet as ft

from scorekeeper.i18n import Translator
from scorekeeper.storage import StoredMatch
from scorekeeper.table import TableService
from scorekeeper.ui import routes
from scorekeeper.ui.access.admission import Admission
from scorekeeper.ui.access.door import Door
from scorekeeper.ui.access.event_guard import guard_hidden, guard_views, open_dialog
from scorekeeper.ui.access.table_code import code_in, path_of
from scorekeeper.ui.kit.widgets import back_arrow, big_button, locale_of, semantic
from scorekeeper.ui.shell.layers import Layers
from scorekeeper.ui.shell.offers import Offers
from scorekeeper.ui.shell.put_off import Later, run_later
from scorekeeper.ui.shell.screen_states import ScreenStates, Seating
from scorekeeper.ui.shell.trail import Trail

log = logging.getLogger(__name__)

ScreenBuilder = Callable[[Any], ft.View]
"""A screen: ``(session) -> ft.View``, a pure function (drawing changes
nothing: ``tests/unit/ui/test_pure_views.py``)."""

Settle = Callable[[Any], None]
"""A screen's step before each of its draws, ``(session) -> None``: its state
made to fit the table as it now is (the hand entry's ``actions.settle``);
the builder then only draws."""

ADDRESS_DELAY_S = 0.05
"""How long after Save draws the scoreboard its address is pushed
(``Drawing._push_later``): past the browser's frame that shows it."""

UNCOVER_DELAY_S = 0.3
"""How long after Save (or the entry's back arrow) shows the scoreboard over
the entry the session draws again, removing the entry left built under it
(``ui/shell/layers.py``, ``Layers.covered``): well past Save's frame, yet before a
player is likely to tap again."""


class Host(Door, Protocol):
    """What drawing needs of the session beyond the guard's door."""

    table: TableService
    trail: Trail
    error: str | None
    admission: Admission
    translator: Translator
    states: ScreenStates
    seating: Seating | None

    def current(self) -> StoredMatch | None: ...

    def present_code(self, text: str, draw: bool = True) -> bool: ...


class Drawing:
    """The screens of one phone: what is drawn, and where Back leads."""

    def __init__(
        self,
        host: Host,
        screens: Mapping[str, ScreenBuilder],
        home: ScreenBuilder,
        settle: Mapping[str, Settle] | None = None,
        vanished: Mapping[str, Callable[[Any], bool]] | None = None,
    ) -> None:
        self.host = host
        # per route: whether its screen has nothing left to show (the
        # registry's ``VANISHED``: a match's page of a match deleted since)
        self._vanished = dict(vanished or {})
        self._screens = screens
        self._home = home
        self._settle = dict(settle or {})
        # The back arrow of the layered view's title bar, by language and
        # screen, the same control at every draw (flet's diff skips it); one
        # screen of the view is shown at a time, so never in two places.
        self._arrows: dict[tuple[str, str], ft.Control] = {}
        # The screen this phone shows. go() draws a screen before the browser
        # confirms the new address, so page.route can lag behind it.
        self.drawn_route: str | None = None
        # The home view drawn under the screen on top, kept while that
        # screen is redrawn (see render).
        self._home_under: ft.View | None = None
        # The scoreboard and the screens drawn over it (ui/shell/layers.py); the
        # scoreboard kept under the entry is built again only after a change
        # of the table (counted here), not at every tap on the entry.
        self.layers = Layers()
        self._changes = 0
        # Bumped at every navigation and route change: an address push put
        # off (_push_later) is dropped when another came in between.
        self._address_turn = 0
        # Bumped at every draw: a draw put off (_uncover_later) is dropped
        # when another came in between.
        self._draw_turn = 0
        # The one transient offer ("… · Annulla"): it belongs to the screen
        # it was made on and goes when another is drawn (ui/shell/offers.py).
        self.offers = Offers(host, lambda: self.route)
        # The route whose draw failed and the error's kind: that phone shows
        # the failure (_failure_view) until it goes elsewhere, without
        # drawing the failed screen again at every redraw.
        self.failed: tuple[str, str] | None = None

    @property
    def route(self) -> str:
        """The screen this phone shows."""
        return self.drawn_route or self.host.page.route or routes.HOME

    def render(self, route: str | None = None) -> None:
        """Rebuild the views of ``route`` (default: the screen shown) and send
        them to the browser: home, and the screen on top of it.

        Not a stack of the screen's parents: flet 1.0.5 keeps a popped view
        on screen for its route's 300 ms transition, whatever the page
        transition theme (``AnimatedTransitionPage``), so Save back to a
        scoreboard kept under the entry took 10 x a click round trip
        (``benchmarks/bench_save.py``, the "pop" floor). Replacing the
        top view shows the new one in the next frame. The hand entry and the
        declaration (``routes.OVER``) are a layer over the scoreboard in one
        view (``ui/shell/layers.py``): Save shows a scoreboard the browser holds.
        """
        route = route or self.route
        barred = not self.host.admission.allows(route)
        if barred:  # a phone at a club table typed another address
            route = routes.HOME
        self.drawn_route = route
        self.offers.drawn(route)
        self._draw_turn += 1
        if self.failed is not None and self.failed[0] != route:
            self.failed = None  # the phone went elsewhere: try again there
        if self.failed is None:
            try:
                views = self._views(route)
            except Exception as error:
                # Told once here, at the root of every draw (a tap, a
                # route change, a table event, a reload): a screen that
                # cannot be drawn is not drawn again by the message.
                log.error("drawing %s failed: %r", route, error, exc_info=error)
                self.failed = (route, type(error).__name__)
        if self.failed is not None:
            views = [self._failure_view(route, self.failed[1])]
        for view in views:
            # A keyed view is diffed against its previous build, not replaced:
            # a text field being typed in keeps its focus.
            if view.key is None:
                view.key = view.route
        # every event passes ui/access/event_guard.py (a kept home is guarded already)
        layered = self.layers.drawn(views[-1])
        guard_views(self.host, views, top_key=route if layered else None)
        self.host.page.title = self.host.t("app.title")
        self.host.page.locale_configuration = locale_of(self.host.translator.lang)
        self.host.page.views[:] = views
        self.host.page.update()
        if layered and self.layers.covered:
            self._uncover_later()
        if barred and self.host.trail.push(route):
            self.host.page.navigate(route)  # its address too: Back stays home

    def _views(self, route: str) -> list[ft.View]:
        """The views of ``route``: home, and the screen on top of it (or the
        code screen, a spectator's board)."""
        gated = self.host.admission.gated_views(self.host, self.host.page)
        kept = self._home_under
        self._home_under = None
        if gated is not None:  # the code screen, or a spectator's board
            return gated
        builder = self._screens.get(route)
        settle = self._settle.get(route) if builder is not None else None
        if settle is not None:  # the state first, then a pure draw
            settle(self.host)
        if builder is not None and kept is not None and self._on_page(kept):
            under = kept
        else:
            under = self._home(self.host)
        views = [under]
        if builder is not None:
            views.append(self._screen(route, builder))
            # Home under another screen is never seen (the screen on top
            # covers it; a Back draws home afresh, in the same update that
            # removes the top screen) and answers no event (ui/access/event_guard.py):
            # a redraw of the screen on top, as on every table event,
            # keeps the same view object, which flet diffs in no time,
            # instead of building and diffing a whole new home
            # (benchmarks/bench_table.py).
            self._home_under = under
        return views

    def _failure_view(self, route: str, kind: str) -> ft.View:
        """What a phone shows when ``route`` could not be drawn: one sentence
        and a way home. Built of no stored data (it must not fail in turn),
        alone: home under it may be what failed, and a phone without the
        table code must see nothing of the table."""
        t = self.host.t

        def home() -> None:
            self.failed = None  # home tried again, even if it was home
            self.go(routes.HOME)

        return ft.View(
            route=route,
            key=f"drawing-failed:{route}",
            padding=16,
            spacing=16,
            appbar=ft.AppBar(title=ft.Text(t("app.title"))),
            controls=[
                ft.Row(
                    controls=[
                        ft.Icon(ft.Icons.ERROR_OUTLINE, color=ft.Colors.ERROR),
                        ft.Container(
                            expand=True,
                            content=semantic(
                                "drawing-failed",
                                ft.Text(t("err.draw_failed", kind=kind)),
                            ),
                        ),
                    ]
                ),
                big_button(
                    "drawing-failed-home",
                    t("err.draw_failed_home"),
                    home,
                    icon=ft.Icons.HOME,
                ),
            ],
        )

    def _screen(self, route: str, builder: ScreenBuilder) -> ft.View:
        """The view of the screen of ``route``: a layer of the scoreboard's
        view for the screens of ``routes.OVER`` and the scoreboard."""
        board_route = routes.OVER.get(route)
        if board_route is None and route not in routes.OVER.values():
            return builder(self.host)
        if not self._on_top(self.layers):
            self.layers.reset()  # the browser holds nothing of it
        label = self.host.t("nav.back")
        back = self._arrows.get((label, route))
        if back is None:
            back = back_arrow(label, lambda: self.go(routes.parent(route)))
            self._arrows[(label, route)] = back
        if board_route is None:
            return self.layers.draw(builder(self.host), None, self._changes, back)
        board = self.layers.board(self._changes)
        if board is None:
            board = self._screens[board_route](self.host)
            guard_hidden(self.host, board, board_route)
        return self.layers.draw(board, builder(self.host), self._changes, back)

    def changed(self) -> None:
        """The table (or how this phone shows it) changed: a screen kept
        unseen is built again when next drawn."""
        self._changes += 1

    def _on_top(self, layers: Layers) -> bool:
        """Whether the browser's top view is the layered view drawn last."""
        return bool(self.host.page.views) and layers.drawn(self.host.page.views[-1])

    def _on_page(self, view: ft.View) -> bool:
        """Whether ``view`` is the bottom view the browser has now."""
        return bool(self.host.page.views) and self.host.page.views[0] is view

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
        self.host.error = None
        leaving = self.route
        if finished:
            self.host.trail.finish(back_to=route)
        if route == routes.HOME:  # Back from home leaves: nothing behind it
            self.host.trail.finish_all()
        if route == leaving:
            self.render()
            return
        # Draw the new screen now: the browser's answer to navigate() then
        # finds it drawn, and a tap shows its result one round trip sooner.
        self.render(route)
        self._address_turn += 1
        if finished and routes.OVER.get(leaving) == route:
            self._push_later(route)
        elif self.host.trail.push(route):
            self.host.page.navigate(route)

    def _push_later(self, route: str) -> None:
        """Push ``route`` to the browser's address once its screen is drawn.

        For Save, back to the scoreboard the browser holds under the entry
        (``ui/shell/layers.py``): its frame is light, and a push in the same answer
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
                and self.host.trail.push(route)
            ):
                self.host.page.navigate(route)

        run_later(self.host.page, Later.ADDRESS, push)

    def _uncover_later(self) -> None:
        """Draw again ``UNCOVER_DELAY_S`` after this draw, unless this phone
        drew meanwhile: the screen left built under the scoreboard goes
        (``ui/shell/layers.py``). Covered, it was still painted under the
        scoreboard and read by a screen reader."""
        turn = self._draw_turn

        async def uncover() -> None:
            await asyncio.sleep(UNCOVER_DELAY_S)
            if self._draw_turn == turn:
                self.render()

        run_later(self.host.page, Later.UNCOVER, uncover)

    def on_route_change(self, e: ft.RouteChangeEvent) -> None:
        if code_in(e.route) is not None:  # an address with ?t= typed in
            self._address_turn += 1
            self.take_code(e.route)
            return
        landing = self.host.trail.arrive(e.route)
        if landing is None:  # the echo of this phone's own navigate()
            return
        self._address_turn += 1  # the browser moved: a put-off push is stale
        if open_dialog(self.host.page) is not None:
            # Android's Back: an open dialog closes first, the screen stays
            # (its address pushed again: the browser stepped off it).
            self.host.page.pop_dialog()
            if self.host.trail.push(self.route):
                self.host.page.navigate(self.route)
            return
        # The browser's Back or Forward, a typed address. An entry of a
        # finished screen, or of a screen with nothing left to show (the
        # history's detail of a match deleted since), shows the parent of the
        # screen on display instead.
        gone = landing.done or self._shows_nothing(landing.route)
        route = routes.parent(self.route) if gone else landing.route
        if route != self.route:
            self.host.error = None
            self.render(route)

    def _elsewhere(self, code: str) -> bool:
        seating = self.host.seating
        return seating is not None and seating.elsewhere(
            self.host.states, self.host.table, code
        )

    def _shows_nothing(self, route: str) -> bool:
        """Whether ``route``'s screen has nothing left to show (its screen
        says: the registry's ``VANISHED``)."""
        vanished = self._vanished.get(route)
        return vanished is not None and vanished(self.host)

    def on_view_pop(self, e: ft.ViewPopEvent) -> None:
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

    def take_code(self, route: str | None) -> None:
        """Draw ``route``; a code it carries (``?t=``) is presented first and
        taken out of the address the browser shows."""
        code = code_in(route)
        path = path_of(route)
        if (
            code is not None
            and self.host.admission.gate is not None
            and (
                not self.host.admitted
                # a seated phone opening another table's link moves there
                or self._elsewhere(code)
            )
        ):
            self.host.present_code(code, draw=False)
        opened = self._opening(path)
        if opened != path:
            self.host.trail.finish()  # Back never shows that empty entry again
        self.render(opened)
        # Through the trail, so the browser's echo of it is not taken for a Back.
        if (code is not None or opened != path) and self.host.trail.push(opened):
            self.host.page.navigate(opened)

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
        stored = self.host.current()
        if stored is None:
            return path
        return path if self.host.table.has_draft(stored.id) else routes.MATCH
