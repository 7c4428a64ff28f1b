"""Browser-test harness: the app server in a subprocess, headless Chromium, helpers.

* ``app_server`` (session) serves the app on a free port from a temporary data
  folder; ``start_server`` starts another one when a test needs fresh state.
* ``browser`` (session) is Debian's ``/usr/bin/chromium`` driven by Playwright.
* ``phone`` is a new 360x740 browser context and page; ``new_phone()`` makes
  more (several phones at one table).
* ``open_app(page, url)`` (fixture) loads the app, waits for Flutter, and turns
  on the accessibility tree, after which ``get_by_role``/``get_by_text`` work.
* ``by_id(page, identifier)`` (fixture) finds a control wrapped in
  ``ft.Semantics(identifier=...)``.
* ``shot(page, name)`` (fixture) saves ``tests/e2e/output/<test>-<name>.png``.
* Every test in this folder is marked ``e2e`` (``pytest -m "not e2e"`` skips them).

Helpers are fixtures, not imports, so nothing depends on how pytest puts this
folder on ``sys.path``.

Every request that does not go to the app server is aborted and recorded, and
a test whose browser tried one fails: tests never touch the network, and the
app asks nothing of any other origin. Everything waits with a deadline, so a
server that does not come up fails with its output instead of hanging.
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

from tests.e2e import server_forks
from tests.e2e.helpers import painted
from tests.e2e.screen_checks import PHONE_SCALE
from tests.integration.servers import PRINTED

REPO_ROOT = Path(__file__).resolve().parents[2]
OUTPUT_DIR = Path(__file__).resolve().parent / "output"
CHROMIUM = os.environ.get("SPAZZINO_CHROMIUM", "/usr/bin/chromium")
PLAYWRIGHT_DISABLED_FEATURES = [
    "AvoidUnnecessaryBeforeUnloadCheckSync",
    "DestroyProfileOnBrowserClose",
    "HttpsUpgrades",
    "HttpsFirstBalancedModeAutoEnable",
    "LensOverlay",
    "MediaRouter",
    "PaintHolding",
    "ThirdPartyStoragePartitioning",
    "AvoidCorsURLLoaderRestartOnRedirect",
    "TcpPortRandomizationWin",
    "OptimizationHints",
    "NetworkTimeServiceQuerying",
    "AimEnabled",
    "PreconnectToSearch",
    "msForceBrowserSignIn",
    "msEdgeUpdateLaunchServicesPreferredVersion",
]
"""The features Playwright 1.65 disables with its own ``--disable-features``:
Chromium takes only the last of that switch, so ours repeats them
(``test_harness`` fails when Playwright's list has one ours lacks)."""
NO_OMNIBOX_POPUP = ["WebUIOmniboxPopup", "WebUIOmniboxAimPopup"]
"""Chromium 156 starts the address bar's popup, two pages of its own UI, in a
renderer of each new browser context, one no test ever shows (headless):
~0.75 CPU-s a context (13 % of four tree-only modules' CPU, stop 47)."""
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-features=" + ",".join(PLAYWRIGHT_DISABLED_FEATURES + NO_OMNIBOX_POPUP),
]
PHONE_VIEWPORT = {"width": 360, "height": 740}
TREE_SCALE = 1
"""The phones of a test that checks the accessibility tree and taps: Flutter
lays the screen out in CSS pixels, so the tree and what fits are the same at
any density, and SwiftShader rasters a quarter of the pixels (13 % less CPU
on four such modules, stop 47). Their saved pictures (``shot``) are 360
pixels wide."""
SERVER_START_TIMEOUT = 30.0
UI_TIMEOUT_MS = 20_000
"""Deadline for one Playwright wait (first paint of CanvasKit takes ~2-5 s)."""
# The same deadline for ``expect``, whose own is 5 s: in CI, two workers and
# the screen tour's two passes drive four browsers on two cores, and a
# history row's detail (its chart) was drawn more than 5 s after its tap.
expect.set_options(timeout=UI_TIMEOUT_MS)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    here = Path(__file__).resolve().parent
    for item in items:
        if here in Path(str(item.fspath)).resolve().parents:
            item.add_marker(pytest.mark.e2e)


AHEAD = pytest.StashKey[dict[str, Any]]()
"""The work started ahead for this session's tests (``ahead.Ahead``), by name."""


def pytest_collection_finish(session: pytest.Session) -> None:
    """What the collected tests read later (the screen tour, the web builds)
    started now, each in a process of its own (``ahead.py``); in an xdist
    worker, only found: the controller started it."""
    if session.config.option.collectonly:
        return
    from tests.e2e import ahead

    files = {Path(str(item.fspath)).name for item in session.items}
    in_worker = "PYTEST_XDIST_WORKER" in os.environ
    session.config.stash[AHEAD] = (ahead.needed if in_worker else ahead.start)(files)


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_node_collection_finished(node: Any, ids: list[str]) -> None:
    """With the tests spread over workers, the controller starts the work
    ahead once, as the first worker has collected (every worker collects the
    same tests)."""
    from tests.e2e import ahead

    if AHEAD not in node.config.stash:
        files = {nodeid.split("::")[0].rsplit("/", 1)[-1] for nodeid in ids}
        node.config.stash[AHEAD] = ahead.start(files)


def pytest_sessionfinish(session: pytest.Session) -> None:
    for work in session.config.stash.get(AHEAD, {}).values():
        work.stop()


@pytest.fixture(scope="session")
def ahead(request: pytest.FixtureRequest) -> dict[str, Any]:
    """The work started ahead for this session (``ahead.Ahead``), by name."""
    return request.config.stash[AHEAD]


@dataclass
class ServerProcess:
    """An app server running in a subprocess; ``url`` is empty until a
    server started on port 0 has printed the port it listens on (started on
    a port the tests found free, one was taken by a browser's own connection
    while the server started: CI, "port 45699 is already in use")."""

    url: str
    process: subprocess.Popen[bytes] | server_forks.ForkedServer
    log_path: Path

    @property
    def port(self) -> int:
        """The port it listens on (the one to start it again at)."""
        return int(self.url.rsplit(":", 1)[1])

    def log(self) -> str:
        """What the server printed so far (stdout and stderr)."""
        return self.log_path.read_text(encoding="utf-8", errors="replace")

    def printed_url(self, board: bool = False) -> str:
        """The local address the server printed with its table code (or the
        board's, ``board=True``): what a person would open."""
        label = "board (read only): " if board else ""
        pattern = re.compile(
            rf"^Spazzino segnapunti: {re.escape(label)}(http://127\.0\.0\.1:\d+\S*\?t=\w+)$",
            re.M,
        )
        found = pattern.search(self.log())
        assert found, f"no address with a code in the server's output:\n{self.log()}"
        return found.group(1)

    def stop(self, timeout: float = 10.0) -> None:
        """SIGTERM (flet stops gracefully), then SIGKILL after ``timeout``."""
        if self.process.poll() is not None:
            return
        self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(timeout=timeout)


def wait_until_ready(server: ServerProcess, timeout: float) -> None:
    """Poll the server's page until it answers 200, or fail with its output."""
    deadline = time.monotonic() + timeout
    last_error: object = None
    while time.monotonic() < deadline:
        if server.process.poll() is not None:
            pytest.fail(
                f"app server exited with status {server.process.returncode} "
                f"before answering:\n{server.log()}",
                pytrace=False,
            )
        if not server.url:
            printed = PRINTED.search(server.log())
            if printed is None:
                last_error = "no address printed yet"
                time.sleep(0.1)
                continue
            server.url = printed.group(1)
        try:
            with urllib.request.urlopen(server.url, timeout=2) as response:
                if response.status == 200:
                    return
                last_error = f"HTTP {response.status}"
        except (urllib.error.URLError, OSError) as error:
            last_error = error
        time.sleep(0.1)
    server.stop()
    pytest.fail(
        f"app server at {server.url} not ready after {timeout:.0f} s "
        f"(last error: {last_error}):\n{server.log()}",
        pytrace=False,
    )


def child_env() -> dict[str, str]:
    """The environment of a process the tests start: this checkout importable,
    its output unbuffered, none of flet's server settings of this shell."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(
        p for p in (str(REPO_ROOT), env.get("PYTHONPATH", "")) if p
    )
    env["PYTHONUNBUFFERED"] = "1"
    for name in ("FLET_SERVER_PORT", "FLET_SERVER_IP", "FLET_ASSETS_DIR"):
        env.pop(name, None)
    return env


def start_server(
    data_dir: Path,
    log_dir: Path,
    timeout: float = SERVER_START_TIMEOUT,
    host: str | None = None,
    require_code: bool | None = None,
    prelude: str = "",
    wait: bool = True,
    port: int = 0,
) -> ServerProcess:
    """Start ``serve(port=..., open_browser=False, data_dir=...)`` and wait
    (``host``: the address it listens on, 127.0.0.1 by default; the test
    reaches it on 127.0.0.1 either way; ``require_code``: a gated server, as
    with ``--lan``, the table code in its printed addresses; ``wait=False``:
    started only, the caller waits with ``wait_until_ready``; ``port``: 0, a
    free one the server binds itself and prints, or the port of a server
    stopped, to start it again at the same address)."""
    listen = "" if host is None else f"host={host!r}, "
    if require_code is not None:
        listen += f"require_code={require_code!r}, "
    # prelude: Python run in the server's process before it serves (a test
    # that needs the server to misbehave patches it there)
    code = prelude + (
        "from scorekeeper.ui.hosting.server import serve; "
        f"raise SystemExit(serve({listen}port={port}, open_browser=False, "
        f"data_dir={str(data_dir)!r}))"
    )
    log_dir.mkdir(parents=True, exist_ok=True)
    log_path = log_dir / f"server-{port or time.monotonic_ns()}.log"
    process = server_forks.start(code, log_path, REPO_ROOT, child_env())
    server = ServerProcess(
        f"http://127.0.0.1:{port}" if port else "", process, log_path
    )
    if wait:
        wait_until_ready(server, timeout)
    return server


class SpareServers:
    """The next test's fresh server, started while the test before it runs:
    a server's start (Python importing flet and the app) then costs a test
    nothing. A test whose data folder is filled before its server starts
    (``tmp_path / "data"`` exists) gets a server started for it."""

    def __init__(self, folders: pytest.TempPathFactory) -> None:
        self.folders = folders
        self.spare: ServerProcess | None = None

    def _launch(self) -> ServerProcess:
        base = self.folders.mktemp("spare-server")
        return start_server(base / "data", base, wait=False)

    def take(self, tmp_path: Path) -> ServerProcess:
        if (tmp_path / "data").exists():
            return start_server(tmp_path / "data", tmp_path)
        server, self.spare = self.spare or self._launch(), self._launch()
        wait_until_ready(server, SERVER_START_TIMEOUT)
        return server

    def close(self) -> None:
        if self.spare is not None:
            self.spare.stop()


@pytest.fixture(scope="session")
def app_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """One app server for the whole session (shared state persists across tests)."""
    base = tmp_path_factory.mktemp("app-server")
    server = start_server(base / "data", base)
    yield server
    server.stop()


@pytest.fixture(scope="session")
def spare_servers(
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[SpareServers]:
    spares = SpareServers(tmp_path_factory)
    yield spares
    spares.close()


@pytest.fixture
def fresh_server(
    tmp_path: Path, spare_servers: SpareServers
) -> Iterator[ServerProcess]:
    """An app server of this test alone, with an empty data folder (or the
    one the test filled before asking for it)."""
    server = spare_servers.take(tmp_path)
    yield server
    server.stop()


@pytest.fixture(scope="session")
def browser():
    """Headless Debian Chromium, launched once per session."""
    if not Path(CHROMIUM).exists():
        pytest.fail(f"Chromium not found at {CHROMIUM} (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
        )
        yield browser
        browser.close()


FOREIGN_REQUESTS: list[str] = []
"""Every request a test's browser tried to send off the app server's origin
(aborted); the ``new_phone`` fixture fails the test when there is any."""


def _offline_only(origin: str):
    def handle(route) -> None:
        if route.request.url.startswith(origin):
            route.continue_()
        else:
            FOREIGN_REQUESTS.append(route.request.url)
            route.abort()

    return handle


CALL_FAILED = pytest.StashKey[bool]()
"""Whether a test's call failed, for its fixtures' teardown."""


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]):
    report = yield
    if report.when == "call":
        item.stash[CALL_FAILED] = report.failed
    return report


def output_path(test_name: str, name: str) -> Path:
    """``output/<test>-<name>.png`` (``<test>.png`` without a name), the
    test's name made a file's."""
    OUTPUT_DIR.mkdir(parents=True, exist_ok=True)
    stem = re.sub(r"[^A-Za-z0-9_.-]+", "_", test_name)
    return OUTPUT_DIR / (f"{stem}-{name}.png" if name else f"{stem}.png")


def pictures_of_failure(test_name: str, contexts: list) -> list[Path]:
    """Each open page of ``contexts`` saved as it is, for a test that failed
    (``output/<test>-failed-<n>.png``): a failure seen once under load is
    understood from what the phones showed, not guessed at."""
    pages = [page for context in contexts for page in context.pages]
    saved = []
    for n, page in enumerate(pages, start=1):
        try:
            try:  # painted: the semantics a test read can be ahead of the paint
                picture = painted(page, timeout_ms=5_000)
            except AssertionError as moving:  # still loading or changing
                print(f"phone {n} not at rest ({moving}): its picture as it is")
                picture = page.screenshot(timeout=5_000)
        except PlaywrightError as error:  # a page crashed or closed: said
            print(f"no picture of phone {n} ({page.url}): {error}")
            continue
        path = output_path(test_name, f"failed-{n}")
        path.write_bytes(picture)
        saved.append(path)
    return saved


@pytest.fixture
def new_phone(browser, request) -> Iterator[Callable[..., object]]:
    """Factory of phones: ``new_phone(url)`` returns a fresh page in its own
    360x740 browser context (its own cookies and storage), an Italian phone
    in the light theme unless ``locale`` and ``color_scheme`` say otherwise;
    ``page.context.new_page()`` is another tab of the same phone; at a
    phone's density if the test is marked ``pixels`` (``PHONE_SCALE``), else
    at ``TREE_SCALE``. A test whose call failed leaves a picture of each of
    its phones (:func:`pictures_of_failure`)."""
    contexts = []
    reads_pixels = request.node.get_closest_marker("pixels") is not None

    def make(url: str, *, locale: str = "it-IT", color_scheme: str = "light"):
        origin = re.match(r"https?://[^/]+", url).group(0)
        context = browser.new_context(
            viewport=PHONE_VIEWPORT,
            device_scale_factor=PHONE_SCALE if reads_pixels else TREE_SCALE,
            locale=locale,
            color_scheme=color_scheme,
        )
        context.set_default_timeout(UI_TIMEOUT_MS)
        context.route("**/*", _offline_only(origin))
        contexts.append(context)
        return context.new_page()

    FOREIGN_REQUESTS.clear()
    yield make
    if request.node.stash.get(CALL_FAILED, False):
        for path in pictures_of_failure(request.node.name, contexts):
            print(f"the phone as the test failed: {path}")
    for context in contexts:
        context.close()
    foreign, FOREIGN_REQUESTS[:] = list(FOREIGN_REQUESTS), []
    # No request leaves the server (the app asks nothing of any other origin).
    assert not foreign, f"requests to another origin: {foreign}"


@pytest.fixture
def phone(new_phone, app_server):
    """A phone with the app of the session server open and its semantics on."""
    page = new_phone(app_server.url)
    load_app(page, app_server.url)
    return page


def enable_semantics(page) -> None:
    """Turn on Flutter's accessibility tree (the placeholder sits off-screen, so a
    real click misses it: dispatch the event instead)."""
    placeholder = page.locator("flt-semantics-placeholder")
    placeholder.wait_for(state="attached", timeout=UI_TIMEOUT_MS)
    placeholder.dispatch_event("click")
    page.locator("flt-semantics").first.wait_for(
        state="attached", timeout=UI_TIMEOUT_MS
    )


def load_app(page, url: str) -> None:
    """Load the app and wait until Flutter has drawn and semantics are on."""
    page.goto(url, wait_until="load", timeout=UI_TIMEOUT_MS)
    enable_semantics(page)


def semantics_node(page, identifier: str):
    """The element of a control wrapped in ``ft.Semantics(identifier=...)``."""
    return page.locator(f"[flt-semantics-identifier='{identifier}']")


@pytest.fixture
def open_app() -> Callable[..., None]:
    """``open_app(page, url)``: load the app and turn semantics on."""
    return load_app


@pytest.fixture
def by_id() -> Callable[..., object]:
    """``by_id(page, identifier)``: the node of ``ft.Semantics(identifier=...)``."""
    return semantics_node


@pytest.fixture
def shot(request) -> Callable[..., Path]:
    """``shot(page, "name")`` saves ``tests/e2e/output/<test>-<name>.png``."""

    def save(page, name: str = "") -> Path:
        path = output_path(request.node.name, name)
        # Semantics can be ready before CanvasKit has painted: the picture
        # once it no longer changes
        path.write_bytes(painted(page))
        return path

    return save


@pytest.fixture
def harness():
    """The harness's own building blocks, for tests of the harness itself."""
    from types import SimpleNamespace

    return SimpleNamespace(
        ServerProcess=ServerProcess,
        wait_until_ready=wait_until_ready,
        start_server=start_server,
    )
