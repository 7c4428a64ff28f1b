"""Run the app as a local web server (every phone at the table opens one address).

``serve()`` wraps ``ft.run`` for Flet 1.0.5:

* the browser view (``ft.AppView.WEB_BROWSER``) with ``no_cdn=True``: offline,
  CanvasKit and fonts come from the ``flet-web`` package, never from a CDN;
* ``open_browser=False`` serves without launching a browser. Flet 1.0.5 has no
  argument for that: ``view=None`` would start the desktop *socket* server, not
  the web server. The documented switch is the ``FLET_FORCE_WEB_SERVER``
  environment variable (what flet itself does on a Linux box without
  ``DISPLAY``): web server, no browser;
* ``host="0.0.0.0"`` (``--lan``) listens on every interface and prints the
  machine's LAN address for the phones; a server that listens beyond
  loopback asks every browser for the table code (``ui/access.py``), and the
  addresses it prints (and the browser it opens) carry it;
* flet-web's client would ask a CDN for Rive's runtime at every start: the
  served ``main.dart.js`` is patched to ask this server (``runtime_assets``);
* what was loaded at start (the stored matches, flet's modules) is moved out
  of the garbage collector's sight (``settle_memory``);
* a protocol message's text form names its action only, while flet's
  transport log is off (``quiet_message_repr``);
* ``desktop=True`` opens the native Flet window (``ft.AppView.FLET_APP``), which
  needs the ``flet-desktop`` package and, once, internet to fetch the client.

One process only: sessions and pubsub live in memory, so never run several
workers.
"""

from __future__ import annotations

import contextlib
import gc
import importlib.util
import logging
import os
import shutil
import sys
import tempfile
import webbrowser
from collections.abc import Callable
from pathlib import Path

from scorekeeper.ui import lan, routes
from scorekeeper.ui.access import Gate, install_log_redaction, is_loopback, with_code
from scorekeeper.ui.lan import DEFAULT_PORT, lan_address

ASSETS_DIR = Path(__file__).resolve().parent / "assets"
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
    else:
        urls = [f"http://{host}:{port}"]
    return [with_code(url, code) for url in urls] if code else urls


def runtime_assets(target: Path) -> Path:
    """The folder served as ``assets_dir``: our assets, plus flet-web's
    ``main.dart.js`` and ``main.dart.wasm`` (what Chromium runs) patched to
    load the Rive runtime from this origin.

    flet-web looks a file up in ``assets_dir`` before its own web folder, so
    the patched copy replaces flet's: the client then asks this server for
    ``rive/wasm/rive_native.js`` instead of cdn.jsdelivr.net. The server has
    no Rive (the app draws no Rive animation): that request gets a 404 from
    this origin and the client waits on it forever, as it did on the failing
    CDN request, with no visible effect. Nothing leaves the machine.
    """
    import flet_web

    from scorekeeper.ui.webbuild.patches import (
        patch_main_dart_js,
        patch_main_dart_wasm,
    )

    shutil.copytree(ASSETS_DIR, target, dirs_exist_ok=True)
    web = Path(flet_web.__file__).parent / "web"
    text = (web / "main.dart.js").read_text(encoding="utf-8")
    (target / "main.dart.js").write_text(patch_main_dart_js(text), encoding="utf-8")
    wasm = patch_main_dart_wasm((web / "main.dart.wasm").read_bytes())
    (target / "main.dart.wasm").write_bytes(wasm)
    return target


def open_browser_at(url: str) -> Callable[[str], None]:
    """What flet calls to open the browser, opening ``url`` instead (the
    local address with the table code)."""

    def open_url(_flet_url: str) -> None:
        webbrowser.open(url)

    return open_url


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
) -> int:
    """Serve the app until Ctrl-C (or SIGTERM); return a process exit status.

    ``require_code``: ask every browser for the table code (``ui/access.py``);
    by default exactly when ``host`` is not a loopback address. Tests pass
    ``True`` with ``127.0.0.1`` to get a gated server that only they reach.
    """
    import flet as ft
    import flet.app as flet_app

    from scorekeeper.storage import StorageError
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
        return 2

    # The repository is opened once, before serving: a data folder in use by
    # another instance or a damaged data file stops here with its message.
    try:
        table = TableService.open(Path(data_dir) if data_dir else None, recover)
    except StorageError as error:
        print(f"Spazzino segnapunti: cannot open the data: {error}", file=sys.stderr)
        return 2
    settle_memory()
    quiet_message_repr()
    for warning in table.warnings:
        print(f"Spazzino segnapunti: warning: {warning.message}", file=sys.stderr)
    if desktop:
        view = ft.AppView.FLET_APP
    else:
        view = ft.AppView.WEB_BROWSER
        if not open_browser:
            os.environ["FLET_FORCE_WEB_SERVER"] = "true"
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
    original_open = flet_app.open_in_browser
    if code is not None:  # the computer's browser is let in at once
        local = display_urls(host, port, code)[0]
        flet_app.open_in_browser = open_browser_at(local)  # type: ignore[assignment]
    assets = Path(tempfile.mkdtemp(prefix="spazzino-assets-"))
    try:
        with contextlib.suppress(KeyboardInterrupt):
            ft.run(
                main,
                host=host,
                port=port,
                view=view,
                no_cdn=True,
                assets_dir=str(runtime_assets(assets)),
            )
    finally:
        flet_app.open_in_browser = original_open
        shutil.rmtree(assets, ignore_errors=True)
        table.close()
    print("Stopped.", flush=True)
    return 0
