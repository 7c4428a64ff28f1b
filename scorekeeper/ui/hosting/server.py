"""Run the app as a local web server (every phone at the table opens one address).

``serve()`` serves flet-web's app (``ft.run(export_asgi_app=True)``, Flet
1.0.5) with uvicorn itself (``run_web_server``):

* ``no_cdn=True``: offline, CanvasKit and fonts come from the ``flet-web``
  package, never from a CDN;
* the port is bound before any address is printed: a busy port is one line
  and exit status :data:`EXIT_CANNOT_LISTEN`, no traceback;
* every request passes ``ui/access/peer.py``'s middleware: another site's page is
  refused (``Origin``), and each WebSocket's peer address, as the socket
  says (``X-Forwarded-For`` only with ``trust_proxy``), is what the table
  code's guess limit keys on;
* ``open_browser=False`` serves without launching a browser;
* ``host="0.0.0.0"`` (``--lan``) listens on every interface and prints the
  machine's LAN address for the phones; a server that listens beyond
  loopback asks every browser for the table code (``ui/access/table_code.py``), and the
  addresses it prints (and the browser it opens) carry it;
* flet-web's client would ask a CDN for Rive's runtime at every start: the
  served ``main.dart.js`` is patched to ask this server (``runtime_assets``);
* what was loaded at start (the stored matches, flet's modules) is moved out
  of the garbage collector's sight (``settle_memory``);
* a phone that goes while the server sends to it keeps its session for its
  reload (``ui/shell/reconnect.py``);
* a protocol message's text form names its action only, while flet's
  transport log is off (``quiet_message_repr``);
* ``desktop=True`` opens the native Flet window (``ft.AppView.FLET_APP``), which
  needs the ``flet-desktop`` package and, once, internet to fetch the client.

One process only: sessions and pubsub live in memory, so never run several
workers.
"""

from __future__ import annotations

import contextlib
import errno
import gc
import importlib.util
import logging
import os
import shutil
import signal
import socket
import sys
import tempfile
import webbrowser
from pathlib import Path
from urllib.parse import urlsplit

from scorekeeper.ui import routes
from scorekeeper.ui.access.peer import Doorway, own_origins
from scorekeeper.ui.access.table_code import (
    Gate,
    install_log_redaction,
    is_loopback,
    with_code,
)
from scorekeeper.ui.hosting import lan
from scorekeeper.ui.hosting.lan import DEFAULT_PORT, lan_address
from scorekeeper.ui.shell.reconnect import keep_sessions_on_failed_send

ASSETS_DIR = Path(__file__).resolve().parents[1] / "page" / "assets"
DEFAULT_HOST = "127.0.0.1"
ALL_INTERFACES = ("0.0.0.0", "", "*", "::")


def display_urls(host: str, port: int, code: str | None = None) -> list[str]:
    """The addresses to print: the local one, plus the LAN one when listening
    on every interface; each carries ``code`` (``/?t=CODE``) when given."""
    if host in ALL_INTERFACES:
        urls = [f"http://127.0.0.1:{port}"]
        lan = lan_address()
        if lan:
            urls.append(f"http://{lan}:{port}")
    else:  # an IPv6 address is written in brackets (RFC 3986)
        urls = [f"http://[{host}]:{port}" if ":" in host else f"http://{host}:{port}"]
    return [with_code(url, code) for url in urls] if code else urls


def runtime_assets(target: Path) -> Path:
    """The folder served as ``assets_dir``: our assets, plus flet-web's
    ``main.dart.js`` and ``main.dart.wasm`` (what Chromium runs) patched to
    load the Rive runtime from this origin, and its font list without the
    KaTeX fonts (``flet_fixes.drop_unused_fonts``).

    flet-web looks a file up in ``assets_dir`` before its own web folder, so
    the patched copy replaces flet's: the client then asks this server for
    ``rive/wasm/rive_native.js`` instead of cdn.jsdelivr.net. The server has
    no Rive (the app draws no Rive animation): that request gets a 404 from
    this origin and the client waits on it forever, as it did on the failing
    CDN request, with no visible effect. Nothing leaves the machine.
    """
    import flet_web

    from scorekeeper.ui.hosting.flet_fixes import (
        drop_unused_fonts,
        patch_main_dart_js,
        patch_main_dart_wasm,
        patch_viewport,
    )
    from scorekeeper.ui.page.link_inbox import with_page_scripts

    shutil.copytree(ASSETS_DIR, target, dirs_exist_ok=True)
    web = Path(flet_web.__file__).parent / "web"
    # a shared match's #m= fragment handed to the app (ui/page/link_inbox.py) and
    # Back on home leaving the app (ui/page/home_back.py), added
    # to the index.html just copied from our assets (the connection notice's
    # script and the page's title are in it; flet-web's own has neither)
    page = target / "index.html"
    ours = page.read_text(encoding="utf-8")
    page.write_text(with_page_scripts(ours), encoding="utf-8")
    text = (web / "main.dart.js").read_text(encoding="utf-8")
    text = patch_viewport(patch_main_dart_js(text))  # pinch-zoom, as the wasm
    (target / "main.dart.js").write_text(text, encoding="utf-8")
    wasm = patch_main_dart_wasm((web / "main.dart.wasm").read_bytes())
    (target / "main.dart.wasm").write_bytes(wasm)
    # flet-web takes the font list of assets_dir before its own
    fonts = (web / "assets" / "FontManifest.json").read_text(encoding="utf-8")
    (target / "assets").mkdir(exist_ok=True)
    (target / "assets" / "FontManifest.json").write_text(
        drop_unused_fonts(fonts), encoding="utf-8"
    )
    return target


EXIT_STOPPED = 0
"""``python main.py``'s exit status once stopped (Ctrl-C, SIGTERM)."""

EXIT_CANNOT_START = 2
"""``python main.py``'s exit status when the data cannot be opened (in use,
damaged) or the desktop window is not installed: one line says so."""

EXIT_CANNOT_LISTEN = 3
"""``python main.py``'s exit status when the port is busy (or the address
cannot be listened on): one line says so, no address is printed."""


def listen_on(host: str, port: int) -> socket.socket:
    """A socket bound to ``host:port`` and listening (what uvicorn is given):
    bound before the addresses are printed, so a busy port fails first."""
    bind_host = "0.0.0.0" if host in ("", "*") else host
    family = socket.AF_INET6 if ":" in bind_host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        if family == socket.AF_INET6 and bind_host == "::":
            sock.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 0)
        sock.bind((bind_host, port))
        sock.listen(2048)
    except OSError:
        sock.close()
        raise
    sock.set_inheritable(True)
    return sock


def cannot_listen(host: str, port: int, error: OSError) -> str:
    """The one line printed when the server cannot listen on ``host:port``."""
    if error.errno == errno.EADDRINUSE:
        return (
            f"Spazzino segnapunti: port {port} is already in use (is the app "
            f"running already?): stop it, or choose another port with --port"
        )
    reason = error.strerror or str(error)
    return f"Spazzino segnapunti: cannot listen on {host}:{port}: {reason}"


def run_web_server(
    app: Doorway, listening: socket.socket | None, url: str, open_browser: bool
) -> None:
    """Serve ``app`` on the socket ``listening`` until Ctrl-C or SIGTERM.

    uvicorn directly, not ``ft.run``'s web server, for three things flet 1.0.5
    does not let us choose: the socket bound before anything is printed, the
    middleware (``ui/access/peer.py``) and ``proxy_headers=False`` (uvicorn would
    otherwise take ``X-Forwarded-For`` from any local program as the peer).
    The session and the client are flet's own (``ft.run(export_asgi_app=True)``).
    """
    import uvicorn

    assert listening is not None
    level = logging.getLogger("flet").getEffectiveLevel()  # as flet does
    if level in (logging.CRITICAL, logging.NOTSET):
        level = logging.FATAL
    config = uvicorn.Config(
        app,
        log_level=logging.getLevelName(level).lower(),
        ws="websockets-sansio",
        proxy_headers=False,
        # a backstop: a connection still open 5 s after Ctrl-C is cancelled
        timeout_graceful_shutdown=5,
    )
    if open_browser:  # the socket listens: the browser's request waits for it
        webbrowser.open(url)
    # uvicorn stops gracefully on SIGINT and SIGTERM, then raises the signal
    # again with the handler found: make SIGTERM a KeyboardInterrupt meanwhile
    previous = signal.signal(signal.SIGTERM, signal.default_int_handler)
    try:
        with contextlib.suppress(KeyboardInterrupt):
            uvicorn.Server(config).run(sockets=[listening])
    finally:
        signal.signal(signal.SIGTERM, previous)
        listening.close()


def settle_memory() -> None:
    """Leave what is in memory now out of every later garbage collection.

    Why: a full collection walks every object alive, and a server holding a
    long history of matches (a thousand in ``bench_save.py``) spent 30-100 ms
    in one, now and then in the middle of a Save, a frozen phone for the
    player who tapped it. What is loaded at start lives as long as the
    server: frozen (``gc.freeze``), later collections skip it; it is still
    freed by reference counting when dropped.
    """
    gc.collect()
    gc.freeze()


def quiet_message_repr() -> bool:
    """Give flet's protocol ``Message`` a one-word text form unless the
    transport log (``flet_transport``) takes debug lines now (checked once,
    at the call: ``serve`` calls it at start); whether it was given.

    Why: flet-web's server formats ``f"send_message: {message}"`` for every
    message it sends, logging on or off, and a message's dataclass text form
    is the text of every control it carries: about 1 ms of a Save (~6 % of
    the server's time for it, py-spy), 6.6 ms (a 268,000-character string)
    to open the hand entry, for a line nobody reads. With the transport log
    on (a developer's debugging), messages keep their full text.
    """
    from flet.messaging.protocol import Message

    if logging.getLogger("flet_transport").isEnabledFor(logging.DEBUG):
        return False

    def short(message: Message) -> str:
        return f"Message({message.action.name})"

    Message.__repr__ = short  # type: ignore[method-assign,assignment]
    return True


def desktop_available() -> bool:
    """Whether the native window can be opened (``flet-desktop`` installed)."""
    return importlib.util.find_spec("flet_desktop") is not None


def serve(
    host: str = DEFAULT_HOST,
    port: int = DEFAULT_PORT,
    data_dir: str | os.PathLike[str] | None = None,
    open_browser: bool = True,
    desktop: bool = False,
    recover: bool = False,
    require_code: bool | None = None,
    trust_proxy: bool = False,
) -> int:
    """Serve the app until Ctrl-C (or SIGTERM); return a process exit status.

    ``require_code``: ask every browser for the table code
    (``ui/access/table_code.py``);
    by default exactly when ``host`` is not a loopback address. Tests pass
    ``True`` with ``127.0.0.1`` to get a gated server that only they reach.
    ``trust_proxy``: the server sits behind a reverse proxy, whose
    ``X-Forwarded-For`` names the phone (``ui/access/peer.py``).
    """
    import flet as ft

    from scorekeeper.shown import shown_path
    from scorekeeper.storage import StorageError
    from scorekeeper.storage.paths import resolve_data_dir
    from scorekeeper.table import TableService
    from scorekeeper.ui.app import create_main

    if desktop and not desktop_available():
        print(
            "The desktop window needs the 'flet-desktop' package "
            "(pip install flet-desktop==1.0.5; it downloads the Flet client "
            "from the internet on first run). Without it, run the app in the "
            "browser: leave out --desktop.",
            file=sys.stderr,
        )
        return EXIT_CANNOT_START

    # The repository is opened once, before serving: a data folder in use by
    # another instance or a damaged data file stops here with its message.
    try:
        table = TableService.open(Path(data_dir) if data_dir else None, recover)
    except StorageError as error:
        folder = resolve_data_dir(data_dir)  # named as a message shows a path
        said = str(error).replace(str(folder), shown_path(folder))
        print(f"Spazzino segnapunti: cannot open the data: {said}", file=sys.stderr)
        return EXIT_CANNOT_START
    settle_memory()
    quiet_message_repr()
    keep_sessions_on_failed_send()
    for warning in table.warnings:
        print(f"Spazzino segnapunti: warning: {warning.message}", file=sys.stderr)
    # Flet reads these and would silently override our arguments.
    for name in ("FLET_SERVER_PORT", "FLET_SERVER_IP"):
        os.environ.pop(name, None)

    # the connect screen then knows without probing the LAN address
    lan.SERVED_ON_ALL_INTERFACES = host in ALL_INTERFACES
    if require_code is None:
        require_code = not is_loopback(host)
    gate = Gate() if require_code and not desktop else None
    if gate is not None:
        install_log_redaction(gate.secrets)
    main = create_main(table, access=gate)
    code = gate.table_code if gate is not None else None
    listening: socket.socket | None = None
    if not desktop:
        # bound before any address is printed: a busy port says so, in one line
        try:
            listening = listen_on(host, port)
        except OSError as error:
            table.close()
            print(cannot_listen(host, port, error), file=sys.stderr)
            return EXIT_CANNOT_LISTEN
        port = listening.getsockname()[1]  # --port 0: the one the system chose
    urls = display_urls(host, port)
    local = display_urls(host, port, code)[0]
    if not desktop:
        for url in display_urls(host, port, code):
            print(f"Spazzino segnapunti: {url}", flush=True)
        if gate is not None:
            board = display_urls(host, port)[-1] + routes.BOARD
            print(
                "Spazzino segnapunti: board (read only): "
                f"{with_code(board, gate.board_code)}",
                flush=True,
            )
        print("Ctrl-C to stop.", flush=True)
    assets = Path(tempfile.mkdtemp(prefix="spazzino-assets-"))
    try:
        if desktop:
            with contextlib.suppress(KeyboardInterrupt):
                ft.run(
                    main,
                    host=host,
                    port=port,
                    view=ft.AppView.FLET_APP,
                    no_cdn=True,
                    assets_dir=str(runtime_assets(assets)),
                )
        else:
            app = ft.run(
                main,
                export_asgi_app=True,
                no_cdn=True,
                assets_dir=str(runtime_assets(assets)),
            )
            origins = own_origins(port, [urlsplit(u).hostname or "" for u in urls])
            if ":" in host:  # an IPv6 address bound to by --host
                origins |= own_origins(port, [f"[{host}]"])
            run_web_server(
                Doorway(app, origins, trust_proxy), listening, local, open_browser
            )
    finally:
        shutil.rmtree(assets, ignore_errors=True)
        table.close()
    print("Stopped.", flush=True)
    return EXIT_STOPPED
