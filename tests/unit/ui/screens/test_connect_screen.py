"""Connecting a phone ("Collega un telefono") without a browser: the address
and its QR code, what to do when the server is for this device only or there
is no network, and the table code when the table asks for one."""

from __future__ import annotations

import base64

import flet as ft

from scorekeeper.ui.access.table_code import Gate
from scorekeeper.ui.hosting import lan
from scorekeeper.ui.hosting.lan import LanInfo
from scorekeeper.ui.screens.connect import view as connect
from tests.builders import memory_table, table_with
from tests.unit.fakes import find, make_session, texts, walk


def test_the_connect_screen_shows_the_address_and_its_qr_code(monkeypatch):
    info = lan.LanInfo("http://192.168.1.20:8550", True, "192.168.1.20", 8550)
    monkeypatch.setattr(connect, "lan_info", lambda url: info)
    view = connect.connect_view(make_session(memory_table()))
    assert find(view, "connect-url").value == "http://192.168.1.20:8550"
    image = find(view, "connect-qr")
    assert base64.b64decode(image.src).startswith(b"\x89PNG")
    assert image.width >= 200


def test_a_local_only_server_explains_how_to_start_it_for_the_lan(monkeypatch):
    info = lan.LanInfo("http://192.168.1.20:8550", False, "192.168.1.20", 8550)
    monkeypatch.setattr(connect, "lan_info", lambda url: info)
    view = connect.connect_view(make_session(memory_table()))
    assert "python main.py --lan" in texts(view)
    assert not [c for c in walk(view) if isinstance(c, ft.Image)]


def test_without_a_network_the_connect_screen_says_so(monkeypatch):
    monkeypatch.setattr(
        connect, "lan_info", lambda url: lan.LanInfo(None, False, None, 8550)
    )
    view = connect.connect_view(make_session(memory_table()))
    assert find(view, "connect-message").value.startswith("Questo dispositivo non")


def test_with_a_table_code_connect_never_says_only_this_device(monkeypatch):
    monkeypatch.setattr(
        connect,
        "lan_info",
        lambda url: LanInfo("http://192.168.1.5:8550", False, "192.168.1.5", 8550),
    )
    session = make_session(table_with())
    session.admission.gate = Gate()
    shown = "\n".join(texts(connect.connect_view(session)))
    assert "solo questo dispositivo" not in shown
    assert "entrano con il codice del tavolo" in shown
    assert f"Codice del tavolo: {session.admission.gate.table_code}" in shown
