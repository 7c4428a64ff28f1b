"""A plain static HTTP server on 127.0.0.1 for the browser build, and the
wait for its offline service worker (shared by ``test_web_build.py`` and
``bench_web.py``; moved from the test module: no module imports a test
module).
"""

from __future__ import annotations

import functools
import http.server
import os
import threading
import urllib.parse
from dataclasses import dataclass, field
from pathlib import Path

BOOT_TIMEOUT_MS = 120_000
"""Flutter, Pyodide, micropip and the app, on two busy cores."""


class _Handler(http.server.SimpleHTTPRequestHandler):
    # Module scripts and streamed wasm are refused without these types.
    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".js": "text/javascript",
        ".mjs": "text/javascript",
        ".wasm": "application/wasm",
        ".whl": "application/zip",
        ".json": "application/json",
    }

    def log_message(self, format: str, *args: object) -> None:
        pass

    def send_head(self):  # type: ignore[no-untyped-def]
        """A file's ``.gz`` twin to a browser that accepts gzip, as a host
        told to serve the build's precompressed files would (README).
        Every path asked for is recorded (``StaticSite.requested``)."""
        if self.path.startswith("http://"):
            # asked as a browser's proxy, for a page of another name (a
            # phone's plain HTTP address): the file its path names
            asked = urllib.parse.urlsplit(self.path)
            self.path = (asked.path or "/") + (f"?{asked.query}" if asked.query else "")
        self.server.requested.append(self.path.split("?")[0])  # type: ignore[attr-defined]
        path = self.translate_path(self.path)
        twin = path + ".gz"
        accepts = "gzip" in self.headers.get("Accept-Encoding", "")
        if not (accepts and os.path.isfile(path) and os.path.isfile(twin)):
            return super().send_head()
        handle = open(twin, "rb")  # noqa: SIM115 (closed by the caller)
        size = os.fstat(handle.fileno()).st_size
        self.send_response(200)
        self.send_header("Content-type", self.guess_type(path))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(size))
        self.send_header("Vary", "Accept-Encoding")
        self.end_headers()
        return handle


@dataclass
class StaticSite:
    """A plain static HTTP server (no fallback to index.html for other paths:
    the service worker answers those)."""

    root: Path
    server: http.server.ThreadingHTTPServer = field(init=False)
    thread: threading.Thread = field(init=False)
    requested: list[str] = field(default_factory=list)
    """Every path asked of the server, in order (no query)."""

    def __post_init__(self) -> None:
        handler = functools.partial(_Handler, directory=str(self.root))
        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.server.requested = self.requested  # type: ignore[attr-defined]
        self.server.daemon_threads = True
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}"

    def stop(self) -> None:
        if self.thread.is_alive():
            self.server.shutdown()
            self.server.server_close()
            self.thread.join(timeout=10)


def wait_for_offline_worker(page) -> None:
    """Until the service worker has precached the build and controls the page.

    A synchronous check: ``wait_for_function`` takes an async check's promise
    for a truthy value and returns at once (the earlier check awaited
    ``serviceWorker.ready`` and never waited). A worker controls the page
    once it is activated, after its install precached the build."""
    page.wait_for_function(
        "() => navigator.serviceWorker.controller !== null"
        " && navigator.serviceWorker.controller.state === 'activated'",
        timeout=BOOT_TIMEOUT_MS,
        polling=500,
    )
