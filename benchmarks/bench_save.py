"""Save-a-hand round trip in the browser against a bare Flet counter's.

Run ``python -m benchmarks.bench_save`` (``--quick``: 1,000 matches of
history and fewer runs; ``--runs N``, ``--matches N`` to choose; ``--also
COMMIT`` (or ``--also DIR``, a checkout): the Save of that commit's code,
taken out of this repository with ``git archive`` into the run's temporary
folder (no worktree registered), timed in the same run on a copy of the
same history, and the ratio of the two printed; ``--profile DIR``: the
app's servers run under cProfile, their stats left in DIR to compare where
the server's time goes). Not a pytest
test. Target: tapping Save on a hand until the scoreboard shows the new
totals takes at most 2.0 x a bare counter-button round trip in the same
browser, with the 10,000-match history of the storage benchmark loaded. The
floor, measured in the same run: a bare Flet app doing the same screen change.

What it does, in one run:

1. builds the history with ``bench_storage.build_history`` in a temporary data
   folder and creates a 2-player match to 500 there (a hand of the count form
   worth 2 - 1 never ends it), then serves the app on that folder
   (``python main.py --no-browser --port N --data DIR``), a bare Flet counter
   (one button adding 1 to a ``Text``) and bare Flet floors (``FLOOR_APP``:
   a board with a number, an entry whose Save adds 3 to it; "pop" keeps
   the views as a stack and pops the entry, "replace" swaps the entry view
   for the board's, "visible" has both in one view and toggles ``visible``,
   "stack" lays the entry over the board kept built at opacity 0 (and Save
   hides the entry), "sized" is "stack" with screens of the app's
   size (rows of filler: ~60 controls on the board, ~240 on the entry),
   "covered" does what the app does (``ui/shell/layers.py``) with screens of that
   size: the board drawn over the entry, at opacity 0 and moved aside
   while the entry shows, and Save shows it over the entry, which goes
   0.3 s later;
   ``--filler N`` adds N rows of two texts to each screen of the others;
   ``--floors`` chooses) the same way (``WEB_BROWSER``, ``no_cdn=True``,
   ``FLET_FORCE_WEB_SERVER``);
2. opens each in its own 360x740 context of one headless Chromium, with the
   semantics tree on;
3. interleaves the samples: a counter tap, each floor's Save (its entry opened
   untimed), then a hand (entered untimed in the hand-entry screen with the
   count form) and its Save tap, then waits for the draws Save puts off
   (``SETTLE_MS``). Each sample is timed in the page, from the
   tap's ``pointerdown`` to the moment a ``MutationObserver`` sees the
   expected text in the semantics tree (the counter's new value, the floor's
   number, both totals of the scoreboard). The Python-side wall time (click
   call to answer) is printed too, for information. Just before each Save
   it times the write no Save may skip (a hand is durable before any phone
   is told): the storage's own atomic write (``storage/atomic.py``) of as
   many bytes as the app's ``live.json``, in a folder beside the app's data.

It prints each median with its range, each floor's ratio to the counter,
each floor plus the durable write of the same row (what Flet and the disk
cost together) as a ratio to the counter,
``save-to-scoreboard/counter ratio: X.XX (target <= 2.0)`` and the app's
ratio to each floor; exit status 1 when over the target. The
servers are stopped whatever happens (Ctrl-C and SIGTERM included).
The machine is shared and has 2 cores: run it a few times and read the
spread (figures in docs/BENCHMARKS.md).
"""

from __future__ import annotations

import argparse
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO_ROOT))

from benchmarks.bench_storage import build_history  # noqa: E402
from scorekeeper.core import MatchSetup, Rules  # noqa: E402
from scorekeeper.storage import open_repository  # noqa: E402
from scorekeeper.storage.atomic import atomic_write_bytes  # noqa: E402
from scorekeeper.ui.shell.drawing import ADDRESS_DELAY_S, UNCOVER_DELAY_S  # noqa: E402
from tests.e2e import count_hand  # noqa: E402
from tests.e2e.conftest import (  # noqa: E402
    CHROMIUM,
    CHROMIUM_ARGS,
    PHONE_VIEWPORT,
    UI_TIMEOUT_MS,
    ServerProcess,
    free_port,
    load_app,
    wait_until_ready,
)

TARGET_RATIO = 2.0
PLAYERS = ("Anna", "Bruno")
HAND_POINTS = count_hand.HAND_POINTS
SAMPLE_TIMEOUT_MS = 10_000
SETTLE_MS = round((max(ADDRESS_DELAY_S, UNCOVER_DELAY_S) + 0.2) * 1000)
"""How long after a Save's sample the next sample waits: the draws Save puts
off (``ui/shell/session.py``) happen on a quiet machine, in no other sample."""

COUNTER_APP = """
import os, sys
import flet as ft
os.environ["FLET_FORCE_WEB_SERVER"] = "true"
def main(page: ft.Page):
    value = ft.Text("0", size=40)
    def add_one(_):
        value.value = str(int(value.value) + 1)
    page.add(
        ft.Semantics(identifier="counter-value", content=value),
        ft.Semantics(identifier="counter-button",
                     content=ft.Button("+1", on_click=add_one)),
    )
ft.run(main, host="127.0.0.1", port=int(sys.argv[1]),
       view=ft.AppView.WEB_BROWSER, no_cdn=True)
"""

# The floor: a bare Flet app doing the same screen change as Save, without
# storage or real screens: a "scoreboard" with a number, an "entry" with a
# Save button (no page transitions, as in the app). "+" on the scoreboard opens
# the entry (untimed); Save leaves it and adds 3 to the number. argv[2] says
# how: "pop" keeps page.views = home, scoreboard, entry and pops the entry
# (the view stack); "replace" has page.views = home, entry and puts home,
# scoreboard back; "visible" has both screens in one view and toggles their
# ``visible``; "stack" lays the entry over the board, kept built at opacity
# 0; "cover" draws the board over the entry, at opacity 0 and moved aside
# while the entry shows, and Save shows it over the entry, removed 0.3 s
# later (what the app does, ui/shell/layers.py). argv[3]: rows of filler on the
# board, argv[4] on the entry (default: as many).
FLOOR_APP = """
import asyncio, os, sys
import flet as ft
os.environ["FLET_FORCE_WEB_SERVER"] = "true"
MODE = sys.argv[2]
BOARD_ROWS = int(sys.argv[3])
ENTRY_ROWS = int(sys.argv[4]) if len(sys.argv) > 4 else BOARD_ROWS
def filler(what):
    # stand-ins for the real screens' controls (three controls a row)
    rows = ENTRY_ROWS if what == "campo" else BOARD_ROWS
    return [ft.Row([ft.Text(f"{what} {i}"), ft.Text(str(i))]) for i in range(rows)]
def main(page: ft.Page):
    off = ft.PageTransitionTheme.NONE
    page.theme = ft.Theme(page_transitions=ft.PageTransitionsTheme(
        android=off, ios=off, linux=off, macos=off, windows=off))
    total = ft.Text("0", size=40)
    title = ft.Text("Partita")
    def save_button():
        return ft.Semantics(identifier="floor-save",
                            content=ft.Button("Salva", on_click=save))
    def open_entry(_):
        if MODE == "visible":
            entry_body.controls = [save_button(), *filler("campo")]
            board_body.visible, entry_body.visible = False, True
            title.value, board.route = "Mano", "/board/entry"
            return
        if MODE == "stack":
            entry_body.controls = [save_button(), *filler("campo")]
            entry_layer.visible, board_body.opacity = True, 0
            title.value, board.route = "Mano", "/board/entry"
            return
        if MODE == "cover":
            entry_body.controls = [save_button(), *filler("campo")]
            entry_layer.visible, board_layer.opacity = True, 0
            board_layer.left, board_layer.right = 10000, -10000
            title.value, board.route = "Mano", "/board/entry"
            return
        entry = ft.View(route="/entry", appbar=ft.AppBar(title=ft.Text("Mano")),
            controls=[save_button(), *filler("campo")])
        page.views[:] = [home, board, entry] if MODE == "pop" else [home, entry]
    def save(_):
        total.value = str(int(total.value) + 3)
        if MODE == "visible":
            board_body.visible, entry_body.visible = True, False
            entry_body.controls = []
            title.value, board.route = "Partita", "/board"
            return
        if MODE == "stack":
            entry_layer.visible, board_body.opacity = False, 1
            entry_body.controls = []
            title.value, board.route = "Partita", "/board"
            return
        if MODE == "cover":
            board_layer.opacity, board_layer.left, board_layer.right = 1, 0, 0
            title.value, board.route = "Partita", "/board"
            page.run_task(uncover)
            return
        page.views[:] = [home, board]
    async def uncover():
        await asyncio.sleep(0.3)
        if board_layer.opacity == 1:
            entry_layer.visible, entry_body.controls = False, []
            page.update()
    board_body = ft.Column([ft.Semantics(identifier="floor-total", content=total),
        ft.Semantics(identifier="floor-open",
                     content=ft.Button("+", on_click=open_entry)),
        *filler("riga")], visible=True)
    entry_body = ft.Column(visible=False)
    board = ft.View(route="/board", appbar=ft.AppBar(title=title),
        controls=[board_body, entry_body], scroll=ft.ScrollMode.AUTO)
    if MODE == "stack":
        # the entry over the board, the board kept built (opacity 0) under it
        board_body.scroll, board_body.expand = ft.ScrollMode.AUTO, True
        entry_body.visible = True
        entry_layer = ft.Container(content=entry_body, bgcolor=ft.Colors.SURFACE,
            left=0, top=0, right=0, bottom=0, visible=False)
        board.controls = [ft.Stack([board_body, entry_layer], expand=True)]
        board.scroll = None
    if MODE == "cover":
        # the board over the entry, opaque; the entry under it
        board_body.scroll, board_body.expand = ft.ScrollMode.AUTO, True
        entry_body.visible = True
        entry_layer = ft.Container(content=entry_body, bgcolor=ft.Colors.SURFACE,
            left=0, top=0, right=0, bottom=0, visible=False)
        board_layer = ft.Container(content=board_body, bgcolor=ft.Colors.SURFACE,
            left=0, top=0, right=0, bottom=0)
        board.controls = [ft.Stack([entry_layer, board_layer], expand=True)]
        board.scroll = None
    home = ft.View(route="/", controls=[ft.Text("Home")])
    page.views[:] = [home, board]
    page.update()
ft.run(main, host="127.0.0.1", port=int(sys.argv[1]),
       view=ft.AppView.WEB_BROWSER, no_cdn=True)
"""
SAVES = ("save", "save-also")
"""The app's Save, and the app of ``--also DIR`` (another checkout)."""

FLOORS = {
    "pop": "pop the entry view, update a number on the view below",
    "replace": "replace the entry view by the one below, number updated",
    "visible": "one view, entry hidden and board shown, number updated",
    "stack": "entry layer over the board kept at opacity 0, layer hidden",
    "sized": "'stack' with screens of the app's size (board 60 controls, entry 240)",
    "covered": "board over the entry, entry removed later, app's size (the app)",
}
"""The floors: a bare Flet app doing the same screen change as Save."""

FLOOR_MODES = {"sized": ("stack", 20, 80), "covered": ("cover", 20, 80)}
"""A floor that is another's way with its own rows of filler (board, entry):
the app's scoreboard holds about 60 controls, its hand entry about 240
(``tests/unit``: counted on a match of a few hands)."""

# Arms a timer: from the next pointerdown until every [identifier, text] pair
# is in the semantics tree. window.__roundTrip resolves to the milliseconds, or
# to -1 when nothing showed up in time (a lost tap).
ARM_JS = """
([expected, timeoutMs]) => {
  window.__roundTrip = new Promise((resolve) => {
    let t0 = null;
    const shown = () => expected.every(([id, text]) => {
      const n = document.querySelector(`[flt-semantics-identifier='${id}']`);
      return n !== null && n.textContent.trim() === text;
    });
    const observer = new MutationObserver(() => {
      if (t0 !== null && shown()) {
        const ms = performance.now() - t0;
        observer.disconnect();
        clearTimeout(timer);
        resolve(ms);
      }
    });
    const timer = setTimeout(() => { observer.disconnect(); resolve(-1); },
                             timeoutMs);
    window.addEventListener("pointerdown", () => { t0 = performance.now(); },
                            { capture: true, once: true });
    observer.observe(document.body, {
      subtree: true, childList: true, characterData: true, attributes: true,
    });
  });
}
"""


def node(page, identifier: str):
    return page.locator(f"[flt-semantics-identifier='{identifier}']")


class LostTap(Exception):
    pass


def timed_tap(page, target, expected: list[tuple[str, str]]) -> tuple[float, float]:
    """Tap ``target``; (ms in the page from pointerdown to ``expected`` shown,
    ms of Python wall time from the click call to the answer)."""
    page.evaluate(ARM_JS, [expected, SAMPLE_TIMEOUT_MS])
    started = time.perf_counter()
    target.click()
    in_page = page.evaluate("window.__roundTrip")
    wall = (time.perf_counter() - started) * 1000
    if in_page < 0:
        raise LostTap(f"{expected} not shown after {SAMPLE_TIMEOUT_MS} ms")
    return in_page, wall


def retry_tap(target, shown) -> None:
    """Tap ``target`` until ``shown(timeout_ms)`` passes: a tap that lands
    while the screen is being redrawn can be lost (as in the e2e tests).
    A tap is repeated only while ``target`` is still drawn: on a busy machine
    the screen it opened can take longer than the short deadline."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

    for _ in range(3):
        try:
            target.first.wait_for(state="attached", timeout=1000)
        except PlaywrightTimeoutError:
            break
        target.click()
        try:
            shown(2000)
            return
        except AssertionError:
            continue
    shown(UI_TIMEOUT_MS)


def prepare_hand(page) -> None:
    """From the scoreboard: the shared 2 - 1 hand on the count form
    (``tests/e2e/count_hand.py``), until Save is enabled."""
    count_hand.prepare_hand(page, PLAYERS)


def start(
    command: list[str],
    workdir: Path,
    name: str,
    after: tuple[str, ...] = (),
    root: Path = REPO_ROOT,
) -> ServerProcess:
    """Run ``python *command PORT *after`` (PORT: a free port) in ``root``
    and wait for HTTP."""
    port = free_port()
    env = dict(os.environ, PYTHONPATH=str(root), PYTHONUNBUFFERED="1")
    for var in ("FLET_SERVER_PORT", "FLET_SERVER_IP", "FLET_ASSETS_DIR"):
        env.pop(var, None)
    log_path = workdir / f"{name}-{port}.log"
    with log_path.open("wb") as log:
        process = subprocess.Popen(
            [sys.executable, *command, str(port), *after],
            cwd=str(root),
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
    server = ServerProcess(f"http://127.0.0.1:{port}", process, log_path)
    try:
        wait_until_ready(server, 60)
    except BaseException as error:  # pytest.fail raises an Exit-like exception
        server.stop()
        raise RuntimeError(f"{name} server did not start: {error}") from None
    return server


def new_page(browser, url: str):
    context = browser.new_context(
        viewport=PHONE_VIEWPORT, device_scale_factor=2, locale="it-IT"
    )
    context.set_default_timeout(UI_TIMEOUT_MS)
    context.route(
        "**/*",
        lambda route: (
            route.continue_() if route.request.url.startswith(url) else route.abort()
        ),
    )
    page = context.new_page()
    load_app(page, url)
    return page


def floor_sample(floor, total: int) -> tuple[float, float]:
    """Open the floor app's entry (untimed), then time its Save: the entry
    popped and the number below it shown as ``total``. No wait after it, as
    after the app's Save (``SETTLE_MS``): what a floor puts off ("covered":
    the entry removed 0.3 s later) lands in the next step's untimed part
    (the next floor's entry opened, then 400 ms; or a hand entered)."""
    from playwright.sync_api import expect

    save = node(floor, "floor-save").get_by_role("button")
    retry_tap(
        node(floor, "floor-open").get_by_role("button"),
        lambda ms: expect(save).to_be_attached(timeout=ms),
    )
    floor.wait_for_timeout(400)  # past the push's 300 ms route transition
    return timed_tap(floor, save, [("floor-total", str(total))])


def durable_write_sample(data: Path) -> tuple[float, float]:
    """The write a Save cannot skip, timed here: the storage's own atomic write
    (temporary file, fsync, rename, fsync of the folder) of as many bytes as
    the app's ``live.json`` holds now, into a folder beside the app's data
    (the same disk; the app's folder left alone). (ms, ms)."""
    size = (data / "live.json").stat().st_size
    folder = data.parent / "write-floor"
    folder.mkdir(exist_ok=True)
    started = time.perf_counter()
    atomic_write_bytes(folder / "live.json", b"x" * size)
    ms = (time.perf_counter() - started) * 1000
    return ms, ms


def measure(
    browser,
    urls: dict[str, str],
    warmup: int,
    runs: int,
    chosen: list[str],
    data: Path,
):
    """Interleaved samples: ({"counter"|floor name|"save"|"write": [(in-page
    ms, wall ms)]}); ``urls`` has the server of each, ``chosen`` the floors,
    ``data`` the app's data folder (the durable write is timed beside it)."""
    counter = new_page(browser, urls["counter"])
    floors = {name: new_page(browser, urls[name]) for name in chosen}
    apps = {name: new_page(browser, urls[name]) for name in urls if name in SAVES}
    totals = {}
    for name, app in apps.items():
        node(app, "home-resume").get_by_role("button").click()
        node(app, "score-total-0").wait_for()
        totals[name] = [int(node(app, f"score-total-{s}").inner_text()) for s in (0, 1)]
    clicks = int(node(counter, "counter-value").inner_text())
    floor_totals = {
        name: int(node(page, "floor-total").inner_text())
        for name, page in floors.items()
    }
    button = node(counter, "counter-button").get_by_role("button")
    samples: dict[str, list[tuple[float, float]]] = {
        name: [] for name in ("counter", *chosen, *apps, "write")
    }
    lost = 0
    for i in range(warmup + runs):
        keep = i >= warmup
        row: dict[str, tuple[float, float]] = {}
        # the counter
        while True:
            try:
                row["counter"] = timed_tap(
                    counter, button, [("counter-value", str(clicks + 1))]
                )
                clicks += 1
                break
            except LostTap:
                lost += 1
                clicks = int(node(counter, "counter-value").inner_text())
        # the floors: the same screen change in a bare Flet app
        for name, page in floors.items():
            while True:
                try:
                    row[name] = floor_sample(page, floor_totals[name] + 3)
                    floor_totals[name] += 3
                    break
                except LostTap:
                    lost += 1
                    floor_totals[name] = int(node(page, "floor-total").inner_text())
        # a hand, then Save (on each app)
        dropped = False
        for name, app in apps.items():
            prepare_hand(app)
            if name == "save":
                # the write Save cannot skip, on the same disk just before it
                # (not after: the app clears the hand's draft then)
                row["write"] = durable_write_sample(data)
            totals[name] = [
                t + p for t, p in zip(totals[name], HAND_POINTS, strict=True)
            ]
            save = node(app, "entry-save").get_by_role("button")
            expected = [(f"score-total-{s}", str(totals[name][s])) for s in (0, 1)]
            try:
                row[name] = timed_tap(app, save, expected)
                # what Save put off (the address, the covered entry's removal)
                # is drawn before the next sample starts, not during it
                app.wait_for_timeout(SETTLE_MS)
            except LostTap:
                lost += 1
                dropped = True
                save.click()  # the saved hand must land before the next one
                for identifier, text in expected:
                    node(app, identifier).filter(has_text=text).wait_for()
        if dropped:
            continue
        if keep:
            for name, sample in row.items():
                samples[name].append(sample)
        print(
            f"  {f'run {i + 1 - warmup}' if keep else 'warm-up'}: "
            + ", ".join(f"{name} {ms:6.1f} ms" for name, (ms, _) in row.items())
            + " (in the page)",
            flush=True,
        )
    if lost:
        print(f"  ({lost} lost taps retried, their samples dropped)")
    for page in (counter, *floors.values(), *apps.values()):
        page.context.close()
    return samples


def _stop_on_sigterm(signum, frame):
    raise SystemExit(128 + signum)


def checkout(also: str, folder: Path) -> Path:
    """The code of ``also``: a folder as it is, else a commit of this
    repository written out into ``folder`` (``git archive``: its files as
    committed, nothing registered in the repository)."""
    given = Path(also)
    if given.is_dir():
        return given.resolve()
    folder.mkdir(parents=True)
    archive = subprocess.run(
        ["git", "-C", str(REPO_ROOT), "archive", "--format=tar", also],
        check=True,
        capture_output=True,
    ).stdout
    subprocess.run(["tar", "-x", "-C", str(folder)], input=archive, check=True)
    return folder


BUILD_DATA = """
import sys
from pathlib import Path
sys.path[:0] = ["benchmarks", "tests/benchmarks"]  # where a checkout keeps them
from bench_storage import build_history
from scorekeeper.core import MatchSetup, Rules
from scorekeeper.storage import open_repository
folder, count, players = Path(sys.argv[1]), int(sys.argv[2]), tuple(sys.argv[3:5])
build_history(folder, count)
with open_repository(folder) as repo:
    repo.create_match(MatchSetup(players, players[0], Rules(target=500)))
"""
"""The history and the open match the benchmark plays on, built by the
code of the checkout given (``python -c BUILD_DATA FOLDER COUNT P1 P2``)."""


def build_with(root: Path, folder: Path, matches: int) -> None:
    """:data:`BUILD_DATA` run with the code of the checkout at *root*
    (``build_history`` makes the same matches from the same seed)."""
    env = dict(os.environ, PYTHONPATH=str(root))
    subprocess.run(
        [sys.executable, "-c", BUILD_DATA, str(folder), str(matches), *PLAYERS],
        cwd=str(root),
        env=env,
        check=True,
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--quick", action="store_true", help="1,000 matches of history, 7 runs"
    )
    parser.add_argument("--runs", type=int, help="samples of each (default 15)")
    parser.add_argument("--matches", type=int, help="history size (default 10,000)")
    parser.add_argument(
        "--filler",
        type=int,
        default=0,
        help="rows of two texts added to each floor screen (default 0)",
    )
    parser.add_argument(
        "--floors",
        default=",".join(FLOORS),
        help=f"comma-separated floors to measure (default: {','.join(FLOORS)})",
    )
    parser.add_argument(
        "--also",
        help="a commit (or a checkout's folder): its Save measured in the same run",
    )
    parser.add_argument(
        "--profile",
        help="a folder: the app's servers (this checkout's, --also's) run under "
        "cProfile and leave their stats there (app.prof, also.prof)",
    )
    args = parser.parse_args(argv)
    profiled: dict[str, list[str]] = {"app": [], "also": []}
    if args.profile:
        Path(args.profile).mkdir(parents=True, exist_ok=True)
        for who in profiled:
            out = str(Path(args.profile).resolve() / f"{who}.prof")
            profiled[who] = ["-m", "cProfile", "-o", out]
    chosen = [name for name in args.floors.split(",") if name]
    unknown = set(chosen) - set(FLOORS)
    if unknown:
        parser.error(f"unknown floors: {', '.join(sorted(unknown))}")
    matches = args.matches or (1_000 if args.quick else 10_000)
    runs = args.runs or (7 if args.quick else 15)
    warmup = 3

    signal.signal(signal.SIGTERM, _stop_on_sigterm)
    base = Path(tempfile.mkdtemp(prefix="bench-save-"))
    data = base / "data"
    servers: list[ServerProcess] = []
    try:
        print(f"building {matches} finished matches under {data} ...", flush=True)
        print(f"built in {build_history(data, matches):.1f} s", flush=True)
        with open_repository(data) as repo:
            repo.create_match(MatchSetup(PLAYERS, PLAYERS[0], Rules(target=500)))
        names = ["save", "counter", *chosen]
        also_root = None
        if args.also is not None:  # the same history for the other checkout
            also_root = checkout(args.also, base / "also")
            print(f"--also {args.also}: its code in {also_root}", flush=True)
            # the same history, written by that checkout's own code (a
            # file format of this checkout may be one it cannot read)
            build_with(also_root, base / "data-also", matches)
        servers.append(
            start(
                [*profiled["app"], "main.py", "--no-browser", "--data", str(data)]
                + ["--port"],
                base,
                "app",
            )
        )
        servers.append(start(["-c", COUNTER_APP], base, "counter"))
        for name in chosen:
            mode, board_rows, entry_rows = FLOOR_MODES.get(
                name, (name, args.filler, args.filler)
            )
            servers.append(
                start(
                    ["-c", FLOOR_APP],
                    base,
                    name,
                    (mode, str(board_rows), str(entry_rows)),
                )
            )
        if args.also is not None:
            names.append("save-also")
            servers.append(
                start(
                    [*profiled["also"], "main.py", "--no-browser"]
                    + ["--data", str(base / "data-also"), "--port"],
                    base,
                    "also",
                    root=also_root or REPO_ROOT,
                )
            )
        urls = dict(zip(names, (s.url for s in servers), strict=True))

        from playwright.sync_api import sync_playwright

        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
            )
            try:
                samples = measure(browser, urls, warmup, runs, chosen, data)
            finally:
                browser.close()
    except BaseException:
        for server in servers:  # what the servers said, before it is deleted
            print(f"--- end of the log of {server.url}:", file=sys.stderr)
            print(server.log()[-4000:], file=sys.stderr)
        raise
    finally:
        for server in servers:
            server.stop()
        shutil.rmtree(base, ignore_errors=True)

    def medians(name: str) -> tuple[float, float]:
        rows = samples[name]
        return (
            statistics.median(r[0] for r in rows),
            statistics.median(r[1] for r in rows),
        )

    counter_ms, counter_wall = medians("counter")
    save_ms, save_wall = medians("save")

    def spread(name: str) -> str:
        values = sorted(r[0] for r in samples[name])
        return f"{values[0]:.1f}-{values[-1]:.1f}"

    print(
        f"counter round trip median: {counter_ms:.1f} ms in the page "
        f"(range {spread('counter')}; {counter_wall:.1f} ms wall, "
        f"{len(samples['counter'])} samples)"
    )
    for name in chosen:
        what = FLOORS[name]
        floor_ms, floor_wall = medians(name)
        print(
            f"floor '{name}' (bare Flet: {what}) median: {floor_ms:.1f} ms in the "
            f"page (range {spread(name)}; {floor_wall:.1f} ms wall)"
        )
    print(
        f"save-to-scoreboard median: {save_ms:.1f} ms in the page "
        f"(range {spread('save')}; {save_wall:.1f} ms wall, "
        f"{len(samples['save'])} samples, {matches} matches of history)"
    )
    write_ms = medians("write")[0]
    print(
        f"durable write median: {write_ms:.1f} ms (range {spread('write')}; the "
        "storage's atomic write of live.json's size, on the same disk just "
        "before each Save)"
    )
    for name in chosen:
        print(
            f"floor '{name}'/counter ratio: {medians(name)[0] / counter_ms:.2f} "
            "(what Flet itself costs)"
        )
    for name in chosen:
        # row by row: a floor's screen change and the write of the same row
        both = statistics.median(
            f[0] + w[0] for f, w in zip(samples[name], samples["write"], strict=True)
        )
        print(
            f"floor '{name}' + durable write/counter ratio: {both / counter_ms:.2f} "
            "(what Flet and the disk cost)"
        )
    ratio = save_ms / counter_ms
    verdict = "ok" if ratio <= TARGET_RATIO else "OVER TARGET"
    print(
        f"save-to-scoreboard/counter ratio: {ratio:.2f} "
        f"(target <= {TARGET_RATIO}) {verdict}"
    )
    for name in chosen:
        print(
            f"save-to-scoreboard/floor '{name}' ratio: {save_ms / medians(name)[0]:.2f}"
        )
    if samples.get("save-also"):
        also_ms = medians("save-also")[0]
        print(
            f"--also {args.also}: save-to-scoreboard median {also_ms:.1f} ms "
            f"(range {spread('save-also')}), ratio to the counter "
            f"{also_ms / counter_ms:.2f}; this checkout/--also: "
            f"{save_ms / also_ms:.2f}"
        )
    print(f"(info) wall-time ratio: {save_wall / counter_wall:.2f}")
    return 0 if ratio <= TARGET_RATIO else 1


if __name__ == "__main__":
    sys.exit(main())
