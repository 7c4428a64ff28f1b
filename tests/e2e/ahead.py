"""Work started as the test session's collection ends, each in a process of
its own, for the tests that read it later: the screen tour (``screen_tour``)
and the two web builds (``web_builds``). It takes the CPU the browser tests
leave while they wait on the browser.

``pytest_collection_finish`` (``conftest.py``) starts what the collected
tests need; with the tests spread over workers (pytest-xdist), the controller
starts it once, as the first worker has collected
(``pytest_xdist_node_collection_finished``), and each worker attaches to it.
A test's fixture asks :meth:`Ahead.result` for its saved JSON, once the
work's exit status is written next to it (``<name>.exit``: the work ended,
however it ended); ``pytest_sessionfinish`` ends whatever still runs (a
session stopped early).
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from typing import Any

from tests.e2e.conftest import OUTPUT_DIR, REPO_ROOT, child_env

FOLDER = OUTPUT_DIR / "ahead"

RUN_THEN_SAY_HOW_IT_ENDED = 'exit="$1"; shift; "$@"; echo $? > "$exit"'
"""The work's command, then its exit status written to a file: what a worker
waits on, the work being another process's child."""


class Ahead:
    """``python -m <module> --results=FILE [args]``, its output kept in
    ``output/ahead/<name>.log`` and its exit status in ``<name>.exit``;
    :meth:`start` starts it, and a process that did not (an xdist worker)
    reads it all the same."""

    def __init__(self, name: str, module: str, *args: str) -> None:
        FOLDER.mkdir(parents=True, exist_ok=True)
        self.name, self.module, self.args = name, module, args
        self.results_path = FOLDER / f"{name}.json"
        self.exit_path = FOLDER / f"{name}.exit"
        self.log_path = FOLDER / f"{name}.log"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> Ahead:
        """Started now, an earlier run's results and status removed first."""
        self.results_path.unlink(missing_ok=True)
        self.exit_path.unlink(missing_ok=True)
        command = [sys.executable, "-m", self.module, f"--results={self.results_path}"]
        with self.log_path.open("wb") as log:
            self.process = subprocess.Popen(
                ["sh", "-c", RUN_THEN_SAY_HOW_IT_ENDED, "ahead", str(self.exit_path)]
                + command
                + list(self.args),
                cwd=str(REPO_ROOT),
                env=child_env(),
                stdin=subprocess.DEVNULL,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,  # stop() ends the work with its shell
            )
        return self

    def result(self, timeout: float = 1200) -> Any:
        """The JSON it saved once it ended; AssertionError with its output if
        it ended without it (or ran past ``timeout`` seconds)."""
        deadline = time.monotonic() + timeout
        while not self.exit_path.exists():
            # the shell writes it before it ends: ended without it, it was killed
            killed = self.process is not None and self.process.poll() is not None
            if killed or time.monotonic() > deadline:
                self.stop()
                raise AssertionError(
                    f"{self.name} was stopped or ran past {timeout:.0f} s:\n"
                    f"{self._said()}"
                )
            time.sleep(0.2)  # the file of another process's child: polled
        status = self.exit_path.read_text(encoding="utf-8").strip()
        if not self.results_path.exists():
            raise AssertionError(
                f"{self.name} ended ({status}) without its results:\n{self._said()}"
            )
        return json.loads(self.results_path.read_text(encoding="utf-8"))

    def _said(self) -> str:
        return self.log_path.read_text(encoding="utf-8", errors="replace")[-3000:]

    def stop(self) -> None:
        """Ended now, if this process started it and it still runs."""
        if self.process is not None and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(timeout=30)


TOUR_PASSES = ("it-light", "en-dark")
"""The screen tour's passes (``screen_tour.PASSES``), each a work of its own:
one process ran both in 224 s alone, and past 600 s beside two workers, the
last thing the session waited for."""

WORK: dict[str, list[tuple[str, ...]]] = {
    "test_screen_tour.py": [
        (f"tour-{p}", "tests.e2e.screen_tour", f"--pass={p}") for p in TOUR_PASSES
    ],
    "test_web_build.py": [("web-builds", "tests.e2e.web_builds")],
}
"""What each test module reads, by the module's file name: each work's name,
the module run for it and its arguments."""


def needed(file_names: set[str]) -> dict[str, Ahead]:
    """The work the tests of these files read, by name (not started)."""
    return {
        name: Ahead(name, *command)
        for file, works in WORK.items()
        if file in file_names
        for name, *command in works
    }


def start(file_names: set[str]) -> dict[str, Ahead]:
    """The work the tests of these files read, started."""
    return {name: work.start() for name, work in needed(file_names).items()}
