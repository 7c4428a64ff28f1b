"""Work started as the test session's collection ends, each in a process of
its own, for the tests that read it later: the screen tour (``screen_tour``)
and the two web builds (``web_builds``). On a 2-core machine the unit tests
keep one core busy and this work the other; the browser tests come after.

``pytest_collection_finish`` (``conftest.py``) starts what the collected
tests need; a test's fixture asks :meth:`Ahead.result` for its saved JSON;
``pytest_sessionfinish`` ends whatever still runs (a session stopped early).
"""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

from tests.e2e.conftest import OUTPUT_DIR, REPO_ROOT, child_env

FOLDER = OUTPUT_DIR / "ahead"


class Ahead:
    """``python -m <module> --results=FILE ...`` in a process of its own,
    its output kept in ``output/ahead/<name>.log``."""

    def __init__(self, name: str, module: str, *args: str) -> None:
        FOLDER.mkdir(parents=True, exist_ok=True)
        self.name = name
        self.results_path = FOLDER / f"{name}.json"
        self.results_path.unlink(missing_ok=True)  # an earlier run's
        self.log_path = FOLDER / f"{name}.log"
        with self.log_path.open("wb") as log:
            self.process = subprocess.Popen(
                [sys.executable, "-m", module, f"--results={self.results_path}"]
                + list(args),
                cwd=str(REPO_ROOT),
                env=child_env(),
                stdin=subprocess.DEVNULL,
                stdout=log,
                stderr=subprocess.STDOUT,
            )

    def result(self, timeout: float = 1200) -> Any:
        """The JSON it saved once it ended; AssertionError with its output if
        it ended without it (or ran past ``timeout`` seconds)."""
        try:
            self.process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.stop()
        if not self.results_path.exists():
            said = self.log_path.read_text(encoding="utf-8", errors="replace")
            raise AssertionError(
                f"{self.name} ended ({self.process.returncode}) without its "
                f"results:\n{said[-3000:]}"
            )
        return json.loads(self.results_path.read_text(encoding="utf-8"))

    def stop(self) -> None:
        """Ended now if it still runs."""
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait(timeout=30)


WORK = {
    "test_screen_tour.py": ("tour", "tests.e2e.screen_tour"),
    "test_web_build.py": ("web-builds", "tests.e2e.web_builds"),
}
"""What each test module reads, by the module's file name: its name and the
module run for it."""


def start(file_names: set[str]) -> dict[str, Ahead]:
    """The work the tests of these files need, started."""
    return {
        name: Ahead(name, module)
        for file, (name, module) in WORK.items()
        if file in file_names
    }
