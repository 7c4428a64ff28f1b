"""The spectator board ("Tabellone"): the match being played, in big type.

For a TV, a tablet on the wall or friends watching: it follows every change
(the session redraws on each broadcast, like any phone) and has no control
that changes anything. A session admitted with the board code sees only this
screen, and ``Session.apply`` refuses any change it would send.
"""

from __future__ import annotations

import flet as ft

from scorekeeper.ui import routes
from scorekeeper.ui.access.table_code import Role
from scorekeeper.ui.kit.formatting import missing_text
from scorekeeper.ui.kit.widgets import ON_SIDE_COLOR, SIDE_COLORS, one_line, semantic
from scorekeeper.ui.shell.session import Session

BIG_TOTAL = 96
"""The totals' size on a phone-sized board; a bigger screen gets bigger ones."""
BELOW_PANELS = 230
"""Pixels of a board's screen that are not the panels: the title bar, the
dealer's or winner's line and the hands' line under them."""


SIZED = (routes.BOARD, routes.CLUB_NIGHT)
"""The screens laid out for the window's size: a board's totals and pages,
the organizer's table monitor."""


def resized(session: Session) -> None:
    """The browser's window changed size (a TV's browser put full screen, a
    laptop's window made larger): a screen laid out for its size is drawn
    again for the new one."""
    if session.route in SIZED:
        session.render()


def total_size(session: Session) -> float:
    """The totals as large as the screen allows: a TV's board fills it (two
    panels side by side, the name and the lines under the number)."""
    width, height = session.page.width, session.page.height
    if not width or not height:
        return BIG_TOTAL
    # the height a panel has: the screen less the title bar and the lines
    # under the panels (BELOW_PANELS); in it the name (0.3 of the total's
    # size), the total and what is missing (0.23), each line 1.2 times its
    # size, and the panel's padding: 1.85 sizes and 32 px (at 1280x720 the
    # totals were cut at the panels' foot)
    by_height = (height - BELOW_PANELS - 32) / 1.85
    return max(BIG_TOTAL, min(width / 2 * 0.5, by_height))


def side_panel(
    session: Session, name: str, total: int, missing: str, side: int
) -> ft.Control:
    """One side: its name, its total (as large as the screen allows), what it
    still needs."""
    size = total_size(session)
    return ft.Container(
        expand=True,
        bgcolor=SIDE_COLORS[side],
        border_radius=16,
        padding=16,
        alignment=ft.Alignment.CENTER,
        content=ft.Column(
            horizontal_alignment=ft.CrossAxisAlignment.CENTER,
            alignment=ft.MainAxisAlignment.CENTER,
            controls=[
                semantic(
                    f"board-name-{side + 1}",
                    one_line(name, size=size * 0.3, color=ON_SIDE_COLOR, max_lines=2),
                ),
                semantic(
                    f"board-total-{side + 1}",
                    ft.Text(
                        str(total),
                        size=size,
                        weight=ft.FontWeight.BOLD,
                        color=ON_SIDE_COLOR,
                    ),
                ),
                ft.Text(missing, size=size * 0.23, color=ON_SIDE_COLOR),
            ],
        ),
    )


def board_view(session: Session) -> ft.View:
    """The board of the table's current match (read only); a club night's
    board (its code presented) shows that tournament."""
    stored = session.current()
    controls: list[ft.BaseControl] = []
    if stored is None or stored.abandoned:
        controls.append(
            semantic("board-none", ft.Text(session.t("board.none"), size=32))
        )
    else:
        state = stored.state
        setup = state.setup
        controls.append(
            ft.Row(
                expand=True,
                vertical_alignment=ft.CrossAxisAlignment.STRETCH,
                controls=[
                    side_panel(
                        session,
                        setup.side_name(side),
                        state.totals[side],
                        "" if state.decided else missing_text(session, state, side),
                        side,
                    )
                    for side in (0, 1)
                ],
            )
        )
        if state.decided and state.winner is not None:
            controls.append(
                semantic(
                    "board-winner",
                    ft.Text(
                        session.t("board.won", side=setup.side_name(state.winner)),
                        size=36,
                        weight=ft.FontWeight.BOLD,
                    ),
                )
            )
        elif state.next_seats is not None:
            controls.append(
                ft.Text(
                    session.t("board.dealer", name=state.next_seats.dealer), size=24
                )
            )
        controls.append(
            semantic(
                "board-hands",
                ft.Text(
                    session.t(
                        "board.hands", n=len(state.hands), target=setup.rules.target
                    ),
                    size=20,
                ),
            )
        )
    view = ft.View(
        route=routes.BOARD,
        padding=24,
        spacing=24,
        # no scroll: the panels fill the screen's height (a TV's board)
        horizontal_alignment=ft.CrossAxisAlignment.CENTER,
        appbar=ft.AppBar(
            title=ft.Text(session.t("board.title")),
            # a player who opened the board may go back; a spectator stays
            automatically_imply_leading=session.admission.role is not Role.SPECTATOR,
        ),
        controls=controls,
    )
    view.key = routes.BOARD
    return view
