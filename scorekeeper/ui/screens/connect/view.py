""" "Collega un telefono": this server's LAN address and a QR code of it.

With the table code (``ui/access/table_code.py``) the address carries it, and a second
address and QR give the spectator board ("Tabellone") with its own code.
"""

from __future__ import annotations

import flet as ft

from scorekeeper.ui import routes
from scorekeeper.ui.access.table_code import with_code
from scorekeeper.ui.kit.widgets import (
    big_button,
    screen,
    semantic,
)
from scorekeeper.ui.parts.address import address_and_qr, lan_info
from scorekeeper.ui.shell.session import Session


# -- connect a phone ----------------------------------------------------------------
def connect_view(session: Session) -> ft.View:
    """The LAN address of this server and a QR code of it."""
    info = lan_info(getattr(session.page, "url", None))
    controls: list[ft.Control] = []
    if info.url is None:
        controls.append(
            semantic("connect-message", ft.Text(session.t("connect.no_network")))
        )
    elif info.reachable or session.admission.gate is not None:
        # a table code exists only when the server listens beyond loopback
        # (ui/hosting/server.py): the other phones can reach it, whatever the probe said
        access = session.admission.gate
        url = info.url
        if access is not None:  # the address carries the table code
            url = with_code(info.url, access.table_code)
        controls += [
            semantic("connect-message", ft.Text(session.t("connect.scan"), size=16)),
            *address_and_qr(session, "connect", url),
            ft.Text(session.t("connect.same_wifi")),
        ]
        if access is not None:
            controls += [
                ft.Text(session.t("connect.with_code")),
                semantic(
                    "connect-table-code",
                    ft.Text(
                        session.t("connect.table_code", code=access.table_code),
                        size=20,
                    ),
                ),
                ft.Divider(),
                ft.Text(session.t("connect.board"), size=16),
                *address_and_qr(
                    session,
                    "connect-board",
                    with_code(info.url + routes.BOARD, access.board_code),
                ),
                semantic(
                    "connect-board-code",
                    ft.Text(
                        session.t("connect.board_code", code=access.board_code),
                        size=20,
                    ),
                ),
            ]
    else:
        controls += [
            semantic(
                "connect-message", ft.Text(session.t("connect.local_only"), size=16)
            ),
            ft.Text(
                session.t("connect.lan_command"),
                size=18,
                weight=ft.FontWeight.BOLD,
                font_family="monospace",
            ),
            semantic(
                "connect-url", ft.Text(session.t("connect.lan_would_be", url=info.url))
            ),
        ]
    controls += [
        ft.Divider(),
        big_button(
            "connect-open-board",
            session.t("connect.open_board"),
            lambda: session.go(routes.BOARD),
            icon=ft.Icons.SCOREBOARD,
            kind="plain",
        ),
    ]
    return screen(routes.CONNECT, session.t("connect.title"), controls, spacing=16)
