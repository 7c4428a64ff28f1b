"""Many browser sessions on one match: every hand on every session, and how
the time from Save to the last session's new totals grows with the table.

Run ``python -m benchmarks.bench_table`` (``--quick``: 6 phones and 2
boards, 15 hands each; ``--sessions`` (phones), ``--boards``, ``--hands``,
``--baseline-hands``, ``--warmup``, ``--seed``, ``--no-code``,
``--no-floor`` to choose). Not a pytest test. Requirement (issue 12): with 12
sessions on one match (8 phones, 4 spectator boards), 50 hands saved from
random phones all show on every session, none lost or doubled, and the median
time from the Save tap to the moment the last session shows the new totals is
at most 2 x the same median with 2 sessions, both measured in this one run.

What it does:

1. creates two 2-player matches to 500 (the count-form hand of
   ``tests/e2e/count_hand.py``, worth 2 - 1, never ends one), each in its own
   temporary data folder served by its own ``python main.py --no-browser
   --require-code`` (boards exist for a table on the LAN, which asks for the
   code; the servers listen on 127.0.0.1 only); and the floor: two servers of
   a bare-Flet app (:data:`PUBSUB_APP`) whose click broadcasts a number to
   every session (pubsub), each of which updates its page;
2. opens, in 360x740 contexts of one headless Chromium (semantics on), 2
   phone sessions on the first server's scoreboard (the baseline) and the
   table on the second: ``--sessions`` phones on the printed address with the
   table code plus ``--boards`` spectator boards on the printed board address
   (``open_board``), and 2 and as many sessions of the floor; then saves hands
   in turn, one from a random baseline phone, one from a random table phone,
   one click on each floor, and so on, so that a change of the machine's load
   (other processes) falls on all alike;
3. for each hand, every session is armed first: a ``MutationObserver`` notes
   the moment (``performance.timeOrigin + performance.now()``, one clock for
   every page of the browser) its totals show the expected values; the saving
   phone notes the Save tap's ``pointerdown``. The sample is the last
   session's moment minus the tap's. The hand is entered untimed, and the
   first ``--warmup`` hands (2) of each phase are not sampled;
4. checks that every session showed every hand's totals (a session that
   missed one, or totals past the expected ones, is a lost or doubled hand),
   and, after stopping the server, that the data folder holds exactly the
   hands saved with the expected totals.

It prints each median with its spread (min, quartiles, max), for information
the saving phone's own time, each server's CPU time per hand and when the
update reached the last other page, before it was drawn (to tell the
server's share from the browser's: every session renders on this machine's
cores, where a real table has a phone each), the ratio, and
``table/baseline ratio: X.XX (target <= 2.0)`` with the floor's ratio
beside it (what bare Flet's broadcast does on this machine); exit status 1 when over the
target or when a hand was lost or doubled. Lost taps (a Save tap the server
never heard: the screen did not change) are retried and their samples
dropped; they are counted and printed. The server is stopped whatever happens.
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import signal
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO_ROOT))

from benchmarks.bench_save import start  # noqa: E402
from scorekeeper.core import MatchSetup, Rules  # noqa: E402
from scorekeeper.storage import open_repository  # noqa: E402
from tests.e2e.conftest import (  # noqa: E402
    CHROMIUM,
    CHROMIUM_ARGS,
    PHONE_VIEWPORT,
    UI_TIMEOUT_MS,
    ServerProcess,  # noqa: E402
    load_app,
)
from tests.e2e.count_hand import HAND_POINTS, prepare_hand  # noqa: E402
from tests.e2e.helpers import node, tap_until_shown  # noqa: E402

TARGET_RATIO = 2.0
PLAYERS = ("Anna", "Bruno")
SHOWN_TIMEOUT_MS = 30_000

# Arms one session: window.__shown resolves to the moment (ms, one clock for
# every page) its two totals show the expected texts, or -1 after the timeout.
ARM_SHOWN_JS = """
([ids, texts, timeoutMs]) => {
  window.__wsArmed = true;
  window.__firstMsg = null;
  window.__shown = new Promise((resolve) => {
    const now = () => performance.timeOrigin + performance.now();
    const shown = () => ids.every((id, i) => {
      const n = document.querySelector(`[flt-semantics-identifier='${id}']`);
      return n !== null && n.textContent.trim() === texts[i];
    });
    if (shown()) { resolve(now()); return; }
    const observer = new MutationObserver(() => {
      if (shown()) { observer.disconnect(); clearTimeout(timer); resolve(now()); }
    });
    const timer = setTimeout(() => { observer.disconnect(); resolve(-1); },
                             timeoutMs);
    observer.observe(document.body, {
      subtree: true, childList: true, characterData: true, attributes: true,
    });
  });
}
"""
# In every page before the app loads: notes the first WebSocket message that
# arrives once armed (ARM_SHOWN_JS arms it), i.e. when the server's update
# reached the page, before Flutter draws it.
WS_PROBE_JS = """
(() => {
  const Original = window.WebSocket;
  window.__firstMsg = null;
  window.WebSocket = new Proxy(Original, {
    construct(target, args) {
      const ws = new target(...args);
      ws.addEventListener("message", () => {
        if (window.__wsArmed && window.__firstMsg === null) {
          window.__firstMsg = performance.timeOrigin + performance.now();
        }
      });
      return ws;
    },
  });
})();
"""
# The floor (bare Flet, no storage, no screens): a number and a "+1" button;
# a click adds one and broadcasts it (pubsub) to every session, each of which
# sets its number and updates its page, as the app's sessions redraw on a
# table event. The app's Save on 12 sessions v 2 cannot grow less than this.
PUBSUB_APP = """
import os, sys, threading
import flet as ft
os.environ["FLET_FORCE_WEB_SERVER"] = "true"
count = [0]
lock = threading.Lock()
def main(page: ft.Page):
    value = ft.Text(str(count[0]), size=40)
    async def shown(topic, message):
        value.value = message
        page.update()
    page.pubsub.subscribe_topic("n", shown)
    def add_one(_):
        with lock:
            count[0] += 1
            n = count[0]
        page.pubsub.send_all_on_topic("n", str(n))
    page.add(
        ft.Semantics(identifier="counter-value", content=value),
        ft.Semantics(identifier="counter-button",
                     content=ft.Button("+1", on_click=add_one)),
    )
ft.run(main, host="127.0.0.1", port=int(sys.argv[1]),
       view=ft.AppView.WEB_BROWSER, no_cdn=True)
"""

# Arms the saving phone: window.__tapped resolves to the next pointerdown.
ARM_TAP_JS = """
() => {
  window.__tapped = new Promise((resolve) => {
    window.addEventListener("pointerdown",
      () => resolve(performance.timeOrigin + performance.now()),
      { capture: true, once: true });
  });
}
"""


@dataclass
class Session:
    """One browser session at the table: its page, its kind, and the
    identifiers of the two totals it draws."""

    page: object
    kind: str
    total_ids: tuple[str, str]

    @property
    def can_save(self) -> bool:
        return self.kind in ("phone", "counter")

    def totals_text(self) -> tuple[str, str]:
        return tuple(node(self.page, i).inner_text().strip() for i in self.total_ids)


@dataclass(frozen=True)
class Server:
    """A server of the benchmark: its process, and the addresses a phone and
    a spectator board open (with their codes when it asks for one)."""

    process: ServerProcess
    phone_url: str
    board_url: str | None = None

    @property
    def origin(self) -> str:
        return self.process.url


def new_context_page(browser, origin: str):
    context = browser.new_context(
        viewport=PHONE_VIEWPORT, device_scale_factor=2, locale="it-IT"
    )
    context.set_default_timeout(UI_TIMEOUT_MS)
    context.route(
        "**/*",
        lambda route: (
            route.continue_() if route.request.url.startswith(origin) else route.abort()
        ),
    )
    context.add_init_script(WS_PROBE_JS)
    return context.new_page()


def open_phone(browser, server: Server) -> Session:
    """A player's phone on the scoreboard of the match in progress, opened on
    the printed address with the table code (the QR's)."""
    page = new_context_page(browser, server.origin)
    load_app(page, server.phone_url)
    tap_until_shown(
        node(page, "home-resume").get_by_role("button"), node(page, "score-total-0")
    )
    return Session(page, "phone", ("score-total-0", "score-total-1"))


def open_board(browser, server: Server) -> Session:
    """A spectator board (issue 12's "Tabellone"), opened on the printed
    board address with its code (``/tabellone?t=...``): the read-only board
    of the match being played, its totals ``board-total-1`` and ``-2``."""
    if server.board_url is None:
        raise SystemExit("a board needs a server that asks for codes")
    page = new_context_page(browser, server.origin)
    load_app(page, server.board_url)
    node(page, "board-total-1").wait_for(state="attached")
    return Session(page, "board", ("board-total-1", "board-total-2"))


def open_counter(browser, server: Server) -> Session:
    """A session of the bare-Flet floor (:data:`PUBSUB_APP`)."""
    page = new_context_page(browser, server.origin)
    load_app(page, server.phone_url)
    node(page, "counter-value").wait_for(state="attached")
    return Session(page, "counter", ("counter-value", "counter-value"))


SESSION_KINDS: dict[str, Callable[[object, Server], Session]] = {
    "phone": open_phone,
    "board": open_board,
    "counter": open_counter,
}


class LostTap(Exception):
    pass


class Table:
    """The sessions on one match and the totals every one should show."""

    def __init__(self, sessions: list[Session], totals: tuple[int, int]) -> None:
        self.sessions = sessions
        self.totals = totals
        self.lost_taps = 0
        self.own: list[float] = []  # ms from the tap to the saver's own totals
        # ms from the tap to the last other session's first message (the
        # server's update arrived; not yet drawn)
        self.received: list[float] = []
        self.missed: list[str] = []  # a session that did not show a hand

    def save_one(self, saver: Session, hand_number: int) -> float | None:
        """Enter and save one hand on ``saver``; ms from the tap to the last
        session's new totals (None: the sample is dropped)."""
        page = saver.page
        if saver.kind == "counter":  # the floor: one click, +1 everywhere
            step = (1, 1)
            save = node(page, "counter-button").get_by_role("button")
        else:
            prepare_hand(page, PLAYERS)
            step = HAND_POINTS
            save = node(page, "entry-save").get_by_role("button")
        expected = (self.totals[0] + step[0], self.totals[1] + step[1])
        texts = [str(t) for t in expected]
        for s in self.sessions:
            s.page.evaluate(ARM_SHOWN_JS, [list(s.total_ids), texts, SHOWN_TIMEOUT_MS])
        page.evaluate(ARM_TAP_JS)
        save.click()
        tapped = page.evaluate("window.__tapped")
        shown = [s.page.evaluate("window.__shown") for s in self.sessions]
        self.totals = expected
        if shown[self.sessions.index(saver)] < 0:
            # the saving phone never drew the new totals: if Save is still
            # there, the server never heard the tap; tap again, drop the sample
            if saver.kind == "counter" or save.count() == 0:
                raise LostTap(f"hand {hand_number}: saved, but never drawn")
            self.lost_taps += 1
            save.click()
            for s in self.sessions:
                s.page.evaluate(
                    ARM_SHOWN_JS, [list(s.total_ids), texts, SHOWN_TIMEOUT_MS]
                )
            shown = [s.page.evaluate("window.__shown") for s in self.sessions]
            if shown[self.sessions.index(saver)] < 0:
                raise LostTap(f"hand {hand_number}: Save tapped twice, not saved")
            tapped = None
        for n, (s, at) in enumerate(zip(self.sessions, shown, strict=True)):
            if at < 0:
                self.missed.append(
                    f"hand {hand_number}: session {n} ({s.kind}) shows "
                    f"{s.totals_text()}, not {tuple(texts)}"
                )
        if tapped is None or min(shown) < 0:
            return None
        self.own.append(shown[self.sessions.index(saver)] - tapped)
        others = [s for s in self.sessions if s is not saver]
        arrived = [s.page.evaluate("window.__firstMsg") for s in others]
        if others and all(a is not None for a in arrived):
            self.received.append(max(arrived) - tapped)
        return max(shown) - tapped


def open_table(browser, server: Server, kinds: list[str], name: str) -> Table:
    sessions = []
    for kind in kinds:
        sessions.append(SESSION_KINDS[kind](browser, server))
        print(f"  {name}: {kind} {len(sessions)} of {len(kinds)} open", flush=True)
    return Table(sessions, (0, 0))


@dataclass
class Run:
    """One table of the benchmark: its server, its sessions, its samples."""

    name: str
    server: Server
    hands: int
    kinds: list[str] = field(default_factory=list)
    table: Table | None = None
    saved: int = 0
    samples: list[float] = field(default_factory=list)
    cpu: float = 0.0  # the server's CPU seconds over the sampled hands

    def save_next(self, rng: random.Random, warmup: int) -> None:
        table = self.table
        assert table is not None
        saver = rng.choice([s for s in table.sessions if s.can_save])
        self.saved += 1
        ms = table.save_one(saver, self.saved)
        if ms is not None and self.saved > warmup:
            self.samples.append(ms)
        shown = "dropped" if ms is None else f"{ms:7.1f} ms"
        if self.saved <= warmup:
            shown += " (warm-up)"
        print(
            f"  {self.name} hand {self.saved:2d} from phone "
            f"{table.sessions.index(saver)}: {shown}",
            flush=True,
        )

    def check_end(self) -> None:
        """Every session ends on the last totals."""
        table = self.table
        assert table is not None
        want = tuple(str(t) for t in table.totals)
        for n, s in enumerate(table.sessions):
            if s.totals_text() != want:
                table.missed.append(f"end: session {n} shows {s.totals_text()}")


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of process *pid* so far (Linux ``/proc``)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def play(runs: list[Run], rng: random.Random, warmup: int) -> None:
    """Save the hands of every run, interleaved (one of each in turn), so a
    change of the machine's load falls on both alike."""
    for i in range(max(r.hands for r in runs)):
        for run in runs:
            if i < run.hands:
                if run.saved == warmup:
                    run.cpu = -cpu_seconds(run.server.process.process.pid)
                run.save_next(rng, warmup)
    for run in runs:
        run.cpu += cpu_seconds(run.server.process.process.pid)
        run.check_end()


def spread(samples: list[float]) -> str:
    if len(samples) < 2:
        return f"{len(samples)} samples"
    q = statistics.quantiles(samples, n=4, method="inclusive")
    return (
        f"min {min(samples):.0f}, q1 {q[0]:.0f}, median {q[1]:.0f}, "
        f"q3 {q[2]:.0f}, max {max(samples):.0f} ms ({len(samples)} samples)"
    )


def _stop_on_sigterm(signum, frame):
    raise SystemExit(128 + signum)


def start_app(base: Path, name: str, require_code: bool) -> Server:
    """The app on a fresh data folder holding one match to 500, and the
    addresses it printed (with the codes when ``require_code``)."""
    data = base / f"data-{name}"
    with open_repository(data) as repo:
        repo.create_match(MatchSetup(PLAYERS, PLAYERS[0], Rules(target=500)))
    after = ("--require-code",) if require_code else ()
    process = start(
        ["main.py", "--no-browser", "--data", str(data), "--port"],
        base,
        f"app-{name}",
        after,
    )
    if not require_code:
        return Server(process, process.url)
    return Server(process, process.printed_url(), process.printed_url(board=True))


def start_floor(base: Path, name: str) -> Server:
    process = start(["-c", PUBSUB_APP], base, f"floor-{name}")
    return Server(process, process.url)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--quick", action="store_true", help="6 phones + 2 boards, 15 hands"
    )
    parser.add_argument("--sessions", type=int, help="phones at the table (8)")
    parser.add_argument(
        "--boards", type=int, help="spectator boards at the table (4; 2 quick)"
    )
    parser.add_argument("--hands", type=int, help="hands with the table (50)")
    parser.add_argument(
        "--baseline-hands", type=int, help="hands with 2 sessions (as --hands)"
    )
    parser.add_argument(
        "--warmup", type=int, default=2, help="untimed hands at the start of each"
    )
    parser.add_argument(
        "--no-code",
        action="store_true",
        help="servers that ask no table code (then --boards 0)",
    )
    parser.add_argument(
        "--no-floor", action="store_true", help="skip the bare-Flet pubsub floor"
    )
    parser.add_argument("--seed", type=int, default=12)
    args = parser.parse_args(argv)
    phones = args.sessions or (6 if args.quick else 8)
    boards = args.boards if args.boards is not None else (2 if args.quick else 4)
    hands = args.hands or (15 if args.quick else 50)
    baseline_hands = args.baseline_hands or hands
    if phones < 1:
        parser.error("--sessions: at least one phone saves the hands")
    if args.no_code and boards:
        parser.error("--no-code: a board needs its code (--boards 0)")
    size = phones + boards
    rng = random.Random(args.seed)

    signal.signal(signal.SIGTERM, _stop_on_sigterm)
    base = Path(tempfile.mkdtemp(prefix="bench-table-"))
    runs: list[Run] = []
    started = time.monotonic()
    try:
        # Boards exist for a table on the LAN, which asks for the code: the
        # servers ask for it (on 127.0.0.1 only), the phones open the printed
        # address with the table code, the boards the board's.
        for name, n, kinds in (
            ("2", baseline_hands, ["phone"] * 2),
            (str(size), hands, ["phone"] * phones + ["board"] * boards),
        ):
            server = start_app(base, name, not args.no_code)
            runs.append(Run(name, server, n, kinds))
        if not args.no_floor:
            for name, count in (("floor 2", 2), (f"floor {size}", size)):
                runs.append(
                    Run(
                        name,
                        start_floor(base, name[-2:].strip()),
                        hands,
                        ["counter"] * count,
                    )
                )
        from playwright.sync_api import sync_playwright

        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
            )
            try:
                for run in runs:
                    run.table = open_table(browser, run.server, run.kinds, run.name)
                print(
                    f"interleaved: {baseline_hands} hands with 2 sessions, {hands} "
                    f"with {phones} phones + {boards} boards"
                    + ("" if args.no_floor else ", and the floor's clicks"),
                    flush=True,
                )
                play(runs, rng, args.warmup)
            finally:
                browser.close()
    except BaseException:
        for run in runs:
            print(f"--- end of the log of {run.server.origin}:", file=sys.stderr)
            print(run.server.process.log()[-4000:], file=sys.stderr)
        raise
    finally:
        for run in runs:
            run.server.process.stop()
    problems: list[str] = []
    lost = 0
    try:
        for run in runs:
            assert run.table is not None
            problems += [f"{run.name} sessions: {m}" for m in run.table.missed]
            lost += run.table.lost_taps
            if run.name.startswith("floor"):
                continue
            with open_repository(base / f"data-{run.name}") as repo:
                [line] = repo.list_history().items
            stored = (line.hands, line.totals)
            want = (run.hands, run.table.totals)
            if stored != want:
                problems.append(
                    f"{run.name} sessions: the data folder holds {stored}, not "
                    f"{want} (hands, totals)"
                )
    finally:
        shutil.rmtree(base, ignore_errors=True)

    for p in problems:
        print(f"LOST OR DOUBLED: {p}")
    for run in runs:
        assert run.table is not None
        sampled = max(run.hands - args.warmup, 1)
        print(f"{run.name} sessions: {spread(run.samples)}")
        print(
            f"  (info) the saving session's own totals: median "
            f"{statistics.median(run.table.own or [0]):.0f} ms; its server's "
            f"CPU: {1000 * run.cpu / sampled:.0f} ms a hand (entry included); "
            f"the update reached the last other session after a median "
            f"{statistics.median(run.table.received or [0]):.0f} ms"
        )
    print(
        f"every session showed every hand: {'yes' if not problems else 'NO'}; "
        f"the data folders hold exactly the hands saved; {lost} lost taps "
        f"retried (samples dropped); {time.monotonic() - started:.0f} s in all"
    )
    small, large = runs[0], runs[1]
    ratio = statistics.median(large.samples) / statistics.median(small.samples)
    verdict = "ok" if ratio <= TARGET_RATIO else "OVER TARGET"
    floor = ""
    if not args.no_floor:
        f2, fn = runs[2], runs[3]
        floor_ratio = statistics.median(fn.samples) / statistics.median(f2.samples)
        floor = (
            f"; the bare-Flet pubsub floor ({size} vs 2 sessions, click to "
            f"last session's number): {floor_ratio:.2f}"
        )
    print(
        f"table/baseline ratio ({size} vs 2 sessions, median Save to last "
        f"session's totals): {ratio:.2f} (target <= {TARGET_RATIO}) {verdict}" + floor
    )
    return 0 if ratio <= TARGET_RATIO and not problems else 1


if __name__ == "__main__":
    sys.exit(main())
