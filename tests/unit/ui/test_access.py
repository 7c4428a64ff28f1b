"""The table code, the spectator board and the checks on every value a phone
sends, without a browser: a real session on a fake page, a fake clock."""

from __future__ import annotations

import doctest
import logging
import math
from pathlib import Path
from types import SimpleNamespace

import flet as ft
import pytest

from scorekeeper.table import TableService
from scorekeeper.ui import routes
from scorekeeper.ui.access import table_code as access
from scorekeeper.ui.access.table_code import (
    ALPHABET,
    CODE_LENGTH,
    FIRST_WAIT,
    FREE_TRIES,
    Gate,
    Outcome,
    Role,
    code_in,
    path_of,
    redact,
    with_code,
)
from scorekeeper.ui.app import new_session
from scorekeeper.ui.parts import files as sharing
from scorekeeper.ui.parts.questions import Said
from scorekeeper.ui.screens.history.state import HistoryState
from scorekeeper.ui.screens.new_match.state import NewMatchForm
from scorekeeper.ui.shell.session import ACCESS_CHANGED, TOPIC, Session
from tests.builders import ANNA_BRUNO
from tests.event_loops import run_coroutine
from tests.unit.fakes import (
    Clock,
    FakePage,
    click,
    find,
    make_session,
    texts,
    type_into,
)


@pytest.fixture(autouse=True)
def a_match_to_31(table: TableService) -> None:
    """Every test here starts on a match being played."""
    table.start_match(ANNA_BRUNO)


@pytest.fixture
def gate() -> Gate:
    reports: list[str] = []
    gate = Gate(clock=Clock(), report=reports.append)
    gate.reports = reports  # type: ignore[attr-defined]
    return gate


def gated_session(table: TableService, gate: Gate, route: str = "/") -> Session:
    page = FakePage(route)
    page.client_ip = "192.168.1.7"  # type: ignore[attr-defined]
    session = new_session(page, table, access=gate)  # type: ignore[arg-type]
    session.drawing.take_code(route)
    return session


def shown(session: Session) -> list[str]:
    return [t for view in session.page.views for t in texts(view)]


# -- the codes -------------------------------------------------------------------
def test_codes_use_only_symbols_that_cannot_be_confused_read_aloud():
    for confusable in "0O1IL2Z5S8B6GQ":
        assert confusable not in ALPHABET
    codes = {access.new_code() for _ in range(200)}
    assert all(len(c) == CODE_LENGTH and set(c) <= set(ALPHABET) for c in codes)
    assert len(codes) == 200
    # the entropy the README states
    assert math.log2(len(ALPHABET) ** CODE_LENGTH) == pytest.approx(26.35, abs=0.01)


def test_a_code_is_read_whatever_its_case_spaces_and_dashes(gate):
    typed = " " + gate.table_code[:3].lower() + "-" + gate.table_code[3:] + " "
    verdict = gate.check("a", typed)
    assert verdict.outcome is Outcome.ADMITTED and verdict.role is Role.PLAYER
    assert gate.check("a", gate.board_code).role is Role.SPECTATOR


def test_routes_carry_the_code_in_t_and_lose_it_when_shown():
    assert code_in("/partita?t=K7P2QX") == "K7P2QX"
    assert code_in("/partita") is None
    assert path_of("/partita?t=K7P2QX") == "/partita"
    assert with_code("http://192.168.1.20:8550", "K7P2QX") == (
        "http://192.168.1.20:8550/?t=K7P2QX"
    )
    assert with_code("http://h:1/tabellone", "A") == "http://h:1/tabellone?t=A"


def test_only_loopback_hosts_need_no_code():
    assert access.is_loopback("127.0.0.1") and access.is_loopback("::1")
    assert access.is_loopback("localhost")
    for host in ("0.0.0.0", "", "192.168.1.20", "::", "myhost"):
        assert not access.is_loopback(host)


# -- guesses are bounded -----------------------------------------------------------
def test_five_wrong_codes_make_the_address_wait_a_minute_then_twice_as_long(gate):
    clock = gate.clock
    for _ in range(4):
        assert gate.check("10.0.0.9", "AAAAAA").outcome is Outcome.WRONG
    fifth = gate.check("10.0.0.9", "AAAAAA")
    assert fifth.outcome is Outcome.WRONG and fifth.wait == FIRST_WAIT
    assert gate.reports == [  # one line, naming the address, not the code
        "Spazzino segnapunti: 5 wrong table codes from 10.0.0.9: it waits 60 s"
    ]
    # the sixth waits, even the right code
    sixth = gate.check("10.0.0.9", gate.table_code)
    assert sixth.outcome is Outcome.WAIT and sixth.wait == pytest.approx(60)
    # another address is not held up
    assert gate.check("10.0.0.10", gate.table_code).outcome is Outcome.ADMITTED
    clock.now += 59
    assert gate.check("10.0.0.9", gate.table_code).outcome is Outcome.WAIT
    clock.now += 1
    # the next wrong code after the wait: two minutes
    assert gate.check("10.0.0.9", "AAAAAA").wait == 2 * FIRST_WAIT
    clock.now += 2 * FIRST_WAIT
    assert gate.check("10.0.0.9", gate.table_code).outcome is Outcome.ADMITTED
    # admitted: the count starts over
    for _ in range(4):
        assert gate.check("10.0.0.9", "AAAAAA").wait == 0
    assert len(gate.reports) == 2


def test_one_connection_changing_its_address_still_waits_after_five(gate):
    """Counted per connection too: whatever address each guess seems to come
    from (a proxy's forwarded header), one connection gets five."""
    for n in range(FREE_TRIES):
        assert gate.check(f"10.0.0.{n}", "AAAAAA", connection=7).wait in (0, 60)
    assert gate.check("10.0.0.99", gate.table_code, connection=7).outcome is (
        Outcome.WAIT
    )
    # another connection from a fresh address is not held up
    assert gate.check("10.0.1.1", gate.table_code, connection=8).outcome is (
        Outcome.ADMITTED
    )


def test_the_code_is_checked_for_the_connections_peer_not_the_pages_client_ip(
    table, gate
):
    """page.client_ip is a page property a protocol message rewrites: the
    session asks ui/access/peer.py for the connection's peer instead."""
    from scorekeeper.ui.access.peer import Peer, connected

    with connected(Peer("10.0.0.5", 41)):
        session = gated_session(table, gate)
        for n in range(FREE_TRIES):
            session.page.client_ip = f"172.16.0.{n}"  # type: ignore[attr-defined]
            session.present_code("AAAAAA")
        session.page.client_ip = "172.16.9.9"  # type: ignore[attr-defined]
        assert not session.present_code(gate.table_code)
    assert gate.reports == [
        "Spazzino segnapunti: 5 wrong table codes from 10.0.0.5: it waits 60 s"
    ]


def test_the_peer_is_the_socket_unless_a_trusted_proxy_forwards_it():
    from scorekeeper.ui.access.peer import own_origins, peer_address

    scope = {
        "client": ("127.0.0.1", 5000),
        "headers": [(b"x-forwarded-for", b"6.6.6.6, 10.0.0.3")],
    }
    assert peer_address(scope, trust_proxy=False) == "127.0.0.1"
    assert peer_address(scope, trust_proxy=True) == "10.0.0.3"
    assert peer_address({"headers": []}, trust_proxy=True) == "?"
    assert own_origins(8550, ["192.168.1.20"]) == {
        "http://127.0.0.1:8550",
        "http://localhost:8550",
        "http://[::1]:8550",
        "http://192.168.1.20:8550",
    }


def test_input_longer_than_any_code_is_wrong_without_being_read(gate):
    assert gate.check("a", gate.table_code * 100).outcome is Outcome.WRONG


# -- the session: nothing shown, nothing changed, until the code ------------------
def test_a_session_without_the_code_sees_no_data_and_changes_nothing(table, gate):
    session = gated_session(table, gate, "/partita")
    assert len(session.page.views) == 1
    assert not any("Anna" in t or "Bruno" in t for t in shown(session))
    assert find(session.page.views[0], "code-field") is not None
    # a change through the one change path is refused
    before = table.current()
    assert session.apply(lambda t: t.abandon(before.id)) is None
    assert table.current() == before
    assert session.error == "Questo dispositivo non può modificare la partita."


def test_the_address_with_the_code_lets_the_phone_in_and_is_cleaned(table, gate):
    session = gated_session(table, gate, f"/partita?t={gate.table_code}")
    assert session.admitted and session.admission.role is Role.PLAYER
    assert session.page.route == "/partita"  # the code left the address bar
    assert any("Anna" in t for t in shown(session))


def test_a_wrong_code_says_so_and_the_right_one_opens_home(table, gate):
    session = gated_session(table, gate)
    type_into(find(session.page.views[-1], "code-field"), "WRONG1")
    click(find(session.page.views[-1], "code-enter"))
    assert "Codice errato." in shown(session)
    assert not session.admitted
    type_into(find(session.page.views[-1], "code-field"), gate.table_code)
    click(find(session.page.views[-1], "code-enter"))
    assert session.admitted
    assert find(session.page.views[0], "home-resume") is not None


def test_after_five_wrong_codes_the_code_screen_says_how_long_to_wait(table, gate):
    session = gated_session(table, gate)
    for _ in range(5):
        session.present_code("AAAAAA")
    assert session.admission.code_message == (
        "Troppi codici errati da questo dispositivo: riprova tra 60 s."
    )
    session.present_code(gate.table_code)
    assert not session.admitted


def test_a_new_code_sends_every_other_player_back_to_the_code_screen(table, gate):
    renewing = gated_session(table, gate, f"/?t={gate.table_code}")
    other = gated_session(table, gate, f"/?t={gate.table_code}")
    board = gated_session(table, gate, f"/tabellone?t={gate.board_code}")
    old = gate.table_code
    renewing.render(routes.SETTINGS)
    click(find(renewing.page.views[-1], "settings-new-code"))
    # one tap only asks (it would log every other phone out): nothing yet
    assert gate.table_code == old and not renewing.page.pubsub.sent
    dialog = renewing.page.dialogs[-1]
    assert "tutti gli altri telefoni escono" in dialog.content.value
    click(find(dialog, "confirm-yes"))
    assert gate.table_code != old
    assert renewing.admitted  # the phone that asked keeps its place
    assert ("others", TOPIC, ACCESS_CHANGED) in renewing.page.pubsub.sent
    # the other phone hears of it and redraws
    other.render()
    assert not other.admitted and len(other.page.views) == 1
    assert not any("Anna" in t for t in shown(other))
    assert other.present_code(old) is False
    assert other.present_code(gate.table_code) is True
    board.render()
    assert board.admitted  # the board keeps its own code


# -- the spectator board ----------------------------------------------------------
def test_the_board_code_shows_the_board_only_and_refuses_every_change(table, gate):
    session = gated_session(table, gate, f"/?t={gate.board_code}")
    assert session.admission.role is Role.SPECTATOR
    [view] = session.page.views
    assert view.route == routes.BOARD
    assert find(view, "board-name-1").value == "Anna"
    assert find(view, "board-total-1").value == "0"
    # whatever route it asks for, it stays on the board
    session.render(routes.NEW_MATCH)
    assert [v.route for v in session.page.views] == [routes.BOARD]
    # nothing on it answers a tap or takes text
    controls = [c for c in _walk_all(view) if isinstance(c, ft.BaseControl)]
    assert not [c for c in controls if getattr(c, "on_click", None)]
    assert not [c for c in controls if isinstance(c, ft.TextField)]
    before = table.current()
    assert session.apply(lambda t: t.abandon(before.id)) is None
    assert table.current() == before


def test_the_board_follows_a_hand_saved_on_another_phone(table, gate):
    board = gated_session(table, gate, f"/?t={gate.board_code}")
    from tests.unit.hands import hand_a

    stored = table.current()
    table.add_hand(stored.id, hand_a().to_hand())
    run_coroutine(board._on_table_event(TOPIC, object()))
    assert find(board.page.views[0], "board-total-1").value == "12"
    assert find(board.page.views[0], "board-total-2").value == "1"


def _walk_all(control: object):
    seen = set()
    stack = [control]
    while stack:
        c = stack.pop()
        if id(c) in seen:
            continue
        seen.add(id(c))
        yield c
        values = [*vars(c).values(), *getattr(c, "_values", {}).values()]
        for v in values:
            if isinstance(v, ft.BaseControl):
                stack.append(v)
            elif isinstance(v, list):
                stack.extend(x for x in v if isinstance(x, ft.BaseControl))


# -- crafted events: every value is checked on the server --------------------------
@pytest.fixture
def player(tmp_path: Path) -> Session:
    table = TableService.open(tmp_path / "p")
    yield make_session(table)
    table.close()


def test_a_megabyte_in_a_name_field_is_refused_with_a_message(player):
    player.go(routes.NEW_MATCH)
    field = find(player.page.views[-1], "new-player-1")
    type_into(field, "A" * 1_000_000)
    assert player.states.find(NewMatchForm) is None  # not taken: no handler ran
    [snack] = player.page.dialogs
    assert snack.content.value == "Troppo lungo: al massimo 2000 caratteri."


def test_a_dropdown_value_that_was_not_offered_changes_nothing(player):
    player.go(routes.HISTORY)
    dropdown = find(player.page.views[-1], "history-filter-status")
    dropdown.value = "<script>"
    dropdown.on_select(SimpleNamespace(control=dropdown))
    assert player.states.of(HistoryState).status is None
    assert player.page.dialogs[-1].content.value == "Scelta non valida."


def test_a_language_that_was_not_offered_changes_nothing(player):
    language = find(player.page.views[0], "home-language")
    language.selected = ["xx"]
    language.on_change(SimpleNamespace(control=language))
    assert player.lang == "it"
    assert player.page.dialogs[-1].content.value == "Scelta non valida."


def test_a_tap_on_a_screen_the_phone_is_not_on_is_ignored(player):
    home = player.page.views[0]
    player.go(routes.RULES)
    # home is drawn under the rules screen: a crafted tap on its buttons
    click(find(player.page.views[0], "home-new-match"))
    assert player.route == routes.RULES
    # and a control of a screen drawn before, no longer shown
    click(find(home, "home-history"))
    assert player.route == routes.RULES


def test_a_handler_that_fails_leaves_a_message_not_a_traceback(player, caplog):
    def broken(_: object) -> None:
        raise KeyError("boom")

    view = ft.View(route="/x", controls=[ft.Button(content="x", on_click=broken)])
    view.key = "/x"
    from scorekeeper.ui.access.event_guard import guard_views

    guard_views(player, [view])
    with caplog.at_level(logging.ERROR):
        click(view.controls[0])
    assert player.error == "Errore inatteso (KeyError): non è cambiato nulla."
    assert "a handler failed" in caplog.text


def test_an_upload_that_is_not_a_match_file_or_too_big_is_refused(player):
    player.go(routes.HISTORY)
    event = SimpleNamespace(files=[SimpleNamespace(bytes=b"\x89PNG\r\n\x1a\n")])
    sharing.imported(player, event)
    assert "non" in (player.states.of(Said).text or "").lower()
    big = SimpleNamespace(files=[SimpleNamespace(bytes=b" " * (50 * 2**20))])
    sharing.imported(player, big)
    assert player.states.of(Said).text == (
        "File troppo grande (oltre 32 MB): non è stato letto."
    )
    sharing.import_bytes(player, b'[{"format": "nope"}]')
    assert player.table.queries.count() == 0


# -- never in a log ---------------------------------------------------------------
def test_a_log_line_never_shows_a_code():
    line = '127.0.0.1:5 - "GET /partita?t=K7P2QX&x=1 HTTP/1.1" 200'
    assert redact(line, ()) == '127.0.0.1:5 - "GET /partita?t=<code>&x=1 HTTP/1.1" 200'
    assert "K7P2QX" not in redact("route /?t=K7P2QX", ())
    assert redact("code ABCDEF typed", ("ABCDEF",)) == "code <code> typed"


def test_log_records_of_any_logger_are_redacted(caplog):
    access.install_log_redaction(lambda: ("QWERTY",))
    with caplog.at_level(logging.INFO, logger="uvicorn.access"):
        logging.getLogger("uvicorn.access").info(
            '%s - "%s %s HTTP/%s" %d', "127.0.0.1:5", "GET", "/?t=QWERTY", "1.1", 200
        )
        logging.getLogger("flet").info("route %s", "QWERTY")
    assert "QWERTY" not in caplog.text
    assert "/?t=<code>" in caplog.text


# -- the server's side: printed addresses, the browser it opens, its client --------
def test_the_printed_addresses_and_the_opened_browser_carry_the_code(monkeypatch):
    from scorekeeper.ui.hosting import server

    monkeypatch.setattr(server, "lan_address", lambda: "192.168.1.20")
    assert server.display_urls("0.0.0.0", 8550, "K7P2QX") == [
        "http://127.0.0.1:8550/?t=K7P2QX",
        "http://192.168.1.20:8550/?t=K7P2QX",
    ]
    assert server.display_urls("127.0.0.1", 8550) == ["http://127.0.0.1:8550"]
    opened: list[str] = []
    monkeypatch.setattr(server.webbrowser, "open", opened.append)
    import uvicorn

    served: list[object] = []
    monkeypatch.setattr(uvicorn.Server, "run", lambda self, sockets: served.append(1))
    listening = server.listen_on("127.0.0.1", 0)
    app = server.Doorway(lambda *a: None, frozenset())  # type: ignore[arg-type]
    server.run_web_server(app, listening, "http://127.0.0.1:8550/?t=K7P2QX", True)
    assert opened == ["http://127.0.0.1:8550/?t=K7P2QX"] and served == [1]
    assert listening.fileno() == -1  # closed once served


def test_the_served_client_asks_this_origin_for_rive_not_the_cdn(tmp_path):
    import flet_web

    from scorekeeper.ui.hosting import server
    from scorekeeper.webbuild.patches import RIVE_CDN_URL

    folder = server.runtime_assets(tmp_path / "assets")
    web = Path(flet_web.__file__).parent / "web"
    for name in ("main.dart.js", "main.dart.wasm"):
        assert RIVE_CDN_URL.encode() in (web / name).read_bytes()
        patched = (folder / name).read_bytes()
        assert b"cdn.jsdelivr.net" not in patched
    wasm = (folder / "main.dart.wasm").read_bytes()
    assert len(wasm) == len((web / "main.dart.wasm").read_bytes())
    assert b"/././" in wasm and (folder / "favicon.png").exists()


def test_a_player_opens_the_board_from_the_connect_screen_and_comes_back(table):
    session = make_session(table, routes.CONNECT)
    click(find(session.page.views[-1], "connect-open-board"))
    assert session.route == routes.BOARD
    assert find(session.page.views[-1], "board-total-1").value == "0"
    assert session.page.views[-1].appbar.automatically_imply_leading
    assert routes.parent(routes.BOARD) == routes.CONNECT


def test_the_served_font_list_leaves_out_the_katex_fonts_and_keeps_the_rest(
    tmp_path,
):
    """Flutter's web engine fetches every font of the list at each start: the
    20 KaTeX files (Markdown's LaTeX, never drawn here) are left out."""
    import json

    import flet_web

    from scorekeeper.ui.hosting import server

    folder = server.runtime_assets(tmp_path / "assets")
    web = Path(flet_web.__file__).parent / "web"
    theirs = json.loads((web / "assets/FontManifest.json").read_text("utf-8"))
    ours = json.loads((folder / "assets/FontManifest.json").read_text("utf-8"))
    katex = [f for f in theirs if "KaTeX" in f["family"]]
    assert len(katex) == 12
    assert ours == [f for f in theirs if f not in katex]
    assert {"MaterialIcons", "packages/cupertino_icons/CupertinoIcons"} <= {
        f["family"] for f in ours
    }


def test_the_flet_web_fixes_doctests_pass():
    from scorekeeper.ui.hosting import flet_fixes

    result = doctest.testmod(flet_fixes)
    assert result.attempted > 0 and result.failed == 0


def test_a_font_list_without_katex_is_not_what_this_flet_writes():
    from scorekeeper.ui.hosting.flet_fixes import PatchError, drop_unused_fonts

    with pytest.raises(PatchError, match="FontManifest.json: expected font"):
        drop_unused_fonts('[{"family": "MaterialIcons", "fonts": []}]')
