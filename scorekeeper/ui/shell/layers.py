"""The scoreboard and the screens drawn over it (``routes.OVER``) as one view.

Why: Save leaves the hand entry for the scoreboard, and building a whole
scoreboard again in the browser, and removing a ~300-control entry on the
server, took most of Save's time (``benchmarks/bench_save.py``). So the
scoreboard is one layer of a view and the entry (or the declaration) another.
While the entry is shown the scoreboard stays built in the browser at
opacity 0; Save then shows the scoreboard the browser already holds, patched
with the new totals, over the entry, which stays built under it until the
next draw (``covered``: the session draws again 0.3 s later,
``Drawing._uncover_later``).
Disposing of the entry's ~240 controls in Save's own frame took the browser
about 7 ms of it (an interleaved A/B of Save's frame, 14 samples each).

How it is drawn: both layers fill a ``Stack`` (``left=top=right=bottom=0``)
whose order never changes (a reordered ``Stack`` rebuilds both): the screen
shown over the scoreboard first, the scoreboard on top of it. The
scoreboard's layer is opaque (``SURFACE``) and takes every tap while it shows.
While a screen is shown over it, the scoreboard's layer is at opacity 0 (kept
built, not painted, out of the semantics tree that a screen reader, and the
browser tests, read) and moved aside (``ASIDE``: a tap meant for the screen is
not taken by it; its width is kept, so nothing in it is laid out again). A
layer with ``visible=False`` is not built at all. The hidden scoreboard's
handlers answer no event while it is unseen, nor a covered screen's once it
was left (``ui/access/event_guard.py``).
The view keeps the scoreboard's key and route whatever it shows: flet's
client keys a view's page by its route, so a view whose route changed was
built again whole (about 12 ms more of the browser's time in a Save,
``FLET_NOTES.md``). So the screen shown over the
scoreboard, and the scoreboard, get the app's own back arrow in their title
bar (a pop of the view would be the scoreboard's whatever it shows, and
Flutter's own arrow, updated in place from the entry's, was read out "Back
Back"), and the view takes the title bar of the screen shown.
Each layer carries its own screen's padding and the view has none: when the
view took the padding of the screen shown (12 px for the entry, 16 for the
scoreboard), Save changed the width the scoreboard is laid out in, and the
browser laid every text of it out again in Save's frame (about 4 ms of it,
measured A/B).
"""

from __future__ import annotations

from typing import cast

import flet as ft

BOARD_KEY = "layer-board"
SCREEN_KEY = "layer-screen"
"""The keys of the two layers (tests walk only the layers a user sees)."""

ASIDE = 10_000
"""How far (px) the scoreboard's layer is moved aside while a screen is shown
over it: off any phone's screen, so taps reach the screen under it."""


def column(view: ft.View) -> ft.Column:
    """The controls of ``view`` as a column laid out as the view lays them."""
    return ft.Column(
        controls=cast(list[ft.Control], list(view.controls)),
        spacing=view.spacing,
        scroll=view.scroll,
        horizontal_alignment=view.horizontal_alignment,
    )


class Layers:
    """The layered view of one session: what the browser already holds of
    the scoreboard and of the screen last drawn over it."""

    def __init__(self) -> None:
        self.reset()

    def reset(self) -> None:
        """Forget what was drawn (the browser shows another view now)."""
        self._view: ft.View | None = None  # the layered view drawn last
        self._board_layer: ft.Container | None = None  # its scoreboard layer
        self._over: ft.Column | None = None  # the screen layer's content, kept
        self._over_padding: ft.PaddingValue | None = None  # its own padding
        self._over_shown = False  # a screen was shown over it at the last draw
        self._board: ft.View | None = None  # the scoreboard under that screen
        self._board_mark: object = None
        # The screen left at the last draw is still built under the scoreboard.
        self.covered = False

    def drawn(self, view: ft.View | None) -> bool:
        """Whether ``view`` is the layered view drawn last."""
        return view is not None and view is self._view

    def board(self, mark: object) -> ft.View | None:
        """The scoreboard kept unseen while a screen is shown over it, if one
        is drawn and was built at ``mark`` (the session's count of table
        changes)."""
        if self._board is not None and self._board_mark == mark:
            return self._board
        return None

    @property
    def route(self) -> str | None:
        """The route of the layered view drawn last (the scoreboard's)."""
        return self._view.route if self._view is not None else None

    def draw(
        self,
        under: ft.View,
        over: ft.View | None,
        mark: object,
        back: ft.Control | None = None,
    ) -> ft.View:
        """The view of ``under`` (the scoreboard) with ``over`` laid over it,
        or shown (``over`` is ``None``). ``mark``: the session's count of
        table changes ``under`` was built at. ``back``: the back arrow of the
        title bar of the screen shown."""
        if self._board_layer is None or under is not self._board:
            self._board_layer = _layer(
                ft.Container(
                    content=column(under),
                    padding=under.padding,
                    bgcolor=ft.Colors.SURFACE,
                ),
                BOARD_KEY,
            )
        self._board, self._board_mark = (
            (under, mark) if over is not None else (None, None)
        )
        board = self._board_layer
        board.opacity = 0 if over is not None else 1
        aside = ASIDE if over is not None else 0
        board.left, board.right = aside, -aside
        if over is not None:
            self._over, self._over_padding = column(over), over.padding
        elif not self._over_shown:
            # Dropped one draw after the entry was left: kept, its ~240
            # controls were walked again by every later diff (a broadcast
            # redraw of each phone that once entered a hand).
            self._over = None
        # The screen left in this draw stays built, unchanged, under the
        # scoreboard now shown over it: neither the server (the removal of
        # its controls) nor the browser (their disposal) spends Save's time
        # on it. The next draw removes it.
        self.covered = self._over_shown and over is None
        self._over_shown = over is not None
        shows_screen = over is not None or self.covered
        screen = _layer(
            ft.Container(
                content=self._over,
                bgcolor=ft.Colors.SURFACE,
                padding=self._over_padding if shows_screen else None,
            ),
            SCREEN_KEY,
        )
        screen.visible = shows_screen
        shown = over or under
        if isinstance(shown.appbar, ft.AppBar) and back is not None:
            shown.appbar.leading = back
            shown.appbar.automatically_imply_leading = False
        self._view = ft.View(
            route=under.route,
            key=under.key if under.key is not None else under.route,
            appbar=shown.appbar,
            padding=0,
            spacing=0,
            controls=[ft.Stack(controls=[screen, board], expand=True)],
        )
        return self._view


def _layer(control: ft.Container, key: str) -> ft.Container:
    control.key = key
    control.left = control.top = control.right = control.bottom = 0
    return control
