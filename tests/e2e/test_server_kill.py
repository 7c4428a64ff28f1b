"""A server killed (SIGKILL) in the middle of a match with three phones open,
restarted on the same port and data folder: every hand a phone saw saved is
there, and the phones come back by themselves (no reload) with the same totals.

What this relies on, verified in flet-web 1.0.5's client (main.dart.js): when
its WebSocket closes it logs "Reconnect in N milliseconds" and retries at a
fixed interval, with no deadline unless ``reconnect_timeout_ms`` is set (the
app sets none). It presents its old session id; the new process does not know
it, so it makes a new session from the page's route, and the app draws that
screen afresh from the data folder. What lived only in the killed process (a
hand being entered, a phone's language) is gone; every acknowledged change was
on disk before the phone saw it (ARCHITECTURE.md, "The life of a Save").

With the table code (issue 12; ``--require-code``, as ``--lan`` does, on
127.0.0.1 only) the restarted server has made new codes (README, "How phones
join"), and the reconnected session is a new one that was never let in: each
phone shows the code screen by itself, refuses the old code, and after the new
one (read from what the restarted server printed, as a person would) shows the
same totals.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from playwright.sync_api import expect

from scorekeeper.core import MatchSetup, Rules
from scorekeeper.storage import open_repository
from tests.builders import plain_hand
from tests.e2e.conftest import (
    REPO_ROOT,
    SERVER_START_TIMEOUT,
    ServerProcess,
    wait_until_ready,
)
from tests.e2e.count_hand import (
    HAND_POINTS,
    expect_totals,
    prepare_hand,
    save_button,
)
from tests.e2e.helpers import FRAMES_ASKED, enter_code, node, tap, tap_until_shown

pytestmark = pytest.mark.e2e

PLAYERS = ("Anna", "Bruno")
RECONNECT_MS = 30_000


def start_on(
    port: int, data: Path, logs: Path, require_code: bool = False
) -> ServerProcess:
    """``python main.py --no-browser`` on 127.0.0.1:``port`` (0: a free one,
    the server's choice) and ``data`` (``require_code``: with
    ``--require-code``, the table code asked)."""
    env = dict(os.environ, PYTHONPATH=str(REPO_ROOT), PYTHONUNBUFFERED="1")
    for name in ("FLET_SERVER_PORT", "FLET_SERVER_IP", "FLET_ASSETS_DIR"):
        env.pop(name, None)
    log_path = logs / f"server-{port}-{len(list(logs.glob('server-*')))}.log"
    with log_path.open("wb") as log:
        process = subprocess.Popen(
            [sys.executable, "main.py", "--no-browser", "--port", str(port)]
            + ["--data", str(data)]
            + (["--require-code"] if require_code else []),
            cwd=str(REPO_ROOT),
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
    server = ServerProcess(
        f"http://127.0.0.1:{port}" if port else "", process, log_path
    )
    wait_until_ready(server, SERVER_START_TIMEOUT)
    return server


def stored_totals(data: Path) -> tuple[int, int]:
    with open_repository(data) as repo:
        [line] = repo.list_history().items
        return line.totals


def test_a_killed_server_restarted_keeps_every_saved_hand_and_the_phones_come_back(
    tmp_path, new_phone, open_app, shot
):
    data = tmp_path / "data"
    with open_repository(data) as repo:
        repo.create_match(MatchSetup(PLAYERS, PLAYERS[0], Rules(target=500)))
    servers = [start_on(0, data, tmp_path)]
    port = servers[0].port  # restarted there
    try:
        url = servers[0].url
        phones = []
        for _ in range(3):
            page = new_phone(url)
            open_app(page, url)
            tap_until_shown(
                node(page, "home-resume").get_by_role("button"),
                node(page, "score-total-0"),
            )
            phones.append(page)

        # Three hands, one from each phone: each acknowledged when the phone
        # that saved it shows the new totals (drawn after the write).
        totals = (0, 0)
        for page in phones:
            prepare_hand(page, PLAYERS)
            tap(save_button(page))
            totals = (totals[0] + HAND_POINTS[0], totals[1] + HAND_POINTS[1])
            for other in phones:
                expect_totals(other, totals)
        # The first phone is entering a fourth hand when the server dies.
        prepare_hand(phones[0], PLAYERS)
        for page in phones:  # a reload would lose this mark
            page.evaluate("window.__sameDocument = true")

        servers[0].process.send_signal(signal.SIGKILL)
        servers[0].process.wait(timeout=10)
        # nothing was closed: the folder's lock died with the process
        assert stored_totals(data) == totals

        servers.append(start_on(port, data, tmp_path))
        for page in phones[1:]:
            expect_totals(page, totals, timeout=RECONNECT_MS)
        # The first phone comes back on the screen it was on, the hand entry,
        # with the half-entered hand: its draft was stored at each tap.
        first = phones[0]
        expect(save_button(first)).to_be_enabled(timeout=RECONNECT_MS)
        for page in phones:
            assert page.evaluate("window.__sameDocument === true"), "reloaded"
        shot(phones[1], "after-restart")

        # The reconnected phones are a table again: a hand saved on one shows
        # on every other one.
        first.go_back()
        expect(node(first, "score-total-0")).to_have_text(str(totals[0]))
        prepare_hand(first, PLAYERS)
        tap(save_button(first))
        totals = (totals[0] + HAND_POINTS[0], totals[1] + HAND_POINTS[1])
        for page in phones:
            expect_totals(page, totals)
            assert page.evaluate("window.__sameDocument === true"), "reloaded"
    finally:
        for server in servers:
            server.stop()
    assert stored_totals(data) == totals


def save_hands_on_each(phones: list, totals: tuple[int, int]) -> tuple[int, int]:
    """One hand from each phone, each acknowledged when the phone that saved it
    shows the new totals (drawn after the write), and seen on every phone."""
    for page in phones:
        prepare_hand(page, PLAYERS)
        tap(save_button(page))
        totals = (totals[0] + HAND_POINTS[0], totals[1] + HAND_POINTS[1])
        for other in phones:
            expect_totals(other, totals)
    return totals


def test_a_killed_table_code_server_restarted_asks_the_phones_for_its_new_code(
    tmp_path, new_phone, open_app, shot
):
    data = tmp_path / "data"
    # Three hands saved before the phones come (that a hand a phone saw saved
    # survives a kill is the test above's): this test is about the code.
    with open_repository(data) as repo:
        stored = repo.create_match(MatchSetup(PLAYERS, PLAYERS[0], Rules(target=500)))
        for _ in range(3):
            stored = repo.add_hand(stored.id, plain_hand())
    totals = stored.state.totals
    servers = [start_on(0, data, tmp_path, require_code=True)]
    port = servers[0].port  # restarted there
    try:
        old_url = servers[0].printed_url()
        phones = []
        for _ in range(3):
            page = new_phone(servers[0].url)
            open_app(page, old_url)  # the address with the code, as printed
            tap_until_shown(
                node(page, "home-resume").get_by_role("button"),
                node(page, "score-total-0"),
            )
            expect_totals(page, totals)
            # a session the new process makes starts from the address the
            # browser shows: the scoreboard's
            page.wait_for_function("() => location.pathname === '/partita'")
            page.evaluate("window.__sameDocument = true")  # a reload loses it
            phones.append(page)

        servers[0].process.send_signal(signal.SIGKILL)
        servers[0].process.wait(timeout=10)
        assert stored_totals(data) == totals

        servers.append(start_on(port, data, tmp_path, require_code=True))
        new_url = servers[1].printed_url()
        old_code, new_code = (u.rsplit("=", 1)[1] for u in (old_url, new_url))
        assert old_code != new_code
        # Each phone, by itself, is on the code screen and shows no total.
        for page in phones:
            expect(node(page, "code-ask")).to_be_visible(timeout=RECONNECT_MS)
            expect(node(page, "score-total-0")).to_have_count(0)
            assert page.evaluate("window.__sameDocument === true"), "reloaded"
        shot(phones[0], "code-asked")
        # The code of the killed server no longer opens the table.
        enter_code(phones[0], old_code)
        expect(node(phones[0], "error-banner")).to_have_text("Codice errato.")
        expect(node(phones[0], "score-total-0")).to_have_count(0)
        # The new code (printed by the restarted server) does: same totals.
        for page in phones:
            enter_code(page, new_code)
            expect_totals(page, totals, timeout=RECONNECT_MS)
            assert page.evaluate("window.__sameDocument === true"), "reloaded"
        shot(phones[1], "after-new-code")

        # Admitted again, they are a table: a hand saved on one shows on all.
        totals = save_hands_on_each(phones[:1], totals)
        for page in phones:
            expect_totals(page, totals)
    finally:
        for server in servers:
            server.stop()
    assert stored_totals(data) == totals


FRAMES_IN_TWO_SECONDS = """() => new Promise((done) => {
  const before = window.__framesAskedInAll;
  setTimeout(() => done(window.__framesAskedInAll - before), 2000);
})"""


def test_a_phone_whose_server_is_gone_draws_nothing_under_the_message_until_it_is_back(
    tmp_path, new_phone, open_app
):
    """flet's "Working..." spinner turned at 60 frames a second under the
    connection-lost message, seen by nobody (half a core here, a phone's
    battery while the server is down): covered, the page says it is hidden,
    so Flutter draws nothing, even when the window loses or gets the focus;
    back, the phone draws and answers taps."""
    server = start_on(0, tmp_path / "data", tmp_path)
    phone = new_phone(server.url)
    phone.add_init_script(FRAMES_ASKED)
    try:
        open_app(phone, server.url)
        expect(node(phone, "home-new-match")).to_be_visible()
        server.stop()
        expect(phone.get_by_role("alert")).to_contain_text("Connessione persa")
        assert phone.evaluate(FRAMES_IN_TWO_SECONDS) <= 2
        for told in ("blur", "focus"):  # Flutter's "inactive" and "resumed"
            phone.evaluate(f"window.dispatchEvent(new Event('{told}'))")
            assert phone.evaluate(FRAMES_IN_TWO_SECONDS) <= 2, told
        server = start_on(server.port, tmp_path / "data", tmp_path)
        expect(phone.get_by_role("alert")).to_be_hidden(timeout=RECONNECT_MS)
        tap_until_shown(node(phone, "home-rules"), phone.get_by_text("Come si prende"))
        assert phone.evaluate("document.visibilityState") == "visible"
    finally:
        server.stop()
