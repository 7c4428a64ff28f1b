""" "Collega un telefono": this server's LAN address and a QR code of it."""

from __future__ import annotations

from typing import TYPE_CHECKING

import flet as ft

from scorekeeper.ui import routes
from scorekeeper.ui.session import Session
from scorekeeper.ui.widgets import (
    screen,
    semantic,
)

if TYPE_CHECKING:
    from scorekeeper.ui.lan import LanInfo


# scorekeeper.ui.lan imports segno (the QR code), a quarter of a second of
# the app's start in Pyodide (tests/benchmarks/bench_web.py): it is imported
# when this screen is opened, which the browser build never offers.
def lan_info(page_url: str | None) -> LanInfo:
    from scorekeeper.ui import lan

    return lan.lan_info(page_url)


def qr_base64(text: str) -> str:
    from scorekeeper.ui import lan

    return lan.qr_base64(text)


# -- connect a phone ----------------------------------------------------------------
def connect_view(session: Session) -> ft.View:
    """The LAN address of this server and a QR code of it."""
    info = lan_info(getattr(session.page, "url", None))
    controls: list[ft.Control] = []
    if info.url is None:
        controls.append(
            semantic("connect-message", ft.Text(session.t("connect.no_network")))
        )
    elif info.reachable:
        controls += [
            semantic("connect-message", ft.Text(session.t("connect.scan"), size=16)),
            semantic(
                "connect-url",
                ft.Text(info.url, size=24, weight=ft.FontWeight.BOLD),
            ),
            ft.Row(
                alignment=ft.MainAxisAlignment.CENTER,
                controls=[
                    semantic(
                        "connect-qr",
                        ft.Image(
                            src=qr_base64(info.url),
                            width=264,
                            height=264,
                            # crisp modules: no smoothing when scaled
                            filter_quality=ft.FilterQuality.NONE,
                            semantics_label=session.t("connect.qr", url=info.url),
                        ),
                    )
                ],
            ),
            ft.Text(session.t("connect.same_wifi")),
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
    return screen(routes.CONNECT, session.t("connect.title"), controls, spacing=16)
