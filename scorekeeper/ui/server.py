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
  machine's LAN address for the phones;
* ``desktop=True`` opens the native Flet window (``ft.AppView.FLET_APP``), which
  needs the ``flet-desktop`` package and, once, internet to fetch the client.

One process only: sessions and pubsub live in memory, so never run several
workers.
"""

from __future__ import annotations

import contextlib
import importlib.util
import os
import sys
from pathlib import Path

from scorekeeper.ui import lan
from scorekeeper.ui.lan import DEFAULT_PORT, lan_address

ASSETS_DIR = Path(__file__).resolve().parent / "assets"
DEFAULT_HOST = "127.0.0.1"
ALL_INTERFACES = ("0.0.0.0", "", "*", "::")


def display_urls(host: str, port: int) -> list[str]:
    """The addresses to print: the local one, plus the LAN one when listening
    on every interface."""
    if host in ALL_INTERFACES:
        urls = [f"http://127.0.0.1:{port}"]
        lan = lan_address()
        if lan:
            urls.append(f"http://{lan}:{port}")
        return urls
    return [f"http://{host}:{port}"]


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
) -> int:
    """Serve the app until Ctrl-C (or SIGTERM); return a process exit status."""
    import flet as ft

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
    main = create_main(table)
    if not desktop:
        for url in display_urls(host, port):
            print(f"Spazzino segnapunti: {url}", flush=True)
        print("Ctrl-C to stop.", flush=True)
    try:
        with contextlib.suppress(KeyboardInterrupt):
            ft.run(
                main,
                host=host,
                port=port,
                view=view,
                no_cdn=True,
                assets_dir=str(ASSETS_DIR),
            )
    finally:
        table.close()
    print("Stopped.", flush=True)
    return 0
