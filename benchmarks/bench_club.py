"""A club night on one server: 16 tables playing at once, against one table.

Run ``python -m benchmarks.bench_club`` (``--quick``: 4 tables, 12
Saves; ``--tables`` 16, ``--phones`` 3 a table, ``--boards`` 2, ``--saves``
40 in each phase, ``--every`` 0.5 s between two Saves, ``--seed``).
Not a pytest test. Requirement (issue 26): with 16 tables of 2-4 phones each
plus two boards on one server, the median time from a Save to the other
phone's new totals is at most 1.5 x the same with one table, both measured in
this one run; and the server's memory per session is printed.

How (service-level clients, in one process, as the server runs them):

* every session is the app's own ``Session`` on a real ``flet`` page of a real
  ``flet`` session, whose connection encodes every message exactly as
  flet-web's does (msgpack, the same encoder) and notes when it was sent;
  no socket and no browser (a browser per phone would measure this
  machine's 2 cores drawing 50 pages, not the server). All the sessions share
  one event loop, one thread pool and one pubsub hub, as under uvicorn;
* a tournament of ``2 x tables`` entrants to 500 (the count-form hand of
  ``tests/e2e/count_hand.py``, 2 - 1, never ends a match): its first round
  gives ``tables`` tables. Each table's phones are seated with that table's
  code (``ui/access/club_codes.py``) and show its scoreboard; the boards show the
  club's board (the board's code) and one organizer its screen;
* a Save is what the hand entry's Save calls: ``session.apply(lambda t:
  t.add_hand(match, hand, expected_index=i), routes.MATCH)``, run in the
  thread pool as flet runs a handler; the sample is the time from the call to
  the moment the table's *other* phone's connection has sent the message
  that draws the new totals (checked on its drawn scoreboard);
* phase 1 (baseline): one table (a tournament of 2 entrants: its phones,
  the boards and the organizer); phase 2: the whole club. In each,
  ``--saves`` Saves, one every ``--every`` seconds on average somewhere (the
  issue's "a Save every few seconds somewhere", made busier), each at a
  random table from a random phone; the median of each and their ratio
  (``club/one table ratio: X.XX (target <= 1.5)``); also how many sessions
  each Save redrew (only that table's phones, the boards and the organizer)
  and the server's resident memory per session (RSS grown while the
  sessions opened, divided by their number).

Exit status 1 when the ratio is over the target, a Save's totals did not
reach its other phone, or a Save redrew another table's phone.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import random
import statistics
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO_ROOT))

import msgpack  # noqa: E402
from flet.controls.base_control import BaseControl  # noqa: E402
from flet.controls.context import _context_page  # noqa: E402
from flet.messaging.connection import Connection  # noqa: E402
from flet.messaging.protocol import (  # noqa: E402
    Message,
    MessageAction,
    RegisterClientResponseBody,
    configure_encode_object_for_msgpack,
)
from flet.messaging.session import Session as FletSession  # noqa: E402
from flet.pubsub.pubsub_hub import PubSubHub  # noqa: E402

from scorekeeper.core.model import Preset, Rules  # noqa: E402
from scorekeeper.core.tournament import System  # noqa: E402
from scorekeeper.table import TableService  # noqa: E402
from scorekeeper.ui import routes  # noqa: E402
from scorekeeper.ui.access.club_codes import Place, codes_of  # noqa: E402
from scorekeeper.ui.app import new_session  # noqa: E402
from scorekeeper.ui.screens.club.state import ClubState  # noqa: E402
from scorekeeper.ui.shell.session import Session  # noqa: E402
from scorekeeper.ui.shell.wakelock import ScreenAwake  # noqa: E402
from tests.builders import plain_hand  # noqa: E402
from tests.unit.fakes import find  # noqa: E402

TARGET_RATIO = 1.5
ENCODE = configure_encode_object_for_msgpack(BaseControl)
# the count-form hand: spades and cards even, side 1 the due and the
# settebello, side 2 the fante: 2 - 1
HAND = plain_hand()


# The wakelock is the browser's (a service call no client answers here): off.
ScreenAwake.want = lambda self, on: None  # type: ignore[method-assign]


class Wire(Connection):
    """A connection that encodes each message as flet-web does and notes
    when it was sent and how big it was."""

    def __init__(self, loop, executor, hub) -> None:
        super().__init__()
        self.loop, self.executor, self.pubsubhub = loop, executor, hub
        self.page_url = "http://127.0.0.1:8550"
        self.sent: list[tuple[float, int]] = []
        self.bytes = 0
        self.waiter: tuple[threading.Event, object] | None = None
        self.shown_at = 0.0

    def send_message(self, message: Message) -> None:
        body = msgpack.packb([message.action, message.body], default=ENCODE)
        now = time.perf_counter()
        self.sent.append((now, len(body)))
        self.bytes += len(body) + 1
        waiter = self.waiter
        if waiter is not None and waiter[1]():  # type: ignore[operator]
            self.waiter = None
            self.shown_at = now  # the moment the message left, not when seen
            waiter[0].set()


class Phone:
    """One session: the app's Session on a flet page over a Wire."""

    def __init__(self, table: TableService, wire: Wire) -> None:
        self.wire = wire
        # what flet-web does when a browser registers: the page patched with
        # the client's size and route, sent whole, then the app's main
        self.flet = FletSession(wire)  # the page holds it weakly
        self.page = self.flet.page
        self.flet.apply_page_patch({"route": "/", "width": 360, "height": 740})
        wire.send_message(
            Message(
                MessageAction.REGISTER_CLIENT,
                RegisterClientResponseBody(
                    session_id=self.flet.id,
                    page_patch=self.flet.get_page_patch(),
                    error="",
                ),
            )
        )
        _context_page.set(self.page)
        self.app: Session = new_session(self.page, table)
        self.app.start()

    def redraws(self) -> int:
        return len(self.wire.sent)

    def total(self, side: int) -> str | None:
        try:
            return find(self.page.views[-1], f"score-total-{side}").value
        except LookupError:
            return None


def rss_kib() -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


class Club:
    def __init__(self, table, loop, executor, hub, tables, phones, boards, organizer):
        self.table = table
        entrants = [[f"Giocatore {i + 1}"] for i in range(2 * tables)]
        t = table.club.create(
            "Serata", Rules.preset(Preset.CLASSICO, 500), entrants, System.ROUND_ROBIN
        ).value
        self.night = table.club.start_round(t.id).value
        codes = codes_of(table)
        before = rss_kib()

        def phone() -> Phone:
            return Phone(table, Wire(loop, executor, hub))

        self.tables: list[list[Phone]] = []
        for number in range(1, tables + 1):
            at = []
            for _ in range(phones):
                p = phone()
                p.app.present_code(codes.code(Place(t.id, number)))
                p.app.go(routes.MATCH)
                at.append(p)
            self.tables.append(at)
        self.watchers: list[Phone] = []
        for _ in range(boards):
            p = phone()
            p.app.present_code(codes.code(Place(t.id)))
            p.app.go(routes.BOARD)
            self.watchers.append(p)
        if organizer:
            p = phone()
            p.app.states.put(type(p.app.states.of(ClubState))(night=t.id))
            p.app.go(routes.CLUB_NIGHT)
            self.watchers.append(p)
        self.sessions = sum(len(a) for a in self.tables) + len(self.watchers)
        self.rss_per_session = (rss_kib() - before) / max(1, self.sessions)
        self.hands = [0] * tables

    def match_id(self, index: int) -> str:
        return self.night.match_id(1, index + 1)


async def save(club: Club, index: int, rng: random.Random, loop, executor) -> float:
    """One Save at table *index* from a random phone: the seconds until the
    table's other phone's connection sent the message drawing the new totals."""
    saver, other = rng.sample(club.tables[index], 2)
    i = club.hands[index]
    club.hands[index] += 1
    expected = str(2 * (i + 1))
    done = threading.Event()
    other.wire.waiter = (done, lambda: other.total(0) == expected)
    mid = club.match_id(index)

    def tap() -> None:  # what the hand entry's Save calls
        saver.app.apply(lambda t: t.add_hand(mid, HAND, expected_index=i), routes.MATCH)

    start = time.perf_counter()
    await loop.run_in_executor(executor, tap)
    while not done.is_set():
        await asyncio.sleep(0.0002)
        if time.perf_counter() - start > 10:
            raise SystemExit(
                f"table {index + 1}: hand {i + 1} never reached the other phone "
                f"(it shows {other.total(0)}, route {other.app.route})"
            )
    return other.wire.shown_at - start


async def who_draws(club: Club, index: int, rng, loop, executor) -> tuple[int, int]:
    """One Save at table *index* alone: how many sessions drew it, and how
    many of those were another table's phones (should be none)."""
    everyone = [p for a in club.tables for p in a] + club.watchers
    counts = {id(p): p.redraws() for p in everyone}
    await save(club, index, rng, loop, executor)
    await asyncio.sleep(0.2)  # every redraw it causes has landed
    drew = [p for p in everyone if p.redraws() != counts[id(p)]]
    mine = club.tables[index] + club.watchers
    return len(drew), len([p for p in drew if p not in mine])


async def play(club: Club, args, rng, loop, executor, samples: list[float]) -> None:
    """``args.saves`` Saves, each at a random table, one every ``args.every``
    seconds on average (shifted at random), each one's time into *samples*
    (a Save not finished when the next one comes runs alongside it)."""
    running = []
    busy: set[int] = set()  # a table saves one hand at a time

    async def at(k: int) -> float:
        busy.add(k)
        try:
            return await save(club, k, rng, loop, executor)
        finally:
            busy.discard(k)

    for _ in range(args.saves):
        free = [k for k in range(len(club.tables)) if k not in busy]
        while not free:
            await asyncio.sleep(0.001)
            free = [k for k in range(len(club.tables)) if k not in busy]
        running.append(asyncio.create_task(at(rng.choice(free))))
        await asyncio.sleep(args.every * rng.uniform(0.5, 1.5))
    samples.extend(await asyncio.gather(*running))


async def run(args) -> int:
    logging.getLogger().setLevel(logging.ERROR)
    loop = asyncio.get_running_loop()
    executor = ThreadPoolExecutor(max_workers=8)
    rng = random.Random(args.seed)
    results = {}
    for phase in ("one", "club"):
        with tempfile.TemporaryDirectory() as tmp:
            table = TableService.open(Path(tmp) / "data")
            hub = PubSubHub(loop=loop, executor=executor)
            tables = 1 if phase == "one" else args.tables
            club = Club(
                table, loop, executor, hub, tables, args.phones, args.boards, True
            )
            await asyncio.sleep(0.5)
            samples: list[float] = []
            await play(club, args, rng, loop, executor, samples)
            await asyncio.sleep(0.3)
            checks = [
                await who_draws(club, k, rng, loop, executor)
                for k in range(min(tables, 4))
            ]
            drawn = [n for n, _ in checks]
            strangers = sum(bad for _, bad in checks)
            results[phase] = (samples, drawn, strangers, club)
            table.close()
    one, club_run = results["one"], results["club"]
    m1 = statistics.median(one[0]) * 1000
    m16 = statistics.median(club_run[0]) * 1000
    ratio = m16 / m1
    c = club_run[3]
    print(
        f"one table: {len(one[0])} Saves, {len(c.tables[0])} phones: median "
        f"{m1:.2f} ms (min {min(one[0]) * 1000:.2f}, max {max(one[0]) * 1000:.2f})"
    )
    print(
        f"club: {len(c.tables)} tables x {args.phones} phones + {args.boards} "
        f"boards + 1 organizer = {c.sessions} sessions, {len(club_run[0])} Saves: "
        f"median {m16:.2f} ms (min {min(club_run[0]) * 1000:.2f}, "
        f"max {max(club_run[0]) * 1000:.2f})"
    )
    print(
        f"sessions a Save redrew: {max(club_run[1])} "
        f"(of {c.sessions}); another table's phone redrawn: {club_run[2]} times"
    )
    print(
        f"server memory per session: {c.rss_per_session:.0f} KiB "
        f"(RSS grown while {c.sessions} sessions opened)"
    )
    print(f"club/one table ratio: {ratio:.2f} (target <= {TARGET_RATIO})")
    return 0 if ratio <= TARGET_RATIO and club_run[2] == 0 and one[2] == 0 else 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=16)
    parser.add_argument("--phones", type=int, default=3)
    parser.add_argument("--boards", type=int, default=2)
    parser.add_argument("--every", type=float, default=0.5)
    parser.add_argument("--saves", type=int, default=40)
    parser.add_argument("--seed", type=int, default=26)
    parser.add_argument("--quick", action="store_true", help="4 tables, 5 s")
    args = parser.parse_args(argv)
    if args.quick:
        args.tables, args.saves = 4, 12
    return asyncio.run(run(args))


if __name__ == "__main__":
    raise SystemExit(main())
