"""This server's address for another phone, and a QR code of an address.

``scorekeeper.ui.hosting.lan`` imports segno (the QR code), a quarter of a
second of the app's start in Pyodide (benchmarks/bench_web.py): it is imported
when a screen that shows an address is opened, which the browser build never
offers.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import flet as ft

from scorekeeper.ui.kit.widgets import semantic
from scorekeeper.ui.shell.session import Session

if TYPE_CHECKING:
    from scorekeeper.ui.hosting.lan import LanInfo


def lan_info(page_url: str | None) -> LanInfo:
    from scorekeeper.ui.hosting import lan

    return lan.lan_info(page_url)


def qr_base64(text: str) -> str | None:
    from scorekeeper.ui.hosting import lan

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
