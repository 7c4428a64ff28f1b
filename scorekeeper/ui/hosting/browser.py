"""The app running in the browser (the ``build-web`` site, Pyodide): its runtime.

In the browser the app runs in flet-web's Python worker. There is no server,
one phone is one tab, and the data folder lives in memory unless it is put
somewhere lasting. ``run()`` (called by the build's generated ``main.py``):

1. refuses a second tab of the app on the same phone (Web Locks API): each
   tab would hold its own copy of the data, and the last to write would wipe
   the other's matches;
2. mounts Pyodide's IDBFS at :data:`DATA_DIR` and loads it from IndexedDB
   *before* the repository opens;
3. reads whether the browser keeps the site's storage (``persisted``; the
   page asks for it with ``navigator.storage.persist()``, which only a page,
   not a worker, may call);
4. opens the app as server mode does (``open_app``), with every saved change
   written to IndexedDB by :meth:`BrowserRuntime.flush` (and a hand's draft,
   or a step of the live tally, a second after the last tap:
   ``Session.keep_soon``).

Pyodide-only modules (``pyodide``, ``pyodide_js``, ``js``) are imported inside
functions: this module imports under CPython, for tests and tools.

Every change goes through ``Session.apply``, and the browser mode's
``flush`` (:meth:`BrowserRuntime.flush_reported`) is awaited there before the
screen shows the change as saved: a change is acknowledged once it is in
IndexedDB.
"""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import flet as ft

    from scorekeeper.table import TableService

DATA_DIR = Path("/spazzino-data")
"""Where the repository lives in Pyodide's file system (an IDBFS mount)."""

TAB_LOCK = "spazzino-segnapunti-app"
"""The Web Lock a tab holds while the app is open in it."""

"""How often the data folder is checked for writes made outside ``change``."""

LOCK_ATTEMPTS = 6
LOCK_RETRY_SECONDS = 0.5
"""A reloaded tab asks before the old page's worker has always let go."""

# Runs in the worker's JS scope: navigator.locks hands the lock to the
# callback, and the lock is held until the promise it returns settles; that
# promise never settles, so the lock lasts as long as this tab's worker.
_LOCK_JS = """
(name) => new Promise((resolve) => {
  if (!(self.navigator && self.navigator.locks)) {
    resolve("unsupported");
    return;
  }
  self.navigator.locks
    .request(name, { ifAvailable: true }, (lock) => {
      if (lock === null) {
        resolve("taken");
        return undefined;
      }
      resolve("held");
      return new Promise(() => {});
    })
    .catch((error) => resolve("error: " + error));
})
"""

OTHER_TAB_TITLE_IT = "L'app è già aperta in un'altra scheda."
OTHER_TAB_TEXT_IT = (
    "Usa quella scheda: due schede sullo stesso telefono si cancellerebbero "
    "a vicenda le partite. Se l'hai chiusa, tocca Riprova."
)
OTHER_TAB_TITLE_EN = "The app is already open in another tab."
OTHER_TAB_TEXT_EN = (
    "Use that tab: two tabs on the same phone would wipe each other's "
    "matches. If you have closed it, tap Try again."
)
DRAWN_MESSAGE = "spazzino:drawn"
"""Posted to the page once the first screen is drawn: the page's start screen
(webbuild/templates/head.html) then gives way to the app."""

STORAGE_ERROR_IT = "I dati salvati non si possono aprire:"
STORAGE_ERROR_EN = "The saved data cannot be opened:"

SyncFs = Callable[[bool], Awaitable[None]]


def _post_drawn() -> None:
    import js

    js.postMessage(DRAWN_MESSAGE)


async def pyodide_syncfs(populate: bool) -> None:
    """``FS.syncfs``: ``populate=True`` loads IndexedDB into the mounted
    folders, ``False`` writes them to it; returns when it is done."""
    import pyodide_js
    from pyodide.ffi import create_once_callable

    done: asyncio.Future[None] = asyncio.get_event_loop().create_future()

    def finished(error: Any = None) -> None:
        if done.done():
            return
        if error:
            done.set_exception(OSError(f"IndexedDB sync failed: {error}"))
        else:
            done.set_result(None)

    pyodide_js.FS.syncfs(populate, create_once_callable(finished))
    await done


def _mount_idbfs(path: Path) -> None:
    import js
    import pyodide_js
    from pyodide.ffi import to_js

    fs = pyodide_js.FS
    fs.mkdirTree(str(path))
    options = to_js({}, dict_converter=js.Object.fromEntries)
    fs.mount(fs.filesystems.IDBFS, options, str(path))


async def _request_tab_lock(name: str) -> str:
    from pyodide.code import run_js

    request = run_js(_LOCK_JS)
    return str(await request(name))


async def _storage_persisted() -> bool | None:
    import js

    storage = getattr(js.navigator, "storage", None)
    if storage is None:
        return None
    # persist() is exposed to pages only; a worker reads the page's answer.
    if hasattr(storage, "persist"):
        return bool(await storage.persist())
    return bool(await storage.persisted())


@dataclass
class BrowserRuntime:
    """The browser-side state a settings screen may show, and the flush.

    The callables default to Pyodide's; tests pass fakes.
    """

    data_dir: Path = DATA_DIR
    persisted: bool | None = None
    """Whether the browser promised to keep the data (``None``: unknown)."""
    tab_lock: str | None = None
    """``held``, ``taken`` (another tab has the app), ``unsupported`` or an error."""
    mounted: bool = False
    flushes: int = 0
    """How many times the data was written to IndexedDB."""
    last_flush_error: str | None = None
    syncfs: SyncFs = field(default=pyodide_syncfs, repr=False)
    mount_fs: Callable[[Path], None] = field(default=_mount_idbfs, repr=False)
    request_lock: Callable[[str], Awaitable[str]] = field(
        default=_request_tab_lock, repr=False
    )
    read_persisted: Callable[[], Awaitable[bool | None]] = field(
        default=_storage_persisted, repr=False
    )
    post_drawn: Callable[[], None] = field(default=_post_drawn, repr=False)
    _requested: int = field(default=0, repr=False)
    _written: int = field(default=0, repr=False)
    _flush_lock: asyncio.Lock = field(default_factory=asyncio.Lock, repr=False)
    _tasks: set[asyncio.Task[None]] = field(default_factory=set, repr=False)

    async def acquire_tab_lock(
        self, attempts: int = LOCK_ATTEMPTS, delay: float = LOCK_RETRY_SECONDS
    ) -> bool:
        """Hold the app's lock for this tab's life; ``False`` if another tab
        of the same site holds it. Browsers without Web Locks are let in."""
        for attempt in range(attempts):
            self.tab_lock = await self.request_lock(TAB_LOCK)
            if self.tab_lock != "taken":
                break
            if attempt + 1 < attempts:
                await asyncio.sleep(delay)
        if self.tab_lock not in ("held", "unsupported", "taken"):
            print(f"Spazzino: tab lock: {self.tab_lock}", file=sys.stderr)
        return self.tab_lock != "taken"

    async def mount(self) -> None:
        """Mount IndexedDB at :attr:`data_dir` and load what it holds."""
        if self.mounted:
            return
        self.mount_fs(self.data_dir)
        await self.syncfs(True)
        self.mounted = True

    async def check_persisted(self) -> bool | None:
        """Ask (or read) whether the storage is kept; remember the answer."""
        try:
            self.persisted = await self.read_persisted()
        except Exception as error:  # an API a browser lacks must not stop the app
            print(f"Spazzino: storage persistence: {error}", file=sys.stderr)
            self.persisted = None
        return self.persisted

    async def start(self) -> bool:
        """Lock, load, ask for persistence; ``False`` if another tab has the
        app (then nothing is loaded)."""
        if not await self.acquire_tab_lock():
            return False
        await self.mount()
        await self.check_persisted()
        return True

    def announce_drawn(self) -> None:
        """Tell the page the first screen is drawn (its start screen goes)."""
        try:
            self.post_drawn()
        except Exception as error:  # the start screen then goes on its timer
            print(f"Spazzino: start screen not told: {error}", file=sys.stderr)

    async def flush(self) -> None:
        """Write the data folder to IndexedDB; return once it is written.

        Flushes never overlap (Emscripten warns, and both would write the
        same files). A flush asked for while another runs waits for it, and
        is skipped if a flush that started after the request has written
        everything meanwhile.
        """
        if not self.mounted:
            return
        self._requested += 1
        wanted = self._requested
        async with self._flush_lock:
            if self._written >= wanted:
                return
            target = self._requested
            await self.syncfs(False)
            self._written = target
            self.flushes += 1

    async def flush_reported(self) -> None:
        """:meth:`flush`, remembering whether it failed (and raising again:
        the screen must not say saved)."""
        try:
            await self.flush()
        except Exception as error:
            self.last_flush_error = str(error)
            raise
        self.last_flush_error = None

    def schedule_flush(self) -> None:
        """Flush soon, from synchronous code (a change made in a handler)."""
        task = asyncio.ensure_future(self._flush_logged())
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _flush_logged(self) -> None:
        try:
            await self.flush()
            self.last_flush_error = None
        except Exception as error:
            self.last_flush_error = str(error)
            print(f"Spazzino: data not written: {error}", file=sys.stderr)


RUNTIME = BrowserRuntime()
"""This tab's runtime (one Python worker per tab, one runtime per worker)."""


async def flush() -> None:
    """Write this tab's data to IndexedDB; return once it is written (call it
    after a change, before the screen says it is saved)."""
    await RUNTIME.flush()


def open_app(page: ft.Page, runtime: BrowserRuntime) -> TableService:
    """Open the app on ``page`` on the loaded data, in the browser mode.

    The one place that wires the browser runtime into the app: the same
    table service and screens as server mode, with a mode that has one phone,
    offers backups in Impostazioni and flushes every change to IndexedDB
    before the screen says it is saved (``Session.apply``).
    """
    from scorekeeper.table import TableService
    from scorekeeper.table.mode import browser_mode
    from scorekeeper.ui.app import create_main

    table = TableService.open(runtime.data_dir)
    runtime.schedule_flush()  # a first run created the data files
    mode = browser_mode(runtime.flush_reported, lambda: runtime.persisted)
    create_main(table, mode)(page)
    return table


def message_page(page: ft.Page, controls: list[ft.Control]) -> None:
    """Show ``controls`` alone on the page, centred, in the app's colours."""
    import flet as ft

    from scorekeeper.ui.kit.palette import theme

    page.title = "Spazzino segnapunti"
    page.theme_mode = ft.ThemeMode.LIGHT
    page.theme = theme(dark=False)
    page.controls.clear()
    page.add(
        ft.SafeArea(
            content=ft.Container(
                padding=24,
                content=ft.Column(controls=controls, spacing=16),
            )
        )
    )


def show_other_tab(page: ft.Page, retry: Callable[[], Awaitable[None]]) -> None:
    """The page of a second tab: Italian first, English below, and a retry."""
    import flet as ft

    async def on_retry() -> None:
        await retry()

    message_page(
        page,
        [
            ft.Icon(ft.Icons.TAB, size=48),
            ft.Semantics(
                identifier="browser-other-tab",
                content=ft.Text(OTHER_TAB_TITLE_IT, size=22, weight=ft.FontWeight.BOLD),
            ),
            ft.Text(OTHER_TAB_TEXT_IT, size=16),
            ft.Divider(),
            ft.Text(OTHER_TAB_TITLE_EN, size=18, weight=ft.FontWeight.BOLD),
            ft.Text(OTHER_TAB_TEXT_EN, size=16),
            ft.Button(
                content="Riprova / Try again",
                icon=ft.Icons.REFRESH,
                height=56,
                on_click=on_retry,
            ),
        ],
    )


def show_storage_error(page: ft.Page, error: Exception) -> None:
    import flet as ft

    message_page(
        page,
        [
            ft.Icon(ft.Icons.ERROR_OUTLINE, size=48),
            ft.Text(STORAGE_ERROR_IT, size=20, weight=ft.FontWeight.BOLD),
            ft.Text(STORAGE_ERROR_EN, size=16),
            ft.Text(str(error), size=16),
        ],
    )


async def main(page: ft.Page, runtime: BrowserRuntime | None = None) -> None:
    """``main(page)`` of the browser build: one page, one tab."""
    from scorekeeper.storage import StorageError

    runtime = runtime or RUNTIME

    async def begin() -> None:
        if not await runtime.start():
            show_other_tab(page, begin)
            page.update()
            return
        try:
            open_app(page, runtime)
        except StorageError as error:
            show_storage_error(page, error)
            page.update()

    await begin()
    runtime.announce_drawn()


def preload() -> None:
    """Import what :func:`open_app` needs (the table service and the app's
    shell, the home screen with it) now, while Flutter is still starting:
    flet calls ``main`` only once Flutter has connected, and these imports
    took 2.5-4 s of Python in a busy phone browser after it did (issue 27).
    Other screens are imported at their first draw (``app.Lazy``)."""
    import scorekeeper.table
    import scorekeeper.table.mode
    import scorekeeper.ui.app  # noqa: F401


def run() -> None:
    """Start the app in the browser (returns at once; flet then calls main)."""
    import random

    import flet as ft

    # The build's memory snapshot of Python (webbuild/snapshot.py) holds
    # random's state as the build left it: every start would draw the same.
    random.seed()
    preload()
    ft.run(main)
