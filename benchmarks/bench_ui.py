"""Cold start to first screen drawn: the app against a minimal Flet app.

Run: ``python -m benchmarks.bench_ui [--runs N]``. Not a pytest test.

For each app and each run, from nothing:

1. start the server in a subprocess, served exactly the same way
   (``FLET_FORCE_WEB_SERVER``, ``no_cdn=True``), and time until it answers HTTP;
2. open a fresh browser context (empty cache) at 360x740 and time until the
   first screen is drawn: Flutter's semantics placeholder exists, semantics
   are turned on and a known text of the first screen is in the tree
   ("Nuova partita" for the app, "Ciao" for the minimal one).

It prints the medians and the ratio app / minimal of the total, against the
target 1.3 (the app's first screen may cost at most 30 % more than an empty
Flet app's). Exit status 1 when the ratio is over the target.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO_ROOT))

from tests.e2e.conftest import (  # noqa: E402
    CHROMIUM,
    CHROMIUM_ARGS,
    PHONE_VIEWPORT,
    ServerProcess,
    free_port,
    load_app,
    wait_until_ready,
)

TARGET_RATIO = 1.3

MINIMAL_APP = """
import os, sys
import flet as ft
os.environ["FLET_FORCE_WEB_SERVER"] = "true"
def main(page: ft.Page):
    page.add(ft.Text("Ciao"))
ft.run(main, host="127.0.0.1", port=int(sys.argv[1]), view=ft.AppView.WEB_BROWSER,
       no_cdn=True)
"""

SPAZZINO_APP = """
import sys
from scorekeeper.ui.hosting.server import serve
raise SystemExit(serve(port=int(sys.argv[1]), open_browser=False,
                       data_dir=sys.argv[2]))
"""


class _Failed(Exception):
    pass


def _start(code: str, workdir: Path) -> tuple[ServerProcess, float]:
    port = free_port()
    env = dict(os.environ, PYTHONPATH=str(REPO_ROOT), PYTHONUNBUFFERED="1")
    log_path = workdir / f"server-{port}.log"
    started = time.perf_counter()
    with log_path.open("wb") as log:
        process = subprocess.Popen(
            [sys.executable, "-c", code, str(port), str(workdir / "data")],
            cwd=str(REPO_ROOT),
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
    server = ServerProcess(f"http://127.0.0.1:{port}", process, log_path)
    try:
        wait_until_ready(server, 30)
    except BaseException as error:  # pytest.fail raises an Exit-like exception
        server.stop()
        raise _Failed(str(error)) from None
    return server, time.perf_counter() - started


def _first_screen(browser, url: str, text: str) -> float:
    context = browser.new_context(viewport=PHONE_VIEWPORT, device_scale_factor=2)
    context.route(
        "**/*",
        lambda route: (
            route.continue_() if route.request.url.startswith(url) else route.abort()
        ),
    )
    page = context.new_page()
    try:
        started = time.perf_counter()
        load_app(page, url)
        page.get_by_text(text, exact=True).first.wait_for(
            state="attached", timeout=30_000
        )
        return time.perf_counter() - started
    finally:
        context.close()


def measure(browser, code: str, text: str, runs: int) -> list[tuple[float, float]]:
    """``runs`` pairs (server ready seconds, first screen seconds)."""
    results = []
    for _ in range(runs):
        with tempfile.TemporaryDirectory() as tmp:
            server, ready = _start(code, Path(tmp))
            try:
                drawn = _first_screen(browser, server.url, text)
            finally:
                server.stop()
        results.append((ready, drawn))
    return results


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()

    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
        )
        # one throw-away run each so disk caches are warm for both alike
        measure(browser, MINIMAL_APP, "Ciao", 1)
        measure(browser, SPAZZINO_APP, "Nuova partita", 1)
        minimal = measure(browser, MINIMAL_APP, "Ciao", args.runs)
        app = measure(browser, SPAZZINO_APP, "Nuova partita", args.runs)
        browser.close()

    def report(name: str, rows: list[tuple[float, float]]) -> float:
        ready = statistics.median(r for r, _ in rows)
        drawn = statistics.median(d for _, d in rows)
        total = statistics.median(r + d for r, d in rows)
        print(
            f"{name:8} server ready {ready:6.2f} s   first screen {drawn:6.2f} s"
            f"   total {total:6.2f} s   (median of {len(rows)})"
        )
        return total

    minimal_total = report("minimal", minimal)
    app_total = report("app", app)
    ratio = app_total / minimal_total
    verdict = "OK" if ratio <= TARGET_RATIO else "OVER TARGET"
    print(f"ratio app/minimal {ratio:.2f} (target <= {TARGET_RATIO}): {verdict}")
    return 0 if ratio <= TARGET_RATIO else 1


if __name__ == "__main__":
    raise SystemExit(main())
