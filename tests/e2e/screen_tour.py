"""The screen tour: every screen and state of the app, photographed at a
phone's 360x740 and a laptop's 1280x720 (the club's board also at 1920x1080),
in Italian on a light theme and in English on a dark one, each shot checked
(``screen_checks.py``): the texts the accessibility tree says are in view are
read on the pixels, no grey error box, no Flutter exception in the browser's
console, no traceback on the server.

One gated server (a club night needs table codes), one browser; a pass is one
browser context (a player's phone, resized to a laptop and back at each stop),
plus a context for a seated club phone and one for the boards.

Run by ``tests/e2e/test_screen_tour.py`` (one test per stop), each pass in a
process of its own, started as the test session's collection ends
(``ahead.py``), beside the workers; its tests read the results it saved. Or
alone:
``python -m tests.e2e.screen_tour [--all] [--pass=en-dark] [--part=club]
[--gallery] [--results=FILE]`` (``--all``: the four language x theme passes;
``--pass``: one of them; ``--part``: one part of a pass (``PARTS``);
``--gallery``: write docs/gallery/ and docs/GALLERY.md from the shots;
``--results``: save the results as JSON).
"""

from __future__ import annotations

import json
import re
import sys
import time
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from playwright.sync_api import expect

from scorekeeper.i18n import Translator
from tests.e2e import helpers, screen_checks
from tests.e2e.entry_steps import chips_to_side_1
from tests.e2e.helpers import button, node, tap, tap_until, tap_until_shown

PHONE = {"width": 360, "height": 740}
LAPTOP = {"width": 1280, "height": 720}
TV = {"width": 1920, "height": 1080}
SCALE = 2
"""Device pixels per CSS pixel: OCR reads a 12 px breakdown reliably at 2."""

PLAYERS = ("Anna", "Bruno", "Carla", "Dario", "Elena", "Fabio")

STOPS = (
    "settings",
    "rules",
    "home",
    "new-match-empty",
    "new-match-filled",
    "scoreboard-empty",
    "entry-empty",
    "entry-half",
    "entry-full",
    "scoreboard-one-hand",
    "dialog-hand",
    "dialog-in-progress",
    "live",
    "declaration",
    "match-over",
    "history",
    "match-detail",
    "statistics",
    "connect",
    "club-new",
    "club-night",
    "club-qr",
    "code",
    "club-seat",
    "club-board",
    "board-match",
)
"""Every stop of a pass, in its order: the names of the tests and the shots."""

PASSES = (("it", "light"), ("en", "dark"))
"""What CI runs: each language and each theme on every screen."""
LAPTOP_PASS = ("it", "light")
"""The pass that shoots each phone screen at the laptop's size too: a
layout is the same in either language and theme, and English's longer
words break first on the phone's 360 px. The organizer's screens (at a
laptop) and the TV's (the club's board, a table's board) are shot at their
sizes in every pass."""
ALL_PASSES = (("it", "light"), ("it", "dark"), ("en", "light"), ("en", "dark"))


@dataclass(frozen=True)
class Finding:
    """Something a shot shows wrong."""

    stop: str
    where: str  # "it-light 360x740"
    problem: str
    shot: Path | None

    def __str__(self) -> str:
        return f"{self.stop} [{self.where}]: {self.problem} ({self.shot})"


@dataclass
class Shot:
    stop: str
    lang: str
    theme: str
    size: dict[str, int]
    path: Path

    @property
    def where(self) -> str:
        return f"{self.lang}-{self.theme} {self.size['width']}x{self.size['height']}"


@dataclass
class Results:
    """What the tour saw: every shot and every finding, by stop."""

    shots: list[Shot] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)
    reached: set[str] = field(default_factory=set)
    seconds: float = 0.0
    http_errors: set[str] = field(default_factory=set)
    """Requests the app's pages made that failed (told, not failed on)."""
    ocr: list[tuple[Shot, Future[list[screen_checks.Missing]]]] = field(
        default_factory=list
    )

    def of(self, stop: str) -> list[Finding]:
        return [f for f in self.findings if f.stop == stop]

    def settle_ocr(self) -> None:
        """Compare what OCR read with the texts of each shot."""
        for shot, reading in self.ocr:
            try:
                missed = reading.result()
            except Exception as error:  # noqa: BLE001 - reported as a finding
                self.findings.append(
                    Finding(shot.stop, shot.where, f"OCR failed: {error}", shot.path)
                )
                continue
            for missing in missed:
                self.findings.append(
                    Finding(shot.stop, shot.where, str(missing), shot.path)
                )
        self.ocr.clear()

    def save(self, path: Path) -> None:
        """The results as JSON (OCR settled first), for :meth:`of_json`."""
        self.settle_ocr()
        path.write_text(
            json.dumps(
                {
                    "shots": [
                        [s.stop, s.lang, s.theme, s.size, str(s.path)]
                        for s in self.shots
                    ],
                    "findings": [
                        [f.stop, f.where, f.problem, f.shot and str(f.shot)]
                        for f in self.findings
                    ],
                    "reached": sorted(self.reached),
                    "seconds": self.seconds,
                    "http_errors": sorted(self.http_errors),
                }
            ),
            encoding="utf-8",
        )

    @classmethod
    def merged(cls, parts: list[Results]) -> Results:
        """The results of passes run apart (``ahead.TOUR_PASSES``) as one."""
        return cls(
            shots=[s for r in parts for s in r.shots],
            findings=[f for r in parts for f in r.findings],
            reached=set().union(*(r.reached for r in parts)),
            seconds=max((r.seconds for r in parts), default=0.0),
            http_errors=set().union(*(r.http_errors for r in parts)),
        )

    @classmethod
    def of_json(cls, saved: dict) -> Results:
        return cls(
            shots=[Shot(*s[:4], Path(s[4])) for s in saved["shots"]],
            findings=[
                Finding(*f[:3], Path(f[3]) if f[3] else None) for f in saved["findings"]
            ],
            reached=set(saved["reached"]),
            seconds=saved["seconds"],
            http_errors=set(saved["http_errors"]),
        )


class Pass:
    """One language and theme: its contexts, its shots, its checks."""

    def __init__(
        self,
        browser,
        server,
        out: Path,
        lang: str,
        theme: str,
        results: Results,
        pool: ThreadPoolExecutor,
    ) -> None:
        self.browser, self.server, self.out = browser, server, out
        self.lang, self.theme = lang, theme
        self.results, self.pool = results, pool
        self.t = Translator(lang).t
        self.console: list[str] = []
        self.foreign: list[str] = []  # requests to another origin, aborted
        self.log_seen = len(server.log())
        self.contexts: list = []

    # -- contexts and checks ---------------------------------------------------
    def new_page(self, size: dict[str, int] = PHONE):
        context = self.browser.new_context(
            viewport=size,
            device_scale_factor=SCALE,
            locale="it-IT" if self.lang == "it" else "en-GB",
            color_scheme=self.theme,
        )
        context.set_default_timeout(20_000)
        context.route("**/*", self._offline_only)
        self.contexts.append(context)
        page = context.new_page()
        page.add_init_script(helpers.FRAMES_ASKED)
        page.on("console", lambda m: self.console.append(m.text))
        page.on("pageerror", lambda e: self.console.append(f"EXCEPTION CAUGHT {e}"))
        page.on(
            "response",
            lambda r: (
                self.results.http_errors.add(f"{r.status} {r.url}")
                if r.status >= 400
                else None
            ),
        )
        return page

    def _offline_only(self, route) -> None:
        """Requests off the app server are aborted, and told as a finding of
        the next shot: the app asks nothing of any other origin."""
        if route.request.url.startswith(self.server.url):
            route.continue_()
        else:
            self.foreign.append(route.request.url)
            route.abort()

    def close(self) -> None:
        for context in self.contexts:
            context.close()
        self.contexts.clear()

    def open(self, page, path: str) -> None:
        helpers_load(page, self.server.url + path)

    def stop(
        self,
        name: str,
        page,
        ids: tuple[str, ...] = (),
        texts: tuple[str, ...] = (),
        sizes: tuple[dict[str, int], ...] | None = None,
        top: bool = True,
    ) -> None:
        """Photograph ``page`` at each size (a phone's screen: the phone's,
        and the laptop's in :data:`LAPTOP_PASS`), scrolled to its top unless
        ``top`` is false (a dialog's page stays as it is); check each shot."""
        assert name in STOPS, name
        self.results.reached.add(name)
        if sizes is None:
            laptop = (self.lang, self.theme) == LAPTOP_PASS
            sizes = (PHONE, LAPTOP) if laptop else (PHONE,)
        for size in sizes:
            if page.viewport_size != size:
                page.set_viewport_size(size)
            if top:
                page.mouse.move(size["width"] // 2, size["height"] // 2)
                page.mouse.wheel(0, -5000)
                helpers.next_frames(page)  # the wheel's scroll begun
            shot = Shot(name, self.lang, self.theme, size, self._path(name, size))
            expected = self._shoot(page, shot, ids, texts)
            self.results.shots.append(shot)
            self._check(shot, expected)
        if page.viewport_size != sizes[0]:
            page.set_viewport_size(sizes[0])

    def _shoot(
        self, page, shot: Shot, ids: tuple[str, ...], texts: tuple[str, ...]
    ) -> list[str]:
        """The shot taken once the page is at rest, and the texts it must
        show, read from that rest."""
        settle(page)
        expected = [*texts, *heading(page), *in_view(page, ids, shot.size)]
        page.screenshot(path=str(shot.path))
        return expected

    def _path(self, name: str, size: dict[str, int]) -> Path:
        folder = self.out / f"{self.lang}-{self.theme}"
        folder.mkdir(parents=True, exist_ok=True)
        return folder / f"{name}-{size['width']}x{size['height']}.png"

    def _check(self, shot: Shot, expected: list[str]) -> None:
        found = self.results.findings
        said, self.console[:] = list(self.console), []
        for line in said:
            if screen_checks.CONSOLE_FAILURES.search(line):
                found.append(
                    Finding(shot.stop, shot.where, f"console: {line}", shot.path)
                )
        asked, self.foreign[:] = list(self.foreign), []
        for url in asked:
            found.append(Finding(shot.stop, shot.where, f"request to {url}", shot.path))
        log = self.server.log()
        new, self.log_seen = log[self.log_seen :], len(log)
        if screen_checks.SERVER_FAILURES.search(new):
            found.append(
                Finding(
                    shot.stop, shot.where, f"server: {new.strip()[-600:]}", shot.path
                )
            )
        box = screen_checks.error_box(shot.path, SCALE)
        if box is not None:
            found.append(
                Finding(shot.stop, shot.where, f"grey error box at {box}", shot.path)
            )
        reading = self.pool.submit(
            screen_checks.missing_on, shot.path, self.lang, expected
        )
        self.results.ocr.append((shot, reading))

    def failed(self, name: str, error: BaseException, page) -> None:
        path = self._path(f"{name}-failed", page.viewport_size or PHONE)
        try:
            page.screenshot(path=str(path))
        except Exception:  # noqa: BLE001 - the page may be gone; the error is told
            path = None
        where = f"{self.lang}-{self.theme}"
        first = str(error).strip().splitlines()[0] if str(error).strip() else ""
        self.results.findings.append(
            Finding(name, where, f"tour stopped: {type(error).__name__}: {first}", path)
        )


def helpers_load(page, url: str) -> None:
    from tests.e2e.conftest import load_app

    load_app(page, url)


def admit(page, url: str) -> None:
    """Open ``url`` (an address with the table code) until the session has
    let the phone in: the code leaves the address bar then. A page sent on to
    another address before that was back on the code screen."""
    for _ in range(3):
        helpers_load(page, url)
        try:
            page.wait_for_function(
                "() => !location.search.includes('t=')", timeout=10_000
            )
            return
        except PlaywrightTimeoutError:
            continue
    page.wait_for_function("() => !location.search.includes('t=')")


def settle(page) -> None:
    """Until the picture and the semantics stop changing: semantics can be
    ready before the paint; a page just loaded can be blank a while longer
    (polled, 10 s at most)."""
    helpers.next_frames(page, 2)
    # the pointer aside, in the title bar's empty corner: a control under it
    # is drawn hovered
    size = page.viewport_size or PHONE
    page.mouse.move(size["width"] - 2, 2)
    # no animation running (a dialog fading in, a ripple, a hover leaving)
    helpers.at_rest(page)
    # a page loading or reconnecting shows flet's "Working..." for a while
    previous = b""
    for _ in range(50):
        now = page.screenshot(scale="css")
        ready = not screen_checks.blank(now) and not screen_checks.loading(now)
        if now == previous and ready:
            break
        previous = now
        page.wait_for_timeout(200)
    # where each control is, as the checks read it, at rest too: a picture
    # alike twice under load was once read with the semantics of a layout
    # still changing after the window's resize (a breakdown below the fold
    # taken for one on the screen)
    helpers.settled(page, lambda: page.evaluate(helpers.SEMANTICS_TREE))


def heading(page) -> list[str]:
    found = page.get_by_role("heading")
    return [found.first.inner_text()] if helpers.drawn(found, 300) else []


def in_view(page, ids: tuple[str, ...], size: dict[str, int]) -> list[str]:
    """The texts of the nodes ``ids`` drawn whole inside the window (one
    below the fold, or cut by it, is not on the screen, and need not be)."""
    texts = []
    for identifier in ids:
        for found in node(page, identifier).all():
            box = found.bounding_box()
            if box is None or box["width"] == 0:
                continue
            inside = (
                box["x"] >= 0
                and box["y"] >= 0
                and box["x"] + box["width"] <= size["width"] + 1
                and box["y"] + box["height"] <= size["height"] + 1
                and not at_the_fold(found, box, size)
            )
            text = found.inner_text().strip()
            if inside and text:
                texts.append(text)
    return texts


SCROLLER = """(e, least) => {
    for (let a = e.parentElement; a; a = a.parentElement) {
        if (getComputedStyle(a).overflowY !== "scroll") continue;
        const r = a.getBoundingClientRect();
        if (r.height >= least) return {top: r.top, bottom: r.bottom};
    }
    return null;
}"""
"""The screen's scrolling body around a node: its first scrolling ancestor at
least ``least`` pixels high (a small box scrolled within, a breakdown's four
lines, is passed over)."""


def at_the_fold(found, box: dict[str, float], size: dict[str, int]) -> bool:
    """Whether the node is cut by the edge of the screen's scrolling body, or
    beyond it (under the bar of Save): the rest is a scroll away, as any text
    below the fold. A node inside a small box scrolled within (a breakdown)
    is measured against the screen's body around that box (run 5: a breakdown
    below the body's fold, in a box of its own, was taken for one in view);
    a text cut by the small box itself stays checked."""
    body = found.evaluate(SCROLLER, size["height"] / 2)
    if body is None:
        return False
    return box["y"] + box["height"] >= body["bottom"] - 1 or box["y"] <= body["top"] + 1


# -- the steps ---------------------------------------------------------------------
def choose(page, identifier: str, name: str) -> None:
    helpers.choose(node(page, identifier), name, by_position=True)


def type_into(page, label, text: str, echo=None) -> None:
    helpers.type_into(page, label, text, echo, click=True)


def setup_phone(p: Pass, page) -> None:
    """The pass's language and theme, chosen in the settings."""
    p.open(page, "/impostazioni")
    choose(page, "settings-language", Translator(p.lang).t(f"language.{p.lang}"))
    expect(page.get_by_role("heading", name=p.t("settings.title"))).to_be_visible()
    choose(page, "settings-theme", p.t(f"settings.theme.{p.theme}"))


def tour_pass(
    p: Pass, step: Callable[[str], object], parts: tuple[str, ...] | None = None
) -> None:
    """Every stop of one pass (or of its ``parts``: PARTS' names). ``step(name)``
    marks the stop being reached, for the report of a pass that stops on the
    way."""
    page = p.new_page()
    step("settings")
    admit(page, p.server.printed_url())  # the owner's phone
    setup_phone(p, page)
    for name, part in PARTS.items():
        if parts is None or name in parts:
            part(p, page, step)


def screens_part(p: Pass, page, step: Callable[[str], object]) -> None:
    """The screens that need no match: settings, rules, home."""
    p.stop("settings", page, ("settings-preset-help",))

    step("rules")
    p.open(page, "/regole")
    p.stop("rules", page, ("rules-intro",))

    step("home")
    p.open(page, "/")
    p.stop("home", page)


def four_players_part(p: Pass, page, step: Callable[[str], object]) -> None:
    """A four-player match; its first hand a napoleone with many items."""
    t = p.t
    step("new-match-empty")
    p.open(page, "/nuova")
    expect(node(page, "new-start")).to_be_visible()
    p.stop("new-match-empty", page)
    step("new-match-filled")
    choose(page, "new-count", t("new.four_players"))
    for seat, name in enumerate(PLAYERS[:4], start=1):
        type_into(
            page, t("new.player", seat=seat), name, (node(page, "new-teams"), name)
        )
    p.stop("new-match-filled", page, ("new-teams",))
    step("dialog-in-progress")
    tap_until_shown(
        button(page, "new-start"),
        node(page, "score-total-0").or_(node(page, "new-in-progress-text")).first,
    )
    if helpers.drawn(node(page, "new-in-progress-text")):
        p.stop("dialog-in-progress", page, ("new-in-progress-text",), top=False)
        tap_until_shown(
            button(page, "new-in-progress-abandon"), node(page, "score-total-0")
        )
    step("scoreboard-empty")
    sides = ("Anna & Carla", "Bruno & Dario")
    expect(node(page, "score-total-0")).to_have_text("0")
    p.stop("scoreboard-empty", page, ("score-side-0", "score-side-1"))

    step("entry-empty")
    tap_until_shown(button(page, "score-add-hand"), node(page, "entry-save"))
    p.stop("entry-empty", page, ("entry-status",))
    step("entry-half")
    chips_to_side_1(page, ("A", "2", "3"))  # the others go to side 2
    p.stop("entry-half", page, ("entry-status",))
    step("entry-full")
    chips_to_side_1(page, ("4", "5", "6", "7", "F", "C", "R"))  # a napoleone
    # the settebello turns to the second page, the cards and the play
    helpers.settebello_to(page, sides[0], lang=p.lang)
    type_into(
        page,
        t("entry.cards_of", side=sides[0]),
        "30",
        (node(page, "entry-cards-1-text"), ": 10 "),
    )
    preview = node(page, "entry-preview-0")
    expect(preview).to_contain_text(re.compile(r"\d"))
    # side 2's play: a piccola, a spazzino and a bagari
    for identifier in (
        "entry-piccole-1-plus",
        "entry-spazzino-1-7",
        "entry-bagari-1-3",
    ):
        target = node(page, identifier)
        if helpers.drawn(target):
            before = node(page, "entry-preview-1").inner_text()
            tap(target)
            expect(node(page, "entry-preview-1")).not_to_have_text(before)
    p.stop(
        "entry-full",
        page,
        (
            "entry-preview-0",
            "entry-preview-1",
            "entry-breakdown-0",
            "entry-breakdown-1",
        ),
    )

    step("scoreboard-one-hand")
    save = button(page, "entry-save")
    expect(save).to_be_enabled()
    tap_until_shown(save, node(page, "score-total-0"))
    p.stop("scoreboard-one-hand", page, ("score-total-0", "score-total-1"))
    step("dialog-hand")
    tap_until_shown(node(page, "hand-row-1"), node(page, "detail-close"))
    p.stop("dialog-hand", page, texts=(t("hand.title", number=1),), top=False)
    tap_until_gone(button(page, "detail-close"))


def two_players_part(p: Pass, page, step: Callable[[str], object]) -> None:
    """A two-player match to 10, over in one hand; the live tally and the
    declaration on the way."""
    t = p.t
    step("new-match-empty")
    p.open(page, "/nuova")
    expect(node(page, "new-start")).to_be_visible()
    for seat, name in enumerate(PLAYERS[:2], start=1):
        type_into(
            page, t("new.player", seat=seat), name, (node(page, "new-teams"), name)
        )
    # the target has no echo on this form: the match-over after one hand of
    # 12 (below) is the proof the server had it
    type_into(page, t("new.target"), "10")
    switch = page.get_by_role("switch", name=t("new.early_win"))
    scroll_to(page, switch)
    helpers._until(
        lambda: tap(switch) if switch.get_attribute("aria-checked") != "true" else None,
        lambda timeout: expect(switch).to_be_checked(timeout=timeout),
    )
    tap_until_shown(button(page, "new-start"), node(page, "new-in-progress-text"))
    step("dialog-in-progress")
    p.stop("dialog-in-progress", page, ("new-in-progress-text",), top=False)
    tap_until_shown(
        button(page, "new-in-progress-abandon"), node(page, "score-total-0")
    )

    step("live")
    p.open(page, "/live")
    p.stop("live", page, ("live-points-0", "live-points-1"))

    p.open(page, "/partita")
    step("declaration")
    tap_until_shown(button(page, "score-declare"), node(page, "declare-by"))
    choose(page, "declare-by", "Anna")
    p.stop("declaration", page, ("entry-hints-declaration",))
    helpers.go_back(page, node(page, "score-total-0"))

    step("match-over")
    tap_until_shown(button(page, "score-add-hand"), node(page, "entry-save"))
    chips_to_side_1(page, ("A", "2", "3", "4", "5", "6"))  # 7 F C R to Bruno
    helpers.settebello_to(page, "Anna", lang=p.lang)  # on to the cards' page
    type_into(
        page,
        t("entry.cards_of", side="Anna"),
        "22",
        (node(page, "entry-cards-1-text"), ": 18 "),
    )
    save = button(page, "entry-save")
    expect(save).to_be_enabled()
    tap_until_shown(save, node(page, "over-winner"))
    p.stop("match-over", page, ("over-winner", "over-ending"))


def records_part(p: Pass, page, step: Callable[[str], object]) -> None:
    """History, a match's page, statistics, connecting a phone."""
    step("history")
    p.open(page, "/storico")
    rows = page.locator("[flt-semantics-identifier^='history-row-']")
    expect(rows.first).to_be_visible()
    p.stop("history", page, texts=tuple(rows.all_inner_texts()[:1]))
    step("match-detail")
    # the score is a heading: its node is attached, not "visible" to Playwright
    helpers._until(
        lambda: rows.first.click() if helpers.drawn(rows) else None,
        lambda timeout: expect(node(page, "detail-score")).to_be_attached(
            timeout=timeout
        ),
    )
    p.stop("match-detail", page, ("detail-score",))

    step("statistics")
    p.open(page, "/statistiche")
    expect(node(page, "stats-player")).to_be_visible()
    helpers._until(
        lambda: pick(page, "stats-player", "Anna"),
        lambda timeout: expect(node(page, "stats-record")).to_be_visible(
            timeout=timeout
        ),
    )
    p.stop("statistics", page, ("stats-record",))

    step("connect")
    p.open(page, "/collega")
    p.stop("connect", page, ("connect-message",))


def club_part(p: Pass, page, step: Callable[[str], object]) -> None:
    """A club night of six (three tables): the organizer, the QR cards, a
    table's phone, the board."""
    t = p.t
    step("club-new")
    p.open(page, "/torneo")
    tap_until_shown(button(page, "club-new"), node(page, "club-create"))
    type_into(page, t("club.name"), f"Circolo {p.lang}")
    for i, name in enumerate(PLAYERS, start=1):
        tap_until_shown(
            button(page, f"club-roster-{name}"), node(page, f"club-entrant-{i}")
        )
    p.stop("club-new", page)
    step("club-night")
    tap_until_shown(button(page, "club-create"), node(page, "club-round"))
    tap_until(
        button(page, "club-start-round"),
        node(page, "club-round"),
        t("club.round", round=1),
    )
    # the organizer's screens are a laptop's first: at its size in every pass
    p.stop("club-night", page, ("club-round", "club-table-1"), sizes=(PHONE, LAPTOP))
    code = re.search(r"(\w+)$", node(page, "club-table-1-code").inner_text()).group(1)
    board_code = node(page, "club-board-code").inner_text().split()[-1]
    step("club-qr")
    tap_until_shown(
        button(page, "club-cards"), page.get_by_role("heading", name=t("club.cards"))
    )
    cards = ("club-card-1", "club-card-2", "club-card-3", "club-card-board")
    p.stop(
        "club-qr",
        page,
        cards,
        texts=(t("club.table", table=1), code),
        sizes=(PHONE, LAPTOP),
    )

    step("code")
    seat = p.new_page()
    p.open(seat, "/")
    expect(node(seat, "code-field")).to_be_visible()
    p.stop("code", seat, ("code-ask",))
    step("club-seat")
    p.open(seat, f"/?t={code}")  # a club code stays in the address
    p.stop("club-seat", seat, ("seat-where", "seat-totals"))

    step("club-board")
    tv = p.new_page(LAPTOP)
    p.open(tv, f"/tabellone?t={board_code}")
    expect(node(tv, "club-board-round")).to_be_visible()
    p.stop("club-board", tv, ("club-board-round",), sizes=(LAPTOP, TV, PHONE))
    step("board-match")
    board = p.new_page(LAPTOP)  # the table's board: a screen of its own
    admit(board, p.server.printed_url(board=True))
    shown = node(board, "board-total-1").or_(node(board, "board-none")).first
    expect(shown).to_be_visible()
    p.stop("board-match", board, ("board-name-1", "board-total-1"), sizes=(LAPTOP, TV))


PARTS: dict[str, Callable[[Pass, object, Callable[[str], object]], None]] = {
    "screens": screens_part,
    "four": four_players_part,
    "two": two_players_part,
    "records": records_part,
    "club": club_part,
}
"""A pass's parts, in their order (``--part=club`` runs one alone)."""


def pick(page, identifier: str, option: str) -> None:
    """Open the dropdown ``identifier`` and tap its ``option``."""
    node(page, identifier).click()
    page.get_by_role("menuitem", name=option).or_(
        page.get_by_role("button", name=option)
    ).last.click()


def scroll_to(page, target) -> None:
    """Scroll down until ``target`` is in the semantics tree (a control far
    below the fold is not), 8 wheel turns at most."""
    page.mouse.move(180, 400)
    for _ in range(8):
        if helpers.drawn(target, 300):
            return
        page.mouse.wheel(0, 400)
    expect(target).to_be_attached()


def tap_until_gone(target) -> None:
    helpers.tap_until_gone(target, by_position=True)


def run_tour(
    browser, server, out: Path, passes=PASSES, parts: tuple[str, ...] | None = None
) -> Results:
    """Every pass; the results with OCR compared."""
    results = Results()
    started = time.monotonic()
    with ThreadPoolExecutor(max_workers=2) as pool:
        for lang, theme in passes:
            p = Pass(browser, server, out, lang, theme, results, pool)
            at = {"stop": STOPS[0]}
            try:
                tour_pass(p, partial(at.__setitem__, "stop"), parts)
            except Exception as error:  # noqa: BLE001 - a finding of its stop
                pages = [pg for c in p.contexts for pg in c.pages]
                p.failed(at["stop"], error, pages[-1])
                unreached = STOPS[STOPS.index(at["stop"]) + 1 :]
                for name in unreached:
                    results.findings.append(
                        Finding(name, f"{lang}-{theme}", "not reached", None)
                    )
            finally:
                p.close()
        results.settle_ocr()
    results.seconds = time.monotonic() - started
    return results


def seed(data: Path) -> None:
    """The club's players, and two finished matches for the history."""
    from scorekeeper.core import MatchSetup, Rules
    from scorekeeper.storage import open_repository
    from tests.builders import plain_hand

    with open_repository(data) as repo:
        for name in PLAYERS:
            repo.add_player(name)
        first = repo.create_match(
            MatchSetup(("Anna", "Bruno"), "Anna", Rules(target=10))
        )
        repo.add_hand(first.id, plain_hand(0, 8))
        repo.add_hand(first.id, plain_hand(8, 0))


@contextmanager
def tour_server(base: Path) -> Iterator[object]:
    from tests.e2e.conftest import start_server

    seed(base / "data")
    server = start_server(base / "data", base, require_code=True)
    try:
        yield server
    finally:
        server.stop()


def main(argv: list[str]) -> int:
    import tempfile

    from playwright.sync_api import sync_playwright

    from tests.e2e.conftest import CHROMIUM, CHROMIUM_ARGS, OUTPUT_DIR

    passes = ALL_PASSES if "--all" in argv else PASSES
    chosen = [a.split("=", 1)[1] for a in argv if a.startswith("--pass=")]
    if chosen:
        passes = tuple(tuple(c.split("-")) for c in chosen)
    out = OUTPUT_DIR / "tour"
    with (
        tempfile.TemporaryDirectory() as tmp,
        tour_server(Path(tmp)) as server,
        sync_playwright() as playwright,
    ):
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
        )
        parts = [a.split("=", 1)[1] for a in argv if a.startswith("--part=")]
        results = run_tour(browser, server, out, passes, tuple(parts) or None)
        browser.close()
    for finding in results.findings:
        print(finding)
    for failed in sorted(results.http_errors):
        print(f"request failed: {failed}")
    print(
        f"{len(results.shots)} shots, {len(results.findings)} findings, "
        f"{results.seconds:.0f} s"
    )
    for saved in (a.split("=", 1)[1] for a in argv if a.startswith("--results=")):
        results.save(Path(saved))
    if "--gallery" in argv:
        from tests.e2e.gallery import write_gallery

        write_gallery(results.shots)
    return 1 if results.findings else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
