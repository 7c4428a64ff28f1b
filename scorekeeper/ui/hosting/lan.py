"""How another phone reaches this server: the LAN address and its QR code.

Pure Python (no flet import), so it is tested without a browser.

The app does not receive the host it was started with, so whether the server
is reachable from the LAN (``python main.py --lan`` listens on every
interface) is found out the direct way: a TCP connect to the machine's own LAN
address on the server's port. A server bound to ``127.0.0.1`` refuses it at
once; nothing leaves the machine either way.

The QR code is drawn by ``segno`` (pure Python) to a PNG, handed to
``ft.Image(src=...)`` as a base64 string (Flet 1.0.5 takes a URL, a base64
string or raw bytes in ``src``).
"""

from __future__ import annotations

import base64
import io
import socket
from dataclasses import dataclass
from urllib.parse import urlsplit

import segno

DEFAULT_PORT = 8550
"""The port ``python main.py`` serves on."""

PROBE_TIMEOUT = 0.3
"""Seconds to wait for the connect to our own LAN address (answers in ~1 ms)."""


def lan_address() -> str | None:
    """Best guess of this machine's LAN IPv4 address, or ``None``.

    Connecting a UDP socket sends no packet: it only asks the kernel which local
    address would be used for a non-local destination.
    """
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("10.254.254.254", 1))
            address = probe.getsockname()[0]
        except OSError:
            return None
    return None if address.startswith("127.") or address == "0.0.0.0" else address


@dataclass(frozen=True)
class LanInfo:
    """What the "connect a phone" screen shows."""

    url: str | None  # the address for other phones, None when there is none
    reachable: bool  # the server answers on it (started with --lan)
    lan_ip: str | None  # this machine's LAN address, if it has one
    port: int


def port_of(page_url: str | None) -> int:
    """The port in the address this phone opened (Flet's ``page.url``)."""
    if page_url:
        parts = urlsplit(page_url if "//" in page_url else f"//{page_url}")
        try:
            if parts.port:
                return parts.port
        except ValueError:
            pass
        if parts.scheme == "https":
            return 443
        if parts.scheme == "http":
            return 80
    return DEFAULT_PORT


def listening(host: str, port: int, timeout: float = PROBE_TIMEOUT) -> bool:
    """Whether something accepts TCP connections on ``host:port``."""
    try:
        with socket.create_connection((host, port), timeout=timeout):
            return True
    except OSError:
        return False


SERVED_ON_ALL_INTERFACES: bool | None = None
"""Set by ``serve()``: whether this process listens beyond loopback (``--lan``).
When it is known, nothing connects to the LAN address to find out."""


def lan_info(page_url: str | None, lan_ip: str | None = None) -> LanInfo:
    """The LAN address of this server and whether it is reachable there.

    ``lan_ip`` defaults to :func:`lan_address`.
    """
    port = port_of(page_url)
    ip = lan_ip if lan_ip is not None else lan_address()
    if not ip:
        return LanInfo(None, False, None, port)
    url = f"http://{ip}:{port}"
    reachable = SERVED_ON_ALL_INTERFACES
    if reachable is None:  # not served by serve(): ask the port itself
        reachable = listening(ip, port)
    return LanInfo(url, reachable, ip, port)


def qr_png(text: str, scale: int = 8) -> bytes:
    """A QR code of ``text`` as PNG bytes (black on white, quiet zone of 4).

    Black on white whatever the app theme: phone cameras read that best, and
    the standard quiet zone keeps it readable on a dark background.
    """
    buffer = io.BytesIO()
    segno.make(text, error="m", micro=False).save(
        buffer, kind="png", scale=scale, border=4, dark="black", light="white"
    )
    return buffer.getvalue()


def qr_base64(text: str, scale: int = 8) -> str | None:
    """:func:`qr_png` as a base64 string for ``ft.Image(src=...)``; ``None``
    when ``text`` is longer than a QR code holds (about 2,300 bytes at this
    error level: the link of a long match with long notes), which the
    screens say in words instead."""
    try:
        png = qr_png(text, scale)
    except segno.DataOverflowError:
        return None
    return base64.b64encode(png).decode("ascii")
