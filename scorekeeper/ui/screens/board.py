"""The spectator board ("Tabellone"): the match being played, in big type.

For a TV, a tablet on the wall or friends watching: it follows every change
(the session redraws on each broadcast, like any phone) and has no control
that changes anything. A session admitted with the board code sees only this
screen, and ``Session.apply`` refuses any change it would send.
"""

from __future__ import annotations

import flet as ft

from scorekeeper.ui import routes
from scorekeeper.ui.access import Role
from scorekeeper.ui.session import Session
from scorekeeper.ui.widgets import ON_SIDE_COLOR, SIDE_COLORS, one_line, semantic


def side_panel(
    session: Session, name: str, total: int, missing: int, side: int
) -> ft.Control:
    """One side: its name, its total (as large as the screen allows), what it
    still needs."""
    return ft.Container(
        expand=True,
        bgcolor=SIDE_COLORS[side],
        border_radius=16,
        padding=16,
        content=ft.Column(
            horizontal_alignment=ft.CrossAxisAlignment.CENTER,
            controls=[
                semantic(
                    f"board-name-{side + 1}",
                    one_line(name, size=28, color=ON_SIDE_COLOR, max_lines=2),
                ),
                semantic(
                    f"board-total-{side + 1}",
                    ft.Text(
                        str(total),
                        size=96,
                        weight=ft.FontWeight.BOLD,
                        color=ON_SIDE_COLOR,
                    ),
                ),
                ft.Text(
                    session.t("board.missing", n=missing),
                    size=22,
                    color=ON_SIDE_COLOR,
                ),
            ],
        ),
    )


def board_view(session: Session) -> ft.View:
    """The board of the table's current match (read only)."""
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
                vertical_alignment=ft.CrossAxisAlignment.START,
                controls=[
                    side_panel(
                        session,
                        setup.side_name(side),
                        state.totals[side],
                        state.missing(side),
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
        scroll=ft.ScrollMode.AUTO,
        horizontal_alignment=ft.CrossAxisAlignment.CENTER,
        appbar=ft.AppBar(
            title=ft.Text(session.t("board.title")),
            # a player who opened the board may go back; a spectator stays
            automatically_imply_leading=session.role is not Role.SPECTATOR,
        ),
        controls=controls,
    )
    view.key = routes.BOARD
    return view
