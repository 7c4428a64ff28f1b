""" "Collega un telefono": this server's LAN address and a QR code of it.

With the table code (``ui/access.py``) the address carries it, and a second
address and QR give the spectator board ("Tabellone") with its own code.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import flet as ft

from scorekeeper.ui import routes
from scorekeeper.ui.access import with_code
from scorekeeper.ui.session import Session
from scorekeeper.ui.widgets import (
    big_button,
    screen,
    semantic,
)

if TYPE_CHECKING:
    from scorekeeper.ui.lan import LanInfo


# scorekeeper.ui.lan imports segno (the QR code), a quarter of a second of
# the app's start in Pyodide (benchmarks/bench_web.py): it is imported
# when this screen is opened, which the browser build never offers.
def lan_info(page_url: str | None) -> LanInfo:
    from scorekeeper.ui import lan

    return lan.lan_info(page_url)


def qr_base64(text: str) -> str | None:
    from scorekeeper.ui import lan

    return lan.qr_base64(text)


def qr_image(session: Session, identifier: str, url: str, size: int) -> ft.Control:
    """The QR code of the address ``url``, ``size`` pixels square; the line
    saying why there is none when the address is longer than a QR holds."""
    src = qr_base64(url)
    if src is None:
        return semantic(identifier, ft.Text(session.t("connect.qr_too_long")))
    return semantic(
        identifier,
        ft.Image(
            src=src,
            width=size,
            height=size,
            # crisp modules: no smoothing when scaled
            filter_quality=ft.FilterQuality.NONE,
            semantics_label=session.t("connect.qr", url=url),
        ),
    )


def address_and_qr(session: Session, identifier: str, url: str) -> list[ft.Control]:
    """An address in big type and a QR code of it."""
    return [
        semantic(f"{identifier}-url", ft.Text(url, size=22, weight=ft.FontWeight.BOLD)),
        ft.Row(
            alignment=ft.MainAxisAlignment.CENTER,
            controls=[qr_image(session, f"{identifier}-qr", url, 264)],
        ),
    ]


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
        # (ui/server.py): the other phones can reach it, whatever the probe said
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
