"""Tests of the browser-test harness: a server that never answers fails fast; a
repeated tap or a Back never goes past the screen it was for, nor waits for a
button its first tap took away; a first tap waits for a button drawn late; a
test that fails leaves a picture of each of its phones; a server forked from
the preloaded one runs as a new interpreter would and ends as a Popen says."""

from __future__ import annotations

import re
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from tests.e2e import server_forks
from tests.e2e.conftest import NO_OMNIBOX_POPUP, child_env, pictures_of_failure
from tests.e2e.helpers import (
    FRAMES_ASKED,
    at_rest,
    go_back,
    node,
    settled,
    tap_until,
    tap_until_shown,
    type_into,
)


def _process(tmp_path, code: str, harness):
    log_path = tmp_path / "server.log"
    with log_path.open("wb") as log:
        process = subprocess.Popen(
            [sys.executable, "-c", code], stdout=log, stderr=subprocess.STDOUT
        )
    return harness.ServerProcess("http://127.0.0.1:9", process, log_path)


def test_a_server_that_crashes_fails_with_its_output(tmp_path, harness):
    server = _process(
        tmp_path,
        "print('boom: bad data folder', flush=True); raise SystemExit(3)",
        harness,
    )
    with pytest.raises(pytest.fail.Exception, match="(?s)status 3.*boom"):
        harness.wait_until_ready(server, timeout=20)


def test_a_server_that_never_answers_fails_at_the_deadline(tmp_path, harness):
    server = _process(tmp_path, "import time; time.sleep(60)", harness)
    started = time.monotonic()
    with pytest.raises(pytest.fail.Exception, match="not ready after 1 s"):
        harness.wait_until_ready(server, timeout=1)
    assert time.monotonic() - started < 10
    assert server.process.poll() is not None, "the stuck server was stopped"


def test_a_forked_server_runs_in_the_tests_folder_and_environment_and_exits_as_told(
    tmp_path,
):
    log = tmp_path / "forked.log"
    said = (
        "import os, sys; print(os.getcwd(), os.environ['PYTHONPATH']); "
        "print('to stderr', file=sys.stderr); raise SystemExit(3)"
    )
    env = child_env()
    server = server_forks.start(said, log, tmp_path, env)
    assert server.wait(timeout=30) == 3
    assert server.poll() == server.returncode == 3
    printed = log.read_text(encoding="utf-8").splitlines()
    assert printed == [f"{tmp_path} {env['PYTHONPATH']}", "to stderr"]


def test_a_forked_server_killed_is_told_by_its_signal_and_waits_until_then(tmp_path):
    server = server_forks.start(
        "import time; time.sleep(60)", tmp_path / "slept.log", tmp_path, child_env()
    )
    with pytest.raises(subprocess.TimeoutExpired):
        server.wait(timeout=0.2)
    assert server.poll() is None
    server.kill()
    assert server.wait(timeout=30) == -9
    server.kill()  # ended: no signal to another process that took its pid


ANIMATION_OF_600_MS = """<script>
window.__ended = false;
const started = performance.now();
const step = () => {
  if (performance.now() - started < 600) requestAnimationFrame(step);
  else window.__ended = true;
};
requestAnimationFrame(step);
</script>"""


def test_at_rest_waits_for_an_animation_to_end_and_says_when_it_cannot_tell(browser):
    context = browser.new_context()
    try:
        page = context.new_page()
        page.add_init_script(FRAMES_ASKED)
        page.goto("data:text/html," + ANIMATION_OF_600_MS)
        assert page.evaluate("() => window.__ended") is False
        at_rest(page)
        assert page.evaluate("() => window.__ended") is True
        bare = context.new_page()
        bare.goto("data:text/html,<p>still</p>")
        with pytest.raises(AssertionError, match="no FRAMES_ASKED"):
            at_rest(bare)
    finally:
        context.close()


# A button's semantics node as Flutter draws it: the tappable element inside
# the node named by its identifier. Its tap opens the next screen slowly: the
# button loses its tappable element at once (the route leaving takes no taps)
# and goes 2.5 s later, when the next screen is drawn.
LEAVING_BUTTON = """
<div flt-semantics-identifier="go"><div role="button" flt-tappable>Vai</div></div>
<script>
  const tappable = document.querySelector('[flt-tappable]');
  tappable.addEventListener('click', () => {
    tappable.removeAttribute('flt-tappable');
    setTimeout(() => {
      document.querySelector('[flt-semantics-identifier="go"]').remove();
      document.body.insertAdjacentHTML(
        'beforeend', '<div flt-semantics-identifier="next">Dopo</div>');
    }, 2500);
  });
</script>
"""


def test_a_tap_repeated_on_a_button_its_first_tap_took_away_waits_for_the_screen(
    browser,
):
    """The first tap's screen comes after the 2 s check: the repeat finds the
    button still there but no longer tappable, and leaves it once it is gone
    (busy run 5 of stop 43: the repeat waited 30 s for the button)."""
    context = browser.new_context()
    try:
        page = context.new_page()
        page.set_content(LEAVING_BUTTON)
        started = time.monotonic()
        tap_until_shown(node(page, "go"), node(page, "next"))
        assert time.monotonic() - started < 15
        assert page.locator("[flt-semantics-identifier='go']").count() == 0
    finally:
        context.close()


# A screen drawn late, as under load: its button comes 8 s after the page
# (after the three 2 s checks of a tap repeated),
# and its tap shows the next screen.
LATE_BUTTON = """
<div id="screen">...</div>
<script>
  setTimeout(() => {
    document.getElementById('screen').outerHTML =
      '<div flt-semantics-identifier="go">'
      + '<div role="button" flt-tappable>Vai</div></div>';
    document.querySelector('[flt-tappable]').addEventListener('click', () => {
      document.body.insertAdjacentHTML(
        'beforeend', '<div flt-semantics-identifier="next">Turno 2</div>');
    });
  }, 8000);
</script>
"""


def test_a_button_drawn_late_is_tapped_when_it_comes(browser):
    """A serial run beside the screen tour: the organizer's "Inizia il turno
    2" was drawn late, each of the three taps looked for it a second only
    and was skipped, and the question never came."""
    context = browser.new_context()
    context.set_default_timeout(20_000)
    try:
        page = context.new_page()
        page.set_content(LATE_BUTTON)
        tap_until_shown(node(page, "go"), node(page, "next"))
    finally:
        context.close()


def test_a_page_that_never_draws_again_fails_the_wait_at_its_deadline(browser):
    """A run in three workers hung 12 minutes: a page's main thread and its
    render worker spun, and a wait for its next frame (``page.evaluate``)
    had no deadline."""
    context = browser.new_context()
    try:
        page = context.new_page()
        page.set_content("<p>Storico</p>")
        page.evaluate("setTimeout(() => { for (;;) {} }, 0)")
        started = time.monotonic()
        with pytest.raises(PlaywrightTimeoutError):
            settled(page, lambda: "Storico", frames=1, timeout_ms=2000)
        assert time.monotonic() - started < 15
    finally:
        context.close()


# A field whose first focus is taken away at once, as the table code's was
# by its own autofocus racing the tap.
FOCUS_LOST_ONCE = """
<input aria-label="Codice" type="text">
<script>
  const box = document.querySelector('input');
  let first = true;
  box.addEventListener('focus', () => {
    if (first) { first = false; setTimeout(() => box.blur(), 0); }
  });
</script>
"""


def test_a_field_whose_tap_lost_the_focus_is_tapped_again(browser):
    """Busy run b6 of stop 46: the table code's tap raced its autofocus, the
    focus went, and the test failed where a person taps the field again."""
    context = browser.new_context()
    context.set_default_timeout(20_000)
    try:
        page = context.new_page()
        page.set_content(FOCUS_LOST_ONCE)
        type_into(page, "Codice", "AAAAAA", click=True)
        assert page.input_value("input") == "AAAAAA"
    finally:
        context.close()


# Every screen's title bar has the back arrow: its tap shows the screen
# before 2.5 s later, whose title bar has one too.
SLOW_BACK = """
<div id="bar"><div role="button" aria-label="Indietro" flt-tappable>&larr;</div></div>
<div id="screen">Roster</div>
<script>
  window.backs = 0;
  document.querySelector('[flt-tappable]').addEventListener('click', () => {
    window.backs += 1;
    setTimeout(() => {
      document.getElementById('screen').outerHTML =
        '<div id="screen" flt-semantics-identifier="before">Serata</div>';
    }, 2500);
  });
</script>
"""


def test_back_is_tapped_once_however_slowly_its_screen_comes(browser):
    """A second Back, made while the first one's screen was on its way, went
    a screen further (the organizer left the club's night for the
    tournaments' screen, a run in three workers)."""
    context = browser.new_context()
    try:
        page = context.new_page()
        page.set_content(SLOW_BACK)
        go_back(page, node(page, "before"))
        assert page.evaluate("window.backs") == 1
    finally:
        context.close()


# A dialog asking before round 2 starts: its button closes it at once, and
# the round's title reads "Turno 2" 2.5 s later (the server slow to answer).
DIALOG_THEN_ROUND = """
<div flt-semantics-identifier="round">Turno 1</div>
<div flt-semantics-identifier="start"><div role="button" flt-tappable>Avvia</div></div>
<script>
  window.taps = 0;
  document.querySelector('[flt-tappable]').addEventListener('click', () => {
    window.taps += 1;
    document.querySelector('[flt-semantics-identifier="start"]').remove();
    setTimeout(() => {
      document.querySelector('[flt-semantics-identifier="round"]').textContent =
        'Turno 2';
    }, 2500);
  });
</script>
"""


def test_a_tap_until_a_text_is_not_repeated_on_a_button_its_first_tap_took_away(
    browser,
):
    """stop 44's CI: the organizer's "start anyway" closed its dialog, round 2
    came after the 2 s check, and the repeated tap waited 20 s for the
    dialog's button, gone."""
    context = browser.new_context()
    context.set_default_timeout(20_000)
    try:
        page = context.new_page()
        page.set_content(DIALOG_THEN_ROUND)
        started = time.monotonic()
        tap_until(node(page, "start"), node(page, "round"), "Turno 2")
        assert time.monotonic() - started < 15
        assert page.evaluate("window.taps") == 1
    finally:
        context.close()


# Before the server binds its port, another connection takes the port it was
# told to use (as a browser's connection did in CI: "port 45699 is already in
# use"); a server that chooses its own port cannot be told a taken one.
TAKEN_FIRST = """
import socket
import scorekeeper.ui.hosting.server as hosting
_serve = hosting.serve
def serve(**kw):
    if kw["port"]:
        taken = socket.socket()
        taken.bind(("127.0.0.1", kw["port"]))
        taken.listen()
    return _serve(**kw)
hosting.serve = serve
"""


def test_a_server_starts_whatever_took_a_free_port_while_it_was_starting(
    tmp_path, harness
):
    server = harness.start_server(tmp_path / "data", tmp_path, prelude=TAKEN_FIRST)
    try:
        assert re.fullmatch(r"http://127\.0\.0\.1:\d+", server.url)
        with urllib.request.urlopen(server.url, timeout=10) as response:
            assert response.status == 200
    finally:
        server.stop()


def chromium_feature_switches() -> list[list[list[str]]]:
    """The ``--disable-features`` switches of each Chromium browser process
    Playwright runs (not its helpers), each a list of feature names, in
    order."""
    found = []
    for proc in Path("/proc").iterdir():
        try:
            args = (proc / "cmdline").read_bytes().decode().split("\0")
        except (OSError, UnicodeDecodeError):
            continue
        driven = "--remote-debugging-pipe" in args
        if driven and not any(a.startswith("--type=") for a in args):
            found.append(
                [
                    a.split("=", 1)[1].split(",")
                    for a in args
                    if a.startswith("--disable-features=")
                ]
            )
    return found


def test_the_browser_keeps_playwrights_disabled_features_and_starts_no_address_bar(
    browser,
):
    # Chromium takes only the last --disable-features: ours must hold every
    # feature Playwright's own switch disables (a Playwright upgrade may add one)
    browsers = chromium_feature_switches()
    assert browsers, "no Chromium browser process found"
    for switches in browsers:
        assert set(NO_OMNIBOX_POPUP) <= set(switches[-1]), switches
        assert set(switches[-1]) >= {f for s in switches[:-1] for f in s}, switches
    context = browser.new_context()
    try:
        context.new_page().goto("data:text/html,<p>a page</p>")
        session = browser.new_browser_cdp_session()
        every = {"filter": [{}]}  # the browser's own pages too
        targets = session.send("Target.getTargets", every)["targetInfos"]
        session.detach()
    finally:
        context.close()
    assert "data:text/html,<p>a page</p>" in [t["url"] for t in targets]
    assert not [t["url"] for t in targets if "omnibox" in t["url"]], targets


def test_a_failed_tests_phones_are_each_saved_as_the_picture_they_showed(browser):
    """A failure seen once under load is understood from what each phone
    showed as the test failed (``new_phone`` saves them when the call
    failed): one picture per open page, named after the test."""
    from PIL import Image

    context = browser.new_context(viewport={"width": 360, "height": 740})
    try:
        for word in ("uno", "due"):
            context.new_page().set_content(
                f"<body style='margin:0;background:#123456'><h1>{word}</h1></body>"
            )
        saved = pictures_of_failure("test_x[a b]", [context])
    finally:
        context.close()
    assert [path.name for path in saved] == [
        "test_x_a_b_-failed-1.png",
        "test_x_a_b_-failed-2.png",
    ]
    for path in saved:
        with Image.open(path) as picture:
            assert picture.size == (360, 740)
            assert picture.convert("RGB").getpixel((300, 700)) == (0x12, 0x34, 0x56)
