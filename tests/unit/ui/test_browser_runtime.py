"""The browser runtime under CPython, with the Pyodide calls replaced by fakes:
it imports, flushes never overlap and are coalesced, a second tab is refused
and loads nothing, every table change schedules a flush."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from pathlib import Path
from types import SimpleNamespace

import scorekeeper.ui.hosting.browser as browser
import scorekeeper.ui.shell.saving_soon as keeping_module
from scorekeeper.storage import StoredMatch
from scorekeeper.table import Changed, TableService
from scorekeeper.table.mode import browser_mode
from scorekeeper.ui import routes
from scorekeeper.ui.app import new_session
from scorekeeper.ui.hosting.browser import BrowserRuntime
from scorekeeper.ui.screens.hand_entry.state import EntryState
from scorekeeper.ui.screens.scoreboard import view as scoreboard
from scorekeeper.ui.shell.put_off import Later, kind_of
from tests.builders import ANNA_BRUNO, memory_table
from tests.event_loops import run_coroutine
from tests.unit.fakes import FakePage, find, make_session, select


@dataclass
class FakeBrowser:
    """Records what the runtime asks of Pyodide."""

    lock_answers: list[str] = field(default_factory=lambda: ["held"])
    calls: list[str] = field(default_factory=list)
    gate: asyncio.Event | None = None

    async def syncfs(self, populate: bool) -> None:
        self.calls.append("load" if populate else "write")
        if self.gate is not None and not populate:
            await self.gate.wait()

    def mount(self, path: Path) -> None:
        self.calls.append(f"mount {path}")

    async def lock(self, name: str) -> str:
        self.calls.append(f"lock {name}")
        # the last answer repeats
        if len(self.lock_answers) > 1:
            return self.lock_answers.pop(0)
        return self.lock_answers[0]

    async def persisted(self) -> bool | None:
        self.calls.append("persisted")
        return True

    def runtime(self) -> BrowserRuntime:
        return BrowserRuntime(
            syncfs=self.syncfs,
            mount_fs=self.mount,
            request_lock=self.lock,
            read_persisted=self.persisted,
        )


def test_the_module_imports_under_cpython_without_pyodide():
    assert browser.RUNTIME.persisted is None
    assert str(browser.DATA_DIR) == "/spazzino-data"


def test_start_locks_then_loads_the_data_then_reads_persistence():
    fake = FakeBrowser()
    runtime = fake.runtime()
    assert run_coroutine(runtime.start()) is True
    assert fake.calls == [
        f"lock {browser.TAB_LOCK}",
        "mount /spazzino-data",
        "load",
        "persisted",
    ]
    assert (runtime.mounted, runtime.persisted, runtime.tab_lock) == (
        True,
        True,
        "held",
    )


def test_a_second_tab_is_refused_after_retries_and_loads_nothing():
    fake = FakeBrowser(lock_answers=["taken"])
    runtime = fake.runtime()

    async def start() -> bool:
        return await runtime.acquire_tab_lock(attempts=3, delay=0) and (
            await runtime.start()
        )

    assert run_coroutine(start()) is False
    assert all(call.startswith("lock") for call in fake.calls)
    assert len(fake.calls) == 3
    assert not runtime.mounted


def test_a_reloaded_tab_gets_the_lock_once_the_old_page_let_go():
    fake = FakeBrowser(lock_answers=["taken", "taken", "held"])
    runtime = fake.runtime()
    assert run_coroutine(runtime.acquire_tab_lock(attempts=5, delay=0)) is True
    assert runtime.tab_lock == "held"


def test_a_browser_without_web_locks_is_let_in():
    runtime = FakeBrowser(lock_answers=["unsupported"]).runtime()
    assert run_coroutine(runtime.acquire_tab_lock(attempts=1)) is True


def test_flushes_never_overlap_and_a_waiting_one_is_coalesced():
    fake = FakeBrowser()
    runtime = fake.runtime()

    async def scenario() -> list[str]:
        await runtime.mount()
        fake.gate = asyncio.Event()
        first = asyncio.ensure_future(runtime.flush())
        await asyncio.sleep(0)  # the first write is under way
        second = asyncio.ensure_future(runtime.flush())
        third = asyncio.ensure_future(runtime.flush())
        await asyncio.sleep(0)
        writes_while_blocked = fake.calls.count("write")
        fake.gate.set()
        await asyncio.gather(first, second, third)
        return [str(writes_while_blocked), str(fake.calls.count("write"))]

    # one write at a time; the two waiting flushes share the second write
    assert run_coroutine(scenario()) == ["1", "2"]
    assert runtime.flushes == 2


def test_the_module_flush_writes_this_tabs_runtime(monkeypatch):
    fake = FakeBrowser()
    runtime = fake.runtime()
    monkeypatch.setattr(browser, "RUNTIME", runtime)

    async def scenario() -> None:
        await runtime.mount()
        await browser.flush()

    run_coroutine(scenario())
    assert fake.calls[-1] == "write"
    assert runtime.flushes == 1


def test_nothing_is_flushed_before_the_data_is_loaded():
    fake = FakeBrowser()
    run_coroutine(fake.runtime().flush())
    assert fake.calls == []


def browser_session(flush):
    """A session of a fresh table in the browser mode, on a fake page."""
    table = memory_table()
    session = new_session(FakePage(), table, browser_mode(flush, lambda: False))
    session.render()
    return session


def test_a_change_in_the_browser_is_acknowledged_only_once_it_is_flushed():
    """The screen says saved (done, redraw, broadcast) after the flush."""
    events: list[str] = []

    async def flush() -> None:
        events.append("flushed")

    session = browser_session(flush)
    setup = ANNA_BRUNO
    session.apply(
        lambda table: table.start_match(setup),
        routes.MATCH,
        done=lambda _: events.append("done"),
    )
    assert events == [] and session.page.pubsub.sent == []
    assert session.route != routes.MATCH
    handler, args = session.page.tasks[-1]
    run_coroutine(handler(*args))
    assert events == ["flushed", "done"]
    assert len(session.page.pubsub.sent) == 1
    assert session.route == routes.MATCH


def test_a_change_the_browser_did_not_write_says_so_on_the_phone():
    async def flush() -> None:
        raise OSError("IndexedDB sync failed: QuotaExceededError")

    session = browser_session(flush)
    setup = ANNA_BRUNO
    session.apply(lambda table: table.start_match(setup))
    handler, args = session.page.tasks[-1]
    run_coroutine(handler(*args))
    assert session.error == session.t("err.not_durable")


def test_the_browser_mode_has_one_phone_and_backups_in_the_settings():
    session = browser_session(BrowserRuntime().flush_reported)
    assert not session.mode.other_phones
    assert session.mode.backups_in_settings
    assert session.mode.persistent_storage() is False


def test_a_failed_flush_is_remembered_for_the_settings_screen():
    async def failing(populate: bool) -> None:
        if not populate:
            raise OSError("IndexedDB sync failed: QuotaExceededError")

    runtime = FakeBrowser().runtime()
    runtime.syncfs = failing

    async def scenario() -> None:
        await runtime.mount()
        runtime.schedule_flush()
        await asyncio.gather(*runtime._tasks)

    run_coroutine(scenario())
    assert "QuotaExceededError" in (runtime.last_flush_error or "")


def test_the_browser_build_has_no_route_to_connect_another_phone():
    """A typed /collega in the browser build shows home, not the LAN screen."""
    session = browser_session(BrowserRuntime().flush_reported)
    session.render(routes.CONNECT)
    assert [view.route for view in session.page.views] == [routes.HOME]


def test_a_failed_upkeep_in_the_browser_is_logged_not_told_as_not_durable(caplog):
    """The saved hand's draft not cleared is upkeep (TableService.tidy): the
    change is flushed and shown, and the log says what failed."""
    flushed: list[str] = []

    async def flush() -> None:
        flushed.append("flushed")

    session = browser_session(flush)

    def broken() -> None:
        raise RuntimeError("upkeep broke")

    def start_leaving_broken_upkeep(table: TableService) -> Changed[StoredMatch]:
        changed = table.start_match(ANNA_BRUNO)
        table._upkeep.append(broken)  # as add_hand leaves its draft to clear
        return changed

    session.apply(start_leaving_broken_upkeep, routes.MATCH)
    handler, args = session.page.tasks[-1]
    run_coroutine(handler(*args))
    assert flushed == ["flushed"]
    assert session.error is None and session.route == routes.MATCH
    assert "the storage upkeep after a change failed" in caplog.text


def keep_tasks(session) -> list:
    """The flushes ``Session.keep_soon`` put off, in the order asked."""
    return [t for t in session.page.tasks if kind_of(t[0]) is Later.KEEP]


def playing_browser_session(flush, monkeypatch):
    """A browser-build session with a match started (its flush run) and no
    delay before a kept step is flushed."""
    monkeypatch.setattr(keeping_module, "KEEP_DELAY_S", 0)
    session = browser_session(flush)
    session.apply(
        lambda table: table.start_match(ANNA_BRUNO),
        routes.MATCH,
    )
    handler, args = session.page.tasks.pop()
    run_coroutine(handler(*args))
    session.page.tasks.clear()
    return session


def test_a_hand_half_entered_in_the_browser_is_flushed_once_after_a_burst_of_taps(
    monkeypatch,
):
    """Each tap of the entry stores the draft in memory; one flush to IndexedDB
    follows the last tap of a burst (a tab the phone discards keeps it)."""
    flushed: list[str | None] = []
    tables: list[TableService] = []  # the session's, once it is made

    async def flush() -> None:
        if tables:  # what the flush finds stored: the draft of the last tap
            (table,) = tables
            flushed.append("draft" if table.has_draft(table.current().id) else None)

    session = playing_browser_session(flush, monkeypatch)
    tables.append(session.table)
    scoreboard.start_hand(session)
    view = session.page.views[-1]
    for side in ("0", "1", "0"):
        select(find(view, "entry-settebello"), side)
        view = session.page.views[-1]
    kept = keep_tasks(session)
    assert len(kept) == 3
    for handler, args in kept:
        run_coroutine(handler(*args))
    assert flushed == ["draft"]  # once, after the last tap, with the draft in it


def test_taps_that_never_pause_still_reach_indexeddb_within_keep_max_s(monkeypatch):
    """A flush put off by later taps is made anyway once the first step not
    flushed has waited ``KEEP_MAX_S`` (before, taps without a one-second
    pause put it off until they stopped), and once only for that burst."""
    flushed: list[str] = []

    async def flush() -> None:
        flushed.append("flushed")

    clock = [100.0]
    monkeypatch.setattr(
        keeping_module, "time", SimpleNamespace(monotonic=lambda: clock[0])
    )
    session = playing_browser_session(flush, monkeypatch)
    flushed.clear()  # the match's start
    scoreboard.start_hand(session)
    taps = [0.8 * i for i in range(8)]  # 0.8 s apart: never a one-second pause
    for i, second in enumerate(taps):
        clock[0] = 100.0 + second
        view = session.page.views[-1]
        select(find(view, "entry-settebello"), str(i % 2))
    kept = keep_tasks(session)
    assert len(kept) == len(taps)
    clock[0] = 100.0 + 1.0  # the first tap's delay ends: a later tap came
    run_coroutine(kept[0][0](*kept[0][1]))
    assert flushed == []
    clock[0] = 100.0 + taps[4] + 1.0  # the fifth tap's: 4.2 s, not overdue yet
    run_coroutine(kept[4][0](*kept[4][1]))
    assert flushed == []
    clock[0] = 100.0 + taps[5] + 1.0  # the sixth tap's: 5.0 s since the first
    run_coroutine(kept[5][0](*kept[5][1]))
    assert flushed == ["flushed"]
    for handler, args in kept[6:]:  # the burst's later taps: in that flush
        run_coroutine(handler(*args))
    assert flushed == ["flushed"]


def test_a_step_of_the_live_tally_in_the_browser_is_flushed_soon(monkeypatch):
    flushed: list[str] = []

    async def flush() -> None:
        flushed.append("flushed")

    session = playing_browser_session(flush, monkeypatch)
    flushed.clear()
    match_id = session.table.current().id
    session.apply(lambda table: table.record_live(match_id, lambda t: t.piccola(0)))
    (kept,) = keep_tasks(session)
    run_coroutine(kept[0](*kept[1]))
    assert flushed == ["flushed"]


def test_a_draft_flush_that_fails_is_logged_and_the_entry_stays(monkeypatch, caplog):
    failing: list[bool] = []  # the match starts; the draft's flush fails

    async def flush() -> None:
        if failing:
            raise OSError("IndexedDB sync failed: QuotaExceededError")

    session = playing_browser_session(flush, monkeypatch)
    failing.append(True)
    scoreboard.start_hand(session)
    select(find(session.page.views[-1], "entry-settebello"), "0")
    (kept,) = keep_tasks(session)
    run_coroutine(kept[0](*kept[1]))
    assert "a draft or the live tally was not made durable" in caplog.text
    assert "QuotaExceededError" in caplog.text
    assert (
        session.states.find(EntryState) is not None
        and session.states.find(EntryState).draft.settebello == 0
    )


def test_the_server_flushes_nothing_after_a_draft_it_stored_durably():
    table = memory_table()
    table.start_match(ANNA_BRUNO)
    session = make_session(table, routes.MATCH)
    scoreboard.start_hand(session)
    select(find(session.page.views[-1], "entry-settebello"), "0")
    assert (
        session.states.find(EntryState) is not None
        and session.states.find(EntryState).draft.settebello == 0
    )
    assert keep_tasks(session) == []


def test_a_start_from_the_builds_snapshot_draws_new_random_numbers(monkeypatch):
    """The web build's memory snapshot (webbuild/snapshot.py) holds random's
    state as the build seeded it (0): run() reseeds, or every phone's every
    start would draw the same numbers."""
    import random

    import flet as ft

    monkeypatch.setattr(ft, "run", lambda main: None)
    monkeypatch.setattr(browser, "preload", lambda: None)
    random.seed(0)
    as_built = [random.random() for _ in range(3)]
    random.seed(0)
    browser.run()
    assert [random.random() for _ in range(3)] != as_built
