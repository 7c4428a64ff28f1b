"""The address other phones open (``ui/hosting/lan.py``): its port, its QR code, and
whether the server is reached there (listening beyond loopback), asked of
``serve`` rather than probed when it knows."""

from __future__ import annotations

import base64
import socket

from scorekeeper.ui.hosting import lan


def test_the_port_is_read_from_the_address_the_phone_opened():
    assert lan.port_of("http://127.0.0.1:8551/regole") == 8551
    assert lan.port_of("127.0.0.1:9000") == 9000
    assert lan.port_of("http://example") == 80
    assert lan.port_of(None) == 8550


def test_the_qr_code_is_a_png_image_in_base64():
    png = base64.b64decode(lan.qr_base64("http://192.168.1.20:8550"))
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    width = int.from_bytes(png[16:20], "big")
    assert width == (25 + 2 * 4) * 8  # version 2 QR, quiet zone 4, scale 8


def test_a_server_listening_on_the_lan_address_is_reported_reachable():
    with socket.socket() as server:
        server.bind(("127.0.0.1", 0))
        server.listen()
        port = server.getsockname()[1]
        info = lan.lan_info(f"http://127.0.0.1:{port}", lan_ip="127.0.0.1")
    assert info == lan.LanInfo(f"http://127.0.0.1:{port}", True, "127.0.0.1", port)


def test_a_server_not_listening_there_is_reported_unreachable():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]  # bound, not listening: refused
        info = lan.lan_info(f"http://127.0.0.1:{port}", lan_ip="127.0.0.1")
    assert not info.reachable


def test_a_server_started_by_serve_knows_its_reach_without_probing_the_lan(
    monkeypatch,
):
    """Tests and the app send nothing to the machine's LAN address: serve()
    tells the connect screen whether it listens beyond loopback."""

    def no_probe(*args: object) -> bool:
        raise AssertionError("the LAN address was probed")

    monkeypatch.setattr(lan, "listening", no_probe)
    monkeypatch.setattr(lan, "SERVED_ON_ALL_INTERFACES", True)
    assert lan.lan_info("http://127.0.0.1:8550", lan_ip="192.0.2.7").reachable
    monkeypatch.setattr(lan, "SERVED_ON_ALL_INTERFACES", False)
    assert not lan.lan_info("http://127.0.0.1:8550", lan_ip="192.0.2.7").reachable
